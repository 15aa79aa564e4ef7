"""Engine commands never change the state they are given, and their copy-on-write copies give
exactly what the whole-state deep copies they replace gave.

Random command sequences run on campaigns built like the end-of-turn benchmark's (past rounds,
finished battles, fire orders, retreats, idle fleets): every engine command — fleet set,
remove, move and repair, turn order, attacks, fire orders (split and hold fire when enabled),
retreats, allies, priorities, resolving, closing, end of turn — with legal and illegal
arguments. After each command the input must equal a deep copy taken before, and the result
(state, battle, fleet, report, lines, dice, or the error) must equal what the same command
gives on a deep copy of the input with the engine's copies replaced by whole deep copies (the
old implementation). At the end of a sequence, every state met on the way is checked again:
a later command must not reach back into an earlier state through a shared object.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import ExitStack
from contextlib import contextmanager
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from pydantic import BaseModel

from bot.bench.fleet_turn import build_state
from bot.dice import Dice
from bot.errors import GameError
from bot.i18n import Msg
from bot.rules.fleet_combat import DeclareAttack
from bot.rules.fleet_combat import DeclareRetreat
from bot.rules.fleet_combat import FireOrder
from bot.rules.fleet_combat import FireTarget
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import FleetCombatState
from bot.rules.fleet_combat import RegisterFleet
from bot.rules.fleet_combat import SetFireOrders
from bot.rules.fleet_combat import battles as battles_module
from bot.rules.fleet_combat import close_battle
from bot.rules.fleet_combat import declare_attack
from bot.rules.fleet_combat import declare_retreat
from bot.rules.fleet_combat import firing_groups
from bot.rules.fleet_combat import fleets as fleets_module
from bot.rules.fleet_combat import move_fleet
from bot.rules.fleet_combat import register_fleet
from bot.rules.fleet_combat import remove_fleet
from bot.rules.fleet_combat import repair_fleet
from bot.rules.fleet_combat import resolve_round
from bot.rules.fleet_combat import set_allies
from bot.rules.fleet_combat import set_damage_priority
from bot.rules.fleet_combat import set_fire_orders
from bot.rules.fleet_combat import set_turn_order
from bot.rules.fleet_combat import turn as turn_module
from bot.rules.fleet_combat.turn import end_of_turn
from bot.rulesets import TurnContext

VARIANTS: dict[str, dict[str, Any]] = {
    "defaults": {},
    "split_hold_all_present": {
        "allow_split_fire": True,
        "allow_hold_fire": True,
        "hostility_model": "all_present",
    },
    "owner_choice_wounds_cleared": {
        "wound_tie_break": "owner_choice",
        "wounds_persist_between_battles": False,
        "rounds_per_resolution": 2,
    },
    "random_ties_early_retreat": {
        "wound_tie_break": "random",
        "retreat_min_round": 1,
        "deferred_damage": False,
        "burn_excess": False,
        "max_rounds": 3,
    },
}

TURN = 11
Command = Callable[[FleetCombatState], Any]


def dump(value: Any) -> Any:
    """A comparable form of any outcome: models dumped, messages as JSON, dice as records."""
    if isinstance(value, BaseModel):
        return value.model_dump_json()
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, Dice):
        return [r.model_dump() for r in value.records]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: dump(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [dump(v) for v in value]
    if isinstance(value, dict):
        return {k: dump(v) for k, v in value.items()}
    return value


def run(command: Command, state: FleetCombatState) -> tuple[Any, Any]:
    """The command's result (or None) and a comparable form of it, or of the error raised."""
    try:
        result = command(state)
    except GameError as error:
        return None, {"error": type(error).__name__, "key": error.message_key, "text": str(error)}
    return result, dump(result)


def whole_copy(state: FleetCombatState, **_: Any) -> FleetCombatState:
    """A copy sharing nothing with `state` (what `model_copy(deep=True)` gives, faster)."""
    return FleetCombatState.model_validate_json(state.model_dump_json())


@contextmanager
def whole_deep_copies() -> Iterator[None]:
    """The engine as it was: every command starts from a copy of the whole state."""
    deep = whole_copy
    with ExitStack() as stack:
        for module in (battles_module, fleets_module):
            stack.enter_context(patch.object(module, "copy_for_write", deep))
        stack.enter_context(patch.object(turn_module, "working_copy", deep))
        yield


# --- random commands drawn from a state ----------------------------------------------------


def _counts(rng: random.Random, cfg: FleetCombatSettings) -> dict[str, int]:
    classes = rng.sample(sorted(cfg.ship_stats), rng.randint(1, 3))
    return {c: rng.randint(0, 5) for c in classes}


