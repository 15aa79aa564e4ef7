"""SP-E7 (operations between turns) and the refusals of SP-6, SP-7, SP-9, SP-10: each
operation quotes its price before it is applied, and a refusal changes nothing."""

from __future__ import annotations

import pytest
from space_pirates_helpers import COMBAT
from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import answer
from space_pirates_helpers import bribed_raid_refused_and_fought
from space_pirates_helpers import empty
from space_pirates_helpers import order_attack
from space_pirates_helpers import resolve
from space_pirates_helpers import route
from space_pirates_helpers import scripted
from space_pirates_helpers import with_history

from bot.dice import Dice
from bot.errors import GameError
from bot.errors import RuleViolation
from bot.rules.space_pirates.base import apply_locate
from bot.rules.space_pirates.base import base_fleet
from bot.rules.space_pirates.base import order_base_attack
from bot.rules.space_pirates.base import quote_locate
from bot.rules.space_pirates.bribe import BribeOrder
from bot.rules.space_pirates.bribe import apply_bribe
from bot.rules.space_pirates.bribe import briber_of
from bot.rules.space_pirates.bribe import bribes_visible_to
from bot.rules.space_pirates.bribe import quote_bribe
from bot.rules.space_pirates.bribe import withdraw_bribe
from bot.rules.space_pirates.mercenaries import HireOrder
from bot.rules.space_pirates.mercenaries import apply_hire
from bot.rules.space_pirates.mercenaries import dismiss_contract
from bot.rules.space_pirates.mercenaries import mercenary_pool
from bot.rules.space_pirates.mercenaries import quote_hire
from bot.rules.space_pirates.models import PirateFleet
from bot.rules.space_pirates.models import PrivateerGroup
from bot.rules.space_pirates.models import RegisteredShip
from bot.rules.space_pirates.models import SpacePiratesState
from bot.rules.space_pirates.privateers import PrivateerOrder
from bot.rules.space_pirates.privateers import apply_privateers
from bot.rules.space_pirates.privateers import apply_recall
from bot.rules.space_pirates.privateers import quote_recall
from bot.rules.space_pirates.registry import set_contacts
from bot.rules.space_pirates.registry import set_privateer_tech


def test_sp_e7_locating_costs_a_tenth_of_the_largest_fleet_in_ten_turns():
    """SP-E7, SP-6.3, SP-I30: streak 4 means a base; M10 = 1250 → ⌈125⌉ = 125."""
    state, _ = route(empty(), "Line", 300)
    state.player("Aurora").streak = 4
    with_history(state, "Aurora", [300], turn=1)
    with_history(state, "Aurora", [1250, 700], turn=6)
    quote = quote_locate(state, DEFAULTS, "Aurora", 12)
    assert (quote.largest_fleet, quote.cost) == (1250, 125)
    new, _ = apply_locate(state, DEFAULTS, "Aurora", 12, "the outer moon")
    assert new.player("Aurora").base_known and not state.player("Aurora").base_known


def test_sp_e7_base_fleet_doubles_and_grows_a_fifth_per_failure():
    """SP-E7, SP-6.7, SP-6.11, SP-I31: 2 × 1250 = 2500 → 1 battleship, 3 cruisers,
    15 raiders; after one failure ⌊3000⌋ → 2, 3, 16."""
    state, _ = route(empty(), "Line", 300)
    record = state.player("Aurora")
    record.streak = 4
    with_history(state, "Aurora", [1250], turn=6)
    quote = base_fleet(record, DEFAULTS, 12, at_battle=True)
    assert quote.value == 2500
    assert quote.fleet == PirateFleet(battleships=1, cruisers=3, raiders=15)
    record.failed_base_attacks = 1
    quote = base_fleet(record, DEFAULTS, 12, at_battle=True)
    assert quote.value == 3000
    assert quote.fleet == PirateFleet(battleships=2, cruisers=3, raiders=16)


