"""Discord's rules on what a bot sends that its published schema cannot express.

Shapes, types, lengths, counts and enums are checked against Discord's own OpenAPI schema
(`schema.py`). What is left here crosses fields, messages or time, or is a documented limit
the schema states differently; each rule cites Discord's developer documentation
(https://discord.com/developers/docs/...). A check returns `Violation`s naming the rule, where
it happened (`embeds[1].fields[3].value`) and the numbers; the stand-in answers with the
error body Discord would send (50035 "Invalid Form Body" with a nested `errors` tree, or a
specific code such as 50006) and fails the test that caused it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.standin import kinds as K

JSON = dict[str, Any]
PathPart = str | int
Path = tuple[PathPart, ...]

INVALID_FORM_BODY = 50035
EMPTY_MESSAGE = 50006
REQUEST_TOO_LARGE = 40005
ALREADY_ACKNOWLEDGED = 40060
UNKNOWN_INTERACTION = 10062

# interactions/receiving-and-responding#responding-to-an-interaction: "you must send an
# initial response within 3 seconds"; a second initial response is 40060; the token "is
# valid for 15 minutes".
RESPONSE_DEADLINE = 3.0
TOKEN_LIFETIME = 15 * 60.0

# resources/message#create-message: with `enforce_nonce`, the nonce "will be checked for
# uniqueness in the past few minutes. If another message was created by the same author with
# the same nonce, that message will be returned and no new message will be created."
NONCE_WINDOW = 5 * 60.0

# resources/message#embed-object-embed-limits: title, description, field names and values,
# footer text and author name "must not exceed 6000 characters" across all embeds of a message.
EMBED_TOTAL = 6000
# resources/message#create-message: "content: Message contents (up to 2000 characters)"; the
# schema's MessageCreateRequest says 4000 (a user's limit with Nitro, not a bot's).
MESSAGE_CONTENT = 2000
# reference#uploading-files: up to 10 files per message, and at most the interaction's
# `attachment_size_limit` bytes (the stand-in offers 10 MiB).
FILES_PER_MESSAGE = 10
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
# components/reference#action-row: "up to 5 interactive button components or a single select
# component"; legacy messages hold up to 5 action rows at the top level.
ACTION_ROWS = 5
ROW_WIDTH = 5
# components/reference: a components-v2 message holds "up to 40 total components" (nested
# ones count) and at most 4000 characters of text display content in total.
V2_COMPONENTS = 40
V2_TEXT = 4000
# interactions/application-commands#registering-a-command: 100 chat-input, 15 user and 15
# message commands per scope; "combined sum of characters" of a command at most 8000.
CHAT_INPUT_COMMANDS = 100
CONTEXT_MENU_COMMANDS = 15
COMMAND_TOTAL = 8000
# interactions/application-commands#application-command-object-application-command-option-
# choice-structure: a string choice's value is "up to 100 characters" (the schema says 6000).
CHOICE_STRING_VALUE = 100
NAME_LENGTH = 32


@dataclass(frozen=True)
class Violation:
    """One thing Discord would reject, named by rule, located by JSON path."""

    rule: str
    path: Path
    message: str
    code: int = INVALID_FORM_BODY
    error_code: str = "BASE_TYPE_INVALID"

    @property
    def where(self) -> str:
        """The JSON path as `embeds[0].fields[2].value`."""
        text = ""
        for part in self.path:
            text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
        return text or "(body)"

    def __str__(self) -> str:
        return f"{self.rule} at {self.where}: {self.message}"


def error_body(violations: Sequence[Violation]) -> JSON:
    """The JSON body Discord answers with for these violations."""
    first = violations[0]
    if first.code != INVALID_FORM_BODY:
        return {"code": first.code, "message": first.message}
    errors: JSON = {}
    for violation in violations:
        node = errors
        for part in violation.path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append(
            {"code": violation.error_code, "message": f"{violation.message} [{violation.rule}]"}
        )
    return {"code": INVALID_FORM_BODY, "message": "Invalid Form Body", "errors": errors}


# --- messages ------------------------------------------------------------------------------------


def embed_text_size(embed: Mapping[str, Any]) -> int:
    """Characters of one embed that count toward the 6,000 total."""
    size = len(embed.get("title") or "") + len(embed.get("description") or "")
    for field in embed.get("fields") or []:
        size += len(field.get("name") or "") + len(field.get("value") or "")
    size += len((embed.get("footer") or {}).get("text") or "")
    size += len((embed.get("author") or {}).get("name") or "")
    return size


def _walk(components: Iterable[Mapping[str, Any]]) -> Iterable[Mapping[str, Any]]:
    for component in components:
        yield component
        yield from _walk(component.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(component.get(key), Mapping):
                yield component[key]


def _check_row(found: list[Violation], path: Path, row: Mapping[str, Any]) -> None:
    children = row.get("components") or []
    buttons = [c for c in children if c.get("type") == K.BUTTON]
    selects = [c for c in children if c.get("type") in K.SELECTS]
    if len(buttons) > ROW_WIDTH or len(selects) > 1 or (selects and buttons):
        found.append(
            Violation(
                "component.row_width",
                (*path, "components"),
                f"an action row holds up to {ROW_WIDTH} buttons or one select "
                f"(got {len(buttons)} buttons, {len(selects)} selects)",
            )
        )
    for index, button in enumerate(buttons):
        where = (*path, "components", index)
        link = button.get("style") == K.LINK_STYLE
        if link != bool(button.get("url")) or (link and button.get("custom_id") is not None):
            found.append(
                Violation(
                    "button.kind",
                    where,
                    "a link button has a url and no custom_id; other buttons a custom_id "
                    "and no url",
                )
            )
        if button.get("style") != K.PREMIUM_STYLE and not (
            button.get("label") or button.get("emoji")
        ):
            found.append(Violation("button.label", where, "a button needs a label or an emoji"))


def check_components(components: Sequence[Mapping[str, Any]], *, v2: bool) -> list[Violation]:
    """Layout rules of a message's components (legacy action rows, or v2 when flagged)."""
    found: list[Violation] = []
    path: Path = ("components",)
    if not v2:
        if len(components) > ACTION_ROWS:
            found.append(
                Violation("component.rows", path, f"at most {ACTION_ROWS} action rows allowed")
            )
        for index, row in enumerate(components):
            if row.get("type") != K.ACTION_ROW:
                found.append(
                    Violation(
                        "component.type",
                        (*path, index),
                        "without the IS_COMPONENTS_V2 flag only action rows sit at the top",
                    )
                )
    everything = list(_walk(components))
    for index, component in enumerate(components):
        if component.get("type") == K.ACTION_ROW:
            _check_row(found, (*path, index), component)
    if v2 and len(everything) > V2_COMPONENTS:
        found.append(
            Violation(
                "component.total",
                path,
                f"at most {V2_COMPONENTS} components (got {len(everything)})",
            )
        )
    text = sum(len(c.get("content") or "") for c in everything if c.get("type") == K.TEXT_DISPLAY)
    if text > V2_TEXT:
        found.append(
            Violation("component.text_total", path, f"text displays hold {text} > {V2_TEXT} chars")
        )
    ids = [str(c["custom_id"]) for c in everything if c.get("custom_id")]
    for custom_id in sorted({i for i in ids if ids.count(i) > 1}):
        found.append(Violation("custom_id.duplicate", path, f"custom_id {custom_id!r} used twice"))
    return found


