"""Player-facing lines for space pirates, as `Msg` objects: one function per outcome kind,
used by the audit summary and the embeds alike."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from bot.i18n import Msg
from bot.i18n import MsgList
from bot.rules.fleet_combat.messages import class_count
from bot.rules.fleet_combat.messages import counts_msg
from bot.rules.space_pirates.battle import MERCENARIES
from bot.rules.space_pirates.battle import side_msg
from bot.rules.space_pirates.models import Bribe
from bot.rules.space_pirates.models import PendingResolution
from bot.rules.space_pirates.models import PirateFleet
from bot.rules.space_pirates.models import RegisteredShip
from bot.rules.space_pirates.models import SpacePiratesState
from bot.rules.space_pirates.reports import PlunderReport
from bot.rules.space_pirates.reports import RaidReport
from bot.rules.space_pirates.reports import ShipsLostElsewhere
from bot.rules.space_pirates.reports import ground_limit_lines
from bot.rules.space_pirates.reports import limit_lines
from bot.text import faces_text

P = "space_pirates."
HALVED_PCT = 50  # the birth rate the catalogs call "halved" (SP-4.10)


def fleet_msg(fleet: PirateFleet) -> Msg:
    """ "1 cruiser, 7 raiders" (SP-2)."""
    parts = [Msg(f"{P}count.{t}", count=n) for t, n in fleet.counts().items() if n > 0]
    return MsgList(parts)


def assault_force_msg(classes: Sequence[str], contracts: Sequence[int]) -> Msg:
    """What a player sends against the pirate base (SP-6.6, SP-I31): "2 cruisers, 1
    dreadnought, mercenary contract #21"."""
    counts: dict[str, int] = {}
    for ship_class in classes:
        counts[ship_class] = counts.get(ship_class, 0) + 1
    parts = [counts_msg(counts)] if counts else []
    parts += [Msg(f"{P}side.mercenaries", id=c) for c in contracts]
    return MsgList(parts)


def draw_ranges_msg(routes: Sequence[int], weights: Sequence[int]) -> Msg:
    """Which faces of the target die hit which route, by the numbers `/pirates routes`
    shows: "#1 1–2, #2 3, #3 4–5" (SP-1.8, SP-I4: each route owns `weight` faces in turn)."""
    parts: list[Msg] = []
    low = 1
    for route, weight in zip(routes, weights, strict=True):
        high = low + weight - 1
        if weight == 1:
            parts.append(Msg(f"{P}report.draw_face", route=route, face=low))
        else:
            parts.append(Msg(f"{P}report.draw_faces", route=route, low=low, high=high))
        low = high + 1
    return MsgList(parts)


def side_first(name: str) -> Msg | str:
    """A participant by name where it opens a line: the bot's own labels with a capital
    ("The pirate fleet"), a faction as itself."""
    shown = side_msg(name)
    if isinstance(shown, Msg):
        return Msg(shown.key.replace(f"{P}side.", f"{P}side_first.", 1), **shown.params)
    return shown


def ships_lost_msg(owner: str, lost: dict[str, int]) -> Msg:
    """What one defender lost (SP-I12, SP-I43): a faction's ships by class, a mercenary
    contract's by pirate type, each participant named in words."""
    if owner.startswith(MERCENARIES):
        ships: Msg = MsgList([Msg(f"{P}count.{t}", count=n) for t, n in lost.items() if n > 0])
    else:
        ships = counts_msg(lost)
    return Msg(f"{P}report.ships_lost", owner=side_msg(owner), ships=ships)


def numbers_msg(numbers: Sequence[int]) -> Msg:
    """ "#14, #15" (in Russian «№14, №15»), or that there is none: the numbers a refusal
    points to instead."""
    if not numbers:
        return Msg(f"{P}error.numbers_none")
    return MsgList(Msg(f"{P}error.number", number=n) for n in numbers)


