"""Ottoman piracy played through Discord: `/corsairs …` with the real bot on the stand-in.

Player1 plays the Ottomans, player2 the Habsburgs (at war with the Ottomans), player3
France (in Russian). Faces are scripted in the order rules/ottoman-piracy.md rolls them:
anti-piracy roll, piracy roll, then card rolls.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from bot.interactions import LOSS_COLOUR
from bot.standin import ClientRefused
from bot.standin import Table
from tests.e2e.confirming import confirmed
from tests.e2e.confirming import forced_by_button
from tests.e2e.test_undo import undo

from .play import assert_only_the_asked_answer
from .play import labels
from .play import refused_alone
from .play import seat_piracy
from .play import set_up
from .play import struck_answered

# OP-E1 / OP-6: Barbarossa and 2 corsairs in the Ionian Sea; a Habsburg squadron in Messina,
# Hospitaller Malta and Papal Corfu around it.
OP_E1 = (
    "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2 leaders:barbarossa "
    "adjacent_squadrons:1 adjacent_place:Messina "
    "fortresses:Malta (Hospitallers), Corfu (Papacy) ports:2"
)
SQUADRON_MESSINA = "Eliminate a squadron (Hapsburgs) at Messina"
VP = "+1 piracy VP"
FORCE = "Force default (GM)"


@pytest.fixture
async def seated(campaign):
    """Factions joined, powers assigned to them, the Habsburgs at war, piracy VP at 3."""
    await seat_piracy(campaign, at_war=())
    war = ("/corsairs war power:hapsburg at_war:true", "gm", "Hapsburgs: at war with the Ottomans.")
    await set_up(campaign, [war, ("/corsairs vp value:3", "gm", "0 → 3")])
    return campaign


async def vp_shown(table) -> str:
    status = await table.slash("/corsairs status", as_="gm")
    return status.embed.field("Ottoman piracy VP")


async def test_op_e1_declared_in_discord_tells_the_rulebook_story(seated):
    """OP-E1 (OP-6): 2 Habsburg dice (Messina 1, Malta 1, Corfu none), `5, 2` sinks a
    corsair, 1 + 1 (Barbarossa) Ottoman dice roll `6, 5`: two hits for the Habsburgs."""
    seated.script_dice([5, 2, 6, 5])

    reply = await seated.slash(OP_E1, as_="player1")

    assert not reply.ephemeral
    embed = reply.embed
    assert embed.title == "Piracy #1 — Ionian Sea"
    assert "target: Hapsburgs" in embed.description
    assert "2 corsairs in the zone." in embed.description
    assert "Barbarossa" in embed.description
    target_dice = embed.field("Dice against the pirates — Hapsburgs: 2 dice")
    assert "1 squadron (Hapsburgs) in the adjacent port Messina: 1 die" in target_dice
    assert "Malta (Hospitallers): 1 die" in target_dice
    assert "Corfu (Papacy): no dice, no war with the Ottomans" in target_dice
    assert "Anti-piracy roll: 5, 2 → 1 hit." in target_dice
    assert "Sunk: 1 corsair; left: 1 corsair." in target_dice
    ottoman_dice = embed.field("Ottoman dice: 2 dice")
    assert "base 1, only 1 corsair" in ottoman_dice
    assert "Barbarossa: +1 for the piracy rating." in ottoman_dice
    assert "Piracy roll: 6, 5 → 2 hits." in ottoman_dice
    assert "Hapsburgs: choose the reward for hit 1 of 2." in embed.field("Rewards")
    assert embed.field("Ottoman piracy VP") == "3/10"
    assert embed.field("Piracy marker") == "Ionian Sea, turn 1"
    assert str(seated.member("player2").id) in reply.content  # the chooser is pinged
    # OP-5.4-5.6: a squadron in range, a card (hand unknown: a select of sizes), VP.
    assert labels(reply) == [SQUADRON_MESSINA, VP, FORCE]
    assert reply.selects[0].placeholder.startswith("Give a random card")
    assert seated.faces is not None and seated.faces.pending == []


async def test_the_target_picks_a_reward_per_hit_by_button(seated):
    """OP-6.10, OP-5.10: the Habsburg player gives the Messina squadron, then 1 VP (3 -> 4)."""
    seated.script_dice([5, 2, 6, 5])
    question = await seated.slash(OP_E1, as_="player1")

    first = await seated.click(question, SQUADRON_MESSINA, as_="player2")

    assert first.updated_message
    rewards = first.embed.field("Rewards")
    assert "Hit 1: a squadron (Hapsburgs) at Messina is eliminated." in rewards
    assert "choose the reward for hit 2 of 2" in rewards
    assert labels(first) == [VP, FORCE]  # Messina's only squadron is gone

    second = await seated.click(first, VP, as_="player2")

    rewards = second.embed.field("Rewards")
    assert "Hit 2: +1 piracy VP, 3 → 4." in rewards
    assert "Piracy #1 is resolved. Ottoman piracy VP: 4/10." in rewards
    assert second.embed.field("Ottoman piracy VP") == "4/10"
    assert second.buttons == [] and second.selects == []
    assert struck_answered(second.content)
    assert await vp_shown(seated) == "4/10"


async def ottomans_choose(seated: Table) -> None:
    """The GM sets OP-I10's `reward_chooser` to ottoman: the Ottoman player chooses."""
    await seated.slash(
        "/campaign settings set setting:ottoman_piracy.reward_chooser value:ottoman", as_="gm"
    )


