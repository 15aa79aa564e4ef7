"""The pirate base (SP-6, SP-I29…SP-I32): whether it exists, locating it for a price, ordering
an attack, fighting it at SP-I40 step 2, and what destroying it does."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from pydantic import BaseModel
from pydantic import Field

from bot.errors import NotFound
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.rules.fleet_combat.messages import class_count
from bot.rules.fleet_combat.messages import class_name
from bot.rules.fleet_combat.messages import counts_msg
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.space_pirates.battle import BASE_FLEET
from bot.rules.space_pirates.battle import DEFENDER_SIDE
from bot.rules.space_pirates.battle import PIRATE_SIDE
from bot.rules.space_pirates.battle import BattleProgress
from bot.rules.space_pirates.battle import BattleSummary
from bot.rules.space_pirates.battle import RetreatAsked
from bot.rules.space_pirates.battle import Side
from bot.rules.space_pirates.battle import fight
from bot.rules.space_pirates.battle import kept_ships
from bot.rules.space_pirates.battle import mercenary_label
from bot.rules.space_pirates.battle import participant_name
from bot.rules.space_pirates.battle import pirate_ships
from bot.rules.space_pirates.battle import write_back_allies
from bot.rules.space_pirates.fleet import MAX_PIRATE_SHIPS
from bot.rules.space_pirates.fleet import compose_fleet
from bot.rules.space_pirates.fleet import payment
from bot.rules.space_pirates.messages import bribe_cancelled_msg
from bot.rules.space_pirates.messages import lost_ships_msg
from bot.rules.space_pirates.messages import numbers_msg
from bot.rules.space_pirates.models import BaseAttackOrder
from bot.rules.space_pirates.models import PendingAttack
from bot.rules.space_pirates.models import PendingResolution
from bot.rules.space_pirates.models import PirateFleet
from bot.rules.space_pirates.models import PlayerPirates
from bot.rules.space_pirates.models import RegisteredShip
from bot.rules.space_pirates.models import SpacePiratesState
from bot.rules.space_pirates.planet_raid import attacked_records
from bot.rules.space_pirates.reports import Journal
from bot.rules.space_pirates.reports import ResolutionContext
from bot.rules.space_pirates.route_raid import losses_by_owner
from bot.rules.space_pirates.settings import SpacePiratesSettings
from bot.rulesets import ArchiveRecord
from bot.text import clean_text
from bot.text import shown

P = "space_pirates."
BASE_PLACE_MAX = 200  # the characters of the place a player gives the base (SP-6.4)


def base_exists(record: PlayerPirates, settings: SpacePiratesSettings) -> bool:
    """A strength bonus from raids means a base (SP-6.2, SP-I29)."""
    if record.streak >= 1 or record.planet_raid_bonus_pct > 0:
        return True
    return settings.base_exists_rule == "any_bonus" and record.buy_off_bonus_pct > 0


def operations_blocked(record: PlayerPirates, turn: int) -> bool:
    """No operations with pirates for 10 turns after the base falls (SP-6.10, SP-I32)."""
    return record.operations_blocked_until is not None and turn <= record.operations_blocked_until


def require_operations(record: PlayerPirates, turn: int, clause: str) -> None:
    """Refuse an operation while the player's operations are blocked (SP-I32)."""
    if operations_blocked(record, turn):
        raise RuleViolation(
            f"{P}error.operations_blocked", clause=clause, until=record.operations_blocked_until
        )


def largest_in_window(
    record: PlayerPirates,
    settings: SpacePiratesSettings,
    first: int,
    last: int,
    *,
    fallback: bool,
) -> int | None:
    """The largest V among fleets that attacked in resolutions first…last (SP-I38); with
    `fallback`, the most recent such record when the window is empty (SP-I30)."""
    records = attacked_records(record, settings)
    values = [r.value for r in records if first <= r.turn <= last]
    if values:
        return max(values)
    if fallback and records:
        return records[-1].value
    return None


