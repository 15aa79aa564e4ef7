"""Every request body the bot sends, checked against Discord's own published API schema.

The schema is Discord's OpenAPI spec as the npm package `discord-api-spec` ships it (Zod
schemas generated from discord/discord-api-spec), exported to JSON Schema 2020-12 and cached
by `discord_schema` (built on demand with npm and node, pinned there). Which schema each
operation's body must fit is our own table, `discord_schema.operations.BODIES`. Bodies are
validated with `jsonschema`; a failure becomes a `Violation` naming where in the body it is,
the value, and the JSON pointer of the schema keyword it broke (`#/$defs/<Discord's schema
name>/properties/...`), so a test failure points straight into Discord's structure.

Zod's unions become `anyOf`: a body fits a union when it fits any branch. The places where
Discord's schema refuses what Discord accepts are named below (`QUIRKS`), each narrow and
each with a test, instead of a loosened validator.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema import ValidationError
from jsonschema.protocols import Validator
from referencing import Registry
from referencing import Resource
from referencing.jsonschema import DRAFT202012

from bot.standin.discord_schema import BodySchema
from bot.standin.discord_schema import bodies_of
from bot.standin.discord_schema import cached
from bot.standin.discord_schema import ensure
from bot.standin.discord_schema.operations import LOCALES
from bot.standin.limits import INVALID_FORM_BODY
from bot.standin.limits import Violation

JSON = dict[str, Any]

SCHEMA_URI = "urn:discord-api-spec"
DEFS = "#/$defs/"
# Bodies at least this long (serialised) have their verdict remembered: the command
# registrations, checked again at every start of a bot on the same schema.
REMEMBERED_BODY = 4096

log = logging.getLogger(__name__)
UNCHECKED = (
    "Discord's request schema is not built, so request bodies are not checked against it "
    "(build it once with `python -m bot.standin.discord_schema`; needs node and npm)"
)

# Discord's own error codes for the kinds of failure (as in its 50035 `errors` tree).
_ERROR_CODES = {
    "maxLength": "BASE_TYPE_BAD_LENGTH",
    "minLength": "BASE_TYPE_BAD_LENGTH",
    "maxItems": "BASE_TYPE_MAX_LENGTH",
    "minItems": "BASE_TYPE_MIN_LENGTH",
    "required": "BASE_TYPE_REQUIRED",
    "enum": "BASE_TYPE_CHOICES",
    "const": "BASE_TYPE_CHOICES",
}


@dataclass(frozen=True)
class Quirk:
    """A place where Discord's schema refuses what Discord accepts, lived with by name."""

    name: str
    why: str


INTEGER_ATTACHMENT_IDS = Quirk(
    "integer_attachment_ids",
    "discord.py writes `attachments[n].id` as the integer index n of the `files[n]` part it "
    "uploads; Discord accepts it, but the schema's SnowflakeType is a string of digits.",
)
INTEGER_MENTION_IDS = Quirk(
    "integer_mention_ids",
    "discord.py writes `allowed_mentions.users` and `.roles` as integer ids; Discord accepts "
    "them, but the schema's SnowflakeType is a string of digits.",
)
QUIRKS = (INTEGER_ATTACHMENT_IDS, INTEGER_MENTION_IDS)


def _escape(part: str) -> str:
    return part.replace("~", "~0").replace("/", "~1")