def _wounds(
    rng: random.Random, cfg: FleetCombatSettings, ships: dict[str, int]
) -> dict[str, list[int]] | None:
    if rng.random() < 0.5:
        return None
    return {
        c: [rng.randrange(cfg.stats_of(c).life) for _ in range(rng.randint(0, n))]
        for c, n in ships.items()
        if n
    }


def _orders(
    rng: random.Random, state: FleetCombatState, cfg: FleetCombatSettings, battle: int, who: str
) -> list[FireOrder]:
    try:
        groups = firing_groups(state, cfg, battle, who)
    except GameError:
        groups = []
    orders: list[FireOrder] = []
    for group in groups:
        legal = group.legal_targets
        roll = rng.random()
        if roll < 0.15:
            continue
        if cfg.allow_hold_fire and roll < 0.3:
            orders.append(FireOrder(ship_class=group.ship_class, hold=True))
        elif not legal or roll > 0.93:  # an illegal target: the command refuses it
            foe = rng.choice(sorted(cfg.ship_stats))
            orders.append(
                FireOrder(
                    ship_class=group.ship_class,
                    targets=[FireTarget(opponent="Nobody", target_class=foe)],
                )
            )
        elif cfg.allow_split_fire and len(legal) > 1 and group.attack_dice > 1 and roll < 0.6:
            first, second = rng.sample(legal, 2)
            orders.append(
                FireOrder(
                    ship_class=group.ship_class,
                    targets=[
                        FireTarget(
                            opponent=first.opponent,
                            target_class=first.target_class,
                            dice=rng.randint(1, group.attack_dice - 1),
                        ),
                        FireTarget(opponent=second.opponent, target_class=second.target_class),
                    ],
                )
            )
        else:
            pick = rng.choice(legal)
            orders.append(
                FireOrder(
                    ship_class=group.ship_class,
                    targets=[FireTarget(opponent=pick.opponent, target_class=pick.target_class)],
                )
            )
    return orders