class LocateQuote(BaseModel):
    """What locating the base costs (SP-6.3, SP-I30)."""

    faction: str
    turn: int
    largest_fleet: int
    cost: int


def quote_locate(
    state: SpacePiratesState, settings: SpacePiratesSettings, faction: str, turn: int
) -> LocateQuote:
    """Cost ⌈10 % × M10⌉ over resolutions T−10…T−1, with SP-I30's fallback; refused without
    a base, with operations blocked, when already known, or with no record at all."""
    record = state.players.get(faction) or PlayerPirates()
    require_operations(record, turn, "SP-I32")
    if not base_exists(record, settings):
        raise RuleViolation(f"{P}error.no_base", clause="SP-I29")
    if record.base_known:
        raise RuleViolation(f"{P}error.base_already_known", clause="SP-I30")
    window = settings.base_history_window_turns
    largest = largest_in_window(record, settings, turn - window, turn - 1, fallback=True)
    if largest is None:
        raise RuleViolation(f"{P}error.no_attack_record", clause="SP-I30")
    cost = payment(settings, largest, settings.locate_cost_pct)
    return LocateQuote(faction=faction, turn=turn, largest_fleet=largest, cost=cost)


def base_place(location: str) -> str:
    """The place a player gives the pirate base (SP-6.4), as the bot stores text typed in
    an option (`bot.text.clean_text`: no invisible characters, single spaces); refused when
    nothing visible is left, or when longer than `BASE_PLACE_MAX` characters."""
    return clean_text(location, BASE_PLACE_MAX, error=f"{P}error.base_location", clause="SP-6.4")


def apply_locate(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    faction: str,
    turn: int,
    location: str,
) -> tuple[SpacePiratesState, LocateQuote]:
    """Pay the quote and record the location the player places (SP-6.4, SP-6.5, SP-I30)."""
    quote = quote_locate(state, settings, faction, turn)
    place = base_place(location)
    new = state.model_copy(deep=True)
    record = new.player(faction)
    record.base_known = True
    record.base_location = place
    return new, quote


def fleet_limit_lines(fleet: PirateFleet, *, paid: bool) -> list[Msg]:
    """Said with a quoted fleet as large as a pirate fleet gets (SP-I8), as a raid's report
    says it of its fleet: a value that would buy more ships sends that many, in the same
    proportions. `paid`: a payment is taken from the value (a hire's fee and upkeep), which
    still counts the whole value."""
    if fleet.size < MAX_PIRATE_SHIPS:
        return []
    key = "space_pirates.report.fleet_capped" if paid else "space_pirates.quote.fleet_capped"
    return [Msg(key, limit=MAX_PIRATE_SHIPS)]


class BaseFleetQuote(BaseModel):
    """The base-defence fleet as it would be generated now (SP-6.7, SP-I31)."""

    largest_fleet: int
    failed_attacks: int
    value: int
    fleet: PirateFleet

    def limit_lines(self) -> list[Msg]:
        """Said with the quote when the base fleet is as large as a pirate fleet gets."""
        return fleet_limit_lines(self.fleet, paid=False)


def base_fleet(
    record: PlayerPirates, settings: SpacePiratesSettings, turn: int, *, at_battle: bool
) -> BaseFleetQuote | None:
    """⌊2 × M10 × (1 + 20 % × failed)⌋ composed by SP-I8; the window is T−9…T in battle
    (or T−10…T−1 with `base_fleet_window_at = order`, and for a quote during turn T)."""
    window = settings.base_history_window_turns
    if at_battle and settings.base_fleet_window_at == "battle":
        first, last = turn - window + 1, turn
    else:
        first, last = turn - window, turn - 1
    largest = largest_in_window(record, settings, first, last, fallback=True)
    if largest is None:
        return None
    # The +20 % per failure raises the base fleet under either scope; `all_fleets` adds it
    # to every later pirate fleet's B as well (SP-I31 alternative, `bonus_pct`).
    growth = 1 + Fraction(settings.base_fail_growth_pct * record.failed_base_attacks, 100)
    value = math.floor(settings.base_fleet_multiplier * largest * growth)
    return BaseFleetQuote(
        largest_fleet=largest,
        failed_attacks=record.failed_base_attacks,
        value=value,
        fleet=compose_fleet(value, settings),
    )


