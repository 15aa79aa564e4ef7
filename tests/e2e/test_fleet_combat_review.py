"""What players read in fleet combat messages that only some situations show: the Russian of
a transport loss, a faction's odds against itself, a battle that is over, a participant
with no ships left.

Player1 plays Red, player2 Blue (both read English), player3 Green (reads Russian). Faces
are scripted in the order the bot rolls them: for each volley the attack dice, then the
defence dice.
"""

from __future__ import annotations

import pytest

from tests.e2e.confirming import confirmed
from tests.e2e.test_fleet_combat import refusal


@pytest.fixture
async def fleets(campaign):
    """Red, Blue and Green joined; Green has 3 destroyers (#1–#3) at Mecatol."""
    for player, faction in (("player1", "Red"), ("player2", "Blue"), ("player3", "Green")):
        joined = await campaign.slash(f"/campaign join faction:{faction}", as_=player)
        assert not joined.ephemeral, joined.text()
    await campaign.slash("/combat fleet set point:Mecatol ships:3 destroyer", as_="player3")
    return campaign


async def fight_round(table, battle, round_number, faces):
    """The GM fights a round at once with scripted faces; the round's report message."""
    question = await table.slash(f"/combat resolve battle:{battle}", as_="gm")
    table.script_dice(faces)
    label = next(b.label for b in question.buttons if f"{round_number}" in b.label)
    return await table.click(question, label, as_="gm")


def everything(reply):
    """Every description and field of a reply's embeds, one text."""
    embeds = reply.message.all_embeds
    return "\n".join(
        [e.description or "" for e in embeds] + [f.value for e in embeds for f in e.fields]
    )


async def test_a_lost_transport_reads_in_russian_without_a_wrong_plural(fleets):
    """FC-5.9: Red's last destroyer falls and its transport with it; the Russian report names
    Red without the plural «фракций» a single faction does not take."""
    table = fleets
    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await table.slash(
        "/combat fleet set point:Mecatol ships:1 destroyer, 1 transport", as_="player1"
    )
    await table.slash("/combat attack point:Mecatol targets:Green", as_="player1")

    # Red's destroyer misses; Green's destroyers hit once and the defence die fails.
    report = await fight_round(table, 1, 1, [1, 5, 1, 1, 1])

    told = everything(report)
    assert "Фракция «Red» теряет: 1 эсминец, 1 транспорт." in told
    assert "Транспорты гибнут вместе с последним боевым кораблём своей стороны: Red." in told
    assert "фракций Red" not in told


async def test_odds_of_a_fleet_against_itself_are_refused(fleets):
    """`/combat odds` of Green's fleet against Green's fleet would tell "Green wins" twice: the
    asker reads that the two sides must differ; a faction against another still works."""
    table = fleets
    await table.slash("/combat fleet set point:Mecatol ships:2 cruiser", as_="player1")

    itself = await table.slash("/combat odds a_faction:Red b_faction:red", as_="player1")

    assert refusal(itself) == (
        "Both sides are Red's fleet at Mecatol: give two different fleets (a faction's, or"
        " ships typed in)."
    )
    russian = await table.slash("/combat odds a_faction:Green b_faction:Green", as_="player3")
    assert refusal(russian) == (
        "Обе стороны — флот фракции «Green» в точке Mecatol: укажите два разных флота"
        " (флот фракции или корабли списком)."
    )
    against = await table.slash("/combat odds a_faction:Red b_faction:Green", as_="player1")
    assert against.embed.title == "Odds: Red (fires first) against Green"


async def test_a_participant_without_ships_and_a_battle_over_say_so(fleets):
    """Blue's only fighter falls in round 1 while Red and Green fight on: the battle no longer
    tells Blue "No fire orders yet"; once the GM closes it, it tells who fought, not who is
    fighting."""
    table = fleets
    await table.slash("/combat fleet set point:Mecatol ships:2 cruiser", as_="player1")
    await table.slash("/combat fleet set point:Mecatol ships:1 fighter", as_="player2")
    await table.slash("/combat attack point:Mecatol targets:Green, Blue", as_="player1")
    await table.slash("/combat order battle:1 class:cruiser target:Blue: fighter", as_="player1")
    # Red's cruisers hit the fighter once (no defence); Green's and Blue's volleys miss.
    await fight_round(table, 1, 1, [6, 1, 1, 1, 1, 1, 1, 1])

    status = await table.slash("/combat status battle:1", as_="player1")

    now = status.message.all_embeds[-1]
    assert now.description.startswith("Fighting: Blue ⚔ Red, Green ⚔ Red")
    assert now.field("Blue") == "no ships\nNo ships that fire: nothing to order."
    assert now.field("Green").endswith("No fire orders yet: automatic targets")
    await confirmed(table, "/combat close battle:1", as_="gm")
    closed = await table.slash("/combat status battle:1", as_="player3")
    over = closed.message.all_embeds[-1]
    assert over.description.startswith("Fought: Blue ⚔ Red, Green ⚔ Red")
    assert over.field("Blue") == "no ships\nThe battle is over."


