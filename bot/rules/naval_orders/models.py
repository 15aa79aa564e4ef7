"""Naval orders state (stored as JSON per campaign) and the typed commands and orders.

The state is the spec's "state carried by the bot" (rules/naval-orders.md §4): forces with
their ships, officer rating, place and current order; the GM's list of ports and naval
stations; packet-boat relays in flight. Only live things are kept: an order that ends
(completed, replaced, broken) leaves the state as an `ArchiveRecord` in the outcome.
"""

from __future__ import annotations

from typing import Annotated
from typing import Any
from typing import Literal

from pydantic import BaseModel
from pydantic import ConfigDict
from pydantic import Field
from pydantic import model_validator

from bot.text import CleanName
from bot.text import name_key as text_name_key

ForceKind = Literal["line", "auxiliary", "fleet", "packet"]
SquadronKind = Literal["line", "auxiliary"]
VesselKind = Literal["warship", "transport", "merchant", "packet"]
ForceStatus = Literal[
    "awaiting_orders",
    "executing",
    "attacking",
    "returning_to_zone",
    "returning_to_station",
    "layover",
    "forming",
]
EnemyPlace = Literal["own", "adjacent", "other"]
OrderEnd = Literal["completed", "replaced", "broken", "cancelled"]
RATE_NUMERALS = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}
MAX_SHIPS_PER_FORCE = 200
MAX_NAME = 80


def name_key(name: str) -> str:
    """The lookup key of a force, station or place name: NFKC case-folded without invisible
    characters (`bot.text.name_key`), so `Ly\u200bon` and `ＬＹＯＮ` are `Lyon`."""
    return text_name_key(name)


class ForceName(str):
    """The plain name of a force kept apart from another of its name (`Force.clash`) as a
    refusal quotes it: its player reads it so, a GM's refusal reads `qualified`, the name a
    GM tells the two apart by (NO-4.10; `cogs/naval_orders`, `Force.called`)."""

    qualified: str

    def __new__(cls, name: str, qualified: str) -> ForceName:
        made = super().__new__(cls, name)
        made.qualified = qualified
        return made

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]
        return (str(self), self.qualified)


class Ship(BaseModel):
    """One vessel: a rated warship (I–VI) or an unrated transport, merchantman or packet boat,
    with its damage (NO-2.6, NO-I5)."""

    model_config = ConfigDict(frozen=True)

    kind: VesselKind = "warship"
    rate: int | None = Field(default=None, ge=1, le=6)
    jury_mast: bool = False
    hull_damage_pct: int = Field(default=0, ge=0, le=100)

    @property
    def rated(self) -> bool:
        """A warship with a rate I–VI (the rest are unrated vessels, NO-I8)."""
        return self.kind == "warship"


class Squadron(BaseModel):
    """A line or auxiliary squadron inside a fleet (NO-I3, NO-I8)."""

    name: str
    kind: SquadronKind
    ships: list[Ship] = Field(default_factory=list)


class Formation(BaseModel):
    """Forming or dissolving a fleet or convoy (NO-2.7, NO-I7), complete at `complete_turn`."""

    kind: Literal["form_fleet", "dissolve_fleet", "form_convoy", "dissolve_convoy"]
    complete_turn: int
    fleet_name: str | None = None
    officer_rating: int | None = None
    members: list[str] = Field(default_factory=list)
    vessels: list[Ship] = Field(default_factory=list)
    # Whether the other players may know of it (NO-4.10): begun while orders were public, or
    # published by a turn's end since. The name it gives is then taken for them too. False
    # in a state saved before this was kept: its name is settled at the turn's end.
    disclosed: bool = False


# --- the nine orders (NO-1.1, NO-I1), with exactly the fields of their forms (NO-I19) ---------


class CruiseOrder(BaseModel):
    """NO-4.10: "Cruise … (point) with the forces of … numbering … in location No. …", for
    a number of turns ≥ 1 (NO-4.2, NO-I19)."""

    kind: Literal["cruise"] = "cruise"
    point: str | None = None
    location: str | None = None
    turns: int | None = None


