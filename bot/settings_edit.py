"""Generic editing of a ruleset's typed settings: parse a typed value, explain what is allowed."""

from __future__ import annotations

import types
import typing
from collections.abc import Sequence
from collections.abc import Sized
from dataclasses import dataclass
from typing import Any
from typing import Literal
from typing import get_args
from typing import get_origin

import annotated_types
from pydantic import BaseModel
from pydantic import ValidationError
from pydantic.fields import FieldInfo

from bot.errors import GameError
from bot.errors import typed_params
from bot.i18n import Msg

TRUE_WORDS = {"true", "yes", "on", "1", "да", "вкл"}
FALSE_WORDS = {"false", "no", "off", "0", "нет", "выкл"}
EMPTY = "campaign.settings.empty"  # how an empty list reads: "(none)"
# A list setting's declaration (`json_schema_extra`) may say that its order matters
# ("ordered": the order the rules try its values in) and how many values it needs at least
# ("minItems": the ruleset cannot work with fewer).
ORDERED = "ordered"
MIN_ITEMS = "minItems"


class SettingError(GameError):
    """A setting name or value the GM typed is not accepted."""

    key = "error.setting_value"


@dataclass(frozen=True)
class SettingInfo:
    """What a setting is and which values it accepts, for help and autocomplete."""

    name: str
    kind: str
    allowed: str
    current: Any
    choices: tuple[str, ...] = ()  # the allowed values of an enum or a list, in their order
    ordered: bool = False  # a list whose order matters, shown as it is kept
    least: int = 0  # the fewest values a list may hold

    @property
    def shown(self) -> str:
        """The value as `/campaign settings set` accepts it (`value_text`)."""
        return value_text(self.current, self.choices, ordered=self.ordered)

    def shown_in(self, locale: str | None) -> str:
        """`shown`, an empty list named in `locale` (`shown_value`)."""
        return shown_value(self.current, locale, self.choices, ordered=self.ordered)


def value_text(value: Any, choices: Sequence[str] = (), *, ordered: bool = False) -> str:
    """A setting's value spelled as the GM types it: `true`/`false`; a list comma-separated,
    in its own order when `ordered`, else in the order of its allowed values (`choices`; a
    set otherwise sorted); `—` when unset, "" for an empty list (`shown_value` names it)."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, set | frozenset | list | tuple):
        items = [str(v) for v in value]
        if choices and not ordered:
            rank = {c: i for i, c in enumerate(choices)}
            items.sort(key=lambda v: rank.get(v, len(rank)))
        elif not isinstance(value, list | tuple):
            items.sort()
        return ", ".join(items)
    return str(value)


def value_msg(value: Any, choices: Sequence[str] = (), *, ordered: bool = False) -> Msg | str:
    """`value_text`, with an empty list named in the reader's language ("(none)")."""
    if isinstance(value, set | frozenset | list | tuple) and not value:
        return Msg(EMPTY)
    return value_text(value, choices, ordered=ordered)


def shown_value(
    value: Any, locale: str | None, choices: Sequence[str] = (), *, ordered: bool = False
) -> str:
    """`value_msg` in `locale`: what a reply or `/campaign settings show` writes."""
    typed = value_msg(value, choices, ordered=ordered)
    return typed.render(locale) if isinstance(typed, Msg) else typed


def setting_line(name: str, value: str, allowed: str = "", note: str | None = None) -> str:
    """One setting as `/campaign settings show` lists it, core and rulesets alike:
    `` `name` = **value** (allowed) — what it sets``."""
    line = f"`{name}` = **{value}**"
    line += f" ({allowed})" if allowed else ""
    return line + (f" — {note}" if note else "")


def _bounds(info: FieldInfo) -> tuple[int | None, int | None]:
    low: int | None = None
    high: int | None = None
    for meta in info.metadata:
        if isinstance(meta, annotated_types.Ge):
            low = int(meta.ge)  # type: ignore[call-overload]
        elif isinstance(meta, annotated_types.Gt):
            low = int(meta.gt) + 1  # type: ignore[call-overload]
        elif isinstance(meta, annotated_types.Le):
            high = int(meta.le)  # type: ignore[call-overload]
        elif isinstance(meta, annotated_types.Lt):
            high = int(meta.lt) - 1  # type: ignore[call-overload]
    return low, high


def _strip_optional(annotation: Any) -> Any:
    if get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def describe(model: BaseModel, name: str) -> SettingInfo:
    """Kind and allowed values of one field of a settings model."""
    fields = type(model).model_fields
    if name not in fields:
        raise SettingError("error.setting_unknown", name=name)
    info = fields[name]
    annotation = _strip_optional(info.annotation)
    origin = get_origin(annotation)
    current = getattr(model, name)
    if annotation is bool:
        return SettingInfo(name, "bool", "true, false", current, ("true", "false"))
    if annotation is int:
        low, high = _bounds(info)
        allowed = f"{'' if low is None else low}..{'' if high is None else high}"
        return SettingInfo(name, "int", allowed, current)
    if origin is Literal:
        choices = tuple(str(a) for a in get_args(annotation))
        return SettingInfo(name, "enum", ", ".join(choices), current, choices)
    if origin in (list, set, frozenset):
        (item,) = get_args(annotation) or (str,)
        extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
        ordered = origin is list and extra.get(ORDERED) is True
        least = extra.get(MIN_ITEMS)
        least = least if isinstance(least, int) else 0
        if get_origin(item) is Literal:
            choices = tuple(str(a) for a in get_args(item))
            allowed = ", ".join(choices)
            return SettingInfo(name, "list", allowed, current, choices, ordered, least)
        # Any values of its type (the model's validators say what else they need): no list
        # of allowed values to show.
        kind = "int list" if item is int else "list"
        return SettingInfo(name, kind, "", current, (), ordered, least)
    return SettingInfo(name, "table", "", current)


