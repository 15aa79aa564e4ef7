"""Player-facing lines for fleet combat, as `Msg` objects rendered later in the reader's locale.

Class names and counts use `fleet_combat.class.<key>` / `fleet_combat.count.<key>`; a class
a campaign added itself falls back to `fleet_combat.class.custom` with its raw name.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Mapping
from collections.abc import Sequence

from bot.i18n import Msg
from bot.i18n import MsgList
from bot.rules.fleet_combat.models import BattleResult
from bot.rules.fleet_combat.models import HeldFire
from bot.rules.fleet_combat.models import RoundReport
from bot.rules.fleet_combat.models import Ship
from bot.rules.fleet_combat.models import VolleyReport
from bot.rules.fleet_combat.settings import DEFAULT_CLASS_ORDER
from bot.text import faces_text
from bot.text import shown_msg


class JoinedMsg(MsgList):
    """Several messages joined with ", " (a list inside one line); `empty` stands in for none."""

    def __init__(self, parts: Iterable[Msg], empty: Msg | None = None) -> None:
        items = list(parts)
        super().__init__(items if items or empty is None else [empty])


def class_name(ship_class: str) -> Msg:
    """The class's display name (FC glossary)."""
    if ship_class in DEFAULT_CLASS_ORDER:
        return Msg(f"fleet_combat.class.{ship_class}")
    return Msg("fleet_combat.class.custom", name=ship_class)


def target_name(ship_class: str, count: int | None) -> Msg:
    """The class a volley aims at as the target has it (FC-5.2): "cruiser" when it has one
    ship of the class, else the class's name ("cruisers"); a class a GM named, and a round
    logged before the count was kept (`count` None), by the class's name."""
    if count == 1 and ship_class in DEFAULT_CLASS_ORDER:
        return Msg(f"fleet_combat.class_one.{ship_class}")
    return class_name(ship_class)


def shown_class(ship_class: str) -> Msg:
    """A class's display name in a refusal: a class a GM named shown as typed, its Markdown,
    mentions and @everyone escaped (the narration's lines are escaped where they are shown)."""
    return shown_msg(class_name(ship_class))


def shown_classes(ship_classes: Iterable[str]) -> MsgList:
    """Classes listed in a refusal, each as `shown_class` gives it."""
    return MsgList([shown_class(c) for c in ship_classes])


def class_count(ship_class: str, count: float) -> Msg:
    """ "3 cruisers" with the language's plural forms."""
    if ship_class in DEFAULT_CLASS_ORDER:
        return Msg(f"fleet_combat.count.{ship_class}", count=count)
    return Msg("fleet_combat.count.custom", name=ship_class, count=count)


def counts_msg(counts: Mapping[str, int]) -> Msg:
    """ "2 cruisers, 1 dreadnought", or "no ships"."""
    return JoinedMsg(
        (class_count(c, n) for c, n in counts.items() if n > 0),
        empty=Msg("fleet_combat.fleet.empty"),
    )


def ships_msg(ships: Sequence[Ship]) -> Msg:
    """A fleet's ships by class with their wounds, e.g. "2 cruisers (wounds: 1, 0)"."""
    counts: dict[str, list[int]] = {}
    for ship in ships:
        counts.setdefault(ship.ship_class, []).append(ship.wounds)
    parts: list[Msg] = []
    for ship_class, wounds in counts.items():
        if any(wounds):
            parts.append(
                Msg(
                    "fleet_combat.fleet.wounded_group",
                    ships=class_count(ship_class, len(wounds)),
                    wounds=", ".join(str(w) for w in wounds),
                )
            )
        else:
            parts.append(class_count(ship_class, len(wounds)))
    return JoinedMsg(parts, empty=Msg("fleet_combat.fleet.empty"))


def defence_msg(volley: VolleyReport) -> Msg:
    """The defence part of a volley line (FC-5.11, FC-I3): the faces, or why none were rolled."""
    if volley.hits == 0:
        return Msg("fleet_combat.round.defence.not_needed")
    if volley.defence is None:
        return Msg("fleet_combat.round.defence.none")
    return Msg("fleet_combat.round.defence.roll", faces=faces_text(volley.defence_faces))


_SOURCE_KEYS = {
    "automatic": "fleet_combat.round.auto_target",
    "invalid_order": "fleet_combat.round.auto_target_invalid",
    "retreat_override": "fleet_combat.round.auto_target_retreat",
}


