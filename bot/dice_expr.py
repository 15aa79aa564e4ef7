"""Dice expressions for `/roll`: parse the text into a tree, evaluate it with `Dice`, render it.

The same three steps as avrae/d20, but every face comes from the injected, audited roller and
each dice group leaves one `RollRecord`, so the audit log can replay the total
(`replay_total`). Grammar (case-insensitive, whitespace between tokens allowed)::

    expression := [+|-] term ((+|-) term)*
    term       := NUMBER | [NUMBER] D SIDES [KEEP [NUMBER]]
    D          := d | д | к          (Russian players type 2к6)
    SIDES      := NUMBER | %         (d% is d100)
    KEEP       := kh | kl | dh | dl  (count defaults to 1: 2d20kh is advantage)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from bot import dice as roller
from bot.dice import Dice, RollRecord
from bot.errors import GameError
from bot.i18n import t

MAX_EXPRESSION_LENGTH = 100
MAX_TERMS = 20
MAX_DICE = 100
MAX_SIDES = 1000
MAX_CONSTANT = 100_000
# Fits an embed field value (1024), a message (2000) and an embed description (4096).
RENDER_LIMIT = 1000

assert MAX_DICE <= roller.MAX_DICE_PER_ROLL and MAX_SIDES <= roller.MAX_SIDES

KeepMode = Literal["kh", "kl", "dh", "dl"]


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
class DiceGroup:
    """`count` dice of `sides` sides, optionally kept/dropped, added (+1) or subtracted (-1)."""

    sign: int
    count: int
    sides: int
    keep: KeepRule | None
    column: int

    @property
    def notation(self) -> str:
        """Canonical notation without the sign, e.g. "4d6kh3"."""
        keep = f"{self.keep.mode}{self.keep.count}" if self.keep else ""
        return f"{self.count}d{self.sides}{keep}"

    @property
    def signed_notation(self) -> str:
        """The notation as recorded in the audit log: "-1d4" for a subtracted group."""
        return f"-{self.notation}" if self.sign < 0 else self.notation

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


Term = DiceGroup | Constant


@dataclass(frozen=True, slots=True)
class DiceExpression:
    """A parsed expression: the player's text and its terms in order."""

    source: str
    terms: tuple[Term, ...]

    @property
    def groups(self) -> tuple[DiceGroup, ...]:
        """The dice groups, in roll order."""
        return tuple(term for term in self.terms if isinstance(term, DiceGroup))

    @property
    def dice_count(self) -> int:
        """How many dice one evaluation rolls."""
        return sum(group.count for group in self.groups)

    @property
    def canonical(self) -> str:
        """A normalised form that parses back to the same terms, e.g. "3d6-1d4+2"."""
        parts: list[str] = []
        for index, term in enumerate(self.terms):
            if term.sign < 0:
                parts.append("-")
            elif index:
                parts.append("+")
            parts.append(term.notation if isinstance(term, DiceGroup) else str(term.value))
        return "".join(parts)


@dataclass(frozen=True, slots=True)
class RolledGroup:
    """A dice group after rolling: every face in roll order and whether it was kept."""

    group: DiceGroup
    faces: tuple[int, ...]
    kept: tuple[bool, ...]

    @property
    def kept_total(self) -> int:
        """Sum of the kept faces (what the audit record's total holds)."""
        return sum(face for face, kept in zip(self.faces, self.kept, strict=True) if kept)

    @property
    def contribution(self) -> int:
        """What this group adds to the total (negative when subtracted)."""
        return self.group.sign * self.kept_total


