"""Discord's limits on what a bot sends, checked the way Discord checks them.

Every check returns `Violation`s naming the rule (`embed.total`), where it happened
(`embeds[1].fields[3].value`) and the numbers. The stand-in turns them into the error
body Discord would answer with (code 50035 "Invalid Form Body" with a nested `errors`
tree, or a specific code such as 50006) and fails the test that caused them.

Figures come from shared/reference/discord-api.md (limits table) and Discord's
developer documentation.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]
PathPart = str | int
Path = tuple[PathPart, ...]

INVALID_FORM_BODY = 50035
EMPTY_MESSAGE = 50006
REQUEST_TOO_LARGE = 40005

MESSAGE_CONTENT = 2000
EMBEDS_PER_MESSAGE = 10
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
EMBED_FIELD_NAME = 256
EMBED_FIELD_VALUE = 1024
EMBED_FOOTER = 2048
EMBED_AUTHOR = 256
EMBED_TOTAL = 6000
ACTION_ROWS = 5
ROW_WIDTH = 5
CUSTOM_ID = 100
BUTTON_LABEL = 80
SELECT_OPTIONS = 25
SELECT_OPTION_TEXT = 100
SELECT_PLACEHOLDER = 150
V2_COMPONENTS = 40
V2_TEXT = 4000
FILES_PER_MESSAGE = 10
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
MODAL_TITLE = 45
MODAL_COMPONENTS = 5
TEXT_INPUT_LABEL = 45
TEXT_INPUT_PLACEHOLDER = 100
TEXT_INPUT_VALUE = 4000
LABEL_DESCRIPTION = 100
NAME_LENGTH = 32
DESCRIPTION_LENGTH = 100
OPTIONS_PER_LEVEL = 25
CHOICES = 25
CHOICE_NAME = 100
CHOICE_STRING_VALUE = 100
STRING_OPTION_LENGTH = 6000
COMMAND_TOTAL = 8000
CHAT_INPUT_COMMANDS = 100
CONTEXT_MENU_COMMANDS = 15
AUTOCOMPLETE_CHOICES = 25
MAX_SAFE_INTEGER = 2**53

EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
IS_COMPONENTS_V2 = 1 << 15

LOCALES = frozenset(
    {
        "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu",
        "nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru",
        "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
    }
)  # fmt: skip

SUBCOMMAND = 1
SUBCOMMAND_GROUP = 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)
CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND = 1, 2, 3

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = 5, 6, 7, 8
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR = 9, 10, 11, 12, 13, 14
CONTAINER, LABEL = 17, 18
SELECTS = frozenset({STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT})
LINK_STYLE, PREMIUM_STYLE = 5, 6


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


class _Checker:
    """Collects violations while walking one payload."""

    def __init__(self) -> None:
        self.found: list[Violation] = []

    def add(
        self, rule: str, path: Path, message: str, *, code: int = INVALID_FORM_BODY, kind: str = ""
    ) -> None:
        self.found.append(Violation(rule, path, message, code, kind or "BASE_TYPE_INVALID"))

    def length(
        self, rule: str, path: Path, value: object, high: int, *, low: int = 0, what: str = ""
    ) -> int:
        """Check a string's length is within low..high; returns its length (0 if absent)."""
        if value is None:
            if low > 0:
                self.add(rule, path, f"{what or rule} is required", kind="BASE_TYPE_REQUIRED")
            return 0
        if not isinstance(value, str):
            self.add(rule, path, f"{what or rule} must be a string, got {type(value).__name__}")
            return 0
        size = len(value)
        if not low <= size <= high:
            bounds = f"at most {high}" if low == 0 else f"between {low} and {high}"
            self.add(
                rule,
                path,
                f"{what or rule} must be {bounds} characters long (got {size})",
                kind="BASE_TYPE_BAD_LENGTH",
            )
        return size

    def count(self, rule: str, path: Path, items: Sequence[object], high: int, what: str) -> None:
        if len(items) > high:
            self.add(
                rule,
                path,
                f"at most {high} {what} allowed (got {len(items)})",
                kind="BASE_TYPE_MAX_LENGTH",
            )


