"""A question asked of a faction nobody plays is a GM's to answer; a player who then joins as
the faction takes it over: their click answers it, its message names them (an edit, which
notifies nobody: the join's answer links it), and an undo of the join gives it back to the
GMs. Ottoman piracy's reward question (OP-5.3) and Company raids' steps (CR-2.2, CR-3.2),
in either language.
"""

from __future__ import annotations

from .play import posting_in
from .play import raids_board
from .play import seat_piracy
from .play import set_up
from .test_click_outbox import message
from .test_undo import undo
from .test_undo_marks_questions import new_messages
from .test_undo_marks_questions import seen_now

# Player3 stays free to join: the Ottomans (player1) and the Habsburgs (player2) only.
CAST = (("player1", "Ottomans", "ottoman"), ("player2", "Habsburgs", "hapsburg"))
THREE_HITS = (
    "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:3 ports:2 leaders:barbarossa"
)
VP = "+1 piracy VP"
NOBODY = "Nobody plays Hapsburgs: a GM chooses the rewards."
ASKED = "the Ottomans hit Hapsburgs 3 times. Choose a reward for each hit."


async def piracy_while_unplayed(table, *, language: str = "en"):
    """Ottoman piracy (posting in `language`): player2 leaves the Habsburgs, and the
    Ottomans' piracy against them (3 hits) waits for a GM's reward choice. The question."""
    await table.slash("/campaign create name:Corsairs rulesets:ottoman_piracy", as_="gm")
    await posting_in(table, language)
    await seat_piracy(table, CAST)
    await set_up(table, [("/campaign leave", "player2")])
    table.script_dice([6, 6, 6])
    return await table.slash(THREE_HITS, as_="player1")


async def test_a_player_joining_as_the_target_chooses_the_reward_asked_of_a_gm(table):
    """OP-5.3: the reward question asked while nobody played the Habsburgs says a GM
    chooses. Player3 joins as the Habsburgs: the join's answer links the question, whose
    message now asks player3 (pinging nobody anew); the Ottomans' player is told it is for
    the Habsburgs; player3's click takes the reward and the next hit is theirs too."""
    asked = await piracy_while_unplayed(table)
    assert asked.message.content == NOBODY
    third = table.member("player3").id
    seen = seen_now(table)

    joined = await table.slash("/campaign join faction:Habsburgs", as_="player3")

    assert not joined.ephemeral, joined.text()
    where = f"{table.guild_id}/{table.channel().id}/{asked.message.id}"
    assert joined.embed.description.splitlines()[1:3] == [
        "Questions for **Habsburgs**:",
        f"• “Piracy #1 — Ionian Sea” — answer on [its message](https://discord.com/channels/{where})",
    ]
    question = message(table, asked.message.id)
    assert question.content == f"<@{third}>: {ASKED}"
    assert not [m.pings for m in new_messages(table, seen) if m.pings]
    refused = await table.click(question, VP, as_="player1")
    assert refused.ephemeral and "This question is for Habsburgs" in refused.text()
    chosen = await table.click(question, VP, as_="player3")
    assert not chosen.ephemeral, chosen.text()
    assert "Hit 1: +1 piracy VP, 0 → 1." in chosen.embed.field("Rewards")
    again = await table.click(message(table, asked.message.id), VP, as_="player3")
    assert "Hit 2: +1 piracy VP, 1 → 2." in again.embed.field("Rewards")


async def test_an_undone_join_gives_the_reward_question_back_to_a_gm(table):
    """The GM undoes player3's join: the question says again that a GM chooses, player3's
    click is refused as a GM's to make (in the Russian player3 reads), and the GM's click
    takes the reward."""
    asked = await piracy_while_unplayed(table)
    await table.slash("/campaign join faction:Habsburgs", as_="player3")

    await undo(table, "joined the wrong power")

    question = message(table, asked.message.id)
    assert question.content == NOBODY
    refused = await table.click(question, VP, as_="player3")
    assert refused.ephemeral  # player3 reads Russian
    assert refused.embed.description.startswith("Это может сделать только ведущий кампании.")
    chosen = await table.click(question, VP, as_="gm")
    assert "Hit 1: +1 piracy VP, 0 → 1." in chosen.embed.field("Rewards"), chosen.text()


async def test_a_russian_reward_question_names_who_joins_in_russian(table):
    """In a Russian campaign the question asked of nobody reads «…никто не играет…»; player3
    joining as the Habsburgs is asked in Russian, and their click takes the reward."""
    asked = await piracy_while_unplayed(table, language="ru")
    assert asked.message.content == (
        "За державу «Габсбурги» никто не играет: награды выбирает ведущий."
    )
    third = table.member("player3").id

    await table.slash("/campaign join faction:Habsburgs", as_="player3")

    question = message(table, asked.message.id)
    assert question.content == (
        f"<@{third}>: Османы нанесли державе «Габсбурги» 3 удара. За каждый удар выберите награду."
    )
    chosen = await table.click(question, question.buttons[0].label, as_="player3")
    assert not chosen.ephemeral, chosen.text()


LAND = "/company land piece:Broker company:Steelworks"


