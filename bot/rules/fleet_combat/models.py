"""Fleet combat state (stored as JSON per campaign), commands and round reports.

Players are identified by faction name. A fleet is one faction's ships at one board point;
the fleets are the single source of truth for ships, and a battle refers to its
participants' fleets at its point (the spec's "state carried by the bot", section 4).
Board points are compared by `point_key`, the engine's and the commands' one rule:
`Mecatol`, `mecatol` and `MECATOL` are one point, and so are `Port-Royal`, `Port Royal` and
`port_royal`, or `Орёл` and `Орел`, whichever way each was stored.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from functools import lru_cache
from typing import Any
from typing import Literal

from pydantic import BaseModel
from pydantic import ConfigDict
from pydantic import Field
from pydantic import model_validator

from bot.rules.fleet_combat.settings import TransportLossScope
from bot.rulesets import ArchiveRecord
from bot.text import name_key


@lru_cache(maxsize=8192)  # a campaign has a few hundred points; rounds look them up often
def point_key(point: str) -> str:
    """What two board points are compared by: `bot.text.name_key` (case, width and invisible
    characters aside) with `ё` read as `е` and dashes and underscores as spaces, as players
    write a place's name (`Port-Royal` or `Port Royal`, `Орёл` or `Орел`) and as faction
    names are matched."""
    folded = name_key(point).replace("ё", "е").replace("_", " ").replace("-", " ")
    return " ".join(folded.split())


def same_point(first: str, second: str) -> bool:
    """Whether two board points, as stored or typed, are one point (`point_key`)."""
    return first == second or point_key(first) == point_key(second)


def distinct_points(points: Iterable[str]) -> list[str]:
    """Each board point once (`same_point`), by the first spelling given, sorted as players
    read a list of names."""
    named: dict[str, str] = {}
    for point in points:
        named.setdefault(point_key(point), point)
    return sorted(named.values(), key=str.casefold)


class Ship(BaseModel):
    """One ship: its id (registration order), class and wound tokens (FC-2.3, FC-I14).

    Frozen: states share ships, so a change of wounds is a new ship (`with_wounds`)."""

    model_config = ConfigDict(frozen=True)

    id: int
    ship_class: str
    wounds: int = Field(default=0, ge=0)

    def with_wounds(self, wounds: int) -> Ship:
        """This ship with `wounds` wound tokens (a new ship built and checked as any other:
        faster than a copy of this one)."""
        if wounds == self.wounds:
            return self
        return type(self)(id=self.id, ship_class=self.ship_class, wounds=wounds)


class Fleet(BaseModel):
    """One faction's ships at one board point."""

    faction: str
    point: str
    ships: list[Ship] = Field(default_factory=list)

    def count_by_class(self) -> dict[str, int]:
        """How many ships of each class (registration order of classes)."""
        counts: dict[str, int] = {}
        for ship in self.ships:
            counts[ship.ship_class] = counts.get(ship.ship_class, 0) + 1
        return counts


class Participant(BaseModel):
    """A player in a battle (FC-I5): faction, side (allies share one), status."""

    faction: str
    side: str
    status: Literal["active", "left"] = "active"
    joined_turn: int | None = None
    left_round: int | None = None


class FireTarget(BaseModel):
    """Where (part of) a group's volley goes: one hostile participant and one class (FC-5.2).

    `dice` is only used with `allow_split_fire` (FC-I7); None means "the rest".
    """

    opponent: str
    target_class: str
    dice: int | None = Field(default=None, ge=1)


class FireOrder(BaseModel):
    """A participant's order for one of its classes for the coming round (FC-5.1–5.3, FC-I7)."""

    ship_class: str
    targets: list[FireTarget] = Field(default_factory=list)
    hold: bool = False


class BattleResult(BaseModel):
    """Why and how a battle ended (FC-I16): the factions still holding combat ships, if any."""

    reason: Literal[
        "one_side_remains", "no_combat_ships_left", "all_left", "round_cap", "closed_by_gm"
    ]
    holders: list[str] = Field(default_factory=list)
    retreated: list[str] = Field(default_factory=list)


