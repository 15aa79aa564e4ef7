"""Naval orders end of turn for 50 players × 20 forces (1,000 forces, a third of them
raiding or cruising), engine only. Prints figures; asserts nothing.

Run: .venv/bin/python tests/bench/bench_naval_orders.py [--players N] [--forces N] [--repeat N]

The brief's target for the whole `/turn end` (resolved, audited, summarised) is ≤ 0.5 s;
this measures the engine's share: `end_of_turn` itself, rendering its summary in English,
and dumping the new state to JSON as the storage layer would. Medians of `--repeat` runs.
The CPU reference line lets figures from different machines be compared.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot.bench.figures import cpu_reference
from bot.dice import Dice
from bot.rules.naval_orders import CruiseOrder
from bot.rules.naval_orders import MoveOrder
from bot.rules.naval_orders import NavalOrdersSettings
from bot.rules.naval_orders import NavalOrdersState
from bot.rules.naval_orders import RaidOrder
from bot.rules.naval_orders import RegisterStation
from bot.rules.naval_orders import Ship
from bot.rules.naval_orders import Squadron
from bot.rules.naval_orders import end_of_turn
from bot.rules.naval_orders import register_station
from bot.rules.naval_orders.messages import ship_counts
from bot.rules.naval_orders.models import ActiveOrder
from bot.rules.naval_orders.models import Force
from bot.rulesets import TurnContext

TURN = 10


def build_state(players: int, forces_each: int) -> NavalOrdersState:
    """Forces in a fixed mix: a third cruising or raiding (half arrived, raids with their
    d3 still to roll on arrival), a sixth on transfers, the rest split between awaiting
    orders, layover, returning to a station and fleets; one port per player."""
    state = NavalOrdersState()
    for p in range(players):
        state = register_station(
            state,
            RegisterStation(name=f"Station {p}", location=f"P{p}", naval_station=True),
        ).state
    forces: dict[str, Force] = {}
    for p in range(players):
        owner = f"Player {p}"
        for n in range(forces_each):
            name = f"{owner} force {n}"
            ships = [Ship(rate=3), Ship(rate=5), Ship(rate=6, hull_damage_pct=80 * (n % 5 == 0))]
            squadrons: list[Squadron] = []
            kind = "line" if n % 2 else "auxiliary"
            if n % 10 == 9:
                kind = "fleet"
                squadrons = [
                    Squadron(name="A", kind="line", ships=ships),
                    Squadron(name="B", kind="auxiliary", ships=ships),
                ]
                ships = []
            force = Force(
                name=name,
                owner=owner,
                kind=kind,
                ships=ships,
                squadrons=squadrons,
                location=f"L{n}",
                in_port=False,
            )
            all_ships = force.all_ships()
            slot = (p * forces_each + n) % 6
            if slot in (0, 1):  # a third cruising or raiding
                order = (
                    CruiseOrder(point="Sea", location=f"L{n}", turns=8)
                    if slot == 0
                    else RaidOrder(point="Sea", location=f"L{n}", turns=3)
                )
                arrived = n % 4 < 2
                force.order = ActiveOrder(
                    order=order,
                    given_turn=TURN - 3,
                    effective_turn=TURN - 3,
                    force_kind=kind,
                    ships=ship_counts(all_ships),
                    arrived_turn=TURN - 2 if arrived else None,
                    turns_done=2 if arrived else 0,
                    turns_required=(8 if slot == 0 else 5) if arrived else None,
                    raid_roll=2 if arrived and slot == 1 else None,
                )
                force.status = "executing"
            elif slot == 2:  # transfer, some arriving in port this turn
                force.order = ActiveOrder(
                    order=MoveOrder(
                        point="Home", destination=f"P{p}", port=f"Station {p}", via=["X"]
                    ),
                    given_turn=TURN - 1,
                    effective_turn=TURN - 1,
                    force_kind=kind,
                    ships=ship_counts(all_ships),
                )
                force.status = "executing"
                if n % 4 == 2:
                    force.location, force.in_port = f"P{p}", True
            elif slot == 3:
                force.status = "layover"
                force.layover_until = TURN
                force.location, force.in_port = f"P{p}", True
            elif slot == 4:
                force.status = "returning_to_station"
                force.location, force.in_port = f"P{p}", n % 4 == 0
            forces[force.key] = force
    state.forces = forces
    return state


def median_seconds(run, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--forces", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    settings = NavalOrdersSettings()
    state = build_state(args.players, args.forces)
    active = sum(
        1
        for f in state.forces.values()
        if f.order is not None and f.order.order.kind in ("cruise", "raid")
    )

    def resolve():
        context = TurnContext(state=state, settings=settings, turn=TURN, dice=Dice.seeded(1))
        return end_of_turn(context)

    result = resolve()
    engine = median_seconds(resolve, args.repeat)
    render = median_seconds(lambda: [line.render("en") for line in result.lines], args.repeat)
    dump = median_seconds(lambda: result.state.model_dump_json(), args.repeat)
    print(f"cpu reference: {cpu_reference():.3f} µs for sum(range(100))")
    print(
        f"forces: {len(state.forces)} ({args.players} players × {args.forces}); "
        f"cruising or raiding: {active}"
    )
    print(
        f"summary lines: {len(result.lines)}; archive records: {len(result.archive)}; "
        f"dice rolled: {len(result.outcome['raid_rolls'])}"
    )
    print(f"end_of_turn (median of {args.repeat}): {engine * 1000:.1f} ms")
    print(f"render summary, en: {render * 1000:.1f} ms")
    print(f"state to JSON: {dump * 1000:.1f} ms")
    print(f"engine total: {(engine + render + dump) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
