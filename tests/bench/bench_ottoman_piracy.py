"""Ottoman piracy benchmark: a declaration's cost must not grow with the campaign's past.

Run: .venv/bin/python tests/bench/bench_ottoman_piracy.py

Target (printed, not asserted): `declare_piracy` with 2,000 past piracies within 2x of the
figure with none. Resolved piracies leave the state for the archive, so a long campaign's
state stays the size of a short one's; the second table shows the state's JSON size too.
"""

from __future__ import annotations

import statistics
import time

from bot.dice import Dice
from bot.rules.ottoman_piracy import OttomanPiracySettings
from bot.rules.ottoman_piracy import OttomanPiracyState
from bot.rules.ottoman_piracy import declare_piracy
from bot.rules.ottoman_piracy import end_of_turn
from bot.rules.ottoman_piracy import start_impulse
from bot.rules.ottoman_piracy.models import PiracyDeclaration
from bot.rulesets import TurnContext

SETTINGS = OttomanPiracySettings()
DECLARATION = PiracyDeclaration(
    sea_zone="Ionian Sea", target="hapsburg", corsairs=2, target_ports=1
)


def campaign_with(past: int) -> OttomanPiracyState:
    """A state after `past` piracies, each in an Ottoman impulse (OP-I2), resolved (no hit)
    and its turn ended; then the next turn's Ottoman impulse."""
    state = start_impulse(OttomanPiracyState(at_war_with_ottomans=["hapsburg"]), "ottoman").state
    for turn in range(1, past + 1):
        state = declare_piracy(state, SETTINGS, DECLARATION, Dice.scripted([1, 1]), turn).state
        state = end_of_turn(TurnContext(state, SETTINGS, turn, Dice.scripted([]))).state
        state = start_impulse(state, "ottoman").state
    return state


def declare_ms(state: OttomanPiracyState, turn: int, runs: int = 200) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        declare_piracy(state, SETTINGS, DECLARATION, Dice.scripted([1, 1]), turn)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    print("past piracies | declare_piracy median | state JSON")
    base = None
    for past in (0, 100, 1000, 2000):
        state = campaign_with(past)
        ms = declare_ms(state, past + 1)
        base = base or ms
        size = len(state.model_dump_json())
        print(f"{past:>13} | {ms:8.3f} ms ({ms / base:4.2f}x) | {size:,} bytes")


if __name__ == "__main__":
    main()