async def test_a_resolve_question_overtaken_by_the_turn_end_waits_for_nothing(fleets):
    """FC-I6: the GM asks to fight round 1 now but ends the turn instead, which fights it.
    Turn 2's status does not count the old question as waiting, and its Confirm, clicked
    late, closes it saying the round was fought (no buttons left)."""
    table = fleets
    await table.slash("/combat fleet set point:Mecatol ships:2 cruiser", as_="player1")
    await table.slash("/combat attack point:Mecatol targets:Green", as_="player1")
    question = await table.slash("/combat resolve battle:1", as_="gm")
    turn_end = await table.slash("/turn end", as_="gm")
    table.script_dice([1] * 7)  # round 1: nobody hits
    await table.click(turn_end, "End turn 1", as_="gm")

    status = await table.slash("/turn status", as_="gm")

    assert "waiting for an answer" not in status.embed.field("Fleet combat")
    late = await table.click(question, "Fight round 1 of battle #1", as_="gm")
    assert late.embed.title == "Round 1 of battle #1 has already been fought."
    assert late.buttons == []
    fought = await table.slash("/combat status battle:1 round:1", as_="gm")
    assert fought.embed.title == "Battle #1 at Mecatol — round 1, turn 1"
    assert table.faces.pending == []
    second = await table.slash("/combat resolve battle:1", as_="gm")
    await confirmed(table, "/combat close battle:1", as_="gm")
    closed = await table.click(second, "Fight round 2 of battle #1", as_="gm")
    assert closed.embed.title == "Battle #1 is already over."
    assert closed.embed.footer == "Rules: FC-I16" and closed.buttons == []


async def test_a_bad_ship_table_row_is_refused_in_words(fleets):
    """FC-I4: a GM who types 999 attack dice reads the bound, not a validator's message."""
    refused = await fleets.slash("/combat stats set class:cruiser attack:999x1+", as_="gm")

    assert refusal(refused) == (
        "The ship table is not valid: attack dice per ship: at most 20 (FC-I4)."
    )


async def end_turn(table, turn):
    """The GM's /turn end, confirmed; the fleet combat summary everyone reads."""
    question = await table.slash("/turn end", as_="gm")
    ended = await table.click(question, f"End turn {turn}", as_="gm")
    return next(e for m in ended.followups for e in m.all_embeds if "Fleet combat" in e.title)


async def red_declares_its_retreat(table, ships="2 cruiser", round_1_dice=7):
    """Red attacks Green at Mecatol with `ships`; round 1's `round_1_dice` dice all miss;
    Red declares its retreat for round 2 (FC-6.1)."""
    await table.slash(f"/combat fleet set point:Mecatol ships:{ships}", as_="player1")
    await table.slash("/combat attack point:Mecatol targets:Green", as_="player1")
    table.script_dice([1] * round_1_dice)  # round 1: nobody hits
    await end_turn(table, 1)
    await table.slash("/combat retreat battle:1", as_="player1")


async def test_the_turn_summary_tells_the_retreater_to_move(fleets):
    """FC-6.3, FC-E6: Red retreats in round 2; the summary everyone reads at the turn's end
    says Red left and moves 2 points, and the command that records the move, not only who
    won."""
    table = fleets
    await red_declares_its_retreat(table)
    table.script_dice([1] * 3)  # Green's parting volley misses

    summary = await end_turn(table, 2)

    assert summary.description.splitlines()[0] == (
        "Battle #1 at Mecatol, round 2: Green lost no ships; Red lost no ships; Red retreated"
        " and moves 2 points in any direction (/combat fleet move) — over, Green won"
    )


async def test_a_round_the_gm_fights_tells_the_retreater_the_command_for_its_move(fleets):
    """FC-6.3, FC-I6: Red retreats in round 2, which the GM fights at once with /combat
    resolve; the round's report names the command that records Red's move, as the turn's
    summary does, in English and in Russian."""
    table = fleets
    await red_declares_its_retreat(table)

    report = await fight_round(table, 1, 2, [1] * 3)  # Green's parting volley misses

    assert (
        "Red leaves the battle and moves 2 points in any direction (/combat fleet move)."
        in everything(report)
    )
    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    russian = everything(await table.slash("/combat status battle:1 round:2", as_="player3"))
    assert (
        "Фракция «Red» выходит из боя и отходит на 2 точки в любом направлении"
        " (/бой флот переместить)." in russian
    )


