"""Raid reports: every number a player would check about one attack (SP-I1…SP-I27), kept as
an archive record body, and the journal an end-of-turn run collects them in."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import Literal

from pydantic import BaseModel
from pydantic import Field

from bot.dice import Dice
from bot.dice_stats import Credits
from bot.i18n import Msg
from bot.rules.fleet_combat.models import RoundReport
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.space_pirates.battle import BattleSummary
from bot.rules.space_pirates.battle import unmarked
from bot.rules.space_pirates.chance import RaidPoints
from bot.rules.space_pirates.chance import TargetDraw
from bot.rules.space_pirates.fleet import MAX_PIRATE_SHIPS
from bot.rules.space_pirates.fleet import MAX_STRENGTH_DICE
from bot.rules.space_pirates.fleet import GeneratedFleet
from bot.rules.space_pirates.fleet import fraction_text
from bot.rules.space_pirates.models import AttackKind
from bot.rules.space_pirates.models import PirateFleet
from bot.rules.space_pirates.models import SpacePiratesState
from bot.rules.space_pirates.settings import SpacePiratesSettings
from bot.rulesets import ArchiveRecord

ReportOutcome = Literal[
    "no_attack",
    "skipped_peace",
    "skipped_immunity",
    "no_routes",
    "cancelled",
    "waiting",
    "bought_off",
    "successful",
    "defender_victory",
    "stalemate",
    "failed",
    "no_planet_raid",
]

# Reports where nothing reached the player: no attack, or one called off, its route or planet
# gone before the fight (a bribe cancelled before its attack writes no report: it is told to
# the briber alone, SP-I33). The summary pings nobody for them, and they get no report button.
QUIET_OUTCOMES = frozenset(
    {"no_attack", "skipped_peace", "skipped_immunity", "no_routes", "no_planet_raid", "cancelled"}
)


class ChanceReport(BaseModel):
    """The raid-chance roll (SP-I1): the points, the d20 face, or why there was no roll."""

    points: RaidPoints | None = None
    face: int | None = None
    automatic: bool = False
    forced: bool = False
    hit: bool = False


class StrengthReport(BaseModel):
    """Strength dice, the exact multipliers and the fleet bought (SP-I6–SP-I8, SP-I42)."""

    income: int
    dice: int
    dice_multiplier: int
    big_income: bool
    faces: list[int]
    threshold: int = 1000  # the income above which the big-income rule rolls (SP-I6)
    # the dice the income gave beyond the most one roll takes (None: all were rolled)
    dice_wanted: int | None = None
    raw_strength: int
    streak: int
    bonus_pct: int
    multiplier: str
    strength: str
    value: int
    fleet: PirateFleet
    payment_value: int

    @classmethod
    def of(cls, generated: GeneratedFleet) -> StrengthReport:
        """The report form of a generated fleet (exact rationals as text)."""
        return cls(
            income=generated.income,
            dice=generated.dice,
            dice_multiplier=generated.dice_multiplier,
            big_income=generated.big_income,
            faces=list(generated.faces),
            threshold=generated.threshold,
            dice_wanted=generated.dice_wanted if generated.dice_wanted > generated.dice else None,
            raw_strength=generated.raw_strength,
            streak=generated.streak,
            bonus_pct=generated.bonus_pct,
            multiplier=fraction_text(generated.multiplier),
            strength=fraction_text(generated.strength),
            value=generated.value,
            fleet=generated.fleet,
            payment_value=generated.payment_value,
        )


class PlanetCheckReport(BaseModel):
    """The planet-raid check (SP-I16, SP-I17): streak, points, the d20."""

    streak: int
    points: int
    face: int | None = None
    automatic: bool = False
    hit: bool = False
    faces: int = 20  # the die rolled, `raid_die_faces` (SP-I16)


class PlanetCandidate(BaseModel):
    """One eligible planet as the choice saw it (SP-I18)."""

    planet: int
    name: str
    defence: int
    income: int


# The dice each side rolls in one ground attack (SP-I23): one audited roll; the squads or
# troops beyond them wait out that attack.
MAX_GROUND_DICE = MAX_STRENGTH_DICE


class GroundAttack(BaseModel):
    """One of the ground fight's attacks (SP-I23)."""

    number: int
    building: int
    garrison: int
    squads: int
    pirate_faces: list[int] = Field(default_factory=list)
    pirate_hits: int = 0
    troop_faces: list[int] = Field(default_factory=list)
    troop_hits: int = 0
    garrison_after: int
    squads_after: int
    plundered: bool


