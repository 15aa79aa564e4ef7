"""Space pirates state (stored as JSON per campaign): routes, planets, the per-player pirate
record carried between turns (section 4 "Per-player state"), contracts, privateers, bribes
and the resolutions waiting on a pending choice (SP-I45)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from typing import Literal

from pydantic import BaseModel
from pydantic import ConfigDict
from pydantic import Field
from pydantic import PrivateAttr

from bot.errors import NotAllowed
from bot.text import shown

SCHEMA_VERSION = 1

ShipRole = Literal["guard", "police", "transport"]
AttackKind = Literal["route", "planet"]
AttackOutcome = Literal[
    "pending", "successful", "defender_victory", "stalemate", "failed", "bought_off"
]
# SP-I34: what a refused buy-off meets: a fight (a battle at the route or in orbit, or troops
# covering the buildings), no defence at all, troops that avoid the pirates, or troops whose
# owner is asked how they meet them (SP-I22 `ask_when_raided`)
IfRefused = Literal["fight", "no_defence", "troops_avoid", "troops_asked"]
# What a number counts (`SpacePiratesState.take_id`): each kind is numbered on its own, so a
# campaign's routes are #1, #2…, its planets #1… A ship is one kind wherever it sits (a route,
# an orbit, a privateer group, a base attack order); the pending choices (buy-off, plunder,
# retreat and upkeep questions, and the buy-off offers made at placement) are one kind, as
# `/pirates offer` and the answer buttons take any of them by its number.
IdKind = Literal["route", "planet", "ship", "contract", "privateers", "bribe", "order", "choice"]


class RegisteredShip(BaseModel):
    """A player ship the rules need (SP-I10, SP-I21): fleet combat class, cost, wounds.

    `role` is `guard`, `police` (a guard with the police module, SP-I28) or `transport`
    (armed when its class is a combat class, SP-1.12); `owner` registered it (SP-I43)."""

    id: int
    owner: str
    ship_class: str
    role: ShipRole = "guard"
    cost: int | None = Field(default=None, ge=0)
    wounds: int = Field(default=0, ge=0)


class IncomeBySource(BaseModel):
    """A route's income from goods, passengers and tourism (SP-1.5)."""

    goods: int = Field(default=0, ge=0)
    passengers: int = Field(default=0, ge=0)
    tourism: int = Field(default=0, ge=0)

    @property
    def total(self) -> int:
        """The route income (SP-1.5)."""
        return self.goods + self.passengers + self.tourism


class RouteOwner(BaseModel):
    """One owner of a route and their share of its combined income, in percent (SP-I5)."""

    faction: str
    share_pct: int = Field(ge=1, le=100)


class TradeRoute(BaseModel):
    """A trade route registered once, with every owner's share (SP-1.5, SP-1.6, SP-I5)."""

    id: int
    name: str
    income: IncomeBySource
    owners: list[RouteOwner]
    ships: list[RegisteredShip] = Field(default_factory=list)

    @property
    def combined_income(self) -> int:
        """The combined income of all owners (SP-1.6)."""
        return self.income.total

    def share_of(self, faction: str) -> int:
        """A faction's share in percent (0 when not an owner)."""
        for owner in self.owners:
            if owner.faction == faction:
                return owner.share_pct
        return 0

    @property
    def primary_owner(self) -> str:
        """The first owner listed (SP-I5 `primary_owner`)."""
        return self.owners[0].faction


class Planet(BaseModel):
    """A planet (SP-4): total income, population, troops, buildings, orbital ships, the
    `cover_buildings` flag (SP-I22), its cooldown (SP-I19) and timed effects (SP-I22, SP-I25)."""

    id: int
    name: str
    owner: str
    income: int = Field(ge=0)
    population: int = Field(default=0, ge=0)
    troops: int = Field(default=0, ge=0)
    buildings: int = Field(default=1, ge=1)
    cover_buildings: bool = False
    orbital_ships: list[RegisteredShip] = Field(default_factory=list)
    last_attacked_turn: int | None = None
    birth_rate_penalty_until: int | None = None
    # The birth rate during that penalty, in % of normal, as `birth_rate_factor_pct` stood
    # when the raid set it (SP-I25): the status tells it whatever the GM sets later. None in
    # planets raided before it was kept, which read the campaign's current setting.
    birth_rate_pct: int | None = None
    industry_blocked_from: int | None = None
    industry_blocked_until: int | None = None