def ships_numbered(ships: Sequence[RegisteredShip]) -> Msg:
    """ "1 destroyer (#4), 1 cruiser (#7)": registered ships by class and number."""
    return MsgList(
        Msg(f"{P}ship_numbered", ship=class_count(s.ship_class, 1), id=s.id) for s in ships
    )


def target_msg(report: RaidReport) -> str:
    """The route or planet attacked, by name."""
    return report.target_name or str(report.target or "—")


def event_msg(report: RaidReport, asked: str | None = None) -> Msg:
    """One attack (or none) in a few words, for the player's summary line; `asked` names
    the question it waits for, if any (SP-I45)."""
    if report.outcome == "waiting" and report.buy_off is not None:
        return after_buy_off_msg(report, asked)
    if report.kind == "planet":
        return planet_event_msg(report)
    chance = report.chance
    if report.outcome == "no_attack":
        points = chance.points.total if chance is not None and chance.points else 0
        face = chance.face if chance is not None and chance.face is not None else 0
        faces = chance.points.die_faces if chance is not None and chance.points else 20
        return Msg(f"{P}event.no_attack", faces=faces, face=face, points=points)
    if report.outcome in ("skipped_peace", "skipped_immunity", "no_routes"):
        return Msg(f"{P}event.{report.outcome}", until=report.immunity_until or 0)
    return attack_event_msg(report)


def attack_event_msg(report: RaidReport) -> Msg:
    """A route attack that came up: waiting, bought off, cancelled, or fought out."""
    target = target_msg(report)
    bribed = Msg(f"{P}event.bribed") if report.mode == "bribed" else ""
    if report.outcome == "waiting":
        return Msg(f"{P}event.waiting", target=target, cost=report.buy_off_cost or 0, bribed=bribed)
    if report.outcome == "bought_off":
        return Msg(f"{P}event.bought_off", target=target, cost=report.buy_off_cost or 0)
    if report.outcome == "successful" and report.income_already_lost:
        return Msg(
            f"{P}event.raided_income_already_lost",
            target=target,
            streak=report.streak_after,
            bribed=bribed,
        )
    if report.outcome == "successful":
        return Msg(
            f"{P}event.raided",
            target=target,
            income=report.income_lost,
            streak=report.streak_after,
            bribed=bribed,
        )
    if report.outcome == "defender_victory":
        if report.immunity_until is None:
            return Msg(f"{P}event.defended_rampage", target=target, streak=report.streak_after)
        return Msg(f"{P}event.defended", target=target, until=report.immunity_until)
    if report.outcome == "stalemate":
        return Msg(f"{P}event.stalemate", target=target)
    return Msg(f"{P}event.cancelled", target=target)


def after_buy_off_msg(report: RaidReport, asked: str | None) -> Msg:
    """An attack whose buy-off was refused and that waits for a later question: the
    plunder branch once the pirates have landed (SP-I22), or the retreat before the next
    round of its battle (SP-I44) — no longer the buy-off offered."""
    target = target_msg(report)
    if report.kind == "planet" and asked != "retreat":
        return Msg(f"{P}event.plunder_waiting", target=target)
    key = "planet_battle_waiting" if report.kind == "planet" else "battle_waiting"
    bribed = Msg(f"{P}event.bribed") if report.mode == "bribed" else ""
    return Msg(f"{P}event.{key}", target=target, bribed=bribed)


def planet_event_msg(report: RaidReport) -> Msg:
    """A planet check or planet raid in a few words."""
    target = target_msg(report)
    planet = report.planet
    if report.outcome == "no_planet_raid":
        check = planet.check if planet else None
        return Msg(
            f"{P}event.planet_check_missed",
            faces=check.faces if check else 20,
            face=check.face if check and check.face is not None else 0,
            points=check.points if check else 0,
        )
    if report.outcome == "waiting":
        return Msg(f"{P}event.planet_waiting", target=target, cost=report.buy_off_cost or 0)
    if report.outcome == "bought_off":
        return Msg(f"{P}event.bought_off", target=target, cost=report.buy_off_cost or 0)
    if report.outcome == "successful":
        loot = planet.plunder.loot if planet and planet.plunder else 0
        return Msg(f"{P}event.planet_plundered", target=target, loot=loot)
    if report.outcome == "failed":
        return Msg(f"{P}event.planet_failed", target=target)
    return Msg(f"{P}event.cancelled", target=target)


