"""The planet raid (SP-3.5, SP-4, SP-I16…SP-I27): the check, the planet chosen, the fleet from
the history, and after the buy-off answer the orbital battle, the plunder branch, the ground
fight, captured population, and the bonus, penalty and rampage arithmetic."""

from __future__ import annotations

from fractions import Fraction

from bot.dice import Dice
from bot.dice_stats import Credits
from bot.dice_stats import credited
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.space_pirates.battle import PIRATES
from bot.rules.space_pirates.battle import BattleProgress
from bot.rules.space_pirates.battle import contracts_at
from bot.rules.space_pirates.battle import is_combat_ship
from bot.rules.space_pirates.battle import mercenary_sides
from bot.rules.space_pirates.battle import pirate_ships
from bot.rules.space_pirates.chance import richest_route
from bot.rules.space_pirates.chance import routes_in_roll
from bot.rules.space_pirates.fleet import compose_fleet
from bot.rules.space_pirates.fleet import generate_route_fleet
from bot.rules.space_pirates.fleet import loss
from bot.rules.space_pirates.fleet import payment_value
from bot.rules.space_pirates.models import AttackRecord
from bot.rules.space_pirates.models import IfRefused
from bot.rules.space_pirates.models import PirateShip
from bot.rules.space_pirates.models import Planet
from bot.rules.space_pirates.models import PlayerPirates
from bot.rules.space_pirates.models import SpacePiratesState
from bot.rules.space_pirates.reports import MAX_GROUND_DICE
from bot.rules.space_pirates.reports import GroundAttack
from bot.rules.space_pirates.reports import PlanetCandidate
from bot.rules.space_pirates.reports import PlanetCheckReport
from bot.rules.space_pirates.reports import PlanetRaidReport
from bot.rules.space_pirates.reports import PlunderReport
from bot.rules.space_pirates.reports import RaidReport
from bot.rules.space_pirates.reports import ResolutionContext
from bot.rules.space_pirates.reports import StrengthReport
from bot.rules.space_pirates.route_raid import fight_holder
from bot.rules.space_pirates.settings import SpacePiratesSettings

ROLL_PLANET = "space_pirates.roll.planet_raid"
ROLL_SQUADS = "space_pirates.roll.pirate_squads"
ROLL_TROOPS = "space_pirates.roll.troops"


def planet_points(record: PlayerPirates, settings: SpacePiratesSettings) -> int:
    """Planet points = 2 (+ per streak step above 10) − penalty, never below 0 (SP-I16, SP-I17)."""
    above = max(0, record.streak - settings.planet_raid_streak_threshold)
    points = (
        settings.planet_raid_base_points
        + above * settings.planet_points_per_streak_above_threshold
        - record.planet_penalty_points
    )
    return max(0, points)


def eligible(planet: Planet, turn: int, settings: SpacePiratesSettings) -> bool:
    """Not attacked in the last `planet_raid_cooldown_turns` resolutions (SP-4.2, SP-I19)."""
    last = planet.last_attacked_turn
    return last is None or turn >= last + settings.planet_raid_cooldown_turns


def planet_defence(
    state: SpacePiratesState,
    planet: Planet,
    settings: SpacePiratesSettings,
    combat: FleetCombatSettings,
) -> int:
    """Costs of the orbital combat ships and of the stationed contracts' ships (SP-I18)."""
    ships = sum(
        settings.ship_cost(s.ship_class, s.cost)
        for s in planet.orbital_ships
        if is_combat_ship(s, settings, combat)
    )
    contracts = sum(
        settings.pirate_cost(ship.pirate_type)
        for c in contracts_at(state, "planet", planet.id)
        for ship in c.ships
    )
    return ships + contracts


