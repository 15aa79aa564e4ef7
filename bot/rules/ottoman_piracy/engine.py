"""Ottoman piracy (*Here I Stand*): the pure rules engine (rules/ottoman-piracy.md, OP-*).

The cog drives one piracy at a time:

1. `declare_piracy` checks the declaration (OP-I2, OP-I3), places the marker (OP-1.4),
   counts and rolls the target's anti-piracy dice (OP-2, OP-3), removes corsairs, counts
   and rolls the Ottoman dice (OP-4, OP-5.1) and opens the reward step.
2. For each Ottoman hit the engine offers `available_rewards` (OP-5.7-5.9, OP-I10); a hit
   with exactly one possible reward is settled automatically, a hit with none is lost.
   The chooser answers with `choose_reward`; the GM may `force_default_reward` (OP-I10).
   If the target's hand size is unknown, it is asked only when a card could be the reward:
   the target passes `hand_size=` with the card choice, or calls `set_hand_size` when the
   piracy's status is `awaiting_hand_size` (the card is then the only reward left, or the
   one the Ottoman chooser took).
3. `end_of_turn` (the registered step) clears the markers and releases stolen cards.

Every function is pure: it takes the state, returns a new state in its outcome and leaves
the argument untouched; every die comes from the `Dice` passed in; everything players read
is a `Msg`. Illegal actions raise `RuleViolation` (clause in the message), unknown things
`NotFound`, a second answer to the same hit `Conflict`, the wrong player `NotAllowed`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from bot.dice import Dice
from bot.dice_stats import Credits
from bot.errors import GameError
from bot.errors import NotAllowed
from bot.errors import NotFound
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.rules.ottoman_piracy.dice import count_ottoman_dice
from bot.rules.ottoman_piracy.dice import count_target_dice
from bot.rules.ottoman_piracy.models import PIRACY_LOG
from bot.rules.ottoman_piracy.models import CardLock
from bot.rules.ottoman_piracy.models import FortifiedSpace
from bot.rules.ottoman_piracy.models import HitReward
from bot.rules.ottoman_piracy.models import ImpulseState
from bot.rules.ottoman_piracy.models import OttomanDice
from bot.rules.ottoman_piracy.models import OttomanPiracySettings
from bot.rules.ottoman_piracy.models import OttomanPiracyState
from bot.rules.ottoman_piracy.models import PiracyDeclaration
from bot.rules.ottoman_piracy.models import PiracyMarker
from bot.rules.ottoman_piracy.models import PiracyRecord
from bot.rules.ottoman_piracy.models import Reward
from bot.rules.ottoman_piracy.models import RewardOption
from bot.rules.ottoman_piracy.models import SquadronGroup
from bot.rules.ottoman_piracy.models import TargetDiceSource
from bot.rules.ottoman_piracy.names import KNOWN_POWERS
from bot.rules.ottoman_piracy.names import OTTOMAN
from bot.rules.ottoman_piracy.names import P
from bot.rules.ottoman_piracy.names import counted
from bot.rules.ottoman_piracy.names import find_sea_zone
from bot.rules.ottoman_piracy.names import leader_label
from bot.rules.ottoman_piracy.names import piracy_msg
from bot.rules.ottoman_piracy.names import power_key
from bot.rules.ottoman_piracy.names import power_label
from bot.rules.ottoman_piracy.names import power_look_alike
from bot.rules.ottoman_piracy.names import sea_zone_key
from bot.rules.ottoman_piracy.names import sea_zone_label
from bot.rules.ottoman_piracy.names import sea_zone_name
from bot.rules.ottoman_piracy.names import sea_zones
from bot.rules.ottoman_piracy.names import typed_power_name
from bot.rules.ottoman_piracy.names import zone_words
from bot.rules.ottoman_piracy.rewards import apply_reward
from bot.rules.ottoman_piracy.rewards import awaiting_line
from bot.rules.ottoman_piracy.rewards import awaiting_piracy
from bot.rules.ottoman_piracy.rewards import check_faction
from bot.rules.ottoman_piracy.rewards import check_hand_size
from bot.rules.ottoman_piracy.rewards import find_piracy
from bot.rules.ottoman_piracy.rewards import forced_option
from bot.rules.ottoman_piracy.rewards import hand_size_line
from bot.rules.ottoman_piracy.rewards import pick_option
from bot.rules.ottoman_piracy.rewards import reward_options
from bot.rules.ottoman_piracy.rewards import settle_hits
from bot.rules.ottoman_piracy.rewards import vp_line
from bot.rulesets import ArchiveRecord
from bot.rulesets import TurnContext
from bot.rulesets import TurnStepResult
from bot.text import faces_text
from bot.text import look_alike
from bot.text import name_key
from bot.text import shown

# Roll purposes are catalog keys, so the audit log can show them in either language.
ROLL_ANTI_PIRACY = "ottoman_piracy.roll.anti_piracy"
ROLL_PIRACY = "ottoman_piracy.roll.piracy"
# Fortresses given only as a count carry these names: "#1", "#2"... (see the cog's parser).
COUNTED_FORTRESS = re.compile(r"#\d+")
# Custom powers' names as the GM typed them, by key (the state's `power_names`).
Names = Mapping[str, str] | None


@dataclass(frozen=True)
class PiracyOutcome:
    """What a piracy command did: the new state, the piracy, rewards applied, what's next.

    `applied` lists the rewards settled by this call, automatic ones and lost hits
    included; `options` are the choices for the next hit (empty when nothing awaits).
    """

    state: OttomanPiracyState
    piracy: PiracyRecord
    applied: list[HitReward]
    options: list[RewardOption]
    lines: list[Msg]
    archive: list[ArchiveRecord] = field(default_factory=list)
    # The audit outcome's part naming the faction that rolled each roll (`/history stats`).
    rolled_by: dict[str, Any] = field(default_factory=dict)

    @property
    def awaiting(self) -> bool:
        """Whether the piracy still waits for the chooser or the hand size."""
        return self.piracy.status != "done"


@dataclass(frozen=True)
class StateChange:
    """The result of a bookkeeping command (war status, impulse, VP correction)."""

    state: OttomanPiracyState
    lines: list[Msg] = field(default_factory=list)


@dataclass(frozen=True)
class PiracyStatus:
    """What `/corsairs status` shows: VP, zones used this turn, locked cards, pending piracy."""

    piracy_vp: int
    piracy_vp_cap: int
    zones_used: list[PiracyMarker]
    card_locks: list[CardLock]
    in_progress: PiracyRecord | None
    at_war_with_ottomans: list[str]
    impulse: ImpulseState
    lines: list[Msg]


def _outcome(
    new: OttomanPiracyState,
    settings: OttomanPiracySettings,
    record: PiracyRecord,
    applied: list[HitReward],
    lines: list[Msg],
    rolled_by: dict[str, Any] | None = None,
) -> PiracyOutcome:
    """The outcome of a piracy step; a piracy with its last reward leaves the state for the
    archive, so the state stays the same size however many piracies the campaign saw."""
    archive: list[ArchiveRecord] = []
    if record.status == "done":
        new.pending_piracy = None
        archive.append(ArchiveRecord(PIRACY_LOG, record.id, record))
    return PiracyOutcome(
        state=new,
        piracy=record,
        applied=applied,
        options=reward_options(new, settings, record),
        lines=lines,
        archive=archive,
        rolled_by=rolled_by or {},
    )


# --- step 1: declaring ---------------------------------------------------------------------


def _markers_in_zone(state: OttomanPiracyState, zone_key: str, turn: int) -> list[PiracyMarker]:
    """This turn's piracy markers in the zone `zone_key` (`sea_zone_key`) names."""
    return [m for m in state.piracy_markers if m.zone_key == zone_key and m.turn == turn]


