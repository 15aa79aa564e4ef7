"""Pirate strength and fleets: the strength dice with the 1000 rule (SP-1.9, SP-1.10, SP-I6),
the exact multipliers and fleet value (SP-I7), buying the fleet (SP-2, SP-I8) and the value
payments are taken from (SP-I42), with the money rounding of SP-I39."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from bot.dice import MAX_DICE_PER_ROLL
from bot.dice import Dice
from bot.rules.space_pirates.models import PirateFleet
from bot.rules.space_pirates.models import PlayerPirates
from bot.rules.space_pirates.settings import SpacePiratesSettings

ROLL_STRENGTH = "space_pirates.roll.strength"
# The strength dice of one attack are one audited roll: an income that would give more rolls
# this many, the rest adding none (told in the report).
MAX_STRENGTH_DICE = MAX_DICE_PER_ROLL
# The most ships one pirate fleet has: a value that would buy more buys this many, in the
# same proportions (told in the report); payments still come from the whole value.
MAX_PIRATE_SHIPS = 10_000


def round_amount(amount: Fraction, mode: str) -> int:
    """Round money or losses (SP-I39): `ceil`, `floor`, or `nearest` with halves up."""
    if mode == "ceil":
        return math.ceil(amount)
    if mode == "floor":
        return math.floor(amount)
    return math.floor(amount + Fraction(1, 2))


def payment(settings: SpacePiratesSettings, base: int, pct: int) -> int:
    """An amount the player pays: `pct` % of `base`, rounded per `payment_rounding` (SP-I39)."""
    return round_amount(Fraction(base * pct, 100), settings.payment_rounding)


def loss(settings: SpacePiratesSettings, amount: Fraction) -> int:
    """An amount the player loses, rounded per `loss_rounding` (SP-I39)."""
    return round_amount(amount, settings.loss_rounding)


@dataclass(frozen=True)
class StrengthDice:
    """How a route's income turns into strength dice (SP-I6)."""

    dice: int
    multiplier: int
    big_income: bool
    threshold: int
    wanted: int = 0  # the dice the income gives before MAX_STRENGTH_DICE

    @property
    def capped(self) -> bool:
        """Whether the income gives more dice than one roll takes."""
        return self.wanted > self.dice