def choose_planet(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    combat: FleetCombatSettings,
    faction: str,
    turn: int,
) -> tuple[Planet | None, list[PlanetCandidate]]:
    """The weakest, then richest, eligible planet (SP-4.1, SP-I18), with every candidate."""
    planets = [p for p in state.planets_of(faction) if eligible(p, turn, settings)]
    candidates = [
        PlanetCandidate(
            planet=p.id,
            name=p.name,
            defence=planet_defence(state, p, settings, combat),
            income=p.income,
        )
        for p in planets
    ]
    order = {p.id: i for i, p in enumerate(planets)}
    priority = settings.planet_target_priority

    def key(c: PlanetCandidate) -> tuple[int, Fraction, int]:
        if priority == "richest_then_weakest":
            return (-c.income, Fraction(c.defence), order[c.planet])
        if priority == "income_per_defence":
            if c.defence == 0:
                return (0, Fraction(-c.income), order[c.planet])
            return (1, -Fraction(c.income, c.defence), order[c.planet])
        return (c.defence, Fraction(-c.income), order[c.planet])

    candidates.sort(key=key)
    if not candidates:
        return None, candidates
    chosen = state.planet(candidates[0].planet)
    return chosen, candidates


def attacked_records(record: PlayerPirates, settings: SpacePiratesSettings) -> list[AttackRecord]:
    """Records that count as fleets that attacked (SP-I38, SP-I20 `history_includes_bought_off`)."""
    return [
        r
        for r in record.history
        if r.outcome != "pending"
        and (r.outcome != "bought_off" or settings.history_includes_bought_off)
    ]


def recent_route_values(record: PlayerPirates, settings: SpacePiratesSettings) -> list[int]:
    """V of the last three route records appended (SP-4.3, SP-I20, SP-I38)."""
    kinds = {"route", "planet"} if settings.planet_records_count_for_planet_fleet else {"route"}
    records = [r for r in attacked_records(record, settings) if r.kind in kinds]
    return [r.value for r in records[-settings.planet_fleet_history_count :]]


def check_planet_raid(
    rc: ResolutionContext, report: RaidReport, *, route_attack_happened: bool
) -> Planet | None:
    """The check after the route raids (SP-3.5, SP-I16) for the report's player and turn:
    streak ≥ 10, points > 0, an eligible planet, then a d20 ≤ points. Returns the planet
    chosen (SP-I18)."""
    settings = rc.settings
    record = rc.state.player(report.faction)
    points = planet_points(record, settings)
    check = PlanetCheckReport(streak=record.streak, points=points, faces=settings.raid_die_faces)
    planet_report = PlanetRaidReport(check=check)
    report.planet = planet_report
    report.streak_before = report.streak_after = record.streak
    report.outcome = "no_planet_raid"
    if record.streak < settings.planet_raid_streak_threshold or points <= 0:
        return None
    if settings.planet_roll_requires_route_attack and not route_attack_happened:
        return None
    planet, candidates = choose_planet(rc.state, settings, rc.combat, report.faction, report.turn)
    if planet is None:
        return None
    if points >= settings.raid_die_faces:
        check.automatic = check.hit = True
    else:
        with credited(rc.credits, report.faction):  # the player's planet-raid roll (SP-I16)
            check.face = rc.dice.roll_one(settings.raid_die_faces, ROLL_PLANET, clause="SP-I16")
        check.hit = check.face <= points
    if not check.hit:
        return None
    planet_report.candidates = candidates
    report.target, report.target_name = planet.id, planet.name
    return planet


def planet_fleet(rc: ResolutionContext, report: RaidReport) -> bool:
    """Value = 2 × the largest of the last three route fleets (SP-4.3, SP-I20); with no
    record, 2 × a newly generated value for the richest route. False when neither exists."""
    state, settings, dice, faction = rc.state, rc.settings, rc.dice, report.faction
    record = state.player(faction)
    values = recent_route_values(record, settings)
    planet_report = report.planet or PlanetRaidReport()
    report.planet = planet_report
    planet_report.history_values = values
    if values:
        value = settings.planet_fleet_multiplier * max(values)
    else:
        route = richest_route(routes_in_roll(state, faction, settings))
        if route is None:
            return False
        generated = generate_route_fleet(route.combined_income, record, settings, dice)
        report.strength = StrengthReport.of(generated)
        value = settings.planet_fleet_multiplier * generated.value
    fleet = compose_fleet(value, settings)
    report.value, report.fleet = value, fleet
    report.payment_value = payment_value(value, fleet, settings)
    return True


def record_planet_attack(state: SpacePiratesState, report: RaidReport) -> int:
    """Append the planet raid to the history when it comes up (SP-I38); returns its index."""
    record = state.player(report.faction)
    assert report.fleet is not None
    record.history.append(
        AttackRecord(
            turn=report.turn,
            kind="planet",
            target=report.target or 0,
            bribe_id=report.bribe_id,
            value=report.value,
            fleet=report.fleet,
        )
    )
    return len(record.history) - 1