TargetSource = Literal["order", "automatic", "invalid_order", "retreat_override"]


@dataclass(slots=True, kw_only=True)
class VolleyReport:
    """One volley: a group's attack dice, the target's defence dice, the wound packet (FC-I9)."""

    shooter: str
    ship_class: str
    ships: int
    target: str
    target_class: str
    source: TargetSource
    at_retreater: bool = False
    attack_dice: int
    hit_on: int
    attack_faces: list[int]
    hits: int
    defence: int | None
    defence_faces: list[int]
    wounds: int
    kill_cap: int | None
    # The lowest defence face that blocked a hit (FC-I3): the defence value, or one above it
    # with `defence_blocks_on_equal = false`; None in rounds logged before it was kept.
    blocks_on: int | None = None
    # How many ships of the target class the target had afloat when the volley was fired
    # (FC-5.2), so one ship is named as one; None in rounds logged before it was kept.
    targets: int | None = None


HoldReason = Literal["hold_order", "missing_orders", "no_target", "no_attack"]


@dataclass(slots=True, kw_only=True)
class HeldFire:
    """A group that fired nothing this round, and why (FC-I7, FC-I8)."""

    shooter: str
    ship_class: str
    reason: HoldReason
    # How many volleys the round had fired before this group's turn came, so its report
    # tells it in its place (FC-I7); None in rounds logged before it was kept: told last.
    after: int | None = None


@dataclass(slots=True, kw_only=True)
class ShipHit:
    """Wounds one packet put on one ship (FC-5.14, FC-I10)."""

    ship_id: int
    wounds_added: int
    wounds: int
    destroyed: bool
    # The ship's class: the packet's, or the one its wounds moved on to (FC-I12
    # `burn_excess = false`); None in rounds logged before it was kept.
    ship_class: str | None = None


@dataclass(slots=True, kw_only=True)
class PacketReport:
    """How one wound packet was applied at the end of the round (FC-I10–I12)."""

    volley: int
    shooter: str
    target: str
    target_class: str
    wounds: int
    hits: list[ShipHit] = field(default_factory=list)
    kills: int = 0
    lost_to_cap: int = 0
    burned: int = 0
    spilled_to: list[str] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class LostShip:
    """A ship moved to the reserve this round (FC-3.1), by wounds or as a transport (FC-I13)."""

    faction: str
    ship_id: int
    ship_class: str
    cause: Literal["wounds", "transport"]


