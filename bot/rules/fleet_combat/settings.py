"""Fleet combat settings: the class ladder (FC-I1), ship statistics (FC-I2–I4) and every
interpretation switch of FC-I3…FC-I17, with the defaults of the spec's settings summary.

The default statistics are read from data/fleet_combat/ship_stats.json. Table settings
(`ship_stats`, `class_levels`) are edited through `replace_class_stats` and
`apply_class_table`, which validate the whole table before returning new settings.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from collections.abc import Mapping
from functools import cache
from typing import Any
from typing import Literal

from pydantic import BaseModel
from pydantic import ConfigDict
from pydantic import Field
from pydantic import ValidationError
from pydantic import model_validator

from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.paths import data_dir
from bot.settings_edit import SettingsRule
from bot.text import literal
from bot.text import look_alike
from bot.text import name_key
from bot.text import shown

# FC-I1/FC-I7: tie-break order of classes on one level ("fighter, destroyer, cruiser, carrier,
# dreadnought, war sun"); classes a campaign adds sort after these, in table order.
DEFAULT_CLASS_ORDER: tuple[str, ...] = (
    "fighter",
    "destroyer",
    "cruiser",
    "carrier",
    "dreadnought",
    "war_sun",
    "transport",
    "colonizer",
)
MAX_DICE_PER_SHIP = 20
MAX_LIFE = 50

_ATTACK_RE = re.compile(r"^\s*(?:(\d+)\s*[xх×*]\s*)?(\d+)\s*\+?\s*$", re.IGNORECASE)
_NONE_WORDS = {"", "-", "—", "–", "none", "null", "нет"}


def _class_forms(ship_class: str) -> list[str]:
    """How a class reads: its key (underscores as spaces) and its name in each language."""
    from bot.rules.fleet_combat.messages import class_name  # the messages read these settings

    names = [class_name(ship_class).render(language) for language in ("en", "ru")]
    return [ship_class.replace("_", " "), *names]


def class_key(ship_class: str) -> str:
    """What two class names are compared by: `name_key` with underscores as spaces, so
    `Heavy Cruiser`, `heavy cruiser` and `heavy_cruiser` are one class, as the commands read
    a class typed by its name (FC-I4)."""
    return name_key(ship_class.replace("_", " "))


def same_class(ship_class: str, classes: Iterable[str]) -> str | None:
    """The first of `classes` that is `ship_class` in another spelling (`class_key`)."""
    key = class_key(ship_class)
    return next((c for c in classes if class_key(c) == key), None)


def _class_twice(ship_class: str, other: str) -> RuleViolation:
    """The refusal of a table naming one class twice, in two spellings (FC-I4)."""
    return RuleViolation(
        "fleet_combat.error.class_twice",
        clause="FC-I4",
        ship_class=shown(ship_class),
        other=shown(other),
    )


def check_classes_unlike(added: list[str], others: list[str]) -> None:
    """A class added to the table is neither another class in another spelling
    (`heavy cruiser` beside `heavy_cruiser`, `class_key`) nor looks like one (`сruiser` with
    a Cyrillic `с` beside `cruiser`): fleets, fire orders and targets name a class by its
    name (FC-I4). Each added class is checked against `others` and the added ones before
    it. Whichever command writes the table runs it: `/combat stats set` and `upload`, and
    the settings' guard for `/campaign settings set` and `import`."""
    from bot.rules.fleet_combat.messages import shown_class  # the messages read these settings

    for index, ship_class in enumerate(added):
        typed = ship_class.replace("_", " ")
        for other in [*others, *added[:index]]:
            if other == ship_class:
                continue
            if class_key(other) == class_key(ship_class):
                raise _class_twice(ship_class, other)
            if look_alike(typed, _class_forms(other)):
                raise RuleViolation(
                    "fleet_combat.error.class_look_alike",
                    clause="FC-I4",
                    ship_class=shown(ship_class),
                    existing=shown_class(other),
                )


class NotationError(ValueError):
    """Attack or defence notation that cannot be read (FC-I2, FC-2.1); `text` as typed."""

    def __init__(self, text: str, example: str) -> None:
        super().__init__(f"cannot read {text!r}; write it like {example}")
        self.text = text


