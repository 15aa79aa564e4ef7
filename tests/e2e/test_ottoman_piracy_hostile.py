"""Ottoman piracy as a hostile player and GM would play it: mistyped counts, undone
rewards and hostile names, each through the stand-in as a player would see it.

Player1 plays the Ottomans, player2 the Habsburgs (at war with the Ottomans), player3
France (in Russian). Faces are scripted: anti-piracy roll, piracy roll, then card rolls.
"""

from __future__ import annotations

import json

import pytest

from .confirming import confirmed
from .play import refused_alone
from .play import seat_piracy
from .test_click_outbox import message
from .test_core_refusals_text import ZW
from .test_core_refusals_text import refusal
from .test_ottoman_piracy import OP_E1

VP = "+1 piracy VP"


async def test_a_negative_fortress_count_is_refused_not_read_as_a_fortress(seated):
    """OP-2.4: `fortresses:-3` is a count below 0, refused; it does not become a fortress
    named "-3" that gives France an anti-piracy die."""
    seated.script_dice([1, 1])

    refused = await seated.slash(
        "/corsairs piracy zone:Adriatic Sea target:france corsairs:2 fortresses:-3",
        as_="player1",
    )

    assert refused.ephemeral, refused.text()
    assert "fortresses cannot be fewer than 0" in refused.text()
    status = await seated.slash("/corsairs status", as_="player1")
    assert "No piracy declared this turn." in status.text()


async def test_squadrons_placed_in_the_piracy_zone_as_adjacent_are_refused(seated):
    """OP-2.2, OP-2.3: a Habsburg squadron "adjacent" in the Ionian Sea while the piracy is in
    the Ionian Sea (or its Russian name) would give 1 die instead of the 2 a squadron in the
    zone gives: refused, pointing to squadrons_in_zone:, and no die is rolled."""
    for place in ("Ionian Sea", "Ионическое море"):
        said = await refused_alone(
            seated,
            "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2 adjacent_squadrons:1 "
            f"adjacent_place:{place}",
            "player1",
        )
        assert said.startswith(f"adjacent_place: “{place}” is the piracy zone itself"), said
        assert "squadrons_in_zone: (2 dice each, OP-2.2)" in said

    status = await seated.slash("/corsairs status", as_="player1")
    assert "No piracy declared this turn." in status.text()


async def test_an_undone_reward_asks_that_hit_again_in_the_piracy_message(seated):
    """OP-5.3, OP-I10: France answers hit 1 of 4 with VP (3 → 4), a GM undoes it: the piracy's
    message shows hit 1 asked again, VP back at 3, and France answers it once more."""
    await seated.slash("/corsairs vp value:3", as_="gm")
    seated.script_dice([6, 6, 6, 6])
    asked = await seated.slash(
        "/corsairs piracy zone:Aegean Sea target:france corsairs:3 leaders:dragut ports:3",
        as_="player1",
    )
    answered = await seated.click(asked, VP, as_="player3")
    assert "Hit 1: +1 piracy VP, 3 → 4." in answered.embed.field("Rewards")

    undo = await seated.slash("/history undo reason:wrong button", as_="gm")
    await seated.click(undo, "Undo", as_="gm")

    again = message(seated, asked.message.id)
    rewards = again.embed.field("Rewards")
    assert "Hit 1:" not in rewards
    assert "France: choose the reward for hit 1 of 4." in rewards
    assert again.embed.field("Ottoman piracy VP") == "3/10"
    assert VP in [b.label for b in again.buttons]

    reanswered = await seated.click(again, VP, as_="player3")
    assert "Hit 1: +1 piracy VP, 3 → 4." in reanswered.embed.field("Rewards")
    assert "France: choose the reward for hit 2 of 4." in reanswered.embed.field("Rewards")
    status = await seated.slash("/corsairs status", as_="gm")
    assert status.embed.field("Ottoman piracy VP") == "4/10"


async def test_war_named_by_the_faction_that_plays_a_power_records_that_power(campaign):
    """OP-2.3: the GM names France by the faction that plays it, "Paris" (as /corsairs
    piracy's target may be named): France goes to war; no new power "paris" appears."""
    cast = (("player1", "Porte", "ottoman"), ("player3", "Paris", "france"))
    await seat_piracy(campaign, cast=cast, at_war=())

    told = await campaign.slash("/corsairs war power:Paris at_war:true", as_="gm")

    assert "France: at war with the Ottomans." in told.embed.description
    status = await campaign.slash("/corsairs status", as_="gm")
    assert status.embed.field("At war with the Ottomans") == "France"


