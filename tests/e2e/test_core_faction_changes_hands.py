"""A faction that changes hands: `/campaign leave` gives it up (its state stays, unplayed),
another player joins as it, and `/history stats` keeps each player's dice theirs, those a
turn's end rolled for the faction (SP-1.1: its raid roll) included, for whoever played it
when they were rolled.

Player1 plays Orion, whose route Line the pirates may raid each turn (a d20, SP-1.1); then
player1 leaves and player2 joins as Orion.
"""

from __future__ import annotations

import json

import pytest

from .play import posting_in
from .play import raids_board
from .play import seat_piracy
from .play import set_up
from .test_answered_pings import VEGA_ASKED
from .test_click_outbox import message
from .test_space_pirates import end_turn
from .test_space_pirates_rolled_by import stats_lines
from .test_undo import OP_E1
from .test_undo import VP
from .test_undo import undo
from .test_undo_marks_questions import new_messages
from .test_undo_marks_questions import seen_now


@pytest.fixture
async def orion(table):
    """Space pirates; player1 plays Orion with the route Line."""
    await table.slash("/campaign create name:Frontier rulesets:space_pirates", as_="gm")
    await table.slash("/campaign join faction:Orion", as_="player1")
    await table.slash("/pirates route add name:Line goods:200", as_="player1")
    return table


async def test_each_player_keeps_the_dice_rolled_while_they_played_the_faction(orion):
    """Player1 rolls a d6 and turn 1's end rolls Orion's raid d20 (20: no raid); player1
    leaves, player2 joins as Orion, rolls a d6, and turn 2's end rolls Orion's d20 (19).
    Each has two dice under Orion: the turn's end's d20 of their own turn, not both."""
    table = orion
    table.script_dice([3])
    await table.slash("/roll dice:1d6", as_="player1")
    table.script_dice([20])
    await end_turn(table, 1)

    left = await table.slash("/campaign leave", as_="player1")
    first, second = (table.member(p).id for p in ("player1", "player2"))
    assert left.embed.description == (
        f"<@{first}> no longer plays **Orion**: another player may join as it."
    )
    joined = await table.slash("/campaign join faction:Orion", as_="player2")
    assert "now plays **Orion**" in joined.embed.description
    table.script_dice([4])
    await table.slash("/roll dice:1d6", as_="player2")
    table.script_dice([19])
    await end_turn(table, 2)

    stats = await table.slash("/history stats", as_="player2")
    assert stats_lines(stats) == {
        f"<@{first}> · **Orion**": "2 dice rolled",
        f"<@{second}> · **Orion**": "2 dice rolled",
    }


async def test_the_faction_left_stays_for_another_player_and_keeps_its_route(orion):
    """After player1 leaves, `/campaign info` shows Orion unclaimed, join offers it, and
    player2 playing it finds its route."""
    table = orion
    await table.slash("/campaign leave", as_="player1")
    info = await table.slash("/campaign info", as_="player2")
    assert "**Orion** — unclaimed" in info.embed.field("1 faction")
    offered = await table.autocomplete("/campaign join faction:Or", as_="player2")
    assert [c.value for c in offered] == ["Orion"]
    await table.slash("/campaign join faction:Orion", as_="player2")
    routes = await table.slash("/pirates routes", as_="player2")
    assert "Line" in routes.text()


async def test_leave_refuses_what_the_player_does_not_play(orion):
    """Player2 plays nothing: told so privately; player1 naming another faction is told
    they do not play it; nothing changes."""
    table = orion
    nothing = await table.slash("/campaign leave", as_="player2")
    assert nothing.ephemeral and "no faction in this campaign" in nothing.text()
    other = await table.slash("/campaign leave faction:Vega", as_="player1")
    assert other.ephemeral and "You do not play Vega: you can leave only a faction" in other.text()
    info = await table.slash("/campaign info", as_="player2")
    assert f"<@{table.member('player1').id}>" in info.embed.field("1 faction")


async def test_an_undone_leave_gives_the_faction_and_its_dice_back_to_its_player(orion):
    """Player1 leaves Orion; the GM undoes it: player1 plays Orion again, and turn 1's end
    rolls Orion's d20 for them."""
    table = orion
    await table.slash("/campaign leave", as_="player1")
    await undo(table, "left by mistake")
    first = table.member("player1").id
    info = await table.slash("/campaign info", as_="player1")
    assert f"**Orion** — <@{first}>" in info.embed.field("1 faction")
    table.script_dice([20])
    await end_turn(table, 1)
    stats = await table.slash("/history stats", as_="player1")
    assert stats_lines(stats) == {f"<@{first}> · **Orion**": "1 die rolled"}