RolledTerm = RolledGroup | Constant


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """The result of one evaluation: per-term breakdown, total and the audit records."""

    expression: DiceExpression
    parts: tuple[RolledTerm, ...]
    records: tuple[RollRecord, ...]

    @property
    def total(self) -> int:
        """The expression's value."""
        return sum(part.contribution for part in self.parts)

    def render(self, locale: object = None, *, limit: int = RENDER_LIMIT) -> str:
        """Compact Discord markdown, e.g. "4d6kh3 (6, 5, ~~1~~, 4) + 2 = 17"."""
        return render(self, locale, limit=limit)

    def to_json(self) -> dict[str, Any]:
        """A JSON form for the audit entry's outcome."""
        terms: list[dict[str, Any]] = []
        for part in self.parts:
            if isinstance(part, RolledGroup):
                terms.append(
                    {
                        "notation": part.group.signed_notation,
                        "faces": list(part.faces),
                        "kept": list(part.kept),
                        "value": part.contribution,
                    }
                )
            else:
                terms.append({"constant": part.contribution})
        return {"expression": self.expression.canonical, "total": self.total, "terms": terms}


# --- parse -------------------------------------------------------------------------------

_TokenKind = Literal["num", "d", "%", "k", "h", "l", "+", "-", "bad", "end"]

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
}
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

    def peek(self) -> _Token:
        return self.tokens[self.position]

    def take(self) -> _Token:
        token = self.tokens[self.position]
        self.position += 1
        return token

    def fail(self, key: str, column: int | None, **params: Any) -> DiceExpressionError:
        return DiceExpressionError(key, source=self.source, column=column, **params)

    def unexpected(self, token: _Token, key: str, **params: Any) -> DiceExpressionError:
        """The error for `token` where something else belonged; stray characters win."""
        if token.kind == "bad":
            return self.fail("dice.error.unexpected_char", token.column, char=_shown(token.text))
        return self.fail(key, token.column, found=token.text, **params)

    def expression(self) -> DiceExpression:
        terms: list[Term] = []
        sign = 1
        if self.peek().kind in ("+", "-"):
            sign = -1 if self.take().kind == "-" else 1
        while True:
            terms.append(self.term(sign))
            if len(terms) > MAX_TERMS:
                raise self.fail("dice.error.too_many_terms", terms[-1].column, limit=MAX_TERMS)
            token = self.peek()
            if token.kind == "end":
                break
            if token.kind not in ("+", "-"):
                raise self.unexpected(token, "dice.error.expected_operator")
            sign = -1 if self.take().kind == "-" else 1
        if not any(isinstance(term, DiceGroup) for term in terms):
            raise self.fail("dice.error.no_dice", None)
        return DiceExpression(self.source, tuple(terms))

    def term(self, sign: int) -> Term:
        token = self.peek()
        if token.kind == "end":
            previous = self.tokens[self.position - 1] if self.position else token
            raise self.fail("dice.error.unexpected_end", token.column, after=previous.text)
        if token.kind == "num":
            self.take()
            if self.peek().kind != "d":
                if token.value > MAX_CONSTANT:
                    raise self.fail(
                        "dice.error.number_too_large",
                        token.column,
                        value=token.text,
                        limit=MAX_CONSTANT,
                    )
                return Constant(sign, token.value, token.column)
            return self.group(sign, token.value, token.column)
        if token.kind == "d":
            return self.group(sign, 1, token.column)
        raise self.unexpected(token, "dice.error.expected_term")

    def group(self, sign: int, count: int, column: int) -> DiceGroup:
        letter = self.take()
        if count < 1:
            raise self.fail("dice.error.zero_dice", column)
        self.dice += count
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
        keep = self.keep_rule(count)
        if keep is not None and self.peek().kind in ("k", "d"):
            raise self.fail("dice.error.keep_twice", self.peek().column)
        return DiceGroup(sign, count, sides, keep, column)

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
    return _Parser(text).expression()


# --- evaluate ----------------------------------------------------------------------------


