"""Settings a GM saves while a piracy's reward question waits redraw it with what it may now
offer (OP-5.8, OP-5.9, OP-I13): a cap lowered to the VP gained takes "+1 piracy VP" off the
question, and settles the hits that then need no choice; a `/history undo` of the settings
asks it as it was. Player1 plays the Ottomans, player2 the Habsburgs; piracy VP at 3."""

from __future__ import annotations

from tests.e2e.confirming import confirmed
from tests.e2e.play import flat
from tests.e2e.play import labels
from tests.e2e.play import newest_entry
from tests.e2e.test_ottoman_piracy import FORCE
from tests.e2e.test_ottoman_piracy import OP_E1
from tests.e2e.test_ottoman_piracy import SQUADRON_MESSINA
from tests.e2e.test_ottoman_piracy import VP
from tests.e2e.test_ottoman_piracy import seated
from tests.e2e.test_undo import undo

__all__ = ["seated"]

CAP_3 = "/campaign settings set setting:ottoman_piracy.piracy_vp_cap value:3"
CHOOSE = "Hapsburgs: choose the reward for hit 1 of 2 (OP-5.3)."
CAP_3_FILE = {"s.toml": b"[ottoman_piracy]\npiracy_vp_cap = 3\n"}


async def import_cap_3(table):
    """The GM imports a settings file that lowers the cap to 3, and confirms it."""
    return await confirmed(
        table, "/campaign settings import file:s.toml", as_="gm", files=CAP_3_FILE
    )


async def test_a_cap_lowered_to_the_vp_gained_takes_the_vp_button_off_the_question(seated):
    """OP-5.8, OP-I13: at 3 VP the GM lowers the cap to 3 while the Habsburgs choose: a
    squadron and a card from their unknown hand stay possible, so nothing is settled and the
    question is redrawn without "+1 piracy VP", its ping still waiting; the answer tells who
    chooses, and a squadron answers the question."""
    seated.script_dice([5, 2, 6, 5])
    question = await seated.slash(OP_E1, as_="player1")
    assert labels(question) == [SQUADRON_MESSINA, VP, FORCE]

    lowered = await seated.slash(CAP_3, as_="gm")

    assert lowered.embed.title == "`ottoman_piracy.piracy_vp_cap` is now **3**."
    assert lowered.embed.description == CHOOSE
    assert labels(question) == [SQUADRON_MESSINA, FORCE]
    assert question.selects[0].placeholder.startswith("Give a random card")
    assert question.content.startswith("<@") and "Answered" not in question.content
    assert question.embed.field("Ottoman piracy VP") == "3/3"
    answered = await seated.click(question, SQUADRON_MESSINA, as_="player2")
    assert "Hit 1: a squadron (Hapsburgs) at Messina is eliminated." in answered.embed.field(
        "Rewards"
    )
    assert VP not in labels(answered)


async def test_a_cap_lowered_settles_the_hits_that_need_no_choice(seated):
    """OP-5.9, OP-I10: the Habsburgs hold no cards (stated), so a squadron and +1 VP are
    the rewards; with the cap lowered to 3 the squadron is hit 1's only possible reward and
    is taken, hit 2 has none and is lost: the question is redrawn as the piracy's story,
    without buttons, and the answer and the log tell what was settled."""
    await seated.slash("/corsairs hand cards:0", as_="player2")
    seated.script_dice([5, 2, 6, 5])
    question = await seated.slash(OP_E1, as_="player1")
    assert labels(question) == [SQUADRON_MESSINA, VP, FORCE]

    lowered = await seated.slash(CAP_3, as_="gm")

    only = "Hit 1: a squadron (Hapsburgs) at Messina is eliminated, the only possible reward."
    lost = "Hit 2: no reward is possible, the hit is lost."
    rewards = question.embed.field("Rewards")
    assert only in rewards and lost in rewards
    assert labels(question) == [] and question.selects == []
    assert lowered.embed.description.splitlines() == [
        "Hit 1: a squadron (Hapsburgs) at Messina is eliminated (OP-5.4), the only possible "
        "reward.",
        "Hit 2: no reward is possible, the hit is lost (OP-5.9).",
        "Piracy #1 is resolved. Ottoman piracy VP: 3/3.",
    ]
    status = await seated.slash("/corsairs status", as_="player2")
    assert "Piracy #1" not in status.text()
    page = await seated.slash("/history list", as_="gm")
    shown = await seated.slash(
        f"/history show entry:{newest_entry(page, 'campaign settings set')}", as_="gm"
    )
    assert "the only possible reward" in shown.embed.description, shown.text()