def link_to(table, reply):
    """The link that opens the message of `reply` in the campaign's channel."""
    where = f"{table.guild_id}/{table.channel().id}/{reply.message.id}"
    return f"https://discord.com/channels/{where}"


async def anna_asked(table, player: str = "player1", *, language: str = "en"):
    """The Company raids board of `raids_board` (posting in `language`): `player` plays
    Anna, player2 Boris; Anna's Broker lands in Boris's Steelworks and Anna is asked to pay
    the fine or attempt a capture. The question."""
    await raids_board(table, player, language=language)
    return await table.slash("/company land piece:Broker company:Steelworks", as_=player)


async def test_a_player_owing_an_answer_cannot_leave_until_it_is_given(table):
    """Company raids: Anna (player1) lands her Broker in Boris's Steelworks and is asked to
    pay the fine or attempt a capture (a question kept as hers): leaving is refused,
    privately, naming Anna and the question with a link to it, and she still plays Anna;
    once she pays, she may leave."""
    question = await anna_asked(table)

    left = await table.slash("/campaign leave", as_="player1")
    assert left.ephemeral
    assert left.embed.description == (
        "You cannot leave **Anna** yet: 1 question waits for your answer. Answer it (or ask "
        "a GM to) first, so that it does not stay yours:\n"
        f"• “Company raids — incident #1” — answer on [its message]({link_to(table, question)})"
    )
    info = await table.slash("/campaign info", as_="player2")
    assert f"**Anna** — <@{table.member('player1').id}>" in info.embed.field("2 factions")

    await table.click(question, "Pay the fine", as_="player1")
    left = await table.slash("/campaign leave", as_="player1")
    assert not left.ephemeral and "no longer plays **Anna**" in left.embed.description


async def test_a_russian_player_is_told_in_russian_what_keeps_them(table):
    """The same refusal in a Russian campaign, to a player reading Russian (player3): the
    faction, the question as the channel shows it, and the link to it."""
    question = await anna_asked(table, "player3", language="ru")

    left = await table.slash("/campaign leave", as_="player3")

    assert left.ephemeral
    title = question.embed.title
    assert left.embed.description == (
        "Покинуть фракцию «Anna» пока нельзя: от вас ждут ответа на 1 вопрос. Сначала "
        "ответьте на него (или попросите ведущего), иначе он останется за вами:\n"
        f"• «{title}» — ответьте в [сообщении с вопросом]({link_to(table, question)})"
    )


async def test_a_question_whose_post_was_not_kept_is_still_linked(table):
    """The posts a campaign keeps are pruned in time: the refusal still links the message
    the question was asked in, under its ruleset's name."""
    question = await anna_asked(table)
    async with table.bot.service.db.transaction() as conn:
        await conn.execute("DELETE FROM outbox")

    left = await table.slash("/campaign leave", as_="player1")

    assert left.embed.description.endswith(
        f"• Company raids: answer on [the question's message]({link_to(table, question)})"
    )


async def anna_and_carl_asked_for_anna(table):
    """Company raids, two factions a player: player1 plays Anna and Carl, player2 Boris;
    Anna's Broker lands in Boris's Steelworks and Anna is asked to pay the fine or attempt a
    capture. The question."""
    await table.slash("/campaign create name:Raids rulesets:company_raids", as_="gm")
    await table.slash("/campaign settings set setting:core.factions_per_player value:2", as_="gm")
    for faction, player in (("Anna", "player1"), ("Carl", "player1"), ("Boris", "player2")):
        joined = await table.slash(f"/campaign join faction:{faction}", as_=player)
        assert not joined.ephemeral, joined.text()
    await table.slash("/company add-company name:Steelworks fine:180", as_="player2")
    await table.slash("/company add-piece name:Broker value:300 owner:Anna", as_="player1")
    question = await table.slash("/company land piece:Broker company:Steelworks", as_="player1")
    assert [b.label for b in question.buttons][:2] == ["Pay the fine", "Attempt a capture"]
    return question


