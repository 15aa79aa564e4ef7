"""Questions and a GM's undo as the channel shows them (play-test of issue "questions"):
each question pings its player once; an undone answer pings whoever is asked again and
marks the ping of the question it took back as no longer waiting; whatever an undone
command posted is marked undone where it stands; a GM's forced answer redraws the
question and replies in a few lines instead of posting the whole story again.

Company raids: Anna (player1) lands Broker in Boris's (player2) Steelworks. Ottoman
piracy: the Ottomans (player1) raid the Habsburgs (player2).
"""

from __future__ import annotations

import tests.e2e.test_company_raids as raids
import tests.e2e.test_undo as undoing
from bot.standin import Table
from tests.e2e.confirming import confirmed
from tests.e2e.play import labels
from tests.e2e.play import red_attacks_blue
from tests.e2e.play import struck_answered
from tests.e2e.test_click_outbox import message
from tests.e2e.test_company_raids import CAPTURE
from tests.e2e.test_company_raids import COUNTER
from tests.e2e.test_company_raids import FINE
from tests.e2e.test_company_raids import FORCE
from tests.e2e.test_company_raids import LAND
from tests.e2e.test_company_raids import PAY
from tests.e2e.test_fair_dice import end_turn
from tests.e2e.test_undo import OP_E1
from tests.e2e.test_undo import VP
from tests.e2e.test_undo import undo
from tests.e2e.test_undo import verified

board = raids.board
seated = undoing.seated

ANNA_ASKED = "incident #1 waits for your answer (Anna)."
BORIS_ASKED = "incident #1 waits for your answer (Boris)."


def new_messages(table: Table, seen: set[int]) -> list:
    """The channel's messages posted since `seen` was taken."""
    return [m for m in table.channel_messages() if m.id not in seen]


def seen_now(table: Table) -> set[int]:
    return {m.id for m in table.channel_messages()}


async def test_each_step_of_an_incident_pings_its_player_once(board: Table):
    """CR-2.2, CR-3.2: the landing pings Anna in the question itself; her failed capture
    moves the question on to Boris, who is pinged once, by a message of its own: the
    redrawn question shows Anna's ping struck as answered, and no copy of Boris's."""
    question = await board.slash(LAND, as_="player1")
    assert question.content.endswith(ANNA_ASKED) and question.message.pings == {"player1"}

    board.script_dice([2])
    failed = await board.click(question, CAPTURE, as_="player1")

    assert ANNA_ASKED in failed.content and struck_answered(failed.content)
    assert labels(failed) == [FINE, COUNTER, FORCE]
    pings = [m for m in failed.followups if m.pings]
    assert [(m.content.endswith(BORIS_ASKED), m.pings) for m in pings] == [(True, {"player2"})]
    assert sum(BORIS_ASKED in m.content for m in board.channel_messages()) == 1

    board.script_dice([4])
    countered = await board.click(failed, COUNTER, as_="player2")

    # Boris's answer leaves Anna's struck line as it was: struck once, not struck again.
    assert countered.content == failed.content
    assert struck_answered(message(board, pings[0].id).content)


async def test_an_undone_answer_pings_again_whoever_is_asked_again(board: Table):
    """Anna's failed capture asked Boris; the GM undoes it. The question reads as Anna was
    asked, with her buttons; Anna is pinged anew (an edit notifies nobody); Boris's ping is
    struck through and says it no longer waits; the log still verifies."""
    question = await board.slash(LAND, as_="player1")
    board.script_dice([2])
    failed = await board.click(question, CAPTURE, as_="player1")
    (boris_ping,) = [m for m in failed.followups if m.pings]
    seen = seen_now(board)

    await undo(board, "misclick")

    shown = message(board, question.message.id)
    assert labels(shown) == [PAY, CAPTURE, FORCE]
    assert shown.content == ""
    assert shown.embed.description.startswith("**Incident #1: waiting for Anna")
    (again,) = [m for m in new_messages(board, seen) if m.pings]
    assert again.content.endswith(ANNA_ASKED) and again.pings == {"player1"}
    stale = message(board, boris_ping.id)
    assert stale.content.startswith("~~") and BORIS_ASKED in stale.content
    assert "No longer waiting: undone by the GM (misclick" in stale.content
    paid = await board.click(shown, PAY, as_="player1")
    assert paid.embed.description.startswith("**Fine: Anna pays Boris 180.**")
    assert (await verified(board)).startswith("✅ The log is intact")