# --- messages ------------------------------------------------------------------------------------


def embed_text_size(embed: Mapping[str, Any]) -> int:
    """Characters of one embed that count toward the 6,000 total."""
    size = len(embed.get("title") or "") + len(embed.get("description") or "")
    for field in embed.get("fields") or []:
        size += len(field.get("name") or "") + len(field.get("value") or "")
    size += len((embed.get("footer") or {}).get("text") or "")
    size += len((embed.get("author") or {}).get("name") or "")
    return size


# (rule, where in the embed, limit, shortest) for each text of an embed.
_EMBED_TEXTS: tuple[tuple[str, Path, int, int], ...] = (
    ("embed.title", ("title",), EMBED_TITLE, 0),
    ("embed.description", ("description",), EMBED_DESCRIPTION, 0),
    ("embed.footer.text", ("footer", "text"), EMBED_FOOTER, 1),
    ("embed.author.name", ("author", "name"), EMBED_AUTHOR, 1),
)


def _check_embed(check: _Checker, path: Path, embed: Mapping[str, Any]) -> None:
    for rule, keys, high, low in _EMBED_TEXTS:
        holder = embed if len(keys) == 1 else embed.get(str(keys[0]))
        if holder is not None:
            text = holder.get(str(keys[-1]))
            check.length(rule, (*path, *keys), text, high, low=low, what=rule.split(".", 1)[1])
    fields = embed.get("fields") or []
    check.count("embed.fields", (*path, "fields"), fields, EMBED_FIELDS, "fields per embed")
    for index, field in enumerate(fields):
        for key, high in (("name", EMBED_FIELD_NAME), ("value", EMBED_FIELD_VALUE)):
            check.length(
                f"embed.field.{key}",
                (*path, "fields", index, key),
                field.get(key),
                high,
                low=1,
                what=f"field {key}",
            )
    color = embed.get("color")
    if color is not None and not (isinstance(color, int) and 0 <= color <= 0xFFFFFF):
        check.add("embed.color", (*path, "color"), f"color must be 0..0xFFFFFF (got {color!r})")
    url = embed.get("url")
    if url is not None and not str(url).startswith(("http://", "https://")):
        check.add("embed.url", (*path, "url"), f"url must be http(s), got {url!r}")


def _check_button(check: _Checker, path: Path, button: Mapping[str, Any]) -> None:
    style = button.get("style")
    if style not in {1, 2, 3, 4, 5, 6}:
        check.add("button.style", (*path, "style"), f"unknown button style {style!r}")
    label = button.get("label")
    check.length("button.label", (*path, "label"), label, BUTTON_LABEL, what="button label")
    if style == LINK_STYLE:
        if not button.get("url"):
            check.add("button.url", (*path, "url"), "a link button needs a url")
        if button.get("custom_id") is not None:
            check.add("button.custom_id", (*path, "custom_id"), "a link button has no custom_id")
    elif style != PREMIUM_STYLE:
        check.length("custom_id", (*path, "custom_id"), button.get("custom_id"), CUSTOM_ID, low=1)
    if style != PREMIUM_STYLE and not label and not button.get("emoji"):
        check.add("button.label", path, "a button needs a label or an emoji")