async def test_the_ottoman_player_choosing_the_rewards_is_pinged_with_the_power_they_hit(seated):
    """OP-I10 with `reward_chooser` ottoman: the Ottoman player is pinged to choose, and the
    ping says the Ottomans hit the Hapsburgs, not themselves; their click is the answer."""
    await ottomans_choose(seated)
    seated.script_dice([6, 6])

    asked = await seated.slash(
        "/corsairs piracy zone:Tyrrhenian Sea target:hapsburg corsairs:2 ports:2", as_="player1"
    )

    player1 = seated.member("player1").id
    assert asked.content == (
        f"<@{player1}>: the Ottomans hit Hapsburgs 2 times. Choose a reward for each hit."
    )
    answered = await seated.click(asked, VP, as_="player1")
    assert "Hit 1: +1 piracy VP, 3 → 4." in answered.embed.field("Rewards")


async def test_with_the_ottomans_choosing_the_hand_size_select_goes_to_the_target(seated):
    """OP-I10 with `reward_chooser` ottoman, OP-I12: at the VP cap with no squadron in range,
    a card from France's unknown hand is the only reward. Only France can state its hand,
    so France is pinged and its select answers; the Ottoman player is told it is France's
    question. The select stops at 24 cards and says where a larger hand goes."""
    await ottomans_choose(seated)
    await seated.slash("/corsairs vp value:10", as_="gm")
    seated.script_dice([6, 6])
    asked = await seated.slash(
        "/corsairs piracy zone:Gulf of Lyon target:france corsairs:2 ports:2", as_="player1"
    )

    france = seated.member("player3").id
    assert asked.content == (
        f"<@{france}>: the Ottomans take a random card from the hand of France. "
        "How many cards are in your hand?"
    )
    select = asked.selects[0]
    assert select.placeholder == "How many cards are in your hand? Over 24: /corsairs hand"
    assert [o.value for o in select.options][-1] == "24"
    refused = await seated.select(asked, 0, values=["3"], as_="player1")
    assert refused.ephemeral
    assert refused.embed.description == f"This question is for France (<@{france}>)."

    seated.script_dice([2, 1])
    stated = await seated.select(asked, 0, values=["3"], as_="player3")

    rewards = stated.embed.field("Rewards")
    only = "the Ottomans take a random card, the only possible reward"
    assert f"Hit 1: {only}: d3 → card 2" in rewards
    assert f"Hit 2: {only}: d2 → card 1" in rewards
    assert stated.selects == [] and struck_answered(stated.content)


async def squadron_then_card_at_the_cap(seated: Table, faces: list[int]):
    """At the VP cap, a piracy against the Habsburgs with one of their squadrons in the zone:
    `faces` (2 Habsburg dice that miss, 2 Ottoman hits, then any card roll) give the
    squadron or a card from the unknown hand for hit 1 (OP-5.8, OP-I12). The question."""
    await seated.slash("/corsairs vp value:10", as_="gm")
    seated.script_dice(faces)
    return await seated.slash(
        "/corsairs piracy zone:Tyrrhenian Sea target:Habsburgs corsairs:2 "
        "squadrons_in_zone:1 ports:2",
        as_="player1",
    )


async def test_the_ottoman_chooser_picks_a_reward_then_the_target_is_pinged_for_its_hand(seated):
    """OP-I10 with `reward_chooser` ottoman: the Ottoman player takes the Habsburg squadron
    for hit 1 (a card would be a button: they cannot state the Habsburgs' hand); hit 2
    can only be a card from the unknown hand (VP at the cap, OP-I12), so the Habsburg player
    is pinged anew and states 25 cards with /corsairs hand, past the select's 24."""
    await ottomans_choose(seated)
    asked = await squadron_then_card_at_the_cap(seated, [1, 2, 5, 6])
    assert labels(asked) == [
        "Eliminate a squadron (Hapsburgs) in the piracy zone, Tyrrhenian Sea",
        "Take a random card from the hand of Hapsburgs",
        FORCE,
    ]
    assert asked.selects == []  # the Habsburgs' hand is theirs to state (OP-I12)

    squadron = await seated.click(asked, labels(asked)[0], as_="player1")

    assert "Hapsburgs: how many cards are in your hand?" in squadron.embed.field("Rewards")
    habsburgs = seated.member("player2").id
    ping = seated.channel_messages()[-1]
    assert ping.content == (
        f"<@{habsburgs}>: the Ottomans take a random card from the hand of Hapsburgs. "
        "How many cards are in your hand?"
    )
    refused = await seated.select(squadron, 0, values=["3"], as_="player1")
    assert refused.ephemeral and "This question is for Habsburgs (@player2)." in refused.text()
    seated.script_dice([7])
    await seated.slash("/corsairs hand cards:25", as_="player2")
    now = next(m for m in seated.channel_messages() if m.id == asked.message.id)
    assert "d25 → card 7 of the 25" in now.embed.field("Rewards")
    assert now.selects == []


