"""What an entry says of its dice, checked against its faces (shared by every verifier).

The derivation check (bot/verify_log.py) proves each face came from the turn's seed; this
proves the entry says what those faces give, so a total, a success count or a `/roll` result
cannot be rewritten while the faces stay:

- each roll row `[purpose, clause, notation, sides, faces, modifier, total, target,
  successes]`: its faces fit its notation (how many dice, their sides, the modifier), its
  total is the kept faces' sum plus the modifier, its success count is the kept faces that
  meet its target (">=5", "in {2,4,6}");
- a core `/roll`'s outcome (`total`/`totals`, `terms`/`rows`, `explosions_capped`,
  `summary`): the expression replayed on the rows gives exactly it.

A row whose notation (or a field) is not one the bot writes is skipped, not failed: only the
forms below are read. data/export_page/verify.js repeats this module line for line, so keep
the two in step (tests/e2e/test_verify_totals.py runs both on the same exports).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.dice_expr import ExplosionBudget
from bot.storage.audit import canonical

# A row's notation: a ruleset's roll ("3d6", "1d6+2" with its modifier) or one `/roll` group
# ("-1d4", "4d6kh3", "3d6!", "3d6!>=5", "3d6!=6>=5", "6d6>=5"; bot/dice_expr.py
# `signed_notation`; an older "3d6!>=5" may also mean "3d6!=6>=5": `_at_maximum`).
_COMPARE = r"(?:>=|<=|>|<|=)[0-9]+"
_GROUP = rf"([0-9]+)d([0-9]+)(?:(!)({_COMPARE})?)?(?:(kh|kl|dh|dl)([0-9]+))?({_COMPARE})?"
_ROW_NOTATION = re.compile(rf"(-?){_GROUP}([+-][0-9]+)?")
_FACTOR_GROUP = re.compile(_GROUP)
_CONSTANT = re.compile(r"[0-9]+")
_REPEAT = re.compile(r"([0-9]+)#(.*)", re.S)
_SPLIT_TERMS = re.compile(r"([+-])")
_TEST = re.compile(r"(>=|<=|>|<|=)(-?[0-9]+)")
_FACE_SET = re.compile(r"in \{([0-9]+(?:,[0-9]+)*)?\}")
_FACES = re.compile(r"(?:[0-9]+(?:,[0-9]+)*)?")
# The dice a `/roll` may roll, exploded ones included: once they are spent, a face that would
# explode does not. bot/dice_expr.py MAX_DICE, 100 in every release so far; kept apart here
# because a log replays under the limit it was rolled with.
MAX_DICE = 100
SHOWN = 200  # characters of a logged text a problem quotes at most


@dataclass(frozen=True)
class FaceTest:
    """A face test: a comparison (">=", 5) or a set of faces ("in", {2, 4, 6})."""

    op: str
    value: int = 0
    faces: frozenset[int] = frozenset()

    def passes(self, face: int) -> bool:
        """Whether the face meets the test."""
        if self.op == "in":
            return face in self.faces
        if self.op == ">=":
            return face >= self.value
        if self.op == "<=":
            return face <= self.value
        if self.op == ">":
            return face > self.value
        if self.op == "<":
            return face < self.value
        return face == self.value


def _compare(text: str | None) -> FaceTest | None:
    match = _TEST.fullmatch(text) if text is not None else None
    return None if match is None else FaceTest(match[1], int(match[2]))


@dataclass(frozen=True)
class Group:
    """A dice group as its notation says: `count` d`sides`, its sign, explosion, keep rule,
    success test and (a ruleset's roll) modifier."""

    sign: int
    count: int
    sides: int
    explode: FaceTest | None
    keep: tuple[str, int] | None
    success: FaceTest | None
    success_text: str | None
    modifier: int
    notation: str

    def kept(self, faces: Sequence[int]) -> list[bool]:
        """Which faces count (bot/dice_expr.py `KeepRule`: ties go to the earlier die)."""
        if self.keep is None:
            return [True] * len(faces)
        mode, count = self.keep
        highest = mode in ("kh", "dh")
        order = sorted(range(len(faces)), key=lambda i: (-faces[i] if highest else faces[i], i))
        chosen = set(order[:count])
        return [(i in chosen) == mode.startswith("k") for i in range(len(faces))]


def _group(parts: Sequence[str | None], sign: int, modifier: int, notation: str) -> Group:
    """The group of a notation's captures (`_GROUP`'s seven)."""
    count, sides, bang, explode_test, keep_mode, keep_count, success = parts
    explode = None
    if bang:
        explode = _compare(explode_test) if explode_test else FaceTest("=", int(str(sides)))
    return Group(
        sign,
        int(str(count)),
        int(str(sides)),
        explode,
        (keep_mode, int(str(keep_count))) if keep_mode else None,
        _compare(success),
        success,
        modifier,
        notation,
    )


def _at_maximum(group: Group) -> Group | None:
    """The other reading of an ambiguous group, None when it has none. Earlier releases
    wrote an explosion at the maximum as a bare "!" even before a success test, so its
    "3d6!>=5" is either "explode on 5 or more" (as read) or "explode on 6, count the dice of
    5 or more" (this reading); an entry that replays under either is what was rolled."""
    if group.explode is None or group.keep is not None or group.success is not None:
        return None
    match = _FACTOR_GROUP.fullmatch(group.notation.removeprefix("-"))
    if match is None or not match[4]:
        return None
    return Group(
        group.sign,
        group.count,
        group.sides,
        FaceTest("=", group.sides),
        None,
        group.explode,
        match[4],
        group.modifier,
        group.notation,
    )


def row_group(notation: str) -> Group | None:
    """The group a row's notation names (None: not a notation the bot writes)."""
    match = _ROW_NOTATION.fullmatch(notation)
    if match is None:
        return None
    modifier = int(match[9]) if match[9] else 0
    return _group(match.groups()[1:8], -1 if match[1] else 1, modifier, notation)


def _target(text: Any) -> FaceTest | None:
    if not isinstance(text, str):
        return None
    match = _FACE_SET.fullmatch(text)
    if match is not None:
        faces = frozenset(int(f) for f in match[1].split(",")) if match[1] else frozenset()
        return FaceTest("in", faces=faces)
    return _compare(text)


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def shown(value: Any) -> str | None:
    """A logged value as a problem quotes it: a text as it is, anything else as its JSON;
    one line without backticks (it is quoted in code), at most `SHOWN` characters."""
    if value is None:
        return None
    text = value if isinstance(value, str) else canonical(value)
    text = text.replace("`", "ˋ").replace("\n", " ").replace("\r", " ")
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def faces_shown(faces: Sequence[int]) -> str | None:
    """Faces as a problem quotes them: "6, 5, 1, 4"."""
    return shown(", ".join(str(f) for f in faces))


@dataclass(frozen=True)
class Row:
    """The fields of a roll row this check reads."""

    notation: str
    sides: int
    faces: tuple[int, ...]
    modifier: int
    total: int
    target: Any
    successes: Any


def read_row(row: Any) -> Row | None:
    """A roll row's fields (None: not a row of the bot's shape, so skipped)."""
    if not isinstance(row, (list, tuple)) or len(row) != 9:
        return None
    notation, faces = row[2], row[4]
    sides, modifier, total = _int(row[3]), _int(row[5]), _int(row[6])
    if not isinstance(notation, str) or not isinstance(faces, str) or not _FACES.fullmatch(faces):
        return None
    if sides is None or modifier is None or total is None:
        return None
    parsed = tuple(int(f) for f in faces.split(",")) if faces else ()
    return Row(notation, sides, parsed, modifier, total, row[7], row[8])


def row_problem(index: int, row: Any) -> tuple[str, dict[str, Any]] | None:
    """What roll row `index` (from 0) says that its faces do not give: `roll_dice` (the
    faces cannot be its notation's), `roll_total` or `roll_successes`, with their details."""
    read = read_row(row)
    group = None if read is None else row_group(read.notation)
    if read is None or group is None:
        return None
    faces = read.faces

    def said(**more: Any) -> dict[str, Any]:
        """The details a problem names (built only for one)."""
        return {
            "roll": index + 1,
            "notation": shown(read.notation),
            "faces": faces_shown(faces),
            "sides": read.sides,
            **more,
        }

    enough = len(faces) >= group.count if group.explode else len(faces) == group.count
    fits = (
        enough
        and group.sides == read.sides
        and group.modifier == read.modifier
        and all(1 <= f <= read.sides for f in faces)
        and (group.success is None or read.target == group.success_text)
    )
    if not fits:
        return "roll_dice", said()
    kept = group.kept(faces)
    derived = sum(f for f, k in zip(faces, kept, strict=True) if k) + read.modifier
    if derived != read.total:
        return "roll_total", said(found=read.total, derived=derived)
    if read.target is not None and _target(read.target) is None:
        return None  # a target this check cannot read
    test = _target(read.target)
    counted = (
        None
        if test is None
        else sum(1 for f, k in zip(faces, kept, strict=True) if k and test.passes(f))
    )
    found = _int(read.successes)
    if counted != found or (found is None and read.successes is not None):
        return "roll_successes", said(
            target=shown(read.target), found=shown(read.successes), derived=counted
        )
    return None


# --- a core /roll's outcome -------------------------------------------------------------

ROLL_RESULT_KEYS = ("expression", "total", "totals", "terms", "rows")


@dataclass(frozen=True)
class Constant:
    """A number in an expression, with its sign."""

    sign: int
    value: int


@dataclass(frozen=True)
class Product:
    """Factors multiplied, with the product's sign (its factors' own signs are +1)."""

    sign: int
    factors: tuple[Group | Constant, ...]


Term = Group | Constant | Product


def _factor(text: str, sign: int) -> Group | Constant | None:
    if _CONSTANT.fullmatch(text):
        return Constant(sign, int(text))
    match = _FACTOR_GROUP.fullmatch(text)
    if match is None:
        return None
    return _group(match.groups(), sign, 0, ("-" if sign < 0 else "") + text)


def read_expression(text: Any) -> tuple[int, list[Term]] | None:
    """A `/roll` outcome's expression in its canonical form ("3#3d6-1d4+2", "2d6*10"): how
    often it is rolled and its terms (None: not such a form)."""
    if not isinstance(text, str):
        return None
    repeat, body = 1, text
    match = _REPEAT.fullmatch(text)
    if match is not None:
        repeat, body = int(match[1]), match[2]
    pieces = _SPLIT_TERMS.split(body)
    first = "+"
    if pieces[0] == "" and len(pieces) > 1 and pieces[1] == "-":
        pieces, first = pieces[2:], "-"
    signed = [(first, pieces[0])] + [(pieces[i], pieces[i + 1]) for i in range(1, len(pieces), 2)]
    terms: list[Term] = []
    for sign_text, piece in signed:
        sign = -1 if sign_text == "-" else 1
        parts = piece.split("*")
        if len(parts) == 1:
            term = _factor(piece, sign)
            if term is None:
                return None
            terms.append(term)
            continue
        factors = [_factor(part, 1) for part in parts]
        if any(f is None for f in factors):
            return None
        terms.append(Product(sign, tuple(f for f in factors if f is not None)))
    return (repeat, terms) if repeat >= 1 else None


class _Unfit(Exception):
    """The rows are not the dice the expression rolls."""


class _Replay(ExplosionBudget):
    """Replays a `/roll` on its logged faces (bot/dice_expr.py `replay_totals`), building
    the outcome its evaluation writes (`DiceRoll.to_json`), under the roll's budget of extra
    dice explosions may still add."""

    def group(self, group: Group, row: Row | None) -> tuple[dict[str, Any], int]:
        """The group's term as the outcome writes it, and its value before its sign."""
        if row is None or row.notation != group.notation or row.sides != group.sides:
            raise _Unfit
        faces = row.faces
        if not all(1 <= f <= group.sides for f in faces) or len(faces) < group.count:
            raise _Unfit
        exploded: list[bool] = []
        for _ in range(group.count):
            while True:
                if len(exploded) >= len(faces):
                    raise _Unfit
                exploded.append(self.explodes(group.explode, faces[len(exploded)]))
                if not exploded[-1]:
                    break
        if len(exploded) != len(faces):
            raise _Unfit
        kept = group.kept(faces)
        body: dict[str, Any] = {"notation": group.notation, "faces": list(faces), "kept": kept}
        value = sum(f for f, k in zip(faces, kept, strict=True) if k)
        if group.explode is not None:
            body["exploded"] = exploded
        if group.success is not None:
            test = group.success
            value = sum(1 for f, k in zip(faces, kept, strict=True) if k and test.passes(f))
            body["successes"] = value
        body["value"] = group.sign * value
        return body, value


_MISSING = object()


def _difference(found: Any, expected: Any) -> tuple[Any, Any] | None:
    """The first part where the logged value differs from the replayed one (into lists of
    the same length, so a total of `3#1d20` or one term is named rather than all)."""
    if found is _MISSING or expected is _MISSING:
        return None if found is expected else (found, expected)
    if canonical(found) == canonical(expected):
        return None
    if isinstance(found, list) and isinstance(expected, list) and len(found) == len(expected):
        for part, replayed in zip(found, expected, strict=True):
            differs = _difference(part, replayed)
            if differs is not None:
                return differs
    return found, expected


def says_roll_result(outcome: Mapping[str, Any]) -> bool:
    """Whether an outcome states a `/roll`'s result (older and other outcomes do not)."""
    return any(key in outcome for key in ROLL_RESULT_KEYS)


def outcome_problem(
    outcome: Mapping[str, Any], rows: Sequence[Any]
) -> tuple[str, dict[str, Any]] | None:
    """What a core `/roll`'s outcome says that its expression, replayed on its roll rows, does
    not give: `roll_expression` (the rows are not that expression's dice) or `roll_result`
    (the first differing part: a total, a term, the summary). Each part is compared where
    the outcome states it (a `/roll` states them all; `explosions_capped` only when true)."""
    expression = outcome.get("expression")
    params: dict[str, Any] = {"expression": shown(expression)}
    read = read_expression(expression)
    if read is None:
        return "roll_expression", params
    repeat, terms = read
    problem = _replay_problem(outcome, rows, repeat, terms, params)
    if problem is None:
        return None
    for other in _other_readings(outcome, terms):
        if _replay_problem(outcome, rows, repeat, other, params) is None:
            return None
    return problem


def _logged_factors(outcome: Mapping[str, Any]) -> list[Any]:
    """The terms the outcome states for its first roll, a product's factors in line."""
    terms = outcome.get("terms")
    if terms is None:
        rows = outcome.get("rows")
        terms = rows[0] if isinstance(rows, list) and rows else None
    if not isinstance(terms, list):
        return []
    factors: list[Any] = []
    for term in terms:
        product = term.get("product") if isinstance(term, Mapping) else None
        factors.extend(product if isinstance(product, list) else [term])
    return factors


def _other_readings(outcome: Mapping[str, Any], terms: list[Term]) -> list[list[Term]]:
    """Readings of an expression with ambiguous groups (`_at_maximum`) other than the first:
    each such group read as the outcome's term says (a success count or none), then every
    such group read at the maximum. The replay still compares the whole outcome."""
    logged = _logged_factors(outcome)
    place = 0

    def read(factor: Group | Constant, every: bool) -> Group | Constant:
        nonlocal place
        said = logged[place] if place < len(logged) else None
        place += 1
        other = _at_maximum(factor) if isinstance(factor, Group) else None
        counts = isinstance(said, Mapping) and "successes" in said
        return other if other is not None and (every or counts) else factor

    readings: list[list[Term]] = []
    for every in (False, True):
        place = 0
        reading: list[Term] = []
        for term in terms:
            if isinstance(term, Product):
                reading.append(Product(term.sign, tuple(read(f, every) for f in term.factors)))
            else:
                reading.append(read(term, every))
        if reading != terms and reading not in readings:
            readings.append(reading)
    return readings


def _replay_problem(
    outcome: Mapping[str, Any],
    rows: Sequence[Any],
    repeat: int,
    terms: list[Term],
    params: dict[str, Any],
) -> tuple[str, dict[str, Any]] | None:
    """`outcome_problem` under one reading of the expression."""
    expression = outcome.get("expression")
    groups = [
        factor
        for term in terms
        for factor in (term.factors if isinstance(term, Product) else (term,))
        if isinstance(factor, Group)
    ]
    if not groups or len(groups) * repeat != len(rows):  # a /roll rolls dice
        return "roll_expression", params
    replay = _Replay(MAX_DICE - sum(g.count for g in groups) * repeat)
    pending = iter([read_row(row) for row in rows])
    totals: list[int] = []
    rows_json: list[list[dict[str, Any]]] = []
    try:
        for _ in range(repeat):
            row_json: list[dict[str, Any]] = []
            total = 0
            for term in terms:
                if isinstance(term, Constant):
                    row_json.append({"constant": term.sign * term.value})
                    total += term.sign * term.value
                elif isinstance(term, Group):
                    body, value = replay.group(term, next(pending))
                    row_json.append(body)
                    total += term.sign * value
                else:
                    factors: list[dict[str, Any]] = []
                    product = term.sign
                    for factor in term.factors:
                        if isinstance(factor, Constant):
                            factors.append({"constant": factor.value})
                            product *= factor.value
                        else:
                            body, value = replay.group(factor, next(pending))
                            factors.append(body)
                            product *= value
                    row_json.append({"product": factors, "value": product})
                    total += product
            totals.append(total)
            rows_json.append(row_json)
    except _Unfit:
        return "roll_expression", params
    expected: dict[str, Any] = (
        {"total": totals[0], "terms": rows_json[0]}
        if repeat == 1
        else {"totals": totals, "rows": rows_json}
    )
    expected["explosions_capped"] = True if replay.capped else _MISSING
    expected["summary"] = f"{expression} = {', '.join(str(t) for t in totals)}"
    for key, replayed in expected.items():
        if key not in outcome:
            continue  # what an outcome does not state, it cannot state wrongly
        differs = _difference(outcome[key], replayed)
        if differs is not None:
            found, derived = differs
            return "roll_result", {
                **params,
                "found": None if found is _MISSING else shown(found),
                "derived": None if derived is _MISSING else shown(derived),
            }
    return None
