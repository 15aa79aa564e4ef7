"""Amounts due, exact and as shown (CR-I16): the engine computes every fine, bonus and prize as
a rational and rounds each payment on its own for the players."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

from bot.i18n import Msg
from bot.rules.company_raids.settings import AmountRounding


def counterattack_bonus(value: int, bonus_pct: int) -> Fraction:
    """The bonus for a counterattack hit: value × pct / 100, exactly (CR-4.3, CR-I3)."""
    return Fraction(value * bonus_pct, 100)


def joker_prize(basis_value: int, multiplier: int) -> Fraction:
    """The Joker prize: multiplier × the basis piece's value (CR-5.10, CR-I14)."""
    return Fraction(basis_value * multiplier)


def rounded(amount: Fraction, rounding: AmountRounding) -> Fraction:
    """The amount the players settle (CR-I16): half up by default, floor, ceil or exact."""
    if rounding == "exact":
        return amount
    if rounding == "floor":
        return Fraction(math.floor(amount))
    if rounding == "ceil":
        return Fraction(math.ceil(amount))
    return Fraction(math.floor(amount + Fraction(1, 2)))


def amount_text(amount: Fraction) -> str:
    """An amount as players read it: "180", "166.5"; a fraction with no finite decimal as p/q."""
    if amount.denominator == 1:
        return str(amount.numerator)
    denominator = amount.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    if denominator != 1:
        return f"{amount.numerator}/{amount.denominator}"
    text = format(Decimal(amount.numerator) / Decimal(amount.denominator), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def amount_msg(amount: Fraction) -> Msg:
    """An amount as its reader writes it, digits grouped: 1,000,000 and 166.5 in English,
    1 000 000 and 166,5 in Russian; a fraction with no finite decimal as p/q (`amount_text`
    chooses the digits, the catalogs lay them out)."""
    text = amount_text(amount)
    if "/" in text:
        return Msg(
            "company_raids.amount.ratio", numerator=amount.numerator, denominator=amount.denominator
        )
    whole, _, fraction = text.partition(".")
    if not fraction:
        return Msg("company_raids.amount.whole", amount=int(whole))
    return Msg("company_raids.amount.decimal", whole=int(whole), fraction=fraction)


def fraction_text(amount: Fraction) -> str:
    """The exact amount as stored in the log: "333/2", "180"."""
    return str(amount)