def draw_command(
    rng: random.Random, state: FleetCombatState, cfg: FleetCombatSettings
) -> tuple[str, Command]:
    """One engine command with arguments drawn from `state` (some of them illegal)."""
    kinds = {
        "fleet set": 4,
        "fleet remove": 1,
        "fleet move": 2,
        "fleet repair": 1,
        "turn order": 1,
        "attack": 3,
        "orders": 6,
        "retreat": 2,
        "allies": 2,
        "priority": 2,
        "resolve": 4,
        "close": 1,
        "end of turn": 1,
    }
    kind = rng.choices(list(kinds), weights=list(kinds.values()))[0]
    factions = sorted({f.faction for f in state.fleets} | set(state.turn_order))
    points = [*sorted({f.point for f in state.fleets}), "Sector new"]
    everything = state.battles or []
    active = state.active_battles() or everything
    battle = rng.choice(active) if active else None
    battle_id = battle.id if battle is not None else 999
    who = rng.choice([p.faction for p in battle.participants]) if battle else "Nobody"
    fleet = rng.choice(state.fleets) if state.fleets else None
    seed = rng.randrange(2**32)

    if kind == "fleet set":
        if fleet is None or rng.random() < 0.3:
            faction, point = rng.choice(factions or ["Newcomer"]), rng.choice(points)
        else:
            faction, point = fleet.faction, fleet.point
        ships = _counts(rng, cfg)
        command = RegisterFleet(
            faction=faction,
            point=point,
            ships=ships,
            wounds=_wounds(rng, cfg, ships),
            allow_while_engaged=rng.random() < 0.5,
        )
        return kind, lambda s: register_fleet(s, cfg, command)
    if kind == "fleet remove":
        faction, point = (fleet.faction, fleet.point) if fleet else ("Nobody", "Nowhere")
        engaged = rng.random() < 0.5
        return kind, lambda s: remove_fleet(s, cfg, faction, point, allow_while_engaged=engaged)
    if kind == "fleet move":
        faction, point = (fleet.faction, fleet.point) if fleet else ("Nobody", "Nowhere")
        elsewhere = sorted({f.point for f in state.fleets if f.faction == faction} - {point})
        if elsewhere and rng.random() < 0.5:  # into a fleet the faction has there (merge)
            to = rng.choice(elsewhere)
        else:
            to = rng.choice([*points, point])
        return kind, lambda s: move_fleet(s, cfg, faction, point, to)
    if kind == "fleet repair":
        faction, point = (fleet.faction, fleet.point) if fleet else ("Nobody", "Nowhere")
        return kind, lambda s: repair_fleet(s, cfg, faction, point)
    if kind == "turn order":
        order = rng.sample(factions, len(factions))[: rng.randint(0, len(factions))]
        return kind, lambda s: set_turn_order(s, cfg, order)
    if kind == "attack":
        point = rng.choice(points)
        present = sorted({f.faction for f in state.fleets if f.point == point and f.ships})
        if battle is not None and rng.random() < 0.5:
            point = battle.point
            present = sorted({f.faction for f in state.fleets if f.point == point and f.ships})
        if len(present) < 2 or rng.random() < 0.1:
            present = [*present, rng.choice(factions or ["Nobody"]), "Nobody"]
        attacker, *rest = rng.sample(present, len(present))
        targets = rest[: rng.randint(1, max(1, len(rest)))]
        attack = DeclareAttack(attacker=attacker, targets=targets, point=point, turn=TURN)
        return kind, lambda s: declare_attack(s, cfg, attack)
    if kind == "orders":
        orders = _orders(rng, state, cfg, battle_id, who)
        fire = SetFireOrders(
            battle_id=battle_id, faction=who, orders=orders, replace=rng.random() < 0.7
        )
        return kind, lambda s: set_fire_orders(s, cfg, fire)
    if kind == "retreat":
        retreat = DeclareRetreat(battle_id=battle_id, faction=who, cancel=rng.random() < 0.2)
        return kind, lambda s: declare_retreat(s, cfg, retreat)
    if kind == "allies":
        names = [p.faction for p in battle.participants] if battle else ["Nobody"]
        # mostly two participants of a battle not declared on each other, when there are
        # such; else three, fewer, or one named twice (refused)
        friendly = [
            (b.id, [x.faction, y.faction])
            for b in state.active_battles()
            for x, y in itertools.combinations(b.engaged(), 2)
            if not b.hostile(x.faction, y.faction)
        ]
        if friendly and rng.random() < 0.6:
            battle_id, allies = rng.choice(friendly)
        else:
            allies = rng.sample(names, min(len(names), rng.choice([0, 1, 2, 3])))
            if allies and rng.random() < 0.2:
                allies.append(allies[0])
        return kind, lambda s: set_allies(s, cfg, battle_id, allies)
    if kind == "priority":
        own = state.fleet(who, battle.point) if battle is not None else None
        ids = [s.id for s in own.ships] if own is not None else []
        ids = rng.sample(ids, len(ids)) + ([999_999] if rng.random() < 0.1 else [])
        clear = rng.random() < 0.2
        if clear and rng.random() < 0.7:
            ids = []
        return kind, lambda s: set_damage_priority(s, cfg, battle_id, who, ids, clear=clear)
    if kind == "resolve":
        target = battle_id if rng.random() < 0.9 or not everything else rng.choice(everything).id
        return kind, lambda s: (
            resolve_round(s, cfg, target, dice := Dice.seeded(seed), turn=TURN),
            dice,
        )
    if kind == "close":
        return kind, lambda s: close_battle(s, cfg, battle_id)
    return kind, lambda s: (
        end_of_turn(TurnContext(s, cfg, TURN, dice := Dice.seeded(seed))),
        dice,
    )


def new_state_of(result: Any) -> FleetCombatState | None:
    """The state a command returned, if it succeeded."""
    if isinstance(result, tuple):
        result = result[0]
    if isinstance(result, FleetCombatState):
        return result
    state = getattr(result, "state", None)
    return state if isinstance(state, FleetCombatState) else None


def campaign(variant: str, battles: int = 6, seed: int = 1) -> tuple[Any, FleetCombatSettings]:
    """A benchmark-like campaign for a settings variant, with some owner priorities, and a
    third player in the first battle who declared on only one side (a possible ally)."""
    cfg = FleetCombatSettings(**VARIANTS[variant])
    state, _ = build_state(battles, cfg, seed=seed)
    first = state.active_battles()[0]
    newcomer = RegisterFleet(faction="House Ally", point=first.point, ships={"cruiser": 2})
    state = register_fleet(state, cfg, newcomer).state
    target = first.engaged()[0].faction
    attack = DeclareAttack(attacker="House Ally", targets=[target], point=first.point, turn=TURN)
    state = declare_attack(state, cfg, attack).state
    for battle in state.active_battles()[::2]:
        for participant in battle.participants:
            fleet = state.fleet(participant.faction, battle.point)
            if fleet is not None:
                battle.damage_priority[participant.faction] = [s.id for s in fleet.ships[::-1]]
    return state, cfg