class ShipStats(BaseModel):
    """One class's statistics: `attack_dice`×`attack_hit`+ attack, `defence`+, life (FC-1…FC-3).

    Accepts notation on input: `{"attack": "2x5+", "defence": "4+", "life": 2}`.
    """

    model_config = ConfigDict(frozen=True)

    attack_dice: int = Field(default=0, ge=0, le=MAX_DICE_PER_SHIP)
    attack_hit: int | None = Field(default=None, ge=1, le=1000)
    defence: int | None = Field(default=None, ge=1, le=1000)
    life: int = Field(default=1, ge=1, le=MAX_LIFE)

    @model_validator(mode="before")
    @classmethod
    def _from_notation(cls, data: Any) -> Any:
        if not isinstance(data, Mapping):
            return data
        values = dict(data)
        if "attack" in values:
            dice, hit = _parse_attack(values.pop("attack"))
            values.setdefault("attack_dice", dice)
            values.setdefault("attack_hit", hit)
        if isinstance(values.get("defence"), str):
            values["defence"] = _parse_defence(values["defence"])
        return values

    @model_validator(mode="after")
    def _attack_is_whole(self) -> ShipStats:
        if (self.attack_dice == 0) != (self.attack_hit is None):
            raise SettingsRule("fleet_combat.settings.attack_whole", ("ship_stats",))
        return self

    @property
    def attack_notation(self) -> str:
        """`N×K+` (FC-I2), or an em dash for a class without attack."""
        if self.attack_hit is None:
            return "—"
        return f"{self.attack_dice}×{self.attack_hit}+"

    @property
    def defence_notation(self) -> str:
        """`D+` (FC-2.1), or an em dash for a class without defence."""
        return "—" if self.defence is None else f"{self.defence}+"


def _parse_attack(text: object) -> tuple[int, int | None]:
    """`N×K+` → (N, K); `K+` → (1, K); none → (0, None). Latin x, Cyrillic х and × (FC-I2)."""
    if text is None:
        return 0, None
    if isinstance(text, int):
        return 1, text
    raw = str(text).strip()
    if raw.lower() in _NONE_WORDS:
        return 0, None
    match = _ATTACK_RE.match(raw)
    if match is None:
        raise NotationError(raw, "2x5+")
    dice = int(match.group(1)) if match.group(1) else 1
    hit = int(match.group(2))
    if dice == 0:
        return 0, None
    return dice, hit


def _parse_defence(text: object) -> int | None:
    """`D+` → D; none → None (FC-2.1: like attack, without a multiplier)."""
    if text is None:
        return None
    if isinstance(text, int):
        return text
    raw = str(text).strip()
    if raw.lower() in _NONE_WORDS:
        return None
    match = _ATTACK_RE.match(raw)
    if match is None or match.group(1):
        raise NotationError(raw, "4+")
    return int(match.group(2))


def parse_attack_notation(text: str) -> tuple[int, int | None]:
    """Public form of the FC-I2 parser; raises RuleViolation on text it cannot read."""
    try:
        return _parse_attack(text)
    except ValueError as exc:
        raise RuleViolation(
            "fleet_combat.error.bad_notation", clause="FC-I2", text=literal(text), detail=str(exc)
        ) from None


class ClassRow(BaseModel):
    """One row of an uploaded class table: level (None = non-combat), attack, defence, life."""

    level: int | None = Field(default=None, ge=1, le=99)
    attack: str | None = None
    defence: str | None = None
    life: int = Field(default=1, ge=1, le=MAX_LIFE)


class ClassTable(BaseModel):
    """The shape of data/fleet_combat/ship_stats.json and of a GM's uploaded table."""

    model_config = ConfigDict(extra="ignore")

    classes: dict[str, ClassRow]


@cache
def default_class_table() -> ClassTable:
    """The FC-I4 default table shipped in data/fleet_combat/ship_stats.json."""
    path = data_dir() / "fleet_combat" / "ship_stats.json"
    return ClassTable.model_validate(json.loads(path.read_text(encoding="utf-8")))


def _stats_of(row: ClassRow) -> ShipStats:
    return ShipStats.model_validate(
        {"attack": row.attack, "defence": row.defence, "life": row.life}
    )


