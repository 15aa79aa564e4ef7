"""Generic editing of a ruleset's typed settings: parse a typed value, explain what is allowed."""

from __future__ import annotations

import types
import typing
from collections.abc import Sequence
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
from bot.i18n import Msg

TRUE_WORDS = {"true", "yes", "on", "1", "да", "вкл"}
FALSE_WORDS = {"false", "no", "off", "0", "нет", "выкл"}


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

    @property
    def shown(self) -> str:
        """The value as `/campaign settings set` accepts it (`value_text`)."""
        return value_text(self.current, self.choices)


def value_text(value: Any, choices: Sequence[str] = ()) -> str:
    """A setting's value spelled as the GM types it: `true`/`false`; a list comma-separated
    in the order of its allowed values (`choices`; a set otherwise sorted); `—` when unset."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, set | frozenset | list | tuple):
        items = [str(v) for v in value]
        if choices:
            rank = {c: i for i, c in enumerate(choices)}
            items.sort(key=lambda v: rank.get(v, len(rank)))
        elif not isinstance(value, list | tuple):
            items.sort()
        return ", ".join(items)
    return str(value)


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
        if get_origin(item) is Literal:
            choices = tuple(str(a) for a in get_args(item))
            return SettingInfo(name, "list", ", ".join(choices), current, choices)
        kind = "int list" if item is int else "list"
        return SettingInfo(name, kind, "a,b,c", current)
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
        return type(model).model_validate({**model.model_dump(), name: value})
    except (ValueError, ValidationError):
        raise SettingError(
            "error.setting_value", name=name, value=raw, allowed=info.allowed
        ) from None


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