def check_sequence(
    state: FleetCombatState, cfg: FleetCombatSettings, seed: int, steps: int
) -> dict[str, int]:
    """Run `steps` random commands from `state`; returns how often each kind succeeded."""
    rng = random.Random(seed)
    seen: list[tuple[FleetCombatState, str]] = [(state, state.model_dump_json())]
    succeeded: dict[str, int] = {}
    for _ in range(steps):
        kind, command = draw_command(rng, state, cfg)
        before = state.model_dump_json()
        expected_input = whole_copy(state)
        with whole_deep_copies():
            _, expected = run(command, expected_input)
        result, got = run(command, state)
        assert state.model_dump_json() == before, f"{kind} changed its input"
        assert got == expected, f"{kind} gave another result than on a deep copy"
        new = new_state_of(result)
        if new is not None:
            succeeded[kind] = succeeded.get(kind, 0) + 1
            seen.append((new, new.model_dump_json()))
            # now and then, go on from an older state instead (a branch)
            state = new if rng.random() < 0.85 else rng.choice(seen)[0]
    for old, snapshot in seen:
        assert old.model_dump_json() == snapshot, "a later command changed an earlier state"
    return succeeded


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_random_command_sequences_leave_inputs_alone_and_match_deep_copies(variant: str) -> None:
    state, cfg = campaign(variant)
    assert any(b.rounds_fought for b in state.battles)  # battles with rounds behind them
    succeeded: dict[str, int] = {}
    for seed in range(4):
        for kind, count in check_sequence(state, cfg, seed, 50).items():
            succeeded[kind] = succeeded.get(kind, 0) + count
    # every command was exercised successfully at least once, not only its refusals
    assert set(succeeded) >= {
        "fleet set",
        "fleet remove",
        "fleet move",
        "fleet repair",
        "attack",
        "orders",
        "retreat",
        "allies",
        "priority",
        "resolve",
        "close",
        "end of turn",
        "turn order",
    }, succeeded


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(sorted(VARIANTS)),
    battles=st.integers(1, 6),
    build_seed=st.integers(0, 1000),
    seed=st.integers(0, 2**32),
)
def test_hypothesis_command_sequences(
    variant: str, battles: int, build_seed: int, seed: int
) -> None:
    state, cfg = campaign(variant, battles, build_seed)
    check_sequence(state, cfg, seed, 25)


def test_a_command_shares_what_it_does_not_write() -> None:
    state, cfg = campaign("split_hold_all_present")
    battle = next(b for b in state.active_battles() if b.rounds_fought)
    who = battle.engaged()[0].faction
    groups = firing_groups(state, cfg, battle.id, who)
    assert groups
    orders = [FireOrder(ship_class=groups[0].ship_class, hold=True)]
    before = state.model_dump_json()
    outcome = set_fire_orders(
        state, cfg, SetFireOrders(battle_id=battle.id, faction=who, orders=orders)
    )
    assert state.model_dump_json() == before
    copied = outcome.state.battle(battle.id)
    assert copied is not None and copied is not battle
    assert copied.orders[who] == orders and battle.orders.get(who) != orders
    # the other battles and every fleet are shared
    others = [b for b in state.battles if b.id != battle.id]
    kept = [b for b in outcome.state.battles if b.id != battle.id]
    assert all(a is b for a, b in zip(others, kept, strict=True))
    assert all(a is b for a, b in zip(state.fleets, outcome.state.fleets, strict=True))


def test_a_round_replaces_the_ships_it_wounds_and_shares_the_rest() -> None:
    """Ships are frozen: a round puts new ships where wounds change (FC-5.14, FC-I10) and
    leaves the ships of the state it started from, and every ship it did not hit, as they
    were and shared."""
    state, cfg = campaign("split_hold_all_present")
    battle = next(b for b in state.active_battles() if len(b.participants) == 2)
    before = {
        (f.faction, s.id): s for f in state.fleets if f.point == battle.point for s in f.ships
    }
    wounds_before = {key: ship.wounds for key, ship in before.items()}
    outcome = resolve_round(state, cfg, battle.id, Dice.seeded(5))
    hit = {(p.target, h.ship_id) for p in outcome.report.packets for h in p.hits}
    assert hit  # the seed wounds somebody
    after = {
        (f.faction, s.id): s
        for f in outcome.state.fleets
        if f.point == battle.point
        for s in f.ships
    }
    for key, ship in after.items():
        if key in hit:
            assert ship is not before[key] and ship.wounds > before[key].wounds
        else:
            assert ship is before[key]
    assert {key: ship.wounds for key, ship in before.items()} == wounds_before
    with pytest.raises(ValueError, match="frozen"):
        next(iter(after.values())).wounds = 0
