"""The route raid (SP-1, SP-2, SP-3, SP-I1…SP-I15): the skip checks, the chance roll, the target
draw, the fleet, and after the buy-off answer the battle and the outcome table."""

from __future__ import annotations

from fractions import Fraction

from bot.dice_stats import credited
from bot.i18n import Msg
from bot.rules.space_pirates.battle import DEFENDER_SIDE
from bot.rules.space_pirates.battle import BattleProgress
from bot.rules.space_pirates.battle import BattleRun
from bot.rules.space_pirates.battle import Side
from bot.rules.space_pirates.battle import fight_raid
from bot.rules.space_pirates.battle import is_combat_ship
from bot.rules.space_pirates.battle import kept_ships
from bot.rules.space_pirates.battle import mercenary_sides
from bot.rules.space_pirates.battle import participant_name
from bot.rules.space_pirates.battle import pirate_ships
from bot.rules.space_pirates.battle import write_back_allies
from bot.rules.space_pirates.chance import draw_target
from bot.rules.space_pirates.chance import raid_points
from bot.rules.space_pirates.chance import routes_in_roll
from bot.rules.space_pirates.fleet import generate_route_fleet
from bot.rules.space_pirates.fleet import loss
from bot.rules.space_pirates.models import AttackRecord
from bot.rules.space_pirates.models import PlayerPirates
from bot.rules.space_pirates.models import RegisteredShip
from bot.rules.space_pirates.models import SpacePiratesState
from bot.rules.space_pirates.models import TradeRoute
from bot.rules.space_pirates.reports import ChanceReport
from bot.rules.space_pirates.reports import RaidReport
from bot.rules.space_pirates.reports import ResolutionContext
from bot.rules.space_pirates.reports import StrengthReport
from bot.rules.space_pirates.settings import SpacePiratesSettings

ROLL_CHANCE = "space_pirates.roll.raid_chance"


def under_peace(record: PlayerPirates, turn: int) -> bool:
    """No pirate attack hits the player through `peace_until` (SP-6.9, SP-I32)."""
    return record.peace_until is not None and turn <= record.peace_until


def under_route_immunity(
    record: PlayerPirates, turn: int, *, include_same_resolution: bool = False
) -> bool:
    """Immune in turn R (and its resolution) when granted T < R ≤ T+3 (SP-3.2, SP-I15);
    `include_same_resolution` also covers the rest of resolution T."""
    granted, until = record.route_immunity_granted, record.route_immunity_until
    if granted is None or until is None:
        return False
    if include_same_resolution:
        return granted <= turn <= until
    return granted < turn <= until


def roll_regular_raid(rc: ResolutionContext, report: RaidReport) -> TradeRoute | None:
    """Summary steps 1–3 for the report's player and turn: skip under peace or immunity, roll
    the chance (none under `rampage`), draw the route. Returns the route attacked, or None
    with the report filled."""
    state, settings, dice = rc.state, rc.settings, rc.dice
    faction, turn = report.faction, report.turn
    record = state.player(faction)
    report.streak_before = report.streak_after = record.streak
    if under_peace(record, turn):
        report.outcome = "skipped_peace"
        return None
    if under_route_immunity(record, turn):
        report.outcome = "skipped_immunity"
        report.immunity_until = record.route_immunity_until
        return None
    routes = routes_in_roll(state, faction, settings)
    if not routes:
        report.outcome = "no_routes"
        return None
    if record.rampage:  # SP-4.11, SP-I26: an attack every turn, no roll
        report.mode = "forced"
        report.chance = ChanceReport(forced=True, hit=True)
    else:
        points = raid_points(state, faction, settings, turn, routes)
        chance = ChanceReport(points=points, automatic=points.automatic)
        if points.automatic:
            chance.hit = True
        else:
            with credited(rc.credits, faction):  # the player's own roll (SP-1.1)
                chance.face = dice.roll_one(settings.raid_die_faces, ROLL_CHANCE, clause="SP-I1")
            chance.hit = chance.face <= points.total
        report.chance = chance
        if not chance.hit:
            report.outcome = "no_attack"
            return None
    with credited(rc.credits, faction):  # which of the player's routes (SP-1.4)
        draw = draw_target(routes, settings, dice)
    report.draw = draw
    route = state.route(draw.target)
    assert route is not None
    report.target, report.target_name = route.id, route.name
    return route