async def test_the_ottoman_chooser_takes_a_card_and_only_the_target_states_its_hand(seated):
    """OP-I10 with `reward_chooser` ottoman, OP-I12: the Ottoman player takes a card from the
    Habsburgs' unknown hand. They cannot say how many cards it holds: the Habsburg player is
    pinged and states it, the card is rolled from that hand, and hit 2 is the Ottomans'
    choice again."""
    await ottomans_choose(seated)
    seated.script_dice([6, 6])
    asked = await seated.slash(
        "/corsairs piracy zone:Tyrrhenian Sea target:hapsburg corsairs:2 ports:2", as_="player1"
    )

    card = await seated.click(asked, "Take a random card from the hand of Hapsburgs", as_="player1")

    habsburgs = seated.member("player2").id
    assert seated.channel_messages()[-1].content == (
        f"<@{habsburgs}>: the Ottomans take a random card from the hand of Hapsburgs. "
        "How many cards are in your hand?"
    )
    assert "Hapsburgs: how many cards are in your hand? The Ottomans take a random card" in (
        card.embed.field("Rewards")
    )
    assert labels(card) == [FORCE]  # nothing else for the Habsburgs to pick
    refused = await seated.select(card, 0, values=["1"], as_="player1")
    assert refused.ephemeral and "This question is for Habsburgs (@player2)." in refused.text()

    seated.script_dice([2])
    stated = await seated.select(card, 0, values=["3"], as_="player2")

    rewards = stated.embed.field("Rewards")
    assert "Hit 1: the Ottomans take a random card: d3 → card 2" in rewards
    assert labels(stated) == ["Take a random card from the hand of Hapsburgs", VP, FORCE]
    player1 = seated.member("player1").id
    assert seated.channel_messages()[-1].content.startswith(f"<@{player1}>")


async def test_a_click_by_another_player_is_refused_and_changes_nothing(seated):
    """Only the target's player (or a GM) answers: the Ottoman and French players cannot."""
    seated.script_dice([5, 2, 6, 5])
    question = await seated.slash(OP_E1, as_="player1")

    intruders = (
        ("player1", "This question is for Habsburgs (@player2)."),
        ("player3", "На этот вопрос отвечает @player2 (Habsburgs)."),
    )
    await assert_only_the_asked_answer(seated, question, VP, intruders, not_gm="player2")

    assert labels(question) == [SQUADRON_MESSINA, VP, FORCE]
    assert "hit 1 of 2" in question.embed.field("Rewards")
    assert await vp_shown(seated) == "3/10"


async def test_no_vp_button_at_the_cap_and_a_card_from_a_hand_stated_by_select(seated):
    """OP-5.8, OP-I13: at 10 VP the VP reward is not offered. Hit 2 can only be a card from a
    hand of unknown size (OP-I12): the player states 4 cards, the bot rolls d4 -> 2."""
    question = await squadron_then_card_at_the_cap(seated, [1, 2, 5, 6, 2])  # d4 -> 2
    assert "1 squadron (Hapsburgs) in the piracy zone: 2 dice" in question.embed.field(
        "Dice against the pirates — Hapsburgs: 2 dice"
    )
    assert VP not in labels(question)
    assert labels(question) == [
        "Eliminate a squadron (Hapsburgs) in the piracy zone, Tyrrhenian Sea",
        FORCE,
    ]

    after_squadron = await seated.click(question, labels(question)[0], as_="player2")
    assert "how many cards are in your hand?" in after_squadron.embed.field("Rewards")
    assert after_squadron.selects[0].options[0].value == "0"  # 0: no card, the hit is lost
    unknown_hand = await seated.click(after_squadron, FORCE, as_="gm")
    assert unknown_hand.ephemeral and "(OP-I12)" in unknown_hand.text()

    done = await seated.select(after_squadron, 0, values=["4"], as_="player2")

    rewards = done.embed.field("Rewards")
    only = "the Ottomans take a random card, the only possible reward"
    assert f"Hit 2: {only}: d4 → card 2 of the 4" in rewards
    assert "until the next impulse" in rewards
    assert done.embed.field("Ottoman piracy VP") == "10/10"
    status = await seated.slash("/corsairs status", as_="player2")
    assert "The card taken in piracy #1 (Hapsburgs) cannot be played until the next impulse." in (
        status.embed.field("Stolen cards")
    )


async def test_op_e4_a_piracy_whose_corsairs_are_all_sunk_says_so_first(seated):
    """OP-E4 (OP-3.3, OP-4.1): Barbarossa and 1 corsair against a Habsburg squadron in the
    zone and a fortress: 6, 1, 5 sink the corsair and the Ottomans never roll. The story
    opens with the corsairs sunk, not with "No hits" for a roll nobody made; in Russian too."""
    seated.script_dice([6, 1, 5])
    sunk = await seated.slash(
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:1 leaders:barbarossa "
        "squadrons_in_zone:1 fortresses:1",
        as_="player1",
    )

    assert sunk.embed.description.startswith(
        "**All corsairs sunk (1) — the piracy takes nothing**"
    ), sunk.embed.description
    assert sunk.embed.color == LOSS_COLOUR.value
    assert "Barbarossa: +1" not in sunk.text()

    await seated.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    seated.script_dice([5, 6])
    line = "/corsairs piracy zone:Aegean Sea target:hapsburg corsairs:2 squadrons_in_zone:1"
    opening = (await seated.slash(line, as_="player1")).embed.description.splitlines()[0]
    assert opening == "**Потоплены все корсары (2) — пиратство ничего не принесло**"


