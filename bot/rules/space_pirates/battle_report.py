"""A pirate battle's round as the raid report tells it (SP-I11, FC-I17): fleet combat's own
round lines, read for a battle that is fought to its end at once. The battle has no number
or point of its own (the report's page names the attack and the round), it is never frozen
until the next turn, nobody gives it fire orders, its participants are named ("the pirate
fleet", "mercenary contract #6") and the pirates' ships are the raiders, cruisers and
battleships page 1 bought."""

from __future__ import annotations

from collections.abc import Iterator

from bot.i18n import Msg
from bot.i18n import MsgList
from bot.rules.fleet_combat.messages import class_count
from bot.rules.fleet_combat.messages import class_name
from bot.rules.fleet_combat.messages import round_lines
from bot.rules.fleet_combat.models import RoundReport
from bot.rules.fleet_combat.models import VolleyReport
from bot.rules.space_pirates.battle import flies_pirate_ships
from bot.rules.space_pirates.battle import pirate_types
from bot.rules.space_pirates.battle import side_msg
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

    def name(self, side: str, ship_class: str) -> Msg:
        kind = self.pirate(side, ship_class)
        return Msg(f"{P}class.{kind}") if kind else class_name(ship_class)


def battle_round_lines(
    report: RoundReport, settings: SpacePiratesSettings, *, retreat_distance: int
) -> list[Msg]:
    """One round of a pirate battle for the raid report's page."""
    ships = _Ships(settings, report)
    volleys: Iterator[VolleyReport] = iter(report.volleys)
    volley: VolleyReport | None = None
    lines: list[Msg] = []
    for line in round_lines(report, retreat_distance=retreat_distance):
        key, params = line.key, dict(line.params)
        if key in DROPPED:
            continue
        if key.startswith("fleet_combat.battle.ended.") and report.result is not None:
            lines.append(over_msg(report))
            continue
        if key == "fleet_combat.round.losses":  # told below, by the names above
            continue
        if key == "fleet_combat.round.volley":
            volley = next(volleys)
            params["ships"] = ships.count(volley.shooter, volley.ship_class, volley.ships)
            params["target_class"] = ships.name(volley.target, volley.target_class)
        elif key.startswith("fleet_combat.round.auto_target") and volley is not None:
            params["ship_class"] = ships.name(volley.shooter, volley.ship_class)
            params["target_class"] = ships.name(volley.target, volley.target_class)
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
    return _with_losses(lines, report, ships)


def over_msg(report: RoundReport) -> Msg:
    """How the battle ended: who still stands (FC-I16), or nobody (every side destroyed or
    gone, FC-I15)."""
    assert report.result is not None
    clause = "FC-I15" if report.result.reason == "all_left" else "FC-I16"
    if not report.result.holders:
        return Msg(f"{P}battle.over_empty", clause=clause)
    holders = MsgList(side_msg(h) for h in report.result.holders)
    return Msg(f"{P}battle.over", holders=holders, clause=clause)


def _with_losses(lines: list[Msg], report: RoundReport, ships: _Ships) -> list[Msg]:
    """Each participant's losses, where fleet combat tells them: before who retreated and
    how the battle ended."""
    lost: dict[str, dict[str, int]] = {}
    for loss in report.losses:
        by_class = lost.setdefault(loss.faction, {})
        by_class[loss.ship_class] = by_class.get(loss.ship_class, 0) + 1
    told = [
        Msg(
            f"{P}battle.losses",
            side=side_msg(side),
            ships=MsgList(ships.count(side, c, n) for c, n in by_class.items()),
        )
        for side, by_class in lost.items()
    ]
    at = next(
        (i for i, m in enumerate(lines) if m.key.startswith("fleet_combat.round.retreated")),
        next((i for i, m in enumerate(lines) if m.key.startswith(f"{P}battle.over")), len(lines)),
    )
    return lines[:at] + told + lines[at:]
