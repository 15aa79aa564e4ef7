"""Models of the Ottoman piracy ruleset (rules/ottoman-piracy.md): settings, declaration, state.

Everything here is plain pydantic and JSON-serialisable, so the storage layer can keep the
state as one document with `schema_version` 1. The engine is in `bot.rules.ottoman_piracy`.
"""

from __future__ import annotations

from typing import Annotated
from typing import Literal

from pydantic import BaseModel
from pydantic import ConfigDict
from pydantic import Field
from pydantic import field_validator

from bot.rules.ottoman_piracy.names import KNOWN_LEADERS
from bot.rules.ottoman_piracy.names import OTTOMAN
from bot.rules.ottoman_piracy.names import leader_key
from bot.rules.ottoman_piracy.names import leader_label
from bot.rules.ottoman_piracy.names import power_key
from bot.rules.ottoman_piracy.names import sea_zone_key
from bot.settings_edit import SettingsRule
from bot.text import CleanName
from bot.text import shown

Reward = Literal["squadron", "card", "vp"]
# Buttons list the rewards in the rulebook's order a), b), c) (OP-5.4-5.6).
REWARDS: tuple[Reward, ...] = ("squadron", "card", "vp")
SquadronLocation = Literal["zone", "adjacent_sea", "adjacent_port"]
SpaceType = Literal["fortress", "key", "fortified_city"]
CardLockKind = Literal["until_next_impulse", "until_next_ottoman_impulse"]
RewardHow = Literal["chosen", "automatic", "forced", "lost"]
PiracyStatusKind = Literal["awaiting_choice", "awaiting_hand_size", "done"]
DiceSourceKind = Literal[
    "squadron_in_zone", "squadron_adjacent_sea", "squadron_adjacent_port", "fortified_space"
]
ExclusionReason = Literal[
    "ottoman",
    "not_at_war",
    "third_power_in_zone",
    "not_a_fortress",
    "besieged",
    "unrest",
    "hospitallers_need_war",
]
BaseDiceReason = Literal["one_corsair", "one_port", "otherwise"]

MAX_PIRACY_VP = 100
MAX_HAND = 30
MAX_UNITS = 50
MAX_RATING = 6  # a naval leader's piracy rating (OP-I9)


# The bounds of the numeric settings.
Face = Annotated[int, Field(ge=1, le=6)]  # a d6 face
PerTurn = Annotated[int, Field(ge=1, le=10)]
DicePerSquadron = Annotated[int, Field(ge=0, le=2)]
PiracyVp = Annotated[int, Field(ge=0, le=MAX_PIRACY_VP)]
CpCost = Annotated[int, Field(ge=0, le=10)]


def _default_forced_order() -> list[Reward]:
    """OP-I10: VP first, then a squadron, then a card (our choice)."""
    return ["vp", "squadron", "card"]