def check_declarer(state: OttomanPiracyState, by_faction: str | None) -> None:
    """OP-1.1: only the faction playing the Ottomans (or the GM, `by_faction` None)
    declares piracy; checked before anything about the declaration itself."""
    ottoman_faction = state.faction_of(OTTOMAN)
    if by_faction is not None and ottoman_faction is not None and by_faction != ottoman_faction:
        raise NotAllowed(P + "error.not_ottoman_player", clause="OP-1.1")


def declaration_lines(
    piracy_id: int,
    declaration: PiracyDeclaration,
    names: Names,
    cp_cost: int,
    cp_left: int | None,
) -> list[Msg]:
    """How a piracy's story and its log entry begin: the zone and the target (OP-1.1,
    OP-1.2), the corsairs and the naval leaders in the zone (OP-4.4, named whether their
    rating counts or not, OP-I9), and the CP it cost (OP-I14: `cp_left` when enforced)."""
    zone = sea_zone_label(declaration.sea_zone)
    target = power_label(declaration.target, names)
    lines = [
        piracy_msg("line.declared", piracy=piracy_id, zone=zone, target=target),
        piracy_msg("line.corsairs_in_zone", corsairs=counted("corsairs", declaration.corsairs)),
    ]
    if declaration.naval_leaders:
        leaders = MsgList([leader_label(n) for n in declaration.naval_leaders])
        lines.append(piracy_msg("line.leaders_in_zone", leaders=leaders))
    if cp_left is not None:  # enforced, the CP come out of the impulse's
        lines.append(piracy_msg("line.cp_spent_enforced", cp=cp_cost, left=cp_left))
    elif cp_cost:
        lines.append(piracy_msg("line.cp_spent", cp=cp_cost))
    return lines


def _check_declaration(
    state: OttomanPiracyState,
    settings: OttomanPiracySettings,
    declaration: PiracyDeclaration,
    turn: int,
    by_faction: str | None,
) -> None:
    """Refuse a declaration the rules forbid (OP-1.1-1.4, OP-I2, OP-I3, OP-I14): who may
    declare first, then what stands in the way. The Ottomans must be the active power
    (OP-I2): with no impulse started this turn the bot cannot know they are, so the
    declaration is refused until a GM starts theirs."""
    check_declarer(state, by_faction)
    pending = state.in_progress
    if pending is not None:
        raise RuleViolation(P + "error.piracy_in_progress", clause="OP-5.3", piracy=pending.id)
    active = state.impulse.active_power
    if active is None:
        raise RuleViolation(P + "error.no_impulse", clause="OP-I2")
    if active != OTTOMAN:
        raise RuleViolation(P + "error.not_ottoman_impulse", clause="OP-1.1", power=active)
    if declaration.target == OTTOMAN:
        raise RuleViolation(P + "error.target_is_ottoman", clause="OP-1.2")
    playing = state.faction_of(declaration.target)
    if playing is not None and playing == state.faction_of(OTTOMAN):
        _check_not_both(state.power_names, OTTOMAN, declaration.target, playing)
    if declaration.target_ports < 1:
        raise RuleViolation(
            P + "error.no_target_port", clause="OP-1.2", zone=sea_zone_name(declaration.sea_zone)
        )
    if declaration.corsairs < 1 and settings.require_corsairs:
        raise RuleViolation(
            P + "error.no_corsairs", clause="OP-I2", zone=sea_zone_name(declaration.sea_zone)
        )
    _check_zone_unlike(state, declaration.sea_zone)
    markers = _markers_in_zone(state, sea_zone_key(declaration.sea_zone), turn)
    if markers and sum(len(m.piracy_ids) for m in markers) >= settings.piracy_per_zone_per_turn:
        raise RuleViolation(
            P + "error.zone_already_used",
            clause="OP-1.4",
            zone=sea_zone_name(markers[0].sea_zone),
            limit=settings.piracy_per_zone_per_turn,
        )
    for leader in declaration.naval_leaders:
        if leader not in settings.piracy_ratings:
            raise NotFound(
                P + "error.unknown_leader",
                leader=leader,
                known=MsgList([leader_label(known) for known in sorted(settings.piracy_ratings)]),
            )
    _check_fortresses_once(declaration.fortified_spaces)
    if settings.enforce_cp:
        available = state.impulse.cp_remaining
        if available is None:
            raise RuleViolation(P + "error.cp_budget_unknown", clause="OP-I14")
        if available < settings.piracy_cp_cost:
            raise RuleViolation(
                P + "error.not_enough_cp",
                clause="OP-I14",
                cost=settings.piracy_cp_cost,
                available=available,
            )


