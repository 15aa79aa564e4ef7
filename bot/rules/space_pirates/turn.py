"""The end-of-turn step (SP-I40) and the buy-off answers that resume a paused player
(SP-I34, SP-I45), plus the "who are we waiting for" lines."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from bot.dice import Dice
from bot.dice_stats import NOBODY
from bot.dice_stats import Credits
from bot.errors import NotFound
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.space_pirates.base import fight_base_attacks
from bot.rules.space_pirates.base import forget_gone_bases
from bot.rules.space_pirates.bribe import bribe_offer_cost
from bot.rules.space_pirates.bribe import force_open_bribe_offers
from bot.rules.space_pirates.bribe import open_bribe_offers
from bot.rules.space_pirates.messages import event_msg
from bot.rules.space_pirates.messages import lost_ships_msg
from bot.rules.space_pirates.messages import ships_numbered
from bot.rules.space_pirates.messages import target_msg
from bot.rules.space_pirates.messages import waiting_line
from bot.rules.space_pirates.models import PendingResolution
from bot.rules.space_pirates.models import ResolutionCursor
from bot.rules.space_pirates.models import SpacePiratesState
from bot.rules.space_pirates.models import require_asked
from bot.rules.space_pirates.reports import QUIET_OUTCOMES
from bot.rules.space_pirates.reports import Journal
from bot.rules.space_pirates.reports import ResolutionContext
from bot.rules.space_pirates.resolution import PlayerRun
from bot.rules.space_pirates.resolution import player_steps
from bot.rules.space_pirates.resolution import resume
from bot.rules.space_pirates.resolution import resume_plunder
from bot.rules.space_pirates.resolution import resume_retreat
from bot.rules.space_pirates.resolution import run_player
from bot.rules.space_pirates.retire import retire_finished
from bot.rules.space_pirates.settings import SpacePiratesSettings
from bot.rules.space_pirates.upkeep import find_upkeep
from bot.rules.space_pirates.upkeep import post_upkeep
from bot.rules.space_pirates.upkeep import settle_upkeep
from bot.rules.space_pirates.upkeep import upkeep_waiting_line
from bot.rulesets import ArchiveRecord
from bot.rulesets import TurnContext
from bot.rulesets import TurnStepResult
from bot.text import shown_msg

P = "space_pirates."
PLAYER_STEPS = ("route_raid", "bribed_route_raids", "planet_check", "bribed_planet_raids")


def as_state(value: Any) -> SpacePiratesState:
    """The state from the stored JSON (or the model itself)."""
    if isinstance(value, SpacePiratesState):
        return value
    return SpacePiratesState.model_validate(value or {})


def as_settings(value: Any) -> SpacePiratesSettings:
    """The settings from the stored JSON (or the model itself)."""
    if isinstance(value, SpacePiratesSettings):
        return value
    return SpacePiratesSettings.model_validate(value or {})


def players_in_order(state: SpacePiratesState) -> list[str]:
    """The campaign's registered turn order (SP-I40 step 3, SP-I43), then the players it
    leaves out, which the spec does not place (our choice, as `/pirates turn-order` tells
    and the README lists): route owners in the order their routes were registered, then
    planet owners in the order their planets were (a route owner comes before a planet
    owner whoever registered first), then any other victim of a placed bribe in the order
    placed, so a bribe whose target is gone still comes up and is cancelled (SP-I33)."""
    order = list(state.turn_order)
    seen = set(order)
    for faction in (
        [o.faction for r in state.routes for o in r.owners]
        + [p.owner for p in state.planets]
        + [b.victim for b in state.bribes if b.status == "placed"]
    ):
        if faction not in seen:
            seen.add(faction)
            order.append(faction)
    return order


def combat_settings_for(
    settings: SpacePiratesSettings, combat: FleetCombatSettings | None
) -> FleetCombatSettings:
    """The fleet combat settings pirate battles use (FC-I17); the campaign's when given."""
    return combat if combat is not None else FleetCombatSettings()