class PirateFleet(BaseModel):
    """A pirate fleet as composed by SP-I8."""

    model_config = ConfigDict(frozen=True)

    battleships: int = 0
    cruisers: int = 0
    raiders: int = 0

    def counts(self) -> dict[str, int]:
        """Ships by pirate type, in the composition order battleships, cruisers, raiders."""
        return {"battleship": self.battleships, "cruiser": self.cruisers, "raider": self.raiders}

    @property
    def size(self) -> int:
        """How many ships."""
        return self.battleships + self.cruisers + self.raiders


class AttackRecord(BaseModel):
    """One attack in the history (SP-I38): turn, kind, target, briber, roll, value, outcome."""

    turn: int
    kind: AttackKind
    target: int
    bribe_id: int | None = None
    raw_strength: int = 0
    strength: str = "0"
    value: int
    fleet: PirateFleet
    outcome: AttackOutcome = "pending"


class PirateShip(BaseModel):
    """A mercenary ship: pirate type and wounds (SP-9.5, FC-I14)."""

    pirate_type: str
    wounds: int = 0


class Station(BaseModel):
    """Where a mercenary contract stands (SP-I35): a route, a planet, or the reserve."""

    kind: Literal["reserve", "route", "planet"] = "reserve"
    target: int | None = None


class MercenaryContract(BaseModel):
    """A hired mercenary fleet (SP-9, SP-I35), paid per resolution while it runs."""

    id: int
    owner: str
    hired_turn: int
    hire_value: int
    value: int
    ships: list[PirateShip]
    station: Station = Field(default_factory=Station)
    ended_turn: int | None = None
    dismissed: bool = False

    @property
    def active(self) -> bool:
        """Still running."""
        return self.ended_turn is None


class PrivateerGroup(BaseModel):
    """Ships sent privateering (SP-10, SP-I36) against `target`; recalled ones return at
    `returns_turn` (SP-I37)."""

    id: int
    owner: str
    target: str
    formed_turn: int
    ships: list[RegisteredShip]
    recalled_turn: int | None = None
    returns_turn: int | None = None
    returned: bool = False

    def active_in(self, turn: int) -> bool:
        """Joins battles in the resolution of `turn` (SP-10.4, SP-I36, SP-I37)."""
        return turn > self.formed_turn and self.recalled_turn is None and bool(self.ships)


class Bribe(BaseModel):
    """A bribe placed during `placed_turn` (SP-7, SP-I33) with its attack fixed at placement.
    A sealed one (`reveal_briber_to_victim` off) names no briber: `sealed` is the commitment
    of its entry's sealed part (bot/secret_rolls.py `Sealed`), which names the briber for the
    bot and the GMs, so the state and the archive every member exports do not."""

    id: int
    briber: str
    sealed: str | None = None
    victim: str
    kind: AttackKind
    placed_turn: int
    target: int
    raw_strength: int = 0
    strength: str = "0"
    value: int
    fleet: PirateFleet
    payment_value: int
    cost: int
    status: Literal["placed", "resolved", "cancelled", "withdrawn", "bought_off"] = "placed"
    offer: Literal["at_resolution", "open", "declined"] = "at_resolution"
    # What a cancelled bribe gave back, under `cancelled_bribe_refund` as it stood when the
    # bribe was cancelled (SP-I33); None while it stands, and in bribes cancelled before it
    # was kept.
    refund: int | None = None
    # The victim's buy-off price of an offer made at placement (SP-I34 `at_placement`), as
    # the settings stood when it was made; None for a bribe offered when it comes up, and in
    # offers made before it was kept, which read the campaign's current settings.
    offer_cost: int | None = None
    # The number of the buy-off offer made at placement (SP-I34), counted with the pending
    # choices (`offer_number`); None for a bribe offered when it comes up, and in offers made
    # before it was kept, which go by the bribe's number (one counter numbered everything).
    offer_id: int | None = None

    @property
    def offer_number(self) -> int:
        """The number its victim answers the offer made at placement by (SP-I34)."""
        return self.offer_id if self.offer_id is not None else self.id

    def attack_record(self, turn: int, outcome: AttackOutcome = "pending") -> AttackRecord:
        """The history record of the attack fixed at placement, appended in `turn` (SP-I33,
        SP-I38)."""
        fixed = self.model_dump(include={"kind", "target", "raw_strength", "strength", "value"})
        return AttackRecord(**fixed, fleet=self.fleet, turn=turn, bribe_id=self.id, outcome=outcome)