class PlunderReport(BaseModel):
    """The plunder after an orbital win (SP-4.5–SP-4.10, SP-I22–SP-I25)."""

    branch: Literal["avoid", "ground_combat", "no_troops"]
    income: int
    loot: int = 0
    squads: int = 0
    garrisons: list[int] = Field(default_factory=list)
    attacks: list[GroundAttack] = Field(default_factory=list)
    plundered_buildings: int = 0
    troops_lost: int = 0
    captured: int = 0
    birth_rate_penalty_until: int | None = None
    # the birth rate during the penalty, in % of normal (SP-I25; None: halved)
    birth_rate_pct: int | None = None
    industry_blocked: tuple[int, int] | None = None


class PlanetRaidReport(BaseModel):
    """What the planet raid did besides the common fields (SP-4, SP-I18–SP-I27)."""

    check: PlanetCheckReport | None = None
    candidates: list[PlanetCandidate] = Field(default_factory=list)
    history_values: list[int] = Field(default_factory=list)
    plunder: PlunderReport | None = None
    success: bool | None = None
    bonus_before: int = 0
    bonus_after: int = 0
    penalty_before: int = 0
    penalty_after: int = 0
    rampage_after: bool = False


class RaidReport(BaseModel):
    """One attack (or the absence of one) against one player in one resolution."""

    faction: str
    turn: int
    seq: int
    kind: AttackKind
    mode: Literal["regular", "forced", "bribed"] = "regular"
    bribe_id: int | None = None
    briber: str | None = None
    # The victim may learn who paid: `reveal_briber_to_victim` was on when the bribe came up
    # (SP-I33). A sealed bribe's briber, kept apart from the state and the archive every
    # member exports, is then named where the victim reads the report (`briber` stays None).
    names_briber: bool = False
    target: int | None = None
    target_name: str | None = None
    chance: ChanceReport | None = None
    draw: TargetDraw | None = None
    strength: StrengthReport | None = None
    value: int = 0
    fleet: PirateFleet | None = None
    payment_value: int = 0
    planet: PlanetRaidReport | None = None
    buy_off_cost: int | None = None
    buy_off: Literal["accepted", "declined"] | None = None
    buy_off_forced: bool = False
    buy_off_by_gm: bool = False  # a GM answered for the player (SP-I45)
    # A default taken for a question never asked: it arose while the next turn's end finished
    # this paused resolution, so it was not posted (SP-I45).
    buy_off_unasked: bool = False
    plunder_choice: Literal["avoid", "cover"] | None = None
    plunder_forced: bool = False
    plunder_by_gm: bool = False
    plunder_unasked: bool = False
    retreat_by_gm: bool = False  # a GM answered a retreat question for the player (SP-I44)
    defended: bool | None = None
    battle: BattleSummary | None = None
    outcome: ReportOutcome = "no_attack"
    streak_before: int = 0
    streak_after: int = 0
    immunity_until: int | None = None
    income_lost: int = 0
    # A successful raid on a route whose income this victim already lost this turn, to an
    # earlier raid of the same resolution: it loses nothing more (SP-I13).
    income_already_lost: bool = False
    ships_lost: dict[str, dict[str, int]] = Field(default_factory=dict)

    def archive_key(self) -> str:
        """The archive series of this player's reports in this resolution."""
        return report_key(self.turn, self.faction)

    def losses_by_owner(self) -> dict[str, dict[str, dict[str, int]]]:
        """The defender side's losses by the faction they belong to (SP-I43): a faction's
        registered ships under itself, a mercenary contract's under its employer (the
        contract named), each as participant -> class or pirate type -> count."""
        employers = {
            loss.participant: loss.owner
            for loss in (self.battle.losses if self.battle is not None else [])
            if loss.owner is not None
        }
        owners: dict[str, dict[str, dict[str, int]]] = {}
        for participant, lost in self.ships_lost.items():
            owner = employers.get(participant, unmarked(participant))
            owners.setdefault(owner, {})[participant] = lost
        return owners

    def co_owners_lost(self) -> list[str]:
        """Other players whose ships (or contracts) were lost defending in this raid: a
        co-owner of a shared route (SP-I43), in the order their losses were counted."""
        return [o for o in self.losses_by_owner() if o != self.faction]


class ShipsLostElsewhere(BaseModel):
    """What a player lost defending in a raid on another player (SP-I43: a co-owner's ships
    on a shared route are that co-owner's losses), kept in the loser's own series so their
    `/pirates report` tells it: the raid (its victim and attack number), where, how the
    battle ended, and the ships lost by participant."""

    owner: str
    victim: str
    turn: int
    seq: int
    kind: AttackKind
    target_name: str | None = None
    target: int | None = None
    outcome: ReportOutcome
    battle: BattleSummary | None = None
    lost: dict[str, dict[str, int]] = Field(default_factory=dict)

    @classmethod
    def of(cls, report: RaidReport, owner: str) -> ShipsLostElsewhere:
        """`owner`'s losses in the victim's raid `report`."""
        return cls(
            owner=owner,
            victim=report.faction,
            turn=report.turn,
            seq=report.seq,
            kind=report.kind,
            target_name=report.target_name,
            target=report.target,
            outcome=report.outcome,
            battle=report.battle,
            lost=report.losses_by_owner().get(owner, {}),
        )