def _check_fortresses_once(spaces: Sequence[FortifiedSpace]) -> None:
    """OP-2.4: each fortress gives at most one die, so one named twice (whatever its case or
    invisible characters, `name_key`) is refused rather than counted twice; a counted one
    ("#1") typed beside a count (`2, #1`) is the same fortress too."""
    seen: set[str] = set()
    for space in spaces:
        key = name_key(space.name)
        if key in seen:
            raise RuleViolation(P + "error.fortress_twice", clause="OP-2.4", name=space.name)
        seen.add(key)


def _check_zone_unlike(state: OttomanPiracyState, sea_zone: str) -> None:
    """OP-1.4, OP-I3: a zone off the map is accepted as typed, but not one that only looks
    like a zone of the map or a zone marked this turn (`Ionian Seа` with a Cyrillic `а`,
    `lonian Sea` with a small `L`): it would carry a piracy marker of its own, and the zone
    it stands for would see a second piracy in the turn."""
    if find_sea_zone(sea_zone) is not None:
        return
    names = [name for zone in sea_zones() for name in (zone.en, zone.ru, *zone.aliases)]
    names += [marker.sea_zone for marker in state.piracy_markers]
    # Compared as `zone_words` (case kept, as look-alikes are told by their letters' shapes),
    # so punctuation hides no look-alike letter.
    spellings = {zone_words(name): name for name in reversed(names)}
    other = look_alike(zone_words(sea_zone), spellings)
    if other is not None:
        raise RuleViolation(
            P + "error.zone_look_alike",
            clause="OP-1.4",
            zone=sea_zone.strip(),
            existing=sea_zone_label(spellings[other]),
        )


def _place_marker(state: OttomanPiracyState, sea_zone: str, turn: int, piracy_id: int) -> None:
    """OP-1.4, OP-I3: the marker goes down as soon as the declaration is accepted."""
    for marker in _markers_in_zone(state, sea_zone_key(sea_zone), turn):
        marker.piracy_ids.append(piracy_id)
        return
    state.piracy_markers.append(PiracyMarker(sea_zone=sea_zone, turn=turn, piracy_ids=[piracy_id]))


def _squadrons_in_range(
    state: OttomanPiracyState, settings: OttomanPiracySettings, declaration: PiracyDeclaration
) -> list[SquadronGroup]:
    """Squadrons the target may give up (OP-5.4, OP-I11): its own first, then allies'."""
    target = declaration.target
    own = [g for g in declaration.squadrons if g.power == target and g.count > 0]
    allies: list[SquadronGroup] = []
    if settings.squadron_reward_owner == "target_or_allies":
        allies = [
            g
            for g in declaration.squadrons
            if g.power not in (target, OTTOMAN) and state.is_at_war(g.power) and g.count > 0
        ]
    return own + allies