def quote_base_attack(
    state: SpacePiratesState, settings: SpacePiratesSettings, faction: str, turn: int
) -> BaseFleetQuote:
    """The base fleet an attack ordered now would meet, as it stands during turn T (SP-6.7,
    SP-I31); refused without a known base or with operations blocked."""
    record = state.players.get(faction) or PlayerPirates()
    require_operations(record, turn, "SP-I32")
    if not base_exists(record, settings):
        raise RuleViolation(f"{P}error.no_base", clause="SP-I29")
    if not record.base_known:
        raise RuleViolation(f"{P}error.base_not_located", clause="SP-I31")
    quote = base_fleet(record, settings, turn, at_battle=False)
    if quote is None:
        raise RuleViolation(f"{P}error.no_attack_record", clause="SP-I30")
    return quote


def check_base_attackers(
    state: SpacePiratesState,
    faction: str,
    classes: list[str],
    contracts: list[int],
    combat: FleetCombatSettings,
) -> None:
    """Refuse an attack order naming a class that cannot fight, more ships of a class than
    the attacker has registered, a contract that is not the attacker's running one with
    ships, or nobody at all (SP-I31); the quote checks it too, so a confirm never refuses
    what its quote offered."""
    for ship_class in classes:
        if ship_class not in combat.ship_stats:
            raise RuleViolation(
                f"{P}error.unknown_class",
                clause="SP-I31",
                ship_class=class_name(ship_class),
                allowed=MsgList(
                    [class_name(c) for c in combat.ship_stats if combat.is_combat_class(c)]
                ),
            )
        if not combat.is_combat_class(ship_class):
            raise RuleViolation(
                f"{P}error.guard_not_combat", clause="SP-I31", ship_class=class_name(ship_class)
            )
    pick_attackers(state, faction, classes, combat)
    running = {c.id: c for c in state.contracts if c.owner == faction and c.active}
    emptied = [c for c in contracts if c in running and not running[c].ships]
    if emptied:  # SP-I35: it runs on, owing upkeep, with nothing left to send
        raise RuleViolation(
            f"{P}error.contract_no_ships",
            clause="SP-I35",
            contract=emptied[0],
            faction=shown(faction),
        )
    own = {c for c, contract in running.items() if contract.ships}
    unknown = [c for c in contracts if c not in running]
    if unknown:
        raise NotFound(
            f"{P}error.contract_not_yours",
            contract=unknown[0],
            faction=shown(faction),
            running=numbers_msg(sorted(own)),
        )
    if not classes and not contracts:
        raise RuleViolation(f"{P}error.no_attackers", clause="SP-I31")


def registered_ships(state: SpacePiratesState, faction: str) -> list[RegisteredShip]:
    """The faction's registered ships, in registration order: those on routes (any route it
    registered ships on, SP-I43), then those in its planets' orbits (SP-I21). Ships sent
    privateering are no longer registered there (SP-I36)."""
    ships = [s for route in state.routes for s in route.ships if s.owner == faction]
    ships += [
        s
        for planet in state.planets_of(faction)
        for s in planet.orbital_ships
        if s.owner == faction
    ]
    return ships


