"""End of turn over many battles at once (copy-on-write state, fleet index, one pruning pass)
gives what resolving the battles one by one on a deep copy gives: state, lines, outcome, dice.
"""

from __future__ import annotations

import pytest

from bot.bench.fleet_turn import build_state
from bot.dice import Dice
from bot.dice import RollRecord
from bot.dice_stats import ROLLED_BY
from bot.dice_stats import rolled_by_outcome
from bot.i18n import Msg
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import FleetCombatState
from bot.rules.fleet_combat import RoundReport
from bot.rules.fleet_combat.rounds import ROUND_SAFETY_LIMIT
from bot.rules.fleet_combat.rounds import fight_round
from bot.rules.fleet_combat.turn import _round_outcome
from bot.rules.fleet_combat.turn import end_of_turn
from bot.rules.fleet_combat.turn import summary_lines
from bot.rulesets import TurnContext

VARIANTS = {
    "defaults": {},
    "to_the_end": {"rounds_per_resolution": 0},
    "three_rounds": {"rounds_per_resolution": 3},
    "wounds_cleared": {"wounds_persist_between_battles": False, "rounds_per_resolution": 2},
    "random_tie_break": {"wound_tie_break": "random"},
    "owner_choice": {"wound_tie_break": "owner_choice"},
    "immediate_damage_spill": {"deferred_damage": False, "burn_excess": False},
    "overflow_lost": {
        "kill_cap_overflow": "lost",
        "transport_loss_scope": "participant",
        "transports_die_on_mutual_wipe": False,
    },
    "hold_fire_round_cap": {"missing_orders": "hold_fire", "max_rounds": 2},
}


def one_by_one(
    state: FleetCombatState,
    settings: FleetCombatSettings,
    dice: Dice,
    turn: int,
    rolled_by: dict[int, str] | None = None,
) -> tuple[FleetCombatState, list[Msg], list[dict[str, object]], list[RoundReport]]:
    """The plain way: a deep copy, then each battle's rounds with the per-battle defaults."""
    state = state.model_copy(deep=True)
    rounds: list[dict[str, object]] = []
    reports: list[RoundReport] = []
    for battle in state.active_battles():
        for number in range(settings.rounds_per_resolution or ROUND_SAFETY_LIMIT):
            if number:
                reports[-1].fought_on = True  # FC-I6: the next round follows at once
            report = fight_round(state, battle, settings, dice, turn=turn, rolled_by=rolled_by)
            rounds.append(_round_outcome(report))
            reports.append(report)
            if report.ended:
                break
    lines = summary_lines(reports, retreat_distance=settings.retreat_distance_points)
    return state, lines, rounds, reports


def roll_rows(records: list[RollRecord]) -> list[dict[str, object]]:
    return [r.model_dump() for r in records]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_end_of_turn_over_many_battles_equals_resolving_them_one_by_one(variant: str) -> None:
    settings = FleetCombatSettings(**VARIANTS[variant])
    state, mix = build_state(40, settings, seed=len(variant))
    for battle in state.active_battles()[::3]:  # some owner priorities (FC-I10)
        for participant in battle.participants:
            fleet = state.fleet(participant.faction, battle.point)
            if fleet is not None:
                battle.damage_priority[participant.faction] = [s.id for s in fleet.ships[::-1]]
    assert mix.active_battles == 40 and mix.finished_battles > 0
    before = state.model_dump_json()

    batched_dice, plain_dice = Dice.seeded(5), Dice.seeded(5)
    step = end_of_turn(TurnContext(state, settings, 11, batched_dice))
    rolled_by: dict[int, str] = {}
    expected_state, expected_lines, expected_rounds, reports = one_by_one(
        state, settings, plain_dice, 11, rolled_by
    )

    assert state.model_dump_json() == before  # the input is left as it was
    assert step.state.model_dump_json() == expected_state.model_dump_json()
    assert [m.to_json() for m in step.lines] == [m.to_json() for m in expected_lines]
    # each side's dice are credited to it, as a round fought on its own credits them
    credits = rolled_by_outcome(rolled_by, 0, len(plain_dice.records))
    assert step.outcome == {"rounds": expected_rounds, **credits}
    assert set(credits[ROLLED_BY]["factions"]) <= {
        p.faction for b in state.active_battles() for p in b.participants
    }
    assert None not in credits[ROLLED_BY]["rolls"]  # every battle die is some side's
    # every round's report goes to its battle's log, once, numbered by its round
    assert [(r.key, r.seq, r.body.model_dump_json()) for r in step.archive] == [
        (f"battle/{r.battle_id}", r.round, r.model_dump_json()) for r in reports
    ]
    assert roll_rows(batched_dice.records) == roll_rows(plain_dice.records)
    assert len(step.state.fleets) < len(state.fleets)  # wiped fleets were pruned


def test_a_second_end_of_turn_on_the_result_matches_too() -> None:
    """Shared (not copied) parts of the state stay correct across consecutive resolutions."""
    settings = FleetCombatSettings()
    state, _ = build_state(40, settings, seed=3)
    first = end_of_turn(TurnContext(state, settings, 11, Dice.seeded(1))).state
    snapshot = first.model_dump_json()
    second = end_of_turn(TurnContext(first, settings, 12, Dice.seeded(2)))
    expected, _, _, _ = one_by_one(first, settings, Dice.seeded(2), 12)
    assert first.model_dump_json() == snapshot
    assert state.model_dump_json() != snapshot
    assert second.state.model_dump_json() == expected.model_dump_json()