def test_sp_e7_mercenaries_pool_fee_and_upkeep():
    """SP-E7, SP-9.2, SP-9.3, SP-I35: M3 = 960 → pool 320; H = 300 → 3 raiders, fee 150,
    upkeep 60 owed from the resolution of the hiring turn; the pool shrinks by C."""
    state, _ = route(empty(), "Line", 300)
    with_history(state, "Aurora", [960], turn=9)
    quote = quote_hire(state, DEFAULTS, HireOrder("Aurora", 10, 300))
    assert (quote.pool, quote.fee, quote.upkeep) == (320, 150, 60)
    assert quote.fleet == PirateFleet(raiders=3)
    new, contract, _ = apply_hire(state, DEFAULTS, HireOrder("Aurora", 10, 300))
    assert mercenary_pool(new, DEFAULTS, "Aurora", 10).pool == 20
    result = resolve(new, 10, scripted(20)[0])
    assert result.outcome["upkeep"] == [{"contract": contract.id, "owner": "Aurora", "amount": 60}]


def test_sp_e7_bribe_costs_half_the_generated_fleet():
    """SP-E7, SP-7.2, SP-I33: the route fleet generated at once has V 960 → 480 owed;
    the bribe is visible to the briber, not to the victim."""
    state, _ = route(empty(), "R1", 450)
    state, _ = route(state, "R2", 80)
    state, _ = route(state, "R3", 130)
    state.player("Aurora").streak = 2
    state = set_contacts(state, "Boreas", ["Aurora"])
    quote = quote_bribe(state, DEFAULTS, COMBAT, BribeOrder("Boreas", "Aurora", "route", 5))
    assert quote.cost is None and quote.cost_pct == 50
    dice, faces = scripted(1, 3, 5, 6, 2)
    new, bribe = apply_bribe(
        state, DEFAULTS, COMBAT, BribeOrder("Boreas", "Aurora", "route", 5), dice
    )
    assert faces.remaining() == []
    assert (bribe.value, bribe.cost) == (960, 480)
    assert bribes_visible_to(new, "Boreas") == [bribe]
    assert bribes_visible_to(new, "Aurora") == []
    assert new.player("Aurora").history == []


def test_a_sealed_bribe_keeps_no_briber_in_the_state():
    """SP-I33 `reveal_briber_to_victim` off: the bribe keeps the commitment that names its
    briber instead of the name; the briber's own bribes and withdrawals are read through
    who sealed it. A bribe stored before (with its briber, without `sealed`) reads as it did."""
    state, _ = route(empty(), "R1", 450)
    state = set_contacts(state, "Boreas", ["Aurora"])
    order = BribeOrder("Boreas", "Aurora", "route", 5, sealed="c0ffee")
    new, bribe = apply_bribe(state, DEFAULTS, COMBAT, order, Dice.seeded(7))
    assert (bribe.briber, bribe.sealed) == ("", "c0ffee")
    assert "Boreas" not in new.bribes[0].model_dump_json()
    sealed = {"c0ffee": "Boreas"}
    assert briber_of(bribe, sealed) == "Boreas" and briber_of(bribe) == ""
    assert bribes_visible_to(new, "Boreas") == []
    assert bribes_visible_to(new, "Boreas", sealed=sealed) == [bribe]
    allowed = DEFAULTS.model_copy(update={"bribe_withdraw_after_roll": True})
    with pytest.raises(GameError):
        withdraw_bribe(new, allowed, "Aurora", bribe.id, 5, sealed)
    withdrawn = withdraw_bribe(new, allowed, "Boreas", bribe.id, 5, sealed)
    assert withdrawn.bribes[0].status == "withdrawn"

    stored = new.model_dump(mode="json")
    del stored["bribes"][0]["sealed"]
    stored["bribes"][0]["briber"] = "Boreas"
    old = SpacePiratesState.model_validate(stored)
    assert bribes_visible_to(old, "Boreas") == old.bribes and briber_of(old.bribes[0]) == "Boreas"