class MoveOrder(BaseModel):
    """NO-5.9: "Transfer … (point) with the forces of … numbering … to location No. … (port),
    via location No. …" (NO-5.2, NO-I17). The start is the force's place when ordered."""

    kind: Literal["move"] = "move"
    point: str | None = None
    destination: str | None = None
    port: str | None = None
    via: list[str] = Field(default_factory=list)


class RaidOrder(BaseModel):
    """NO-6.9: "Raid … (point) with the forces of … numbering … to location No. …, for ….
    turns" (N ≥ 0, plus d3 on arrival: NO-6.2, NO-I13)."""

    kind: Literal["raid"] = "raid"
    point: str | None = None
    location: str | None = None
    turns: int | None = None


class BlockadeOrder(BaseModel):
    """Blockade of a seaport (NO-1.1): recorded only (NO-I1); the port is a registered one."""

    kind: Literal["blockade"] = "blockade"
    port: str | None = None
    details: str = ""


class EscortOrder(BaseModel):
    """Escort of a transport flotilla (NO-1.1): recorded only (NO-I1); names the convoy."""

    kind: Literal["escort"] = "escort"
    convoy: str | None = None
    details: str = ""


class LandingOrder(BaseModel):
    """Amphibious landing (NO-1.1): recorded only (NO-I1); names the landing location."""

    kind: Literal["landing"] = "landing"
    location: str | None = None
    details: str = ""


class BuildOrder(BaseModel):
    """Construction/purchase of ships (NO-1.1): given to a naval station, recorded (NO-I1)."""

    kind: Literal["build"] = "build"
    details: str | None = None


class RepairOrder(BaseModel):
    """Repair of ships at a naval station (NO-1.1): recorded only (NO-I1)."""

    kind: Literal["repair"] = "repair"
    details: str = ""


class DisbandOrder(BaseModel):
    """Disbanding ships within a station's waters (NO-1.1): recorded only (NO-I1)."""

    kind: Literal["disband"] = "disband"
    details: str = ""


Order = Annotated[
    CruiseOrder
    | MoveOrder
    | RaidOrder
    | BlockadeOrder
    | EscortOrder
    | LandingOrder
    | BuildOrder
    | RepairOrder
    | DisbandOrder,
    Field(discriminator="kind"),
]


class ActiveOrder(BaseModel):
    """An order in force (or recorded to take effect later) with its progress (NO-I13, NO-I14)."""

    order: Order
    given_turn: int
    effective_turn: int
    force_kind: ForceKind = "line"
    ships: dict[str, int] = Field(default_factory=dict)
    # A transfer's start (NO-5.2): where the force is when the order takes effect; None for
    # other orders, and for a transfer on its way by packet boat (NO-I7) until it does.
    start_location: str | None = None
    station: str | None = None
    arrived_turn: int | None = None
    turns_done: int = 0
    turns_required: int | None = None
    raid_roll: int | None = None
    raid_roll_entry: int | None = None  # the hidden entry holding the roll (NO-I13)