class OttomanPiracySettings(BaseModel):
    """Per-campaign settings, one per interpretation (rules/ottoman-piracy.md, section 4)."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    hit_min_face: Face = 5
    """OP-I1: lowest d6 face that hits"""
    require_corsairs: bool = True
    """OP-I2: refuse piracy without corsairs"""
    piracy_per_zone_per_turn: PerTurn = 1
    """OP-I3: piracies allowed per sea zone per turn"""
    other_powers_in_zone_dice: DicePerSquadron = 0
    """OP-I4: dice per squadron of a third power at war in the piracy zone itself"""
    fortified_spaces_count: bool = False
    """OP-I5: keys and fortified cities give dice like fortresses"""
    hospitallers_count: bool = True
    """OP-I6: Hospitaller fortresses give dice whatever the target's war status"""
    anti_piracy_hits_hit_squadrons: bool = False
    """OP-I7: anti-piracy hits beyond the corsairs sink squadrons"""
    corsair_count_timing: Literal["after_anti_piracy", "before_anti_piracy"] = "after_anti_piracy"
    """OP-I8: when corsairs are counted for step 4"""
    leader_rating_mode: Literal["sum", "max"] = "sum"
    """OP-I9: two leaders add both ratings, or only the highest"""
    piracy_ratings: dict[str, int] = Field(
        default_factory=lambda: {"barbarossa": 1, "dragut": 2},
        description="OP-I9: piracy rating of each naval leader",
    )
    reward_chooser: Literal["target", "ottoman"] = "target"
    """OP-I10: who picks the reward for each hit"""
    forced_reward_order: list[Reward] = Field(
        default_factory=_default_forced_order,
        description="OP-I10: order the GM's forced default tries the rewards in",
        json_schema_extra={"ordered": True},  # tried first to last
    )
    squadron_reward_owner: Literal["target_only", "target_or_allies"] = "target_only"
    """OP-I11: whose squadrons may be given up"""
    random_card_method: Literal["bot_index_roll", "physical_draw"] = "bot_index_roll"
    """OP-I12: the bot rolls 1dH, or the Ottoman draws"""
    stolen_card_lock: CardLockKind = "until_next_impulse"
    """OP-I12: when a stolen card becomes playable"""
    piracy_vp_cap: PiracyVp = 10
    """OP-I13: most piracy VP the Ottomans hold"""
    piracy_cp_cost: CpCost = 2
    """OP-I14: CP a piracy costs (recorded)"""
    enforce_cp: bool = False
    """OP-I14: refuse piracy without the CP registered for it"""

    @field_validator("piracy_ratings")
    @classmethod
    def _ratings_by_key(cls, ratings: dict[str, int]) -> dict[str, int]:
        out: dict[str, int] = {}
        for name, rating in ratings.items():
            key = leader_key(name)
            if not 0 <= rating <= MAX_RATING:
                leader = leader_label(key) if key in KNOWN_LEADERS else shown(name)
                raise SettingsRule(
                    "ottoman_piracy.settings.rating_range",
                    ("piracy_ratings",),
                    leader=leader,
                    rating=rating,
                    high=MAX_RATING,
                )
            out[key] = rating
        return out

    @field_validator("forced_reward_order")
    @classmethod
    def _order_is_permutation(cls, order: list[Reward]) -> list[Reward]:
        if sorted(order) != sorted(REWARDS):
            raise SettingsRule(
                "ottoman_piracy.settings.every_reward_once",
                ("forced_reward_order",),
                rewards=", ".join(REWARDS),
            )
        return order


class SquadronGroup(BaseModel):
    """Non-Ottoman squadrons of one power at one place near the piracy (OP-2.2, OP-2.3).

    `place` names the adjacent sea zone or port ("Messina"); it is empty for the piracy zone.
    """

    model_config = ConfigDict(frozen=True)

    power: str = Field(min_length=1, max_length=60)
    location: SquadronLocation
    place: CleanName = Field(default="", max_length=60)
    count: int = Field(default=1, ge=0, le=MAX_UNITS)

    @field_validator("power")
    @classmethod
    def _power_key(cls, power: str) -> str:
        return power_key(power)


class FortifiedSpace(BaseModel):
    """A fortified space adjacent to the piracy zone (OP-2.4, OP-2.5); towns are left out."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(min_length=1, max_length=60)
    controller: str = Field(min_length=1, max_length=60)
    space_type: SpaceType = "fortress"
    besieged: bool = False
    unrest: bool = False

    @field_validator("controller")
    @classmethod
    def _controller_key(cls, controller: str) -> str:
        return power_key(controller)


class PiracyDeclaration(BaseModel):
    """What the Ottoman player (or the GM) registers for one piracy (section 1 of the spec).

    `squadrons` lists every non-Ottoman squadron in the zone and in adjacent sea zones and
    ports; `fortified_spaces` every adjacent fortress, key or fortified city. The engine
    decides which of them give dice. `target_hand_size` may be left out; it is then asked
    for only if a card becomes a reward (see `set_hand_size`).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    sea_zone: CleanName = Field(min_length=1, max_length=60)
    target: str = Field(min_length=1, max_length=60)
    corsairs: int = Field(ge=0, le=MAX_UNITS)
    target_ports: int = Field(ge=0, le=MAX_UNITS)
    naval_leaders: list[str] = Field(default_factory=list, max_length=5)
    squadrons: list[SquadronGroup] = Field(default_factory=list, max_length=40)
    fortified_spaces: list[FortifiedSpace] = Field(default_factory=list, max_length=40)
    ottoman_squadrons: int = Field(default=0, ge=0, le=MAX_UNITS)
    target_hand_size: int | None = Field(default=None, ge=0, le=MAX_HAND)

    @field_validator("target")
    @classmethod
    def _target_key(cls, target: str) -> str:
        return power_key(target)

    @field_validator("naval_leaders")
    @classmethod
    def _leader_keys(cls, leaders: list[str]) -> list[str]:
        keys: list[str] = []
        for name in leaders:
            key = leader_key(name)
            if key and key not in keys:
                keys.append(key)
        return keys


