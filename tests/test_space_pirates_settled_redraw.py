"""A Space pirates question settled without its player's click is redrawn in its own message
(SP-I45, `settled_question`): however long what settled it is, the redraw stays within one
Discord message (10 embeds, 6,000 characters of text), or Discord refuses the edit and the
question keeps its live buttons."""

from __future__ import annotations

from bot.i18n import Msg
from bot.rules.space_pirates.models import UpkeepDue
from bot.storage.outbox import OutboxMessage
from cogs.space_pirates.choices import settled_question


def test_a_long_settlement_redraws_within_one_message():
    upkeep = UpkeepDue(choice_id=7, contract=3, owner="Vega", turn=4, amount=200)
    post = OutboxMessage(
        id=1,
        campaign_id=1,
        channel_id=10,
        interaction_id=None,
        choice_id=7,
        payload={"edit": 555, "locale": "en", "content": "<@1>, the mercenaries wait"},
    )
    lines = [Msg("space_pirates.event.raided", target="R" * 60, income=60, streak=2, bribed="")]
    redraw = settled_question(upkeep, post, "end", {}, lines * 200)

    embeds = redraw.embeds
    assert embeds and len(embeds) <= 10
    assert sum(len(e) for e in embeds) <= 6000
    assert embeds[0].title == "Vega ends the mercenary contract"
    assert redraw.view is None