def evaluate(expression: DiceExpression, dice: Dice, *, reason: str | None = None) -> DiceRoll:
    """Roll every group through `dice`, recording one `RollRecord` per group.

    Each record holds the group's signed notation ("-1d4", "4d6kh3"), all faces in roll
    order and the kept sum as its total; its purpose is the reason, else the expression.
    """
    purpose = reason.strip() if reason and reason.strip() else expression.canonical
    parts: list[RolledTerm] = []
    records: list[RollRecord] = []
    for term in expression.terms:
        if isinstance(term, Constant):
            parts.append(term)
            continue
        faces = tuple(dice.raw_faces(term.count, term.sides))
        rolled = RolledGroup(term, faces, term.kept_marks(faces))
        record = RollRecord(
            purpose=purpose,
            notation=term.signed_notation,
            sides=term.sides,
            faces=faces,
            modifier=0,
            total=rolled.kept_total,
        )
        dice.record(record)
        parts.append(rolled)
        records.append(record)
    return DiceRoll(expression, tuple(parts), tuple(records))


def roll(text: str, dice: Dice, *, reason: str | None = None) -> DiceRoll:
    """Parse and evaluate in one step (what `/roll` does)."""
    return evaluate(parse(text), dice, reason=reason)


def replay_total(expression: str | DiceExpression, records: Sequence[RollRecord]) -> int:
    """Recompute a logged roll's total from its expression and records (for `/history verify`).

    Raises ValueError when the records do not fit the expression: wrong count, notation,
    sides or number of faces, an impossible face, or a total that is not the kept sum.
    """
    parsed = parse(expression) if isinstance(expression, str) else expression
    groups = parsed.groups
    if len(groups) != len(records):
        msg = f"{parsed.canonical} rolls {len(groups)} groups, log has {len(records)} records"
        raise ValueError(msg)
    total = sum(term.contribution for term in parsed.terms if isinstance(term, Constant))
    for group, record in zip(groups, records, strict=True):
        if (record.notation, record.sides, len(record.faces)) != (
            group.signed_notation,
            group.sides,
            group.count,
        ):
            msg = f"record {record.notation} does not match {group.signed_notation}"
            raise ValueError(msg)
        if not all(1 <= face <= group.sides for face in record.faces):
            msg = f"record {record.notation} has a face outside 1..{group.sides}"
            raise ValueError(msg)
        kept = RolledGroup(group, record.faces, group.kept_marks(record.faces)).kept_total
        if kept != record.total:
            msg = f"record {record.notation} totals {record.total}, its kept faces sum to {kept}"
            raise ValueError(msg)
        total += group.sign * kept
    return total


# --- render ------------------------------------------------------------------------------


def _render_faces(part: RolledGroup, shown: int | None, locale: object) -> str:
    faces = [
        str(face) if kept else f"~~{face}~~"
        for face, kept in zip(part.faces, part.kept, strict=True)
    ]
    if shown is not None and len(faces) > shown:
        hidden = len(faces) - shown
        faces = [*faces[:shown], "… " + t("dice.render.more", locale, count=hidden)]
    return ", ".join(faces)


def _render(roll: DiceRoll, locale: object, shown: int | None) -> str:
    pieces: list[str] = []
    for index, part in enumerate(roll.parts):
        sign = part.group.sign if isinstance(part, RolledGroup) else part.sign
        if index:
            pieces.append(" - " if sign < 0 else " + ")
        elif sign < 0:
            pieces.append("-")
        if isinstance(part, RolledGroup):
            pieces.append(f"{part.group.notation} ({_render_faces(part, shown, locale)})")
        else:
            pieces.append(str(part.value))
    pieces.append(f" = {roll.total}")
    return "".join(pieces)


def render(roll: DiceRoll, locale: object = None, *, limit: int = RENDER_LIMIT) -> str:
    """Compact Discord markdown: each group's faces (dropped ones struck through), the total.

    Long face lists are cut to the same length in every group, ending "… 96 more", until the
    text fits `limit` characters; the total is always shown.
    """
    text = _render(roll, locale, None)
    if len(text) <= limit:
        return text
    longest = max((len(p.faces) for p in roll.parts if isinstance(p, RolledGroup)), default=0)
    for shown in range(longest - 1, -1, -1):
        text = _render(roll, locale, shown)
        if len(text) <= limit:
            return text
    text = f"{roll.expression.canonical} = {roll.total}"
    if len(text) <= limit:
        return text
    return f"= {roll.total}"