async def test_a_question_for_one_faction_does_not_keep_its_player_in_another(table):
    """Player1 owes Anna's answer: leaving Carl is allowed (the question is Anna's, and stays
    player1's to answer); leaving Anna is refused, privately, and player1 still plays her."""
    question = await anna_and_carl_asked_for_anna(table)

    carl = await table.slash("/campaign leave faction:Carl", as_="player1")
    assert not carl.ephemeral, carl.text()
    assert "no longer plays **Carl**" in carl.embed.description

    anna = await table.slash("/campaign leave faction:Anna", as_="player1")
    assert anna.ephemeral
    assert anna.embed.description.startswith("You cannot leave **Anna** yet: 1 question")
    info = await table.slash("/campaign info", as_="player2")
    assert f"**Anna** — <@{table.member('player1').id}>" in info.embed.field("3 factions")
    paid = await table.click(question, "Pay the fine", as_="player1")
    assert not paid.ephemeral, paid.text()


async def test_a_question_stored_without_its_faction_keeps_its_player_in_every_faction(table):
    """A question asked before choices named their faction (its payload has none) may be
    for any faction its player plays: leaving Carl is refused too, as it always was."""
    await anna_and_carl_asked_for_anna(table)
    db = table.bot.service.db
    [(choice_id, payload)] = await db.fetchall(
        "SELECT id, payload FROM pending_choices WHERE kind = 'cr_step' AND status = 'open'"
    )
    stored = json.loads(payload)
    assert stored.pop("faction") == "Anna"
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE pending_choices SET payload = ? WHERE id = ?", (json.dumps(stored), choice_id)
        )

    carl = await table.slash("/campaign leave faction:Carl", as_="player1")

    assert carl.ephemeral
    assert carl.embed.description.startswith("You cannot leave **Carl** yet: 1 question waits")
    assert "“Company raids — incident #1”" in carl.embed.description


async def test_a_reward_owed_for_the_habsburgs_does_not_keep_their_player_in_venice(table):
    """Ottoman piracy: player2 plays the Habsburgs and Venice; the Ottomans' piracy against
    the Habsburgs waits for the Habsburgs' reward choice (OP-5.3). Leaving Venice is
    allowed; leaving the Habsburgs is refused."""
    await table.slash("/campaign create name:Corsairs rulesets:ottoman_piracy", as_="gm")
    await table.slash("/campaign settings set setting:core.factions_per_player value:2", as_="gm")
    await seat_piracy(table)
    await set_up(table, [("/campaign join faction:Venice", "player2")])
    table.script_dice([5, 2, 6, 5])
    piracy = await table.slash(OP_E1, as_="player1")
    assert VP in [b.label for b in piracy.buttons], piracy.text()

    venice = await table.slash("/campaign leave faction:Venice", as_="player2")
    assert not venice.ephemeral, venice.text()
    habsburgs = await table.slash("/campaign leave faction:Habsburgs", as_="player2")
    assert habsburgs.ephemeral
    said = habsburgs.embed.description
    assert said.startswith("You cannot leave **Habsburgs** yet: 1 question waits"), said
    line = "• Ottoman piracy: “Piracy #1 — Ionian Sea” — answer on [its message]"
    assert said.endswith(f"{line}({link_to(table, piracy)})"), said


async def test_a_confirmation_of_the_players_own_command_does_not_keep_them_from_leaving(table):
    """A private Confirm/Cancel of the player's own command (removing a piece) is no question
    anybody waits for: left unclicked, it does not block /campaign leave."""
    await table.slash("/campaign create name:Raids rulesets:company_raids", as_="gm")
    await table.slash("/campaign join faction:Anna", as_="player1")
    await table.slash("/company add-piece name:Broker value:300", as_="player1")
    asked = await table.slash("/company remove-piece name:Broker", as_="player1")
    assert asked.ephemeral and [b.label for b in asked.buttons][-1] == "Cancel"

    left = await table.slash("/campaign leave", as_="player1")

    assert not left.ephemeral, left.text()
    assert "no longer plays **Anna**" in left.embed.description


async def test_a_buy_off_waiting_for_a_faction_passes_to_the_player_who_joins_as_it(table):
    """Space pirates keeps its buy-off offers in its own state, asked of the faction, not of
    a player (SP-I34, SP-I45): its player may leave while one waits; `/turn status` then
    waits for the faction, unclaimed. Player2 joining as Vega is told what is awaited from
    it; the status now waits for player2, whose click on the offer pays it."""
    offer = await vega_offered(table)
    status = await table.slash("/turn status", as_="gm")
    owed = status.embed.field("Still owes a move (1)")
    assert "• **Vega** (no player): an answer to buy-off offer #" in owed, owed
    joined = await table.slash("/campaign join faction:Vega", as_="player2")
    assert joined.embed.description.splitlines()[:2] == [
        f"<@{table.member('player2').id}> now plays **Vega**.",
        "Awaited from **Vega**: an answer to buy-off offer #1 (route raid, Rich, 600).",
    ]
    status = await table.slash("/turn status", as_="player2")
    owed = status.embed.field("Still owes a move (1)")
    assert owed.startswith(f"• <@{table.member('player2').id}> (**Vega**): an answer"), owed

    paid = await table.click(offer, "Pay 600", as_="player2")
    assert paid.embed.title == "Vega buys the raid off", paid.text()