def check_message(
    body: Mapping[str, Any], *, files: Sequence[tuple[str, int]] = (), edit: bool = False
) -> list[Violation]:
    """Check a message body (create, or `edit` for PATCH where absent keys are kept).

    `files` are the uploaded parts as (filename, size). An edit's emptiness is judged on
    the merged message with `check_not_empty`.
    """
    found: list[Violation] = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > MESSAGE_CONTENT:
        found.append(
            Violation(
                "message.content",
                ("content",),
                f"content must be at most {MESSAGE_CONTENT} characters long (got {len(content)})",
                error_code="BASE_TYPE_BAD_LENGTH",
            )
        )
    embeds = body.get("embeds") or []
    for index, embed in enumerate(embeds):
        for number, field in enumerate(embed.get("fields") or []):
            for key in ("name", "value"):
                if field.get(key) == "":
                    found.append(
                        Violation(
                            f"embed.field.{key}",
                            ("embeds", index, "fields", number, key),
                            f"field {key} is required (an empty string is missing to Discord)",
                            error_code="BASE_TYPE_REQUIRED",
                        )
                    )
    total = sum(embed_text_size(embed) for embed in embeds)
    if total > EMBED_TOTAL:
        found.append(
            Violation(
                "embed.total",
                ("embeds",),
                f"all embeds of a message hold at most {EMBED_TOTAL} characters (got {total})",
                error_code="MAX_EMBED_SIZE_EXCEEDED",
            )
        )
    v2 = bool((body.get("flags") or 0) & K.IS_COMPONENTS_V2)
    components = body.get("components") or []
    found.extend(check_components(components, v2=v2))
    if v2 and (content or embeds):
        found.append(
            Violation("message.components_v2", ("content",), "a v2 message has no content/embeds")
        )
    if len(files) > FILES_PER_MESSAGE:
        found.append(
            Violation("message.files", ("attachments",), f"at most {FILES_PER_MESSAGE} files")
        )
    size = sum(s for _, s in files)
    if size > ATTACHMENT_SIZE_LIMIT:
        found.append(
            Violation(
                "message.attachment_size",
                ("attachments",),
                f"files total {size} bytes, over the {ATTACHMENT_SIZE_LIMIT}-byte limit",
                REQUEST_TOO_LARGE,
            )
        )
    shown = content or embeds or components or files or body.get("poll") or body.get("sticker_ids")
    if not edit and not found and not shown:
        found.append(
            Violation(
                "message.empty",
                (),
                "Cannot send an empty message (no content, embeds, components or files)",
                EMPTY_MESSAGE,
            )
        )
    return found