def end_of_turn(
    ctx: TurnContext[SpacePiratesState, SpacePiratesSettings],
    *,
    combat: FleetCombatSettings | None = None,
) -> TurnStepResult[SpacePiratesState]:
    """Resolve turn `ctx.turn` in the order of SP-I40. A pending choice pauses the whole
    resolution where it arises (SP-I40, SP-I45): later players, the upkeep and the report
    wait for the answer (`answer_*`, `force_choice`), which carries the resolution on. A
    resolution of an earlier turn still paused is first finished with the forced defaults.
    Running the step twice for the same turn changes nothing."""
    settings = as_settings(ctx.settings)
    original = as_state(ctx.state)
    running = original.resolution
    if ctx.turn <= original.last_resolved_turn or (running and running.turn >= ctx.turn):
        return TurnStepResult(state=original, outcome={"already_resolved": ctx.turn})
    state = original.model_copy(deep=True)
    journal = Journal()
    credits = Credits(ctx.dice)
    rc = ResolutionContext(
        state, settings, combat_settings_for(settings, combat), ctx.dice, journal, credits
    )
    earlier = _earlier_turn(state, ctx.turn)
    if earlier is not None:  # its lines, then this turn's: each under its own heading
        journal.lines.append(Msg(f"{P}turn.earlier", turn=earlier))
    with credits.by(NOBODY):  # the pirates' dice: each player's are credited inside
        _finish_earlier(rc, ctx.turn)
    retired = retire_finished(state, settings, ctx.turn)
    forced_offers = force_open_bribe_offers(state, settings)
    if forced_offers:
        # Offer numbers, as /pirates offer takes them; entries written before this key
        # listed the bribes' own numbers under "bribe_offers_forced".
        journal.outcome["buy_off_offers_forced"] = forced_offers
    state.resolution = ResolutionCursor(
        turn=ctx.turn, steps=_campaign_steps(settings), players=players_in_order(state)
    )
    if earlier is not None:
        journal.lines.append(Msg(f"{P}turn.current", turn=ctx.turn))
    told = len(journal.lines)
    with credits.by(NOBODY):
        advance(rc)
    quiet = len(journal.lines) == 0
    if len(journal.lines) == told:
        journal.lines.append(Msg(f"{P}turn.nothing"))
    return TurnStepResult(
        state=state,
        quiet=quiet,
        lines=journal.lines,
        outcome={**_outcome(journal), **credits.outcome()},
        archive=journal.archive() + retired,
        affected=affected(journal),
        affected_lines=ping_lines(journal),
    )


def affected(journal: Journal) -> list[str]:
    """The factions the summary pings: each player whose attack the resolution finished
    (the victim of a bribed attack, never its briber, who stays hidden: SP-I33), then each
    other player who lost ships defending in one (a shared route's co-owner, SP-I43). A question
    waiting pings its own player when it is posted."""
    reached = [r.faction for r in journal.reports if r.outcome not in QUIET_OUTCOMES]
    lost = [owner for r in journal.reports for owner in r.co_owners_lost()]  # SP-I43
    return list(dict.fromkeys(reached + lost))


def ping_lines(journal: Journal) -> dict[str, list[Msg]]:
    """What each pinged player's ping tells (`affected`): each of their attacks the summary
    tells, in its words (`event_msg`: "Rich raided: 600 income lost, streak 1"; a bribed
    attack says so, never who paid, SP-I33), then what they lost defending in another
    player's raid, as the summary names it (SP-I43); names as the players typed them."""
    told: dict[str, list[Msg]] = {}
    for report in journal.reports:
        if report.outcome not in QUIET_OUTCOMES:
            told.setdefault(report.faction, []).append(shown_msg(event_msg(report)))
    for report in journal.reports:
        for owner, by_participant in report.losses_by_owner().items():
            if owner == report.faction:
                continue
            ships = MsgList([lost_ships_msg(p, lost) for p, lost in by_participant.items()])
            line = Msg(
                f"{P}ping.lost_defending",
                target=target_msg(report),
                victim=report.faction,
                owner=owner,
                ships=ships,
            )
            told.setdefault(owner, []).append(shown_msg(line))
    return told


def _campaign_steps(settings: SpacePiratesSettings) -> list[str]:
    """The configured order (SP-I40) with step 3's four player steps as one `players`."""
    steps: list[str] = []
    for step in settings.resolution_order:
        name = "players" if step in PLAYER_STEPS else step
        if name not in steps:
            steps.append(name)
    return steps


def _earlier_turn(state: SpacePiratesState, turn: int) -> int | None:
    """The turn of a resolution still under way (paused by a question) when turn `turn`
    ends, or None."""
    turns = [q.turn for q in state.waiting if q.turn < turn]
    turns += [d.turn for d in state.upkeep_due if d.turn < turn]
    if state.resolution is not None and state.resolution.turn < turn:
        turns.append(state.resolution.turn)
    return min(turns, default=None)