def player_summary_line(
    faction: str, reports: Sequence[RaidReport], *, waiting: bool, asked: str | None = None
) -> Msg:
    """The one line a player reads at a glance: what happened to them this resolution; the
    last report is the one waiting for question `asked`, when given."""
    events = [with_co_owners(r, event_msg(r, asked if r is reports[-1] else None)) for r in reports]
    key = f"{P}summary.waiting" if waiting else f"{P}summary.player"
    return Msg(key, faction=faction, events=MsgList(events, separator="; "))


def with_co_owners(report: RaidReport, event: Msg) -> Msg:
    """An attack's event with the ships lost defending in it: the raided player's own
    first (SP-3.1, SP-I12: every ship that fought on a lost route is gone), then each other
    player's by name (a co-owner of a shared route, SP-I43): the line their ping points
    them to."""
    losses = report.losses_by_owner()
    told = [
        Msg(
            f"{P}event.own_lost" if owner == report.faction else f"{P}event.co_owner_lost",
            owner=owner,
            ships=MsgList([lost_ships_msg(p, lost) for p, lost in by_participant.items()]),
        )
        for owner, by_participant in sorted(
            losses.items(), key=lambda item: item[0] != report.faction
        )
    ]
    if not told:
        return event
    return Msg(f"{P}event.with_co_owners", event=event, losses=MsgList(told, separator="; "))


def lost_ships_msg(participant: str, lost: dict[str, int]) -> Msg:
    """One participant's ships lost: a faction's by class, a mercenary contract's by pirate
    type and named ("2 raiders of mercenary contract #6")."""
    if participant.startswith(MERCENARIES):
        ships = MsgList([Msg(f"{P}count.{t}", count=n) for t, n in lost.items() if n > 0])
        return Msg(f"{P}event.contract_lost", ships=ships, contract=side_msg(participant))
    return counts_msg(lost)


def lost_elsewhere_lines(lost: ShipsLostElsewhere) -> list[Msg]:
    """A player's losses in a raid on another player (SP-I43), for their own report: whose
    raid and where, how it ended, and each participant's ships lost."""
    result = lost.battle.result if lost.battle is not None else "none"
    return [
        Msg(
            f"{P}report.lost_elsewhere",
            owner=lost.owner,
            victim=lost.victim,
            turn=lost.turn,
            seq=lost.seq,
            kind=Msg(f"{P}kind.{lost.kind}"),
            target=lost.target_name or str(lost.target or "—"),
            result=Msg(f"{P}report.lost_elsewhere_result.{result}"),
        ),
        *(ships_lost_msg(p, ships) for p, ships in lost.lost.items()),
    ]


def _who_answered(forced: bool, by_gm: bool, unasked: bool = False) -> Msg | str:
    """What follows an answer in a report: a default taken for a question never asked (the
    next turn's end came before it could be), a GM's forced default, a GM's answer for the
    player (SP-I45), or nothing when the player answered."""
    if unasked:
        return Msg(f"{P}report.unasked")
    if forced:
        return Msg(f"{P}report.forced")
    return Msg(f"{P}report.by_gm") if by_gm else ""


def decimal_param(text: str) -> float | str:
    """A short exact decimal the report keeps as text ("19.2", `fraction_text`) as a number,
    so each reader's language writes it its way (19,2 in Russian, SP-I7); a fraction ("96/7")
    or a whole number stays as kept."""
    if "." not in text:
        return text
    number = float(text)
    return number if repr(number) == text else text