async def test_forbidden_declarations_are_refused_with_the_clause(seated):
    """OP-I2 no corsairs, OP-1.2 the Ottomans as target, OP-1.1 not the Ottoman player,
    OP-1.4 a zone already used this turn: ephemeral, no die rolled, nothing changes."""
    seated.script_dice([6, 6])  # both Habsburg dice hit: the single corsair is sunk
    sunk = await seated.slash(
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:1 squadrons_in_zone:1",
        as_="player1",
    )
    assert "No corsair survived" in sunk.embed.field("Ottoman dice: 0 dice")
    assert sunk.buttons == []

    refusals = {
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2": "(OP-1.4)",
        "/corsairs piracy zone:Aegean Sea target:hapsburg corsairs:0": "(OP-I2)",
        "/corsairs piracy zone:Aegean Sea target:Ottomans corsairs:2": "(OP-1.2)",
    }
    for line, clause in refusals.items():
        refused = await seated.slash(line, as_="player1")
        assert refused.ephemeral and clause in refused.text(), refused.text()
    not_ottoman = await seated.slash(
        "/corsairs piracy zone:Aegean Sea target:france corsairs:2", as_="player2"
    )
    assert not_ottoman.ephemeral and "Only the Ottoman player" in not_ottoman.text()

    assert seated.faces is not None and seated.faces.pending == []
    status = await seated.slash("/corsairs status", as_="gm")
    assert status.embed.field("Piracy markers this turn") == "Ionian Sea (1 piracy)"


async def test_the_turn_status_before_set_up_says_what_the_gm_records_next(table):
    """`/turn status` of an Ottoman piracy nobody has set up says what to record first, with
    the command, instead of "Nothing to wait for."; step by step, then the impulse and the
    piracy, then (a power at war) the first Ottoman impulse, and once it is started it waits
    for nothing (OP-1.1, OP-2.3, OP-I2)."""
    await table.slash("/campaign create name:Med rulesets:ottoman_piracy", as_="gm")
    synced = next(c for c in table.commands if c.name == "corsairs")

    fresh = await table.slash("/turn status", as_="player1")
    assert fresh.embed.field("Ottoman piracy") == (
        f"Still to set up: a GM records who plays the Ottomans: </corsairs power:{synced.id}> "
        "with power:ottoman and player:@…"
    )
    await seat_piracy(table, at_war=(), impulse=False)
    seated = await table.slash("/turn status", as_="player1")
    step = seated.embed.field("Ottoman piracy")
    assert step.startswith("Still to set up: a GM records each power at war with the Ottomans")
    assert f"</corsairs impulse:{synced.id}>" in step
    assert f"</corsairs piracy:{synced.id}>" in step
    await table.slash("/corsairs war power:hapsburg at_war:true", as_="gm")
    at_war = await table.slash("/turn status", as_="player1")
    assert at_war.embed.field("Ottoman piracy") == (
        f"Still to set up: a GM starts the Ottomans' impulse with </corsairs impulse:{synced.id}>"
        f" and power:ottoman: the Ottoman player declares piracy with </corsairs piracy:"
        f"{synced.id}> only in it."
    )
    await table.slash("/corsairs impulse power:ottoman", as_="gm")
    ready = await table.slash("/turn status", as_="player1")
    assert ready.embed.field("Ottoman piracy") == "Nothing to wait for."


async def test_turn_end_clears_the_markers(seated):
    """OP-1.4, OP-I3: markers last for the turn; the GM's /turn end removes them."""
    seated.script_dice([6, 6])
    await seated.slash(
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:1 squadrons_in_zone:1",
        as_="player1",
    )
    question = await seated.slash("/turn end", as_="gm")

    ended = await seated.click(question, "End turn 1", as_="gm")

    summary = next(e for m in ended.followups for e in m.embeds if "Ottoman piracy" in e["title"])
    assert "Piracy marker removed from 1 sea zone." in summary["description"]
    status = await seated.slash("/corsairs status", as_="gm")
    assert status.embed.title == "Ottoman piracy — turn 2"
    assert status.embed.field("Piracy markers this turn") == "No piracy declared this turn."
    # The turn's impulses ended with it: the next piracy waits for the Ottomans' (OP-I2).
    line = "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:1"
    refused = await refused_alone(seated, line, "player1")
    assert "a GM starts their impulse with /corsairs impulse power:ottoman" in refused
    await seated.slash("/corsairs impulse power:ottoman", as_="gm")
    seated.script_dice([1, 1])
    again = await seated.slash(line, as_="player1")
    assert not again.ephemeral and again.embed.title == "Piracy #2 — Ionian Sea"


async def test_piracy_before_any_impulse_is_refused_saying_who_starts_it_and_how(campaign):
    """OP-I2: the Ottomans must be the active power. Before the GM starts any impulse the
    declaration is refused to the Ottoman player alone, with the command that starts
    theirs, and nothing is rolled; once the GM has started it the same declaration plays.
    In another power's impulse the refusal says the Ottomans are not active."""
    await seat_piracy(campaign, impulse=False)
    campaign.script_dice([5, 2, 6, 5])

    refused = await refused_alone(campaign, OP_E1, "player1")

    assert refused == (
        "No impulse has been started this turn, and piracy is declared only when the "
        "Ottomans are the active power (OP-I2): a GM starts their impulse with "
        "/corsairs impulse power:ottoman, then the piracy can be declared."
    )
    status = await campaign.slash("/corsairs status", as_="gm")
    assert status.embed.field("Piracy markers this turn") == "No piracy declared this turn."
    await campaign.slash("/corsairs impulse power:hapsburg", as_="gm")
    other = await refused_alone(campaign, OP_E1, "player1")
    assert other.startswith("Piracy is declared only when the Ottomans are the active power")
    await campaign.slash("/corsairs impulse power:ottoman", as_="gm")
    story = await campaign.slash(OP_E1, as_="player1")
    assert not story.ephemeral and story.embed.title == "Piracy #1 — Ionian Sea"
    assert campaign.faces is not None and campaign.faces.pending == []