def _default_ship_stats() -> dict[str, ShipStats]:
    return {name: _stats_of(row) for name, row in default_class_table().classes.items()}


def _default_class_levels() -> dict[str, int]:
    return {
        name: row.level
        for name, row in default_class_table().classes.items()
        if row.level is not None
    }


def _default_non_combat() -> list[str]:
    return [name for name, row in default_class_table().classes.items() if row.level is None]


HostilityModel = Literal["declared_pairs", "all_present"]
MissingOrders = Literal["auto_target", "hold_fire"]
WoundTieBreak = Literal["lowest_id", "owner_choice", "random"]
KillCapOverflow = Literal["wound_without_destroying", "lost"]
TransportLossScope = Literal["side", "participant"]
AutoTargetPolicy = Literal["highest_level", "lowest_level", "most_ships"]


class FleetCombatSettings(BaseModel):
    """Per-campaign settings of `fleet_combat`, one field per row of the settings summary."""

    model_config = ConfigDict(validate_assignment=True)

    class_levels: dict[str, int] = Field(default_factory=_default_class_levels)  # FC-I1
    non_combat_classes: list[str] = Field(default_factory=_default_non_combat)  # FC-I1
    die_faces: int = Field(default=6, ge=2, le=100)  # FC-I2
    defence_blocks_on_equal: bool = True  # FC-I3
    ship_stats: dict[str, ShipStats] = Field(default_factory=_default_ship_stats)  # FC-I4
    hostility_model: HostilityModel = "declared_pairs"  # FC-I5
    rounds_per_resolution: int = Field(default=1, ge=0, le=100)  # FC-I6
    allow_split_fire: bool = False  # FC-I7
    allow_hold_fire: bool = False  # FC-I7
    missing_orders: MissingOrders = "auto_target"  # FC-I7
    target_reach: int = Field(default=1, ge=0, le=20)  # FC-I8
    deferred_damage: bool = True  # FC-I9
    wound_tie_break: WoundTieBreak = "lowest_id"  # FC-I10
    kill_cap: bool = True  # FC-I11
    kill_cap_overflow: KillCapOverflow = "wound_without_destroying"  # FC-I11
    burn_excess: bool = True  # FC-I12
    transports_die_on_mutual_wipe: bool = True  # FC-I13
    transport_loss_scope: TransportLossScope = "side"  # FC-I13
    wounds_persist_between_battles: bool = True  # FC-I14
    retreat_min_round: int = Field(default=2, ge=1, le=1000)  # FC-I15
    parting_volley_uses_ladder: bool = True  # FC-I15
    retreat_distance_points: int = Field(default=2, ge=0, le=100)  # FC-I15
    max_rounds: int = Field(default=0, ge=0, le=1000)  # FC-I16
    auto_target_policy: AutoTargetPolicy = "highest_level"  # FC-I17

    @model_validator(mode="after")
    def _ladder_covers_combat_classes(self) -> FleetCombatSettings:
        missing = [
            name
            for name in self.ship_stats
            if name not in self.non_combat_classes and name not in self.class_levels
        ]
        if missing:
            raise SettingsRule(
                "fleet_combat.settings.no_level",
                ("non_combat_classes", "class_levels", "ship_stats"),
                classes=", ".join(missing),
            )
        bad = [name for name, level in self.class_levels.items() if level < 1]
        if bad:
            raise SettingsRule(
                "fleet_combat.settings.level_below_one", ("class_levels",), classes=", ".join(bad)
            )
        return self

    # --- derived views used by the engine -------------------------------------------------

    def is_combat_class(self, ship_class: str) -> bool:
        """A class that fires and can be targeted (FC-I1, FC-I13)."""
        return ship_class in self.ship_stats and ship_class not in self.non_combat_classes

    def level_of(self, ship_class: str) -> int:
        """The class's ladder level (FC-I1); only for combat classes."""
        return self.class_levels[ship_class]

    def stats_of(self, ship_class: str) -> ShipStats:
        """The class's statistics (FC-I4)."""
        return self.ship_stats[ship_class]

    def class_rank(self, ship_class: str) -> tuple[int, int]:
        """Sort key for the fixed class order (FC-I7, FC-I17 tie-breaks)."""
        if ship_class in DEFAULT_CLASS_ORDER:
            return (0, DEFAULT_CLASS_ORDER.index(ship_class))
        order = list(self.ship_stats)
        return (1, order.index(ship_class) if ship_class in order else len(order))

    def hit_probability(self, ship_class: str) -> float:
        """P(one attack die of this class hits): faces ≥ K on a d`die_faces` (FC-1.2, FC-I2)."""
        stats = self.ship_stats[ship_class]
        if stats.attack_hit is None:
            return 0.0
        hits = self.die_faces - max(stats.attack_hit, 1) + 1
        return min(max(hits, 0), self.die_faces) / self.die_faces

    def wounding_faces(self, ship_class: str) -> int:
        """How many defence faces fail to block (FC-2.3, FC-I3); all of them without defence."""
        defence = self.ship_stats[ship_class].defence
        if defence is None:
            return self.die_faces
        last_wound = defence - 1 if self.defence_blocks_on_equal else defence
        return min(max(last_wound, 0), self.die_faces)

    def defence_wounds(self, ship_class: str, face: int) -> bool:
        """Does this defence face let the hit through as a wound (FC-2.3, FC-I3)?"""
        defence = self.ship_stats[ship_class].defence
        if defence is None:
            return True
        return face < defence if self.defence_blocks_on_equal else face <= defence