def garrisons(troops: int, buildings: int) -> list[int]:
    """Troops spread evenly, the first T mod B buildings holding one more (SP-4.9, SP-I23)."""
    base, extra = divmod(troops, buildings)
    return [base + 1 if i < extra else base for i in range(buildings)]


def ground_fight(
    squads: int,
    troops: int,
    buildings: int,
    settings: SpacePiratesSettings,
    dice: Dice,
    *,
    credits: Credits | None = None,
    owner: str | None = None,
) -> PlunderReport:
    """Up to 10 attacks on the buildings in turn, all squads each time (SP-4.7–SP-4.9, SP-I23).
    The troops' dice are noted in `credits` as `owner`'s, the planet's player."""
    garrison = garrisons(troops, buildings)
    plundered = [False] * buildings
    report = PlunderReport(
        branch="ground_combat", income=0, squads=squads, garrisons=list(garrison)
    )
    attacks = 0
    index = 0
    last: int | None = None
    while attacks < settings.ground_attacks and squads > 0 and not all(plundered):
        if last is not None:
            index = (last + 1) % buildings
            while plundered[index]:
                index = (index + 1) % buildings
        last = index
        if garrison[index] == 0:
            plundered[index] = True
            if settings.empty_building_uses_attack:
                attacks += 1
                report.attacks.append(
                    GroundAttack(
                        number=attacks,
                        building=index + 1,
                        garrison=0,
                        squads=squads,
                        garrison_after=0,
                        squads_after=squads,
                        plundered=True,
                    )
                )
            continue
        attacks += 1
        # At most one roll a side: the squads or troops beyond it wait out this attack.
        pirate_faces = dice.roll(
            min(squads, MAX_GROUND_DICE),
            6,
            ROLL_SQUADS,
            clause="SP-I23",
            hit_on=settings.pirate_squad_hit,
        )
        with credited(credits, owner):
            troop_faces = dice.roll(
                min(garrison[index], MAX_GROUND_DICE),
                6,
                ROLL_TROOPS,
                clause="SP-I23",
                hit_on=settings.troop_hit,
            )
        pirate_hits = sum(1 for f in pirate_faces if f >= settings.pirate_squad_hit)
        troop_hits = sum(1 for f in troop_faces if f >= settings.troop_hit)
        before, squads_before = garrison[index], squads
        garrison[index] -= min(pirate_hits, garrison[index])
        squads -= min(troop_hits, squads)
        if garrison[index] == 0:
            plundered[index] = True
        report.attacks.append(
            GroundAttack(
                number=attacks,
                building=index + 1,
                garrison=before,
                squads=squads_before,
                pirate_faces=pirate_faces,
                pirate_hits=pirate_hits,
                troop_faces=troop_faces,
                troop_hits=troop_hits,
                garrison_after=garrison[index],
                squads_after=squads,
                plundered=plundered[index],
            )
        )
    report.plundered_buildings = sum(plundered)
    report.troops_lost = troops - sum(garrison)
    return report


def orbital_phase(
    rc: ResolutionContext,
    report: RaidReport,
    record_index: int,
    progress: BattleProgress | None = None,
) -> int | None:
    """The orbital battle (SP-4.4, SP-I21); it may pause on the retreat question
    (`RetreatAsked`, SP-I44), and `progress` carries it on. Returns the pirate squads for
    the plunder when the pirates won it (SP-I23, SP-I24), or None when the raid is over
    (failed or called off), with its effects applied (SP-4.13, SP-I17, SP-I27)."""
    state, settings = rc.state, rc.settings
    faction, turn = report.faction, report.turn
    record = state.player(faction)
    history = record.history[record_index]
    planet = state.planet(report.target or 0)
    planet_report = report.planet or PlanetRaidReport()
    report.planet = planet_report
    if planet is None or planet.owner != faction:
        report.outcome = "cancelled"
        history.outcome = "failed"
        return None
    assert report.fleet is not None
    planet.last_attacked_turn = turn  # SP-I19: attacked whatever the result
    orbital = [s for s in planet.orbital_ships if is_combat_ship(s, settings, rc.combat)]
    mercenaries = mercenary_sides(state, "planet", planet.id)
    pirates = pirate_ships(report.fleet)
    survivors: list[PirateShip] = pirates
    won = True
    report.defended = bool(orbital or mercenaries)
    if orbital or mercenaries:
        defence = (orbital, mercenaries, {s.owner for s in orbital} | {faction})
        run, planet.orbital_ships = fight_holder(
            rc, report, progress, defence, planet.orbital_ships
        )
        survivors = [s for s in run.survivors.get(PIRATES, []) if isinstance(s, PirateShip)]
        won = run.summary.result == "pirate_victory"
        if won and not survivors and settings.plunder_without_pirate_survivors == "raid_fails":
            won = False
    if won:
        whole = pirates if settings.squads_from == "whole_fleet" else survivors
        return sum(settings.squads_per_ship[s.pirate_type] for s in whole)
    _apply_failure(record, settings, planet_report)
    if (
        report.battle is not None
        and report.battle.result == "defender_victory"
        and settings.planet_defence_win_resets_streak
    ):
        record.streak = 0  # SP-I21 alternative; the penalty just added stays (SP-I17)
    _finish(report, planet_report, record, history, success=False)
    return None


