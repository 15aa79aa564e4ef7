"""A campaign's settings as a TOML file: written with each setting's description and allowed
values as comments, read back whole — every problem named with its line and what is allowed,
and nothing taken unless the whole file is valid."""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel
from pydantic import Field
from pydantic import ValidationError

from bot import settings_edit
from bot.errors import GameError
from bot.errors import shown_params
from bot.i18n import Msg
from bot.i18n import t
from bot.text import shown

CORE = "core"
MAX_FILE_BYTES = 256 * 1024
BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
KEY_LINE = re.compile(r"^\s*([A-Za-z0-9_-]+|\"[^\"]*\")\s*(?:\.|=)")
HEADER_LINE = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
# Where tomllib says a file breaks: "(at line 3, column 18)" or "(at end of document)".
DECODE_AT = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)")


# Core settings `/campaign settings show` lists that a file does not change: each has its own
# checks and takes effect at once (`/campaign settings set setting:core.<name>`). The export
# names them, and an import that sets one says which command does.
SET_BY_COMMAND = ("language", "time_zone", "reminders", "on_deadline")
# Where their descriptions are (the typed settings' are `core.setting.<name>`).
COMMAND_DESCRIPTIONS = {
    "language": "campaign.settings.language",
    "time_zone": "turn_flow.setting.time_zone",
    "reminders": "turn_flow.setting.reminders",
    "on_deadline": "turn_flow.setting.on_deadline",
}


class CoreSettings(BaseModel):
    """The settings every campaign has, outside any ruleset (as `/campaign settings set core.*`
    accepts them)."""

    factions_per_player: int = Field(1, ge=1, le=10)
    secret_rolls_for_players: bool = False


@dataclass(frozen=True)
class FileProblem:
    """One thing wrong in an imported file: its line (None when the file as a whole) and why."""

    line: int | None
    message: Msg


class SettingsFileRejected(GameError):
    """The imported file has problems; `problems` names each one, and nothing was applied."""

    key = "error.settings_file.rejected"

    def __init__(self, problems: Sequence[FileProblem]) -> None:
        super().__init__(self.key, count=len(problems))
        self.problems = list(problems)

    def details(self, locale: str | None) -> list[str]:
        """Each problem, the file's text in it shown as written."""
        from bot.i18n import t

        return [
            t(p.message.key, locale, **shown_params(p.message.key, p.message.params, locale))
            for p in self.problems
        ]


# -- writing -----------------------------------------------------------------------------------


def _key(name: str) -> str:
    return name if BARE_KEY.match(name) else json.dumps(name, ensure_ascii=False)