# By the campaign's language: the label that ends the turn, the offer's button to pay and
# what the offer's message says to Vega's player.
OFFERED = {
    "en": ("End turn", "Pay 600", "{}, the pirates wait for your answer."),
    "ru": ("Завершить ход", "Заплатить 600", "{}, пираты ждут вашего ответа."),
}


async def vega_offered(table, language: str = "en"):
    """Space pirates (posting in `language`): player1 plays Vega, whose route Rich the
    pirates raid at turn 1's end and offer to buy off (SP-I34); player1 then leaves Vega.
    The offer's message."""
    end_label, pay, asked = OFFERED[language]
    await table.slash("/campaign create name:Frontier rulesets:space_pirates", as_="gm")
    await posting_in(table, language)
    await set_up(
        table,
        [
            ("/campaign join faction:Vega", "player1"),
            ("/pirates route add name:Rich goods:2350", "player1"),
        ],
    )
    table.script_dice([1, 4, 6])
    ended = await end_turn(table, 1, end_label)
    offer = next(m for m in ended.followups if any(b.label == pay for b in m.buttons))
    assert offer.content == asked.format(f"<@{table.member('player1').id}>")
    left = await table.slash("/campaign leave", as_="player1")
    assert not left.ephemeral, left.text()
    return offer


async def test_a_question_for_the_faction_names_its_new_player_not_the_one_who_left(table):
    """Player2 joins as Vega: the buy-off offer's message now names player2 (an edit, which
    notifies nobody: it still shows whom it pinged then), and the join's answer links it.
    Player1's click is refused, privately, as not theirs; player2's pays, and the answered
    mark strikes player2's line."""
    offer = await vega_offered(table)
    first, second = (table.member(p).id for p in ("player1", "player2"))

    joined = await table.slash("/campaign join faction:Vega", as_="player2")

    assert not joined.ephemeral, joined.text()
    assert joined.embed.description.splitlines()[2:4] == [
        "Questions for **Vega**:",
        "• “Pirates offer Vega a buy-off” — answer on [its message]"
        f"(https://discord.com/channels/{table.guild_id}/{table.channel().id}/{offer.id})",
    ]
    asked = message(table, offer.id)
    assert asked.content == f"<@{second}>, the pirates wait for your answer."
    assert [b.label for b in asked.buttons] == ["Pay 600", "Refuse"]
    refused = await table.click(asked, "Pay 600", as_="player1")
    assert refused.ephemeral and "This question is for Vega." in refused.text()
    paid = await table.click(asked, "Pay 600", as_="player2")
    assert paid.embed.title == "Vega buys the raid off", paid.text()
    answered = message(table, offer.id).content
    assert f"<@{second}>" in answered and f"<@{first}>" not in answered, answered


async def test_an_undone_join_gives_the_question_back_to_the_faction_unplayed(table):
    """The GM undoes player2's join: the offer says again that nobody plays Vega, as it read
    before the join; player3 then joins as Vega, and the offer names player3, whose click
    pays."""
    offer = await vega_offered(table)
    third = table.member("player3").id
    await table.slash("/campaign join faction:Vega", as_="player2")

    await undo(table, "joined the wrong faction")

    again = "Nobody plays this faction: a GM answers or uses /pirates force."
    assert message(table, offer.id).content == again
    await table.slash("/campaign join faction:Vega", as_="player3")
    asked = message(table, offer.id)
    assert asked.content == f"<@{third}>, the pirates wait for your answer."
    paid = await table.click(asked, "Pay 600", as_="player3")
    assert paid.embed.title == "Vega buys the raid off", paid.text()


