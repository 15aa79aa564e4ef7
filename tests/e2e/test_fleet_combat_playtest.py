"""Fleet combat as a newcomer's play-test met it: a fire order naming a faction that is not
in the battle, what round 1 owes, whose dice a turn's end rolled, and the odds' decimals.

Player1 plays Red, player2 a faction whose name holds mentions and markdown, player3 Green
(reading Russian).
"""

from __future__ import annotations

import pytest

from bot.text import shown
from tests.e2e.play import refused_alone

BLUE = "Blue @everyone <@123> **bold** ||spoiler||"


@pytest.fixture
async def malta(campaign):
    """Red (3 destroyers) attacks the oddly named Blue (4 destroyers, 1 cruiser) at Malta:
    battle #1; Green has 2 destroyers there and is not in it."""
    table = campaign
    for player, faction in (("player1", "Red"), ("player2", BLUE), ("player3", "Green")):
        joined = await table.slash(f"/campaign join faction:{faction}", as_=player)
        assert not joined.ephemeral, joined.text()
    await table.slash("/combat fleet set point:Malta ships:3 destroyer", as_="player1")
    await table.slash("/combat fleet set point:Malta ships:4 destroyer, 1 cruiser", as_="player2")
    await table.slash("/combat fleet set point:Malta ships:2 destroyer", as_="player3")
    attack = await table.slash(f"/combat attack point:Malta targets:{BLUE}", as_="player1")
    assert not attack.ephemeral, attack.text()
    return table


async def test_a_fire_order_at_a_faction_not_in_the_battle_names_the_battles_factions(malta):
    """FC-5.3: "Blue: cruiser" names no faction of battle #1 (Blue's name is longer): the
    refusal says so and lists whom Red can fire at, the names escaped; a class alone still
    reads as the one opponent's."""
    reply = await malta.slash(
        "/combat order battle:1 class:destroyer target:Blue: cruiser", as_="player1"
    )
    assert reply.ephemeral
    assert reply.embed.description == (
        "There is no faction “Blue” in battle #1. "
        f"The only faction you can fire at there: {shown(BLUE)}."
    )
    assert "Unknown ship class" not in reply.text()
    spaced = await malta.slash(
        "/combat order battle:1 class:destroyer target:Green destroyers", as_="player1"
    )
    assert spaced.embed.description.startswith("There is no faction “Green” in battle #1.")
    unknown = await malta.slash(
        "/combat order battle:1 class:destroyer target:battleship", as_="player1"
    )
    assert unknown.embed.description.startswith(
        "“battleship” is neither a faction in battle #1 nor a ship class."
    )
    given = await malta.slash(
        "/combat order battle:1 class:destroyer target:cruiser", as_="player1"
    )
    assert not given.embed.description.startswith("There is no"), given.text()
    assert given.embed.description.endswith(f"→ {shown(BLUE)}'s cruiser"), given.text()


async def test_a_fire_order_at_a_stranger_is_refused_in_russian(malta):
    """The same refusal in the reader's language: Green joins the battle against Blue and
    names "Синие", who are not in it."""
    await malta.slash(f"/combat attack point:Malta targets:{BLUE}", as_="player3")
    reply = await malta.slash(
        "/combat order battle:1 class:destroyer target:Синие: крейсер", as_="player3"
    )
    assert reply.embed.description == (
        f"В бою №1 нет фракции «Синие». Стрелять там можно только по фракции {shown(BLUE)}."
    )


async def test_round_one_owes_fire_orders_and_round_two_a_retreat_too(malta):
    """FC-6.4, FC-I15: no retreat can be declared for round 1, so the turn waits for fire
    orders alone; from round 2 on, for fire orders or a retreat."""
    refused = await malta.slash("/combat retreat battle:1", as_="player1")
    assert refused.ephemeral and "Retreat cannot be declared for round 1" in refused.text()
    status = await malta.slash("/turn status", as_="gm")
    red = f"<@{malta.member('player1').id}>"
    owed = status.embed.field("Still owe a move (2)").splitlines()
    assert owed[0] == f"• {red} (**Red**): fire orders in battle #1 at Malta, round 1 (FC-I7)"
    assert "retreat" not in status.embed.field("Still owe a move (2)")

    malta.script_dice([1] * 20)  # every shot misses: round 2 follows with everyone
    question = await malta.slash("/turn end", as_="gm")
    ended = await malta.click(question, "End turn 1", as_="gm")

    [ping] = [m for m in ended.followups if "concerns you" in (m.content or "")]
    assert "fire orders or a retreat in battle #1 at Malta, round 2 (FC-I7)" in ping.content
    allowed = await malta.slash("/combat retreat battle:1", as_="player1")
    assert not allowed.ephemeral, allowed.text()