async def test_a_card_left_the_only_reward_is_drawn_with_the_settings_entrys_roll(seated):
    """OP-5.5, OP-5.9: no squadron in range and a stated hand of 3: a card or +1 VP; with the
    cap lowered to 3 each hit takes a random card, rolled by the audited roller and kept by
    the settings' log entry."""
    await seated.slash("/corsairs hand cards:3", as_="player2")
    seated.script_dice([6, 6, 2, 1])
    question = await seated.slash(
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2 leaders:barbarossa",
        as_="player1",
    )
    assert VP in labels(question)

    await seated.slash(CAP_3, as_="gm")

    rewards = question.embed.field("Rewards")
    assert "Hit 1" in rewards and "Hit 2" in rewards, rewards
    assert labels(question) == []
    assert seated.faces is not None and seated.faces.pending == []
    page = await seated.slash("/history list", as_="gm")
    shown = await seated.slash(
        f"/history show entry:{newest_entry(page, 'campaign settings set')}", as_="gm"
    )
    assert "1d3" in shown.text() and "1d2" in shown.text(), shown.text()


async def test_a_settings_import_that_lowers_the_cap_redraws_the_question(seated):
    """The same through `/campaign settings import`: the file lowers the cap to 3, the
    question loses its VP button and the answer tells who chooses."""
    seated.script_dice([5, 2, 6, 5])
    question = await seated.slash(OP_E1, as_="player1")

    imported = await import_cap_3(seated)

    assert CHOOSE in imported.text(), imported.text()
    assert labels(question) == [SQUADRON_MESSINA, FORCE]
    assert question.content.startswith("<@") and "Answered" not in question.content


async def test_a_settings_import_that_settles_the_piracy_is_logged_and_verified(seated):
    """An import that settles the piracy (its record archived) logs what it settled in an
    entry of the ruleset, and `/history verify` reads the log whole."""
    await seated.slash("/corsairs hand cards:0", as_="player2")
    seated.script_dice([5, 2, 6, 5])
    question = await seated.slash(OP_E1, as_="player1")

    await import_cap_3(seated)

    assert labels(question) == []
    assert "the only possible reward" in question.embed.field("Rewards")
    verified = await seated.slash("/history verify", as_="gm")
    assert "The log is intact" in verified.text(), verified.text()


async def test_an_undo_of_the_settings_asks_the_question_again_with_its_vp_button(seated):
    """`/history undo` of the lowered cap puts the cap and the piracy back: the question
    offers "+1 piracy VP" again, and a click on it gives the VP (3 → 4)."""
    seated.script_dice([5, 2, 6, 5])
    question = await seated.slash(OP_E1, as_="player1")
    await seated.slash(CAP_3, as_="gm")
    assert VP not in labels(question)

    await undo(seated, "wrong cap")

    assert labels(question) == [SQUADRON_MESSINA, VP, FORCE]
    answered = await seated.click(question, VP, as_="player2")
    assert "Hit 1: +1 piracy VP, 3 → 4." in answered.embed.field("Rewards")


async def test_an_undo_of_settings_that_settled_the_piracy_asks_it_again(seated):
    """The settled piracy comes back with its question when the settings are undone."""
    await seated.slash("/corsairs hand cards:0", as_="player2")
    seated.script_dice([5, 2, 6, 5])
    question = await seated.slash(OP_E1, as_="player1")
    await seated.slash(CAP_3, as_="gm")
    assert labels(question) == []

    await undo(seated, "wrong cap")

    assert labels(question) == [SQUADRON_MESSINA, VP, FORCE]
    status = await seated.slash("/corsairs status", as_="player2")
    assert "Piracy #1" in status.text(), status.text()


