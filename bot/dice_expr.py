"""Dice expressions for `/roll`: parse the text into a tree, evaluate it with `Dice`, render it.

The same three steps as avrae/d20, but every face comes from the injected, audited roller and
each dice group leaves one `RollRecord`, so the audit log can replay the totals
(`replay_totals`). Grammar (case-insensitive, whitespace between tokens allowed)::

    roll       := [REPEAT #] expression      (3#1d20: three independent totals)
    expression := [+|-] product ((+|-) product)*
    product    := factor (TIMES factor)*     (2d6*10; multiplication before + and -)
    factor     := NUMBER | [NUMBER] D SIDES [! [COMPARE]] [KEEP [NUMBER]] [COMPARE]
    D          := d | д | к                  (Russian players type 2к6)
    SIDES      := NUMBER | %                 (d% is d100)
    TIMES      := * | ×
    KEEP       := kh | kl | dh | dl          (count defaults to 1: 2d20kh is advantage)
    COMPARE    := (> | >= | ≥ | < | <= | ≤ | =) NUMBER

`!` explodes a die: a face at the maximum (or matching the comparison written right after
`!`, as in Roll20: `3d6!>=5`) rolls one more die, whose face is added and may explode in
turn; every extra die counts against `MAX_DICE` for the whole roll, and once that is spent
faces stop exploding (the render says so). Extra dice join the group's pool, so a later keep
or comparison sees them like any other die. A comparison at the end of a group counts
successes: `6d6>=5` is worth the number of kept faces that pass, not their sum.

Division is left out on purpose: dice bots disagree on how to round it (floor, half up,
fractions), and a total players cannot predict is worse than none.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from typing import Any
from typing import Literal
from typing import Protocol

from bot import dice as roller
from bot.dice import Dice
from bot.dice import RollRecord
from bot.errors import GameError
from bot.i18n import t

MAX_EXPRESSION_LENGTH = 100
MAX_TERMS = 20
MAX_DICE = 100  # for the whole roll: every repetition and every exploded die counts
MAX_SIDES = 1000
MAX_CONSTANT = 100_000
MAX_REPEAT = 20
MAX_PRODUCT = 1_000_000_000  # the largest value a product of factors could reach
# Fits an embed field value (1024), a message (2000) and an embed description (4096).
RENDER_LIMIT = 1000

assert MAX_DICE <= roller.MAX_DICE_PER_ROLL and MAX_SIDES <= roller.MAX_SIDES

KeepMode = Literal["kh", "kl", "dh", "dl"]
CompareOp = Literal[">", ">=", "<", "<=", "="]


class DiceExpressionError(GameError):
    """A malformed or over-limit dice expression; the message says what is wrong and where.

    `column` is 1-based in the text the player typed (None when the whole text is at fault);
    the message ends with the text and a caret under that column, in a code block.
    """

    key = "dice.error.syntax"

    def __init__(self, key: str, /, *, source: str, column: int | None, **params: Any) -> None:
        if column is not None:
            params["column"] = column
        super().__init__(key, **params)
        self.source = source
        self.column = column

    @property
    def excerpt(self) -> str | None:
        """The expression with a caret under the faulty column, e.g. "2d6+*3\\n    ^"."""
        if self.column is None:
            return None
        # One character in, one character out, so the caret stays under the right column.
        line = "".join(" " if c.isspace() else "ˋ" if c == "`" else c for c in self.source)
        return f"{line}\n{' ' * (self.column - 1)}^"

    def message(self, locale: str | None) -> str:
        """What is wrong (translated), then the caret excerpt in a code block."""
        text = super().message(locale)
        excerpt = self.excerpt
        return f"{text}\n```\n{excerpt}\n```" if excerpt is not None else text


@dataclass(frozen=True, slots=True)
class KeepRule:
    """Keep or drop the `count` highest or lowest dice of a group; ties go to the earlier die."""

    mode: KeepMode
    count: int

    def kept_marks(self, faces: Sequence[int]) -> tuple[bool, ...]:
        """For each face in roll order, whether it counts towards the total."""
        highest_first = self.mode in ("kh", "dh")
        order = sorted(
            range(len(faces)), key=lambda i: (-faces[i] if highest_first else faces[i], i)
        )
        chosen = set(order[: self.count])
        keeps_chosen = self.mode.startswith("k")
        return tuple((i in chosen) == keeps_chosen for i in range(len(faces)))


@dataclass(frozen=True, slots=True)
class Compare:
    """A test on one face: `op` against `value` (">=", 5 passes 5 and 6)."""

    op: CompareOp
    value: int

    def passes(self, face: int) -> bool:
        """Whether this face meets the test."""
        if self.op == ">":
            return face > self.value
        if self.op == ">=":
            return face >= self.value
        if self.op == "<":
            return face < self.value
        if self.op == "<=":
            return face <= self.value
        return face == self.value

    @property
    def notation(self) -> str:
        """As written: ">=5"."""
        return f"{self.op}{self.value}"


@dataclass(frozen=True, slots=True)
class DiceGroup:
    """`count` dice of `sides` sides, added (+1) or subtracted (-1); optionally exploding,
    kept/dropped, and counting successes instead of summing."""

    sign: int
    count: int
    sides: int
    keep: KeepRule | None
    column: int
    explode: Compare | None = None
    success: Compare | None = None

    @property
    def notation(self) -> str:
        """Canonical notation without the sign, e.g. "4d6kh3", "3d6!", "6d6>=5", "3d6!=6>=5"
        (an explosion at the maximum is a bare "!" unless a success test follows it, which
        would be read as the explosion's own test)."""
        text = f"{self.count}d{self.sides}"
        if self.explode is not None:
            at_maximum = self.explode == Compare("=", self.sides)
            bare = at_maximum and (self.keep is not None or self.success is None)
            text += "!" if bare else f"!{self.explode.notation}"
        if self.keep:
            text += f"{self.keep.mode}{self.keep.count}"
        if self.success is not None:
            text += self.success.notation
        return text

    @property
    def signed_notation(self) -> str:
        """The notation as recorded in the audit log: "-1d4" for a subtracted group."""
        return f"-{self.notation}" if self.sign < 0 else self.notation

    @property
    def largest(self) -> int:
        """The largest value this group can be worth (a bound for products)."""
        dice = MAX_DICE if self.explode is not None else self.count
        return dice if self.success is not None else dice * self.sides

    def kept_marks(self, faces: Sequence[int]) -> tuple[bool, ...]:
        """Which of these faces (in roll order) count towards the group's sum."""
        return self.keep.kept_marks(faces) if self.keep else (True,) * len(faces)


@dataclass(frozen=True, slots=True)
class Constant:
    """An integer added (+1) or subtracted (-1)."""

    sign: int
    value: int
    column: int

    @property
    def contribution(self) -> int:
        """What this term adds to the total."""
        return self.sign * self.value

    @property
    def largest(self) -> int:
        """Its value (a bound for products)."""
        return self.value


Factor = DiceGroup | Constant


@dataclass(frozen=True, slots=True)
class Product:
    """Two or more factors multiplied, then added (+1) or subtracted (-1); the factors'
    own signs are +1."""

    sign: int
    factors: tuple[Factor, ...]
    column: int

    @property
    def notation(self) -> str:
        """Canonical notation without the sign, e.g. "2d6*10"."""
        return "*".join(
            f.notation if isinstance(f, DiceGroup) else str(f.value) for f in self.factors
        )


Term = DiceGroup | Constant | Product


@dataclass(frozen=True, slots=True)
class DiceExpression:
    """A parsed expression: the player's text, its terms in order and how often it is rolled."""

    source: str
    terms: tuple[Term, ...]
    repeat: int = 1

    @property
    def groups(self) -> tuple[DiceGroup, ...]:
        """The dice groups of one evaluation, in roll order (products' groups included)."""
        found: list[DiceGroup] = []
        for term in self.terms:
            factors = term.factors if isinstance(term, Product) else (term,)
            found.extend(f for f in factors if isinstance(f, DiceGroup))
        return tuple(found)

    @property
    def dice_count(self) -> int:
        """How many dice one evaluation rolls before any explosion."""
        return sum(group.count for group in self.groups)

    @property
    def total_dice(self) -> int:
        """How many dice the whole roll rolls before any explosion (every repetition)."""
        return self.dice_count * self.repeat

    @property
    def canonical(self) -> str:
        """A normalised form that parses back to the same terms, e.g. "3#3d6-1d4+2"."""
        parts: list[str] = [f"{self.repeat}#"] if self.repeat > 1 else []
        for index, term in enumerate(self.terms):
            if term.sign < 0:
                parts.append("-")
            elif index:
                parts.append("+")
            parts.append(term.notation if not isinstance(term, Constant) else str(term.value))
        return "".join(parts)


@dataclass(frozen=True, slots=True)
class RolledGroup:
    """A dice group after rolling: every face in roll order (exploded dice right after the
    die that set them off), whether it was kept, and whether it exploded."""

    group: DiceGroup
    faces: tuple[int, ...]
    kept: tuple[bool, ...]
    exploded: tuple[bool, ...] = ()

    @property
    def kept_total(self) -> int:
        """Sum of the kept faces (what the audit record's total holds)."""
        return sum(face for face, kept in zip(self.faces, self.kept, strict=True) if kept)

    @property
    def successes(self) -> int | None:
        """Kept faces that pass the group's comparison (None when it counts no successes)."""
        test = self.group.success
        if test is None:
            return None
        return sum(
            1
            for face, kept in zip(self.faces, self.kept, strict=True)
            if kept and test.passes(face)
        )

    @property
    def value(self) -> int:
        """What the group is worth before its sign: successes, else the kept sum."""
        successes = self.successes
        return self.kept_total if successes is None else successes

    @property
    def contribution(self) -> int:
        """What this group adds to the total (negative when subtracted)."""
        return self.group.sign * self.value


RolledFactor = RolledGroup | Constant


@dataclass(frozen=True, slots=True)
class RolledProduct:
    """A product after rolling its groups."""

    product: Product
    factors: tuple[RolledFactor, ...]

    @property
    def contribution(self) -> int:
        """The factors' product with the product's sign."""
        return self.product.sign * math.prod(f.value for f in self.factors)


RolledTerm = RolledGroup | Constant | RolledProduct


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """The result of one evaluation: a row of rolled terms per repetition, the totals and
    the audit records; `capped` when a face could not explode because the dice ran out."""

    expression: DiceExpression
    rows: tuple[tuple[RolledTerm, ...], ...]
    records: tuple[RollRecord, ...]
    capped: bool = False

    @property
    def totals(self) -> tuple[int, ...]:
        """One total per repetition (one for a plain roll)."""
        return tuple(sum(part.contribution for part in row) for row in self.rows)

    @property
    def repeated(self) -> bool:
        """Whether this is `N#…` with N > 1."""
        return len(self.rows) > 1

    @property
    def parts(self) -> tuple[RolledTerm, ...]:
        """The rolled terms of a plain roll (a repeated roll has `rows`)."""
        if self.repeated:
            msg = "a repeated roll has rows, not parts"
            raise ValueError(msg)
        return self.rows[0]

    @property
    def total(self) -> int:
        """The value of a plain roll (a repeated roll has `totals`)."""
        if self.repeated:
            msg = "a repeated roll has totals, not one total"
            raise ValueError(msg)
        return self.totals[0]

    def render(self, locale: object = None, *, limit: int = RENDER_LIMIT) -> str:
        """Compact Discord markdown, e.g. "4d6kh3 (6, 5, ~~1~~, 4) + 2 = 17"."""
        return render(self, locale, limit=limit)

    def to_json(self) -> dict[str, Any]:
        """A JSON form for the audit entry's outcome."""
        rows = [[_term_json(part) for part in row] for row in self.rows]
        body: dict[str, Any] = {"expression": self.expression.canonical}
        if self.repeated:
            body.update(totals=list(self.totals), rows=rows)
        else:
            body.update(total=self.total, terms=rows[0])
        if self.capped:
            body["explosions_capped"] = True
        return body


def _term_json(part: RolledTerm) -> dict[str, Any]:
    if isinstance(part, RolledProduct):
        return {
            "product": [_term_json(f) for f in part.factors],
            "value": part.contribution,
        }
    if isinstance(part, Constant):
        return {"constant": part.contribution}
    body: dict[str, Any] = {
        "notation": part.group.signed_notation,
        "faces": list(part.faces),
        "kept": list(part.kept),
        "value": part.contribution,
    }
    if part.group.explode is not None:
        body["exploded"] = list(part.exploded)
    if part.successes is not None:
        body["successes"] = part.successes
    return body


# --- parse -------------------------------------------------------------------------------

_TokenKind = Literal[
    "num",
    "d",
    "%",
    "k",
    "h",
    "l",
    "+",
    "-",
    "*",
    "#",
    "!",
    ">",
    ">=",
    "<",
    "<=",
    "=",
    "bad",
    "end",
]

_KINDS: dict[str, _TokenKind] = {
    "d": "d",
    "D": "d",
    "д": "d",
    "Д": "d",
    "к": "d",  # Cyrillic ka: "2к6" (кубик)
    "К": "d",
    "%": "%",
    "k": "k",
    "K": "k",
    "h": "h",
    "H": "h",
    "l": "l",
    "L": "l",
    "+": "+",
    "-": "-",
    "−": "-",  # U+2212 minus sign
    "–": "-",  # en dash, as phones autocorrect "-"
    "*": "*",
    "×": "*",  # U+00D7 multiplication sign
    "#": "#",
    "!": "!",
    ">": ">",
    "<": "<",
    "=": "=",
    "≥": ">=",
    "≤": "<=",
}
_PAIRS: dict[str, _TokenKind] = {">=": ">=", "<=": "<="}
_COMPARE_OPS: dict[str, CompareOp] = {">": ">", ">=": ">=", "<": "<", "<=": "<=", "=": "="}
_COMPARE_KINDS = frozenset(_COMPARE_OPS)
_DIGITS = frozenset("0123456789")
_KEEP_MODES: dict[tuple[str, str], KeepMode] = {
    ("k", "h"): "kh",
    ("k", "l"): "kl",
    ("d", "h"): "dh",
    ("d", "l"): "dl",
}


@dataclass(frozen=True, slots=True)
class _Token:
    kind: _TokenKind
    text: str
    column: int

    @property
    def value(self) -> int:
        return int(self.text)


def _tokens(source: str) -> list[_Token]:
    tokens: list[_Token] = []
    index = 0
    while index < len(source):
        char = source[index]
        if char.isspace():
            index += 1
        elif char in _DIGITS:
            end = index
            while end < len(source) and source[end] in _DIGITS:
                end += 1
            tokens.append(_Token("num", source[index:end], index + 1))
            index = end
        elif source[index : index + 2] in _PAIRS:
            tokens.append(
                _Token(_PAIRS[source[index : index + 2]], source[index : index + 2], index + 1)
            )
            index += 2
        else:
            tokens.append(_Token(_KINDS.get(char, "bad"), char, index + 1))
            index += 1
    tokens.append(_Token("end", "", len(source.rstrip()) + 1))
    return tokens


def _shown(char: str) -> str:
    """A character as the error message names it (invisible ones and backticks by code point)."""
    if char.isprintable() and not char.isspace() and char != "`":
        return char
    return f"U+{ord(char):04X}"


class _Parser:
    def __init__(self, source: str) -> None:
        self.source = source
        self.tokens = _tokens(source)
        self.position = 0
        self.dice = 0
        self.factors = 0
        self.repeat = 1

    def peek(self, ahead: int = 0) -> _Token:
        return self.tokens[min(self.position + ahead, len(self.tokens) - 1)]

    def take(self) -> _Token:
        token = self.tokens[self.position]
        self.position += 1
        return token

    def fail(self, key: str, column: int | None, **params: Any) -> DiceExpressionError:
        return DiceExpressionError(key, source=self.source, column=column, **params)

    def unexpected(self, token: _Token, key: str, **params: Any) -> DiceExpressionError:
        """The error for `token` where something else belonged; stray characters win, and
        the new operators out of place get a message of their own."""
        if token.kind == "bad":
            return self.fail("dice.error.unexpected_char", token.column, char=_shown(token.text))
        if token.kind in _COMPARE_KINDS:
            return self.fail("dice.error.compare_place", token.column, found=token.text)
        if token.kind == "!":
            return self.fail("dice.error.explode_place", token.column)
        if token.kind == "#":
            return self.fail("dice.error.repeat_place", token.column)
        return self.fail(key, token.column, found=token.text, **params)

    def number(self, token: _Token, limit: int = MAX_CONSTANT) -> int:
        if token.value > limit:
            raise self.fail(
                "dice.error.number_too_large", token.column, value=token.text, limit=limit
            )
        return token.value

    def roll(self) -> DiceExpression:
        if self.peek().kind == "num" and self.peek(1).kind == "#":
            count_token = self.take()
            self.take()
            self.repeat = count_token.value
            if self.repeat < 1:
                raise self.fail("dice.error.zero_repeat", count_token.column)
            if self.repeat > MAX_REPEAT:
                raise self.fail(
                    "dice.error.too_many_repeats",
                    count_token.column,
                    count=self.repeat,
                    limit=MAX_REPEAT,
                )
        return self.expression()

    def expression(self) -> DiceExpression:
        terms: list[Term] = []
        sign = 1
        if self.peek().kind in ("+", "-"):
            sign = -1 if self.take().kind == "-" else 1
        while True:
            terms.append(self.product(sign))
            token = self.peek()
            if token.kind == "end":
                break
            if token.kind not in ("+", "-"):
                raise self.unexpected(token, "dice.error.expected_operator")
            sign = -1 if self.take().kind == "-" else 1
        expression = DiceExpression(self.source, tuple(terms), self.repeat)
        if not expression.groups:
            raise self.fail("dice.error.no_dice", None)
        return expression

    def product(self, sign: int) -> Term:
        first = self.factor(sign)
        if self.peek().kind != "*":
            return first
        factors: list[Factor] = [_unsigned(first)]
        largest = first.largest
        while self.peek().kind == "*":
            times = self.take()
            factor = self.factor(1)
            factors.append(factor)
            largest *= factor.largest
            if largest > MAX_PRODUCT:
                raise self.fail("dice.error.product_too_large", times.column, limit=MAX_PRODUCT)
        return Product(sign, tuple(factors), first.column)

    def factor(self, sign: int) -> Factor:
        token = self.peek()
        if token.kind == "end":
            previous = self.tokens[self.position - 1] if self.position else token
            raise self.fail("dice.error.unexpected_end", token.column, after=previous.text)
        self.factors += 1
        if self.factors > MAX_TERMS:
            raise self.fail("dice.error.too_many_terms", token.column, limit=MAX_TERMS)
        if token.kind == "num":
            self.take()
            if self.peek().kind != "d":
                return Constant(sign, self.number(token), token.column)
            return self.group(sign, token.value, token.column)
        if token.kind == "d":
            return self.group(sign, 1, token.column)
        raise self.unexpected(token, "dice.error.expected_term")

    def group(self, sign: int, count: int, column: int) -> DiceGroup:
        letter = self.take()
        if count < 1:
            raise self.fail("dice.error.zero_dice", column)
        self.dice += count * self.repeat
        if self.dice > MAX_DICE:
            raise self.fail("dice.error.too_many_dice", column, total=self.dice, limit=MAX_DICE)
        sides_token = self.peek()
        if sides_token.kind == "%":
            self.take()
            sides = 100
        elif sides_token.kind == "num":
            self.take()
            sides = sides_token.value
            if sides < 1:
                raise self.fail("dice.error.zero_sides", sides_token.column)
            if sides > MAX_SIDES:
                raise self.fail(
                    "dice.error.too_many_sides",
                    sides_token.column,
                    sides=sides_token.text,
                    limit=MAX_SIDES,
                )
        else:
            raise self.unexpected(sides_token, "dice.error.expected_sides", letter=letter.text)
        explode = self.explode_rule(sides)
        keep = self.keep_rule(count)
        if keep is not None and self.peek().kind in ("k", "d"):
            raise self.fail("dice.error.keep_twice", self.peek().column)
        success = self.compare() if self.peek().kind in _COMPARE_KINDS else None
        return DiceGroup(sign, count, sides, keep, column, explode, success)

    def compare(self) -> Compare:
        op_token = self.take()
        target = self.peek()
        if target.kind != "num":
            raise self.unexpected(target, "dice.error.expected_target", op=op_token.text)
        self.take()
        op = _COMPARE_OPS[op_token.kind]
        return Compare(op, self.number(target))

    def explode_rule(self, sides: int) -> Compare | None:
        if self.peek().kind != "!":
            return None
        bang = self.take()
        rule = self.compare() if self.peek().kind in _COMPARE_KINDS else Compare("=", sides)
        if all(rule.passes(face) for face in range(1, sides + 1)):
            raise self.fail("dice.error.explode_every_face", bang.column, sides=sides)
        return rule

    def keep_rule(self, count: int) -> KeepRule | None:
        if self.peek().kind not in ("k", "d"):
            return None
        letter = self.take()
        if letter.text in "кК":
            # Cyrillic "к" means a die but looks like "k"; "4к6кh3" is too ambiguous to guess.
            raise self.fail("dice.error.cyrillic_keep", letter.column, letter=letter.text)
        which = self.peek()
        if which.kind not in ("h", "l"):
            raise self.unexpected(which, "dice.error.expected_keep_kind", letter=letter.text)
        self.take()
        mode = _KEEP_MODES[letter.kind, which.kind]
        amount, column = 1, letter.column
        if self.peek().kind == "num":
            amount_token = self.take()
            amount, column = amount_token.value, amount_token.column
        if mode.startswith("k") and not 1 <= amount <= count:
            raise self.fail("dice.error.keep_count", column, keep=amount, count=count, mode=mode)
        if mode.startswith("d") and amount >= count:
            raise self.fail("dice.error.drop_count", column, drop=amount, count=count, mode=mode)
        return KeepRule(mode, amount)


def _unsigned(factor: Factor) -> Factor:
    """The factor with sign +1 (a product carries the sign)."""
    if isinstance(factor, Constant):
        return Constant(1, factor.value, factor.column)
    return DiceGroup(
        1,
        factor.count,
        factor.sides,
        factor.keep,
        factor.column,
        factor.explode,
        factor.success,
    )


def parse(text: str) -> DiceExpression:
    """Parse a dice expression; raises `DiceExpressionError` saying what is wrong and where."""
    if len(text) > MAX_EXPRESSION_LENGTH:
        raise DiceExpressionError(
            "dice.error.too_long",
            source=text,
            column=None,
            count=len(text),
            limit=MAX_EXPRESSION_LENGTH,
        )
    if not text.strip():
        raise DiceExpressionError("dice.error.empty", source=text, column=None)
    return _Parser(text).roll()


# --- evaluate ----------------------------------------------------------------------------


class FaceTest(Protocol):
    """A test on one face (`Compare`; the verifier's own reading of a logged test)."""

    def passes(self, face: int) -> bool: ...


class ExplosionBudget:
    """Extra dice the roll may still add by exploding (shared by every group and row); the
    verifier (bot/verify_rolls.py) replays a logged roll under the same budget."""

    def __init__(self, left: int) -> None:
        self.left = left
        self.capped = False

    @classmethod
    def of(cls, expression: DiceExpression) -> ExplosionBudget:
        """The budget of a roll of this expression: `MAX_DICE` less the dice it rolls."""
        return cls(MAX_DICE - expression.total_dice)

    def explodes(self, explode: FaceTest | None, face: int) -> bool:
        """Whether this face sets off one more die (spending it), noting when none is left."""
        if explode is None or not explode.passes(face):
            return False
        if self.left <= 0:
            self.capped = True
            return False
        self.left -= 1
        return True


def _roll_group(group: DiceGroup, dice: Dice, budget: ExplosionBudget) -> RolledGroup:
    faces: list[int] = []
    exploded: list[bool] = []
    for _ in range(group.count):
        while True:
            face = dice.raw_faces(1, group.sides)[0]
            faces.append(face)
            chained = budget.explodes(group.explode, face)
            exploded.append(chained)
            if not chained:
                break
    marks = tuple(exploded) if group.explode is not None else ()
    return RolledGroup(group, tuple(faces), group.kept_marks(faces), marks)


def evaluate(expression: DiceExpression, dice: Dice, *, reason: str | None = None) -> DiceRoll:
    """Roll every group through `dice`, recording one `RollRecord` per group and repetition.

    Each record holds the group's signed notation ("-1d4", "4d6kh3", "3d6!", "6d6>=5"), all
    faces in roll order (exploded dice included) and the kept sum as its total; a counting
    group also records its comparison as the target and the successes. Its purpose is the
    reason, else the expression, with "(2/3)" added for the second of three repetitions.
    """
    purpose = reason.strip() if reason and reason.strip() else expression.canonical
    budget = ExplosionBudget.of(expression)
    rows: list[tuple[RolledTerm, ...]] = []
    records: list[RollRecord] = []

    def rolled(group: DiceGroup, label: str) -> RolledGroup:
        result = _roll_group(group, dice, budget)
        record = RollRecord(
            purpose=label,
            notation=group.signed_notation,
            sides=group.sides,
            faces=result.faces,
            modifier=0,
            total=result.kept_total,
            target=group.success.notation if group.success is not None else None,
            successes=result.successes,
        )
        dice.record(record)
        records.append(record)
        return result

    for index in range(expression.repeat):
        label = (
            purpose if expression.repeat == 1 else f"{purpose} ({index + 1}/{expression.repeat})"
        )
        row: list[RolledTerm] = []
        for term in expression.terms:
            if isinstance(term, Constant):
                row.append(term)
            elif isinstance(term, DiceGroup):
                row.append(rolled(term, label))
            else:
                factors = tuple(
                    rolled(f, label) if isinstance(f, DiceGroup) else f for f in term.factors
                )
                row.append(RolledProduct(term, factors))
        rows.append(tuple(row))
    return DiceRoll(expression, tuple(rows), tuple(records), budget.capped)


def roll(text: str, dice: Dice, *, reason: str | None = None) -> DiceRoll:
    """Parse and evaluate in one step (what `/roll` does)."""
    return evaluate(parse(text), dice, reason=reason)


def _replayed_group(group: DiceGroup, record: RollRecord, budget: ExplosionBudget) -> RolledGroup:
    """The rolled group a record stands for; ValueError when it cannot be that group's roll."""
    if (record.notation, record.sides) != (group.signed_notation, group.sides):
        msg = f"record {record.notation} does not match {group.signed_notation}"
        raise ValueError(msg)
    if not all(1 <= face <= group.sides for face in record.faces):
        msg = f"record {record.notation} has a face outside 1..{group.sides}"
        raise ValueError(msg)
    faces = iter(record.faces)
    exploded: list[bool] = []
    for _ in range(group.count):
        while True:
            face = next(faces, None)
            if face is None:
                msg = f"record {record.notation} has too few faces"
                raise ValueError(msg)
            exploded.append(budget.explodes(group.explode, face))
            if not exploded[-1]:
                break
    if len(exploded) != len(record.faces):
        msg = f"record {record.notation} has more faces than its dice and explosions"
        raise ValueError(msg)
    marks = tuple(exploded) if group.explode is not None else ()
    result = RolledGroup(group, record.faces, group.kept_marks(record.faces), marks)
    if result.kept_total != record.total:
        msg = (
            f"record {record.notation} totals {record.total}, "
            f"its kept faces sum to {result.kept_total}"
        )
        raise ValueError(msg)
    if result.successes != record.successes:
        msg = (
            f"record {record.notation} counts {record.successes} successes, not {result.successes}"
        )
        raise ValueError(msg)
    return result


def replay_totals(
    expression: str | DiceExpression, records: Sequence[RollRecord]
) -> tuple[int, ...]:
    """Recompute a logged roll's totals from its expression and records (for `/history verify`).

    Raises ValueError when the records do not fit the expression: wrong count, notation,
    sides or number of faces (explosions included), an impossible face, or a total or
    success count that the faces do not give.
    """
    parsed = parse(expression) if isinstance(expression, str) else expression
    expected = len(parsed.groups) * parsed.repeat
    if expected != len(records):
        msg = f"{parsed.canonical} rolls {expected} groups, log has {len(records)} records"
        raise ValueError(msg)
    budget = ExplosionBudget.of(parsed)
    pending = iter(records)
    totals: list[int] = []
    for _ in range(parsed.repeat):
        total = 0
        for term in parsed.terms:
            if isinstance(term, Constant):
                total += term.contribution
            elif isinstance(term, DiceGroup):
                total += _replayed_group(term, next(pending), budget).contribution
            else:
                values = [
                    _replayed_group(f, next(pending), budget).value
                    if isinstance(f, DiceGroup)
                    else f.value
                    for f in term.factors
                ]
                total += term.sign * math.prod(values)
        totals.append(total)
    return tuple(totals)


def replay_total(expression: str | DiceExpression, records: Sequence[RollRecord]) -> int:
    """`replay_totals` of a plain (not repeated) roll."""
    totals = replay_totals(expression, records)
    if len(totals) != 1:
        msg = "a repeated roll has several totals"
        raise ValueError(msg)
    return totals[0]


def replayed(
    expression: DiceExpression, records: Sequence[RollRecord], *, reason: str | None = None
) -> DiceRoll:
    """A logged roll rebuilt from its recorded faces, for display.

    Raises ValueError when the records do not fit the expression (`replay_totals`: an entry
    logged in an older form of it, or rewritten)."""
    replay_totals(expression, records)
    faces = [face for record in records for face in record.faces]
    return evaluate(expression, Dice.scripted(faces), reason=reason)


def repetitions(roll: DiceRoll) -> tuple[DiceRoll, ...]:
    """Each repetition of a roll as a roll of its own, with its records ("3#1d20": three
    rolls of 1d20; a plain roll: itself), to show one at a time; a note that explosions ran
    out of dice goes with the last."""
    single = replace(roll.expression, repeat=1)
    size = len(single.groups)
    last = len(roll.rows) - 1
    return tuple(
        DiceRoll(
            single,
            (row,),
            roll.records[index * size : (index + 1) * size],
            roll.capped and index == last,
        )
        for index, row in enumerate(roll.rows)
    )


# --- render ------------------------------------------------------------------------------


def _render_faces(part: RolledGroup, shown: int | None, locale: object) -> str:
    test = part.group.success
    faces: list[str] = []
    for index, (face, kept) in enumerate(zip(part.faces, part.kept, strict=True)):
        text = str(face)
        if part.exploded and part.exploded[index]:
            text += "!"
        if not kept:
            text = f"~~{text}~~"
        elif test is not None and test.passes(face):
            text = f"**{text}**"
        faces.append(text)
    if shown is not None and len(faces) > shown:
        hidden = len(faces) - shown
        faces = [*faces[:shown], "… " + t("dice.render.more", locale, count=hidden)]
    return ", ".join(faces)


def _render_group(part: RolledGroup, shown: int | None, locale: object, *, alone: bool) -> str:
    text = f"{part.group.notation} ({_render_faces(part, shown, locale)})"
    successes = part.successes
    if successes is not None and not alone:
        text += " → " + t("dice.render.successes", locale, count=successes)
    return text


def _render_row(row: Sequence[RolledTerm], locale: object, shown: int | None) -> str:
    pieces: list[str] = []
    alone = len(row) == 1 and isinstance(row[0], RolledGroup) and row[0].group.sign > 0
    for index, part in enumerate(row):
        if isinstance(part, RolledGroup):
            sign = part.group.sign
        elif isinstance(part, RolledProduct):
            sign = part.product.sign
        else:
            sign = part.sign
        if index:
            pieces.append(" - " if sign < 0 else " + ")
        elif sign < 0:
            pieces.append("-")
        if isinstance(part, RolledGroup):
            pieces.append(_render_group(part, shown, locale, alone=alone))
        elif isinstance(part, RolledProduct):
            pieces.append(
                " × ".join(
                    _render_group(f, shown, locale, alone=False)
                    if isinstance(f, RolledGroup)
                    else str(f.value)
                    for f in part.factors
                )
            )
        else:
            pieces.append(str(part.value))
    total = sum(part.contribution for part in row)
    only = row[0] if alone else None
    if isinstance(only, RolledGroup) and only.successes is not None:
        pieces.append(" = " + t("dice.render.successes", locale, count=total))
    else:
        pieces.append(f" = {total}")
    return "".join(pieces)


def _render(roll: DiceRoll, locale: object, shown: int | None) -> str:
    if roll.repeated:
        text = "\n".join(
            f"{index}. {_render_row(row, locale, shown)}"
            for index, row in enumerate(roll.rows, start=1)
        )
    else:
        text = _render_row(roll.rows[0], locale, shown)
    return text + _capped_note(roll, locale)


def _capped_note(roll: DiceRoll, locale: object) -> str:
    if not roll.capped:
        return ""
    return "\n" + t("dice.render.explosions_capped", locale, limit=MAX_DICE)


def totals_text(roll: DiceRoll) -> str:
    """The roll's totals as its title shows them: "17", or "4, 11, 20" for `3#1d20`."""
    return ", ".join(str(total) for total in roll.totals)


def render(roll: DiceRoll, locale: object = None, *, limit: int = RENDER_LIMIT) -> str:
    """Compact Discord markdown: each group's faces (dropped ones struck through, successes
    in bold, exploding ones marked "!"), the total; a repeated roll gives one numbered line
    per repetition.

    Long face lists are cut to the same length in every group, ending "… 96 more", until the
    text fits `limit` characters; the totals are always shown.
    """
    text = _render(roll, locale, None)
    if len(text) <= limit:
        return text
    longest = max(
        (len(g.faces) for row in roll.rows for g in _rolled_groups(row)),
        default=0,
    )
    for shown in range(longest - 1, -1, -1):
        text = _render(roll, locale, shown)
        if len(text) <= limit:
            return text
    text = f"{roll.expression.canonical} = {totals_text(roll)}"
    if len(text) <= limit:
        return text
    return f"= {totals_text(roll)}"


def _rolled_groups(row: Sequence[RolledTerm]) -> list[RolledGroup]:
    found: list[RolledGroup] = []
    for part in row:
        if isinstance(part, RolledGroup):
            found.append(part)
        elif isinstance(part, RolledProduct):
            found.extend(f for f in part.factors if isinstance(f, RolledGroup))
    return found