def report_lines(report: RaidReport) -> list[Msg]:
    """Every number of one attack, in the order the procedure made them (SP-I40 summary)."""
    lines: list[Msg] = [
        Msg(f"{P}report.header", faction=report.faction, turn=report.turn, seq=report.seq)
    ]
    chance = report.chance
    if chance is not None:
        if chance.forced:
            lines.append(Msg(f"{P}report.chance_forced"))
        elif chance.points is not None:
            lines.append(Msg(f"{P}report.points", **chance.points.params()))
            if chance.automatic:
                faces = chance.points.die_faces  # SP-I1: the campaign's die
                lines.append(Msg(f"{P}report.chance_automatic", count=faces))
            else:
                lines.append(
                    Msg(
                        f"{P}report.chance_roll",
                        faces=chance.points.die_faces,
                        face=chance.face or 0,
                        points=chance.points.total,
                        hit=Msg(f"{P}report.hit" if chance.hit else f"{P}report.miss"),
                    )
                )
    if report.mode == "bribed":  # the target was drawn at placement (SP-I33): named here
        briber = Msg(f"{P}report.briber", briber=report.briber) if report.briber else ""
        target = target_msg(report)
        lines.append(Msg(f"{P}report.bribed_{report.kind}", target=target, briber=briber))
    if report.draw is not None and report.draw.face is None:  # one route: no roll (SP-I4)
        lines.append(Msg(f"{P}report.draw_single", target=target_msg(report)))
    elif report.draw is not None:
        draw = report.draw
        lines.append(
            Msg(
                f"{P}report.draw",
                weights=", ".join(str(w) for w in draw.weights),
                ranges=draw_ranges_msg(draw.routes, draw.weights),
                faces=draw.die_faces,
                face=draw.face,
                target=target_msg(report),
            )
        )
    if report.planet is not None:
        lines += planet_check_lines(report)
    if report.strength is not None and report.strength.dice == 0:  # SP-I6: below one die
        lines.append(
            Msg(
                f"{P}report.strength_none",
                income=report.strength.income,
                value=report.strength.value,
            )
        )
    elif report.strength is not None:
        s = report.strength
        lines.append(
            Msg(
                f"{P}report.strength_big" if s.big_income else f"{P}report.strength",
                income=s.income,
                dice=s.dice,
                threshold=s.threshold,
                times=s.dice_multiplier,
                faces=faces_text(s.faces),
                raw=s.raw_strength,
                multiplier=decimal_param(s.multiplier),
                streak=s.streak,
                bonus=s.bonus_pct,
                strength=decimal_param(s.strength),
                value=s.value,
            )
        )
    if report.fleet is not None:
        # SP-2.5, SP-I42: a value below the smallest fleet's cost still sends that fleet, and
        # payments are taken from what its ships cost
        smallest = report.payment_value > report.value
        lines.append(
            Msg(
                f"{P}report.fleet_smallest" if smallest else f"{P}report.fleet",
                value=report.value,
                fleet=fleet_msg(report.fleet),
                payment=report.payment_value,
            )
        )
    lines += limit_lines(report)  # what the bot's limits left out
    if report.defended is False and report.kind == "route":  # known when the offer is made
        lines.append(Msg(f"{P}report.undefended"))
    if report.buy_off_cost is not None:
        answer = report.buy_off or "waiting"
        lines.append(
            Msg(
                f"{P}report.buy_off.{answer}",
                cost=report.buy_off_cost,
                forced=_who_answered(
                    report.buy_off_forced, report.buy_off_by_gm, report.buy_off_unasked
                ),
            )
        )
    if report.battle is not None:
        lines.append(
            Msg(
                f"{P}report.battle.{report.battle.result}",
                rounds=report.battle.rounds,
                count=report.battle.rounds,
                forced=Msg(f"{P}report.retreat_by_gm") if report.retreat_by_gm else "",
            )
        )
        if report.battle.mutual_wipe:
            lines.append(Msg(f"{P}report.battle.mutual_wipe"))
    lines += [ships_lost_msg(owner, lost) for owner, lost in report.ships_lost.items()]
    if report.plunder_choice is not None:
        lines.append(
            Msg(
                f"{P}report.plunder_choice.{report.plunder_choice}",
                forced=_who_answered(
                    report.plunder_forced, report.plunder_by_gm, report.plunder_unasked
                ),
            )
        )
    if report.planet is not None and report.planet.plunder is not None:
        lines += plunder_lines(report.planet.plunder)
        lines += ground_limit_lines(report.planet.plunder)
    if report.outcome != "waiting":
        # A wait is told by the buy-off line above, or, once the buy-off is answered, by the
        # later question's own prompt (the plunder branch, a retreat: SP-I22, SP-I44).
        lines.append(outcome_line(report))
    return lines