def test_the_turn_end_pings_the_victim_of_a_bribed_raid_never_the_briber():
    """SP-I33, SP-I34 `at_placement`: Aurora refused the offer of Boreas's bribed raid; the
    resolution fights it at once (no defenders: the pirates win). The turn end's `affected`
    (whose players the summary pings) names Aurora only: the ping never points at the
    hidden briber."""
    result = bribed_raid_refused_and_fought()

    raids = result.outcome["raids"]
    assert [(r["faction"], r["mode"]) for r in raids if r["outcome"] == "successful"] == [
        ("Aurora", "bribed")
    ]
    assert result.affected == ["Aurora"]


def test_sp_e7_privateer_recall_costs_half_and_returns_after_a_d6():
    """SP-E7, SP-10.7, SP-10.8, SP-I37: 2 cruisers + 1 destroyer = 500 → 250; recalled in
    turn 12 with d6 4, the ships return in the resolution of turn 16."""
    state = empty()
    ships = [
        RegisteredShip(id=i, owner="Aurora", ship_class=c)
        for i, c in enumerate(["cruiser", "cruiser", "destroyer"], start=1)
    ]
    state.privateers.append(
        PrivateerGroup(id=7, owner="Aurora", target="Boreas", formed_turn=3, ships=ships)
    )
    assert quote_recall(state, DEFAULTS, "Aurora", 7, 12).cost == 250
    new, quote, face = apply_recall(state, DEFAULTS, "Aurora", 7, 12, scripted(4)[0])
    assert (quote.cost, face, new.privateers[0].returns_turn) == (250, 4, 16)
    assert not new.privateers[0].active_in(13)
    assert resolve(new, 15, scripted()[0]).state.privateers != []
    assert resolve(new, 16, scripted()[0]).state.privateers == []


def test_sp_e7_base_destroyed_in_turn_twenty():
    """SP-E7, SP-6.8–SP-6.10, SP-I32: +100 per planet in 21–23, no attacks and no operations
    until 30, every counter reset."""
    state, _ = route(empty(), "Line", 300)
    record = state.player("Aurora")
    record.streak, record.planet_raid_bonus_pct, record.buy_off_bonus_pct = 4, 30, 5
    with_history(state, "Aurora", [50], turn=18)
    state, _ = apply_locate(state, DEFAULTS, "Aurora", 20, "a moon")
    state, quote = order_attack(state, DEFAULTS, "Aurora", 20, ["war_sun"])
    assert quote.fleet == PirateFleet(raiders=1)
    result = resolve(state, 20, Dice.seeded(5))
    assert result.outcome["base_attacks"][0]["outcome"] == "destroyed"
    after = result.state.player("Aurora")
    assert (after.income_bonus_until, after.peace_until, after.operations_blocked_until) == (
        23,
        30,
        30,
    )
    assert (after.streak, after.planet_raid_bonus_pct, after.buy_off_bonus_pct) == (0, 0, 0)
    assert after.history == [] and not after.base_known
    assert [r["outcome"] for r in result.outcome["raids"]] == ["skipped_peace"]
    with pytest.raises(RuleViolation):
        quote_hire(result.state, DEFAULTS, HireOrder("Aurora", 25, 100))


def refusal_state():
    state, line = route(empty(), "Line", 300, ships=[("cruiser", "guard")])
    state = set_contacts(state, "Aurora", ["Boreas"])
    return state, line


