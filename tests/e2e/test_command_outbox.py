"""Commands whose public result goes through the outbox (Hardening, item 3 of issue 11):
what their commit shows (a question with its buttons and ping, a redrawn question, the
result) is written with the change and, when the process dies between commit and post,
posted (or edited in place) once after the restart.

A kill between commit and post is simulated by making every post or edit of the outbox's
sender fail after the commit (`dies_before_posting`, tests/e2e/test_click_outbox.py);
`table.restart()` starts a fresh bot on the same database and stand-in.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.standin import Table
from bot.storage import seeds
from bot.storage.outbox import unsent
from tests.e2e.confirming import confirmed
from tests.e2e.play import labels
from tests.e2e.test_click_outbox import dies_before_posting
from tests.e2e.test_click_outbox import message
from tests.e2e.test_click_outbox import restart_posts
from tests.e2e.test_company_raids import CAPTURE
from tests.e2e.test_company_raids import FINE  # noqa: F401 - a fixture
from tests.e2e.test_company_raids import FORCE
from tests.e2e.test_company_raids import LAND
from tests.e2e.test_company_raids import PAY
from tests.e2e.test_company_raids import board  # noqa: F401 - a fixture
from tests.e2e.test_company_raids import joker_defended_by_choice
from tests.e2e.test_fleet_combat import GIVE_ORDERS
from tests.e2e.test_fleet_combat import seated  # noqa: F401 - a fixture
from tests.e2e.test_naval_orders import WS
from tests.e2e.test_naval_orders import navy  # noqa: F401 - fixtures
from tests.e2e.test_naval_orders import ordered  # noqa: F401 - fixtures
from tests.e2e.test_space_pirates import base_after_an_undefended_raid
from tests.e2e.test_space_pirates import end_turn as sp_end_turn
from tests.e2e.test_space_pirates import pirates  # noqa: F401
from tests.e2e.test_undo import verified


async def killed(played: Table, monkeypatch: pytest.MonkeyPatch, line: str, as_: str) -> None:
    """Run the command; it commits, then every post of its answer dies (the player is told
    something went wrong, privately)."""
    with dies_before_posting(monkeypatch) as attempts:
        died = await played.slash(line, as_=as_)
    assert attempts == ["reply"], line
    assert died.ephemeral, line


async def killed_click(
    played: Table,
    monkeypatch: pytest.MonkeyPatch,
    message,
    label: str,
    as_: str,
    *,
    posted: str = "edit",
) -> None:
    """Click `label`; it commits, then every post of its result (`posted`: the clicked
    message's redraw, or a `reply`) dies."""
    with dies_before_posting(monkeypatch) as attempts:
        await played.click(message, label, as_=as_)
    assert attempts == [posted], label


async def posted_once(played: Table, count: int) -> list:
    """After a restart: the `count` answers left unsent, in order; nothing left unsent, and
    a second restart posts nothing again."""
    await played.restart()
    posts = restart_posts(played)
    assert len(posts) == count
    assert await unsent(played.bot.service.db) == []
    await played.restart()
    assert len(restart_posts(played)) == count
    return posts


async def open_choice_message(played) -> int | None:
    service = played.bot.service
    found = await service.by_channel(played.channel().id)
    (choice,) = await service.open_choices(found.id)
    return choice.payload.get("message")


async def test_a_landing_killed_before_its_post_asks_the_trespasser_after_a_restart(
    board,  # noqa: F811 - the fixture imported above
    monkeypatch,
):
    """CR-2.2: the landing commits with Anna's question; the post dies. After the restart
    the question is in the channel once, pinging exactly Anna, with her buttons, and her
    click on it pays the fine there."""
    played = board
    with dies_before_posting(monkeypatch) as attempts:
        died = await played.slash(LAND, as_="player1")
    assert attempts == ["reply"] and died.ephemeral

    await played.restart()
    (question,) = restart_posts(played)
    assert question.pings == frozenset({"player1"})
    assert [b.label for b in question.buttons] == [PAY, CAPTURE, FORCE]
    assert "waiting for Anna to pay the fine or attempt a capture" in question.embed.description
    assert await open_choice_message(played) == question.id
    assert await unsent(played.bot.service.db) == []
    paid = await played.click(question, PAY, as_="player1")
    assert paid.embed.description.startswith("**Fine: Anna pays Boris 180.**")
    assert message(played, question.id).buttons == []
    shown = len(played.channel_messages())
    await played.restart()
    assert len(played.channel_messages()) == shown  # posted once


async def test_a_landing_posts_its_question_as_the_answer_and_remembers_it(board):  # noqa: F811
    """The normal path: the question is the command's answer; its choice knows the message;
    nothing is left unsent."""
    played = board
    question = await played.slash(LAND, as_="player1")
    assert not question.ephemeral and labels(question) == [PAY, CAPTURE, FORCE]
    assert question.pings == frozenset({"player1"})
    assert await open_choice_message(played) == question.message.id
    assert await unsent(played.bot.service.db) == []


async def test_an_entry_killed_before_its_post_asks_the_joker_owner_after_a_restart(
    board,  # noqa: F811
    monkeypatch,
):
    """CR-I17 `owner_choice`: Corsair enters Vera's Joker; the post of her question dies.
    After the restart it pings exactly Vera with a button per defender, and her pick starts
    the duel."""
    played = board
    await joker_defended_by_choice(played)
    with dies_before_posting(monkeypatch):
        await played.slash("/company enter piece:Corsair", as_="player1")

    await played.restart()
    (question,) = restart_posts(played)
    assert question.pings == frozenset({"player3"})
    assert [b.label for b in question.buttons] == ["Defend with Banker", "Defend with Guard", FORCE]
    played.script_dice([6])
    picked = await played.click(question, "Defend with Guard", as_="player3")
    assert "Guard hits with shot 1 (BD 6)." in picked.embed.description


async def test_an_entry_without_a_question_posts_its_story_after_a_restart(
    board,  # noqa: F811
    monkeypatch,
):
    """CR-5.4: Boris's piece takes the ownerless Joker; the post dies; the story is posted
    once after the restart, pinging nobody."""
    played = board
    await played.slash("/company add-piece name:Clerk value:50", as_="player2")
    with dies_before_posting(monkeypatch):
        await played.slash("/company enter piece:Clerk", as_="player2")

    await played.restart()
    (story,) = restart_posts(played)
    assert "Boris becomes the Joker's owner free of charge" in story.embed.description
    assert story.pings == frozenset() and story.buttons == []


async def test_a_forced_answer_killed_before_its_posts_settles_the_question_after_a_restart(
    board,  # noqa: F811
    monkeypatch,
):
    """CR-I19 by `/company force`: the GM's forced answer commits; the redraw and the reply
    die. After the restart the question shows the settled incident without buttons, and the
    GM's reply is in the channel once."""
    played = board
    played.script_dice([1])
    question = await played.slash(LAND, as_="player1")
    await played.click(question, CAPTURE, as_="player1")
    asked = await played.slash("/company force incident:1", as_="gm")
    with dies_before_posting(monkeypatch) as attempts:
        await played.click(asked, "Force", as_="gm")
    assert attempts == ["edit"]  # the GM's confirmation redrawn first, then the answer
    assert [b.label for b in message(played, question.message.id).buttons] != []

    await played.restart()
    settled = message(played, question.message.id)
    assert settled.buttons == [] and "Anna pays Boris 180." in settled.embed.description
    (answer,) = restart_posts(played)
    assert answer.embed.description.startswith("**Fine: Anna pays Boris 180.**")
    assert "The GM (forced answer) chooses to collect the fine." in (answer.embed.description)
    assert await unsent(played.bot.service.db) == []
    await played.restart()
    assert len(restart_posts(played)) == 1


async def test_a_fine_entered_by_command_and_killed_is_shown_after_a_restart(
    board,  # noqa: F811
    monkeypatch,
):
    """CR-I4 `enter_each_time`: Boris's `/company fine` commits; its posts die. After the
    restart the question shows the fine paid, without buttons, and the reply is posted once."""
    played = board
    await played.slash(
        "/campaign settings set setting:company_raids.fine_source value:enter_each_time", as_="gm"
    )
    question = await played.slash(LAND, as_="player1")
    await played.click(question, PAY, as_="player1")
    with dies_before_posting(monkeypatch):
        await played.slash("/company fine amount:150", as_="player2")

    await played.restart()
    settled = message(played, question.message.id)
    assert settled.buttons == [] and "Anna pays Boris 150." in settled.embed.description
    (answer,) = restart_posts(played)
    assert "Boris enters the fine: 150." in answer.embed.description
    await played.restart()
    assert len(restart_posts(played)) == 1


async def test_a_forced_answer_that_asks_another_player_pings_them_once(board):  # noqa: F811
    """CR-I19: forcing the trespasser's step pays the fine when the fine is entered each
    time, and the owner is asked next: the question is redrawn for Boris and a follow-up
    pings exactly him (an edit notifies nobody)."""
    played = board
    await played.slash(
        "/campaign settings set setting:company_raids.fine_source value:enter_each_time", as_="gm"
    )
    question = await played.slash(LAND, as_="player1")
    forced = await confirmed(played, "/company force incident:1", as_="gm")
    redrawn = message(played, question.message.id)
    assert labels(redrawn) == ["Collect the recorded fine: 180", FORCE]
    assert [m.pings for m in forced.messages if m.pings] == [frozenset({"player2"})]
    assert await unsent(played.bot.service.db) == []


# --- core set-up (the rest: tests/e2e/test_command_outbox_setup.py, SQLite only) -----------


async def test_a_join_killed_before_its_post_shows_the_next_step_after_a_restart(
    campaign, monkeypatch
):
    """Anna's `/campaign join` commits; the post dies. After the restart the answer is
    posted once, and its "Next step" reads the committed campaign (rendered when posted: read
    before the commit it would not see her faction): piracy's set-up, not "join"."""
    played = campaign
    await killed(played, monkeypatch, "/campaign join faction:Ottomans", "player1")
    (joined,) = await posted_once(played, 1)
    assert joined.embed.description == f"<@{played.member('player1').id}> now plays **Ottomans**."
    assert "who plays the Ottomans" in joined.embed.field("Next step")


# --- fleet combat ----------------------------------------------------------------------------


async def test_an_attack_killed_before_its_post_pings_the_attacked_after_a_restart(
    seated,  # noqa: F811 - the fixture imported above
    monkeypatch,
):
    """FC-4.1: Red's attack on Blue commits (battle #1); the post dies. After the restart
    the battle is announced once, pinging exactly Blue's player, with its Give orders
    button, which opens Red's orders panel."""
    played = seated
    with dies_before_posting(monkeypatch) as attempts:
        died = await played.slash("/combat attack point:Mecatol targets:Blue", as_="player1")
    assert attempts == ["reply"] and died.ephemeral

    await played.restart()
    (battle,) = restart_posts(played)
    assert battle.pings == frozenset({"player2"})
    assert "Red attacks Blue at Mecatol: battle #1 begins." in battle.embed.description
    panel = await played.click(battle, GIVE_ORDERS, as_="player1")
    assert panel.ephemeral and panel.selects
    await played.restart()
    assert len(restart_posts(played)) == 1


async def test_a_resolve_confirm_killed_before_its_edit_shows_the_round_after_a_restart(
    seated,  # noqa: F811
    monkeypatch,
):
    """FC-I6: the GM confirms round 1; the round commits, the redraw dies. After the restart
    the confirmation shows the round's report, as `/combat status` does, without its
    confirm buttons."""
    played = seated
    await played.slash("/combat attack point:Mecatol targets:Blue", as_="player1")
    question = await played.slash("/combat resolve battle:1", as_="gm")
    played.script_dice([1] * 10)
    with dies_before_posting(monkeypatch) as attempts:
        died = await played.click(question, "Fight round 1 of battle #1", as_="gm")
    assert attempts == ["edit"] and died.ephemeral
    assert message(played, question.message.id).has_button("Fight round 1 of battle #1")

    await played.restart()
    report = message(played, question.message.id)
    assert report.embed.title == "Battle #1 at Mecatol — round 1, turn 1"
    assert "Attack, 4 dice at 5+: 1, 1, 1, 1 → 0 hits" in report.embed.description
    assert not report.has_button("Fight round 1 of battle #1")
    status = await played.slash("/combat status battle:1 round:1", as_="player1")
    assert status.embeds == report.embeds
    assert await unsent(played.bot.service.db) == []


# --- space pirates ---------------------------------------------------------------------------


async def test_a_forced_default_killed_before_its_post_is_posted_after_a_restart(
    pirates,  # noqa: F811 - the fixture imported above
    monkeypatch,
):
    """SP-I45: the GM confirms forcing Vega's buy-off; the forced answer commits, its post
    dies. After the restart what happened is in the channel once, and nothing waits."""
    played = pirates
    await played.slash("/pirates route add name:Open goods:160", as_="player1")
    played.script_dice([1, 3])
    await sp_end_turn(played, 1)
    listed = await played.slash("/pirates force", as_="gm")
    await killed_click(played, monkeypatch, listed, "Force 1 answer", "gm")  # its redraw first

    await played.restart()
    (forced,) = restart_posts(played)
    assert "Vega" in forced.embed.description
    nothing = await played.slash("/pirates force", as_="gm")
    assert nothing.ephemeral and "No question is waiting" in nothing.text()
    await played.restart()
    assert len(restart_posts(played)) == 1


async def test_a_confirmed_operation_killed_before_its_redraw_stays_committed(
    pirates,  # noqa: F811
    monkeypatch,
):
    """SP-6.3: Vega confirms locating the base; the operation commits, the redraw of her
    private quote dies. A private panel cannot be redrawn after a restart: nothing is posted
    in the channel for it, nothing is left unsent, and the operation stands in the log."""
    played = pirates
    await base_after_an_undefended_raid(played)
    quote = await played.slash("/pirates base locate location:Kuiper belt", as_="player1")
    await killed_click(played, monkeypatch, quote, "Confirm", "player1")

    await played.restart()
    assert restart_posts(played) == []
    assert await unsent(played.bot.service.db) == []
    history = await played.slash("/history list", as_="gm")
    assert "pirates base locate" in history.text()


# --- /history undo -----------------------------------------------------------------------------


async def test_an_undo_killed_before_its_edit_publishes_the_new_commitment_after_a_restart(
    campaign, monkeypatch
):
    """Issue 17: the GM confirms undoing turn 1's end; the undo commits (turn 1 reopens with
    a new seed), the redraw of the confirmation dies. After the restart the confirmation
    shows what was undone and publishes the new commitment, the chain head anchored in its
    footer (no 🔒: the stand-in's test dice do not come from that seed), and the log
    verifies."""
    played = campaign
    question = await played.slash("/turn end", as_="gm")
    await played.click(question, "End turn 1", as_="gm")
    asked = await played.slash("/history undo reason:ended a day early", as_="gm")
    with dies_before_posting(monkeypatch) as attempts:
        died = await played.click(asked, "Undo", as_="gm")
    assert attempts == ["edit"] and died.ephemeral
    assert message(played, asked.message.id).has_button("Undo")

    await played.restart()
    new = await seeds.seed_of(played.bot.service.db, 1, 1)
    assert new is not None
    done = message(played, asked.message.id)
    assert done.embed.title.endswith("undone")
    assert new.commitment in done.embed.description
    assert done.embed.footer.startswith("⛓ #") and "🔒" not in done.embed.footer  # test dice
    assert all(b.disabled for b in done.buttons)
    assert await unsent(played.bot.service.db) == []
    assert (await verified(played)).startswith("✅ The log is intact")


async def test_a_command_test_killed_before_its_post_shows_its_die_after_a_restart(
    ordered,  # noqa: F811 - the fixture imported above
    monkeypatch,
):
    """NO-I8: the test's die is rolled and committed; the post dies. After the restart the
    verdict is posted once (its die, not a new one), and the turn's test stays used (NO-I9):
    a second test is refused, so nothing can be fished for."""
    played = ordered
    # Orders public: the verdict is posted in the channel (a private one is the owner's).
    await played.slash(
        "/campaign settings set setting:naval_orders.orders_public value:true", as_="gm"
    )
    await played.slash(f"/navy position unit:{WS} location:5", as_="player1")
    played.script_dice([3])
    with dies_before_posting(monkeypatch) as attempts:
        died = await played.slash(f"/navy test unit:{WS} enemy_at:adjacent", as_="player1")
    assert attempts == ["reply"] and died.ephemeral

    await played.restart()
    (test,) = restart_posts(played)
    assert test.embed.description.startswith("Western Squadron may attack")
    assert "Total 4 (modifier +1) against 4+: success." in test.embed.description
    assert "1d6 → 3." in test.embed.description
    again = await played.slash(f"/navy test unit:{WS} enemy_at:adjacent", as_="player1")
    assert again.ephemeral and "already taken its command test in turn 1 (NO-I9)" in again.text()
    await played.restart()
    assert len(restart_posts(played)) == 1


# --- a private answer after a slow write -------------------------------------------------------


async def after_a_slow_write(played, database_target, monkeypatch, line: str, as_: str):
    """Run the command while another process holds the campaign's write lock: the bot
    acknowledges it first (a public "thinking…"), then answers once the lock is free."""
    from bot.storage import database
    from tests.e2e.test_outbox import hold_campaign

    monkeypatch.setattr(database, "WRITE_WAIT_NOTICE", 0.05)
    async with hold_campaign(database_target, played.bot.service, played.channel().id):
        answering = asyncio.ensure_future(played.slash(line, as_=as_))
        while not any(r.response_type == 5 for r in played.standin.interactions.values()):
            await played.standin.next_change()
    answered = await answering
    assert answered.deferred
    return answered, [m for m in answered.messages if not m.deleted]  # "thinking…" is gone


async def test_a_private_answer_after_a_slow_write_stays_private(
    campaign, database_target, monkeypatch
):
    """`/rolls save` answers privately. When its write waits for the lock (another process
    holds it), the command is acknowledged first; the answer must still be shown only to
    the player, not posted in the channel for everyone."""
    played = campaign
    line = "/rolls save name:attack expression:2d6+1"
    saved, shown = await after_a_slow_write(played, database_target, monkeypatch, line, "player1")
    assert [m.ephemeral for m in shown] == [True], saved.text()
    assert "2d6+1" not in " ".join(m.text() for m in played.channel_messages())


async def test_a_refusal_after_a_slow_write_stays_private(campaign, database_target, monkeypatch):
    """A refusal found inside the unit of work (Anna already plays a faction) after the
    write waited for the lock: she alone reads why, nothing is posted for the channel."""
    played = campaign
    await played.slash("/campaign join faction:Ottomans", as_="player1")
    line = "/campaign join faction:Venice"
    refused, shown = await after_a_slow_write(played, database_target, monkeypatch, line, "player1")
    assert [m.ephemeral for m in shown] == [True], refused.text()
    assert "core.factions_per_player" in shown[0].text()
