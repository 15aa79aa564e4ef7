"""Read a slash command typed as in Discord's client into an interaction's `data`.

`/campaign create name:My Campaign rulesets:fleet_combat` — a value runs until the next
` name:` that is an option of the resolved (sub)command, or sits in double quotes. Types
come from the synced schema; users are `@name`, roles `@&name`, channels `#name`.
Anything Discord's client would refuse to send raises `ClientRefused`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from bot.standin import kinds as K
from bot.standin.errors import ClientRefused
from bot.standin.fixture import ALL_PERMISSIONS
from bot.standin.fixture import Guild
from bot.standin.fixture import Member
from bot.standin.state import StoredAttachment
from bot.standin.state import SyncedCommand

JSON = dict[str, Any]

_OPTION_START = re.compile(r"([^\s:\"]+):")
_LOOKS_LIKE_OPTION = re.compile(r"(?!\d+$)[\w'-]{1,32}")  # not a time's hour (10:00)
_MENTION = re.compile(r"<(@!?|@&|#)(\d+)>")
TRUE_WORDS = frozenset({"true", "yes", "on", "1", "да"})
FALSE_WORDS = frozenset({"false", "no", "off", "0", "нет"})
TYPE_NAMES = {
    3: "string",
    4: "integer",
    5: "boolean",
    6: "user",
    7: "channel",
    8: "role",
    9: "mentionable",
    10: "number",
    11: "attachment",
}


@dataclass
class SlashCall:
    """A parsed slash line: the command, the interaction data and what was typed."""

    command: SyncedCommand
    data: JSON
    path: list[str]
    focused: str | None = None
    resolved: JSON = field(default_factory=dict)

    @property
    def qualified_name(self) -> str:
        """The command as players see it: `campaign gm add`."""
        return " ".join(self.path)


def _names(definition: Mapping[str, Any], locale: str) -> list[str]:
    names = [str(definition["name"])]
    localized = (definition.get("name_localizations") or {}).get(locale)
    if localized and localized not in names:
        names.append(str(localized))
    return names


def _find(
    definitions: Sequence[Mapping[str, Any]], word: str, locale: str
) -> Mapping[str, Any] | None:
    for definition in definitions:
        if word in _names(definition, locale):
            return definition
    return None


def _take_word(text: str) -> tuple[str, str]:
    text = text.lstrip()
    if not text:
        return "", ""
    head, _, rest = text.partition(" ")
    return head, rest


def split_options(
    text: str, options: Sequence[Mapping[str, Any]], locale: str, where: str
) -> list[tuple[Mapping[str, Any], str]]:
    """Cut `name:value name:value` into (option definition, raw value) pairs, in typed order."""
    pairs: list[tuple[Mapping[str, Any], str]] = []
    known = ", ".join(str(o["name"]) for o in options) or "none"
    position = 0
    size = len(text)

    def boundary(at: int) -> Mapping[str, Any] | None:
        match = _OPTION_START.match(text, at)
        if match is None:
            return None
        option = _find(options, match.group(1), locale)
        if option is not None:
            return option
        word = match.group(1)
        after = text[match.end() : match.end() + 2]
        looks_like_option = _LOOKS_LIKE_OPTION.fullmatch(word) and word == word.lower()
        if looks_like_option and after[:1].strip() and after != "//":
            raise ClientRefused(f"{where} has no option {word!r} (options: {known})")
        return None

    while True:
        while position < size and text[position].isspace():
            position += 1
        if position >= size:
            return pairs
        match = _OPTION_START.match(text, position)
        option = boundary(position) if match else None
        if match is None or option is None:
            stray = text[position:].split(" ", 1)[0]
            raise ClientRefused(
                f"{where}: unexpected text {stray!r}; write options as name:value ({known})"
            )
        start = match.end()
        if text[start : start + 1] == '"':
            end = text.find('"', start + 1)
            if end < 0:
                raise ClientRefused(f"{where}: unclosed quote in option {match.group(1)!r}")
            pairs.append((option, text[start + 1 : end]))
            position = end + 1
            continue
        cursor = start
        next_start = size
        while cursor < size:
            at_word = (
                text[cursor].isspace() and cursor + 1 < size and not text[cursor + 1].isspace()
            )
            if at_word and boundary(cursor + 1) is not None:
                next_start = cursor + 1
                break
            cursor += 1
        pairs.append((option, text[start:next_start].strip()))
        position = next_start


class SlashParser:
    """Turns typed lines into interaction data for one guild and its synced commands."""

    def __init__(
        self,
        guild: Guild,
        commands: Sequence[SyncedCommand],
        *,
        attachments: Mapping[str, StoredAttachment] | None = None,
        attachment_payload: Callable[[StoredAttachment], JSON] | None = None,
    ) -> None:
        self.guild = guild
        self.commands = [c for c in commands if c.type == K.CHAT_INPUT]
        self.attachments = dict(attachments or {})
        self._attachment_payload = attachment_payload

    def _command(self, word: str, locale: str) -> SyncedCommand:
        guild_first = sorted(self.commands, key=lambda c: c.guild_id is None)
        for command in guild_first:
            if command.guild_id not in (None, self.guild.id):
                continue
            if word in _names(command.data, locale):
                return command
        known = ", ".join(sorted({"/" + c.name for c in self.commands})) or "none"
        raise ClientRefused(f"no synced command /{word} (synced: {known})")

    def parse(
        self, line: str, member: Member, *, autocomplete: bool = False, focused: str | None = None
    ) -> SlashCall:
        """Parse one line typed by `member`; `autocomplete` marks an option as focused."""
        text = line.strip()
        if not text.startswith("/"):
            raise ClientRefused(f"a slash command starts with '/': {line!r}")
        word, rest = _take_word(text[1:])
        command = self._command(word, member.locale)
        self._check_permissions(command, member)
        path = [command.name]
        level: Mapping[str, Any] = command.data
        chain: list[Mapping[str, Any]] = []
        while True:
            options = level.get("options") or []
            if not options or options[0].get("type") not in (K.SUBCOMMAND, K.SUBCOMMAND_GROUP):
                break
            word, rest = _take_word(rest)
            choices = ", ".join(str(o["name"]) for o in options)
            sub = _find(options, word, member.locale) if word else None
            if sub is None:
                said = f" (got {word!r})" if word else ""
                raise ClientRefused(f"/{' '.join(path)} needs a subcommand: {choices}{said}")
            chain.append(sub)
            path.append(str(sub["name"]))
            level = sub
            if sub.get("type") == K.SUBCOMMAND:
                break
        where = "/" + " ".join(path)
        definitions = level.get("options") or []
        pairs = split_options(rest, definitions, member.locale, where)
        call = SlashCall(command, {}, path)
        values: list[JSON] = []
        seen: set[str] = set()
        for definition, raw in pairs:
            name = str(definition["name"])
            if name in seen:
                raise ClientRefused(f"{where}: option {name!r} given twice")
            seen.add(name)
            values.append({"name": name, "type": definition["type"], "value": raw})
        if autocomplete:
            target = focused or (values[-1]["name"] if values else None)
            if target is None:
                raise ClientRefused(f"{where}: say which option is being typed (name:partial)")
            typed = _find(definitions, target, member.locale)
            if typed is None:
                raise ClientRefused(f"{where} has no option {target!r}")
            if not typed.get("autocomplete"):
                raise ClientRefused(f"{where}: option {target!r} does not autocomplete")
            if str(typed["name"]) not in seen:
                values.append({"name": typed["name"], "type": typed["type"], "value": ""})
            call.focused = str(typed["name"])
        for value in values:
            definition = _find(definitions, value["name"], member.locale) or {}
            if value["name"] == call.focused:
                value["focused"] = True
                continue
            try:
                value["value"] = self._coerce(definition, str(value["value"]), member, call, where)
            except ClientRefused:
                if not autocomplete:
                    raise
        if not autocomplete:
            missing = [
                str(d["name"])
                for d in definitions
                if d.get("required") and str(d["name"]) not in seen
            ]
            if missing:
                raise ClientRefused(f"{where} needs required option(s): {', '.join(missing)}")
        nested: list[JSON] = values
        for sub in reversed(chain):
            nested = [{"name": sub["name"], "type": sub["type"], "options": nested}]
        data: JSON = {
            "id": str(command.id),
            "name": command.name,
            "type": K.CHAT_INPUT,
            "options": nested,
        }
        if command.guild_id is not None:
            data["guild_id"] = str(command.guild_id)
        if call.resolved:
            data["resolved"] = call.resolved
        call.data = data
        return call

    def _check_permissions(self, command: SyncedCommand, member: Member) -> None:
        required = command.data.get("default_member_permissions")
        if required is None:
            return
        needed = int(required)
        have = self.guild.permissions(member)
        if needed == 0 and have != ALL_PERMISSIONS:
            raise ClientRefused(f"/{command.name} is hidden from {member.username} (admins only)")
        if have & needed != needed:
            raise ClientRefused(
                f"/{command.name} is hidden from {member.username}: needs permissions {needed:#x}"
            )

    def _coerce(
        self, definition: Mapping[str, Any], raw: str, member: Member, call: SlashCall, where: str
    ) -> Any:
        kind = definition.get("type")
        name = definition.get("name")
        label = f"{where} {name}:"
        if kind in (K.STRING, K.INTEGER, K.NUMBER):
            value = self._scalar(definition, raw, label)
            return self._check_range(definition, value, label)
        if kind == K.BOOLEAN:
            lowered = raw.lower()
            if lowered in TRUE_WORDS:
                return True
            if lowered in FALSE_WORDS:
                return False
            raise ClientRefused(f"{label} expects True or False, got {raw!r}")
        if kind == K.USER:
            return self._resolve_user(raw, label, call)
        if kind == K.ROLE:
            return self._resolve_role(raw, label, call)
        if kind == K.MENTIONABLE:
            if raw.startswith(("@&", "<@&")):
                return self._resolve_role(raw, label, call)
            try:
                return self._resolve_user(raw, label, call)
            except ClientRefused:
                return self._resolve_role(raw, label, call)
        if kind == K.CHANNEL:
            return self._resolve_channel(definition, raw, label, call, member)
        if kind == K.ATTACHMENT:
            attachment = self.attachments.get(raw)
            if attachment is None:
                given = ", ".join(self.attachments) or "none"
                raise ClientRefused(
                    f"{label} names no uploaded file {raw!r} (files given: {given})"
                )
            payload = self._attachment_payload(attachment) if self._attachment_payload else {}
            call.resolved.setdefault("attachments", {})[str(attachment.id)] = payload
            return str(attachment.id)
        raise ClientRefused(f"{label} has an option type {kind!r} the stand-in cannot send")

    def _scalar(self, definition: Mapping[str, Any], raw: str, label: str) -> Any:
        kind = definition.get("type")
        choices = definition.get("choices") or []
        if choices:
            for choice in choices:
                if raw == str(choice["value"]):
                    return choice["value"]
            for choice in choices:
                names = [choice["name"], *(choice.get("name_localizations") or {}).values()]
                if raw.casefold() in (str(n).casefold() for n in names):
                    return choice["value"]
            listed = ", ".join(f"{c['name']} ({c['value']})" for c in choices)
            raise ClientRefused(f"{label} {raw!r} is not one of the choices: {listed}")
        if kind == K.STRING:
            return raw
        try:
            if kind == K.INTEGER:
                number: int | float = int(raw)
                if abs(number) > K.MAX_SAFE_INTEGER:
                    raise ClientRefused(f"{label} {raw} is out of Discord's integer range")
                return number
            number = float(raw)
            return int(number) if number.is_integer() and re.fullmatch(r"-?\d+", raw) else number
        except ValueError:
            raise ClientRefused(
                f"{label} expects {TYPE_NAMES[int(kind or 3)]}, got {raw!r}"
            ) from None

    @staticmethod
    def _check_range(definition: Mapping[str, Any], value: Any, label: str) -> Any:
        if isinstance(value, str):
            low = definition.get("min_length")
            high = definition.get("max_length")
            if low is not None and len(value) < low:
                raise ClientRefused(f"{label} needs at least {low} characters")
            if high is not None and len(value) > high:
                raise ClientRefused(f"{label} takes at most {high} characters")
            if len(value) > K.STRING_OPTION_LENGTH:
                raise ClientRefused(f"{label} takes at most {K.STRING_OPTION_LENGTH} characters")
            return value
        low = definition.get("min_value")
        high = definition.get("max_value")
        if low is not None and value < low:
            raise ClientRefused(f"{label} must be at least {low} (got {value})")
        if high is not None and value > high:
            raise ClientRefused(f"{label} must be at most {high} (got {value})")
        return value

    def _mention_id(self, raw: str, kinds: tuple[str, ...]) -> str | None:
        match = _MENTION.fullmatch(raw)
        if match and match.group(1) in kinds:
            return match.group(2)
        return None

    def _resolve_user(self, raw: str, label: str, call: SlashCall) -> str:
        key = self._mention_id(raw, ("@", "@!")) or raw.removeprefix("@")
        try:
            member = self.guild.member(key)
        except KeyError as missing:
            raise ClientRefused(f"{label} {missing.args[0]}") from None
        resolved = call.resolved
        resolved.setdefault("users", {})[str(member.id)] = member.user_payload()
        resolved.setdefault("members", {})[str(member.id)] = member.member_payload(
            with_user=False, permissions=self.guild.permissions(member)
        )
        return str(member.id)

    def _resolve_role(self, raw: str, label: str, call: SlashCall) -> str:
        key = self._mention_id(raw, ("@&",)) or raw
        try:
            role = self.guild.role(key)
        except KeyError as missing:
            raise ClientRefused(f"{label} {missing.args[0]}") from None
        call.resolved.setdefault("roles", {})[str(role.id)] = role.payload()
        return str(role.id)

    def _resolve_channel(
        self, definition: Mapping[str, Any], raw: str, label: str, call: SlashCall, member: Member
    ) -> str:
        key = self._mention_id(raw, ("#",)) or raw
        try:
            channel = self.guild.channel(key)
        except KeyError as missing:
            raise ClientRefused(f"{label} {missing.args[0]}") from None
        allowed = definition.get("channel_types")
        if allowed and channel.type not in allowed:
            raise ClientRefused(f"{label} #{channel.name} is not one of channel types {allowed}")
        call.resolved.setdefault("channels", {})[str(channel.id)] = channel.resolved_payload(
            self.guild.permissions(member)
        )
        return str(channel.id)