async def test_a_retreater_the_parting_volley_destroys_is_not_told_to_move(fleets):
    """FC-6.3, FC-I15: Red retreats with its only destroyer in round 2 and Green's three
    destroyers sink it. Nothing of Red's is left to move: the turn's summary and the round's
    report say so, in English and in Russian, and never "moves 2 points"."""
    table = fleets
    await red_declares_its_retreat(table, "1 destroyer", 4)
    table.script_dice([6, 6, 6, 1, 1, 1])  # Green's parting volley: 3 hits, no defence

    summary = await end_turn(table, 2)

    assert summary.description.splitlines()[0] == (
        "Battle #1 at Mecatol, round 2: Green lost no ships; Red lost 1 destroyer; Red"
        " retreated, but the parting volley destroyed all its ships — over, Green won"
    )
    report = everything(await table.slash("/combat status battle:1 round:2", as_="player1"))
    assert "The parting volley destroyed every ship of Red: nothing is left to move." in report
    assert "moves" not in report
    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    russian = everything(await table.slash("/combat status battle:1 round:2", as_="player3"))
    assert (
        "«Прощальный выстрел в спину» уничтожил все корабли фракции «Red»: отводить нечего."
        in russian
    )
    assert "отходит на" not in russian


async def test_an_attack_where_everyone_present_fights_names_everyone_who_joins(fleets):
    """FC-I5 `hostility_model = all_present`: Red attacks Green at Mecatol, where Blue's
    fleet is too; Blue joins the battle, and the attack's message names Blue as well as
    Green. The same in Russian at Rigel, where Green joins Blue's attack on Red."""
    table = fleets
    await table.slash(
        "/campaign settings set setting:fleet_combat.hostility_model value:all_present", as_="gm"
    )
    await table.slash("/combat fleet set point:Mecatol ships:2 cruiser", as_="player1")
    await table.slash("/combat fleet set point:Mecatol ships:1 fighter", as_="player2")

    attack = await table.slash("/combat attack point:Mecatol targets:Green", as_="player1")

    assert attack.embed.description.splitlines()[0] == (
        "Red attacks Green at Mecatol: battle #1 begins, and everyone at the point joins it,"
        " Blue too."
    )
    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    for player, ships in (
        ("player1", "1 cruiser"),
        ("player2", "1 cruiser"),
        ("player3", "1 destroyer"),
    ):
        await table.slash(f"/combat fleet set point:Rigel ships:{ships}", as_=player)
    russian = await table.slash("/combat attack point:Rigel targets:Red", as_="player2")
    assert russian.embed.description.splitlines()[0] == (
        "Фракция «Blue» объявляет нападение в точке Rigel (цели: Red): начинается бой №2, и в"
        " него вступают все, кто находится в этой точке, в том числе Green."
    )


async def test_odds_of_a_faction_without_a_fleet_say_so_in_words(fleets):
    """A faction with no registered fleet is named as such, not as having none "at —"."""
    refused = await fleets.slash("/combat odds a_faction:Red b_faction:Green", as_="player1")

    assert refusal(refused) == "Red has no registered fleet."
    russian = await fleets.slash("/combat odds a_faction:Green b_faction:Red", as_="player3")
    assert refusal(russian) == "У фракции «Red» нет зарегистрированного флота."


async def test_a_gm_who_clicks_give_orders_is_told_the_command_that_names_a_faction(fleets):
    """The GM plays no faction in battle #1: the button cannot ask which one, so the answer
    names the command that can; the GM then opens Green's panel with it."""
    table = fleets
    await table.slash("/combat fleet set point:Mecatol ships:2 cruiser", as_="player1")
    battle = await table.slash("/combat attack point:Mecatol targets:Green", as_="player1")

    clicked = await table.click(battle, "Give orders", as_="gm")

    assert refusal(clicked) == (
        "You play no faction in battle #1. As a GM, open a faction's orders with"
        " /combat orders battle:1 faction:…"
    )
    panel = await table.slash("/combat orders battle:1 faction:Green", as_="gm")
    assert panel.embed.title == "Fire orders — battle #1, round 1 (Green)"


async def test_showing_fleets_at_an_empty_point_names_the_point(fleets):
    """`/combat fleet show point:Vega` while fleets stand elsewhere: "none at Vega", not "no
    fleets registered"; a faction without a fleet likewise."""
    table = fleets

    empty = await table.slash("/combat fleet show point:Vega", as_="player1")
    nobody = await table.slash("/combat fleet show faction:Red", as_="player1")
    both = await table.slash("/combat fleet show point:Vega faction:Green", as_="player1")

    assert empty.embed.description == "No fleet is registered at Vega."
    assert nobody.embed.description == "Red has no registered fleet."
    assert both.embed.description == "Green has no fleet at Vega."
    everything = await table.slash("/combat fleet show", as_="player1")
    assert everything.embed.field("Mecatol") == "Green: 3 destroyers"
