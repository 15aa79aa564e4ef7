"""SP-I33, SP-I34: a bribe is the briber's and the GMs' until its turn ends, when the victim
learns of the attack as it comes up in the resolution. Until then the other players' `/history
list` shows who wrote an entry, when, and its commitment, not that it is a bribe; their export
stops before it, without the stored state that holds the bribe's victim, and verifies on its
own. The turn's end publishes the entry.

Vega (player1), Orion (player2), Lyra (player3), as in test_space_pirates; Orion is in
contact with Vega and bribes the pirates to raid her in turn 2.
"""

from __future__ import annotations

import json

import tests.e2e.test_space_pirates as base
from bot.verify_export import verify_document
from tests.e2e.test_naval_orders_secrecy import exported
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates_operations import offers_at_placement
from tests.e2e.test_space_pirates_operations import open_offers
from tests.e2e.test_space_pirates_operations import placed_bribe

pirates = base.pirates  # the fixtures: the campaign, and turn 1's raid on Vega
after_a_raid = base.after_a_raid

HIDDEN = "🔒 Hidden until the turn ends"
PLACED = "A hidden player placed a bribe"  # who paid stays hidden (SP-I33)


async def test_a_bribe_stays_hidden_from_the_other_players_until_the_turn_ends(after_a_raid):
    table = after_a_raid
    await table.slash("/pirates contacts factions:Vega", as_="player2")
    await placed_bribe(table, [4, 6])

    for player in ("player1", "player3"):
        page = await table.slash("/history list", as_=player)
        assert HIDDEN in page.embed.description
        assert PLACED not in page.embed.description
        export = await table.slash("/history export", as_=player)
        document = json.loads(exported(export))
        assert "Entries from #" in export.embed.description
        assert "state" not in document  # the bribes, their victims among them
        assert '"victim"' not in exported(export)
        assert verify_document(document).problem is None

    own = await table.slash("/history list", as_="player2")  # posted as everyone's
    assert not own.ephemeral and PLACED not in own.embed.description
    (told,) = [m for m in own.followups if m.ephemeral]  # the bribe as hers, to her alone
    assert PLACED in told.embed.description
    gm = await table.slash("/history list", as_="gm")
    assert gm.ephemeral and PLACED in gm.embed.description

    await end_turn(table, 2)
    page = await table.slash("/history list", as_="player1")
    assert PLACED in page.embed.description
    assert HIDDEN not in page.embed.description


async def test_an_answer_to_a_bribed_offer_and_a_withdrawal_are_hidden_too(after_a_raid):
    """SP-I34 `at_placement`, SP-I33 `bribe_withdraw_after_roll`: the victim's answer and the
    briber's withdrawal say nothing to the third player before the turn ends."""
    table = after_a_raid
    await offers_at_placement(table)
    await table.slash("/pirates contacts factions:Vega", as_="player2")
    await placed_bribe(table, [4, 6])
    (offer,) = await open_offers(table)
    await table.slash(f"/pirates offer number:{offer} pay:true", as_="player1")
    other = await placed_bribe(table, [3, 3])
    await table.slash(f"/pirates withdraw bribe:{other}", as_="player2")

    page = await table.slash("/history list", as_="player3")
    assert page.embed.description.count(HIDDEN) == 4
    for told in ("answered a pirate offer", "withdrew a bribe", PLACED):
        assert told not in page.embed.description