async def test_a_lost_hit_is_not_told_as_a_reward_taken(seated):
    """OP-E2 (OP-5.7-5.9): 3 hits on France at 9 VP with an empty hand: VP 9 → 10, the
    squadron, and hit 3 lost. The story opens with 2 rewards taken, not 3."""
    await seated.slash("/corsairs vp value:9", as_="gm")
    seated.script_dice([3, 5, 6, 2, 6])
    asked = await seated.slash(
        "/corsairs piracy zone:Gulf of Lyon target:france corsairs:2 leaders:dragut ports:2 "
        "adjacent_squadrons:1 adjacent_place:Marseille hand:0",
        as_="player1",
    )

    done = await seated.click(asked, VP, as_="player3")

    assert done.embed.description.startswith(
        "**3 hits — 2 rewards taken from France, no reward possible for the rest**"
    )
    assert "Hit 3: no reward is possible" in done.embed.field("Rewards")


async def test_a_piracy_whose_every_hit_is_lost_says_nothing_was_taken(seated):
    """OP-5.9: at 10 VP, with no cards and no squadron in range, both hits are lost: the
    story says France has nothing to give, coloured as a piracy that took nothing."""
    await seated.slash("/corsairs vp value:10", as_="gm")
    seated.script_dice([6, 6])
    told = await seated.slash(
        "/corsairs piracy zone:Gulf of Lyon target:france corsairs:2 ports:2 hand:0",
        as_="player1",
    )

    assert told.embed.description.startswith(
        "**2 hits — no reward possible: France has nothing to give**"
    )
    seated.script_dice([1, 1])
    no_hits = await seated.slash(
        "/corsairs piracy zone:Adriatic Sea target:france corsairs:2 ports:2 hand:0",
        as_="player1",
    )
    assert no_hits.embed.description.startswith("**No hits")
    assert told.embed.raw["color"] == no_hits.embed.raw["color"]


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ("adjacent_place:Marseille", "adjacent_place: says where adjacent_squadrons: are"),
        # OP-I4: the ally's squadrons in the zone itself are the other count it may go with.
        ("ally:hapsburg", "zone itself with allied_squadrons_in_zone: (OP-I4)."),
    ],
)
async def test_a_place_or_ally_without_its_squadrons_is_refused_before_any_die(
    seated, options, says
):
    """OP-2.3: a place (or an ally) typed without how many squadrons are there would give
    the target no die for them: the declaration is refused, nothing is rolled or marked."""
    seated.script_dice([1, 1])

    refused = await seated.slash(
        f"/corsairs piracy zone:Gulf of Lyon target:france corsairs:2 ports:2 {options}",
        as_="player1",
    )

    assert refused.ephemeral, refused.text()
    assert says in refused.text()
    assert seated.faces is not None and seated.faces.pending == [1, 1]  # nothing rolled
    status = await seated.slash("/corsairs status", as_="player1")
    assert "No piracy declared this turn." in status.text()


async def test_typed_names_quoted_in_piracy_refusals_read_as_typed(seated):
    """An unknown target, naval leader or fortress, or a zone without corsairs, is quoted
    back exactly as typed: no bold, no mention pill, no @everyone."""
    said = await refusal(
        seated,
        "/corsairs piracy zone:Gulf of Lyon target:**<@123>** @everyone corsairs:2",
        as_="player1",
    )
    assert said.startswith(f"Unknown power “\\*\\*<{ZW}@123>\\*\\* @{ZW}everyone”. Known: ")

    said = await refusal(
        seated,
        "/corsairs piracy zone:Gulf of Lyon target:france corsairs:2 leaders:**nelson**",
        as_="player1",
    )
    assert said.startswith("Unknown naval leader “\\*\\*nelson\\*\\*”. Known: Barbarossa, Dragut")

    said = await refusal(
        seated,
        "/corsairs piracy zone:Gulf of Lyon target:france corsairs:2 fortresses:**T** (a(b))",
        as_="player1",
    )
    assert said.startswith("Could not read the fortress “\\*\\*T\\*\\* (a(b))”.")

    said = await refusal(
        seated, "/corsairs piracy zone:<@&5> **x** target:france corsairs:0", as_="player1"
    )
    assert said.startswith(
        f"There are no corsairs in <{ZW}@&5> \\*\\*x\\*\\* to start piracy (OP-I2). "
    )


async def test_an_unknown_faction_for_a_power_reads_as_typed(seated):
    said = await refusal(
        seated, "/corsairs power power:venice faction:**Doge** @everyone", as_="gm"
    )
    assert said == (
        f"There is no faction “\\*\\*Doge\\*\\* @{ZW}everyone” in this campaign. "
        "Factions: France, Habsburgs, Ottomans."
    )