async def test_a_restart_between_the_question_and_the_click_loses_nothing(seated):
    """The pending choice lives in the database: the button still answers after a restart."""
    seated.script_dice([5, 2, 6, 5])
    question = await seated.slash(OP_E1, as_="player1")

    await seated.restart()
    answered = await seated.click(question, VP, as_="player2")

    assert "Hit 1: +1 piracy VP, 3 → 4." in answered.embed.field("Rewards")
    assert "hit 2 of 2" in answered.embed.field("Rewards")
    assert labels(answered) == [SQUADRON_MESSINA, VP, FORCE]


async def test_a_gm_forces_the_default_for_a_player_who_is_away(seated):
    """OP-I10: every hit left gets the first possible reward in the order VP, squadron, card."""
    seated.script_dice([5, 2, 6, 5])
    question = await seated.slash(OP_E1, as_="player1")

    await forced_by_button(seated, question)

    rewards = question.embed.field("Rewards")
    assert "Hit 1: +1 piracy VP, 3 → 4, forced by the GM." in rewards
    assert "Hit 2: +1 piracy VP, 4 → 5, forced by the GM." in rewards
    assert question.buttons == []
    assert await vp_shown(seated) == "5/10"


async def test_corsairs_force_command_answers_the_open_question(seated):
    """`/corsairs force` does the same from a command and takes the buttons off the question,
    which shows the settled piracy; the reply says what the GM forced, not the whole story."""
    await seated.slash("/corsairs vp value:9", as_="gm")
    seated.script_dice([5, 2, 6, 5])
    question = await seated.slash(OP_E1, as_="player1")
    refused = await seated.slash("/corsairs force", as_="player2")
    assert refused.ephemeral and "Only a GM" in refused.text()

    forced = await confirmed(seated, "/corsairs force", as_="gm")

    rewards = question.embed.field("Rewards")
    assert "Hit 1: +1 piracy VP, 9 → 10" in rewards
    assert "Hit 2: a squadron (Hapsburgs) at Messina is eliminated" in rewards
    assert question.buttons == [] and question.selects == []
    assert "Hit 2: a squadron (Hapsburgs) at Messina is eliminated" in forced.embed.description
    assert not forced.embed.fields
    nothing = await seated.slash("/corsairs force", as_="gm")
    assert nothing.ephemeral and "No piracy is waiting" in nothing.text()


async def test_russian_player_gets_russian_output(seated):
    """Player3 (ru) answers for France: the public story stays in the campaign's language
    (the reader's click does not rewrite it); once the GM makes the campaign Russian, public
    answers are Russian, and refusals are in the reader's language throughout (issue 18)."""
    await seated.slash("/corsairs vp value:9", as_="gm")
    seated.script_dice([3, 5, 6, 2, 6])  # OP-E2: no Habsburg hit; 3 Ottoman hits
    question = await seated.slash(
        "/corsairs piracy zone:Gulf of Lyon target:france corsairs:2 leaders:dragut "
        "adjacent_squadrons:1 adjacent_place:Marseille ports:2 hand:0",
        as_="player1",
    )
    assert labels(question) == ["Eliminate a squadron (France) at Marseille", VP, FORCE]

    answered = await seated.click(question, VP, as_="player3")

    assert answered.embed.title == "Piracy #1 — Gulf of Lyon"
    assert "Hit 1: +1 piracy VP, 9 → 10." in answered.embed.field("Rewards")
    entry = re.search(r"#(\d+)", answered.embed.footer).group(1)
    await seated.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    shown = await seated.slash(f"/history show entry:{entry}", as_="player3")
    rewards = shown.embed.description
    assert "Удар 1: +1 VP за пиратство, 9 → 10 (OP-5.6)." in rewards
    assert "Удар 2: уничтожена эскадра (Франция) — Marseille" in rewards
    assert "Удар 3: никакая награда невозможна, удар пропадает (OP-5.9)." in rewards
    status = await seated.slash("/корсары состояние", as_="player3")
    assert status.embed.title == "Османское пиратство — ход 1"
    assert status.embed.field("VP Османов за пиратство") == "10/10"
    refused = await seated.slash(
        "/корсары пиратство зона:Лионский залив цель:france корсары:2", as_="player3"
    )
    assert refused.ephemeral and "только игрок за Османов (OP-1.1)" in refused.text()


async def test_autocomplete_offers_sea_zones_leaders_and_targets_in_the_players_language(seated):
    zones = await seated.autocomplete("/corsairs piracy zone:Ion", as_="player1")
    assert (zones[0].name, zones[0].value) == ("Ionian Sea", "ionian_sea")
    russian = await seated.autocomplete("/корсары пиратство зона:ион", as_="player3")
    assert russian[0].name == "Ионическое море"
    leaders = await seated.autocomplete(
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2 leaders:", as_="player1"
    )
    assert [c.value for c in leaders] == ["barbarossa", "dragut", "barbarossa, dragut"]
    targets = await seated.autocomplete("/corsairs piracy zone:Ionian Sea target:hap", as_="gm")
    assert [(c.name, c.value) for c in targets] == [("Hapsburgs — Habsburgs", "hapsburg")]