def declare_piracy(
    state: OttomanPiracyState,
    settings: OttomanPiracySettings,
    declaration: PiracyDeclaration,
    dice: Dice,
    turn: int,
    *,
    by_faction: str | None = None,
) -> PiracyOutcome:
    """Resolve a piracy up to its first reward choice (OP-1 to OP-5, OP-I2-I9).

    `by_faction`, when given, must be the faction playing the Ottomans (None: the GM).
    Rolls, in order: the target's anti-piracy dice (skipped with none, OP-3.1), then the
    Ottoman dice (skipped when no corsair survives, OP-4.1), then any random-card rolls of
    hits settled automatically. Each side's dice count for its power's player in
    `/history stats` (OP-3: the target rolls its own anti-piracy dice).
    """
    _check_declaration(state, settings, declaration, turn, by_faction)
    credits = Credits(dice)
    new = state.model_copy(deep=True)
    piracy_id = new.last_piracy_id + 1
    new.last_piracy_id = piracy_id
    target = declaration.target
    target_name = power_label(target, new.power_names)
    cp_left: int | None = None
    if settings.enforce_cp and new.impulse.cp_remaining is not None:
        new.impulse.cp_remaining -= settings.piracy_cp_cost
        cp_left = new.impulse.cp_remaining
    lines = declaration_lines(
        piracy_id, declaration, new.power_names, settings.piracy_cp_cost, cp_left
    )
    _place_marker(new, declaration.sea_zone.strip(), turn, piracy_id)

    # OP-2: the target's dice.
    sources = count_target_dice(new, settings, declaration)
    total = sum(s.dice for s in sources)
    lines += source_lines(sources, new.power_names)
    # OP-3: the anti-piracy roll; each hit sinks a corsair, extra hits are lost (OP-I7).
    anti_faces: list[int] = []
    if total:
        lines.append(
            piracy_msg("line.target_dice", target=target_name, dice=counted("dice", total))
        )
        with credits.by(new.faction_of(target)):
            anti_faces = dice.roll(
                total, 6, ROLL_ANTI_PIRACY, clause="OP-3.2", hit_on=settings.hit_min_face
            )
    else:
        lines.append(piracy_msg("line.no_target_dice", target=target_name))
    anti_hits = sum(1 for f in anti_faces if f >= settings.hit_min_face)
    corsairs_lost = min(anti_hits, declaration.corsairs)
    extra_hits = anti_hits - corsairs_lost
    squadrons_lost = 0
    if settings.anti_piracy_hits_hit_squadrons:
        squadrons_lost = min(extra_hits, declaration.ottoman_squadrons)
    corsairs_left = declaration.corsairs - corsairs_lost
    if anti_faces:
        lines.append(
            piracy_msg(
                "line.anti_piracy_roll",
                faces=faces_text(anti_faces),
                hits=counted("hits", anti_hits),
            )
        )
        lines.append(
            piracy_msg(
                "line.corsairs_sunk",
                sunk=counted("corsairs", corsairs_lost),
                left=counted("corsairs", corsairs_left),
            )
        )
    if squadrons_lost:
        lines.append(
            piracy_msg(
                "line.ottoman_squadrons_sunk", squadrons=counted("squadrons", squadrons_lost)
            )
        )
    if extra_hits - squadrons_lost > 0:
        lines.append(
            piracy_msg("line.extra_hits_lost", hits=counted("hits", extra_hits - squadrons_lost))
        )

    chooser = target if settings.reward_chooser == "target" else OTTOMAN
    record = PiracyRecord(
        id=piracy_id,
        turn=turn,
        impulse=new.impulse.number,
        declaration=declaration,  # frozen, so the record may share it
        chooser=chooser,
        cp_cost=settings.piracy_cp_cost,
        cp_left=cp_left,
        target_dice=sources,
        anti_piracy_faces=anti_faces,
        anti_piracy_hits=anti_hits,
        corsairs_lost=corsairs_lost,
        ottoman_squadrons_lost=squadrons_lost,
    )
    if corsairs_left == 0:
        # OP-4.1, OP-I7: no corsair left, no Ottoman roll; the marker stays.
        lines.append(piracy_msg("line.all_corsairs_sunk"))
    else:
        ottoman_dice = count_ottoman_dice(settings, declaration, corsairs_left)
        record.ottoman_dice = ottoman_dice
        lines += ottoman_count_lines(ottoman_dice, corsairs_left)
        with credits.by(new.faction_of(OTTOMAN)):
            faces = dice.roll(
                ottoman_dice.total, 6, ROLL_PIRACY, clause="OP-5.2", hit_on=settings.hit_min_face
            )
        record.piracy_faces = faces
        record.hits = sum(1 for f in faces if f >= settings.hit_min_face)
        lines.append(
            piracy_msg(
                "line.piracy_roll", faces=faces_text(faces), hits=counted("hits", record.hits)
            )
        )
        record.squadrons_in_range = _squadrons_in_range(new, settings, declaration)
        record.hand_size = (
            declaration.target_hand_size
            if declaration.target_hand_size is not None
            else new.hand_sizes.get(target)
        )
        record.status = "awaiting_choice" if record.hits else "done"
    new.pending_piracy = record
    applied = settle_hits(new, settings, record, dice, lines)
    return _outcome(new, settings, record, applied, lines, credits.outcome())


def source_lines(sources: Sequence[TargetDiceSource], names: Names) -> list[Msg]:
    """OP-2: each source of the target's dice with its dice, or why it gives none (`names`:
    the custom powers'), worded as the player registered it: squadrons in adjacent sea zones
    or ports at no place named are said to be there (OP-2.3), and fortresses given only as a
    count are one line of qualifying fortresses (OP-2.4)."""
    lines: list[Msg] = []
    counted_forts = [
        s for s in sources if s.kind == "fortified_space" and COUNTED_FORTRESS.fullmatch(s.place)
    ]
    if counted_forts:
        fortresses = piracy_msg("count.fortresses", count=len(counted_forts))
        forts_dice = counted("dice", sum(s.dice for s in counted_forts))
    for source in sources:
        if source in counted_forts:
            if source is counted_forts[0]:
                lines.append(
                    piracy_msg("line.source", source=fortresses, dice=forts_dice, clause="OP-2.4")
                )
            continue
        label = _source_label(source, names)
        if source.excluded is None:
            dice = counted("dice", source.dice)
            lines.append(piracy_msg("line.source", source=label, dice=dice, clause=source.clause))
            continue
        reason = piracy_msg(f"excluded.{source.excluded}", power=power_label(source.power, names))
        lines.append(
            piracy_msg("line.source_excluded", source=label, reason=reason, clause=source.clause)
        )
    return lines


def ottoman_count_lines(dice: OttomanDice, corsairs_left: int) -> list[Msg]:
    """How the Ottoman dice were counted (OP-4): the base and its reason, the corsairs when
    they were counted before the anti-piracy roll (OP-I8), each leader's rating added or,
    with `leader_rating_mode = max`, not (OP-I9)."""
    lines = [
        piracy_msg(
            "line.ottoman_dice",
            dice=counted("dice", dice.total),
            base=dice.base,
            reason=piracy_msg(f"base_reason.{dice.base_reason}"),
        )
    ]
    if dice.corsairs_counted != corsairs_left:
        lines.append(
            piracy_msg(
                "line.corsairs_counted_before",
                corsairs=counted("corsairs", dice.corsairs_counted),
            )
        )
    for bonus in dice.leaders:
        leader = leader_label(bonus.leader)
        if bonus.counted:
            lines.append(piracy_msg("line.leader_bonus", leader=leader, rating=bonus.rating))
        else:
            lines.append(piracy_msg("line.leader_not_counted", leader=leader))
    return lines