class TargetDiceSource(BaseModel):
    """One squadron group or fortified space and the anti-piracy dice it gives (OP-2)."""

    kind: DiceSourceKind
    power: str
    place: str
    units: int
    dice: int
    clause: str
    excluded: ExclusionReason | None = None


class LeaderBonus(BaseModel):
    """A naval leader's piracy rating and whether it was added (OP-4.4, OP-I9)."""

    leader: str
    rating: int
    counted: bool


class OttomanDice(BaseModel):
    """How the Ottoman piracy dice were counted (OP-4, OP-I8, OP-I9). A count saved with its
    sums (`leader_bonus`, `total`) loads without them: they are read from the count."""

    model_config = ConfigDict(extra="ignore")

    corsairs_counted: int
    target_ports: int
    base: int
    base_reason: BaseDiceReason
    leaders: list[LeaderBonus] = Field(default_factory=list)

    @property
    def leader_bonus(self) -> int:
        """The counted leaders' ratings (OP-4.4, OP-I9)."""
        return sum(b.rating for b in self.leaders if b.counted)

    @property
    def total(self) -> int:
        """The Ottoman dice: the base plus the leaders' bonus (OP-4.2-4.4)."""
        return self.base + self.leader_bonus


class HitReward(BaseModel):
    """What one Ottoman hit earned (OP-5.3-5.10); `reward` is None when the hit was lost."""

    hit: int
    reward: Reward | None
    how: RewardHow
    squadron: SquadronGroup | None = None
    hand_size: int | None = None
    card_index: int | None = None
    vp_after: int | None = None


class RewardOption(BaseModel):
    """One reward the chooser may pick now (OP-I10); a button in the cog.

    For a squadron, `squadron_index` points into the piracy's `squadrons_in_range` and is
    stable for the whole piracy. `needs_hand_size` means the target's hand size is unknown.
    """

    reward: Reward
    squadron_index: int | None = None
    squadron: SquadronGroup | None = None
    needs_hand_size: bool = False


class PiracyRecord(BaseModel):
    """One piracy from declaration to its last reward: the log entry and the reward step.

    A record saved with what its other fields give (`zone_key`, `target_dice_total`,
    `corsairs_left`; in the state or the archive) loads without them: the zone is its
    declaration's (`sea_zone_key` gives the key), the totals are read from the record."""

    model_config = ConfigDict(extra="ignore")

    id: int
    turn: int
    impulse: int
    declaration: PiracyDeclaration
    chooser: str
    cp_cost: int
    # OP-I14: the impulse's CP left after this piracy when CP are enforced, else None.
    cp_left: int | None = None
    target_dice: list[TargetDiceSource]
    anti_piracy_faces: list[int] = Field(default_factory=list)
    anti_piracy_hits: int = 0
    corsairs_lost: int = 0
    ottoman_squadrons_lost: int = 0
    ottoman_dice: OttomanDice | None = None
    piracy_faces: list[int] = Field(default_factory=list)
    hits: int = 0
    rewards: list[HitReward] = Field(default_factory=list)
    squadrons_in_range: list[SquadronGroup] = Field(default_factory=list)
    hand_size: int | None = None
    # OP-I10, OP-I12: the Ottoman chooser took a card from the target's unknown hand for the
    # awaiting hit; the target states its hand (status `awaiting_hand_size`) and the card
    # is taken from it.
    card_chosen: bool = False
    status: PiracyStatusKind = "done"

    @property
    def target(self) -> str:
        """The target power's key."""
        return self.declaration.target

    @property
    def target_dice_total(self) -> int:
        """The target's anti-piracy dice, from every source (OP-2)."""
        return sum(s.dice for s in self.target_dice)

    @property
    def corsairs_left(self) -> int:
        """The corsairs the anti-piracy roll left afloat (OP-3)."""
        return self.declaration.corsairs - self.corsairs_lost

    @property
    def hits_left(self) -> int:
        """Hits that have no reward yet."""
        return self.hits - len(self.rewards)

    @property
    def awaiting_hit(self) -> int | None:
        """The 1-based number of the hit waiting for a reward, if any."""
        return len(self.rewards) + 1 if self.status != "done" else None