async def test_the_gm_is_told_which_faction_and_player_now_play_a_power(seated):
    """`/corsairs power` names the power, the faction that now plays it and that faction's
    player (who answers its reward questions); with neither player nor faction the power is
    left to the GM; in the campaign's language."""
    player3 = seated.member("player3").id

    given = await seated.slash("/corsairs power power:venice player:@player3", as_="gm")
    cleared = await seated.slash("/corsairs power power:venice", as_="gm")
    await seated.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    russian = await seated.slash("/corsairs power power:ottoman player:@player1", as_="gm")

    assert not given.ephemeral
    assert given.embed.description == (
        f"The power Venice is now played by the faction France (<@{player3}>)."
    )
    assert cleared.embed.description == (
        "Nobody plays the power Venice now: a GM answers its reward questions."
    )
    assert russian.embed.description == (
        f"Державой «Османы» теперь играет фракция «Ottomans» (<@{seated.member('player1').id}>)."
    )
    status = await seated.slash("/corsairs status", as_="gm")
    assert "Венеция" not in status.embed.field("Державы и игроки")


async def test_only_a_gm_keeps_the_books(seated):
    for line in (
        "/corsairs war power:france at_war:true",
        "/corsairs vp value:5",
        "/corsairs power power:venice player:@player3",
    ):
        refused = await seated.slash(line, as_="player1")
        assert refused.ephemeral and "Only a GM" in refused.text()
    with pytest.raises(ClientRefused):
        await seated.slash("/corsairs vp value:101", as_="gm")
    over = await seated.slash("/corsairs vp value:11", as_="gm")
    assert over.ephemeral and "(OP-5.8)" in over.text()
    assert await vp_shown(seated) == "3/10"


async def test_a_stated_hand_gives_a_card_button_and_the_next_impulse_frees_the_card(seated):
    """OP-I12: with the hand stated (/corsairs hand) the card is a plain button, rolled 1dH;
    OP-5.5: the stolen card is locked until the next impulse (/corsairs impulse)."""
    stated = await seated.slash("/corsairs hand cards:3", as_="player2")
    assert "Hapsburgs: 3 cards in hand." in stated.embed.description
    seated.script_dice([5, 6, 2])  # no Habsburg dice; 2 Ottoman hits; d3 -> 2
    question = await seated.slash(
        "/corsairs piracy zone:Adriatic Sea target:hapsburg corsairs:2 ports:2", as_="player1"
    )
    assert "no anti-piracy dice, step 3 is skipped" in question.embed.field(
        "Dice against the pirates — Hapsburgs: 0 dice"
    )
    assert labels(question) == ["Give a random card", VP, FORCE]

    card = await seated.click(question, "Give a random card", as_="player2")

    assert "d3 → card 2 of the 3" in card.embed.field("Rewards")
    done = await seated.click(card, VP, as_="player2")
    assert "Hit 2: +1 piracy VP, 3 → 4." in done.embed.field("Rewards")
    impulse = await seated.slash("/corsairs impulse power:hapsburg", as_="gm")
    assert (
        "The card the Ottomans took in piracy #1 (Hapsburgs) can now be played."
        in impulse.embed.description
    )


async def test_a_reward_question_pings_only_the_power_that_chooses(seated):
    """OP-5.3: the Habsburgs' player is asked to choose; nobody else is notified."""
    seated.script_dice([5, 2, 6, 5])

    reply = await seated.slash(OP_E1, as_="player1")

    assert reply.pings == {"player2"}


def test_the_piracy_input_holds_exactly_the_commands_options():
    """`/corsairs piracy` builds its PiracyInput from the options as given: the two must name
    the same options, with the same defaults."""
    from cogs.ottoman_piracy.commands import OttomanPiracyCog
    from cogs.ottoman_piracy.input import PiracyInput

    command = OttomanPiracyCog.piracy
    fields = {f.name: f.default for f in dataclasses.fields(PiracyInput)}
    options = {
        p.name: p.default if not p.required else dataclasses.MISSING for p in command.parameters
    }
    assert options == fields


# --- review findings 3, 19, 21, 29 -------------------------------------------------------------


async def test_a_hostile_sea_zone_name_shows_literally(seated):
    """A custom zone's name never renders Markdown or a role pill, and a right-to-left
    override is stripped: in the title, the story and the piracy marker."""
    seated.script_dice([1, 1])
    reply = await seated.slash(
        "/corsairs piracy zone:**Evil** \u202eaes <@&5> target:hapsburg corsairs:1 ports:1",
        as_="player1",
    )
    literal = "\\*\\*Evil\\*\\* aes <\u200b@&5>"
    assert reply.embed.title == f"Piracy #1 — {literal}"
    assert f"Piracy #1 in {literal}; target: Hapsburgs." in reply.embed.description
    assert reply.embed.field("Piracy marker") == f"{literal}, turn 1"
    assert "\u202e" not in reply.text() and "<@&5>" not in reply.text()


async def test_a_zone_with_a_zero_width_space_is_the_same_zone(seated):
    """OP-1.4: `Ion\u200bian Sea` is the Ionian Sea, whose marker is already placed."""
    seated.script_dice([1, 1])
    await seated.slash(
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:1 ports:1", as_="player1"
    )
    again = await seated.slash(
        "/corsairs piracy zone:ion\u200bian sea target:hapsburg corsairs:1 ports:1",
        as_="player1",
    )
    assert again.ephemeral and "piracy marker is there (OP-1.4)" in again.text()


async def test_a_non_ottoman_player_is_refused_for_who_they_are_first(seated):
    """OP-1.1 before OP-5.3: while piracy #1 awaits its rewards, the Habsburg player is told
    that only the Ottoman player declares piracy, not that a piracy is pending."""
    seated.script_dice([1, 1, 6, 6])
    await seated.slash(OP_E1, as_="player1")

    refused = await seated.slash(
        "/corsairs piracy zone:Aegean target:france corsairs:2 ports:1", as_="player2"
    )

    assert refused.ephemeral
    assert "Only the Ottoman player declares piracy (OP-1.1)" in refused.text()