class RoundReport(BaseModel):
    """Everything one round did, as data for embeds and the battle log."""

    battle_id: int
    point: str
    round: int
    turn: int | None = None
    retreating: list[str] = Field(default_factory=list)
    volleys: list[VolleyReport] = Field(default_factory=list)
    held: list[HeldFire] = Field(default_factory=list)
    packets: list[PacketReport] = Field(default_factory=list)
    losses: list[LostShip] = Field(default_factory=list)
    left: list[str] = Field(default_factory=list)
    # FC-6.3: those of `left` with no ship left: nothing of theirs moves. One that lost no
    # ship in the round had none when it began (a GM removed its fleet): see messages'
    # `left_empty`.
    left_without_ships: list[str] = Field(default_factory=list)
    remaining: dict[str, list[Ship]] = Field(default_factory=dict)
    # FC-5.9: those of the transport losers whose side (or own fleet, FC-I13 scope) had no
    # combat ship when the round began: none was lost with them. Empty in older reports.
    transports_unescorted: list[str] = Field(default_factory=list)
    # How the round ended its battle (FC-I16), if it did (`ended`). A report saved with the
    # flag `ended` beside it loads without the flag.
    result: BattleResult | None = None
    # FC-I6: the next round was fought at once, in the same resolution (not frozen after it).
    fought_on: bool = False
    # FC-I6, FC-5.23: a GM's `/combat resolve` fought the round before the turn's end, which
    # still fights the next round: the battle waits for that end, not for the next turn.
    # False in rounds of the end of turn and in rounds logged before it was kept.
    before_turn_end: bool = False
    # The settings the round was fought under, as its log tells them whatever the campaign
    # picks later: FC-I9 `deferred_damage` (wounds placed at the round's end or after each
    # volley) and FC-I13 `transport_loss_scope`; None in rounds logged before they were kept,
    # which read under the campaign's current settings.
    deferred_damage: bool | None = None
    transport_loss_scope: TransportLossScope | None = None
    # FC-I15 `retreat_distance_points`: how far those who left in this round move (FC-6.3);
    # FC-I4: the life of each class its packets wounded, as the wounds were counted. None in
    # rounds logged before they were kept, which read under the campaign's current settings.
    retreat_distance: int | None = None
    class_life: dict[str, int] | None = None
    # FC-I17: the names a ruleset that fights its battles in automatic mode gives its own
    # ships, per participant and class, as the round was fought (space pirates: a pirate
    # side's ships by pirate type, from its SP-I9 table). A participant or class not listed
    # is named by its class (FC glossary). None in fleet combat's own rounds and in rounds
    # logged before they were kept, which that ruleset names from its current table.
    ship_names: dict[str, dict[str, str]] | None = None

    @model_validator(mode="before")
    @classmethod
    def _without_left_empty(cls, data: Any) -> Any:
        """A report saved while those of `left` with no ship when the round began were kept
        apart as `left_empty` loads with them among `left_without_ships`, where they are told
        apart by their losses like those of newer reports (messages' `left_empty`)."""
        if not isinstance(data, Mapping) or "left_empty" not in data:
            return data
        values = dict(data)
        empty = values.pop("left_empty") or []
        without = list(values.get("left_without_ships") or [])
        values["left_without_ships"] = without + [f for f in empty if f not in without]
        return values

    @property
    def ended(self) -> bool:
        """Whether the round ended its battle (FC-I16): it has a result."""
        return self.result is not None

    def auto_targeted(self) -> list[VolleyReport]:
        """Volleys whose target the bot chose (FC-I17), for the summary."""
        return [v for v in self.volleys if v.source != "order"]

    def log_record(self) -> ArchiveRecord:
        """The report as an entry of its battle's log (the ruleset archive, not the state)."""
        return ArchiveRecord(battle_log_key(self.battle_id), self.round, self)


def battle_log_key(battle_id: int) -> str:
    """The archive series holding a battle's round reports, in round order (its log)."""
    return f"battle/{battle_id}"


class Battle(BaseModel):
    """One battle at one board point; `result` is None while it is active."""

    id: int
    point: str
    declared_turn: int | None = None
    rounds_fought: int = 0
    participants: list[Participant] = Field(default_factory=list)
    hostile_pairs: list[tuple[str, str]] = Field(default_factory=list)
    retreats: list[str] = Field(default_factory=list)
    orders: dict[str, list[FireOrder]] = Field(default_factory=dict)
    damage_priority: dict[str, list[int]] = Field(default_factory=dict)
    result: BattleResult | None = None

    @property
    def active(self) -> bool:
        """Still being fought."""
        return self.result is None

    @property
    def next_round(self) -> int:
        """The number of the round the next resolution fights."""
        return self.rounds_fought + 1

    def participant(self, faction: str) -> Participant | None:
        """The participant entry of `faction`, if any."""
        return next((p for p in self.participants if p.faction == faction), None)

    def engaged(self) -> list[Participant]:
        """Participants still in the battle, in turn order."""
        return [p for p in self.participants if p.status == "active"]

    def hostile(self, a: str, b: str) -> bool:
        """Are these two participants hostile (FC-I5)?"""
        pair = (min(a, b), max(a, b))
        return any(tuple(p) == pair for p in self.hostile_pairs)