def _source_label(source: TargetDiceSource, names: Names) -> Msg:
    """Who gives the dice, and where (an adjacent place the player left unnamed: "adjacent
    sea zones or ports", OP-2.3)."""
    power = power_label(source.power, names)
    squadrons = counted("squadrons", source.units)
    adjacent = source.kind in ("squadron_adjacent_sea", "squadron_adjacent_port")
    if adjacent and not source.place:
        return piracy_msg("source.squadron_adjacent", power=power, squadrons=squadrons)
    place = shown(source.place)
    return piracy_msg(f"source.{source.kind}", power=power, place=place, squadrons=squadrons)


def available_rewards(
    state: OttomanPiracyState, settings: OttomanPiracySettings, piracy_id: int
) -> list[RewardOption]:
    """The rewards the chooser may pick for the hit now awaiting; empty when none awaits.

    OP-5.7: no card from an empty hand; OP-5.8, OP-I13: no VP at the cap; OP-5.4, OP-I11:
    a squadron only while one of the target's (or, by setting, allies') is in range.
    """
    return reward_options(state, settings, find_piracy(state, piracy_id))


def choose_reward(
    state: OttomanPiracyState,
    settings: OttomanPiracySettings,
    piracy_id: int,
    reward: Reward,
    dice: Dice,
    *,
    squadron: int | None = None,
    hand_size: int | None = None,
    hit: int | None = None,
    by_faction: str | None = None,
) -> PiracyOutcome:
    """Apply the chooser's reward for the awaiting hit, then settle what needs no choice.

    `squadron` is a `RewardOption.squadron_index` (needed only when several places hold
    squadrons); `hand_size` states the target's hand when it was unknown (OP-I12); `hit` is
    the hit the button was shown for, so a double click raises `Conflict` instead of paying
    twice; `by_faction` must be the chooser's faction (None: the GM). Different hits may
    get different rewards (OP-5.10). The card is a logged 1dH roll and H drops by one.

    Only the target states its hand (OP-I12): a `hand_size` from another faction is
    refused. When the Ottomans choose (OP-I10 `reward_chooser`) and take a card from a hand
    of unknown size, the piracy waits for the target's hand (`awaiting_hand_size`, then
    `set_hand_size` takes the card from it).
    """
    new = state.model_copy(deep=True)
    record = awaiting_piracy(new, piracy_id, hit)
    check_faction(new, record.chooser, by_faction, "error.not_your_choice", "OP-5.3")
    lines: list[Msg] = []
    if hand_size is None and reward == "card" and record.chooser != record.target:
        cards = [o for o in reward_options(new, settings, record) if o.reward == "card"]
        if cards and cards[0].needs_hand_size and settings.random_card_method == "bot_index_roll":
            record.card_chosen = True
            record.status = "awaiting_hand_size"
            lines.append(awaiting_line(record, new.power_names))
            return _outcome(new, settings, record, [], lines)
    if hand_size is not None:
        check_faction(new, record.target, by_faction, "error.not_your_hand", "OP-I12")
        check_hand_size(hand_size)
        record.hand_size = hand_size
        new.hand_sizes[record.target] = hand_size
        if reward == "card" and hand_size == 0:  # OP-5.7: no card to take; settle the rest
            lines.append(hand_size_line(record.target, hand_size, new.power_names))
            return _outcome(
                new, settings, record, settle_hits(new, settings, record, dice, lines), lines
            )
    option = pick_option(new, settings, record, reward, squadron)
    applied = [apply_reward(new, settings, record, option, "chosen", dice, lines)]
    applied += settle_hits(new, settings, record, dice, lines)
    return _outcome(new, settings, record, applied, lines)


def set_hand_size(
    state: OttomanPiracyState,
    settings: OttomanPiracySettings,
    piracy_id: int,
    hand_size: int,
    dice: Dice,
    *,
    hit: int | None = None,
    by_faction: str | None = None,
) -> PiracyOutcome:
    """Record the target's hand size for the piracy in progress and settle what follows.

    Needed when the status is `awaiting_hand_size`: a card is then the only reward left (or
    the one the Ottoman chooser took, OP-I10), so with H >= 1 it is taken at once (logged
    1dH roll); with H = 0 the hit is lost, or the chooser picks among the other rewards
    (OP-5.7, OP-5.9, OP-I12). `by_faction` must be the target's faction (None: the GM).
    """
    new = state.model_copy(deep=True)
    record = awaiting_piracy(new, piracy_id, hit)
    check_faction(new, record.target, by_faction, "error.not_your_hand", "OP-I12")
    check_hand_size(hand_size)
    record.hand_size = hand_size
    new.hand_sizes[record.target] = hand_size
    lines = [hand_size_line(record.target, hand_size, new.power_names)]
    applied: list[HitReward] = []
    if record.card_chosen and hand_size > 0:  # the card the Ottoman chooser took (OP-I10)
        card = RewardOption(reward="card")
        applied.append(apply_reward(new, settings, record, card, "chosen", dice, lines))
    record.card_chosen = False  # an empty hand gives no card: the chooser chooses again
    applied += settle_hits(new, settings, record, dice, lines)
    return _outcome(new, settings, record, applied, lines)