def _check_select(check: _Checker, path: Path, select: Mapping[str, Any]) -> None:
    check.length("custom_id", (*path, "custom_id"), select.get("custom_id"), CUSTOM_ID, low=1)
    check.length(
        "select.placeholder",
        (*path, "placeholder"),
        select.get("placeholder"),
        SELECT_PLACEHOLDER,
        what="placeholder",
    )
    options = select.get("options") or []
    min_values = select.get("min_values", 1)
    max_values = select.get("max_values", 1)
    if not 0 <= min_values <= SELECT_OPTIONS:
        check.add(
            "select.min_values", (*path, "min_values"), f"min_values must be 0..25 ({min_values})"
        )
    if not 1 <= max_values <= SELECT_OPTIONS or max_values < min_values:
        check.add(
            "select.max_values",
            (*path, "max_values"),
            f"max_values must be 1..25 and >= min_values (got {max_values})",
        )
    if select.get("type") != STRING_SELECT:
        return
    if not 1 <= len(options) <= SELECT_OPTIONS:
        check.add(
            "select.options",
            (*path, "options"),
            f"a select needs 1 to {SELECT_OPTIONS} options (got {len(options)})",
            kind="BASE_TYPE_BAD_LENGTH",
        )
    if options and max_values > len(options):
        check.add(
            "select.max_values",
            (*path, "max_values"),
            f"max_values {max_values} exceeds the {len(options)} options",
        )
    seen: set[str] = set()
    for index, option in enumerate(options):
        where = (*path, "options", index)
        for key in ("label", "value"):
            check.length(
                f"select.option.{key}",
                (*where, key),
                option.get(key),
                SELECT_OPTION_TEXT,
                low=1,
                what=f"option {key}",
            )
        check.length(
            "select.option.description",
            (*where, "description"),
            option.get("description"),
            SELECT_OPTION_TEXT,
            what="option description",
        )
        value = option.get("value")
        if isinstance(value, str):
            if value in seen:
                check.add("select.option.value", (*where, "value"), f"duplicate value {value!r}")
            seen.add(value)


def _walk_components(components: Iterable[Mapping[str, Any]]) -> Iterable[Mapping[str, Any]]:
    for component in components:
        yield component
        yield from _walk_components(component.get("components") or [])
        if isinstance(component.get("accessory"), Mapping):
            yield component["accessory"]
        if isinstance(component.get("component"), Mapping):
            yield component["component"]


def _check_action_row(check: _Checker, path: Path, row: Mapping[str, Any]) -> None:
    children = row.get("components") or []
    if not children:
        check.add(
            "component.row", (*path, "components"), "an action row needs 1 or more components"
        )
    selects = [c for c in children if c.get("type") in SELECTS]
    buttons = [c for c in children if c.get("type") == BUTTON]
    if selects and (len(children) > 1):
        check.add(
            "component.row_width",
            (*path, "components"),
            "a select takes a whole action row (it cannot share it)",
        )
    if len(buttons) > ROW_WIDTH:
        check.add(
            "component.row_width",
            (*path, "components"),
            f"an action row holds at most {ROW_WIDTH} buttons (got {len(buttons)})",
        )
    for index, child in enumerate(children):
        where = (*path, "components", index)
        kind = child.get("type")
        if kind == BUTTON:
            _check_button(check, where, child)
        elif kind in SELECTS:
            _check_select(check, where, child)
        else:
            check.add(
                "component.type", where, f"component type {kind!r} cannot be in an action row"
            )


def check_components(
    components: Sequence[Mapping[str, Any]], *, v2: bool = False
) -> list[Violation]:
    """Check a message's components (legacy action rows, or components v2 when `v2`)."""
    check = _Checker()
    _components(check, ("components",), components, v2=v2)
    return check.found


def _components(
    check: _Checker, path: Path, components: Sequence[Mapping[str, Any]], *, v2: bool
) -> None:
    if not v2:
        check.count("component.rows", path, components, ACTION_ROWS, "action rows")
        for index, row in enumerate(components):
            if row.get("type") != ACTION_ROW:
                check.add(
                    "component.type",
                    (*path, index),
                    f"top-level component must be an action row (type 1), got {row.get('type')!r}"
                    " (components v2 needs the IS_COMPONENTS_V2 flag)",
                )
                continue
            _check_action_row(check, (*path, index), row)
    else:
        everything = list(_walk_components(components))
        if len(everything) > V2_COMPONENTS:
            check.add(
                "component.total",
                path,
                f"at most {V2_COMPONENTS} components in a message (got {len(everything)})",
            )
        text = sum(len(c.get("content") or "") for c in everything if c.get("type") == TEXT_DISPLAY)
        if text > V2_TEXT:
            check.add(
                "component.text_total",
                path,
                f"text displays hold at most {V2_TEXT} characters in total (got {text})",
            )
        for index, component in enumerate(components):
            if component.get("type") == ACTION_ROW:
                _check_action_row(check, (*path, index), component)
    ids = [str(c["custom_id"]) for c in _walk_components(components) if c.get("custom_id")]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    for custom_id in duplicates:
        check.add("custom_id.duplicate", path, f"custom_id {custom_id!r} is used twice")