# The fields of a table row a GM types or uploads, named in the reader's language.
_STAT_FIELDS = frozenset({"attack_dice", "attack_hit", "defence", "life", "level"})


def _rule_error(exc: ValidationError, clause: str) -> RuleViolation:
    """The first problem of a ship table, told in the reader's language (FC-I4)."""
    return RuleViolation("fleet_combat.error.bad_stats", clause=clause, detail=_problem(exc))


def _problem(exc: ValidationError) -> Msg:
    first = exc.errors()[0]
    context = first.get("ctx") or {}
    error = context.get("error")
    if isinstance(error, NotationError):
        return Msg("fleet_combat.stats_error.notation", text=literal(error.text))
    if isinstance(error, SettingsRule):
        return error.message
    kind = first.get("type", "")
    if kind in {"model_type", "dict_type", "model_attributes_type"}:
        return Msg("fleet_combat.stats_error.shape")
    path = [str(part) for part in first.get("loc", ()) if part != "classes"]
    name = path.pop() if path and path[-1] in _STAT_FIELDS else None
    if name is None:
        what = Msg("fleet_combat.stats_error.where", where=shown(".".join(path)) or "—")
        return Msg("fleet_combat.stats_error.invalid", field=what)
    field = Msg(f"fleet_combat.stats_field.{name}")
    if path:
        field = Msg(
            "fleet_combat.stats_error.of_class", ship_class=shown(".".join(path)), field=field
        )
    if kind in {"less_than_equal", "less_than"}:
        return Msg("fleet_combat.stats_error.max", field=field, limit=context.get("le", ""))
    if kind in {"greater_than_equal", "greater_than"}:
        return Msg("fleet_combat.stats_error.min", field=field, limit=context.get("ge", ""))
    if kind.startswith("int"):
        return Msg("fleet_combat.stats_error.integer", field=field)
    return Msg("fleet_combat.stats_error.invalid", field=field)


def replace_class_stats(
    settings: FleetCombatSettings,
    ship_class: str,
    *,
    attack: str | None,
    defence: str | None,
    life: int,
    level: int | None,
) -> FleetCombatSettings:
    """New settings with one class's row replaced or added (FC-I1, FC-I4).

    `level=None` makes the class non-combat. Raises RuleViolation when the row is invalid.
    """
    name = ship_class.strip().lower().replace(" ", "_")
    if not name:
        raise RuleViolation(
            "fleet_combat.error.bad_stats",
            clause="FC-I4",
            detail=Msg("fleet_combat.stats_error.empty_name"),
        )
    if name not in settings.ship_stats:  # `Heavy Cruiser` is the campaign's `heavy cruiser`
        name = same_class(name, settings.ship_stats) or name
    if name not in settings.ship_stats:
        check_classes_unlike([name], list(settings.ship_stats))
    try:
        stats = ShipStats.model_validate({"attack": attack, "defence": defence, "life": life})
    except ValidationError as exc:
        raise _rule_error(exc, "FC-I4") from None
    ship_stats = dict(settings.ship_stats)
    ship_stats[name] = stats
    levels = {k: v for k, v in settings.class_levels.items() if k != name}
    non_combat = [c for c in settings.non_combat_classes if c != name]
    if level is None:
        non_combat.append(name)
    else:
        levels[name] = level
    return _rebuild(settings, ship_stats=ship_stats, class_levels=levels, non_combat=non_combat)