def planet_if_refused(rc: ResolutionContext, report: RaidReport) -> IfRefused:
    """What refusing this planet raid's buy-off leads to (SP-I34): the orbital battle when a
    combat ship or a stationed contract defends the planet (SP-I21), else what its troops do
    when the pirates land (SP-I22): none at all, avoid them, cover the buildings (a ground
    fight), or the owner's answer under `ask_when_raided`."""
    settings = rc.settings
    planet = rc.state.planet(report.target or 0)
    if planet is None or planet.owner != report.faction:
        return "no_defence"  # the raid is called off: nothing is fought
    orbital = any(is_combat_ship(s, settings, rc.combat) for s in planet.orbital_ships)
    if orbital or contracts_at(rc.state, "planet", planet.id):
        return "fight"
    if planet.troops == 0:
        return "no_defence"
    if settings.plunder_choice_mode == "ask_when_raided":
        return "troops_asked"
    return "fight" if planet.cover_buildings else "troops_avoid"


def needs_plunder_choice(
    state: SpacePiratesState, settings: SpacePiratesSettings, report: RaidReport
) -> bool:
    """`ask_when_raided`: the owner chooses the branch when the planet has troops (SP-I22)."""
    planet = state.planet(report.target or 0)
    return (
        settings.plunder_choice_mode == "ask_when_raided"
        and planet is not None
        and planet.troops > 0
    )


def avoid_terms(settings: SpacePiratesSettings) -> dict[str, int | bool]:
    """What avoiding the pirates takes, for the plunder question (SP-I22): the share of the
    income and whether the industry is blocked."""
    return {
        "avoid_loot_pct": settings.passive_troops_loot_pct,
        "avoid_blocks_industry": settings.industry_block_turns > 0,
    }


def plunder_phase(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    dice: Dice,
    report: RaidReport,
    record_index: int,
    squads: int,
    *,
    cover: bool | None,
    credits: Credits | None = None,
) -> None:
    """The plunder after an orbital win (SP-4.5–SP-4.10, SP-I22–SP-I25) and its effects on
    the pirates (SP-4.11, SP-4.13, SP-I26, SP-I27). `cover` is the owner's answer under
    `ask_when_raided`; None uses the planet's standing flag."""
    record = state.player(report.faction)
    history = record.history[record_index]
    planet = state.planet(report.target or 0)
    planet_report = report.planet or PlanetRaidReport()
    report.planet = planet_report
    if planet is None or planet.owner != report.faction:
        report.outcome = "cancelled"
        history.outcome = "failed"
        return
    branch = planet.cover_buildings if cover is None else cover
    plunder = plunder_planet(
        planet, settings, dice, report.turn, squads, cover=branch, credits=credits
    )
    planet_report.plunder = plunder
    if _planet_success(plunder, settings):
        planet_report.bonus_before = record.planet_raid_bonus_pct
        planet_report.penalty_before = record.planet_penalty_points
        record.planet_raid_bonus_pct += settings.planet_raid_success_bonus_pct
        record.rampage = True
        _finish(report, planet_report, record, history, success=True)
    else:
        _apply_failure(record, settings, planet_report)
        _finish(report, planet_report, record, history, success=False)