def pick_attackers(
    state: SpacePiratesState, faction: str, classes: list[str], combat: FleetCombatSettings
) -> list[RegisteredShip]:
    """The registered ships an attack order sends (SP-I31): for each class named, the
    faction's first combat ships of that class in registration order. The attackers are the
    ships that defend routes and orbits, so only the ones destroyed at the base are lost and
    the survivors defend later with their wounds; naming more ships of a class than the
    faction has registered is refused, telling what it has."""
    available = [
        s for s in registered_ships(state, faction) if combat.is_combat_class(s.ship_class)
    ]
    wanted: dict[str, int] = {}
    for ship_class in classes:
        wanted[ship_class] = wanted.get(ship_class, 0) + 1
    picked: list[RegisteredShip] = []
    for ship_class, count in wanted.items():
        of_class = [s for s in available if s.ship_class == ship_class]
        if len(of_class) < count:
            have: dict[str, int] = {}
            for ship in available:
                have[ship.ship_class] = have.get(ship.ship_class, 0) + 1
            raise RuleViolation(
                f"{P}error.assault_ships_missing",
                clause="SP-I31",
                faction=shown(faction),
                asked=class_count(ship_class, count),
                ships=counts_msg(have),
            )
        picked += of_class[:count]
    return picked


def order_base_attack(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    faction: str,
    turn: int,
    classes: list[str],
    contracts: list[int],
    combat: FleetCombatSettings,
) -> tuple[SpacePiratesState, BaseFleetQuote]:
    """Order an attack for resolution T with ships of the named classes, picked from the
    attacker's registered ships (`pick_attackers`), and contracts (SP-6.6, SP-I31); returns
    the base fleet as it stands now."""
    quote = quote_base_attack(state, settings, faction, turn)
    check_base_attackers(state, faction, classes, contracts, combat)
    new = state.model_copy(deep=True)
    order_id = new.take_id("order")
    picked = pick_attackers(new, faction, classes, combat)
    new.base_attack_orders.append(
        BaseAttackOrder(
            id=order_id,
            attacker=faction,
            turn=turn,
            ships=[s.model_copy() for s in picked],
            contracts=list(contracts),
            registered=True,
        )
    )
    return new, quote


class BaseAttackReport(BaseModel):
    """One base attack as fought at SP-I40 step 2 (SP-I31, SP-I32)."""

    order: int
    attacker: str
    turn: int
    outcome: Literal["destroyed", "failed", "refused"]
    fleet: BaseFleetQuote | None = None
    battle: BattleSummary | None = None
    survivors: list[RegisteredShip] = Field(default_factory=list)
    # The attacker's ships lost at the base by class, and each contract's by pirate type
    # (SP-I31), as the summary line tells them; empty in reports made before it was kept.
    ships_lost: dict[str, dict[str, int]] = Field(default_factory=dict)
    # What destroying the base gave, as the settings stood when it fell (SP-I32
    # `base_bonus_income_per_planet`, `base_bonus_turns`, `peace_turns`): the report reads
    # as made whatever the campaign picks later. None in reports made before they were
    # kept, which read under the campaign's current settings.
    income_bonus: int | None = None
    income_bonus_until: int | None = None
    peace_until: int | None = None


@dataclass(frozen=True)
class BaseDestroyed:
    """What destroying the base gives (SP-6.8–SP-6.10, SP-I32)."""

    income_bonus_until: int
    peace_until: int


def destroy_base(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    faction: str,
    turn: int,
    journal: Journal,
) -> BaseDestroyed:
    """Income bonus T+1…T+3, peace and blocked operations through T+10, every counter reset,
    bribes against the player cancelled (SP-I32)."""
    record = state.player(faction)
    record.streak = 0
    record.planet_raid_bonus_pct = 0
    record.buy_off_bonus_pct = 0
    record.planet_penalty_points = 0
    record.rampage = False
    record.route_immunity_granted = record.route_immunity_until = None
    record.history = []
    record.base_known = False
    record.base_location = None
    record.failed_base_attacks = 0
    record.income_bonus_until = turn + settings.base_bonus_turns
    record.income_bonus = settings.base_bonus_income_per_planet  # as the status tells it
    record.peace_until = turn + settings.peace_turns
    record.operations_blocked_until = turn + settings.peace_turns
    for bribe in state.bribes:
        if bribe.victim == faction and bribe.status == "placed":
            bribe.status = "cancelled"
            refund = bribe.cost if settings.cancelled_bribe_refund else 0
            bribe.refund = refund  # the briber reads it in `/pirates status` (SP-I33)
            told = bribe_cancelled_msg(state, bribe, refund, "peace")
            journal.private.setdefault(bribe.briber, []).append(told)
            journal.outcome.setdefault("bribes_cancelled", []).append(bribe.id)
    return BaseDestroyed(record.income_bonus_until, record.peace_until)