def force_default_reward(
    state: OttomanPiracyState,
    settings: OttomanPiracySettings,
    piracy_id: int,
    dice: Dice,
    *,
    hit: int | None = None,
    hand_size: int | None = None,
    all_remaining: bool = True,
) -> PiracyOutcome:
    """The GM's forced default for a chooser who does not answer (OP-I10).

    Each hit gets the first possible reward in `forced_reward_order`; a squadron is taken
    from the first place listed (the target's own before allies'). With `all_remaining`
    (default) every hit left is forced, else only the awaiting one. A card from a hand of
    unknown size needs `hand_size` (bot roll): without it the force stops at the card, the
    first possible reward in its turn, rather than forcing one later in the order, and a
    `RuleViolation` asks for the hand size when it forced nothing yet. The lines
    ask for no hit the force went on to settle: only the question still open at its end.
    """
    new = state.model_copy(deep=True)
    record = awaiting_piracy(new, piracy_id, hit)
    lines: list[Msg] = []
    if hand_size is not None:
        check_hand_size(hand_size)
        record.hand_size = hand_size
        new.hand_sizes[record.target] = hand_size
    applied: list[HitReward] = []
    while record.status != "done":
        options = reward_options(new, settings, record)
        if not options:  # OP-5.9: no reward is possible any more (a hand of 0, VP at the cap)
            applied += settle_hits(new, settings, record, dice, lines)
            break
        option = forced_option(options, settings)
        if option is None:
            if not applied:  # the GM gives the hand with the force itself
                raise RuleViolation(P + "error.force_hand_size_needed", clause="OP-I12")
            break
        if lines and lines[-1] == awaiting_line(record, new.power_names):
            lines.pop()  # the hit it asked for is forced now: no stale question
        applied.append(apply_reward(new, settings, record, option, "forced", dice, lines))
        applied += settle_hits(new, settings, record, dice, lines)
        if not all_remaining:
            break
    return _outcome(new, settings, record, applied, lines)


# --- bookkeeping ---------------------------------------------------------------------------


def start_impulse(state: OttomanPiracyState, power: str, *, cp: int | None = None) -> StateChange:
    """A new impulse begins: piracy may be declared while the Ottomans are the active power
    (OP-1.1, OP-I2), and stolen cards are released (OP-5.5, OP-I12).

    Cards locked `until_next_impulse` become playable at any later impulse; those locked
    `until_next_ottoman_impulse` at the next Ottoman one. `cp`, the CP the active power has
    for the impulse, is the budget `enforce_cp` checks (OP-I14). Known hand sizes are
    forgotten, since every impulse may change them.
    """
    new = state.model_copy(deep=True)
    key = power_key(power)
    new.impulse = ImpulseState(number=new.impulse.number + 1, active_power=key, cp_remaining=cp)
    new.hand_sizes = {}
    released = [
        lock
        for lock in new.card_locks
        if lock.impulse < new.impulse.number
        and (lock.lock == "until_next_impulse" or key == OTTOMAN)
    ]
    new.card_locks = [lock for lock in new.card_locks if lock not in released]
    lines = [
        piracy_msg(
            "line.impulse_started",
            power=power_label(key, new.power_names),
            impulse=new.impulse.number,
        )
    ]
    lines += _unlock_lines(released, new.power_names)
    return StateChange(state=new, lines=lines)


def _lock_groups(locks: Sequence[CardLock]) -> list[tuple[CardLock, int]]:
    """The locks of one piracy's cards together (same piracy, power and lock), in order,
    each with how many cards it holds: the cards are told once, with their number."""
    groups: dict[tuple[int, str, str], list[CardLock]] = {}
    for lock in locks:
        groups.setdefault((lock.piracy_id, lock.from_power, lock.lock), []).append(lock)
    return [(group[0], len(group)) for group in groups.values()]


def _unlock_lines(locks: Sequence[CardLock], names: Mapping[str, str]) -> list[Msg]:
    """The stolen cards now playable (OP-5.5, OP-I12), one line per piracy."""
    return [
        piracy_msg(
            "line.card_unlocked" if cards == 1 else "line.cards_unlocked",
            power=power_label(lock.from_power, names),
            piracy=lock.piracy_id,
            cards=counted("cards", cards),
        )
        for lock, cards in _lock_groups(locks)
    ]


def set_at_war(state: OttomanPiracyState, power: str, at_war: bool) -> StateChange:
    """Register whether a power is at war with the Ottomans (OP-1.3, OP-2.3, OP-2.4)."""
    key = power_key(power)
    if key == OTTOMAN:
        raise RuleViolation(P + "error.ottoman_at_war", clause="OP-2.3")
    new = state.model_copy(deep=True)
    powers = set(new.at_war_with_ottomans)
    if at_war:
        powers.add(key)
    else:
        powers.discard(key)
    new.at_war_with_ottomans = sorted(powers)
    line = "line.now_at_war" if at_war else "line.now_at_peace"
    return StateChange(state=new, lines=[piracy_msg(line, power=power_label(key, new.power_names))])


def assign_power(state: OttomanPiracyState, power: str, faction: str | None) -> StateChange:
    """Record which faction plays a power (None removes it); a faction may play several, but
    not the Ottomans and a power they may target (`_check_not_both`, OP-I2)."""
    key = power_key(power)
    if faction is not None:
        # A power new to the campaign is named as the GM typed it, not by its key.
        names = {key: typed_power_name(power), **state.power_names}
        for played, playing in state.power_factions.items():
            if playing == faction and played != key:
                _check_not_both(names, key, played, faction)
    registered = {*state.power_factions, *state.at_war_with_ottomans, *state.power_names}
    if key not in KNOWN_POWERS and key not in registered:
        # A new power that reads like one the campaign knows (`Hаpsburgs` with a Cyrillic
        # `а`) would be a second power every list shows under the same name.
        other = power_look_alike(power, registered, state.power_names)
        if other is not None:
            raise GameError(
                P + "error.power_look_alike", power=typed_power_name(power), existing=other
            )
    new = state.model_copy(deep=True)
    if faction is None:
        new.power_factions.pop(key, None)
    else:
        new.power_factions[key] = faction
    typed = typed_power_name(power)
    if key not in KNOWN_POWERS and (key not in new.power_names or typed != key):
        new.power_names[key] = typed  # a custom power is shown as the GM typed it
    label = power_label(key, new.power_names)
    if faction is None:
        return StateChange(state=new, lines=[piracy_msg("line.power_cleared", power=label)])
    return StateChange(
        state=new,
        # The faction as its player typed it (`shown`), as the power's label is.
        lines=[piracy_msg("line.power_assigned", power=label, faction=shown(faction))],
    )