def check_not_empty(message: Mapping[str, Any], attachments: int) -> list[Violation]:
    """An edited message must still show something (opcodes-and-status-codes: 50006)."""
    keys = ("content", "embeds", "components", "poll")
    if attachments or any(message.get(key) for key in keys):
        return []
    return [
        Violation(
            "message.empty",
            (),
            "Cannot send an empty message (the edit leaves nothing to show)",
            EMPTY_MESSAGE,
        )
    ]


def check_choice_values(choices: Sequence[Mapping[str, Any]], path: Path) -> list[Violation]:
    """String choice values of at most 100 characters (autocomplete results and commands)."""
    return [
        Violation(
            "choice.value",
            (*path, index, "value"),
            f"a string choice value holds at most {CHOICE_STRING_VALUE} characters "
            f"(got {len(choice['value'])})",
            error_code="BASE_TYPE_BAD_LENGTH",
        )
        for index, choice in enumerate(choices)
        if isinstance(choice.get("value"), str) and len(choice["value"]) > CHOICE_STRING_VALUE
    ]


# --- application commands ------------------------------------------------------------------------


def _name_char_ok(char: str) -> bool:
    if char in "-_'":
        return True
    if unicodedata.category(char)[0] in "LN":
        return True
    code = ord(char)
    # \p{sc=Deva} and \p{sc=Thai} include their combining marks.
    return 0x0900 <= code <= 0x097F or 0xA8E0 <= code <= 0xA8FF or 0x0E00 <= code <= 0x0E7F


def valid_command_name(name: str) -> str | None:
    """Why `name` is not a valid chat-input name, or None when it is.

    interactions/application-commands#application-command-object-application-command-naming:
    `^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`, lowercase where a letter has a case.
    """
    if not 1 <= len(name) <= NAME_LENGTH:
        return f"name must be 1 to {NAME_LENGTH} characters (got {len(name)})"
    bad = [c for c in name if not _name_char_ok(c)]
    if bad:
        return f"name {name!r} has characters Discord does not allow: {''.join(sorted(set(bad)))!r}"
    if name != name.lower():
        return f"name {name!r} must be lowercase"
    return None