def check_message(
    body: Mapping[str, Any],
    *,
    files: Sequence[tuple[str, int]] = (),
    edit: bool = False,
) -> list[Violation]:
    """Check a message body (create, or `edit` for PATCH where absent keys are kept).

    `files` are the uploaded parts as (filename, size). An edit's emptiness is judged on
    the merged message with `check_not_empty`.
    """
    check = _Checker()
    content = body.get("content")
    check.length("message.content", ("content",), content, MESSAGE_CONTENT, what="content")
    embeds = body.get("embeds") or []
    check.count("message.embeds", ("embeds",), embeds, EMBEDS_PER_MESSAGE, "embeds")
    total = 0
    for index, embed in enumerate(embeds):
        _check_embed(check, ("embeds", index), embed)
        total += embed_text_size(embed)
    if total > EMBED_TOTAL:
        check.add(
            "embed.total",
            ("embeds",),
            f"all embeds of a message hold at most {EMBED_TOTAL} characters (got {total})",
            kind="MAX_EMBED_SIZE_EXCEEDED",
        )
    flags = body.get("flags") or 0
    v2 = bool(flags & IS_COMPONENTS_V2)
    components = body.get("components") or []
    _components(check, ("components",), components, v2=v2)
    if v2 and (content or embeds):
        check.add(
            "message.components_v2",
            ("content",),
            "a components-v2 message cannot have content or embeds",
        )
    check.count("message.files", ("attachments",), list(files), FILES_PER_MESSAGE, "files")
    size = sum(s for _, s in files)
    if size > ATTACHMENT_SIZE_LIMIT:
        check.add(
            "message.attachment_size",
            ("attachments",),
            f"files total {size} bytes, over the {ATTACHMENT_SIZE_LIMIT}-byte limit",
            code=REQUEST_TOO_LARGE,
        )
    for index, attachment in enumerate(body.get("attachments") or []):
        filename = attachment.get("filename")
        if filename is not None and not str(filename).strip():
            check.add("attachment.filename", ("attachments", index, "filename"), "empty filename")
    if not edit and not check.found:
        has_something = (
            bool(content)
            or bool(embeds)
            or bool(components)
            or bool(files)
            or bool(body.get("poll"))
        )
        if not has_something and not body.get("sticker_ids"):
            check.add(
                "message.empty",
                (),
                "Cannot send an empty message (no content, embeds, components or files)",
                code=EMPTY_MESSAGE,
            )
    return check.found


def check_not_empty(message: Mapping[str, Any], attachments: int) -> list[Violation]:
    """An edited message must still show something."""
    if (
        message.get("content")
        or message.get("embeds")
        or message.get("components")
        or attachments
        or message.get("poll")
    ):
        return []
    return [
        Violation(
            "message.empty",
            (),
            "Cannot send an empty message (the edit leaves nothing to show)",
            EMPTY_MESSAGE,
        )
    ]


# --- modals and autocomplete ---------------------------------------------------------------------


def _check_text_input(
    check: _Checker, path: Path, text: Mapping[str, Any], *, labelled: bool
) -> None:
    check.length("custom_id", (*path, "custom_id"), text.get("custom_id"), CUSTOM_ID, low=1)
    if not labelled or text.get("label") is not None:
        check.length(
            "text_input.label",
            (*path, "label"),
            text.get("label"),
            TEXT_INPUT_LABEL,
            low=0 if labelled else 1,
            what="text input label",
        )
    if text.get("style") not in {1, 2}:
        check.add(
            "text_input.style", (*path, "style"), f"style must be 1 or 2 ({text.get('style')!r})"
        )
    check.length(
        "text_input.placeholder",
        (*path, "placeholder"),
        text.get("placeholder"),
        TEXT_INPUT_PLACEHOLDER,
        what="placeholder",
    )
    check.length(
        "text_input.value", (*path, "value"), text.get("value"), TEXT_INPUT_VALUE, what="value"
    )
    low = text.get("min_length")
    high = text.get("max_length")
    if low is not None and not 0 <= low <= TEXT_INPUT_VALUE:
        check.add(
            "text_input.min_length", (*path, "min_length"), f"min_length must be 0..4000 ({low})"
        )
    if high is not None and not 1 <= high <= TEXT_INPUT_VALUE:
        check.add(
            "text_input.max_length", (*path, "max_length"), f"max_length must be 1..4000 ({high})"
        )