def _check_not_both(names: Mapping[str, str], power: str, other: str, faction: str) -> None:
    """OP-1.2, OP-I2: the target is not the Ottomans. One faction (`faction`) cannot play
    both the Ottomans and another power (`power`, `other`): any power with a port may be
    targeted (OP-1.2, OP-1.3), and the Ottomans would declare piracy on themselves and
    choose or take their own rewards (OP-5.3)."""
    if OTTOMAN not in (power, other) or power == other:
        return
    target = other if power == OTTOMAN else power
    raise RuleViolation(
        P + "error.ottoman_and_target",
        clause="OP-I2",
        faction=shown(faction),
        power=power_label(target, names),
    )


def set_piracy_vp(
    state: OttomanPiracyState, settings: OttomanPiracySettings, vp: int, dice: Dice
) -> StateChange | PiracyOutcome:
    """The GM's correction of the piracy VP track, within 0..cap (OP-5.8, OP-I13).

    When a piracy in progress waits for a reward and the change makes +1 VP possible again
    or takes it away (the cap), its hits are settled anew as when a hand is stated (OP-5.9):
    a hit with one possible reward takes it ("the only possible reward"), a hit with none is
    lost, a card from a hand of unknown size asks the target's hand; the piracy is then told
    (`PiracyOutcome`). A card the chooser already took (OP-I10) stays chosen. Otherwise the
    track is only corrected (`StateChange`)."""
    if not 0 <= vp <= settings.piracy_vp_cap:
        raise RuleViolation(
            P + "error.vp_out_of_range", clause="OP-5.8", cap=settings.piracy_vp_cap
        )
    new = state.model_copy(deep=True)
    before = new.piracy_vp
    new.piracy_vp = vp
    lines = [piracy_msg("line.vp_set", before=before, after=vp, cap=settings.piracy_vp_cap)]
    settled = _settled_anew(state, settings, new, settings, dice, lines)
    return StateChange(state=new, lines=lines) if settled is None else settled


def settings_changed(
    state: OttomanPiracyState,
    old: OttomanPiracySettings,
    new: OttomanPiracySettings,
    dice: Dice,
) -> PiracyOutcome | None:
    """New settings saved while a piracy waits for a reward (`/campaign settings set` or
    `import`): when they change the rewards its hit may take (a cap lowered to the VP
    already gained takes +1 VP away, OP-5.8, OP-I13; one raised gives it back), its hits are
    settled anew as for a VP correction (`set_piracy_vp`, OP-5.9, OP-I10): a hit with one
    possible reward takes it, one with none is lost, and the piracy is told
    (`PiracyOutcome`). None when the settings change nothing in it."""
    return _settled_anew(state, old, state.model_copy(deep=True), new, dice, [])


def _settled_anew(
    state: OttomanPiracyState,
    settings: OttomanPiracySettings,
    new: OttomanPiracyState,
    new_settings: OttomanPiracySettings,
    dice: Dice,
    lines: list[Msg],
) -> PiracyOutcome | None:
    """The piracy in progress in `new` (a copy of `state`, changed), settled anew with
    `new_settings` when the rewards its next hit may take differ from what `state` with
    `settings` offered; None when they do not, or nothing waits for a reward, or the chooser
    already took the card (OP-I10: it stays chosen)."""
    record = new.in_progress
    if record is None or record.status == "done" or record.card_chosen:
        return None
    if reward_options(state, settings, record) == reward_options(new, new_settings, record):
        return None
    applied = settle_hits(new, new_settings, record, dice, lines)
    return _outcome(new, new_settings, record, applied, lines)


def register_hand_size(state: OttomanPiracyState, power: str, hand_size: int | None) -> StateChange:
    """Record a power's hand size for this impulse (None forgets it); declarations use it
    when they do not state the target's hand (OP-I12)."""
    key = power_key(power)
    new = state.model_copy(deep=True)
    if hand_size is None:
        new.hand_sizes.pop(key, None)
        return StateChange(state=new)
    check_hand_size(hand_size)
    new.hand_sizes[key] = hand_size
    return StateChange(state=new, lines=[hand_size_line(key, hand_size, new.power_names)])


def state_hand_size(
    state: OttomanPiracyState,
    settings: OttomanPiracySettings,
    power: str,
    hand_size: int,
    dice: Dice,
) -> StateChange | PiracyOutcome:
    """A power states its hand for this impulse (OP-I12). When the piracy in progress
    targets that power and still waits for rewards, it is the hand its cards come from:
    the question offers the card from that hand (no hand to pick), and what then needs no
    choice settles at once, as when the hand is picked in the question (OP-5.7, OP-5.9): a
    card that was the only reward left is taken (a logged 1dH roll), or the hit is lost
    with an empty hand. Otherwise the hand is only recorded (`register_hand_size`)."""
    key = power_key(power)
    record = state.in_progress
    if record is None or record.target != key or record.status == "done":
        return register_hand_size(state, key, hand_size)
    return set_hand_size(state, settings, record.id, hand_size, dice)


# --- status, waiting, end of turn -----------------------------------------------------------