class UpkeepDue(BaseModel):
    """A contract's upkeep due at SP-I40 step 4 of resolution `turn`: a pending choice to its
    owner, pay or end the contract (SP-I35, SP-I45). `ended` contracts only owe it."""

    choice_id: int
    contract: int
    owner: str
    turn: int
    amount: int
    ended: bool = False
    # SP-I35: all its ships destroyed when it was asked (the question says so); False in
    # states saved before it was kept
    no_ships: bool = False


class BaseAttackOrder(BaseModel):
    """An order to attack the pirate base (SP-I31): the attacking ships and joining contracts."""

    id: int
    attacker: str
    turn: int
    ships: list[RegisteredShip]
    contracts: list[int] = Field(default_factory=list)
    battle: dict[str, Any] | None = None  # paused on the retreat question (SP-I44)
    # True: `ships` are the attacker's registered ships it sends (their ids), fought as they
    # stand at the battle and written back after it. False: an order given before orders
    # picked registered ships, its ships made up for it, fought as ordered and kept nowhere.
    registered: bool = False


class ResolutionCursor(BaseModel):
    """A resolution under way (SP-I40): the campaign steps still to run, in the configured
    order (`players` stands for step 3), and the players whose step 3 has not started yet.
    A pending choice pauses it where it arises (SP-I45); answering it carries on from here."""

    turn: int
    steps: list[str]
    players: list[str] = Field(default_factory=list)


class PlayerPirates(BaseModel):
    """The pirates as one player meets them, carried between turns (section 4)."""

    streak: int = 0
    planet_raid_bonus_pct: int = 0
    buy_off_bonus_pct: int = 0
    planet_penalty_points: int = 0
    rampage: bool = False
    route_immunity_granted: int | None = None
    route_immunity_until: int | None = None
    peace_until: int | None = None
    operations_blocked_until: int | None = None
    income_bonus_until: int | None = None
    # The income per planet that bonus gives, as `base_bonus_income_per_planet` stood when
    # the base fell (SP-I32); None in records made before it was kept, which read the
    # campaign's current setting.
    income_bonus: int | None = None
    base_known: bool = False
    base_location: str | None = None
    failed_base_attacks: int = 0
    history: list[AttackRecord] = Field(default_factory=list)
    # records moved to the archive so far (their numbers there, series history/<faction>)
    history_archived: int = Field(default=0, ge=0)
    income_lost: list[tuple[int, int]] = Field(default_factory=list)
    privateer_tech: bool = False
    contacts: list[str] = Field(default_factory=list)
    # Ships back in the fleet from privateering (SP-10.8, SP-I37), kept with their numbers
    # until registered again on a route or in orbit (a ship of the same class takes one's
    # number) or sent privateering again; empty in states saved before it was kept.
    reserve: list[RegisteredShip] = Field(default_factory=list)


@dataclass
class _RouteIndex:
    """Lookups over one route list (not stored; rebuilt on demand)."""

    routes: list[TradeRoute]
    size: int
    by_id: dict[int, TradeRoute]
    by_owner: dict[str, list[TradeRoute]]

    @classmethod
    def of(cls, routes: list[TradeRoute]) -> _RouteIndex:
        by_owner: dict[str, list[TradeRoute]] = {}
        for route in routes:
            for owner in route.owners:
                by_owner.setdefault(owner.faction, []).append(route)
        return cls(routes, len(routes), {r.id: r for r in routes}, by_owner)