async def test_a_question_asked_again_then_withdrawn_strikes_its_new_ping(board: Table):
    """CR-2.2, CR-3.2: Anna's failed capture is undone, so she is asked again with a ping of
    its own; the GM then undoes the landing, which asked her: that new ping is struck
    through and says it no longer waits, like the question it pinged for."""
    question = await board.slash(LAND, as_="player1")
    board.script_dice([2])
    await board.click(question, CAPTURE, as_="player1")
    seen = seen_now(board)
    await undo(board, "misclick")
    (again,) = [m for m in new_messages(board, seen) if m.pings]

    await undo(board, "landed by mistake")

    shown = message(board, question.message.id)
    assert shown.buttons == []
    assert shown.embed.title.startswith("~~") and shown.embed.title.endswith("~~")
    stale = message(board, again.id)
    assert stale.content.startswith("~~") and ANNA_ASKED in stale.content
    assert "No longer waiting: undone by the GM (landed by mistake" in stale.content
    assert (await verified(board)).startswith("✅ The log is intact")


async def test_an_undone_landing_is_marked_undone_in_the_channel(board: Table):
    """The GM undoes the landing itself: its question stays in the channel, marked undone
    (title struck through, who undid it and why first, then the story), its ping struck
    through, its buttons gone."""
    question = await board.slash(LAND, as_="player1")
    told = question.embed.description

    await undo(board, "wrong square")

    shown = message(board, question.message.id)
    assert shown.buttons == []
    assert shown.embed.title == "~~Company raids — incident #1~~"
    note = "↩️ **Undone** by the GM: wrong square (log entry #"
    assert shown.embed.description.startswith(note)
    assert shown.embed.description.endswith(f"\n\n{told}")
    assert shown.content.startswith("~~") and ANNA_ASKED in shown.content


async def test_a_forced_answer_redraws_the_question_and_replies_in_a_few_lines(board: Table):
    """CR-I19 by `/company force`: the question shows the settled incident, the GM's forced
    answer in it; the reply says what the answer did and links to the question instead of
    repeating the story."""
    question = await board.slash(LAND, as_="player1")
    board.script_dice([1])
    await board.click(question, CAPTURE, as_="player1")

    forced = await confirmed(board, "/company force incident:1", as_="gm")

    story = message(board, question.message.id).embed.description
    assert story.startswith("**Fine: Anna pays Boris 180.**")
    assert "The GM (forced answer) chooses to collect the fine." in story
    assert forced.embed.title == "Company raids — incident #1"
    reply = forced.embed.description
    assert "The GM (forced answer) chooses to collect the fine." in reply
    assert f"/{question.message.id})" in reply and "Shown in full in [the question]" in reply
    assert "Capture roll" not in reply  # the story is told once, in the question
    assert forced.message.buttons == []


async def test_an_undone_piracy_is_marked_undone_and_the_vp_it_gave_struck(seated: Table):
    """OP-5.6: a piracy whose one hit took the only possible reward (+1 VP, 3 → 4) is
    undone: `/corsairs status` reads 3 again, and the piracy's message in the channel is
    marked undone, not left reading 4/10."""
    await seated.slash("/corsairs vp value:3", as_="gm")
    seated.script_dice([6])
    piracy = await seated.slash(
        "/corsairs piracy zone:Aegean Sea target:hapsburg corsairs:1 hand:0", as_="player1"
    )
    assert piracy.embed.field("Ottoman piracy VP") == "4/10"

    done = await undo(seated, "wrong zone")

    status = await seated.slash("/corsairs status", as_="gm")
    assert status.embed.field("Ottoman piracy VP") == "3/10"
    shown = message(seated, piracy.message.id)
    assert shown.embed.title.startswith("~~Piracy #1")
    assert shown.embed.description.startswith("↩️ **Undone** by the GM: wrong zone")
    assert "not marked" not in (done.embed.description or "")