@pytest.mark.parametrize(
    "operation",
    [
        pytest.param(lambda s: quote_locate(s, DEFAULTS, "Aurora", 5), id="locate_without_base"),
        pytest.param(
            lambda s: apply_bribe(
                s, DEFAULTS, COMBAT, BribeOrder("Aurora", "Aurora", "route", 5), Dice.seeded(1)
            ),
            id="bribe_self",
        ),
        pytest.param(
            lambda s: apply_bribe(
                s, DEFAULTS, COMBAT, BribeOrder("Aurora", "Cygnus", "route", 5), Dice.seeded(1)
            ),
            id="bribe_without_contact",
        ),
        pytest.param(
            lambda s: apply_bribe(
                s, DEFAULTS, COMBAT, BribeOrder("Aurora", "Boreas", "route", 5), Dice.seeded(1)
            ),
            id="bribe_victim_without_routes",
        ),
        pytest.param(
            lambda s: apply_hire(s, DEFAULTS, HireOrder("Aurora", 5, 100)), id="hire_empty_pool"
        ),
        pytest.param(lambda s: apply_hire(s, DEFAULTS, HireOrder("Aurora", 5, 0)), id="hire_zero"),
        pytest.param(
            lambda s: apply_privateers(
                s,
                DEFAULTS,
                COMBAT,
                PrivateerOrder("Aurora", "Boreas", 5, [s.routes[0].ships[0].id]),
            ),
            id="privateers_without_tech",
        ),
        pytest.param(lambda s: dismiss_contract(s, "Aurora", 99, 5), id="dismiss_unknown"),
        pytest.param(
            lambda s: order_base_attack(s, DEFAULTS, "Aurora", 5, ["cruiser"], [], COMBAT),
            id="base_attack_without_base",
        ),
    ],
)
def test_refused_operations_change_nothing(operation):
    """SP-6, SP-7, SP-9, SP-10: an illegal operation raises a domain error and leaves the
    state exactly as it was."""
    state, _ = refusal_state()
    before = state.model_dump()
    with pytest.raises(GameError):
        operation(state)
    assert state.model_dump() == before


def test_privateers_leave_their_route_and_join_the_targets_battles_from_next_turn():
    """SP-10.2–SP-10.5, SP-I36: the cruiser leaves its route; the group is active from T+1
    and joins a battle against its target on the pirate side."""
    state, line = refusal_state()
    state = set_privateer_tech(state, "Aurora", True)
    ship = state.route(line.id).ships[0].id
    new, group = apply_privateers(
        state, DEFAULTS, COMBAT, PrivateerOrder("Aurora", "Boreas", 5, [ship])
    )
    assert new.route(line.id).ships == [] and group.ships[0].id == ship
    assert not group.active_in(5) and group.active_in(6)
    new, _ = route(new, "Far", 100, owner="Boreas", ships=[("destroyer", "guard")])
    pending = resolve(new, 6, scripted(20, 1, 1)[0])
    boreas = next(w for w in pending.state.waiting if w.faction == "Boreas")
    fought = answer(pending.state, False, Dice.seeded(2), faction="Boreas")
    assert f"privateers #{group.id}" in fought.archive[0].body.battle.participants
    assert boreas.attack.kind == "route"


def test_a_state_saved_before_the_reserve_loads_and_a_returning_group_fills_it():
    """SP-10.8, SP-I37: a state saved before returned privateers were kept (no `reserve`)
    loads with none; its recalled group, due back at turn 4, brings destroyer #7 into Aurora's
    reserve at that resolution, and a destroyer registered on a route then takes #7."""
    saved = {
        "players": {"Aurora": {"streak": 0}},
        "privateers": [
            {
                "id": 2,
                "owner": "Aurora",
                "target": "Boreas",
                "formed_turn": 1,
                "ships": [{"id": 7, "owner": "Aurora", "ship_class": "destroyer"}],
                "recalled_turn": 2,
                "returns_turn": 4,
            }
        ],
        "next_id": 9,
    }
    state = SpacePiratesState.model_validate(saved)
    assert state.players["Aurora"].reserve == []
    back = resolve(state, 4, scripted()[0])
    assert [s.id for s in back.state.players["Aurora"].reserve] == [7]
    assert back.state.privateers == []
    rendered = " ".join(m.render("en") for m in back.lines)
    assert "Privateer group #2 returns to Aurora (1 ship: 1 destroyer (#7))" in rendered
    again, line = route(back.state, "Line", 100, ships=[("destroyer", "guard")])
    assert [s.id for s in line.ships] == [7] and again.players["Aurora"].reserve == []