def round_lines(report: RoundReport, *, retreat_distance: int) -> list[Msg]:
    """A short summary of one round: volleys, who was auto-targeted, losses, retreats, end.

    Wounds a volley's group could not use (FC-5.18: it destroys no more ships than it has)
    and wounds that burned out because no ship of its target class was left to take them
    (FC-5.16, FC-I12) are told directly under that volley, not after the round's last one
    (the lines keep their keys, `fleet_combat.round.lost_to_cap` and
    `fleet_combat.round.burned`, which earlier logged rounds told once at the end).
    The battle log's pages (the cog's render) tell the volleys and wounds in full and take
    the other parts from the functions below, so each part is told once."""
    lines = [
        Msg(
            "fleet_combat.round.header",
            battle=report.battle_id,
            point=report.point,
            round=report.round,
        )
    ]
    lines += retreating_lines(report)
    lost_to_cap: dict[int, int] = {}  # by volley: wounds its packet lost (FC-5.18)
    burned: dict[int, int] = {}  # by volley: wounds of its packet that burned out (FC-5.16)
    for packet in report.packets:
        lost_to_cap[packet.volley] = lost_to_cap.get(packet.volley, 0) + packet.lost_to_cap
        burned[packet.volley] = burned.get(packet.volley, 0) + packet.burned
    for held, index, volley in volley_turns(report):
        lines += held
        if volley is None:
            continue
        lines.append(
            Msg(
                "fleet_combat.round.volley",
                shooter=volley.shooter,
                ships=class_count(volley.ship_class, volley.ships),
                target=volley.target,
                target_class=target_name(volley.target_class, volley.targets),
                faces=faces_text(volley.attack_faces),
                hits=Msg("fleet_combat.hits", count=volley.hits),
                defence=defence_msg(volley),
                wounds=Msg("fleet_combat.wounds", count=volley.wounds),
            )
        )
        if lost_to_cap.get(index):
            lines.append(Msg("fleet_combat.round.lost_to_cap", count=lost_to_cap[index]))
        if burned.get(index):
            lines.append(Msg("fleet_combat.round.burned", count=burned[index]))
        if volley.source != "order":
            lines.append(
                Msg(
                    _SOURCE_KEYS[volley.source],
                    shooter=volley.shooter,
                    ship_class=class_name(volley.ship_class),
                    target=volley.target,
                    target_class=target_name(volley.target_class, volley.targets),
                )
            )
    lines += loss_lines(report)
    lines += retreated_lines(report, retreat_distance=retreat_distance)
    lines.extend(ending_lines(report))
    return lines


def retreating_lines(report: RoundReport) -> list[Msg]:
    """Who retreated this round and so did not fire (FC-6.2)."""
    return [Msg("fleet_combat.round.retreating", faction=f) for f in report.retreating]


def volley_turns(report: RoundReport) -> Iterator[tuple[list[Msg], int, VolleyReport | None]]:
    """The round in its turns: before each volley (and its index) the groups that did not fire
    told before it (FC-I7: in their turn), and last, with no volley, those told after every
    volley (a round logged before the turn was kept tells them all there)."""
    places: dict[int, list[HeldFire]] = {}
    for held in report.held:
        place = len(report.volleys) if held.after is None else held.after
        places.setdefault(place, []).append(held)
    for index, volley in enumerate(report.volleys):
        yield held_lines(places.get(index, [])), index, volley
    yield held_lines(places.get(len(report.volleys), [])), len(report.volleys), None


def held_lines(held: Sequence[HeldFire]) -> list[Msg]:
    """Groups that did not fire this round, and why (FC-I7 hold fire, no legal target)."""
    return [
        Msg(
            f"fleet_combat.round.held.{group.reason}",
            shooter=group.shooter,
            ship_class=class_name(group.ship_class),
        )
        for group in held
    ]


def loss_lines(report: RoundReport) -> list[Msg]:
    """Each faction's ships destroyed this round by class, or that nobody lost any."""
    losses: dict[str, dict[str, int]] = {}
    for loss in report.losses:
        by_class = losses.setdefault(loss.faction, {})
        by_class[loss.ship_class] = by_class.get(loss.ship_class, 0) + 1
    lines = [
        Msg("fleet_combat.round.losses", faction=faction, ships=counts_msg(by_class))
        for faction, by_class in losses.items()
    ]
    return lines or [Msg("fleet_combat.round.no_losses")]


def retreated_lines(report: RoundReport, *, retreat_distance: int) -> list[Msg]:
    """Who left the battle after their parting volley, and how far they may move (FC-6.3);
    a retreater the volley left without a ship has nothing to move, and is told so. The
    distance is the round's own (FC-I15); `retreat_distance`, the campaign's current
    setting, tells a round logged before its report kept it."""
    distance = moved_points(report, retreat_distance)
    return [
        Msg("fleet_combat.round.retreated_empty", faction=faction)
        if left_empty(report, faction)
        else Msg("fleet_combat.round.retreated_destroyed", faction=faction)
        if faction in report.left_without_ships
        else Msg("fleet_combat.round.retreated", faction=faction, count=distance)
        for faction in report.left
    ]


