"""Company raids settings: one typed field per row of the settings summary of
rules/company-raids.md (CR-I1…CR-I19), with the documented defaults.

Each field's description (its docstring) cites its interpretation; `/campaign settings`
shows the catalog text `company_raids.setting.<name>`. `settings_warnings` lists what the GM
should know when saving (CR-I1: a face no die of `black_die_faces` sides can show).
"""

from __future__ import annotations

from typing import Annotated
from typing import Literal

from pydantic import BaseModel
from pydantic import ConfigDict
from pydantic import Field
from pydantic import field_validator

from bot.i18n import Msg
from bot.settings_edit import SettingsRule
from bot.text import faces_text

MAX_DIE_FACES = 100
MAX_DUEL_SHOTS = 10_000

FineSource = Literal["company_record", "enter_each_time"]
FineAfterCounterattack = Literal["never", "on_miss", "always"]
BonusPayer = Literal["bank", "loser"]
DuelFirstShot = Literal["joker_owner", "aggressor"]
JokerPrizeBasis = Literal["loser", "aggressor"]
AmountRounding = Literal["half_up", "floor", "ceil", "exact"]
JokerDefence = Literal["each_in_turn", "first_only"]
JokerDefenderOrder = Literal["entry_order", "owner_choice"]
ForcedTrespasserChoice = Literal["pay", "capture"]
ForcedOwnerChoice = Literal["fine", "counterattack"]

# The bounds of the numeric settings.
DieFaces = Annotated[int, Field(ge=2, le=MAX_DIE_FACES)]
Percent = Annotated[int, Field(ge=0, le=10_000)]
Shots = Annotated[int, Field(ge=1, le=MAX_DUEL_SHOTS)]
Multiplier = Annotated[int, Field(ge=0, le=100)]

FACE_SET_SETTINGS: tuple[str, ...] = ("capture_faces", "counterattack_hit_faces", "duel_hit_faces")


class CompanyRaidsSettings(BaseModel):
    """Per-campaign settings of `company_raids` (rules/company-raids.md, section 4)."""

    model_config = ConfigDict(
        extra="forbid", validate_assignment=True, use_attribute_docstrings=True
    )

    black_die_faces: DieFaces = 6
    """CR-I1: faces of the Black duel die"""
    capture_faces: set[int] = Field(
        default_factory=lambda: {4, 6}, description="CR-I2: faces on which a capture succeeds"
    )
    counterattack_hit_faces: set[int] = Field(
        default_factory=lambda: {2, 4, 6}, description="CR-I3: faces on which a counterattack hits"
    )
    counterattack_bonus_pct: Percent = 100
    """CR-I3: bonus for a counterattack hit, in % of the raider's value"""
    fine_source: FineSource = "company_record"
    """CR-I4: the fine is the Company's recorded fine, or entered each time"""
    incident_on_pass_through: bool = False
    """CR-I5: passing through a rival's Company opens an incident"""
    fine_also_on_capture: bool = False
    """CR-I6: the fine is due even after a successful capture"""
    fine_after_counterattack: FineAfterCounterattack = "never"
    """CR-I7: whether the fine is still due after a counterattack"""
    bonus_payer: BonusPayer = "bank"
    """CR-I8: who pays the counterattack bonus and the Joker prize"""
    reattack_requires_reentry: bool = True
    """CR-I9: a piece must leave and re-enter before a new incident"""
    joker_owned_while_any_piece: bool = True
    """CR-I10: the Joker stays owned while any owner piece is inside"""
    track_joker_holding: bool = True
    """CR-I11: ask for and record the Joker Holding"""
    joker_entry_forces_duel: bool = True
    """CR-I12: entering a rival's Joker starts the duel at once"""
    duel_hit_faces: set[int] = Field(
        default_factory=lambda: {2, 4, 6},
        description="CR-I13: faces on which a duel shot hits",
        json_schema_extra={"minItems": 1},  # with none, no duel could end but by a GM ruling
    )
    duel_first_shot: DuelFirstShot = "joker_owner"
    """CR-I13: which piece fires the first shot of a duel"""
    duel_max_shots: Shots = 1000
    """CR-I13: shots of both pieces before the duel goes to a GM ruling"""
    joker_prize_multiplier: Multiplier = 2
    """CR-I14: the Joker prize is this many piece values"""
    joker_prize_basis: JokerPrizeBasis = "loser"
    """CR-I14: the prize counts the loser's or the aggressor's value"""
    joker_adjacent_attacks: bool = False
    """CR-I15: the Joker piece and its neighbours may duel"""
    amount_rounding: AmountRounding = "half_up"
    """CR-I16: how an amount due is rounded for the players"""
    joker_defence: JokerDefence = "each_in_turn"
    """CR-I17: every owner piece defends, or the first only"""
    joker_defender_order: JokerDefenderOrder = "entry_order"
    """CR-I17: defenders in entry order, or as the owner picks"""
    joker_taken_by_remaining_piece: bool = False
    """CR-I18: a piece left in an unowned Joker takes it at once"""
    forced_trespasser_choice: ForcedTrespasserChoice = "pay"
    """CR-I19: the trespasser's answer the GM may force"""
    forced_owner_choice: ForcedOwnerChoice = "fine"
    """CR-I19: the Company owner's answer the GM may force"""

    @field_validator("capture_faces", "counterattack_hit_faces", "duel_hit_faces")
    @classmethod
    def _faces_are_positive(cls, faces: set[int]) -> set[int]:
        if any(face < 1 or face > MAX_DIE_FACES for face in faces):
            raise SettingsRule("company_raids.settings.faces_range", high=MAX_DIE_FACES)
        return faces


def unreachable_faces(settings: CompanyRaidsSettings, name: str) -> list[int]:
    """Faces of a face-set setting the Black die cannot show; they have no effect (CR-I1)."""
    faces: set[int] = getattr(settings, name)
    return sorted(face for face in faces if face > settings.black_die_faces)


def settings_warnings(settings: CompanyRaidsSettings) -> list[Msg]:
    """What the bot warns about when settings are saved (CR-I1: faces the die cannot show)."""
    warnings: list[Msg] = []
    for name in FACE_SET_SETTINGS:
        faces = unreachable_faces(settings, name)
        if faces:
            # One face or several: the sentence's grammatical number, not a count shown.
            one = len(faces) == 1
            warnings.append(
                Msg(
                    "company_raids.warning.unreachable_face"
                    if one
                    else "company_raids.warning.unreachable_faces",
                    setting=name,
                    faces=faces_text(faces),
                    sides=settings.black_die_faces,
                    clause="CR-I1",
                )
            )
    return warnings