def _check_names(
    found: list[Violation], path: Path, data: Mapping[str, Any], locales: frozenset[str] | None
) -> None:
    """A chat-input name and its localizations follow the naming rule; locales exist (when
    Discord's list of them is at hand)."""
    names = {"": data.get("name"), **(data.get("name_localizations") or {})}
    for locale, text in names.items():
        where = (*path, "name") if not locale else (*path, "name_localizations", locale)
        problem = valid_command_name(str(text)) if isinstance(text, str) else None
        if problem:
            label = f" ({locale})" if locale else ""
            found.append(
                Violation(
                    "command.name",
                    where,
                    problem + label,
                    error_code="APPLICATION_COMMAND_INVALID_NAME",
                )
            )
    for key in ("name_localizations", "description_localizations"):
        for locale in data.get(key) or {}:
            if locales is not None and locale not in locales:
                found.append(
                    Violation(
                        "locale",
                        (*path, key, locale),
                        f"{locale!r} is not a Discord locale",
                        error_code="ENUM_TYPE_COERCE",
                    )
                )


def _longest(data: Mapping[str, Any], key: str) -> int:
    values = [data.get(key) or "", *(data.get(f"{key}_localizations") or {}).values()]
    return max(len(str(v)) for v in values)


def command_size(command: Mapping[str, Any]) -> int:
    """Characters Discord counts toward a command's 8,000 (longest localization per field)."""

    def options_size(options: Sequence[Mapping[str, Any]]) -> int:
        total = 0
        for option in options:
            total += _longest(option, "name") + _longest(option, "description")
            for choice in option.get("choices") or []:
                total += _longest(choice, "name") + len(str(choice.get("value", "")))
            total += options_size(option.get("options") or [])
        return total

    return (
        _longest(command, "name")
        + _longest(command, "description")
        + options_size(command.get("options") or [])
    )


def _check_options(
    found: list[Violation],
    path: Path,
    options: Sequence[Mapping[str, Any]],
    locales: frozenset[str] | None,
) -> None:
    """Naming, required-before-optional (option structure: "Required options must be listed
    before optional options") and choice values, through subcommands and groups."""
    optional_seen = False
    for index, option in enumerate(options):
        where = (*path, "options", index)
        _check_names(found, where, option, locales)
        found.extend(check_choice_values(option.get("choices") or [], (*where, "choices")))
        if option.get("type") in (K.SUBCOMMAND, K.SUBCOMMAND_GROUP):
            _check_options(found, where, option.get("options") or [], locales)
        elif option.get("required"):
            if optional_seen:
                found.append(
                    Violation(
                        "option.order",
                        (*where, "required"),
                        f"required option {option.get('name')!r} comes after an optional one",
                        error_code="APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    )
                )
        else:
            optional_seen = True


def check_commands(
    commands: Sequence[Mapping[str, Any]], locales: frozenset[str] | None
) -> list[Violation]:
    """Check a bulk-overwrite payload of application commands (`locales` from the schema)."""
    found: list[Violation] = []
    counts: dict[int, int] = {}
    seen: set[tuple[int, str]] = set()
    for index, command in enumerate(commands):
        kind = command.get("type") or K.CHAT_INPUT
        counts[kind] = counts.get(kind, 0) + 1
        name = str(command.get("name"))
        if (kind, name) in seen:
            found.append(Violation("command.name", (index, "name"), f"duplicate name {name!r}"))
        seen.add((kind, name))
        if kind == K.CHAT_INPUT:
            _check_names(found, (index,), command, locales)
            _check_options(found, (index,), command.get("options") or [], locales)
        size = command_size(command)
        if size > COMMAND_TOTAL:
            found.append(
                Violation(
                    "command.total",
                    (index,),
                    f"command {name!r} uses {size} characters; the limit is {COMMAND_TOTAL}"
                    " (names, descriptions, options and choices, longest localization each)",
                    error_code="APPLICATION_COMMAND_TOO_LARGE",
                )
            )
    for kind, limit in (
        (K.CHAT_INPUT, CHAT_INPUT_COMMANDS),
        (K.USER_COMMAND, CONTEXT_MENU_COMMANDS),
        (K.MESSAGE_COMMAND, CONTEXT_MENU_COMMANDS),
    ):
        if counts.get(kind, 0) > limit:
            found.append(Violation("command.count", (), f"at most {limit} commands of type {kind}"))
    return found