def parse_class_table(text: str) -> ClassTable:
    """Read an uploaded class table (JSON shaped like data/fleet_combat/ship_stats.json).

    A bare mapping of class → row is accepted too. Raises RuleViolation on bad input.
    """
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RuleViolation(
            "fleet_combat.error.bad_stats",
            clause="FC-I4",
            detail=Msg("fleet_combat.stats_error.json", line=exc.lineno, column=exc.colno),
        ) from None
    if isinstance(raw, dict) and "classes" not in raw:
        raw = {"classes": raw}
    try:
        table = ClassTable.model_validate(raw)
        for row in table.classes.values():
            _stats_of(row)
    except ValidationError as exc:
        raise _rule_error(exc, "FC-I4") from None
    except ValueError as exc:
        raise RuleViolation(
            "fleet_combat.error.bad_stats", clause="FC-I4", detail=str(exc)
        ) from None
    if not any(row.level is not None for row in table.classes.values()):
        raise RuleViolation(
            "fleet_combat.error.bad_stats",
            clause="FC-I1",
            detail=Msg("fleet_combat.stats_error.no_combat_class"),
        )
    return table


def apply_class_table(settings: FleetCombatSettings, table: ClassTable) -> FleetCombatSettings:
    """New settings whose ladder and statistics are exactly `table` (FC-I1, FC-I4). A row
    naming a class of the campaign in another spelling (`Heavy Cruiser` for `heavy_cruiser`,
    `class_key`) is that class, under the campaign's name; two rows of one class are
    refused, and a class the table adds may not look like another of it (classes the
    campaign had keep their names, look-alike pairs saved before included)."""
    rows: dict[str, ClassRow] = {}
    typed: dict[str, str] = {}
    for given, row in table.classes.items():
        name = given.strip().lower()
        if name not in settings.ship_stats:
            name = same_class(name, settings.ship_stats) or name
        if name in rows:
            raise _class_twice(given.strip(), typed[name])
        rows[name], typed[name] = row, given.strip()
    kept = [name for name in rows if name in settings.ship_stats]
    check_classes_unlike([name for name in rows if name not in kept], kept)
    ship_stats = {name: _stats_of(row) for name, row in rows.items()}
    levels = {name: row.level for name, row in rows.items() if row.level is not None}
    non_combat = [name for name, row in rows.items() if row.level is None]
    return _rebuild(settings, ship_stats=ship_stats, class_levels=levels, non_combat=non_combat)


def class_table_of(settings: FleetCombatSettings) -> ClassTable:
    """The campaign's ladder and statistics as a table (for export or display)."""
    rows: dict[str, ClassRow] = {}
    for name, stats in settings.ship_stats.items():
        combat = settings.is_combat_class(name)
        rows[name] = ClassRow(
            level=settings.class_levels.get(name) if combat else None,
            attack=None if stats.attack_hit is None else f"{stats.attack_dice}x{stats.attack_hit}+",
            defence=None if stats.defence is None else f"{stats.defence}+",
            life=stats.life,
        )
    return ClassTable(classes=rows)


def _rebuild(
    settings: FleetCombatSettings,
    *,
    ship_stats: dict[str, ShipStats],
    class_levels: dict[str, int],
    non_combat: list[str],
) -> FleetCombatSettings:
    data = settings.model_dump()
    data["ship_stats"] = {k: v.model_dump() for k, v in ship_stats.items()}
    data["class_levels"] = class_levels
    data["non_combat_classes"] = non_combat
    try:
        return FleetCombatSettings.model_validate(data)
    except ValidationError as exc:
        raise _rule_error(exc, "FC-I1") from None