def _finish_earlier(rc: ResolutionContext, turn: int) -> None:
    """Choices left open by an earlier resolution take their forced defaults (SP-I45), one at
    a time in the order posted, each carrying that resolution on until it ends. The
    questions it comes to on its way are answered at once: their players' later lines tell
    their attacks, never as waiting. Those questions were never posted: their reports say the
    turn ended before they could be asked, not that a GM forced them (`/turn end`'s
    confirmation names their players, `unreached`)."""
    state = rc.state
    asked = open_choices(state)
    while True:
        earlier = [w.choice_id for w in state.waiting if w.turn < turn]
        earlier += [d.choice_id for d in state.upkeep_due if d.turn < turn]
        if not earlier:
            break
        unasked = earlier[0] not in asked
        given = _force_one(rc, earlier[0], unasked=unasked)  # its answer, for its message
        rc.journal.outcome.setdefault("defaults_taken", {})[str(earlier[0])] = given
        advance(rc)
    rc.journal.drop_answered(open_choices(state))
    if state.resolution is not None and state.resolution.turn < turn:
        advance(rc)


def open_choices(state: SpacePiratesState) -> set[int]:
    """The questions still waiting for an answer: pending choices and upkeep."""
    return {w.choice_id for w in state.waiting} | {d.choice_id for d in state.upkeep_due}


def paused(state: SpacePiratesState) -> bool:
    """A pending choice is open: nothing after it runs (SP-I40, SP-I45)."""
    return bool(state.waiting or state.upkeep_due)


def advance(rc: ResolutionContext) -> None:
    """Carry the resolution under way on from its cursor until a pending choice pauses it or
    every step has run; then it is over and operations open again (SP-I40)."""
    state, settings, journal = rc.state, rc.settings, rc.journal
    cursor = state.resolution
    if cursor is None:
        return
    turn = cursor.turn
    while cursor.steps:
        if paused(state):
            return
        step = cursor.steps[0]
        if step == "players":
            while cursor.players:
                faction = cursor.players.pop(0)
                run = PlayerRun(faction, turn, player_steps(state, settings, faction, turn))
                if run_player(rc, run):
                    return
        elif step == "privateers":
            _privateers_step(state, turn, journal)
        elif step == "base_attacks":
            if fight_base_attacks(rc, turn) is not None:
                return
        elif step == "mercenary_upkeep":
            post_upkeep(state, settings, turn, journal)
        elif step == "report":
            _effects_step(state, settings, turn, journal)
        cursor.steps.pop(0)
    if paused(state):
        return
    forget_gone_bases(state, settings)
    state.last_resolved_turn = max(state.last_resolved_turn, turn)
    state.resolution = None
    for record in state.players.values():
        record.income_lost = [k for k in record.income_lost if k[0] >= turn]
    journal.outcome["resolution_finished"] = turn


def _outcome(journal: Journal) -> dict[str, Any]:
    return {
        **journal.outcome,
        "raids": [
            {
                "faction": r.faction,
                "seq": r.seq,
                "kind": r.kind,
                "mode": r.mode,
                "outcome": r.outcome,
                "target": r.target,
                "value": r.value,
                "lost_by": r.co_owners_lost(),
            }
            for r in journal.reports
        ],
        "private": {k: [m.to_json() for m in v] for k, v in journal.private.items()},
    }


def _privateers_step(state: SpacePiratesState, turn: int, journal: Journal) -> None:
    """SP-I40 step 1: recalled groups due back rejoin their owners' fleet (SP-10.8, SP-I37):
    their ships wait in the owner's reserve, each by its number, to be registered again on a
    route or in orbit, or sent privateering again."""
    for group in state.privateers:
        if group.returns_turn is not None and group.returns_turn <= turn and not group.returned:
            group.returned = True
            state.player(group.owner).reserve.extend(group.ships)
            journal.lines.append(
                Msg(
                    f"{P}privateers.returned",
                    owner=group.owner,
                    group=group.id,
                    count=len(group.ships),
                    ships=ships_numbered(group.ships),
                )
            )
    state.privateers = [g for g in state.privateers if not g.returned]


def _effects_step(
    state: SpacePiratesState, settings: SpacePiratesSettings, turn: int, journal: Journal
) -> None:
    """SP-I40 step 5: effects that end with this resolution, and planet cooldowns starting
    (a planet attacked in this resolution) or ending (the last resolution they cover) (SP-I19).
    A cooldown of one turn or none covers no later resolution, so it is not told."""
    for faction, record in state.players.items():
        if record.route_immunity_until == turn:
            journal.lines.append(Msg(f"{P}effects.immunity_ends", faction=faction))
        if record.peace_until == turn:
            journal.lines.append(Msg(f"{P}effects.peace_ends", faction=faction))
        if record.income_bonus_until == turn:
            journal.lines.append(Msg(f"{P}effects.income_bonus_ends", faction=faction))
    cooldown = settings.planet_raid_cooldown_turns
    for planet in state.planets:
        attacked = planet.last_attacked_turn
        if attacked is not None and cooldown > 1 and turn in (attacked, attacked + cooldown - 1):
            starts = turn == attacked
            journal.lines.append(
                Msg(
                    f"{P}effects.cooldown_starts" if starts else f"{P}effects.cooldown_ends",
                    faction=planet.owner,
                    planet=planet.name,
                    turn=attacked + cooldown,
                )
            )
        if planet.birth_rate_penalty_until == turn:
            journal.lines.append(
                Msg(f"{P}effects.birth_rate_ends", faction=planet.owner, planet=planet.name)
            )