class SpacePiratesState(BaseModel):
    """Everything the ruleset keeps per campaign."""

    model_config = ConfigDict(validate_assignment=False)

    turn_order: list[str] = Field(default_factory=list)
    players: dict[str, PlayerPirates] = Field(default_factory=dict)
    routes: list[TradeRoute] = Field(default_factory=list)
    planets: list[Planet] = Field(default_factory=list)
    contracts: list[MercenaryContract] = Field(default_factory=list)
    privateers: list[PrivateerGroup] = Field(default_factory=list)
    bribes: list[Bribe] = Field(default_factory=list)
    base_attack_orders: list[BaseAttackOrder] = Field(default_factory=list)
    waiting: list[PendingResolution] = Field(default_factory=list)
    upkeep_due: list[UpkeepDue] = Field(default_factory=list)
    resolution: ResolutionCursor | None = None
    last_resolved_turn: int = 0
    # The next number of each kind (`take_id`). A kind not numbered yet starts at `next_id`:
    # 1 in a new campaign; in a state saved when every kind took its number from one counter
    # (then `next_id`), that counter, so no kind gives a number any earlier object had.
    next_ids: dict[IdKind, int] = Field(default_factory=dict)
    next_id: int = 1
    _routes_index: _RouteIndex | None = PrivateAttr(default=None)

    def player(self, faction: str) -> PlayerPirates:
        """The faction's pirate record, created empty on first use."""
        record = self.players.get(faction)
        if record is None:
            record = self.players[faction] = PlayerPirates()
        return record

    def has_contact(self, faction: str, other: str) -> bool:
        """Whether the two factions have established contact (SP-7.1, SP-10.2). Contact is
        between factions, so it goes both ways: either side's register counts (a state saved
        when each side kept its own list reads the same)."""
        own = self.players.get(faction)
        theirs = self.players.get(other)
        return (own is not None and other in own.contacts) or (
            theirs is not None and faction in theirs.contacts
        )

    def contacts_of(self, faction: str) -> list[str]:
        """The factions `faction` has contact with (`has_contact`): those it declared, in
        its order, then those that declared it."""
        own = self.players.get(faction)
        declared = list(own.contacts) if own is not None else []
        others = [f for f, r in self.players.items() if faction in r.contacts]
        return list(dict.fromkeys(f for f in [*declared, *others] if f != faction))

    def _route_index(self) -> _RouteIndex:
        """Routes by id and by owner, rebuilt whenever the route list is replaced or grows
        (the list object itself is kept, so a new list is never mistaken for the old one)."""
        index = self._routes_index
        if index is None or index.routes is not self.routes or index.size != len(self.routes):
            index = _RouteIndex.of(self.routes)
            self._routes_index = index
        return index

    def route(self, route_id: int) -> TradeRoute | None:
        """A route by id."""
        found = self._route_index().by_id.get(route_id)
        if found is None or found.id != route_id:
            return next((r for r in self.routes if r.id == route_id), None)
        return found

    def planet(self, planet_id: int) -> Planet | None:
        """A planet by id."""
        return next((p for p in self.planets if p.id == planet_id), None)

    def routes_of(self, faction: str) -> list[TradeRoute]:
        """The routes a faction owns a share of, in registration order."""
        return list(self._route_index().by_owner.get(faction, ()))

    def planets_of(self, faction: str) -> list[Planet]:
        """The faction's planets, in registration order."""
        return [p for p in self.planets if p.owner == faction]

    def take_id(self, kind: IdKind) -> int:
        """A fresh number of its kind (a route, planet, ship, contract, privateer group,
        bribe, base attack order or pending choice); a removed one's is never given again."""
        value = self.next_ids.get(kind, self.next_id)
        self.next_ids[kind] = value + 1
        return value


class PendingAttack(BaseModel):
    """An attack whose fleet is known, waiting on the victim's buy-off answer (SP-I34), or
    a battle waiting on the retreat answer (SP-I44; `base`: a base attack, `target` is the
    order)."""

    kind: Literal["route", "planet", "base"]
    mode: Literal["regular", "forced", "bribed"]
    target: int
    bribe_id: int | None = None
    value: int
    payment_value: int
    cost: int
    fleet: PirateFleet
    record_index: int
    squads: int = 0
    # what avoiding the pirates would mean, told with the plunder question (SP-I22)
    avoid_loot_pct: int = 50
    avoid_blocks_industry: bool = True
    # what refusing the buy-off leads to, judged when it is offered (SP-I34)
    if_refused: IfRefused = "fight"


class PendingResolution(BaseModel):
    """One player's step 3 of resolution `turn` (SP-I40), paused on a pending choice (SP-I45):
    a buy-off offer, under `ask_when_raided` the plunder branch (then `attack.squads`), or
    under `defender_may_retreat` the retreat before a round (then `battle`, SP-I44).

    `remaining` lists the steps still to run after the pending attack, e.g.
    `["bribed_route:7", "planet_check"]`."""

    choice_id: int
    choice: Literal["buy_off", "plunder", "retreat"] = "buy_off"
    faction: str
    turn: int
    attack: PendingAttack
    remaining: list[str]
    report_seq: int
    report: dict[str, Any] = Field(default_factory=dict)
    route_attack_happened: bool = False
    quiet: bool = True
    battle: dict[str, Any] | None = None


def require_asked(asked: str, faction: str) -> None:
    """Only the player a pending choice asks may answer it (SP-I45); a GM forces its
    default instead."""
    if faction != asked:
        raise NotAllowed("space_pirates.error.not_your_choice", faction=shown(asked))


SpacePiratesState.model_rebuild()