def base_report_key(turn: int, attacker: str) -> str:
    """The archive series of one attacker's base attacks in resolution `turn`."""
    return f"base/{turn}/{attacker}"


def fight_base_attacks(rc: ResolutionContext, turn: int) -> PendingResolution | None:
    """SP-I40 step 2: every base attack ordered during T, in the order given (SP-I31). A
    battle paused on the attacker's retreat question (SP-I44) keeps its order and the ones
    after it, and returns the question posted; answering it carries the step on."""
    state, journal = rc.state, rc.journal
    orders = [o for o in state.base_attack_orders if o.turn == turn]
    state.base_attack_orders = [o for o in state.base_attack_orders if o.turn > turn]
    for index, order in enumerate(orders):
        try:
            report = _fight_one(rc, turn, order)
        except RetreatAsked as asked:
            order.battle = asked.progress.model_dump(mode="json")
            state.base_attack_orders = orders[index:] + state.base_attack_orders
            pending = PendingResolution(
                choice_id=state.take_id("choice"),
                choice="retreat",
                faction=order.attacker,
                turn=turn,
                attack=PendingAttack(
                    kind="base",
                    mode="regular",
                    target=order.id,
                    value=0,
                    payment_value=0,
                    cost=0,
                    fleet=PirateFleet(),
                    record_index=-1,
                ),
                remaining=[],
                report_seq=0,
                battle=order.battle,
            )
            state.waiting.append(pending)
            journal.outcome.setdefault("waiting", []).append(pending.choice_id)
            return pending
        journal.battle_logs.append(
            ArchiveRecord(base_report_key(turn, order.attacker), order.id, report)
        )
        journal.lines.append(base_attack_line(report, rc.settings))
        journal.outcome.setdefault("base_attacks", []).append(
            {"order": order.id, "attacker": order.attacker, "outcome": report.outcome}
        )
    return None


def _fight_one(rc: ResolutionContext, turn: int, order: BaseAttackOrder) -> BaseAttackReport:
    state, settings = rc.state, rc.settings
    record = state.player(order.attacker)
    report = BaseAttackReport(order=order.id, attacker=order.attacker, turn=turn, outcome="refused")
    if not base_exists(record, settings) or not record.base_known:
        return report
    quote = base_fleet(record, settings, turn, at_battle=True)
    if quote is None:
        return report
    report.fleet = quote
    contracts = [c for c in state.contracts if c.id in order.contracts and c.active and c.ships]
    # The ships ordered as they stand now, with their wounds; one no longer registered (sent
    # privateering, removed, lost in an earlier attack) does not come (SP-I31). An order
    # given before orders picked registered ships fights with the ships it named.
    registered = {s.id: s for s in registered_ships(state, order.attacker)}
    if order.registered:
        ships = [registered[s.id] for s in order.ships if s.id in registered]
    else:
        ships = list(order.ships)
    sides: list[Side] = []
    if ships:
        sides.append(Side(participant_name(order.attacker), DEFENDER_SIDE, ships))
    sides += [Side(mercenary_label(c), DEFENDER_SIDE, list(c.ships), contract=c) for c in contracts]
    if not sides:
        return report
    sides.append(Side(BASE_FLEET, PIRATE_SIDE, pirate_ships(quote.fleet)))
    wipe_rule = settings.mutual_destruction_result
    if settings.base_mutual_wipe_result == "attack_failed":
        wipe_rule = "pirates_win"
    progress = BattleProgress.model_validate(order.battle) if order.battle else None
    if progress is not None:
        progress.restore(sides)
    run = fight(
        sides,
        settings,
        rc.combat,
        rc.dice,
        mutual_wipe_result=wipe_rule,
        progress=progress,
        credits=rc.credits,
        title=Msg("space_pirates.roll.title.base", attacker=order.attacker),
    )
    key = f"base/{turn}/{order.attacker}/{order.id}/battle"
    rc.journal.battle_logs += [ArchiveRecord(key, r.round, r) for r in run.rounds]
    run.summary.log_key = key
    report.battle = run.summary
    report.ships_lost = losses_by_owner(sides, run, wipe_defenders=False)
    write_back_allies(sides, run, wipe=False, turn=turn, settings=settings)
    if ships:
        report.survivors = [
            s for s in run.survivors.get(sides[0].name, []) if isinstance(s, RegisteredShip)
        ]
        if order.registered:
            _write_back(state, sides[0].ships, report.survivors)
    if run.summary.result == "defender_victory":
        report.outcome = "destroyed"
        won = destroy_base(state, settings, order.attacker, turn, rc.journal)
        report.income_bonus = settings.base_bonus_income_per_planet
        report.income_bonus_until, report.peace_until = won.income_bonus_until, won.peace_until
    else:
        report.outcome = "failed"
        record.failed_base_attacks += 1
    return report