async def test_the_outcome_line_reads_right_for_a_plural_power_name(seated):
    """OP-5.3: the chooser of several rewards is named so that plural names read right."""
    seated.script_dice([1, 1, 6, 6])
    reply = await seated.slash(OP_E1, as_="player1")
    assert reply.embed.description.startswith("**2 hits — 2 rewards for Hapsburgs to choose**")


async def test_ports_left_out_count_as_one_and_the_option_says_what_that_costs(seated):
    """OP-1.2, OP-4.2: a target has at least one port on the zone, so `ports` defaults to 1,
    the fewest a valid target has; with 2 corsairs left that is 1 base die, not 2. The
    option says so in both languages, and the story gives the reason."""
    piracy = next(o for o in seated.command("corsairs")["options"] if o["name"] == "piracy")
    ports = next(o for o in piracy["options"] if o["name"] == "ports")
    assert ports["description"].endswith("(default 1: then 1 Ottoman base die, OP-4.2)")
    assert "1 базовая кость" in ports["description_localizations"]["ru"]
    seated.script_dice([6, 6])

    declared = await seated.slash(
        "/corsairs piracy zone:Tyrrhenian Sea target:hapsburg corsairs:2", as_="player1"
    )

    assert "base 1, only 1 target port adjacent" in declared.embed.field("Ottoman dice: 1 die")


EMPTY_HAND = (
    "Hapsburgs: no cards in hand, so no card can be drawn from that hand: each hit gets "
    "another reward, or is lost if none is possible."
)


async def test_an_empty_hand_picked_in_the_select_says_no_card_can_be_drawn(seated):
    """OP-5.7, OP-5.9, OP-I12: at the VP cap the Habsburgs give their squadron for hit 1; a
    card from their unknown hand is all that is left for hit 2, and the player picks 0 cards
    in the select. The story says the hand is empty, so no card can be drawn, and hit 2 is
    lost."""
    question = await squadron_then_card_at_the_cap(seated, [1, 2, 5, 6])
    after_squadron = await seated.click(question, labels(question)[0], as_="player2")

    empty = await seated.select(after_squadron, 0, values=["0"], as_="player2")

    assert empty.embed.field("Rewards").split("\n") == [
        EMPTY_HAND,
        "Hit 1: a squadron (Hapsburgs) in the piracy zone, Tyrrhenian Sea, is eliminated.",
        "Hit 2: no reward is possible, the hit is lost.",
        "Piracy #1 is resolved. Ottoman piracy VP: 10/10.",
    ]
    assert empty.selects == [] and struck_answered(empty.content)


async def test_an_empty_hand_stated_with_corsairs_hand_says_no_card_can_be_drawn(seated):
    """OP-5.7, OP-I12: with the Habsburgs' reward question open, their player states 0 cards
    with /corsairs hand. The reply says the hand is empty, so no card can be drawn: VP is
    then the only reward, for both hits; the question's message tells the same."""
    seated.script_dice([6, 6])
    question = await seated.slash(
        "/corsairs piracy zone:Tyrrhenian Sea target:hapsburg corsairs:2 ports:2", as_="player1"
    )

    stated = await seated.slash("/corsairs hand cards:0", as_="player2")

    assert stated.embed.description.split("\n") == [
        EMPTY_HAND,
        "Hit 1: +1 piracy VP, 3 → 4, the only possible reward.",
        "Hit 2: +1 piracy VP, 4 → 5, the only possible reward.",
        "Piracy #1 is resolved. Ottoman piracy VP: 5/10.",
    ]
    redrawn = next(m for m in seated.channel_messages() if m.id == question.message.id)
    assert redrawn.embed.field("Rewards").startswith(EMPTY_HAND + "\nHit 1: +1 piracy VP")


async def test_an_empty_hand_declared_in_russian_says_no_card_can_be_drawn(seated):
    """OP-5.7, OP-5.9, OP-I12: the piracy is declared with `hand:0` in a Russian campaign at
    the VP cap: the story says in Russian that the Habsburgs hold no cards, so no card can be
    drawn, and both hits are lost."""
    await seated.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await seated.slash("/corsairs vp value:10", as_="gm")
    seated.script_dice([6, 6])

    declared = await seated.slash(
        "/corsairs piracy zone:Tyrrhenian Sea target:hapsburg corsairs:2 ports:2 hand:0",
        as_="player1",
    )

    rewards = declared.embed.field("Награды").split("\n")
    assert rewards[0] == (
        "У державы «Габсбурги» на руке нет карт, поэтому вытянуть карту нельзя: за каждый удар "
        "берётся другая награда, а если никакой нет, удар пропадает."
    )
    assert rewards[1] == "Удар 1: никакая награда невозможна, удар пропадает."


async def test_an_undone_hand_answer_strikes_its_title(seated):
    """OP-I12: the answer to the piracy's hand-size question (/corsairs hand) is titled with
    the piracy and the hand, so when a GM undoes it the struck title still says which answer
    was undone; in Russian too."""
    seated.script_dice([6, 6])
    await seated.slash(
        "/corsairs piracy zone:Tyrrhenian Sea target:hapsburg corsairs:2 ports:2", as_="player1"
    )
    stated = await seated.slash("/corsairs hand cards:3", as_="player2")
    assert stated.embed.title == "Piracy #1 — cards in the hand of Hapsburgs"
    assert stated.embed.description.startswith("Hapsburgs: 3 cards in hand.")

    await undo(seated, "wrong hand")

    struck = next(m for m in seated.channel_messages() if m.id == stated.message.id)
    assert struck.embed.title == "~~Piracy #1 — cards in the hand of Hapsburgs~~"
    assert "Hapsburgs: 3 cards in hand." in struck.embed.description

    await seated.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    russian = await seated.slash("/corsairs hand cards:2", as_="player2")
    assert russian.embed.title == "Пиратство №1 — карты на руке державы «Габсбурги»"
    await undo(seated, "ошибка", confirm="Отменить")
    struck = next(m for m in seated.channel_messages() if m.id == russian.message.id)
    assert struck.embed.title == "~~Пиратство №1 — карты на руке державы «Габсбурги»~~"