async def test_war_for_a_mistyped_power_is_refused_instead_of_inventing_one(seated):
    """OP-2.3: "hapsbrug" is no power: the GM is told the known ones, and no power named
    "hapsbrug" goes to war (its squadrons would never defend anyone)."""
    said = await refusal(seated, "/corsairs war power:hapsbrug at_war:true", as_="gm")
    assert said.startswith("Unknown power “hapsbrug”. Known: ")
    status = await seated.slash("/corsairs status", as_="gm")
    assert status.embed.field("At war with the Ottomans") == "Hapsburgs"


async def test_war_for_a_power_the_gm_registered_is_recorded(seated):
    """A power of the GM's own, once registered with /corsairs power, may go to war."""
    await seated.slash("/corsairs power power:Knights of Rhodes player:@player2", as_="gm")
    told = await seated.slash("/corsairs war power:Knights of Rhodes at_war:true", as_="gm")
    assert not told.ephemeral, told.text()
    status = await seated.slash("/corsairs status", as_="gm")
    assert "Knights of Rhodes" in status.embed.field("At war with the Ottomans")


async def test_russian_status_lists_powers_in_the_russian_alphabet(seated):
    """Player3 reads Russian: the powers at war and the powers' players are listed in the
    order of their Russian names (Габсбурги before Франция), not of their English keys."""
    await seated.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await seated.slash("/corsairs war power:france at_war:true", as_="gm")

    status = await seated.slash("/corsairs status", as_="player3")

    assert status.embed.field("Воюют с Османами") == "Габсбурги, Франция"
    players = status.embed.field("Державы и игроки").splitlines()
    assert [line.split(":")[0] for line in players] == ["Габсбурги", "Османы", "Франция"]


async def test_a_gm_settles_a_question_whose_hit_is_ahead_of_the_piracy(seated):
    """OP-I10: the release before one question a hit kept one question and moved its hit on;
    such a question undone after the upgrade names hit 2 while the piracy waits for hit 1.
    `/corsairs force` still settles the piracy: the GM's default for whatever hit waits."""
    await seated.slash("/corsairs vp value:9", as_="gm")
    seated.script_dice([5, 2, 6, 5])
    await seated.slash(OP_E1, as_="player1")
    service = seated.bot.service
    found = await service.by_channel(seated.channel().id)
    (choice,) = await service.open_choices(found.id)
    async with service.db.transaction() as conn:  # the old release's question, one hit on
        await conn.execute(
            "UPDATE pending_choices SET payload = ? WHERE id = ?",
            (json.dumps({**choice.payload, "hit": 2}), choice.id),
        )

    forced = await confirmed(seated, "/corsairs force", as_="gm")

    assert not forced.ephemeral, forced.text()
    assert "Hit 1: +1 piracy VP, 9 → 10" in forced.embed.description
    nothing = await seated.slash("/corsairs force", as_="gm")
    assert nothing.ephemeral and "No piracy is waiting" in nothing.text()


async def test_a_hand_stated_while_the_question_waits_redraws_it_with_a_card_button(seated):
    """OP-I12: the Habsburgs are asked for hit 1 with their hand unknown (a select of hand
    sizes); their player then states 3 cards with /corsairs hand: the question in the piracy's
    message offers the card from that hand as a plain button, and it is rolled 1d3."""
    seated.script_dice([5, 2, 6, 5])
    asked = await seated.slash(OP_E1, as_="player1")
    assert asked.selects and asked.selects[0].placeholder.startswith("Give a random card")

    stated = await seated.slash("/corsairs hand cards:3", as_="player2")
    assert "Hapsburgs: 3 cards in hand." in stated.embed.description

    redrawn = message(seated, asked.message.id)
    assert redrawn.selects == []
    assert [b.label for b in redrawn.buttons] == [
        "Eliminate a squadron (Hapsburgs) at Messina",
        "Give a random card",
        VP,
        "Force default (GM)",
    ]
    assert "Hapsburgs: choose the reward for hit 1 of 2." in redrawn.embed.field("Rewards")
    seated.script_dice([2])
    card = await seated.click(redrawn, "Give a random card", as_="player2")
    assert "d3 → card 2 of the 3" in card.embed.field("Rewards")