def generate_route_attack(rc: ResolutionContext, route: TradeRoute, report: RaidReport) -> int:
    """Summary step 4: roll the strength, buy the fleet, append the history record (SP-I38).
    Returns the record's index."""
    record = rc.state.player(report.faction)
    generated = generate_route_fleet(route.combined_income, record, rc.settings, rc.dice)
    report.strength = StrengthReport.of(generated)
    report.value, report.fleet = generated.value, generated.fleet
    report.payment_value = generated.payment_value
    record.history.append(
        AttackRecord(
            turn=report.turn,
            kind="route",
            target=route.id,
            raw_strength=generated.raw_strength,
            strength=report.strength.strength,
            value=generated.value,
            fleet=generated.fleet,
        )
    )
    return len(record.history) - 1


def has_defenders(
    rc: ResolutionContext, ships: list[RegisteredShip], mercenaries: list[Side]
) -> bool:
    """A route is defended when a combat ship or a stationed contract is on it (SP-I10)."""
    return any(is_combat_ship(s, rc.settings, rc.combat) for s in ships) or bool(mercenaries)


def route_defended(rc: ResolutionContext, report: RaidReport) -> bool | None:
    """Whether the attacked route has defenders now (told with the buy-off offer: the
    victim decides knowing it, SP-I34); None when the route is gone."""
    route = rc.state.route(report.target or 0)
    if route is None:
        return None
    return has_defenders(rc, *route_defence(rc.state, rc.settings, route, report.faction))


def route_defence(
    state: SpacePiratesState, settings: SpacePiratesSettings, route: TradeRoute, victim: str
) -> tuple[list[RegisteredShip], list[Side]]:
    """The route's participant ships (guards incl. police, then transports, SP-I10) and the
    stationed contracts in hiring order (SP-I35, SP-I43)."""
    owners = None if settings.shared_route_defenders == "all_registered" else {victim}
    ships = [
        s
        for s in route.ships
        if (owners is None or s.owner in owners)
        and (s.role == "guard" or (s.role == "police" and settings.police_ships_fight))
    ] + [s for s in route.ships if (owners is None or s.owner in owners) and s.role == "transport"]
    return ships, mercenary_sides(state, "route", route.id, owners)


def apply_survivors(
    sides: list[Side],
    run: BattleRun,
    *,
    holder_ships: list[RegisteredShip],
    keep_holder: list[RegisteredShip] | None,
    wipe_defenders: bool,
    turn: int,
    settings: SpacePiratesSettings,
) -> list[RegisteredShip]:
    """Write the battle's survivors back: the holder's ships (route or orbit), contracts and
    privateer groups. `wipe_defenders` loses every defender-side ship (SP-I12). Returns the
    holder's new ship list (ships not in the battle keep their place)."""
    survivors: dict[int, RegisteredShip] = {}
    if not wipe_defenders and sides and sides[0].contract is None and sides[0].group is None:
        for ship in run.survivors.get(sides[0].name, []):
            assert isinstance(ship, RegisteredShip)
            survivors[ship.id] = ship
    write_back_allies(sides, run, wipe=wipe_defenders, turn=turn, settings=settings)
    return kept_ships(keep_holder or [], {s.id for s in holder_ships}, survivors)


def losses_by_owner(
    sides: list[Side], run: BattleRun, wipe_defenders: bool
) -> dict[str, dict[str, int]]:
    """Ships lost on the defender side: destroyed ones, or every defender ship under SP-I12.
    The route's or orbit's own ships are reported by the faction that registered each, so a
    co-owner's ships lost defending a shared route are that co-owner's losses (SP-I43);
    a mercenary contract's are reported under the contract."""
    lost: dict[str, dict[str, int]] = {}
    for side in sides:
        if side.side != DEFENDER_SIDE:
            continue
        gone = side.ships if wipe_defenders else run.destroyed.get(side.name, [])
        for ship in gone:
            if isinstance(ship, RegisteredShip):
                owner, name = participant_name(ship.owner), ship.ship_class
            else:
                owner, name = side.name, ship.pirate_type
            by_class = lost.setdefault(owner, {})
            by_class[name] = by_class.get(name, 0) + 1
    return lost