def left_empty(report: RoundReport, faction: str) -> bool:
    """Whether `faction` left with no ship and lost none in the round (FC-6.3): it had none
    when the round began (a GM removed its fleet), so no parting volley destroyed any."""
    return faction in report.left_without_ships and not any(
        loss.faction == faction for loss in report.losses
    )


def moved_points(report: RoundReport, current: int) -> int:
    """How far those who left in the round move (FC-6.3, FC-I15 `retreat_distance_points`):
    as the round was fought, or `current` for a round logged before its report kept it."""
    return current if report.retreat_distance is None else report.retreat_distance


def ending_lines(report: RoundReport) -> list[Msg]:
    """How the round left the battle: frozen until the next turn, fought on at once (several
    rounds in one resolution, FC-I6), waiting for the turn's end that fights the next round
    (a round a GM fought before it, FC-I6), or ended and why."""
    if report.result is None and report.fought_on:
        return [
            Msg("fleet_combat.battle.fights_on", battle=report.battle_id, round=report.round + 1)
        ]
    if report.result is None and report.before_turn_end:
        return [
            Msg(
                "fleet_combat.battle.waits_turn_end",
                battle=report.battle_id,
                round=report.round + 1,
            )
        ]
    if report.result is None:
        return [Msg("fleet_combat.battle.frozen", battle=report.battle_id)]
    return [result_msg(report.battle_id, report.result)]


def result_msg(battle_id: int, result: BattleResult) -> Msg:
    """How a battle ended and who holds the point (FC-I16)."""
    holders = ", ".join(result.holders) or "—"
    return Msg(f"fleet_combat.battle.ended.{result.reason}", battle=battle_id, holders=holders)


def battle_line(
    reports: Sequence[RoundReport],
    factions: Sequence[str],
    *,
    retreat_distance: int | None = None,
    reader: str | None = None,
) -> Msg:
    """One line for the rounds a battle fought in one resolution (FC-I6): who fought, what
    each lost, with `retreat_distance` who retreated and how far they move (FC-6.3: each
    round's own distance, this one for rounds logged before they kept it), and whether it
    fights on or is over and who holds the point. The full round report stays in the
    battle's log (`/combat status battle:N round:R`).

    `reader`, the faction a ping tells the line to: if it left the battle in these rounds
    (FC-6.3, FC-I15) and the battle goes on, the line says it goes on without it, not that
    it is still fighting. Without one (the turn's summary), a retreat names the command its
    player records the move with, as `/turn status` does; the ping asks for it on its own."""
    first, last = reports[0], reports[-1]
    lost: dict[str, dict[str, int]] = {f: {} for f in factions}
    for report in reports:
        for loss in report.losses:
            by_class = lost.setdefault(loss.faction, {})
            by_class[loss.ship_class] = by_class.get(loss.ship_class, 0) + 1
    rounds = (
        Msg("fleet_combat.turn.line.round", round=first.round)
        if first.round == last.round
        else Msg("fleet_combat.turn.line.rounds", first=first.round, last=last.round)
    )
    told = [
        Msg("fleet_combat.turn.line.lost", faction=faction, ships=counts_msg(by_class))
        for faction, by_class in lost.items()
    ]
    if retreat_distance is not None:
        # The summary names the command that records the move (FC-6.3), as /turn status
        # does; a ping asks its reader for the move on a line of its own.
        moves = "retreated" if reader is not None else "retreated_move"
        told += [
            Msg("fleet_combat.turn.line.retreated_empty", faction=faction)
            if left_empty(report, faction)
            else Msg("fleet_combat.turn.line.retreated_destroyed", faction=faction)
            if faction in report.left_without_ships  # FC-6.3: nothing left to move
            else Msg(
                f"fleet_combat.turn.line.{moves}",
                faction=faction,
                count=moved_points(report, retreat_distance),
            )
            for report in reports
            for faction in report.left
        ]
    losses = MsgList(told, separator="; ")
    gone = reader is not None and any(reader in report.left for report in reports)
    if last.result is None and gone:  # FC-I15: the retreater is no longer a participant
        status = Msg("fleet_combat.turn.line.goes_on_without", faction=reader)
    elif last.result is None and last.fought_on:
        status = Msg("fleet_combat.turn.line.fighting_on", round=last.round + 1)  # FC-I6
    elif last.result is None and last.before_turn_end:  # FC-I6: the turn's end fights on
        status = Msg("fleet_combat.turn.line.fighting_at_turn_end", round=last.round + 1)
    elif last.result is None:
        status = Msg("fleet_combat.turn.line.fighting")
    else:
        holders = ", ".join(last.result.holders) or "—"
        status = Msg(f"fleet_combat.turn.line.over.{last.result.reason}", holders=holders)
    return Msg(
        "fleet_combat.turn.line",
        battle=first.battle_id,
        point=first.point,
        rounds=rounds,
        losses=losses,
        status=status,
    )
