"""`/pirates status` for one player: the counters the rules carry, cooldowns, the base,
contracts, privateers, their own placed bribes, and the chance of a raid in the coming
resolution with what makes it up (SP-I1, SP-I28)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from fractions import Fraction

from bot.i18n import Msg
from bot.i18n import MsgList
from bot.rules.space_pirates.base import base_exists
from bot.rules.space_pirates.base import operations_blocked
from bot.rules.space_pirates.bribe import SealedBribers
from bot.rules.space_pirates.bribe import bribe_offer_cost
from bot.rules.space_pirates.bribe import briber_of
from bot.rules.space_pirates.bribe import bribes_visible_to
from bot.rules.space_pirates.bribe import open_bribe_offers
from bot.rules.space_pirates.chance import RaidPoints
from bot.rules.space_pirates.chance import raid_points
from bot.rules.space_pirates.chance import routes_in_roll
from bot.rules.space_pirates.messages import HALVED_PCT
from bot.rules.space_pirates.messages import assault_force_msg
from bot.rules.space_pirates.messages import bribe_target
from bot.rules.space_pirates.messages import fleet_msg
from bot.rules.space_pirates.messages import lost_ships_msg
from bot.rules.space_pirates.messages import ships_numbered
from bot.rules.space_pirates.messages import waiting_line
from bot.rules.space_pirates.models import Bribe
from bot.rules.space_pirates.models import PlayerPirates
from bot.rules.space_pirates.models import SpacePiratesState
from bot.rules.space_pirates.models import Station
from bot.rules.space_pirates.planet_raid import planet_points
from bot.rules.space_pirates.reports import ShipsLostElsewhere
from bot.rules.space_pirates.route_raid import under_peace
from bot.rules.space_pirates.route_raid import under_route_immunity
from bot.rules.space_pirates.settings import SpacePiratesSettings
from bot.rules.space_pirates.upkeep import upkeep_amount
from bot.rules.space_pirates.upkeep import upkeep_waiting_line

P = "space_pirates."
# The lines that speak to the faction's player ("your bribe", "waiting for your answer"), and
# the same lines naming the faction, for a GM reading another faction's status.
NAMING = {
    f"{P}status.{key}": f"{P}status.{key}_of"
    for key in (
        "base_attack",
        "bribe",
        "bribe_offer",
        "bribe_ended.head",
        "lost_elsewhere",
        "waiting",
        "waiting_other",
    )
}


@dataclass
class PirateStatus:
    """What the status shows, as data and as lines."""

    faction: str
    record: PlayerPirates
    raid_chance: Fraction
    points: RaidPoints | None
    base_exists: bool
    lines: list[Msg] = field(default_factory=list)


def status(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    faction: str,
    turn: int,
    sealed: SealedBribers | None = None,
    lost: Sequence[ShipsLostElsewhere] = (),
    *,
    own: bool = True,
) -> PirateStatus:
    """The player's pirate status during turn `turn`; the chance is for its resolution.
    `sealed` names the briber of each sealed bribe (`briber_of`); `lost` is what the player
    lost defending in other players' raids of the last resolution (SP-I43). Without `own`
    the reader (a GM) does not play the faction: the lines name it instead of "you"."""
    record = state.players.get(faction) or PlayerPirates()
    lines: list[Msg] = [
        Msg(
            f"{P}status.counters",
            faction=faction,
            streak=record.streak,
            planet_bonus=record.planet_raid_bonus_pct,
            buy_off_bonus=record.buy_off_bonus_pct,
            penalty=record.planet_penalty_points,
            planet_points=planet_points(record, settings),
        )
    ]
    contacts = state.contacts_of(faction)  # SP-7.1, SP-10.2: whom it may bribe against
    if contacts:
        lines.append(Msg(f"{P}status.contacts", contacts=", ".join(contacts)))
    else:
        lines.append(Msg(f"{P}status.no_contacts"))
    if record.rampage:
        lines.append(Msg(f"{P}status.rampage"))
    if under_route_immunity(record, turn):
        lines.append(Msg(f"{P}status.immunity", until=record.route_immunity_until or 0))
    if under_peace(record, turn):
        lines.append(Msg(f"{P}status.peace", until=record.peace_until or 0))
    if operations_blocked(record, turn):
        lines.append(Msg(f"{P}status.operations_blocked", until=record.operations_blocked_until))
    if record.income_bonus_until is not None and turn <= record.income_bonus_until:
        bonus = record.income_bonus  # as the base's fall gave it (SP-I32)
        lines.append(
            Msg(
                f"{P}status.income_bonus",
                bonus=settings.base_bonus_income_per_planet if bonus is None else bonus,
                until=record.income_bonus_until,
            )
        )
    exists = base_exists(record, settings)
    if not exists:
        lines.append(Msg(f"{P}status.no_base"))
    elif record.base_known:
        lines.append(
            Msg(
                f"{P}status.base_known",
                location=record.base_location or "—",
                failed=record.failed_base_attacks,
            )
        )
    else:
        lines.append(Msg(f"{P}status.base_unknown"))
    for order in state.base_attack_orders:  # ordered this turn, fought at its end (SP-I31)
        if order.attacker == faction and order.turn == turn:
            classes = [ship.ship_class for ship in order.ships]
            force = assault_force_msg(classes, order.contracts)
            lines.append(Msg(f"{P}status.base_attack", force=force))
    for planet in state.planets_of(faction):
        if planet.last_attacked_turn is not None:
            ready = planet.last_attacked_turn + settings.planet_raid_cooldown_turns
            if ready > turn:
                lines.append(Msg(f"{P}status.cooldown", planet=planet.name, turn=ready))
        if planet.birth_rate_penalty_until is not None and planet.birth_rate_penalty_until >= turn:
            pct = planet.birth_rate_pct  # as the raid set it (SP-I25): "halved" at 50 %
            if pct is None:
                pct = settings.birth_rate_factor_pct
            lines.append(
                Msg(
                    f"{P}status.birth_rate",
                    planet=planet.name,
                    until=planet.birth_rate_penalty_until,
                )
                if pct == HALVED_PCT
                else Msg(
                    f"{P}status.birth_rate_factor",
                    planet=planet.name,
                    pct=pct,
                    until=planet.birth_rate_penalty_until,
                )
            )
    for contract in state.contracts:
        if contract.owner == faction and contract.active:
            lines.append(
                Msg(
                    f"{P}status.contract",
                    contract=contract.id,
                    count=len(contract.ships),
                    upkeep=upkeep_amount(contract, settings),
                    station=station_msg(contract.station),
                )
            )
    for group in state.privateers:
        if group.owner == faction:
            key = "status.privateers_recalled" if group.recalled_turn else "status.privateers"
            lines.append(
                Msg(
                    f"{P}{key}",
                    group=group.id,
                    target=group.target,
                    count=len(group.ships),
                    turn=group.returns_turn or 0,
                )
            )
    if record.reserve:  # back from privateering, waiting to be registered again (SP-10.8)
        lines.append(Msg(f"{P}status.reserve", ships=ships_numbered(record.reserve)))
    for bribe in bribes_visible_to(state, faction, sealed=sealed):
        lines.append(
            Msg(
                f"{P}status.bribe",
                bribe=bribe.id,
                victim=bribe.victim,
                kind=Msg(f"{P}kind.{bribe.kind}"),
                target=bribe_target(state, bribe),
                fleet=fleet_msg(bribe.fleet),
                cost=bribe.cost,
            )
        )
    lines += ended_bribe_lines(state, faction, turn, sealed)
    lines += [lost_elsewhere_line(x) for x in lost if x.owner == faction]
    for bribe in open_bribe_offers(state, faction):  # SP-I34 `at_placement`: the victim's
        lines.append(
            Msg(
                f"{P}status.bribe_offer",
                bribe=bribe.offer_number,
                kind=Msg(f"{P}kind.{bribe.kind}"),
                fleet=fleet_msg(bribe.fleet),
                cost=bribe_offer_cost(bribe, settings),
            )
        )
    lines += waiting_lines(state, faction)
    chance, points = _next_chance(state, settings, faction, turn, record)
    lines.append(chance_line(chance, points, record, state, settings, faction, turn))
    if not own:
        lines = [naming(line, faction) for line in lines]
    return PirateStatus(
        faction=faction,
        record=record,
        raid_chance=chance,
        points=points,
        base_exists=exists,
        lines=lines,
    )


def naming(msg: Msg, faction: str) -> Msg:
    """`msg` as a reader who does not play `faction` reads it: a line that speaks to its
    player ("your bribe", nested heads too) names the faction instead (`NAMING`)."""
    if type(msg) is not Msg:
        return msg
    params = {k: naming(v, faction) if isinstance(v, Msg) else v for k, v in msg.params.items()}
    if msg.key in NAMING:
        return Msg(NAMING[msg.key], faction=faction, **params)
    return Msg(msg.key, **params)


def waiting_lines(state: SpacePiratesState, faction: str) -> list[Msg]:
    """The questions the resolution waits on the player for, with the numbers `/turn status`
    shows (SP-I45): a buy-off offer (answered by its buttons or `/pirates offer`), a plunder
    branch, a retreat, an upkeep."""
    lines: list[Msg] = []
    for pending in state.waiting:
        if pending.faction != faction:
            continue
        target = str(pending.report.get("target_name") or pending.attack.target)
        key = "status.waiting" if pending.choice == "buy_off" else "status.waiting_other"
        lines.append(Msg(f"{P}{key}", question=waiting_line(pending, target)))
    lines += [
        Msg(f"{P}status.waiting_other", question=upkeep_waiting_line(d))
        for d in state.upkeep_due
        if d.owner == faction
    ]
    return lines


def lost_elsewhere_line(lost: ShipsLostElsewhere) -> Msg:
    """Ships the player lost defending in another player's raid (a shared route's co-owner,
    SP-I43), and where their report tells it."""
    ships = MsgList([lost_ships_msg(p, by_class) for p, by_class in lost.lost.items()])
    return Msg(
        f"{P}status.lost_elsewhere",
        turn=lost.turn,
        ships=ships,
        target=lost.target_name or str(lost.target or "—"),
        victim=lost.victim,
    )


def ended_bribe_lines(
    state: SpacePiratesState, faction: str, turn: int, sealed: SealedBribers | None = None
) -> list[Msg]:
    """How the player's own bribes of the last turn ended in its resolution: cancelled (with
    what was refunded, as it was refunded), withdrawn, bought off, or come up and fought. The
    briber learns a cancellation here, privately, and nobody else does (SP-I33). A bribe of
    the turn under way is told once its resolution has run, as the turn's end tells the
    others what happened (an offer bought off at placement included, SP-I34)."""
    lines: list[Msg] = []
    for bribe in state.bribes:
        if bribe.status == "placed" or bribe.placed_turn != turn - 1:
            continue
        if briber_of(bribe, sealed) != faction:
            continue
        head = Msg(
            f"{P}status.bribe_ended.head",
            bribe=bribe.id,
            kind=Msg(f"{P}kind.{bribe.kind}"),
            victim=bribe.victim,
            turn=bribe.placed_turn,
        )
        end = _bribe_end(state, bribe)
        if end == "cancelled":
            lines.append(Msg(f"{P}status.bribe_ended.cancelled", head=head, refund=_refund(bribe)))
        else:
            target = bribe_target(state, bribe)
            lines.append(
                Msg(f"{P}status.bribe_ended.{end}", head=head, victim=bribe.victim, target=target)
            )
    return lines


def _bribe_end(state: SpacePiratesState, bribe: Bribe) -> str:
    """How a bribe that no longer stands ended (SP-I33, SP-I34): the victim's record of the
    attack tells a bribe that came up."""
    if bribe.status != "resolved":
        return bribe.status  # cancelled, withdrawn, or bought off at placement
    victim = state.players.get(bribe.victim) or PlayerPirates()
    record = next((r for r in victim.history if r.bribe_id == bribe.id), None)
    if record is None:
        return "came_up"
    if record.outcome == "pending":
        return "waiting"
    return "bought_off" if record.outcome == "bought_off" else "attacked"


def _refund(bribe: Bribe) -> Msg | str:
    """What a cancelled bribe gave back; nothing said for one cancelled before it was kept."""
    if bribe.refund is None:
        return ""
    if bribe.refund:
        return Msg(f"{P}status.bribe_ended.refund", refund=bribe.refund)
    return Msg(f"{P}status.bribe_ended.no_refund")


def _next_chance(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    faction: str,
    turn: int,
    record: PlayerPirates,
) -> tuple[Fraction, RaidPoints | None]:
    """The chance of a regular or forced route raid in the resolution of `turn` (SP-I1)."""
    if under_peace(record, turn) or under_route_immunity(record, turn):
        return Fraction(0), None
    if not routes_in_roll(state, faction, settings):
        return Fraction(0), None
    if record.rampage:
        return Fraction(1), None
    points = raid_points(state, faction, settings, turn)
    return Fraction(min(points.total, settings.raid_die_faces), settings.raid_die_faces), points


def chance_line(
    chance: Fraction,
    points: RaidPoints | None,
    record: PlayerPirates,
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    faction: str,
    turn: int,
) -> Msg:
    """The chance and its parts, or why there is none or it is certain."""
    if points is not None:
        return Msg(f"{P}status.chance", pct=f"{float(chance * 100):.0f}", **points.params())
    if chance == 1:
        return Msg(f"{P}status.chance_rampage")
    if under_peace(record, turn):
        return Msg(f"{P}status.chance_peace")
    if under_route_immunity(record, turn):
        return Msg(f"{P}status.chance_immune")
    return Msg(f"{P}status.chance_no_routes")


def station_msg(station: Station) -> Msg:
    """Where a contract serves: "on route #7", "at planet #6" or "in reserve" (SP-I35)."""
    if station.kind == "reserve":
        return Msg(f"{P}station.reserve")
    return Msg(f"{P}station.{station.kind}", target=station.target)