def fight_holder(
    rc: ResolutionContext,
    report: RaidReport,
    progress: BattleProgress | None,
    defence: tuple[list[RegisteredShip], list[Side], set[str]],
    holder: list[RegisteredShip],
    wipe_on_victory: bool = False,
) -> tuple[BattleRun, list[RegisteredShip]]:
    """A raid's battle at a route or orbit (SP-I10, SP-I11, SP-I21), journalled, with the
    defender side's losses reported (SP-I43) and the survivors written back to `holder`, the
    route's or orbit's ships; a pirate victory loses every defender-side ship when
    `wipe_on_victory` (SP-I12). Returns the battle and the holder's new ship list."""
    assert report.fleet is not None
    pirates = pirate_ships(report.fleet)
    sides, fought, run = fight_raid(
        rc.state,
        rc.settings,
        rc.combat,
        rc.dice,
        report.faction,
        report.turn,
        defence,
        pirates,
        progress,
        rc.credits,
        battle_title(report),
    )
    run.summary.log_key = rc.journal.add_battle(report, run.rounds)
    report.battle = run.summary
    wipe = wipe_on_victory and run.summary.result == "pirate_victory"
    report.ships_lost = losses_by_owner(sides, run, wipe)
    kept = apply_survivors(
        sides,
        run,
        holder_ships=fought,
        keep_holder=holder,
        wipe_defenders=wipe,
        turn=report.turn,
        settings=rc.settings,
    )
    return run, kept


def battle_title(report: RaidReport) -> Msg:
    """How a raid's battle is named in its rolls' labels (the audit log, `/history show`):
    the pirates' raid on the route or planet, by name."""
    where = report.target_name or f"#{report.target}"
    kind = "planet" if report.kind == "planet" else "route"
    return Msg(f"space_pirates.roll.title.{kind}", where=where)


def fight_route_attack(
    rc: ResolutionContext,
    report: RaidReport,
    record_index: int,
    progress: BattleProgress | None = None,
) -> None:
    """Summary steps 6–7: the battle if the route is defended (SP-1.11, SP-1.12, SP-I10,
    SP-I11), then the outcome table (SP-3, SP-I12–SP-I15, SP-I26). The battle may pause on
    the retreat question (`RetreatAsked`, SP-I44); `progress` carries it on."""
    state, settings = rc.state, rc.settings
    faction, turn = report.faction, report.turn
    record = state.player(faction)
    route = state.route(report.target or 0)
    history = record.history[record_index]
    if route is None or route.share_of(faction) == 0:
        report.outcome = "cancelled"
        history.outcome = "failed"
        return
    assert report.fleet is not None
    ships, mercenaries = route_defence(state, settings, route, faction)
    defended = has_defenders(rc, ships, mercenaries)
    report.defended = defended
    if not defended:
        if settings.undefended_raid_destroys_transports and ships:
            gone = {s.id for s in ships}
            report.ships_lost = _by_owner(ships)
            route.ships = [s for s in route.ships if s.id not in gone]
        _route_success(state, settings, report, route)
        history.outcome = "successful"
        return
    owners = {s.owner for s in ships} | {m.contract.owner for m in mercenaries if m.contract}
    defence = (ships, mercenaries, owners)
    wipe = settings.pirate_victory_losses == "all_participants"
    run, route.ships = fight_holder(rc, report, progress, defence, route.ships, wipe)
    if run.summary.result == "pirate_victory":
        _route_success(state, settings, report, route)
        history.outcome = "successful"
    elif run.summary.result == "defender_victory":
        history.outcome = "defender_victory"
        report.outcome = "defender_victory"
        if not record.rampage:  # SP-4.12, SP-I26
            record.streak = 0
            if settings.planet_penalty_clears_on_streak_reset:
                record.planet_penalty_points = 0
            record.route_immunity_granted = turn
            record.route_immunity_until = turn + settings.route_immunity_turns
            report.immunity_until = record.route_immunity_until
    else:
        history.outcome = "stalemate"
        report.outcome = "stalemate"
    report.streak_after = record.streak


def _by_owner(ships: list[RegisteredShip]) -> dict[str, dict[str, int]]:
    """Ships by the faction that registered them, then by class (SP-I43)."""
    counts: dict[str, dict[str, int]] = {}
    for ship in ships:
        by_class = counts.setdefault(participant_name(ship.owner), {})
        by_class[ship.ship_class] = by_class.get(ship.ship_class, 0) + 1
    return counts


def _route_success(
    state: SpacePiratesState, settings: SpacePiratesSettings, report: RaidReport, route: TradeRoute
) -> None:
    """A successful raid: streak +1 (SP-3.3, SP-I14) and the victim's share of the route's
    income for the turn, lost once per turn (SP-I13)."""
    record = state.player(report.faction)
    record.streak += 1
    report.streak_after = record.streak
    report.outcome = "successful"
    key = (report.turn, route.id)
    if settings.route_income_loss_once_per_turn and key in record.income_lost:
        report.income_already_lost = True
        return
    share = Fraction(route.combined_income * route.share_of(report.faction), 100)
    report.income_lost = loss(settings, share * settings.route_raid_income_loss_pct / 100)
    record.income_lost.append(key)