class Force(BaseModel):
    """A fleet, a squadron or a packet boat (NO-I3, NO-I22), with its order and status."""

    name: CleanName
    owner: str
    kind: ForceKind
    officer_rating: int = Field(default=0, ge=-1, le=2)
    ships: list[Ship] = Field(default_factory=list)
    squadrons: list[Squadron] = Field(default_factory=list)
    location: str
    in_port: bool = False
    status: ForceStatus = "awaiting_orders"
    order: ActiveOrder | None = None
    pending_order: ActiveOrder | None = None
    orders_given_turn: int | None = None
    orders_given: int = 0
    # The kind of this turn's last new order when the GM gave it (NO-I2, NO-I18); None when
    # the force's player did: a player refused a second order is told the GM gave it.
    gm_order_kind: str | None = None
    tests_turn: int | None = None
    tests_taken: int = 0
    attack_away: bool = False
    # Where the force fights the battle its command test passed for this turn (NO-2.12,
    # NO-I4): after it, it cannot move. Its own location for an enemy there; for one in
    # another location, the place it is next recorded at, moving to the battle; None until
    # then, and for a force saved before this was kept (its next place is taken as the
    # battle's).
    battle_location: str | None = None
    return_due_turn: int | None = None
    late_reported: bool = False
    # Whether the force completed its cruise or raid as an order brought by packet boat had
    # reached it, and waits where it is for that order rather than return to a naval station
    # for new ones (NO-3.3, NO-I7; `turn._tick`): should that order lapse, it returns to the
    # nearest station after all (NO-4.3, NO-6.3, NO-I16). False for every other force, and
    # for one saved before this was kept (it stays awaiting orders, as it did then).
    owes_return: bool = False
    layover_until: int | None = None
    return_station: str | None = None
    return_station_confirmed: bool = False
    # Whether the bot took the return station from the distance table (NO-I16), which had a
    # row for the force's location: the station is then the GM's alone to change, and stays
    # so when the GM corrects it; otherwise the player names it and the GM confirms it.
    return_station_from_table: bool = False
    # Whether the GM named or confirmed the return station (NO-I16): it binds, so only the
    # GM changes it, and the return ends only there (`turn._station_arrival`). A force
    # saved before this was kept takes it from its confirmation (`_station_set_before…`).
    return_station_by_gm: bool = False
    formation: Formation | None = None
    # The port where the force's transfer was completed this turn by an order given on its
    # arrival there with no layover to follow (NO-I17): the turn's end reports it.
    anchored_at: str | None = None
    # Whether the other players may know the force exists: false while its registration is
    # hidden from them in the log (registered while `orders_public` is off, in a turn not yet
    # ended), so naming it is refused as a name no force has (`registry.check_owner`). A
    # force saved before this was kept, or made at a turn's end, is known.
    disclosed: bool = True
    # The faction-qualified name (`Western Squadron [France]`) of a force whose player gave
    # it a name another player's force holds, or one like it, that they may not know of
    # (`registry.may_know`; NO-4.10): the force is kept under this name's key, so that the
    # two never meet in the register, and its player reads and types the name they gave.
    # The turn's end that makes both known renames it so, if they still clash
    # (`turn._settle_names`). None for every other force, and for one saved before this.
    clash: str | None = None
    # The name the force bore, as its player gave it, before a turn's end renamed it to its
    # faction-qualified name (`turn._settle_names`): the summary told everyone so, and an
    # undo of that turn's end keeps the rename (`turn.kept_renames`). None for every other
    # force.
    renamed_from: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _station_set_before_players_named_it(cls, data: Any) -> Any:
        """A force saved before a player could name the station the distance table lacks
        (NO-I16) has no `return_station_from_table`: under `distance_table` a station it
        already had stays the GM's alone to change, as every station was then; one it lacks
        is its player's to name. One saved before `return_station_by_gm` was kept has its
        station confirmed by the GM if it is confirmed and not from the table."""
        if isinstance(data, dict) and "return_station_from_table" not in data:
            data = {**data, "return_station_from_table": data.get("return_station") is not None}
        if isinstance(data, dict) and "return_station_by_gm" not in data:
            # NO-I16: a station confirmed that the bot did not take from the distance table
            # was confirmed by the GM, the only one who could.
            confirmed = bool(data.get("return_station_confirmed"))
            from_table = bool(data.get("return_station_from_table"))
            data = {**data, "return_station_by_gm": confirmed and not from_table}
        return data

    @property
    def key(self) -> str:
        """The force's lookup key: its unique name's (NO-4.10), or for a force whose name
        clashes with a force its player may not know of, its faction-qualified name's
        (`clash`)."""
        return name_key(self.clash or self.name)

    @property
    def gm_name(self) -> str:
        """The name a GM reads and types the force by: for one kept apart (`clash`), its
        faction-qualified name, as its plain name is the other force's to a GM (NO-4.10)."""
        return self.clash or self.name

    @property
    def called(self) -> str:
        """The force's name as a refusal quotes it: its plain name, which its player reads,
        carrying its `gm_name` for a GM's refusal (`ForceName`)."""
        return self.name if self.clash is None else ForceName(self.name, self.clash)

    def all_ships(self) -> list[Ship]:
        """Every vessel of the force; a fleet's are those of all its squadrons (§4)."""
        if self.kind == "fleet":
            return [ship for squadron in self.squadrons for ship in squadron.ships]
        return list(self.ships)

    def orders_this_turn(self, turn: int) -> int:
        """New orders given to the force in `turn` (NO-I2)."""
        return self.orders_given if self.orders_given_turn == turn else 0

    def tests_this_turn(self, turn: int) -> int:
        """Command tests the force took in `turn` (NO-I9)."""
        return self.tests_taken if self.tests_turn == turn else 0