async def raids_board_left(table, leaves: str, *, language: str = "en") -> None:
    """The Company raids board of `raids_board` (posting in `language`): player1 plays Anna,
    player2 Boris, with his Steelworks (fine 180); Anna's Broker (300) is registered, then
    `leaves` leaves their faction."""
    await raids_board(table, language=language)
    await set_up(table, [("/campaign leave", leaves)])


async def raid_while_unplayed(table, *, language: str = "en"):
    """The board of `raids_board_left` (posting in `language`), player1 leaving Anna; the GM
    lands the Broker in the Steelworks: the incident waits for a GM's answer. The
    question."""
    await raids_board_left(table, "player1", language=language)
    return await table.slash(LAND, as_="gm")


async def test_a_player_joining_as_the_raider_answers_the_step_asked_of_the_gms(table):
    """CR-2.2: the landing of Anna's Broker, nobody playing Anna, asks the GMs. Player3
    joins as Anna: the question now asks player3 for Anna (pinging nobody anew), Boris's
    player is told it is Anna's, and player3 pays the fine."""
    asked = await raid_while_unplayed(table)
    gm = table.member("gm").id
    assert asked.message.content == f"<@{gm}>, incident #1 waits for a GM's answer."
    third = table.member("player3").id
    seen = seen_now(table)

    joined = await table.slash("/campaign join faction:Anna", as_="player3")

    assert "Questions for **Anna**:" in joined.embed.description, joined.text()
    question = message(table, asked.message.id)
    assert question.content == f"<@{third}>, incident #1 waits for your answer (Anna)."
    assert not [m.pings for m in new_messages(table, seen) if m.pings]
    refused = await table.click(question, "Pay the fine", as_="player2")
    assert refused.ephemeral and "This question is for Anna" in refused.text()
    paid = await table.click(question, "Pay the fine", as_="player3")
    assert paid.embed.description.startswith("**Fine: Anna pays Boris 180.**"), paid.text()


async def test_a_step_pinged_in_a_message_of_its_own_names_who_joins(table):
    """CR-3.2: player2 leaves Boris; Anna (player1) lands and fails a capture (BD 3): the
    step moves on to Boris, nobody playing him, and the GMs are pinged by a message of its
    own. Player3 joins as Boris: that message now asks player3, whose click counterattacks."""
    await raids_board_left(table, "player2")
    question = await table.slash(LAND, as_="player1")
    table.script_dice([3])
    seen = seen_now(table)
    failed = await table.click(question, "Attempt a capture", as_="player1")
    [ping] = [m for m in new_messages(table, seen) if m.pings]
    assert ping.content == f"<@{table.member('gm').id}>, incident #1 waits for a GM's answer."
    third = table.member("player3").id

    await table.slash("/campaign join faction:Boris", as_="player3")

    assert message(table, ping.id).content == (
        f"<@{third}>, incident #1 waits for your answer (Boris)."
    )
    table.script_dice([4])
    hit = await table.click(message(table, failed.message.id), "Counterattack", as_="player3")
    assert "Counterattack roll, BD 4: a hit." in hit.embed.description, hit.text()


async def test_an_undone_join_gives_the_step_back_to_the_gms(table):
    """The GM undoes player3's join as Anna: the question asks the GMs again, player3's
    click is refused, and the GM's pays the fine for Anna."""
    asked = await raid_while_unplayed(table)
    before = asked.message.content
    await table.slash("/campaign join faction:Anna", as_="player3")

    await undo(table, "joined the wrong company")

    question = message(table, asked.message.id)
    assert question.content == before
    refused = await table.click(question, "Pay the fine", as_="player3")
    assert refused.ephemeral  # player3 reads Russian
    assert refused.embed.description.startswith("Это может сделать только ведущий кампании.")
    paid = await table.click(question, "Pay the fine", as_="gm")
    assert paid.embed.description.startswith("**Fine: Anna pays Boris 180.**"), paid.text()


async def test_a_russian_step_names_who_joins_in_russian(table):
    """In a Russian campaign the step asked of the GMs names player3 in Russian once they
    join as Anna."""
    asked = await raid_while_unplayed(table, language="ru")
    gm = table.member("gm").id
    assert asked.message.content == f"<@{gm}>, инцидент №1 ждёт ответа ведущего."
    third = table.member("player3").id

    await table.slash("/campaign join faction:Anna", as_="player3")

    question = message(table, asked.message.id)
    assert question.content == f"<@{third}>, инцидент №1 ждёт вашего ответа (Anna)."
    paid = await table.click(question, question.buttons[0].label, as_="player3")
    assert not paid.ephemeral, paid.text()


async def test_the_turn_status_names_the_unplayed_faction_a_gm_answers_for(table):
    """A reward asked of the GMs for the Habsburgs, whom nobody plays: `/turn status` lists
    the faction among those the turn waits for, unplayed, as it lists one owing a move."""
    await piracy_while_unplayed(table)

    status = await table.slash("/turn status", as_="player3")

    owed = status.embed.field("Still owes a move (1)")
    assert owed == (
        "• **Habsburgs** (no player): a choice waiting for an answer (Ottoman piracy)"
    ), owed