def check_modal(modal: Mapping[str, Any]) -> list[Violation]:
    """Check the data of a type-9 (modal) interaction response."""
    check = _Checker()
    path: Path = ("data",)
    check.length("custom_id", (*path, "custom_id"), modal.get("custom_id"), CUSTOM_ID, low=1)
    check.length(
        "modal.title", (*path, "title"), modal.get("title"), MODAL_TITLE, low=1, what="modal title"
    )
    components = modal.get("components") or []
    if not 1 <= len(components) <= MODAL_COMPONENTS:
        check.add(
            "modal.components",
            (*path, "components"),
            f"a modal holds 1 to {MODAL_COMPONENTS} components (got {len(components)})",
            kind="BASE_TYPE_BAD_LENGTH",
        )
    for index, component in enumerate(components):
        where = (*path, "components", index)
        kind = component.get("type")
        if kind == ACTION_ROW:
            children = component.get("components") or []
            if len(children) != 1 or children[0].get("type") != TEXT_INPUT:
                check.add("modal.row", where, "a modal action row holds exactly one text input")
                continue
            _check_text_input(check, (*where, "components", 0), children[0], labelled=False)
        elif kind == LABEL:
            check.length(
                "label.label", (*where, "label"), component.get("label"), TEXT_INPUT_LABEL, low=1
            )
            check.length(
                "label.description",
                (*where, "description"),
                component.get("description"),
                LABEL_DESCRIPTION,
            )
            inner = component.get("component") or {}
            if inner.get("type") == TEXT_INPUT:
                _check_text_input(check, (*where, "component"), inner, labelled=True)
            elif inner.get("type") in SELECTS:
                _check_select(check, (*where, "component"), inner)
        elif kind != TEXT_DISPLAY:
            check.add(
                "modal.component", where, f"component type {kind!r} is not allowed in a modal"
            )
    return check.found


def check_autocomplete(data: Mapping[str, Any]) -> list[Violation]:
    """Check the data of a type-8 (autocomplete result) response."""
    check = _Checker()
    choices = data.get("choices") or []
    check.count(
        "autocomplete.choices",
        ("data", "choices"),
        choices,
        AUTOCOMPLETE_CHOICES,
        "autocomplete choices",
    )
    for index, choice in enumerate(choices):
        _check_choice(check, ("data", "choices", index), choice, None)
    return check.found


def _check_choice(check: _Checker, path: Path, choice: Mapping[str, Any], kind: int | None) -> None:
    check.length(
        "choice.name", (*path, "name"), choice.get("name"), CHOICE_NAME, low=1, what="choice name"
    )
    for locale, text in (choice.get("name_localizations") or {}).items():
        _check_locale(check, (*path, "name_localizations"), locale)
        check.length(
            "choice.name",
            (*path, "name_localizations", locale),
            text,
            CHOICE_NAME,
            low=1,
            what=f"choice name ({locale})",
        )
    value = choice.get("value")
    if isinstance(value, str):
        if kind not in (None, STRING):
            check.add("choice.value", (*path, "value"), f"choice value {value!r} must be a number")
        check.length(
            "choice.value", (*path, "value"), value, CHOICE_STRING_VALUE, what="choice value"
        )
    elif isinstance(value, bool) or not isinstance(value, int | float):
        check.add(
            "choice.value", (*path, "value"), f"choice value must be a string or number ({value!r})"
        )
    elif kind == STRING:
        check.add("choice.value", (*path, "value"), f"choice value {value!r} must be a string")
    elif kind == INTEGER and not isinstance(value, int):
        check.add("choice.value", (*path, "value"), f"choice value {value!r} must be an integer")


# --- application commands ------------------------------------------------------------------------