@dataclass
class ChoiceOutcome:
    """What answering a pending choice did: the new state, lines, records to archive."""

    state: SpacePiratesState
    lines: list[Msg] = field(default_factory=list)
    archive: list[ArchiveRecord] = field(default_factory=list)
    private: dict[str, list[Msg]] = field(default_factory=dict)
    outcome: dict[str, Any] = field(default_factory=dict)
    # The answer a GM's force gave each question it settled, by question number: "accept" or
    # "decline", "cover" or "avoid", "fight", "pay" or "end" (SP-I45).
    forced: dict[int, str] = field(default_factory=dict)
    # What the part of the resolution the answer carried on did to each player, in the
    # summary's words (`ping_lines`: their attacks, and a co-owner's ships lost defending in
    # another player's raid, SP-I43), for the message that pings them.
    told: dict[str, list[Msg]] = field(default_factory=dict)


Carry = Callable[[ResolutionContext], None]


def _carried_on(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    dice: Dice,
    combat: FleetCombatSettings | None,
    answer: Carry,
) -> ChoiceOutcome:
    """Apply an answer (or forced defaults) to a copy of the state, then carry the paused
    resolution on from its cursor (SP-I40, SP-I45)."""
    new = state.model_copy(deep=True)
    journal = Journal()
    credits = Credits(dice)
    rc = ResolutionContext(
        new, settings, combat_settings_for(settings, combat), dice, journal, credits
    )
    with credits.by(NOBODY):  # the pirates' dice: each player's are credited inside
        answer(rc)
        advance(rc)
    journal.drop_answered(open_choices(new))
    return ChoiceOutcome(
        state=new,
        lines=journal.lines,
        archive=journal.archive(),
        private=journal.private,
        outcome={**_outcome(journal), **credits.outcome()},
        told=ping_lines(journal),
    )


def _open(state: SpacePiratesState, choice_id: int) -> PendingResolution:
    return next(w for w in state.waiting if w.choice_id == choice_id)


def answer_choice(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    choice_id: int,
    faction: str,
    first: bool,
    dice: Dice,
    *,
    combat: FleetCombatSettings | None = None,
    by_gm: bool = False,
) -> ChoiceOutcome:
    """The player asked answers a pending choice (SP-I45), `first` being its first option:
    accept a buy-off (SP-8, SP-I34), cover the buildings (SP-I22 `ask_when_raided`),
    retreat (SP-I44), pay a contract's upkeep (SP-I35). The paused steps resume and the
    resolution carries on. Only that player may answer (a GM forces the default with
    `force_choice`), or a GM for them (`by_gm`, `faction` being the player's): the answer
    then says so first, the raid's report marks it, and the outcome names the player."""
    due = next((d for d in state.upkeep_due if d.choice_id == choice_id), None)
    if due is not None:
        require_asked(due.owner, faction)
    pending = None if due is not None else _pending(state, choice_id, faction)

    def answer(rc: ResolutionContext) -> None:
        new = rc.state
        if by_gm:
            rc.journal.lines.append(Msg(f"{P}answered_by_gm", faction=faction))
            rc.journal.outcome["answered_by_gm"] = faction
        if pending is None:
            settle_upkeep(
                new, settings, find_upkeep(new, choice_id, None), pay=first, journal=rc.journal
            )
            return
        now = _open(new, choice_id)
        if pending.choice == "retreat":
            resume_retreat(rc, now, retreat=first, by_gm=by_gm)
        elif pending.choice == "plunder":
            resume_plunder(rc, now, cover=first, by_gm=by_gm)
        else:
            resume(rc, now, accept=first, forced=False, by_gm=by_gm)

    return _carried_on(state, settings, dice, combat, answer)


# The answers by name, as the rest of the code and the tests call them.
answer_buy_off = answer_plunder = answer_retreat = answer_upkeep = answer_choice