def planet_check_lines(report: RaidReport) -> list[Msg]:
    """The planet check, the planet chosen and the fleet from the history (SP-I16–SP-I20)."""
    planet = report.planet
    assert planet is not None
    lines: list[Msg] = []
    check = planet.check
    if check is not None:
        hit = Msg(f"{P}report.hit" if check.hit else f"{P}report.miss")
        told = dict(streak=check.streak, points=check.points, faces=check.faces, hit=hit)
        if check.automatic:  # the points reach the die's faces: no roll (SP-I16)
            lines.append(Msg(f"{P}report.planet_check_automatic", **told))
        else:
            face = check.face if check.face is not None else "—"
            lines.append(Msg(f"{P}report.planet_check", face=face, **told))
    for candidate in planet.candidates:
        lines.append(
            Msg(
                f"{P}report.planet_candidate",
                name=candidate.name,
                defence=candidate.defence,
                income=candidate.income,
            )
        )
    if planet.candidates:  # the first in the order of SP-I18 is attacked
        lines.append(Msg(f"{P}report.planet_chosen", target=target_msg(report)))
    if planet.history_values:
        lines.append(
            Msg(
                f"{P}report.planet_fleet",
                values=", ".join(str(v) for v in planet.history_values),
                value=report.value,
            )
        )
    return lines


def plunder_lines(plunder: PlunderReport) -> list[Msg]:
    """The plunder branch and its numbers (SP-I22–SP-I25)."""
    # SP-I22: avoiding blocks the industry only when the block lasts a turn
    branch: str = plunder.branch
    if branch == "avoid" and plunder.industry_blocked is None:
        branch = "avoid_unblocked"
    lines: list[Msg] = [
        Msg(f"{P}report.plunder.{branch}", income=plunder.income, loot=plunder.loot)
    ]
    if plunder.branch == "ground_combat":
        lines.append(
            Msg(
                f"{P}report.ground.start",
                squads=plunder.squads,
                garrisons=", ".join(str(g) for g in plunder.garrisons),
            )
        )
        for attack in plunder.attacks:
            lines.append(
                Msg(
                    f"{P}report.ground.attack",
                    number=attack.number,
                    building=attack.building,
                    garrison=attack.garrison,
                    pirate_faces=faces_text(attack.pirate_faces),
                    pirate_hits=Msg(f"{P}report.ground.hits", count=attack.pirate_hits),
                    troop_faces=faces_text(attack.troop_faces),
                    troop_hits=Msg(f"{P}report.ground.hits", count=attack.troop_hits),
                    garrison_after=attack.garrison_after,
                    squads_after=attack.squads_after,
                )
            )
        lines.append(
            Msg(
                f"{P}report.ground.end",
                plundered=plunder.plundered_buildings,
                troops_lost=plunder.troops_lost,
            )
        )
    if plunder.captured:
        lines.append(captured_msg(plunder))
    if plunder.industry_blocked is not None:
        start, end = plunder.industry_blocked  # one turn by default (SP-I22)
        key = "industry_blocked" if end > start else "industry_blocked_one"
        lines.append(Msg(f"{P}report.{key}", start=start, end=end))
    return lines