def _name_char_ok(char: str) -> bool:
    if char in "-_'":
        return True
    category = unicodedata.category(char)
    if category[0] in "LN":
        return True
    code = ord(char)
    # \p{sc=Deva} and \p{sc=Thai} include their combining marks.
    return 0x0900 <= code <= 0x097F or 0xA8E0 <= code <= 0xA8FF or 0x0E00 <= code <= 0x0E7F


def valid_command_name(name: str) -> str | None:
    """Why `name` is not a valid chat-input name, or None when it is."""
    if not 1 <= len(name) <= NAME_LENGTH:
        return f"name must be 1 to {NAME_LENGTH} characters (got {len(name)})"
    bad = [c for c in name if not _name_char_ok(c)]
    if bad:
        return f"name {name!r} has characters Discord does not allow: {''.join(sorted(set(bad)))!r}"
    if name != name.lower():
        return f"name {name!r} must be lowercase"
    return None


def _check_locale(check: _Checker, path: Path, locale: str) -> None:
    if locale not in LOCALES:
        check.add(
            "locale",
            (*path, locale),
            f"{locale!r} is not a Discord locale",
            kind="ENUM_TYPE_COERCE",
        )


def _check_name(
    check: _Checker, rule: str, path: Path, data: Mapping[str, Any], *, chat: bool
) -> None:
    name = data.get("name")
    if not isinstance(name, str):
        check.add(rule, (*path, "name"), "name is required", kind="BASE_TYPE_REQUIRED")
        return
    names = {"": name, **(data.get("name_localizations") or {})}
    for locale, text in names.items():
        where = (*path, "name") if not locale else (*path, "name_localizations", locale)
        if locale:
            _check_locale(check, (*path, "name_localizations"), locale)
        if chat:
            problem = valid_command_name(str(text))
            if problem:
                label = f" ({locale})" if locale else ""
                check.add(rule, where, problem + label, kind="APPLICATION_COMMAND_INVALID_NAME")
        else:
            check.length(rule, where, text, NAME_LENGTH, low=1, what="name")


def _check_description(
    check: _Checker, rule: str, path: Path, data: Mapping[str, Any], *, chat: bool
) -> None:
    texts = {"": data.get("description"), **(data.get("description_localizations") or {})}
    for locale, text in texts.items():
        where = (
            (*path, "description") if not locale else (*path, "description_localizations", locale)
        )
        if locale:
            _check_locale(check, (*path, "description_localizations"), locale)
        if chat:
            check.length(rule, where, text, DESCRIPTION_LENGTH, low=1, what="description")
        elif text:
            check.add(rule, where, "context-menu commands have an empty description")


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


def _check_option(check: _Checker, path: Path, option: Mapping[str, Any], depth: int) -> None:
    kind = option.get("type")
    _check_name(check, "option.name", path, option, chat=True)
    _check_description(check, "option.description", path, option, chat=True)
    if kind not in range(1, 12):
        check.add("option.type", (*path, "type"), f"unknown option type {kind!r}")
        return
    children = option.get("options") or []
    if kind == SUBCOMMAND_GROUP:
        if depth > 0:
            check.add("option.nesting", (*path, "type"), "a subcommand group cannot be nested")
        if any(c.get("type") != SUBCOMMAND for c in children):
            check.add(
                "option.nesting", (*path, "options"), "a subcommand group holds only subcommands"
            )
    elif kind == SUBCOMMAND:
        if any(c.get("type") in (SUBCOMMAND, SUBCOMMAND_GROUP) for c in children):
            check.add("option.nesting", (*path, "options"), "a subcommand cannot hold subcommands")
    elif children:
        check.add("option.nesting", (*path, "options"), "only subcommands and groups have options")
    if kind in (SUBCOMMAND, SUBCOMMAND_GROUP):
        _check_options(check, path, children, depth + 1)
        return
    choices = option.get("choices") or []
    if choices:
        if kind not in (STRING, INTEGER, NUMBER):
            check.add(
                "option.choices",
                (*path, "choices"),
                "only string/integer/number options have choices",
            )
        if option.get("autocomplete"):
            check.add(
                "option.choices",
                (*path, "autocomplete"),
                "autocomplete cannot be combined with choices",
            )
        check.count("option.choices", (*path, "choices"), choices, CHOICES, "choices")
        for index, choice in enumerate(choices):
            _check_choice(check, (*path, "choices", index), choice, kind)
    if option.get("autocomplete") and kind not in (STRING, INTEGER, NUMBER):
        check.add(
            "option.autocomplete",
            (*path, "autocomplete"),
            "only string/integer/number can autocomplete",
        )
    for key in ("min_value", "max_value"):
        if option.get(key) is not None and kind not in (INTEGER, NUMBER):
            check.add("option.range", (*path, key), f"{key} only applies to integer/number options")
    for key, low in (("min_length", 0), ("max_length", 1)):
        value = option.get(key)
        if value is None:
            continue
        if kind != STRING:
            check.add("option.length", (*path, key), f"{key} only applies to string options")
        elif not low <= value <= STRING_OPTION_LENGTH:
            check.add(
                "option.length",
                (*path, key),
                f"{key} must be {low}..{STRING_OPTION_LENGTH} ({value})",
            )
    if option.get("channel_types") and kind != CHANNEL:
        check.add(
            "option.channel_types",
            (*path, "channel_types"),
            "channel_types only applies to channel options",
        )