async def test_a_question_asked_again_pings_the_new_player_not_the_one_who_left(table):
    """Player1 pays Vega's buy-off and the GM undoes it: the offer is asked again, its ping a
    message of its own (the offer's message is edited, which notifies nobody). Player1 leaves,
    player2 joins as Vega: that ping now names player2. Player2 pays, the GM undoes it
    again: the new ping is for player2, and player1 is not pinged."""
    offer = await vega_offered(table)
    first, second = (table.member(p).id for p in ("player1", "player2"))
    await table.slash("/campaign join faction:Vega", as_="player1")
    await table.click(offer, "Pay 600", as_="player1")
    seen = seen_now(table)
    await undo(table, "paid by mistake")
    [ping] = [m for m in new_messages(table, seen) if m.pings]
    assert ping.content == f"<@{first}>, {VEGA_ASKED}"
    await table.slash("/campaign leave", as_="player1")

    await table.slash("/campaign join faction:Vega", as_="player2")

    assert message(table, ping.id).content == f"<@{second}>, {VEGA_ASKED}"
    paid = await table.click(message(table, offer.id), "Pay 600", as_="player2")
    assert paid.embed.title == "Vega buys the raid off", paid.text()
    seen = seen_now(table)
    await undo(table, "paid by mistake")
    pings = [m.pings for m in new_messages(table, seen) if m.pings]
    assert pings == [{"player2"}], pings


NOBODY = "Nobody plays this faction: a GM answers or uses /pirates force."


async def test_a_question_for_the_faction_left_says_nobody_plays_it_and_a_gm_answers(table):
    """SP-I45: player1 leaves Vega while its buy-off offer waits: the offer's message no
    longer names player1 but says, as one asked of a faction nobody plays, that a GM answers
    or uses /pirates force; the GM's click pays it for Vega."""
    offer = await vega_offered(table)

    asked = message(table, offer.id)
    assert asked.content == NOBODY
    assert [b.label for b in asked.buttons] == ["Pay 600", "Refuse"]
    paid = await table.click(asked, "Pay 600", as_="gm")
    assert paid.embed.title == "Vega buys the raid off", paid.text()


async def test_an_undone_leave_names_the_faction_player_in_its_question_again(table):
    """The GM undoes player1's leave: the offer names player1 again, whose click pays."""
    offer = await vega_offered(table)
    first = table.member("player1").id

    await undo(table, "left by mistake")

    assert message(table, offer.id).content == f"<@{first}>, {VEGA_ASKED}"
    paid = await table.click(message(table, offer.id), "Pay 600", as_="player1")
    assert paid.embed.title == "Vega buys the raid off", paid.text()


async def test_a_question_asked_again_for_the_faction_left_pings_nobody(table):
    """Player1 pays Vega's buy-off and the GM undoes it: the offer is asked again with a ping
    of its own. Player1 leaves (the campaign now in Russian): that ping says nobody plays
    Vega, in the English it was posted in."""
    offer = await vega_offered(table)
    await table.slash("/campaign join faction:Vega", as_="player1")
    await table.click(offer, "Pay 600", as_="player1")
    seen = seen_now(table)
    await undo(table, "paid by mistake")
    [ping] = [m for m in new_messages(table, seen) if m.pings]
    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")

    await table.slash("/campaign leave", as_="player1")

    assert message(table, ping.id).content == NOBODY


async def test_a_russian_question_for_the_faction_left_says_so_in_russian(table):
    """In a Russian campaign the offer left by its player reads «Этой фракцией никто не
    играет…»."""
    offer = await vega_offered(table, "ru")

    assert message(table, offer.id).content == (
        "Этой фракцией никто не играет: ответит ведущий или /пираты по_умолчанию."
    )


async def test_a_question_asked_while_nobody_played_the_faction_names_who_joins(table):
    """Player1 leaves Vega before turn 1 ends: the buy-off offer is asked of nobody and says
    a GM answers. Player2 joins as Vega: the offer now names player2, whose click pays."""
    await table.slash("/campaign create name:Frontier rulesets:space_pirates", as_="gm")
    await set_up(
        table,
        [
            ("/campaign join faction:Vega", "player1"),
            ("/pirates route add name:Rich goods:2350", "player1"),
            ("/campaign leave", "player1"),
        ],
    )
    table.script_dice([1, 4, 6])
    ended = await end_turn(table, 1)
    offer = next(m for m in ended.followups if any(b.label == "Pay 600" for b in m.buttons))
    assert offer.content == NOBODY

    await table.slash("/campaign join faction:Vega", as_="player2")

    asked = message(table, offer.id)
    assert asked.content == f"<@{table.member('player2').id}>, {VEGA_ASKED}"
    paid = await table.click(asked, "Pay 600", as_="player2")
    assert paid.embed.title == "Vega buys the raid off", paid.text()