def zones_used_lines(zones: Sequence[PiracyMarker]) -> list[Msg]:
    """The sea zones used by piracy this turn, with how many piracies each (OP-I3): a line
    each under the status's heading "Piracy markers this turn"."""
    return [
        piracy_msg(
            "status.zone_used",
            zone=sea_zone_label(m.sea_zone),
            piracies=counted("piracies", len(m.piracy_ids)),
        )
        for m in zones
    ] or [piracy_msg("status.no_zones_used")]


def card_lock_lines(locks: Sequence[CardLock], names: Mapping[str, str] | None = None) -> list[Msg]:
    """The stolen cards not yet playable, and until when (OP-I12); `names` are the custom
    powers' (the state's `power_names`)."""
    return [
        piracy_msg(
            "status.card_locked" if cards == 1 else "status.cards_locked",
            power=power_label(lock.from_power, names),
            piracy=lock.piracy_id,
            lock=piracy_msg(f"lock.{lock.lock}"),
            cards=counted("cards", cards),
        )
        for lock, cards in _lock_groups(locks)
    ] or [piracy_msg("status.no_card_locks")]


def state_warnings(state: OttomanPiracyState, settings: OttomanPiracySettings) -> list[Msg]:
    """What the GM is told on saving settings that leave the piracy VP past the cap (a cap
    lowered below the VP already gained): the VP stay, and +1 VP is not offered (OP-I13)."""
    if state.piracy_vp <= settings.piracy_vp_cap:
        return []
    return [
        piracy_msg(
            "warning.vp_past_cap",
            vp=state.piracy_vp,
            cap=settings.piracy_vp_cap,
            clause="OP-I13",
        )
    ]


def piracy_status(
    state: OttomanPiracyState, settings: OttomanPiracySettings, turn: int
) -> PiracyStatus:
    """For `/corsairs status`: piracy VP, zones used this turn, stolen cards still locked."""
    zones = [m for m in state.piracy_markers if m.turn == turn]
    lines = [vp_line(state.piracy_vp, settings.piracy_vp_cap)]
    lines += zones_used_lines(zones) + card_lock_lines(state.card_locks, state.power_names)
    pending = state.in_progress
    if pending is not None:
        lines.append(_waiting_line(pending, state.power_names))
    return PiracyStatus(
        piracy_vp=state.piracy_vp,
        piracy_vp_cap=settings.piracy_vp_cap,
        zones_used=zones,
        card_locks=list(state.card_locks),
        in_progress=pending,
        at_war_with_ottomans=list(state.at_war_with_ottomans),
        impulse=state.impulse,
        lines=lines,
    )


def _waiting_line(record: PiracyRecord, names: Mapping[str, str]) -> Msg:
    zone = sea_zone_label(record.declaration.sea_zone)
    if record.status == "awaiting_hand_size":
        target = power_label(record.target, names)
        return piracy_msg("waiting.hand_size", target=target, piracy=record.id, zone=zone)
    return piracy_msg(
        "waiting.reward",
        chooser=power_label(record.chooser, names),
        piracy=record.id,
        zone=zone,
        hit=record.awaiting_hit,
        hits=record.hits,
    )


def waiting_for(state: OttomanPiracyState, settings: OttomanPiracySettings, turn: int) -> list[Msg]:
    """Pending reward choices (or a hand size) the turn is waiting for (OP-I10)."""
    pending = state.in_progress
    return [] if pending is None else [_waiting_line(pending, state.power_names)]


def end_of_turn(
    ctx: TurnContext[OttomanPiracyState, OttomanPiracySettings],
) -> TurnStepResult[OttomanPiracyState]:
    """End-of-turn step: piracy markers are removed and stolen cards become playable.

    OP-1.4, OP-I3: markers last for the turn. OP-I12: the turn's end is past the next
    impulse; in *Here I Stand* the Ottomans open every turn's impulses, so cards locked
    until the next Ottoman impulse are released too. A piracy still awaiting rewards stays
    pending, its marker removed with the others, and the summary says so: each hit owes a
    reward while one is possible (OP-5.3), chosen by the target, and only a GM may force the
    default for a chooser who does not answer (OP-I10); a turn's end neither drops what is
    owed nor chooses for anyone. Until it is settled no other piracy is declared (one at a
    time, OP-5.3). Running the step twice for the same turn changes nothing more.
    """
    state = ctx.state
    if ctx.turn <= state.last_resolved_turn:
        return TurnStepResult(state=state, lines=[], outcome={"already_resolved": ctx.turn})
    new = state.model_copy(deep=True)
    cleared = [m for m in new.piracy_markers if m.turn <= ctx.turn]
    new.piracy_markers = [m for m in new.piracy_markers if m.turn > ctx.turn]
    released = list(new.card_locks)
    new.card_locks = []
    new.hand_sizes = {}
    new.impulse = ImpulseState(number=new.impulse.number)
    new.last_resolved_turn = ctx.turn
    lines: list[Msg] = []
    if cleared:
        lines.append(piracy_msg("turn.markers_removed", count=len(cleared)))
    lines += _unlock_lines(released, new.power_names)
    pending = new.in_progress
    if pending is not None:  # owed still (OP-5.3): settled by its chooser or a GM (OP-I10)
        lines += [_waiting_line(pending, new.power_names), piracy_msg("turn.piracy_stays")]
    quiet = not lines
    if quiet:
        lines.append(piracy_msg("turn.nothing"))
    return TurnStepResult(
        state=new,
        lines=lines,
        quiet=quiet,
        outcome={
            "markers_removed": [m.zone_key for m in cleared],
            "cards_released": [lock.piracy_id for lock in released],
            "piracy_vp": new.piracy_vp,
            "pending_piracy": pending.id if pending is not None else None,
        },
    )