class Station(BaseModel):
    """A port from the GM's list; naval stations are ports too (§4, NO-I4). A station may hold
    a recorded build order (NO-1.1, NO-I1)."""

    name: CleanName
    location: str
    naval_station: bool = False
    owner: str | None = None
    build_order: ActiveOrder | None = None
    orders_given_turn: int | None = None
    # Who gave the order of `orders_given_turn` (NO-I2): the GM, or else this faction; a
    # second order that turn is refused naming them. Neither for one saved before this was
    # noted.
    order_given_by_gm: bool = False
    order_given_by: str | None = None

    @property
    def key(self) -> str:
        """The station's lookup key."""
        return name_key(self.name)


class PacketRelay(BaseModel):
    """A new order carried by a packet boat to a force at sea (NO-3.3, NO-I7, NO-I18)."""

    id: int
    owner: str
    packet: str
    force: str
    order: ActiveOrder
    sent_turn: int
    arrived_turn: int | None = None
    effective_turn: int | None = None


class NavalOrdersState(BaseModel):
    """One campaign's naval register: forces by key, ports and stations by key, relays."""

    forces: dict[str, Force] = Field(default_factory=dict)
    stations: dict[str, Station] = Field(default_factory=dict)
    relays: list[PacketRelay] = Field(default_factory=list)
    station_distances: dict[str, dict[str, int]] = Field(default_factory=dict)
    next_relay_id: int = 1
    next_archive_seq: int = 1
    # Hidden raid duration rolls (their entries) published when their raid ends (NO-I13).
    hidden_raid_rolls: list[int] = Field(default_factory=list)

    @model_validator(mode="after")
    def _blockades_name_their_port(self) -> NavalOrdersState:
        """A blockade saved before its port was recorded by name keeps the port as typed: by
        its location number ("12"), or in other letters ("brest"), it names the port the
        GM's list has there by that port's name (NO-1.1), as one given now does
        (`forms.clean_order`), so the status and the turn's end read the port's name. A
        number that is the name of a listed port stays that port's; one naming no port
        stays as it was."""
        forces = {key: _blockade_by_name(self, force) for key, force in self.forces.items()}
        relays = [
            relay.model_copy(update={"order": named})
            if (named := _blockade_port_named(self, relay.order)) is not relay.order
            else relay
            for relay in self.relays
        ]
        if any(forces[key] is not force for key, force in self.forces.items()):
            self.forces = forces
        if any(new is not old for new, old in zip(relays, self.relays, strict=True)):
            self.relays = relays
        return self

    def station_at(self, location: str) -> Station | None:
        """The port or station registered at `location`, if any."""
        wanted = name_key(location)
        for station in self.stations.values():
            if name_key(station.location) == wanted:
                return station
        return None

    def station_named(self, text: str) -> Station | None:
        """The port or station `text` names: by its name, else by its location."""
        return self.stations.get(name_key(text)) or self.station_at(text)


def _blockade_port_named(state: NavalOrdersState, active: ActiveOrder) -> ActiveOrder:
    """`active` with its blockade's port named as the GM's list names it, if the blockade
    names it by its location (`NavalOrdersState._blockades_name_their_port`); else itself."""
    order = active.order
    if not isinstance(order, BlockadeOrder) or order.port is None:
        return active
    station = state.station_named(order.port)
    if station is None or station.name == order.port:
        return active
    named = order.model_copy(update={"port": station.name})
    return active.model_copy(update={"order": named})


