"""The bot's limits on a raid (SP-I6, SP-I8, SP-I23): strength dice beyond one roll, fleets
beyond 10,000 ships and ground attacks beyond one roll a side are cut, said in the report,
and every die still goes through the audited roller; a route or planet the pirates' open
question is about cannot change under it (SP-I45)."""

from __future__ import annotations

import pytest
from space_pirates_helpers import COMBAT
from space_pirates_helpers import answer
from space_pirates_helpers import empty
from space_pirates_helpers import planet
from space_pirates_helpers import resolve
from space_pirates_helpers import route
from space_pirates_helpers import settings
from space_pirates_helpers import with_history

from bot.dice import MAX_DICE_PER_ROLL
from bot.dice import Dice
from bot.errors import Conflict
from bot.i18n import t
from bot.rules.space_pirates.fleet import MAX_PIRATE_SHIPS
from bot.rules.space_pirates.fleet import compose_fleet
from bot.rules.space_pirates.fleet import max_rolled_income
from bot.rules.space_pirates.fleet import strength_dice
from bot.rules.space_pirates.messages import report_lines
from bot.rules.space_pirates.planet_raid import ground_fight
from bot.rules.space_pirates.registry import ShipSpec
from bot.rules.space_pirates.registry import register_planet
from bot.rules.space_pirates.registry import register_route
from bot.rules.space_pirates.registry import remove_planet
from bot.rules.space_pirates.registry import remove_route
from bot.rules.space_pirates.reports import RaidReport


def test_a_route_beyond_one_roll_rolls_one_roll_and_the_report_says_so():
    """SP-I6: income 10⁹ with one die per 1,000 would be 1,000,000 dice; the raid rolls one
    roll of 1,000 through the audited roller, and the report names both numbers."""
    state, _ = route(empty(), "Gold", 10**9)
    dice = Dice.scripted([1] + [3] * 1000)
    result = resolve(state, 1, dice)
    strength = [r for r in dice.records if r.purpose == "space_pirates.roll.strength"]
    assert [r.notation for r in strength] == ["1000d6"]
    assert all(len(r.faces) <= MAX_DICE_PER_ROLL for r in dice.records)
    after = answer(result.state, False, Dice.scripted([]))
    report = next(r.body for r in after.archive if isinstance(r.body, RaidReport))
    assert report.strength is not None and report.strength.dice_wanted == 1_000_000
    assert report.fleet is not None and report.fleet.size == MAX_PIRATE_SHIPS
    text = "\n".join(m.render("en") for m in report_lines(report))
    assert "the income gives 1000000 strength dice, and 1000 of them are rolled" in text
    assert "A pirate fleet has at most 10000 ships" in text
    russian = "\n".join(m.render("ru") for m in report_lines(report))
    assert "по доходу кубиков силы было бы 1000000, брошено 1000" in russian


@pytest.mark.parametrize(
    "changes",
    [{}, {"dice_income_step": 1, "big_income_threshold": 10**9}, {"big_income_step": 1}],
)
def test_the_highest_income_that_fits_one_roll_is_the_one_named(changes):
    """SP-I6: the income the refusal names rolls at most 1,000 dice, one more rolls 1,001."""
    chosen = settings(**changes)
    highest = max_rolled_income(chosen)
    assert not strength_dice(highest, chosen).capped
    assert strength_dice(highest + 1, chosen).wanted == MAX_DICE_PER_ROLL + 1


def test_a_fleet_beyond_the_limit_keeps_its_proportions():
    """SP-I8: a value buying 14,080 ships sends 10,000 in the same proportions."""
    fleet = compose_fleet(2_100_600, settings())
    assert fleet.size == MAX_PIRATE_SHIPS
    assert (fleet.battleships, fleet.cruisers) == (1575 * 10000 // 14080, 2205 * 10000 // 14080)
    small = compose_fleet(960, settings())
    assert (small.battleships, small.cruisers, small.raiders) == (0, 1, 7)


def test_a_ground_attack_rolls_at_most_one_roll_a_side():
    """SP-I23: 5,000 squads against a building of 3,000 troops roll 1,000 dice each."""
    dice = Dice.seeded(1)
    fought = ground_fight(5000, 3000, 1, settings(ground_attacks=1), dice)
    assert [r.notation for r in dice.records] == ["1000d6", "1000d6"]
    assert fought.attacks[0].squads == 5000 and fought.attacks[0].garrison == 3000


def waiting_on(kind):
    """Aurora's route Line and planet Home; the pirates' planet raid (or route raid) waits
    for Aurora's buy-off answer."""
    state, line = route(empty(), "Line", 300)
    state, home = planet(state, "Home", 500)
    if kind == "planet":
        state = with_history(state, "Aurora", [500])
        chosen = settings(planet_raid_streak_threshold=0, planet_raid_base_points=20)
        state.player("Aurora").route_immunity_granted = 0
        state.player("Aurora").route_immunity_until = 5
    else:
        chosen = settings()
    result = resolve(
        state, 1, Dice.seeded(1) if kind == "planet" else Dice.scripted([1, 3, 3, 3]), chosen
    )
    assert [w.attack.kind for w in result.state.waiting] == [kind]
    return result.state, line, home


def test_a_route_under_an_open_buy_off_cannot_be_changed_or_removed():
    """SP-I34, SP-I45: refused with a reason and what to do; the planet can still change."""
    state, line, home = waiting_on("route")
    with pytest.raises(Conflict) as caught:
        register_route(
            state,
            COMBAT,
            name="Line",
            goods=300,
            owners=[("Aurora", 100)],
            ships=[ShipSpec(owner="Aurora", ship_class="dreadnought")] * 200,
            route_id=line.id,
        )
    assert "waits for Aurora's answer" in t(caught.value.message_key, "en", **caught.value.params)
    with pytest.raises(Conflict):
        remove_route(state, line.id)
    remove_planet(state, home.id)


def test_a_planet_under_an_open_planet_raid_cannot_be_changed_or_removed():
    """SP-I45: the planet raid's question is open: the planet is refused in both languages."""
    state, line, home = waiting_on("planet")
    with pytest.raises(Conflict) as caught:
        register_planet(state, COMBAT, owner="Aurora", name="Home", income=0, planet_id=home.id)
    assert "Answer first" in t(caught.value.message_key, "en", **caught.value.params)
    assert "Сначала ответьте" in t(caught.value.message_key, "ru", **caught.value.params)
    with pytest.raises(Conflict):
        remove_planet(state, home.id)
    remove_route(state, line.id)


def test_a_planet_edit_keeps_the_numbers_of_the_ships_left_as_they_were():
    """SP-I21: two cruisers and a dreadnought (#1–#3) become a dreadnought, a cruiser and a
    destroyer: the dreadnought stays #3, the first cruiser #1, the destroyer is new (#4)."""
    state, home = planet(empty(), "Home", 100, orbital=["cruiser", "cruiser", "dreadnought"])
    assert [s.id for s in home.orbital_ships] == [1, 2, 3]
    typed = [ShipSpec("Aurora", c) for c in ("dreadnought", "cruiser", "destroyer")]
    _, edited = register_planet(
        state, COMBAT, owner="Aurora", name="Home", income=5, orbital_ships=typed, planet_id=home.id
    )
    assert [(s.id, s.ship_class) for s in edited.orbital_ships] == [
        (3, "dreadnought"),
        (1, "cruiser"),
        (4, "destroyer"),
    ]
