"""OP-I10 through Discord: a GM settles a piracy for an absent player, including hits no
reward can pay, and the question in the channel then shows how it was settled."""

from __future__ import annotations

import pytest

from bot.standin import Table
from tests.e2e.confirming import confirmed
from tests.e2e.confirming import refused_at_once
from tests.e2e.play import struck_answered

PIRACY = "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2 leaders:barbarossa"


@pytest.fixture
async def seated(campaign: Table) -> Table:
    table = campaign
    await table.slash("/campaign join faction:Ottomans", as_="player1")
    await table.slash("/campaign join faction:Habsburgs", as_="player2")
    await table.slash("/corsairs power power:ottoman player:@player1", as_="gm")
    await table.slash("/corsairs power power:hapsburg player:@player2", as_="gm")
    await table.slash("/corsairs impulse power:ottoman", as_="gm")
    return table


async def two_hits(table: Table):
    """Two Ottoman hits, no squadron in range, the target's hand unknown."""
    table.script_dice([6, 6, 1])  # no target dice; two Ottoman hits
    question = await table.slash(PIRACY, as_="player1")
    assert not question.ephemeral, question.text()
    assert "choose the reward for hit 1 of 2" in question.embed.field("Rewards")
    return question


async def test_force_with_an_empty_hand_loses_the_hit_no_reward_can_pay(seated: Table):
    """VP at 9: the forced default gives the VP for hit 1 (OP-I10) and asks for the hand;
    `force hand:0` then loses hit 2 (OP-5.7, OP-5.9) and the next piracy can be declared."""
    await seated.slash("/corsairs vp value:9", as_="gm")
    question = await two_hits(seated)
    forced = await confirmed(seated, "/corsairs force", as_="gm")
    assert "Hit 1: +1 piracy VP, 9 → 10" in forced.embed.description
    assert "Hit 1: +1 piracy VP, 9 → 10" in question.embed.field("Rewards")
    closed = await confirmed(seated, "/corsairs force hand:0", as_="gm")
    assert not closed.ephemeral, closed.text()
    assert "Hit 2: no reward is possible, the hit is lost." in closed.embed.description
    assert "Hit 2: no reward is possible, the hit is lost." in question.embed.field("Rewards")
    seated.script_dice([1, 1, 1])
    again = await seated.slash(PIRACY.replace("Ionian Sea", "Aegean Sea"), as_="player1")
    assert not again.ephemeral, again.text()


async def test_a_target_with_no_cards_can_say_so_from_the_question(seated: Table):
    """The hand select starts at 0 cards: with VP capped meanwhile, picking 0 settles the
    hit (lost) instead of leaving a piracy nobody can close."""
    question = await two_hits(seated)
    select = question.selects[0]
    assert select.options[0].label == "0 cards"
    await seated.slash("/corsairs vp value:10", as_="gm")
    answered = await seated.select(question, 0, values=["0 cards"], as_="player2")
    assert not answered.ephemeral, answered.text()
    rewards = answered.embed.field("Rewards")
    assert "Hit 1: no reward is possible, the hit is lost." in rewards
    assert "Hit 2: no reward is possible, the hit is lost." in rewards


async def test_the_forced_question_shows_how_it_was_settled(seated: Table):
    """After /corsairs force the question loses its buttons, its ping is struck as answered
    by the GM, and it tells the story as settled, not "choose the reward for hit 1 of 2"
    any more."""
    question = await two_hits(seated)
    await confirmed(seated, "/corsairs force", as_="gm")
    shown = seated.channel_messages()
    posted = next(m for m in shown if m.id == question.message.id)
    assert posted.buttons == [] and not posted.selects
    assert struck_answered(posted.content, "✅ Answered by the GM.")
    rewards = posted.embed.field("Rewards")
    assert "choose the reward for hit 1 of 2" not in rewards
    assert "Hit 1: +1 piracy VP, 0 → 1" in rewards


async def test_the_forced_reply_asks_for_no_hit_it_went_on_to_settle(seated: Table):
    """OP-I10: the GM forces both hits. The reply tells each forced reward and asks for
    none of them: no "choose the reward for hit 2 of 2" left between the forced hits."""
    await two_hits(seated)

    forced = await confirmed(seated, "/corsairs force", as_="gm")

    told = forced.embed.description
    assert "Hit 1: +1 piracy VP, 0 → 1, forced by the GM.\nHit 2: +1 piracy VP, 1 → 2" in told
    assert "choose the reward" not in told


async def test_a_force_needing_the_hand_names_the_option_that_gives_it(seated: Table):
    """OP-I10, OP-I12: with VP capped and no squadron in range a card is all that is left,
    and its hand is unknown: the force, typed or clicked, is refused at once and tells the
    GM how to give the hand (`/corsairs force hand:…`), the one way a GM has."""
    await seated.slash("/corsairs vp value:10", as_="gm")
    table = seated
    table.script_dice([6, 6])
    question = await table.slash(PIRACY, as_="player1")
    assert "how many cards are in your hand?" in question.embed.field("Rewards")
    typed = await refused_at_once(table, "/corsairs force", as_="gm")
    assert "/corsairs force hand:" in typed.embed.description, typed.text()
    clicked = await table.click(question, "Force default (GM)", as_="gm")
    assert clicked.ephemeral, clicked.text()
    assert "/corsairs force hand:" in clicked.embed.description, clicked.text()


async def test_how_a_card_was_given_is_told_with_the_card_not_with_its_lock(seated: Table):
    """OP-5.5, OP-I10: "the only possible reward" and "forced by the GM" say how a hit's
    card was chosen; they come with the card, not after "until the next impulse", where
    they read as if the impulse were the reward or the GM had forced the lock."""
    await seated.slash("/corsairs vp value:10", as_="gm")
    seated.script_dice([6, 6])
    question = await seated.slash(PIRACY, as_="player1")
    seated.script_dice([2, 1])
    forced = await confirmed(seated, "/corsairs force hand:3", as_="gm")
    told = forced.embed.description
    assert (
        "Hit 1: the Ottomans take a random card, forced by the GM: d3 → card 2 of the 3 laid "
        "face down. It cannot be played until the next impulse.\n"
    ) in told, told
    assert (
        "Hit 2: the Ottomans take a random card, the only possible reward: d2 → card 1 of the "
        "2 laid face down. It cannot be played until the next impulse.\n"
    ) in question.embed.field("Rewards") + "\n"