class PiracyMarker(BaseModel):
    """A piracy marker (OP-1.4): the zone used this turn and the piracies declared there.

    A marker saved with its zone's key (`zone_key`) loads without it: the key is read from
    the zone (`sea_zone_key`), so one saved when a trailing dot or a hyphen made a key of its
    own (`aegean_sea.`) blocks its zone all the same."""

    model_config = ConfigDict(extra="ignore")

    sea_zone: CleanName
    turn: int
    piracy_ids: list[int] = Field(default_factory=list)

    @property
    def zone_key(self) -> str:
        """The key of the marked zone, as `sea_zone_key` gives it now."""
        return sea_zone_key(self.sea_zone)


class CardLock(BaseModel):
    """A card the Ottomans took that they cannot play yet (OP-5.5, OP-I12)."""

    piracy_id: int
    hit: int
    from_power: str
    turn: int
    impulse: int
    lock: CardLockKind


class ImpulseState(BaseModel):
    """The impulse under way, as the GM starts it with `start_impulse` (number 0 and no
    active power until the first one, and again after each turn's end). It gates OP-1.1 and
    OP-I2 (piracy only in an Ottoman impulse) and releases card locks (OP-I12)."""

    number: int = Field(default=0, ge=0)
    active_power: str | None = None
    cp_remaining: int | None = Field(default=None, ge=0)


PIRACY_LOG = "piracies"


class OttomanPiracyState(BaseModel):
    """What the bot carries between commands for one campaign (spec section 4, "State").

    It stays bounded however long the campaign runs: a piracy lives here only until its last
    reward, then its record goes to the archive (schema 2, migration 003)."""

    piracy_vp: int = Field(default=0, ge=0, le=MAX_PIRACY_VP)
    at_war_with_ottomans: list[str] = Field(default_factory=list)
    power_factions: dict[str, str] = Field(default_factory=dict)
    piracy_markers: list[PiracyMarker] = Field(default_factory=list)
    card_locks: list[CardLock] = Field(default_factory=list)
    hand_sizes: dict[str, int] = Field(default_factory=dict)
    # Custom powers' names as the GM typed them, by key (the known powers are translated).
    power_names: dict[str, CleanName] = Field(default_factory=dict)
    impulse: ImpulseState = Field(default_factory=ImpulseState)
    pending_piracy: PiracyRecord | None = None
    last_piracy_id: int = Field(default=0, ge=0)
    last_resolved_turn: int = 0

    @field_validator("at_war_with_ottomans")
    @classmethod
    def _war_keys(cls, powers: list[str]) -> list[str]:
        keys = sorted({power_key(p) for p in powers})
        if OTTOMAN in keys:
            msg = "the Ottomans cannot be at war with themselves"
            raise ValueError(msg)
        return keys

    @property
    def in_progress(self) -> PiracyRecord | None:
        """The piracy still waiting for reward choices, if any (one at a time). Resolved
        piracies leave the state for the ruleset's archive (series `PIRACY_LOG`)."""
        return self.pending_piracy

    def is_at_war(self, power: str) -> bool:
        """Whether `power` (a key) is at war with the Ottomans."""
        return power in self.at_war_with_ottomans

    def faction_of(self, power: str) -> str | None:
        """The faction that plays `power`, if registered."""
        return self.power_factions.get(power)

    def powers_of(self, faction: str) -> list[str]:
        """The powers a faction plays (one player may hold two powers)."""
        return sorted(p for p, f in self.power_factions.items() if f == faction)