def limit_lines(report: RaidReport) -> list[Msg]:
    """What the bot's limits left out of the attack, each where one applied: strength dice
    beyond one roll, ships beyond the largest fleet."""
    lines: list[Msg] = []
    strength = report.strength
    if strength is not None and strength.dice_wanted is not None:
        lines.append(
            Msg(
                "space_pirates.report.strength_capped",
                wanted=strength.dice_wanted,
                limit=MAX_STRENGTH_DICE,
            )
        )
    if report.fleet is not None and report.fleet.size >= MAX_PIRATE_SHIPS:
        lines.append(Msg("space_pirates.report.fleet_capped", limit=MAX_PIRATE_SHIPS))
    return lines


def ground_limit_lines(plunder: PlunderReport) -> list[Msg]:
    """Said when a ground attack had more squads or troops than one roll takes (SP-I23)."""
    if any(
        len(a.pirate_faces) < a.squads or len(a.troop_faces) < a.garrison
        for a in plunder.attacks
        if a.pirate_faces or a.troop_faces
    ):
        return [Msg("space_pirates.report.ground_capped", limit=MAX_GROUND_DICE)]
    return []


def lost_key(turn: int, owner: str, victim: str) -> str:
    """Archive series of what `owner` lost in `victim`'s raids of one resolution (SP-I43);
    its records are numbered by the victim's attack."""
    return f"raids/{turn}/{owner}/lost/{victim}"


def report_key(turn: int, faction: str) -> str:
    """Archive series of a player's raid reports for one resolution."""
    return f"raids/{turn}/{faction}"


def battle_key(turn: int, faction: str, seq: int) -> str:
    """Archive series of the rounds of one raid's battle."""
    return f"raids/{turn}/{faction}/{seq}/battle"


@dataclass
class Journal:
    """What a run of the resolution produced: reports, battle logs, lines, outcome data."""

    reports: list[RaidReport] = field(default_factory=list)
    battle_logs: list[ArchiveRecord] = field(default_factory=list)
    lines: list[Msg] = field(default_factory=list)
    private: dict[str, list[Msg]] = field(default_factory=dict)
    outcome: dict[str, Any] = field(default_factory=dict)
    asked: dict[int, Msg] = field(default_factory=dict)

    def ask(self, choice_id: int, line: Msg) -> None:
        """The line saying the resolution waits for a player's answer to question
        `choice_id`."""
        self.lines.append(line)
        self.asked[choice_id] = line

    def drop_answered(self, open_ids: set[int]) -> None:
        """Drop the waiting lines of the questions this run asked and answered too (forced
        defaults, SP-I45): the player's run went on here and its later line retells every
        event of theirs, the answered attack included."""
        answered = [line for choice, line in self.asked.items() if choice not in open_ids]
        self.lines[:] = [line for line in self.lines if not any(line is a for a in answered)]
        self.asked = {c: line for c, line in self.asked.items() if c in open_ids}

    def add_battle(self, report: RaidReport, rounds: list[RoundReport]) -> str:
        """Keep a battle's rounds under the raid's battle key; returns the key."""
        key = battle_key(report.turn, report.faction, report.seq)
        self.battle_logs += [ArchiveRecord(key, r.round, r) for r in rounds]
        return key

    def archive(self) -> list[ArchiveRecord]:
        """Every record to archive: the reports, what co-owners lost in them (SP-I43), then
        the battle logs."""
        lost = [
            ArchiveRecord(
                lost_key(r.turn, owner, r.faction), r.seq, ShipsLostElsewhere.of(r, owner)
            )
            for r in self.reports
            for owner in r.co_owners_lost()
        ]
        return (
            [ArchiveRecord(r.archive_key(), r.seq, r) for r in self.reports]
            + lost
            + list(self.battle_logs)
        )


@dataclass(frozen=True)
class ResolutionContext:
    """What every step of a resolution works with: the state it changes in place, the
    campaign's rules and fleet combat settings (FC-I17), the audited dice, the journal it
    writes to, and which player's side rolled each die (`/history stats`; the pirates' own
    dice are nobody's)."""

    state: SpacePiratesState
    settings: SpacePiratesSettings
    combat: FleetCombatSettings
    dice: Dice
    journal: Journal
    credits: Credits | None = None