class DiscordSchema:
    """Discord's request schemas (one document of `$defs`) and a validator per body."""

    def __init__(self, document: JSON) -> None:
        self.document = document
        resource = Resource.from_contents(document, default_specification=DRAFT202012)
        self._registry: Registry[Any] = Registry().with_resource(SCHEMA_URI, resource)
        self._pointers: dict[int, str] = {}
        self._index(document, "#")
        self._validators: dict[BodySchema, Validator] = {}
        # The verdicts on large bodies already checked: the same body against the same
        # schema breaks it the same way (a bot registers the same commands at every start).
        self.verdicts: dict[tuple[BodySchema, bytes], list[Violation]] = {}

    def _index(self, node: object, pointer: str) -> None:
        if isinstance(node, dict):
            self._pointers[id(node)] = pointer
            for key, value in node.items():
                self._index(value, f"{pointer}/{_escape(str(key))}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                self._index(value, f"{pointer}/{index}")

    def pointer(self, node: object) -> str:
        """The JSON pointer of a schema node of this document ("" if it is not one)."""
        return self._pointers.get(id(node), "")

    def names(self) -> frozenset[str]:
        """The schema names the document holds."""
        return frozenset(self.document["$defs"])

    def validator(self, body: BodySchema) -> Validator:
        """The validator of one operation's request body (built once)."""
        if body not in self._validators:
            refs: list[JSON] = [{"$ref": f"{SCHEMA_URI}{DEFS}{name}"} for name in body.schemas]
            schema: JSON = refs[0] if len(refs) == 1 else {"anyOf": refs}
            if body.list_of:
                schema = {"type": "array", "items": schema, "maxItems": body.max_items}
            self._validators[body] = Draft202012Validator(schema, registry=self._registry)
        return self._validators[body]

    @functools.cached_property
    def locales(self) -> frozenset[str]:
        """Discord's locales (AvailableLocalesEnum)."""
        return frozenset(str(v) for v in self.document["$defs"][LOCALES]["enum"])

    @functools.cached_property
    def source(self) -> Mapping[str, Any]:
        """The package versions the document was exported from."""
        return dict(self.document.get("x-source") or {})


@functools.cache
def read_schema(path: Path) -> DiscordSchema:
    """A built document, read from disk (once per process and path)."""
    return DiscordSchema(json.loads(path.read_text(encoding="utf-8")))


def load_schema() -> DiscordSchema:
    """The pinned schema, built into the cache first if it is not there (needs npm once)."""
    return read_schema(ensure())


def cached_schema() -> DiscordSchema | None:
    """The pinned schema if it is already built, else None (never runs npm)."""
    path = cached()
    return read_schema(path) if path is not None else None


def _messages_of(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The message objects of a body: itself, and a callback's `data`."""
    data = body.get("data")
    return [body, data] if isinstance(data, dict) else [body]


def _integer_id(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _has_integer_ids(message: dict[str, Any]) -> bool:
    attachments = message.get("attachments")
    if isinstance(attachments, list) and any(
        isinstance(a, dict) and _integer_id(a.get("id")) for a in attachments
    ):
        return True
    mentions = message.get("allowed_mentions")
    return isinstance(mentions, dict) and any(
        isinstance(mentions.get(key), list) and any(map(_integer_id, mentions[key]))
        for key in ("users", "roles")
    )


def with_string_ids(body: object) -> object:
    """The body with the integer ids discord.py writes (`INTEGER_ATTACHMENT_IDS`,
    `INTEGER_MENTION_IDS`) written as the strings the schema expects.

    Only `attachments[n].id` and `allowed_mentions.users[n]` / `.roles[n]` of the message
    itself (or of a callback's `data`) are touched, and only non-negative integers.
    """
    if not isinstance(body, dict) or not any(map(_has_integer_ids, _messages_of(body))):
        return body
    fixed = copy.deepcopy(body)
    for message in _messages_of(fixed):
        for attachment in message.get("attachments") or []:
            if isinstance(attachment, dict) and _integer_id(attachment.get("id")):
                attachment["id"] = str(attachment["id"])
        mentions = message.get("allowed_mentions")
        if isinstance(mentions, dict):
            for key in ("users", "roles"):
                if isinstance(mentions.get(key), list):
                    mentions[key] = [str(v) if _integer_id(v) else v for v in mentions[key]]
    return fixed


def _misses_discriminator(error: ValidationError) -> bool:
    """A union branch that is plainly another kind: wrong JSON type, wrong `type` tag, or the
    branch no JSON value fits (Zod's `undefined`)."""
    if error.validator in ("type", "not") and not error.path:
        return True
    return error.validator in ("enum", "const") and list(error.path) == ["type"]


def leaf_errors(error: ValidationError) -> list[ValidationError]:
    """The errors that explain a failure: into unions, down the branch meant by the body."""
    if error.validator not in ("anyOf", "oneOf") or not error.context:
        return [error]
    branches: dict[int, list[ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(int(sub.relative_schema_path[0]), []).append(sub)
    meant = [errs for errs in branches.values() if not any(map(_misses_discriminator, errs))]
    if not meant:
        return [error]
    # The branch that fails least, and deepest into the body, is the one the body meant
    # (counted in leaves: Zod's nullable fields nest a union in every property).
    leaves = [[leaf for sub in errs for leaf in leaf_errors(sub)] for errs in meant]
    return min(leaves, key=lambda errs: (len(errs), -max(len(e.absolute_path) for e in errs)))


def describe(value: object) -> str:
    """A value as a failure message shows it: short, with the length of long strings."""
    if isinstance(value, str):
        return repr(value) if len(value) <= 60 else f"{value[:40]!r}… ({len(value)} characters)"
    text = json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | dict) and len(text) > 80:
        return f"{text[:60]}… ({len(value)} {'items' if isinstance(value, list) else 'keys'})"
    return text


class BodyValidator:
    """Validates request bodies against Discord's schema and counts them (for the benchmark).

    Without a schema (`python -m bot local` before the schema was ever built) it checks
    nothing; `if_cached` says so once in the log.
    """

    def __init__(self, schema: DiscordSchema | None) -> None:
        self.schema = schema
        self.validated = 0
        self.failed = 0

    @classmethod
    def pinned(cls) -> BodyValidator:
        """Against the pinned schema, building it first if needed."""
        return cls(load_schema())

    @classmethod
    def if_cached(cls) -> BodyValidator:
        """Against the pinned schema if it is built; else a validator that checks nothing, and
        a log line saying so."""
        schema = cached_schema()
        if schema is None:
            log.warning(UNCHECKED)
        return cls(schema)

    @property
    def locales(self) -> frozenset[str] | None:
        """Discord's locales, if the schema is at hand."""
        return self.schema.locales if self.schema is not None else None

    def body_schema(self, operation_id: str, body: object) -> BodySchema:
        """The row of `operation_id` this body goes by (the callback's by its `type`)."""
        rows = bodies_of(operation_id)
        if len(rows) == 1:
            return rows[0]
        kind = body.get("type") if isinstance(body, dict) else None
        for row in rows:
            if row.callback_type == kind:
                return row
        names = tuple(dict.fromkeys(name for row in rows for name in row.schemas))
        return BodySchema(rows[0].route, operation_id, names)

    def check(self, operation_id: str, body: object) -> list[Violation]:
        """Every way `body` breaks the schema of `operation_id`'s request body.

        A multipart request's `payload_json` is checked like a JSON body: Discord's spec
        gives both media types the same schema (plus the `files[n]` parts).
        """
        if self.schema is None:
            return []
        row = self.body_schema(operation_id, body)
        self.validated += 1
        instance: Any = with_string_ids(body)
        text = json.dumps(instance, sort_keys=True, separators=(",", ":"))
        key = (row, hashlib.sha256(text.encode()).digest())
        known = self.schema.verdicts.get(key) if len(text) >= REMEMBERED_BODY else None
        if known is None:
            known = self._verdict(row, instance)
            if len(text) >= REMEMBERED_BODY:
                self.schema.verdicts[key] = known
        if known:
            self.failed += 1
        return list(known)

    def _verdict(self, row: BodySchema, instance: Any) -> list[Violation]:
        """Every way `instance` breaks `row`'s schema, validated anew."""
        assert self.schema is not None
        errors = self.schema.validator(row).iter_errors(instance)
        return [self._violation(leaf) for error in errors for leaf in leaf_errors(error)]

    def _violation(self, error: ValidationError) -> Violation:
        keyword = str(error.validator)
        where = self.schema.pointer(error.schema) if self.schema is not None else ""
        schema_path = f"{where}/{_escape(keyword)}" if where else "(request body schema)"
        if keyword == "required":
            what = error.message
        elif keyword in ("anyOf", "oneOf"):
            several = keyword == "oneOf" and not error.context
            what = (
                f"{describe(error.instance)} fits {'several' if several else 'none'} of {keyword}"
            )
        else:
            what = f"{describe(error.instance)} fails {keyword}={describe(error.validator_value)}"
        return Violation(
            f"schema.{keyword}",
            tuple(error.absolute_path),
            f"{what} (schema {schema_path})",
            INVALID_FORM_BODY,
            _ERROR_CODES.get(keyword, "BASE_TYPE_INVALID"),
        )