def _write_back(
    state: SpacePiratesState, fought: Sequence[object], survivors: list[RegisteredShip]
) -> None:
    """SP-I31, SP-I12: the ships destroyed at the base leave their routes and orbits; the
    survivors stay there with their wounds and defend later in the same resolution. The
    attackers come from any of the attacker's routes and orbits, so each list is written
    back as a raid writes back its route's or orbit's (`kept_ships`)."""
    kept = {s.id: s for s in survivors}
    ids = {s.id for s in fought if isinstance(s, RegisteredShip)}
    for route in state.routes:
        route.ships = kept_ships(route.ships, ids, kept)
    for planet in state.planets:
        planet.orbital_ships = kept_ships(planet.orbital_ships, ids, kept)


def base_attack_line(report: BaseAttackReport, settings: SpacePiratesSettings) -> Msg:
    """One line per base attack: refused, failed, or the base destroyed with its rewards, as
    the report kept them (a report made before they were kept reads `settings`), with the
    ships the attacker lost there (SP-I31: they leave their routes and orbits)."""
    line = _base_outcome_line(report, settings)
    if not report.ships_lost:
        return line
    ships = MsgList([lost_ships_msg(p, lost) for p, lost in report.ships_lost.items()])
    return Msg(
        f"{P}event.with_co_owners", event=line, losses=Msg(f"{P}event.own_lost", ships=ships)
    )


def _base_outcome_line(report: BaseAttackReport, settings: SpacePiratesSettings) -> Msg:
    if report.outcome == "destroyed":
        bonus = report.income_bonus
        until, peace = report.income_bonus_until, report.peace_until
        return Msg(
            f"{P}base.destroyed",
            faction=report.attacker,
            bonus=settings.base_bonus_income_per_planet if bonus is None else bonus,
            until=report.turn + settings.base_bonus_turns if until is None else until,
            peace=report.turn + settings.peace_turns if peace is None else peace,
        )
    if report.outcome == "failed":
        return Msg(
            f"{P}base.failed",
            faction=report.attacker,
            value=report.fleet.value if report.fleet else 0,
        )
    return Msg(f"{P}base.refused", faction=report.attacker)


def forget_gone_bases(state: SpacePiratesState, settings: SpacePiratesSettings) -> None:
    """A base that stops existing is forgotten with its failed attempts (SP-I29)."""
    if not settings.forget_base_when_gone:
        return
    for record in state.players.values():
        if not base_exists(record, settings) and (record.base_known or record.failed_base_attacks):
            record.base_known = False
            record.base_location = None
            record.failed_base_attacks = 0