def captured_msg(plunder: PlunderReport) -> Msg:
    """The population carried off and the birth rate until the penalty ends, at the
    campaign's `birth_rate_factor_pct` ("halved" at 50 %); no penalty when it lasts no
    turn (SP-4.10, SP-I25)."""
    until = plunder.birth_rate_penalty_until
    if until is None:
        return Msg(f"{P}report.captured_only", captured=plunder.captured)
    if plunder.birth_rate_pct is None or plunder.birth_rate_pct == HALVED_PCT:
        return Msg(f"{P}report.captured", captured=plunder.captured, until=until)
    return Msg(
        f"{P}report.captured_factor",
        captured=plunder.captured,
        pct=plunder.birth_rate_pct,
        until=until,
    )


def outcome_line(report: RaidReport) -> Msg:
    """The outcome with the counters it changed (SP-3, SP-I14, SP-I15, SP-I27)."""
    planet = report.planet
    if report.kind == "planet" and planet is not None and planet.success is not None:
        told = "successful" if planet.success else "failed"
        if not planet.success and planet.penalty_before == planet.penalty_after:
            told = "failed_same_penalty"  # `planet_raid_fail_penalty_points = 0` (SP-I17)
        return Msg(  # a success changes no penalty: its line names none (SP-I17)
            f"{P}report.outcome.planet_{told}",
            bonus_before=planet.bonus_before,
            bonus_after=planet.bonus_after,
            penalty_before=planet.penalty_before,
            penalty_after=planet.penalty_after,
            rampage=Msg(
                f"{P}report.rampage_on" if planet.rampage_after else f"{P}report.rampage_off"
            ),
        )
    if report.outcome == "successful" and report.income_already_lost:  # SP-I13: once a turn
        return Msg(
            f"{P}report.outcome.successful_income_already_lost",
            streak_before=report.streak_before,
            streak_after=report.streak_after,
            target=target_msg(report),
        )
    outcome: str = report.outcome
    if outcome == "defender_victory" and report.immunity_until is None:
        outcome = "defender_victory_rampage"  # SP-I15, SP-I26: no immunity, the streak stays
    if outcome == "defender_victory" and report.streak_before == report.streak_after:
        outcome += "_stays"  # "streak stays 0", as a buy-off's line says, not "0 → 0"
    return Msg(
        f"{P}report.outcome.{outcome}",
        streak_before=report.streak_before,
        streak_after=report.streak_after,
        income=report.income_lost,
        until=report.immunity_until or 0,
    )


def bribe_target(state: SpacePiratesState, bribe: Bribe) -> str | Msg:
    """The route or planet a bribe's attack was drawn against at placement, by name (SP-I33:
    the briber sees the target); its number once it is gone."""
    found = state.route(bribe.target) if bribe.kind == "route" else state.planet(bribe.target)
    return found.name if found is not None else Msg(f"{P}bribe.target_gone", number=bribe.target)


CancelReason = Literal[
    "peace", "immunity", "route_gone", "route_not_rolled", "planet_gone", "cooldown", "no_planet"
]


def bribe_cancelled_msg(
    state: SpacePiratesState, bribe: Bribe, refund: int, reason: CancelReason
) -> Msg:
    """A bribe called off when it came up, for the GMs only (SP-I33): who paid (a sealed
    bribe's payer is named where a GM reads it, `sealed_briber`), and why: the victim under
    peace or route immunity, the route or planet no longer the victim's, the planet in
    cooldown."""
    briber = Msg(f"{P}bribe.briber_named", faction=bribe.briber)
    if bribe.sealed is not None:
        briber = Msg(f"{P}bribe.sealed_briber", sealed=bribe.sealed)
    found = state.route(bribe.target) if bribe.kind == "route" else state.planet(bribe.target)
    target = found.name if found is not None else Msg(f"{P}bribe.target_gone", number=bribe.target)
    why = Msg(f"{P}bribe.cancelled_because.{reason}", victim=bribe.victim, target=target)
    return Msg(
        f"{P}bribe.cancelled",
        bribe=bribe.id,
        briber=briber,
        victim=bribe.victim,
        reason=why,
        refund=refund,
    )


