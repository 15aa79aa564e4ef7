"""A pirate battle's round as the raid report tells it (SP-I11, FC-I17): fleet combat's own
round lines, read for a battle that is fought to its end at once. The battle has no number
or point of its own (the report's page names the attack and the round), it is never frozen
until the next turn, nobody gives it fire orders, its participants are named ("the pirate
fleet", "mercenary contract #6") and the pirates' ships are the raiders, cruisers and
battleships page 1 bought."""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Mapping
from collections.abc import Sequence

from bot.i18n import Msg
from bot.i18n import MsgList
from bot.rules.fleet_combat.messages import class_count
from bot.rules.fleet_combat.messages import round_lines
from bot.rules.fleet_combat.messages import target_name
from bot.rules.fleet_combat.models import RoundReport
from bot.rules.fleet_combat.models import VolleyReport
from bot.rules.space_pirates.battle import flies_pirate_ships
from bot.rules.space_pirates.battle import pirate_types
from bot.rules.space_pirates.battle import side_msg
from bot.rules.space_pirates.battle import together
from bot.rules.space_pirates.messages import side_first
from bot.rules.space_pirates.settings import SpacePiratesSettings

P = "space_pirates."
# A pirate battle takes no fire orders (SP-I11: automatic mode, FC-I17), so "had no orders
# and fired at … (automatic target)" under each volley would tell nothing: the volley line
# already names the target.
DROPPED = {
    "fleet_combat.round.header",
    "fleet_combat.battle.frozen",
    "fleet_combat.round.auto_target",
}
SIDE_PARAMS = ("faction", "shooter", "target")
# The participant every round line that names a shooter opens with, in both languages.
OPENS_LINE = "shooter"
# Fleet combat's lines that name a participant as a faction ("Фракция «…» отступает"), in
# this ruleset's words when the participant is one of its own (a mercenary contract).
OWN_WORDS = {
    "fleet_combat.round.retreating": ("faction", f"{P}battle.retreating"),
    "fleet_combat.round.retreated": ("faction", f"{P}battle.retreated"),
    "fleet_combat.round.auto_target_retreat": ("target", f"{P}battle.auto_target_retreat"),
}


class _Ships:
    """Class names for one round: a side flying pirate ships (the pirates, their base,
    mercenaries) names them by pirate type, as the round kept them when it was fought; a
    round logged before it kept them, by SP-I9's table in force read backwards."""

    def __init__(self, settings: SpacePiratesSettings, report: RoundReport) -> None:
        self.kept = report.ship_names
        self.types = pirate_types(settings) if self.kept is None else {}

    def pirate(self, side: str, ship_class: str) -> str | None:
        if self.kept is not None:
            return self.kept.get(side, {}).get(ship_class)
        return self.types.get(ship_class) if flies_pirate_ships(side) else None

    def count(self, side: str, ship_class: str, count: int) -> Msg:
        kind = self.pirate(side, ship_class)
        return Msg(f"{P}count.{kind}", count=count) if kind else class_count(ship_class, count)

    def name(self, side: str, ship_class: str, count: int | None = None) -> Msg:
        """The class's name; a volley's target class one ship when `count` is 1."""
        kind = self.pirate(side, ship_class)
        if kind:
            return Msg(f"{P}class_one.{kind}" if count == 1 else f"{P}class.{kind}")
        return target_name(ship_class, count)


class _Owners:
    """Whose the ships of a participant fighting for several owners are (SP-I43: a shared
    route's or orbit's ships, one participant), by the owners the battle kept
    (`BattleSummary.owners`): of a class, those afloat when the round began."""

    def __init__(self, owners: Mapping[str, Sequence[str]], report: RoundReport) -> None:
        self.owners = owners
        self.afloat: dict[str, dict[int, str]] = {}
        for side in owners:
            if side in report.left and side not in report.remaining:
                continue  # left the battle this round: its ships are no longer told
            ships = {s.id: s.ship_class for s in report.remaining.get(side, [])}
            ships |= {
                loss.ship_id: loss.ship_class for loss in report.losses if loss.faction == side
            }
            self.afloat[side] = ships

    def owner(self, side: str, ship_id: int) -> str | None:
        """The faction ship `ship_id` of `side` belongs to; None when `side` is one owner's."""
        owners = self.owners.get(side)
        return owners[ship_id - 1] if owners and 0 < ship_id <= len(owners) else None

    def standing(self, side: str, report: RoundReport) -> Msg | str:
        """A participant still standing at the battle's end: a shared one by the owners
        whose ships are left."""
        left = [self.owner(side, s.id) for s in report.remaining.get(side, [])]
        owners = list(dict.fromkeys(o for o in left if o is not None))
        return together(owners) if owners else side_msg(side)

    def of_class(self, side: str, ship_class: str) -> dict[str, int] | None:
        """How many ships of the class each owner had afloat as the round began, in the
        order the ships were registered; None when `side` is not shared or not known."""
        afloat = self.afloat.get(side)
        if afloat is None:
            return None
        counts: dict[str, int] = {}
        for ship_id, kind in sorted(afloat.items()):
            owner = self.owner(side, ship_id)
            if kind == ship_class and owner is not None:
                counts[owner] = counts.get(owner, 0) + 1
        return counts or None