async def test_a_forced_piracy_replies_in_a_few_lines(seated: Table):
    """OP-I10: `/corsairs force` settles the Habsburgs' reward; the question shows the
    piracy as settled, the reply the reward the GM forced and a link to the question."""
    seated.script_dice([5, 2, 6, 5])
    piracy = await seated.slash(OP_E1, as_="player1")
    assert VP in labels(piracy)

    forced = await confirmed(seated, "/corsairs force", as_="gm")

    shown = message(seated, piracy.message.id)
    assert shown.buttons == [] and "forced by the GM" in shown.embed.field("Rewards")
    assert "forced by the GM" in forced.embed.description
    assert f"/{piracy.message.id})" in forced.embed.description
    assert not forced.embed.fields  # not the whole story a second time


async def test_an_undone_turn_end_marks_its_report_undone(board: Table):
    """An undone turn end: the messages it posted stay, each marked undone; the anchors in
    their footers stay as posted, and the log verifies."""
    ended = await end_turn(board, 1)
    posted = [m for m in ended.messages if m.embeds]
    footers = [m.embed.footer for m in posted]

    await undo(board, "too early")

    for shown, footer in zip((message(board, m.id) for m in posted), footers, strict=True):
        assert shown.embed.description.startswith("↩️ **Undone** by the GM: too early")
        assert shown.embed.footer == footer
    assert (await verified(board)).startswith("✅ The log is intact")


async def test_a_russian_campaign_marks_in_russian_and_names_what_it_could_not_mark(
    seated: Table,
):
    """In a Russian campaign the mark reads in Russian. A message no longer kept (the outbox
    prunes posts after a week) cannot be marked: the undo's answer says so."""
    await seated.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    seated.script_dice([4, 2])
    rolled = await seated.slash("/roll dice:2d6 reason:морской бой", as_="player1")
    await undo(seated, "не тот канал", confirm="Отменить")
    shown = message(seated, rolled.message.id)
    assert shown.embed.description.startswith("↩️ **Отменено** ведущим: не тот канал")

    seated.script_dice([4, 2])
    again = await seated.slash("/roll dice:2d6", as_="player1")
    async with seated.bot.service.db.transaction() as conn:
        await conn.execute("DELETE FROM outbox WHERE message_id = ?", (again.message.id,))
    done = await undo(seated, "снова", confirm="Отменить")
    assert "1 сообщение этой команды не отмечено как отменённое" in done.embed.description
    assert not message(seated, again.message.id).embed.description.startswith("↩️")


async def test_an_undone_fleet_turn_end_marks_its_round_report_undone(table: Table):
    """FC-5.23: turn 1's end fights round 1 of Red's attack on Blue and reports it; the GM
    undoes that end. The report stays in the channel, marked undone, and `/combat status`
    shows the battle before round 1 again."""
    await table.slash("/campaign create name:Fleet rulesets:fleet_combat", as_="gm")
    await red_attacks_blue(table)
    table.script_dice([1] * 20)  # round 1: nobody hits
    ended = await end_turn(table, 1)
    (report,) = [m for m in ended.messages if m.embeds and "round 1" in (m.embed.description or "")]

    await undo(table, "orders came late")

    shown = message(table, report.id)
    assert shown.embed.description.startswith("↩️ **Undone** by the GM: orders came late")
    assert "Battle #1 at Mecatol, round 1" in shown.embed.description
    status = await table.slash("/combat status battle:1", as_="gm")
    assert "No retreat can be declared for round 1." in status.embed.description