def offer_lines(pending: PendingResolution) -> list[Msg]:
    """Every number of an attack waiting for an answer, for the choice's prompt: the buy-off
    price, or the pirate squads facing the planet's troops (SP-I22, SP-I34)."""
    if pending.choice == "retreat":
        fought = (
            RaidReport.model_validate(pending.report).model_copy(update={"briber": None})
            if pending.report
            else None
        )
        return ([] if fought is None else report_lines(fought)) + [retreat_prompt(pending)]
    # The offer is posted in the channel: it says the attack is bribed, never who paid; the
    # victim reads that in their own report (SP-I33 `reveal_briber_to_victim`).
    report = RaidReport.model_validate(pending.report).model_copy(update={"briber": None})
    lines = report_lines(report)
    refused = pending.attack.if_refused
    if pending.choice == "buy_off" and refused != "fight":  # SP-I34: no fight promised
        kind = f"_{report.kind}" if refused == "no_defence" else ""
        lines.append(Msg(f"{P}report.if_refused.{refused}{kind}", target=target_msg(report)))
    if pending.choice == "plunder":
        attack = pending.attack
        target = str(pending.report.get("target_name") or attack.target)
        if attack.avoid_loot_pct == HALVED_PCT and attack.avoid_blocks_industry:
            lines.append(Msg(f"{P}report.plunder_prompt", squads=attack.squads, target=target))
        else:  # SP-I22: the campaign's share, and the block only when it lasts a turn
            block = Msg(f"{P}report.plunder_prompt_block") if attack.avoid_blocks_industry else ""
            lines.append(
                Msg(
                    f"{P}report.plunder_prompt_share",
                    squads=attack.squads,
                    target=target,
                    pct=attack.avoid_loot_pct,
                    block=block,
                )
            )
    return lines


def retreat_prompt(pending: PendingResolution) -> Msg:
    """The battle so far for the retreat question (SP-I44): the round coming, the defender
    side's ships left and the pirate side's."""
    progress = pending.battle or {}
    combat = progress.get("combat", {})
    battle = combat.get("battles", [{}])[0]
    sides = {p["faction"]: p["side"] for p in battle.get("participants", [])}
    left = {"defender": 0, "pirates": 0}
    for fleet in combat.get("fleets", []):
        side = sides.get(fleet["faction"])
        if side in left:
            left[side] += len(fleet.get("ships", []))
    return Msg(
        f"{P}report.retreat_prompt",
        round=int(progress.get("round", 0)),
        own=Msg(f"{P}count.ship", count=left["defender"]),
        pirates=Msg(f"{P}count.ship", count=left["pirates"]),
    )


def waiting_line(pending: PendingResolution, target: str) -> Msg:
    """A pending choice waiting for its player (SP-I45), for `/turn status`."""
    if pending.choice == "retreat":
        return Msg(
            f"{P}waiting.retreat",
            faction=pending.faction,
            round=int((pending.battle or {}).get("round", 0)),
            choice=pending.choice_id,
        )
    if pending.choice == "plunder":
        return Msg(
            f"{P}waiting.plunder",
            faction=pending.faction,
            target=target,
            squads=pending.attack.squads,
            choice=pending.choice_id,
        )
    return Msg(
        f"{P}waiting.buy_off",
        faction=pending.faction,
        kind=Msg(f"{P}kind.{pending.attack.kind}"),
        target=target,
        cost=pending.attack.cost,
        choice=pending.choice_id,
    )