def strength_dice(income: int, settings: SpacePiratesSettings) -> StrengthDice:
    """⌊income/100⌋ d6, or above 1000 ⌊income/1000⌋ d6 × 12 (SP-1.9, SP-1.10, SP-I6); at most
    MAX_STRENGTH_DICE of them (one roll)."""
    big = income > settings.big_income_threshold
    step = settings.big_income_step if big else settings.dice_income_step
    wanted = max(settings.min_strength_dice, income // step)
    return StrengthDice(
        min(wanted, MAX_STRENGTH_DICE),
        settings.big_income_multiplier if big else 1,
        big,
        settings.big_income_threshold,
        wanted,
    )


def max_rolled_income(settings: SpacePiratesSettings) -> int:
    """The highest route income whose strength dice fit one roll under `settings` (every
    lower income fits too): below the big-income threshold one die per `dice_income_step`,
    above it one per `big_income_step` (SP-I6)."""
    limit = MAX_STRENGTH_DICE
    if settings.big_income_threshold // settings.dice_income_step > limit:
        return (limit + 1) * settings.dice_income_step - 1
    return max(settings.big_income_threshold, (limit + 1) * settings.big_income_step - 1)


def bonus_pct(record: PlayerPirates, settings: SpacePiratesSettings) -> int:
    """B of SP-I7: planet-raid bonus plus buy-off bonus (and, under `all_fleets`, SP-I31's
    growth per failed base attack)."""
    total = record.planet_raid_bonus_pct + record.buy_off_bonus_pct
    if settings.base_fail_growth_scope == "all_fleets":
        total += settings.base_fail_growth_pct * record.failed_base_attacks
    return total


def strength_multiplier(streak: int, bonus: int, settings: SpacePiratesSettings) -> Fraction:
    """(1 + 10 %·streak) × (1 + B/100), or with `sum` 1 + (10·streak + B)/100 (SP-I7)."""
    streak_part = Fraction(settings.streak_bonus_pct * streak, 100)
    bonus_part = Fraction(bonus, 100)
    if settings.multiplier_combination == "sum":
        return 1 + streak_part + bonus_part
    return (1 + streak_part) * (1 + bonus_part)


def fleet_value(strength: Fraction, settings: SpacePiratesSettings) -> int:
    """V = ⌊strength × 50⌋ (SP-2.2, SP-I7)."""
    return math.floor(strength * settings.value_per_strength)


def compose_fleet(value: int, settings: SpacePiratesSettings) -> PirateFleet:
    """Buy battleships, then cruisers, then raiders from `value` (SP-2.3–SP-2.5, SP-I8)."""
    cost_b = settings.pirate_cost("battleship")
    cost_c = settings.pirate_cost("cruiser")
    cost_r = settings.pirate_cost("raider")
    battleships = (settings.battleship_share_pct * value) // (100 * cost_b)
    rest = value - battleships * cost_b
    cruisers = (settings.cruiser_share_pct * rest) // (100 * cost_c)
    rest -= cruisers * cost_c
    raiders = max(settings.min_raiders, rest // cost_r)
    return capped_fleet(PirateFleet(battleships=battleships, cruisers=cruisers, raiders=raiders))


def capped_fleet(fleet: PirateFleet) -> PirateFleet:
    """A fleet of at most MAX_PIRATE_SHIPS ships: a larger one shrunk to that many in the same
    proportions (battleships and cruisers rounded down, raiders the rest)."""
    size = fleet.size
    if size <= MAX_PIRATE_SHIPS:
        return fleet
    battleships = fleet.battleships * MAX_PIRATE_SHIPS // size
    cruisers = fleet.cruisers * MAX_PIRATE_SHIPS // size
    return PirateFleet(
        battleships=battleships,
        cruisers=cruisers,
        raiders=MAX_PIRATE_SHIPS - battleships - cruisers,
    )


def fleet_cost(fleet: PirateFleet, settings: SpacePiratesSettings) -> int:
    """The pirate-table cost of the ships composed (SP-I9)."""
    return sum(settings.pirate_cost(t) * n for t, n in fleet.counts().items())


def payment_value(value: int, fleet: PirateFleet, settings: SpacePiratesSettings) -> int:
    """P = max(V, cost of the ships composed) under `fleet_cost`, else V (SP-I42)."""
    if settings.payment_value_floor == "none":
        return value
    return max(value, fleet_cost(fleet, settings))


@dataclass(frozen=True)
class GeneratedFleet:
    """A route-raid fleet with every number that made it (SP-I6–SP-I8, SP-I42)."""

    income: int
    dice: int
    dice_wanted: int
    dice_multiplier: int
    big_income: bool
    threshold: int
    faces: tuple[int, ...]
    raw_strength: int
    streak: int
    bonus_pct: int
    multiplier: Fraction
    strength: Fraction
    value: int
    fleet: PirateFleet
    payment_value: int


def generate_route_fleet(
    income: int,
    record: PlayerPirates,
    settings: SpacePiratesSettings,
    dice: Dice,
    *,
    clause: str = "SP-I6",
) -> GeneratedFleet:
    """Roll the strength for a route of `income` against `record`'s pirates and buy the fleet
    (SP-1.9, SP-1.10, SP-I6–SP-I8); the streak is its value before this attack (SP-I7)."""
    plan = strength_dice(income, settings)
    faces = tuple(dice.roll(plan.dice, 6, ROLL_STRENGTH, clause=clause)) if plan.dice else ()
    raw = sum(faces) * plan.multiplier
    bonus = bonus_pct(record, settings)
    multiplier = strength_multiplier(record.streak, bonus, settings)
    strength = raw * multiplier
    value = fleet_value(strength, settings)
    fleet = compose_fleet(value, settings)
    return GeneratedFleet(
        income=income,
        dice=plan.dice,
        dice_wanted=plan.wanted,
        dice_multiplier=plan.multiplier,
        big_income=plan.big_income,
        threshold=plan.threshold,
        faces=faces,
        raw_strength=raw,
        streak=record.streak,
        bonus_pct=bonus,
        multiplier=multiplier,
        strength=strength,
        value=value,
        fleet=fleet,
        payment_value=payment_value(value, fleet, settings),
    )


def fraction_text(value: Fraction) -> str:
    """An exact rational as text: "19.2" when it is a short decimal, else "96/5"-style."""
    if value.denominator == 1:
        return str(value.numerator)
    for places in range(1, 7):
        scaled = value * 10**places
        if scaled.denominator == 1:
            whole = scaled.numerator
            sign = "-" if whole < 0 else ""
            digits = str(abs(whole)).rjust(places + 1, "0")
            return f"{sign}{digits[:-places]}.{digits[-places:]}"
    return f"{value.numerator}/{value.denominator}"