def _parse(kind: str, raw: str) -> Any:
    text = raw.strip()
    if kind == "bool":
        low = text.lower()
        if low in TRUE_WORDS:
            return True
        if low in FALSE_WORDS:
            return False
        raise ValueError(text)
    if kind == "int":
        return int(text)
    if kind == "enum":
        return text
    if kind == "int list":
        return [int(part) for part in text.replace(";", ",").split(",") if part.strip()]
    if kind == "list":
        return [part.strip() for part in text.replace(";", ",").split(",") if part.strip()]
    raise ValueError(text)


def apply(model: BaseModel, name: str, raw: str) -> BaseModel:
    """A copy of `model` with `name` set from the GM's text; SettingError says what is allowed."""
    info = describe(model, name)
    if info.kind == "table":
        raise SettingError("error.setting_table", name=name)
    try:
        value = _parse(info.kind, raw)
        new = type(model).model_validate({**model.model_dump(), name: value})
    except ValidationError as error:
        reason = rule_refusal(error)
        if reason is not None:
            raise SettingError(
                "error.setting_refused", name=name, value=raw, reason=reason
            ) from None
        raise value_refused(info, raw) from None
    except ValueError:
        raise value_refused(info, raw) from None
    if too_few(info, getattr(new, name)):
        key = "error.setting_too_few" if info.allowed else "error.setting_too_few_any"
        raise SettingError(key, name=name, count=info.least, allowed=info.allowed)
    return new


def unchanged(
    name: str, value: Any, choices: Sequence[str] = (), ordered: bool = False
) -> SettingError:
    """The refusal of a value the setting already has: a GM who sets it again is told so,
    privately, and nothing is logged or announced (as `settings import` refuses a file that
    changes nothing)."""
    shown = value_msg(value, choices, ordered=ordered)
    return SettingError("error.setting_unchanged", name=name, value=shown)


def value_refused(info: SettingInfo, raw: str) -> SettingError:
    """A value that is not one of the setting's type: what is allowed, where it has a list."""
    key = "error.setting_value" if info.allowed else "error.setting_value_any"
    return SettingError(key, name=info.name, value=raw, allowed=info.allowed)


class SettingsRule(ValueError):
    """A settings model's validator refusing a combination of values, in the reader's
    language: a catalog message, and the settings it concerns (`settings`, whichever of
    them a GM changed is named in the refusal). Pydantic keeps it as its error's context."""

    def __init__(self, key: str, settings: Sequence[str] = (), **params: Any) -> None:
        super().__init__(key)
        self.message = Msg(key, **params)
        self.settings = tuple(settings)


# What pydantic puts before a validator's own words.
VALIDATOR_PREFIXES = ("Value error, ", "Assertion failed, ")
RULE_ERRORS = frozenset({"value_error", "assertion_error"})


def refusal(detail: Any) -> Msg | str:
    """What one error of a settings model's validation says, for every settings refusal: a
    validator's catalog message (`SettingsRule`), else pydantic's words without the prefix
    it puts before a validator's ("Value error, ")."""
    error = (detail.get("ctx") or {}).get("error")
    if isinstance(error, SettingsRule):
        return error.message
    text = str(detail.get("msg", ""))
    for prefix in VALIDATOR_PREFIXES:
        text = text.removeprefix(prefix)
    return text


def rule_refusal(error: ValidationError) -> Msg | str | None:
    """A validator's refusal (`refusal`) when a validator refused, None when the value is
    not of the setting's type (its allowed values say what is)."""
    found = next((d for d in error.errors() if d.get("type") in RULE_ERRORS), None)
    return None if found is None else refusal(found)


typed_params("error.setting_refused", "value", "name")
typed_params("error.setting_value_any", "value", "name")
typed_params("error.setting_unchanged", "value", "name")


def too_few(info: SettingInfo, value: Any) -> bool:
    """A list setting given fewer values than its ruleset needs (`minItems`)."""
    return info.least > 0 and isinstance(value, Sized) and len(value) < info.least


def warnings(ruleset: str, settings: BaseModel, state: BaseModel | None = None) -> list[Msg]:
    """What the ruleset warns about in its settings as saved (its `settings_warnings`) and,
    given its `state`, in what they make of it (its `state_warnings`); nothing for the core
    or a ruleset without warnings."""
    from bot import rulesets

    try:
        spec = rulesets.get(ruleset)
    except KeyError:
        return []
    warned = [] if spec.settings_warnings is None else spec.settings_warnings(settings)
    if state is not None and spec.state_warnings is not None:
        warned += spec.state_warnings(state, settings)
    return warned