def force_choice(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    choice_id: int,
    dice: Dice,
    *,
    combat: FleetCombatSettings | None = None,
) -> ChoiceOutcome:
    """The GM forces a choice's default for an absent player (SP-I45): `buy_off_default`
    (decline) for a buy-off, the planet's `cover_buildings` flag for a plunder branch,
    fighting on for a retreat, `mercenary_upkeep_default` for an upkeep."""
    return force_choices(state, settings, [choice_id], dice, combat=combat)


def force_choices(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    choice_ids: Sequence[int],
    dice: Dice,
    *,
    combat: FleetCombatSettings | None = None,
    to_the_end: bool = False,
) -> ChoiceOutcome:
    """The GM forces the defaults of several open choices at once, in the order given, on
    one copy of the state (SP-I45). Choices that these answers open are left waiting, or,
    `to_the_end`, forced in turn until the resolution is over (every player absent)."""
    open_ids = open_choices(state)
    unknown = [c for c in choice_ids if c not in open_ids]
    if unknown:
        raise NotFound(f"{P}error.choice_not_found", choice=unknown[0])

    forced: dict[int, str] = {}

    def answer(rc: ResolutionContext) -> None:
        new = rc.state
        queue = list(choice_ids)
        while queue:
            choice_id = queue.pop(0)
            given = _force_one(rc, choice_id)
            if given is not None:
                forced[choice_id] = given
            advance(rc)
            if to_the_end and not queue:
                queue = [w.choice_id for w in new.waiting] + [d.choice_id for d in new.upkeep_due]

    outcome = _carried_on(state, settings, dice, combat, answer)
    outcome.forced = forced
    return outcome


def _force_one(rc: ResolutionContext, choice_id: int, *, unasked: bool = False) -> str | None:
    """One open choice's forced default, if it is still open; the answer it gave
    (`unasked`: a question never posted, SP-I45)."""
    pending = next((w for w in rc.state.waiting if w.choice_id == choice_id), None)
    due = next((d for d in rc.state.upkeep_due if d.choice_id == choice_id), None)
    if pending is not None:
        return _force(rc, pending, unasked=unasked)
    if due is not None:
        paid = settle_upkeep(rc.state, rc.settings, due, pay=None, journal=rc.journal)
        return "pay" if paid else "end"
    return None


def _force(rc: ResolutionContext, pending: PendingResolution, *, unasked: bool = False) -> str:
    """A choice's forced default (SP-I45): `buy_off_default`, the standing flag, or fighting
    on (SP-I44); the answer it gave. `unasked`: the question was never posted (the report
    says so instead of naming a GM's force)."""
    if pending.choice == "retreat":
        resume_retreat(rc, pending, retreat=False)
        return "fight"
    if pending.choice == "plunder":
        planet = rc.state.planet(pending.attack.target)
        cover = planet is not None and planet.cover_buildings  # read before the raid goes on
        resume_plunder(rc, pending, cover=None, unasked=unasked)
        return "cover" if cover else "avoid"
    accept = rc.settings.buy_off_default == "accept"
    resume(rc, pending, accept=accept, forced=True, unasked=unasked)
    return "accept" if accept else "decline"


def _pending(state: SpacePiratesState, choice_id: int, faction: str) -> PendingResolution:
    pending = next((w for w in state.waiting if w.choice_id == choice_id), None)
    if pending is None:
        raise NotFound(f"{P}error.choice_not_found", choice=choice_id)
    require_asked(pending.faction, faction)
    return pending


def operations_open(state: SpacePiratesState) -> None:
    """Operations wait while a resolution runs (SP-I40): only answers to pending choices and
    GM commands are taken until it ends."""
    if state.resolution is not None:
        raise RuleViolation(
            f"{P}error.resolution_running", clause="SP-I40", turn=state.resolution.turn
        )


def waiting_for(state: Any, settings: Any, turn: int) -> list[Msg]:
    """One line per pending choice waiting for its player: buy-offs and plunder branches
    (SP-I45)."""
    pirate_state = as_state(state)
    lines: list[Msg] = []
    for pending in pirate_state.waiting:
        report_target = pending.report.get("target_name") or str(pending.attack.target)
        lines.append(waiting_line(pending, str(report_target)))
    lines += [upkeep_waiting_line(d) for d in pirate_state.upkeep_due]
    pirate_settings = as_settings(settings)
    lines += [
        Msg(
            f"{P}waiting.bribe_offer",
            faction=b.victim,
            kind=Msg(f"{P}kind.{b.kind}"),
            cost=bribe_offer_cost(b, pirate_settings),
            bribe=b.offer_number,
        )
        for b in open_bribe_offers(pirate_state)
    ]
    return lines