class RetreatMove(BaseModel):
    """A fleet that retreated from a battle and still owes its move (FC-6.3, FC-I15): it is
    no longer at `point` for an attack (FC-4.1) until `/combat fleet move` records the move
    (or the fleet is removed)."""

    faction: str
    point: str
    battle: int
    distance: int = 2


class FleetCombatState(BaseModel):
    """Everything the ruleset keeps per campaign."""

    model_config = ConfigDict(validate_assignment=False)

    fleets: list[Fleet] = Field(default_factory=list)
    battles: list[Battle] = Field(default_factory=list)
    reserve: dict[str, dict[str, int]] = Field(default_factory=dict)
    turn_order: list[str] = Field(default_factory=list)
    next_ship_id: int = 1
    next_battle_id: int = 1
    # FC-6.3: retreated fleets whose move is not recorded yet. Never edited in place: a
    # command rebinds the list (`copies`). Saves from before it load with none owed.
    retreat_moves: list[RetreatMove] = Field(default_factory=list)

    def retreat_move(self, faction: str, point: str) -> RetreatMove | None:
        """The move `faction`'s fleet owes away from `point` after a retreat, if any."""
        key = point_key(point)
        return next(
            (m for m in self.retreat_moves if m.faction == faction and point_key(m.point) == key),
            None,
        )

    def without_retreat_move(self, faction: str, point: str) -> list[RetreatMove]:
        """`retreat_moves` less the one `faction` owes away from `point`."""
        key = point_key(point)
        return [
            m
            for m in self.retreat_moves
            if not (m.faction == faction and point_key(m.point) == key)
        ]

    def fleet(self, faction: str, point: str) -> Fleet | None:
        """The fleet of `faction` at `point` (`same_point`), if registered."""
        key = point_key(point)
        return next(
            (f for f in self.fleets if f.faction == faction and point_key(f.point) == key), None
        )

    def battle(self, battle_id: int) -> Battle | None:
        """A battle by id, active or finished."""
        return next((b for b in self.battles if b.id == battle_id), None)

    def active_battles(self) -> list[Battle]:
        """Battles still being fought, by id."""
        return [b for b in self.battles if b.active]

    def battle_at(self, point: str) -> Battle | None:
        """The active battle at a board point (`same_point`), if any (one per point)."""
        key = point_key(point)
        return next((b for b in self.battles if b.active and point_key(b.point) == key), None)

    def known_point(self, point: str) -> str:
        """A board point as a fleet or battle already has it (`same_point`: the first
        fleet's, else the first battle's spelling), else as given: what a new fleet or
        battle at that point is recorded at."""
        key = point_key(point)
        known = (*(f.point for f in self.fleets), *(b.point for b in self.battles))
        return next((p for p in known if point_key(p) == key), point)


# --- commands -------------------------------------------------------------------------------


class RegisterFleet(BaseModel):
    """Register or edit a faction's fleet at a point: ship counts by class, optional wounds.

    `wounds[class]` lists wound tokens of that class's ships in id order (missing = 0);
    `None` keeps the wounds of ships that stay. Empty `ships` removes the fleet.
    """

    faction: str
    point: str
    ships: dict[str, int]
    wounds: dict[str, list[int]] | None = None
    allow_while_engaged: bool = False


class DeclareAttack(BaseModel):
    """A player at `point` declares an attack on one or several players there (FC-4.1)."""

    attacker: str
    targets: list[str]
    point: str
    turn: int


class SetFireOrders(BaseModel):
    """A participant's fire orders for the coming round (FC-5.1–5.3, FC-I7).

    With `replace`, the list becomes the whole order list (listing order = firing order);
    without it, each given class's order replaces that class's old order in place.
    """

    battle_id: int
    faction: str
    orders: list[FireOrder]
    replace: bool = True


class DeclareRetreat(BaseModel):
    """Announce (or with `cancel`, withdraw) a retreat for the coming round (FC-6.1)."""

    battle_id: int
    faction: str
    cancel: bool = False