def battle_round_lines(
    report: RoundReport,
    settings: SpacePiratesSettings,
    *,
    retreat_distance: int,
    owners: Mapping[str, Sequence[str]] | None = None,
) -> list[Msg]:
    """One round of a pirate battle for the raid report's page. `owners`: whose each ship
    of a participant fighting for several owners is (SP-I43), so each owner's ships and
    losses are named as theirs."""
    ships = _Ships(settings, report)
    owned = _Owners(owners or {}, report)
    volleys: Iterator[VolleyReport] = iter(report.volleys)
    volley: VolleyReport | None = None
    lines: list[Msg] = []
    for line in round_lines(report, retreat_distance=retreat_distance):
        key, params = line.key, dict(line.params)
        if key in DROPPED:
            continue
        if key.startswith("fleet_combat.battle.ended.") and report.result is not None:
            lines.append(over_msg(report, owned))
            continue
        if key == "fleet_combat.round.losses":  # told below, by the names above
            continue
        if key == "fleet_combat.round.volley":
            volley = next(volleys)
            params["ships"] = ships.count(volley.shooter, volley.ship_class, volley.ships)
            params["target_class"] = ships.name(volley.target, volley.target_class, volley.targets)
            key = _owned_volley(volley, params, owned, ships)
        elif key.startswith("fleet_combat.round.auto_target") and volley is not None:
            params["ship_class"] = ships.name(volley.shooter, volley.ship_class)
            params["target_class"] = ships.name(volley.target, volley.target_class, volley.targets)
        elif key.startswith("fleet_combat.round.held."):
            held = next(h for h in report.held if h.shooter == params["shooter"])
            params["ship_class"] = ships.name(held.shooter, held.ship_class)
        for name in SIDE_PARAMS:
            if isinstance(params.get(name), str):
                named = side_first if name == OPENS_LINE else side_msg
                params[name] = named(str(params[name]))
        if key in OWN_WORDS and isinstance(params.get(OWN_WORDS[key][0]), Msg):
            key = OWN_WORDS[key][1]
        lines.append(Msg(key, **params))
    return _with_losses(lines, report, ships, owned)


def _owned_volley(
    volley: VolleyReport, params: dict[str, object], owned: _Owners, ships: _Ships
) -> str:
    """A volley fired by or at a shared participant (SP-I43) names the owner of the ships
    of that class, or each owner with their own ships when the class is several owners'.
    Returns the line's key; `params` are changed in place."""
    key = "fleet_combat.round.volley"
    shooters = owned.of_class(volley.shooter, volley.ship_class)
    if shooters is not None and len(shooters) == 1:
        params["shooter"] = next(iter(shooters))
    elif shooters is not None:
        key = f"{P}battle.volley_from_shared"
        params["shooter"] = together(
            [
                Msg(
                    f"{P}battle.owned",
                    owner=o,
                    ships=ships.count(volley.shooter, volley.ship_class, n),
                )
                for o, n in shooters.items()
            ]
        )
    targets = owned.of_class(volley.target, volley.target_class)
    if targets is not None and len(targets) == 1:
        params["target"] = next(iter(targets))
    elif targets is not None:
        key = f"{P}battle.volley_at_shared"
        params["target"] = together(list(targets))
    return key


def over_msg(report: RoundReport, owned: _Owners | None = None) -> Msg:
    """How the battle ended: who still stands (FC-I16), or nobody (every side destroyed or
    gone, FC-I15); of a shared participant, the owners whose ships still stand (SP-I43)."""
    assert report.result is not None
    clause = "FC-I15" if report.result.reason == "all_left" else "FC-I16"
    if not report.result.holders:
        return Msg(f"{P}battle.over_empty", clause=clause)
    holders = MsgList(
        side_msg(h) if owned is None else owned.standing(h, report) for h in report.result.holders
    )
    return Msg(f"{P}battle.over", holders=holders, clause=clause)


def _with_losses(lines: list[Msg], report: RoundReport, ships: _Ships, owned: _Owners) -> list[Msg]:
    """Each participant's losses, where fleet combat tells them: before who retreated and
    how the battle ended; a shared participant's by the owner of each ship (SP-I43)."""
    lost: dict[tuple[str, str | None], dict[str, int]] = {}
    for loss in report.losses:
        by_class = lost.setdefault((loss.faction, owned.owner(loss.faction, loss.ship_id)), {})
        by_class[loss.ship_class] = by_class.get(loss.ship_class, 0) + 1
    told = [
        Msg(
            f"{P}battle.losses",
            side=side_msg(side) if owner is None else owner,
            ships=MsgList(ships.count(side, c, n) for c, n in by_class.items()),
        )
        for (side, owner), by_class in lost.items()
    ]
    at = next(
        (i for i, m in enumerate(lines) if m.key.startswith("fleet_combat.round.retreated")),
        next((i for i, m in enumerate(lines) if m.key.startswith(f"{P}battle.over")), len(lines)),
    )
    return lines[:at] + told + lines[at:]
