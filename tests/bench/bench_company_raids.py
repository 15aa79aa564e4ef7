"""Company raids benchmark: engine time of a 1,000-shot Joker duel and of a land → capture
fails → counterattack incident. Prints figures (median and p99 of several runs); asserts
nothing.

Run: .venv/bin/python tests/bench/bench_company_raids.py [--quick]

The issue's targets (≤ 50 ms full stack for each) include storage and Discord; these figures
are the engine's share. The duel ends in the GM ruling (1,000 misses, CR-I13), so all 1,000
shots are rolled, recorded and narrated; the GM's forced answer then archives its record.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from bot.dice import Dice
from bot.rules import company_raids as cr
from bot.rules.company_raids import CompanyRaidsSettings
from bot.rules.company_raids import CompanyRaidsState

SETTINGS = CompanyRaidsSettings()


def duel_board() -> CompanyRaidsState:
    state = CompanyRaidsState()
    state = cr.register_piece(
        state, SETTINGS, "Banker", owner="Vera", value=200, in_joker=True
    ).state
    return cr.register_piece(state, SETTINGS, "Corsair", owner="Gleb", value=350).state


def raid_board() -> CompanyRaidsState:
    state = CompanyRaidsState()
    state = cr.register_company(state, SETTINGS, "Steelworks", owner="Boris", fine=180).state
    return cr.register_piece(state, SETTINGS, "Broker", owner="Anna", value=300).state


def thousand_shot_duel(board: CompanyRaidsState) -> Callable[[], object]:
    def run() -> object:
        dice = Dice.scripted([1, 3, 5] * 333 + [1])
        capped = cr.enter(board, SETTINGS, "Corsair", dice)
        assert capped.awaiting is not None
        closed = cr.force_answer(capped.state, SETTINGS, capped.awaiting.incident_id, dice)
        return [line.render("ru") for line in capped.lines + closed.lines]

    return run


def raid_incident(board: CompanyRaidsState) -> Callable[[], object]:
    def run() -> object:
        dice = Dice.scripted([3, 4])
        landed = cr.land(board, SETTINGS, "Broker", "Steelworks", dice, by_faction="Anna")
        failed = cr.answer(landed.state, SETTINGS, 1, "capture", dice, by_faction="Anna")
        hit = cr.answer(failed.state, SETTINGS, 1, "counterattack", dice, by_faction="Boris")
        return [line.render("en") for line in landed.lines + failed.lines + hit.lines]

    return run


def timings(run: Callable[[], object], repeats: int) -> list[float]:
    run()  # warm-up: imports, catalogs, pydantic schemas
    seconds = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        seconds.append(time.perf_counter() - start)
    return seconds


def report(name: str, seconds: list[float]) -> None:
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    print(
        f"{name}: median {statistics.median(ordered) * 1000:.2f} ms, "
        f"p99 {p99 * 1000:.2f} ms, min {ordered[0] * 1000:.2f} ms ({len(ordered)} runs)"
    )


def main() -> None:
    quick = "--quick" in sys.argv
    report(
        "1,000-shot Joker duel (enter + GM ruling, narrated)",
        timings(thousand_shot_duel(duel_board()), 5 if quick else 25),
    )
    report(
        "land -> capture fails -> counterattack",
        timings(raid_incident(raid_board()), 20 if quick else 200),
    )


if __name__ == "__main__":
    main()