async def test_a_hand_stated_when_the_piracy_waits_only_for_it_takes_the_card(seated):
    """OP-5.9, OP-I12: at the VP cap, after the squadron only a card from a hand of unknown
    size is left and the question asks for the hand; the Habsburg player states 4 cards with
    /corsairs hand: the card is taken at once (d4 → 2) and the question closes."""
    await seated.slash("/corsairs vp value:10", as_="gm")
    seated.script_dice([1, 2, 5, 6])
    asked = await seated.slash(
        "/corsairs piracy zone:Tyrrhenian Sea target:Habsburgs corsairs:2 "
        "squadrons_in_zone:1 ports:2",
        as_="player1",
    )
    waits = await seated.click(asked, asked.buttons[0].label, as_="player2")
    assert "how many cards are in your hand?" in waits.embed.field("Rewards")

    seated.script_dice([2])
    await seated.slash("/corsairs hand cards:4", as_="player2")

    redrawn = message(seated, asked.message.id)
    rewards = redrawn.embed.field("Rewards")
    only = "the Ottomans take a random card, the only possible reward"
    assert f"Hit 2: {only}: d4 → card 2 of the 4" in rewards
    assert "how many cards are in your hand?" not in rewards
    assert redrawn.buttons == [] and redrawn.selects == []
    assert "Piracy #1 is resolved. Ottoman piracy VP: 10/10." in rewards


async def test_an_undone_hand_asks_for_the_hand_again_in_the_question(seated):
    """OP-I12: the hand stated with /corsairs hand is undone by a GM: the question shows the
    hand sizes again, as it was asked before the hand was stated."""
    seated.script_dice([5, 2, 6, 5])
    asked = await seated.slash(OP_E1, as_="player1")
    await seated.slash("/corsairs hand cards:3", as_="player2")
    assert message(seated, asked.message.id).selects == []

    undo = await seated.slash("/history undo reason:wrong hand", as_="gm")
    await seated.click(undo, "Undo", as_="gm")

    again = message(seated, asked.message.id)
    assert again.selects and again.selects[0].placeholder.startswith("Give a random card")
    assert "Give a random card" not in [b.label for b in again.buttons]


async def test_a_custom_power_is_shown_by_the_name_the_gm_typed(seated):
    """A power of the GM's own (OP-1.2: any power with a port may be targeted) is shown as
    the GM typed it, “Knights of Rhodes”, in the status, the war list and a piracy's story,
    never by its internal key."""
    told = await seated.slash("/corsairs power power:Knights of Rhodes player:@player2", as_="gm")
    assert "Knights of Rhodes" in told.embed.description
    war = await seated.slash("/corsairs war power:knights of rhodes at_war:true", as_="gm")
    assert "Knights of Rhodes: at war with the Ottomans." in war.embed.description
    status = await seated.slash("/corsairs status", as_="gm")
    assert "Knights of Rhodes" in status.embed.field("At war with the Ottomans")
    seated.script_dice([6, 6])
    story = await seated.slash(
        "/corsairs piracy zone:Aegean Sea target:Knights of Rhodes corsairs:2", as_="player1"
    )
    assert "target: Knights of Rhodes" in story.embed.description
    said = await refusal(seated, "/corsairs war power:Knights of Rodos at_war:true", as_="gm")
    assert "Knights of Rhodes" in said and "rhodes" not in said
    shown = story.text() + status.text() + war.text() + told.text()
    assert "knights\\_of\\_rhodes" not in shown and "knights_of_rhodes" not in shown


async def test_one_faction_cannot_play_the_ottomans_and_a_power_they_may_target(seated):
    """OP-I2, OP-1.2: the Ottomans never target themselves. Giving the Habsburgs' faction the
    Ottomans too, or the Ottomans' faction the Habsburgs, is refused, privately, nothing
    changed: the Ottoman player would declare piracy on themselves and choose their own
    rewards. A faction may still play two powers neither of which is the Ottomans."""
    both = (
        "The faction Habsburgs cannot play both the Ottomans and Hapsburgs: the Ottomans "
        "would declare piracy on themselves and choose their own rewards (OP-I2). Give one "
        "of the two powers to another faction."
    )
    said = await refusal(seated, "/corsairs power power:ottoman faction:Habsburgs")
    assert said == both
    said = await refusal(seated, "/corsairs power power:hapsburg player:@player1")
    assert said == both.replace("faction Habsburgs", "faction Ottomans")
    status = await seated.slash("/corsairs status", as_="gm")
    players = status.embed.field("Powers and players").splitlines()
    assert [line.split(" (")[0] for line in players if "Ottomans" in line] == ["Ottomans: Ottomans"]
    assert [line.split(" (")[0] for line in players if "Hapsburgs" in line] == [
        "Hapsburgs: Habsburgs"
    ]
    seated.script_dice([1, 1, 1, 1])
    story = await seated.slash(
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2 ports:2", as_="player1"
    )
    assert not story.ephemeral, story.text()

    shared = await seated.slash("/corsairs power power:france faction:Habsburgs", as_="gm")
    assert not shared.ephemeral, shared.text()