async def test_settings_that_change_no_reward_leave_the_question_as_it_is(seated):
    """A setting the open question's rewards do not depend on (OP-I1's hit face) changes
    nothing in it: its buttons stay, the answer tells the setting alone, and +1 VP answers."""
    seated.script_dice([5, 2, 6, 5])
    question = await seated.slash(OP_E1, as_="player1")
    before = (question.content, question.embed.raw)

    changed = await seated.slash(
        "/campaign settings set setting:ottoman_piracy.hit_min_face value:4", as_="gm"
    )

    assert changed.embed.description in (None, "")
    assert (question.content, question.embed.raw) == before
    assert labels(question) == [SQUADRON_MESSINA, VP, FORCE]
    answered = await seated.click(question, VP, as_="player2")
    assert "Hit 1: +1 piracy VP, 3 → 4." in answered.embed.field("Rewards")


async def test_an_import_rolls_its_cards_only_once_confirmed(seated):
    """A settings import whose cap leaves a card the only reward draws it when the GM
    confirms, not while asking: the faces scripted after the piracy are the confirmed
    import's (d3 → 2, d2 → 1), none drawn by the question."""
    await seated.slash("/corsairs hand cards:3", as_="player2")
    seated.script_dice([6, 6])
    question = await seated.slash(
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2 leaders:barbarossa",
        as_="player1",
    )
    seated.script_dice([2, 1])
    asked = await seated.slash(
        "/campaign settings import file:s.toml",
        as_="gm",
        files=CAP_3_FILE,
    )
    assert seated.faces is not None and seated.faces.pending == [2, 1]

    await seated.click(asked, "Import", as_="gm")

    rewards = question.embed.field("Rewards")
    assert "d3 → card 2 of the 3" in rewards and "d2 → card 1 of the 2" in rewards, rewards
    assert seated.faces.pending == []


async def test_an_undo_of_an_import_that_settled_the_piracy_asks_it_again(seated):
    """An import that settled the piracy wrote two log entries (the settings, then the
    piracy's settlement): `/history undo` takes both back and names them, the question is
    asked again with its "+1 piracy VP", `/corsairs status` shows the piracy waiting and the
    VP as before, the log verifies whole, and +1 VP answers the question (3 → 4)."""
    await seated.slash("/corsairs hand cards:0", as_="player2")
    seated.script_dice([5, 2, 6, 5])
    question = await seated.slash(OP_E1, as_="player1")
    before = await seated.slash("/corsairs status", as_="player2")
    await import_cap_3(seated)
    assert labels(question) == []
    settled = await seated.slash("/corsairs status", as_="player2")
    assert "Piracy #1" not in settled.text()

    undone = await undo(seated, "wrong file")

    assert undone.embed.title == "↩️ #13–#14 undone", undone.text()
    assert labels(question) == [SQUADRON_MESSINA, VP, FORCE]
    assert "Hapsburgs: choose the reward for hit 1 of 2." in question.embed.field("Rewards")
    status = await seated.slash("/corsairs status", as_="player2")
    waiting = "Piracy #1 (Ionian Sea): Hapsburgs must choose the reward for hit 1 of 2."
    assert waiting in flat(status.embed.field("Waiting for")), status.text()
    assert status.embed.field("Ottoman piracy VP") == before.embed.field("Ottoman piracy VP")
    assert status.embed.field("Ottoman piracy VP") == "3/10"
    verified = await seated.slash("/history verify", as_="gm")
    assert "The log is intact" in verified.text(), verified.text()
    answered = await seated.click(question, VP, as_="player2")
    assert "Hit 1: +1 piracy VP, 3 → 4." in answered.embed.field("Rewards")