def _apply_failure(
    record: PlayerPirates, settings: SpacePiratesSettings, planet_report: PlanetRaidReport
) -> None:
    """A failed planet raid: −30 points of the planet bonus (floor 0), +3 penalty points,
    rampage cleared (SP-4.13, SP-I17, SP-I26, SP-I27)."""
    planet_report.bonus_before = record.planet_raid_bonus_pct
    planet_report.penalty_before = record.planet_penalty_points
    if settings.planet_raid_fail_loss_mode == "scale_down":  # a loss above 100 %: to 0
        kept = max(0, 100 - settings.planet_raid_fail_loss_pct)
        record.planet_raid_bonus_pct = record.planet_raid_bonus_pct * kept // 100
    else:
        record.planet_raid_bonus_pct = max(
            0, record.planet_raid_bonus_pct - settings.planet_raid_fail_loss_pct
        )
    record.planet_penalty_points += settings.planet_raid_fail_penalty_points
    if settings.rampage_ends_on == "failed_planet_raid":
        record.rampage = False


def _finish(
    report: RaidReport,
    planet_report: PlanetRaidReport,
    record: PlayerPirates,
    history: AttackRecord,
    *,
    success: bool,
) -> None:
    planet_report.success = success
    planet_report.bonus_after = record.planet_raid_bonus_pct
    planet_report.penalty_after = record.planet_penalty_points
    planet_report.rampage_after = record.rampage
    report.outcome = "successful" if success else "failed"
    report.streak_after = record.streak
    history.outcome = "successful" if success else "failed"


def plunder_planet(
    planet: Planet,
    settings: SpacePiratesSettings,
    dice: Dice,
    turn: int,
    squads: int,
    *,
    cover: bool,
    credits: Credits | None = None,
) -> PlunderReport:
    """The branch that applies (SP-I22): avoid (50 %, industry blocked), ground combat
    (SP-I23), or no troops (100 %, 10 % of the population captured, SP-I25)."""
    income = planet.income
    if planet.troops > 0 and not cover:
        loot = loss(settings, Fraction(income * settings.passive_troops_loot_pct, 100))
        start = turn if settings.industry_block_starts == "resolved_turn" else turn + 1
        end = start + settings.industry_block_turns - 1
        block = (start, end) if settings.industry_block_turns > 0 else None
        if block is not None:
            planet.industry_blocked_from, planet.industry_blocked_until = block
        return PlunderReport(branch="avoid", income=income, loot=loot, industry_blocked=block)
    if planet.troops > 0:
        fought = ground_fight(
            squads,
            planet.troops,
            planet.buildings,
            settings,
            dice,
            credits=credits,
            owner=planet.owner,
        )
        fought.income = income
        fought.loot = loss(
            settings, Fraction(income * fought.plundered_buildings, planet.buildings)
        )
        planet.troops -= fought.troops_lost
        return fought
    # SP-I25 and section 1: the bot reports the population carried off and the GM applies
    # it, so the planet's registered population is left as it is (the report says so).
    captured = loss(settings, Fraction(planet.population * settings.population_capture_pct, 100))
    until = turn + settings.birth_rate_penalty_turns
    if settings.birth_rate_penalty_turns > 0:
        planet.birth_rate_penalty_until = until
        planet.birth_rate_pct = settings.birth_rate_factor_pct  # as the status tells it
    return PlunderReport(
        branch="no_troops",
        income=income,
        loot=loss(settings, Fraction(income)),
        captured=captured,
        birth_rate_penalty_until=until if settings.birth_rate_penalty_turns > 0 else None,
        birth_rate_pct=settings.birth_rate_factor_pct,
    )


def _planet_success(plunder: PlunderReport, settings: SpacePiratesSettings) -> bool:
    """SP-I24: loot > 0 (`any_loot`); or anything taken; or loot with squads left."""
    rule = settings.planet_raid_success_rule
    if rule == "anything_taken":
        return plunder.loot > 0 or plunder.captured > 0 or plunder.plundered_buildings > 0
    if rule == "pirates_survive" and plunder.branch == "ground_combat":
        last = plunder.attacks[-1].squads_after if plunder.attacks else plunder.squads
        return plunder.loot > 0 and last > 0
    return plunder.loot > 0
