"""SP-I11, FC-I17: a faction named as Space pirates name their own participants in a battle
(`pirates`, `mercenaries #N`) fights them: its participant is marked apart, so every name
is distinct, and what players read names it as it is called."""

from __future__ import annotations

from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import empty
from space_pirates_helpers import order_attack
from space_pirates_helpers import resolve
from space_pirates_helpers import route
from space_pirates_helpers import with_history

from bot.dice import Dice
from bot.rules.fleet_combat.models import RoundReport
from bot.rules.space_pirates.base import BaseAttackReport
from bot.rules.space_pirates.base import apply_locate
from bot.rules.space_pirates.battle import BattleSummary
from bot.rules.space_pirates.battle_report import battle_round_lines
from bot.rules.space_pirates.messages import ships_lost_msg
from bot.rules.space_pirates.models import MercenaryContract
from bot.rules.space_pirates.models import PirateShip
from bot.rules.space_pirates.models import Station
from bot.rules.space_pirates.reports import RaidReport
from bot.rules.space_pirates.turn import answer_buy_off

# The raid: d20 1, strength 6 (three raiders); after the refusal the cruiser rolls 1, 1,
# the raiders 6, 6, 6, the cruiser's defence 1, 1, 1: destroyed.
RAID = (1, 6)
BATTLE = (1, 1, 6, 6, 6, 1, 1, 1)


def refused(state, faction):
    paused = resolve(state, 2, Dice.scripted(RAID))
    offer = paused.state.waiting[0].choice_id
    return answer_buy_off(paused.state, DEFAULTS, offer, faction, False, Dice.scripted(BATTLE))


def test_a_faction_named_pirates_fights_the_pirates_and_reads_its_loss_as_its_own():
    """FC-I17: `pirates` guards its route Line with a cruiser; the refusal's battle is
    fought (before, it could not be: two participants named `pirates`), the cruiser is lost
    and the line names the faction, not the pirate fleet."""
    state, _ = route(empty(), "Line", 100, owner="pirates", ships=[("cruiser", "guard")])
    done = refused(state, "pirates")
    told = [line.render("en") for line in done.lines]
    assert told[0] == "pirates: Line raided: 100 income lost, streak 1 (1 cruiser lost)", told
    report = next(a.body for a in done.archive if isinstance(a.body, RaidReport))
    assert report.losses_by_owner() == {"pirates": {"\x1fpirates": {"cruiser": 1}}}
    shown = [ships_lost_msg(o, lost).render("en") for o, lost in report.ships_lost.items()]
    assert shown == ["Losses of pirates: 1 cruiser"], shown


def test_a_faction_named_as_a_contract_fights_beside_that_contract():
    """SP-I35, FC-I17: `mercenaries #1` guards its route beside its mercenary contract #1
        (one raider): two participants, each one's losses told under its own name (the
    contract's by pirate type)."""
    state, _ = route(empty(), "Line", 100, owner="mercenaries #1", ships=[("cruiser", "guard")])
    state.contracts.append(
        MercenaryContract(
            id=1,
            owner="mercenaries #1",
            hired_turn=1,
            hire_value=50,
            value=50,
            ships=[PirateShip(pirate_type="raider")],
            station=Station(kind="route", target=1),
        )
    )
    paused = resolve(state, 2, Dice.scripted(RAID))
    offer = paused.state.waiting[0].choice_id
    done = answer_buy_off(paused.state, DEFAULTS, offer, "mercenaries #1", False, Dice.seeded(5))
    assert done.lines[0].render("en") == (
        "mercenaries #1: Line raided: 100 income lost, streak 1"
        " (1 cruiser, 1 raider of mercenary contract #1 lost)"
    )
    report = next(a.body for a in done.archive if isinstance(a.body, RaidReport))
    assert report.battle is not None
    assert report.battle.participants == ["\x1fmercenaries #1", "mercenaries #1", "pirates"]
    shown = [ships_lost_msg(o, lost).render("en") for o, lost in report.ships_lost.items()]
    assert shown == [
        "Losses of mercenaries #1: 1 cruiser",
        "Losses of mercenary contract #1: 1 raider",
    ]


def test_a_faction_named_pirate_base_destroys_the_base_and_keeps_its_war_sun():
    """SP-6.6, SP-I31, FC-I17: `pirate base` sends a war sun against the pirate base (as
    SP-E7's Aurora does); the battle is fought, told with the faction and the base fleet
    apart, and the surviving war sun goes back to its orbit."""
    faction = "pirate base"
    state, _ = route(empty(), "Line", 300, owner=faction)
    state.player(faction).streak = 4
    with_history(state, faction, [50], turn=18)
    state, _ = apply_locate(state, DEFAULTS, faction, 20, "a moon")
    state, _ = order_attack(state, DEFAULTS, faction, 20, ["war_sun"])
    done = resolve(state, 20, Dice.seeded(5))

    assert done.lines[0].render("en").startswith("pirate base destroyed the pirate base: ")
    rounds = [a.body for a in done.archive if isinstance(a.body, RoundReport)]
    told = [
        line.render("en") for line in battle_round_lines(rounds[0], DEFAULTS, retreat_distance=1)
    ]
    assert told[-1] == "The battle is over; still standing: pirate base (FC-I16)."
    assert told[1].startswith("The pirate base fleet's 1 raider → pirate base's war sun: ")
    report = next(a.body for a in done.archive if isinstance(a.body, BaseAttackReport))
    assert [s.ship_class for s in report.survivors] == ["war_sun"]
    assert [s.ship_class for s in done.state.planets[0].orbital_ships] == ["war_sun"]


def test_a_battle_kept_by_the_previous_code_reads_as_it_did():
    """A raid report stored before participants were marked (plain `pirates`, `mercenaries
    #3`) loads and names the pirates and the contract in words, a faction as itself."""
    kept = {
        "faction": "Vega",
        "turn": 3,
        "seq": 1,
        "kind": "route",
        "ships_lost": {"Vega": {"cruiser": 1}, "mercenaries #3": {"raider": 2}},
        "battle": {
            "participants": ["Vega", "mercenaries #3", "pirates"],
            "rounds": 2,
            "result": "pirate_victory",
            "losses": [
                {"participant": "Vega", "lost": {"cruiser": 1}},
                {"participant": "mercenaries #3", "owner": "Vega", "lost": {"destroyer": 2}},
                {"participant": "pirates", "lost": {}, "survivors": 3},
            ],
        },
    }
    report = RaidReport.model_validate(kept)
    assert isinstance(report.battle, BattleSummary)
    shown = [ships_lost_msg(o, lost).render("en") for o, lost in report.ships_lost.items()]
    assert shown == ["Losses of Vega: 1 cruiser", "Losses of mercenary contract #3: 2 raiders"]
    assert report.losses_by_owner() == {
        "Vega": {"Vega": {"cruiser": 1}, "mercenaries #3": {"raider": 2}}
    }
