"""Automatic mode (FC-I17): battles fought "to the finish" without Discord or a campaign turn.

Every group fires on the automatic target policy, rounds run back to back with no freeze,
and nobody retreats unless the caller asks for it: `open_automatic` sets a battle up,
`fight_automatic_rounds` fights it and may stop before a round (`pause_before`) so a
participant can be asked whether to retreat (the caller then lists it in `battle.retreats`,
FC-I15), and `automatic_result` reads the outcome. The space pirates ruleset resolves its
battles through this module.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from itertools import combinations

from bot.dice import Dice
from bot.errors import RuleViolation
from bot.rules.fleet_combat.models import Battle
from bot.rules.fleet_combat.models import BattleResult
from bot.rules.fleet_combat.models import Fleet
from bot.rules.fleet_combat.models import FleetCombatState
from bot.rules.fleet_combat.models import Participant
from bot.rules.fleet_combat.models import RoundReport
from bot.rules.fleet_combat.rounds import ROUND_SAFETY_LIMIT
from bot.rules.fleet_combat.rounds import fight_round
from bot.rules.fleet_combat.settings import FleetCombatSettings

AUTOMATIC_POINT = "automatic"


@dataclass(frozen=True)
class AutomaticResult:
    """How an automatic battle ended: survivors with their wounds, losses, every round."""

    fleets: dict[str, Fleet]
    rounds: list[RoundReport]
    result: BattleResult
    winning_side: str | None
    losses: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def rounds_fought(self) -> int:
        """How many rounds were fought."""
        return len(self.rounds)


def fight_automatic(
    fleet_a: Fleet,
    fleet_b: Fleet,
    settings: FleetCombatSettings,
    dice: Dice,
    *,
    max_rounds: int | None = None,
) -> AutomaticResult:
    """Fight two fleets to the finish (FC-I17); `fleet_a` fires first in every round.

    `max_rounds` caps the battle (None: `settings.max_rounds`; 0: no cap but the
    1000-round safety limit); a capped battle ends with reason `round_cap`.
    """
    return fight_automatic_sides(
        [(fleet_a, fleet_a.faction), (fleet_b, fleet_b.faction)],
        settings,
        dice,
        max_rounds=max_rounds,
    )


def fight_automatic_sides(
    participants: Sequence[tuple[Fleet, str]],
    settings: FleetCombatSettings,
    dice: Dice,
    *,
    max_rounds: int | None = None,
) -> AutomaticResult:
    """Fight several fleets, each `(fleet, side)`, firing in the order given (FC-I7).

    Fleets on one side are allies (FC-I5); every pair across sides is hostile. Each fleet's
    faction must be unique. Returns the survivors' fleets by faction.
    """
    state = open_automatic(participants)
    rounds = fight_automatic_rounds(state, settings, dice, max_rounds=max_rounds)
    return automatic_result(state, participants, rounds)


def open_automatic(participants: Sequence[tuple[Fleet, str]]) -> FleetCombatState:
    """A state holding one automatic battle of `(fleet, side)` participants, not yet fought
    (FC-I17); each fleet's faction must be unique and there must be two sides."""
    factions = [fleet.faction for fleet, _ in participants]
    if len(set(factions)) != len(factions) or len({side for _, side in participants}) < 2:
        raise RuleViolation("fleet_combat.error.automatic_sides", clause="FC-I17")
    state = FleetCombatState(
        fleets=[
            fleet.model_copy(update={"point": AUTOMATIC_POINT, "ships": list(fleet.ships)})
            for fleet, _ in participants
        ]
    )
    battle = Battle(
        id=0,
        point=AUTOMATIC_POINT,
        participants=[Participant(faction=f.faction, side=side) for f, side in participants],
        hostile_pairs=sorted(
            (min(a.faction, b.faction), max(a.faction, b.faction))
            for (a, side_a), (b, side_b) in combinations(participants, 2)
            if side_a != side_b
        ),
    )
    state.battles.append(battle)
    return state


def fight_automatic_rounds(
    state: FleetCombatState,
    settings: FleetCombatSettings,
    dice: Dice,
    *,
    max_rounds: int | None = None,
    pause_before: Callable[[Battle], bool] | None = None,
    rolled_by: dict[int, str] | None = None,
) -> list[RoundReport]:
    """Fight the state's automatic battle round after round until it ends, or until
    `pause_before(battle)` is true before a round: call again to carry on. Participants the
    caller lists in `battle.retreats` retreat in the coming round (FC-I15: they do not fire,
    the others fire their parting volley, and they leave at its end). `rolled_by` receives
    the participant that rolled each roll, by its index in `dice.records`."""
    battle = state.battles[0]
    cap = settings.max_rounds if max_rounds is None else max_rounds
    cap = min(cap or ROUND_SAFETY_LIMIT, ROUND_SAFETY_LIMIT)
    rounds: list[RoundReport] = []
    while battle.result is None:
        if pause_before is not None and pause_before(battle):
            break
        rounds.append(
            fight_round(
                state,
                battle,
                settings,
                dice,
                turn=None,
                automatic=True,
                round_cap=cap,
                rolled_by=rolled_by,
            )
        )
    return rounds


def automatic_result(
    state: FleetCombatState,
    participants: Sequence[tuple[Fleet, str]],
    rounds: list[RoundReport],
) -> AutomaticResult:
    """The outcome of an automatic battle that has ended: survivors by faction (at their
    original points), every round, the winning side (None after a cap or a mutual wipe)."""
    battle = state.battles[0]
    factions = [fleet.faction for fleet, _ in participants]
    result = battle.result
    assert result is not None
    sides = {p.faction: p.side for p in battle.participants}
    holder_sides = {sides[f] for f in result.holders}
    winning_side = next(iter(holder_sides)) if len(holder_sides) == 1 else None
    if result.reason == "round_cap":
        winning_side = None
    fleets = {
        faction: state.fleet(faction, AUTOMATIC_POINT) or Fleet(faction=faction, point="")
        for faction in factions
    }
    for (original, _), faction in zip(participants, factions, strict=True):
        fleets[faction] = fleets[faction].model_copy(update={"point": original.point})
    return AutomaticResult(
        fleets=fleets,
        rounds=rounds,
        result=result,
        winning_side=winning_side,
        losses=state.reserve,
    )