async def test_history_stats_credits_a_turn_ends_battle_dice_to_the_sides_that_rolled(malta):
    """A round at the turn's end (FC-5.10, FC-5.11): Red's attack dice and the defence die
    Red rolls against Blue's hit count for Red's player, Blue's for Blue's player; the GM,
    who only ended the turn, rolled none of them."""
    # Red's 3 destroyers at Blue's cruiser (6, 1, 1: a hit), Blue's defence (1: a wound);
    # Blue's 4 destroyers (6, 1, 1, 1: a hit), Red's defence (1); Blue's cruiser (1, 1).
    malta.script_dice([6, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1])
    question = await malta.slash("/turn end", as_="gm")
    await malta.click(question, "End turn 1", as_="gm")

    stats = await malta.slash("/history stats", as_="player3")

    red, blue = (malta.member(p).id for p in ("player1", "player2"))
    fields = {f.name: f.value.splitlines() for f in stats.embed.fields}
    assert sorted(fields) == ["Player One", "Player Two"]  # nothing for the Game Master
    assert fields["Player One"][:2] == [f"<@{red}> · **Red**", "4 dice rolled"]
    assert fields["Player Two"][:2] == [f"<@{blue}> · **{shown(BLUE)}**", "7 dice rolled"]


async def test_history_stats_credits_a_round_the_gm_fights_at_once_to_the_sides(malta):
    """FC-I6: a round the GM fights with /combat resolve rolls the sides' dice too; they
    count for Red's and Blue's players, as at a turn's end."""
    malta.script_dice([6, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1])  # as in the turn's end above
    question = await malta.slash("/combat resolve battle:1", as_="gm")
    fought = await malta.click(question, "Fight round 1 of battle #1", as_="gm")
    assert not fought.ephemeral, fought.text()

    stats = await malta.slash("/history stats", as_="player1")

    fields = {f.name: f.value.splitlines()[1] for f in stats.embed.fields}
    assert fields == {"Player One": "4 dice rolled", "Player Two": "7 dice rolled"}


async def test_odds_write_every_mean_with_two_decimals(campaign):
    """FC-I17: means of whole ships read "2.00 war suns", as "1.68" does, not "2.0"; in
    Russian with the decimal comma and the form a fraction takes."""
    reply = await campaign.slash("/combat odds a:3 destroyer b:2 war sun", as_="player1")
    lines = reply.embed.description.splitlines()
    assert "Fleet B keeps on average: 2.00 war suns" in lines
    assert "Fleet A keeps on average: under 0.001 destroyers" in lines
    russian = await campaign.slash("/combat odds a:3 destroyer b:2 war sun", as_="player3")
    assert "2,00 боевой звезды" in russian.embed.description


async def test_odds_of_a_side_with_no_ships_are_refused(campaign):
    """FC-I16: with no ship on one side no round is fought, so there are no odds to give (they
    read "1.0 rounds" expected): the asker is told the side is empty, in their language."""
    refused = await refused_alone(campaign, "/combat odds a:0 cruiser b:1 fighter", "player1")
    assert refused == "Fleet A has no ships: type at least one, e.g. 3 destroyer, 1 cruiser."
    russian = await refused_alone(campaign, "/combat odds a:1 fighter b:0", "player3")
    assert russian == (
        "Во флоте Б нет кораблей: укажите хотя бы один, например 3 эсминца, 1 крейсер."
    )


async def test_a_fire_order_at_the_shooters_own_faction_says_it_cannot_fire_at_itself(malta):
    """FC-5.2: Red naming Red as a target, alone or with a class, is told it cannot fire at
    its own ships and whom it can fire at; never that Red is not in the battle. Green,
    joining the battle against Red, is told so in Russian."""
    for target in ("Red", "red: destroyer"):
        refused = await refused_alone(
            malta, f"/combat order battle:1 class:destroyer target:{target}", "player1"
        )
        assert refused == (
            f"Red cannot fire at its own ships. Its opponents in battle #1: {shown(BLUE)}."
        ), refused
    attack = await malta.slash("/combat attack point:Malta targets:Red", as_="player3")
    assert not attack.ephemeral, attack.text()
    refused = await refused_alone(
        malta, "/combat order battle:1 class:destroyer target:Green", "player3"
    )
    assert refused == (
        "Фракция «Green» не может стрелять по своим кораблям. Её противники в бою №1: Red."
    ), refused


async def test_a_faction_whose_name_begins_a_class_can_fire_at_that_class(campaign):
    """FC-5.2, FC-5.3: War (2 cruisers) attacks Blue (1 war sun); War's `target:war sun` is
    Blue's war sun, the class named whole, not War's own ships; `War` and `War: cruiser`
    are still refused as its own."""
    await campaign.slash("/campaign join faction:War", as_="player1")
    await campaign.slash("/campaign join faction:Blue", as_="player2")
    await campaign.slash("/combat fleet set point:Mecatol ships:2 cruiser", as_="player1")
    await campaign.slash("/combat fleet set point:Mecatol ships:1 war sun", as_="player2")
    attack = await campaign.slash("/combat attack point:Mecatol targets:Blue", as_="player1")
    assert not attack.ephemeral, attack.text()
    for target in ("War", "War: cruiser"):
        refused = await refused_alone(
            campaign, f"/combat order battle:1 class:cruiser target:{target}", "player1"
        )
        assert refused == "War cannot fire at its own ships. Its opponents in battle #1: Blue."
    given = await campaign.slash(
        "/combat order battle:1 class:cruiser target:war sun", as_="player1"
    )
    assert given.embed.description.endswith("→ Blue's war sun"), given.text()