def _blockade_by_name(state: NavalOrdersState, force: Force) -> Force:
    """`force` with its blockades (in force, or waiting for its layover) naming their port
    by name (`_blockade_port_named`); itself when there is nothing to rename."""
    update = {
        field: named
        for field, active in (("order", force.order), ("pending_order", force.pending_order))
        if active is not None and (named := _blockade_port_named(state, active)) is not active
    }
    return force.model_copy(update=update) if update else force


# --- commands -------------------------------------------------------------------------------


class RegisterForce(BaseModel):
    """Register or replace a force (§4 state per force; NO-I3, NO-I22)."""

    owner: str
    name: str
    kind: ForceKind
    officer_rating: int = 0
    ships: list[Ship] = Field(default_factory=list)
    squadrons: list[Squadron] = Field(default_factory=list)
    location: str
    in_port: bool = False


class RegisterStation(BaseModel):
    """Add or replace a port or naval station in the GM's list (§4)."""

    name: str
    location: str
    naval_station: bool = False
    owner: str | None = None


class GiveOrder(BaseModel):
    """A player's (or the GM's) new order for a force (NO-1.1, NO-I2, NO-I18, NO-I19)."""

    faction: str
    force: str
    order: Order
    by_gm: bool = False


class GiveBuildOrder(BaseModel):
    """A construction/purchase order for a naval station (NO-1.1, NO-I1)."""

    faction: str
    station: str
    order: BuildOrder
    by_gm: bool = False


class SendByPacket(BaseModel):
    """Send a new order from a port by packet boat to a force at sea (NO-3.3, NO-I18)."""

    faction: str
    packet: str
    force: str
    order: Order
    by_gm: bool = False


class ReportPosition(BaseModel):
    """Where a force now is, as the players' map says (the bot keeps no map, NO-I6)."""

    faction: str
    force: str
    location: str
    in_port: bool = False
    by_gm: bool = False


class MovementPlan(BaseModel):
    """What the force does this turn that changes its range (NO-2.10, NO-2.12, NO-2.14).

    `initiate_combat=None` takes it from the state: a command test passed this turn."""

    port_exits: int = Field(default=0, ge=0, le=20)
    port_entries: int = Field(default=0, ge=0, le=20)
    catch_wind_attempts: int = Field(default=0, ge=0, le=20)
    initiate_combat: bool | None = None


class CommandTestRequest(BaseModel):
    """A command test before an attack (NO-I8, NO-I9): where the enemy is, as the player
    states it, and whether it has transports, merchantmen or packet boats (NO-I12)."""

    faction: str
    force: str
    enemy_at: EnemyPlace
    enemy_has_transports_or_packets: bool = False
    by_gm: bool = False


class StartFormation(BaseModel):
    """Form or dissolve a fleet or convoy (NO-2.7, NO-I7).

    form_fleet: `members` (squadrons, same owner and place) become fleet `fleet_name`;
    dissolve_fleet: `members[0]` is the fleet; form_convoy / dissolve_convoy: `members[0]`
    takes on or puts off `vessels` (transports and merchantmen)."""

    faction: str
    kind: Literal["form_fleet", "dissolve_fleet", "form_convoy", "dissolve_convoy"]
    members: list[str]
    fleet_name: str | None = None
    officer_rating: int | None = None
    vessels: list[Ship] = Field(default_factory=list)
    by_gm: bool = False


class CompletedOrder(BaseModel):
    """An order that left the state: the archive body (NO-I2, NO-I14, NO-I15, NO-I18)."""

    force: str
    owner: str
    order: Order
    force_kind: ForceKind
    ships: dict[str, int] = Field(default_factory=dict)
    given_turn: int
    ended_turn: int
    end: OrderEnd
    turns_done: int = 0
    turns_required: int | None = None
    raid_roll: int | None = None


def archive_key(force: str) -> str:
    """The archive series holding one force's past orders."""
    return f"naval_orders.orders.{name_key(force)}"