async def test_a_power_given_to_another_player_moves_its_open_question_to_them(seated):
    """OP-5.3, OP-I10: the Habsburgs are asked their rewards; the GM gives the Habsburg power
    to player3 (France) with /corsairs power. The open question now pings player3, whose
    click answers it; player2's click is refused as someone else's question. An undo of the
    power change gives the question back to player2."""
    seated.script_dice([5, 2, 6, 5])
    question = await seated.slash(OP_E1, as_="player1")
    habsburgs, france = (seated.member(p).id for p in ("player2", "player3"))
    assert question.content.startswith(f"<@{habsburgs}>: the Ottomans hit Hapsburgs 2 times.")

    given = await seated.slash("/corsairs power power:hapsburg player:@player3", as_="gm")

    assert given.embed.description.startswith(
        f"The power Hapsburgs is now played by the faction France (<@{france}>)."
    )
    asked = next(m for m in seated.channel_messages() if m.id == question.message.id)
    ping = f"<@{france}>: the Ottomans hit Hapsburgs 2 times. Choose a reward for each hit."
    assert asked.content == ping
    pinged = seated.channel_messages()[-1]
    assert pinged.content == ping  # an edit notifies nobody: a ping of its own
    assert labels(asked) == [SQUADRON_MESSINA, VP, FORCE]
    refused = await seated.click(asked, VP, as_="player2")
    assert refused.ephemeral
    assert refused.embed.description == f"This question is for France (<@{france}>)."
    assert "hit 1 of 2" in asked.embed.field("Rewards")

    answered = await seated.click(asked, VP, as_="player3")

    assert "Hit 1: +1 piracy VP, 3 → 4." in answered.embed.field("Rewards")
    assert "Hapsburgs: choose the reward for hit 2 of 2." in answered.embed.field("Rewards")
    assert answered.content.startswith(f"<@{france}>: the Ottomans hit Hapsburgs")
    done = await seated.click(answered, SQUADRON_MESSINA, as_="player3")
    assert "Piracy #1 is resolved." in done.embed.field("Rewards")
    marked = next(m for m in seated.channel_messages() if m.id == pinged.id)
    assert struck_answered(marked.content), marked.content

    for _ in range(3):  # the two answers, then the power change
        await undo(seated, "wrong player")
    assert seated.channel_messages()[-1].content == (  # asked again: a ping of its own
        f"<@{habsburgs}>: the Ottomans hit Hapsburgs 2 times. Choose a reward for each hit."
    )
    back = next(m for m in seated.channel_messages() if m.id == question.message.id)
    assert labels(back) == [SQUADRON_MESSINA, VP, FORCE]
    refused = await seated.click(back, VP, as_="player3")
    assert refused.ephemeral  # player3 reads Russian
    assert refused.embed.description == f"На этот вопрос отвечает <@{habsburgs}> (Habsburgs)."
    again = await seated.click(back, VP, as_="player2")
    assert "Hit 1: +1 piracy VP, 3 → 4." in again.embed.field("Rewards")


async def test_a_power_given_to_another_faction_of_its_player_moves_its_question_there(seated):
    """OP-5.3, OP-I10: player2 plays a second faction, Austria; the Habsburgs are asked their
    rewards and the GM gives the Habsburg power to Austria. The question stays player2's,
    now for Austria: player3's click is told it is Austria's, player2 may give up the
    Habsburg faction but not Austria while it waits. An undo makes it the Habsburgs' again."""
    await set_up(
        seated,
        [
            ("/campaign settings set setting:core.factions_per_player value:2", "gm"),
            ("/campaign join faction:Austria", "player2"),
        ],
    )
    seated.script_dice([5, 2, 6, 5])
    question = await seated.slash(OP_E1, as_="player1")
    player2 = seated.member("player2").id

    await set_up(seated, [("/corsairs power power:hapsburg faction:Austria", "gm", "Austria")])

    asked = next(m for m in seated.channel_messages() if m.id == question.message.id)
    refused = await seated.click(asked, VP, as_="player3")
    assert refused.ephemeral  # player3 reads Russian
    assert refused.embed.description == f"На этот вопрос отвечает <@{player2}> (Austria)."
    owes = await seated.slash("/campaign leave faction:Austria", as_="player2")
    assert owes.ephemeral
    assert "Austria" in owes.embed.description, owes.text()
    left = await seated.slash("/campaign leave faction:Habsburgs", as_="player2")
    assert not left.ephemeral, left.text()

    await undo(seated, "wrong faction")  # the leave
    await undo(seated, "wrong faction")  # the power change
    refused = await seated.click(asked, VP, as_="player3")
    assert refused.embed.description == f"На этот вопрос отвечает <@{player2}> (Habsburgs)."
    answered = await seated.click(asked, VP, as_="player2")
    assert "Hit 1: +1 piracy VP, 3 → 4." in answered.embed.field("Rewards")