def _check_options(
    check: _Checker, path: Path, options: Sequence[Mapping[str, Any]], depth: int
) -> None:
    where = (*path, "options")
    check.count("command.options", where, options, OPTIONS_PER_LEVEL, "options")
    kinds = [o.get("type") for o in options]
    nested = [k in (SUBCOMMAND, SUBCOMMAND_GROUP) for k in kinds]
    if any(nested) and not all(nested):
        check.add("option.nesting", where, "subcommands and plain options cannot be mixed")
    optional_seen = False
    names: set[str] = set()
    for index, option in enumerate(options):
        name = option.get("name")
        if isinstance(name, str):
            if name in names:
                check.add("option.name", (*where, index, "name"), f"duplicate option name {name!r}")
            names.add(name)
        if option.get("type") not in (SUBCOMMAND, SUBCOMMAND_GROUP):
            if option.get("required"):
                if optional_seen:
                    check.add(
                        "option.order",
                        (*where, index, "required"),
                        f"required option {name!r} comes after an optional one",
                        kind="APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    )
            else:
                optional_seen = True
        _check_option(check, (*where, index), option, depth)


def check_commands(commands: Sequence[Mapping[str, Any]]) -> list[Violation]:
    """Check a bulk-overwrite payload of application commands."""
    check = _Checker()
    counts: dict[int, int] = {}
    seen: set[tuple[int, str]] = set()
    for index, command in enumerate(commands):
        path: Path = (index,)
        kind = command.get("type", CHAT_INPUT)
        counts[kind] = counts.get(kind, 0) + 1
        chat = kind == CHAT_INPUT
        _check_name(check, "command.name", path, command, chat=chat)
        _check_description(check, "command.description", path, command, chat=chat)
        name = str(command.get("name"))
        if (kind, name) in seen:
            check.add("command.name", (*path, "name"), f"duplicate command name {name!r}")
        seen.add((kind, name))
        options = command.get("options") or []
        if chat:
            _check_options(check, path, options, 0)
        elif options:
            check.add(
                "command.options", (*path, "options"), "context-menu commands have no options"
            )
        size = command_size(command)
        if size > COMMAND_TOTAL:
            check.add(
                "command.total",
                path,
                f"command {name!r} uses {size} characters; the limit is {COMMAND_TOTAL}"
                " (names, descriptions, options and choices, longest localization each)",
                kind="APPLICATION_COMMAND_TOO_LARGE",
            )
    if counts.get(CHAT_INPUT, 0) > CHAT_INPUT_COMMANDS:
        check.add("command.count", (), f"at most {CHAT_INPUT_COMMANDS} chat-input commands")
    for kind in (USER_COMMAND, MESSAGE_COMMAND):
        if counts.get(kind, 0) > CONTEXT_MENU_COMMANDS:
            check.add(
                "command.count",
                (),
                f"at most {CONTEXT_MENU_COMMANDS} context-menu commands of a type",
            )
    return check.found