def toml_value(value: Any) -> str:
    """One value in TOML: scalars, arrays (sets sorted) and inline tables (mappings, models)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        # A JSON string's escapes are all valid in a TOML basic string.
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, BaseModel):
        return toml_value(value.model_dump(mode="json"))
    if isinstance(value, Mapping):
        # TOML has no null: an unset entry is left out (the model's default is None).
        items = ", ".join(
            f"{_key(str(k))} = {toml_value(v)}" for k, v in value.items() if v is not None
        )
        return "{ " + items + " }" if items else "{}"
    if isinstance(value, set | frozenset):
        value = sorted(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML form for {type(value).__name__}")


def value_shown(value: Any) -> str:
    """A setting's value as the file writes it, read literally in a message: the names a GM
    typed in it (a leader, a ship class) cannot turn into Markdown or mentions."""
    return shown(toml_value(value))


def changes(before: Mapping[str, BaseModel], changed: Mapping[str, Mapping[str, Any]]) -> list[Msg]:
    """Each setting an import changes (`changed_settings`), as it was in `before` → as it
    will be, both written as `/campaign settings show` writes them (`setting_value`): what
    the GM's question asks, and what the import's log entry keeps."""
    lines = []
    for section, values in changed.items():
        model = before.get(section)
        for name, value in values.items():
            had = model is not None and hasattr(model, name)
            lines.append(
                Msg(
                    "campaign.settings.import_change",
                    setting=f"{section}.{name}",
                    old=setting_value(model, name, getattr(model, name)) if had else "—",
                    new=setting_value(model, name, value),
                )
            )
    return lines


def setting_value(model: BaseModel | None, name: str, value: Any) -> Msg | str:
    """A value of `model`'s setting `name` as `/campaign settings show` and `set` write it
    (`settings_edit.value_msg`: a list comma-separated, in the order `show` keeps it, an
    empty one "(none)" in the reader's language), read literally; a table, which `show` only
    names, as the file writes it."""
    if isinstance(value, Mapping | BaseModel):
        return value_shown(value)
    choices: Sequence[str] = ()
    ordered = False
    if model is not None and name in type(model).model_fields:
        info = settings_edit.describe(model, name)
        choices, ordered = info.choices, info.ordered
    typed = settings_edit.value_msg(value, choices, ordered=ordered)
    return typed if isinstance(typed, Msg) else shown(typed)


def description(section: str, name: str, locale: str | None) -> str | None:
    """The catalog's description of a setting (`<ruleset>.setting.<name>`), if it has one."""
    key = f"{section}.setting.{name}"
    text = t(key, locale)
    return None if text == key else text


def section_text(section: str, settings: BaseModel, locale: str | None) -> list[str]:
    """One `[section]` table: each setting with its description and allowed values above it."""
    lines = [f"[{section}]"]
    for name in type(settings).model_fields:
        info = settings_edit.describe(settings, name)
        about = description(section, name, locale)
        if about:
            lines += [f"# {part}" for part in about.splitlines()]
        if info.allowed:
            lines.append("# " + t("settings_file.allowed", locale, allowed=info.allowed))
        elif info.kind == "table":
            lines.append("# " + t("settings_file.table", locale))
        value = getattr(settings, name)
        if value is None:
            lines.append(f"# {name} = " + t("settings_file.unset", locale))
        else:
            lines.append(f"{name} = {toml_value(value)}")
        lines.append("")
    if section == CORE:
        for name in SET_BY_COMMAND:
            lines += [f"# {part}" for part in t(COMMAND_DESCRIPTIONS[name], locale).splitlines()]
            lines += ["# " + t("settings_file.by_command", locale, setting=name), ""]
    return lines


def export_text(
    sections: Sequence[tuple[str, BaseModel]], locale: str | None, *, campaign: str, turn: int
) -> str:
    """The whole file: a header saying how to use it, then one table per section."""
    header = t("settings_file.header", locale, campaign=campaign, turn=turn)
    lines = [f"# {part}" if part else "#" for part in header.splitlines()]
    lines.append("")
    for section, settings in sections:
        lines += section_text(section, settings, locale)
    return "\n".join(lines).rstrip("\n") + "\n"


# -- reading -----------------------------------------------------------------------------------


def key_lines(text: str) -> dict[tuple[str, ...], int]:
    """Where each table and key starts: (section,) and (section, name) → line number (1-based).

    A setting written as its own sub-table (`[fleet_combat.ship_stats.fighter]`) is found at
    its first header."""
    found: dict[tuple[str, ...], int] = {}
    table: tuple[str, ...] = ()
    for number, line in enumerate(text.splitlines(), start=1):
        header = HEADER_LINE.match(line)
        if header:
            table = tuple(p.strip().strip('"') for p in header.group(1).split("."))
            for size in range(1, min(len(table), 2) + 1):
                found.setdefault(table[:size], number)
            continue
        key = KEY_LINE.match(line)
        if key and table:
            found.setdefault((*table[:2], key.group(1).strip('"'))[:2], number)
    return found


def _raw_value(text: str, line: int | None) -> str:
    if line is None:
        return "—"
    source = text.splitlines()[line - 1]
    _, _, value = source.partition("=")
    value = value.strip() or source.strip()
    return value if len(value) <= 80 else value[:79] + "…"


def _problem(line: int | None, key: str, **params: Any) -> FileProblem:
    return FileProblem(line, Msg(key, line="—" if line is None else line, **params))


def _field_problems(
    section: str, current: BaseModel, error: ValidationError, text: str, lines: Mapping[Any, int]
) -> list[FileProblem]:
    problems: list[FileProblem] = []
    named: set[str] = set()
    for detail in error.errors():
        loc = detail.get("loc", ())
        name = str(loc[0]) if loc else ""
        if name not in type(current).model_fields:
            problems.append(_model_problem(section, detail, text, lines))
            continue
        if name in named:
            continue
        named.add(name)
        line = lines.get((section, name))
        info = settings_edit.describe(current, name)
        if info.kind == "table":
            where = ".".join(str(part) for part in loc)
            problems.append(
                _problem(
                    line,
                    "error.settings_file.invalid",
                    setting=f"{section}.{where}",
                    detail=settings_edit.refusal(detail),
                )
            )
        elif detail.get("type") in settings_edit.RULE_ERRORS:
            problems.append(
                _problem(
                    line,
                    "error.settings_file.refused",
                    setting=f"{section}.{name}",
                    value=_raw_value(text, line),
                    reason=settings_edit.refusal(detail),
                )
            )
        else:
            problems.append(
                _problem(
                    line,
                    "error.settings_file.value" if info.allowed else "error.settings_file.any",
                    setting=f"{section}.{name}",
                    value=_raw_value(text, line),
                    allowed=info.allowed,
                )
            )
    return problems


def _model_problem(section: str, detail: Any, text: str, lines: Mapping[Any, int]) -> FileProblem:
    """A refusal of the section's settings together (a validator of the whole model), at
    the first setting it concerns that the file sets (with the value it sets), else at the
    section's line."""
    error = (detail.get("ctx") or {}).get("error")
    concerns = error.settings if isinstance(error, settings_edit.SettingsRule) else ()
    name = next((n for n in concerns if (section, n) in lines), None)
    if name is None:
        return _problem(
            lines.get((section,)),
            "error.settings_file.invalid",
            setting=section,
            detail=settings_edit.refusal(detail),
        )
    line = lines.get((section, name))
    return _problem(
        line,
        "error.settings_file.refused",
        setting=f"{section}.{name}",
        value=_raw_value(text, line),
        reason=settings_edit.refusal(detail),
    )


def _too_few(
    section: str, settings: BaseModel, named: Mapping[str, Any], lines: Mapping[Any, int]
) -> list[FileProblem]:
    """The lists the file leaves with fewer values than their ruleset needs (`minItems`)."""
    problems = []
    for name in named:
        info = settings_edit.describe(settings, name)
        if settings_edit.too_few(info, info.current):
            key = "error.settings_file.too_few" + ("" if info.allowed else "_any")
            problems.append(
                _problem(
                    lines.get((section, name)),
                    key,
                    setting=f"{section}.{name}",
                    count=info.least,
                    allowed=info.allowed,
                )
            )
    return problems


def read_settings(text: str, current: Mapping[str, BaseModel]) -> dict[str, BaseModel]:
    """The new settings of each section the file names, checked against `current` (section →
    settings); a setting the file leaves out keeps its value. Raises SettingsFileRejected
    naming every problem when anything is wrong."""
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as failure:
        found = DECODE_AT.search(str(failure))
        line = int(found[1]) if found and found[1] else None
        detail = DECODE_AT.sub("", str(failure))
        if found and found[2]:
            detail += f", column {found[2]}"
        raise SettingsFileRejected(
            [_problem(line, "error.settings_file.syntax", detail=detail)]
        ) from None
    lines = key_lines(text)
    problems: list[FileProblem] = []
    result: dict[str, BaseModel] = {}
    for section, table in document.items():
        if section not in current or not isinstance(table, dict):
            problems.append(
                _problem(
                    lines.get((section,)),
                    "error.settings_file.section",
                    section=section,
                    allowed=", ".join(current),
                )
            )
            continue
        model = current[section]
        fields = type(model).model_fields
        unknown = [name for name in table if name not in fields]
        for name in unknown:
            where = lines.get((section, name))
            if section == CORE and name in SET_BY_COMMAND:
                problems.append(_problem(where, "error.settings_file.by_command", setting=name))
            else:
                problems.append(_problem(where, "error.settings_file.unknown", setting=name))
        known = {name: value for name, value in table.items() if name in fields}
        try:
            result[section] = type(model).model_validate({**model.model_dump(), **known})
        except ValidationError as error:
            problems += _field_problems(section, model, error, text, lines)
            continue
        problems += _too_few(section, result[section], known, lines)
    if problems:
        problems.sort(key=lambda p: p.line or 0)
        raise SettingsFileRejected(problems)
    return result


def changed_settings(
    before: Mapping[str, BaseModel], after: Mapping[str, BaseModel]
) -> dict[str, dict[str, Any]]:
    """Per section, the settings whose value differs, as JSON values (for the audit entry)."""
    changed: dict[str, dict[str, Any]] = {}
    for section, new in after.items():
        old = before[section]
        names = {n for n in type(new).model_fields if getattr(new, n) != getattr(old, n)}
        if names:
            changed[section] = _json_values(new, names)
    return changed


def _json_values(settings: BaseModel, names: set[str]) -> dict[str, Any]:
    """The named settings' values as JSON (a set as a sorted list), in the model's order."""
    dumped = settings.model_dump(mode="json", include=names)
    return {
        n: sorted(v) if isinstance(getattr(settings, n), set | frozenset) else v
        for n, v in dumped.items()
    }


def applied_text(text: str, current: Mapping[str, BaseModel]) -> str:
    """What an imported file applies, as a file of its own: each setting it names, in its
    sections' order, with the value the import reads (checked and refused as
    `read_settings` does), and nothing else — no comments, no setting it leaves out.
    Reading it gives the same settings as reading the file."""
    after = read_settings(text, current)
    document = tomllib.loads(text)  # valid TOML: read_settings read it
    lines: list[str] = []
    for section, settings in after.items():
        lines.append(f"[{_key(section)}]")
        values = _json_values(settings, set(document[section]))
        # TOML has no null: a setting read as unset is left out, as the export leaves it.
        lines += [f"{_key(n)} = {toml_value(v)}" for n, v in values.items() if v is not None]
    return "\n".join(lines) + "\n"


def file_lines(text: str) -> dict[str, int]:
    """Where a file's sections and settings start ("section", "section.setting" → line),
    kept beside what it applies so that a refusal of that names the file's lines
    (`relined`)."""
    return {".".join(key): line for key, line in key_lines(text).items()}


def relined(
    rejected: SettingsFileRejected, applied: str, lines: Mapping[str, int]
) -> SettingsFileRejected:
    """The problems found in `applied` (`applied_text` of a file), each at the line of the
    file it came from (`lines`: `file_lines` of that file); none where the file has none."""
    at = {line: ".".join(key) for key, line in key_lines(applied).items()}
    problems = []
    for problem in rejected.problems:
        line = lines.get(at.get(problem.line or 0, ""))
        params = dict(problem.message.params)
        if "line" in params:
            params["line"] = "—" if line is None else line
        problems.append(FileProblem(line, Msg(problem.message.key, **params)))
    problems.sort(key=lambda p: p.line or 0)
    return SettingsFileRejected(problems)


def decode_upload(data: bytes) -> str:
    """An uploaded file's text; a GameError when it is too large or not UTF-8."""
    if len(data) > MAX_FILE_BYTES:
        raise GameError("error.settings_file.too_large", size=MAX_FILE_BYTES // 1024)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise GameError("error.settings_file.encoding") from None
