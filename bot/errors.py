"""Domain errors that carry their own translated message for the player."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping
from typing import Any
from typing import ClassVar

# The parameters of refusals that quote what a player typed (or a name a player gave): they
# are shown literally, whatever their Markdown, mentions or @everyone (`shown_params`). By
# catalog key; a ruleset's refusals escape their names where they raise them instead.
TYPED_PARAMS: dict[str, frozenset[str]] = {}


def typed_params(key: str, *names: str) -> None:
    """Declare that these parameters of refusal `key` carry typed text."""
    TYPED_PARAMS[key] = TYPED_PARAMS.get(key, frozenset()) | frozenset(names)


for _key, _names in (
    ("error.unknown_faction", ("faction", "known")),
    ("error.not_your_faction", ("faction",)),
    ("error.leave_not_yours", ("faction",)),
    ("error.leave_owes", ("faction",)),
    ("error.which_faction", ("factions",)),
    ("error.already_in_faction", ("faction",)),
    ("error.faction_taken", ("faction",)),
    ("error.faction_limit", ("factions",)),
    ("error.unknown_ruleset", ("ruleset",)),
    ("error.unknown_ruleset_list", ("ruleset",)),
    ("error.ruleset_not_enabled", ("ruleset",)),
    ("error.setting_value", ("value", "name")),
    ("error.setting_unknown", ("name",)),
    ("error.setting_table", ("name",)),
    ("error.setting_format", ("setting",)),
    ("error.settings_file.unknown", ("setting",)),
    ("error.settings_file.value", ("setting", "value")),
    ("error.settings_file.invalid", ("setting",)),
    ("error.export_since", ("since",)),
    ("error.export_since_nothing", ("since",)),
    ("error.export_since_hidden", ("since",)),
    ("error.export_since_held", ("since",)),
    ("error.turn_flow.when", ("value",)),
    ("error.turn_flow.past", ("value",)),
    ("error.turn_flow.too_far", ("value",)),
    ("error.turn_flow.reminder_too_early", ("value",)),
    ("error.turn_flow.time_zone", ("value",)),
    ("dice.saved.error.name_is_dice", ("name",)),
    ("dice.saved.error.unknown", ("name",)),
    ("dice.saved.error.neither", ("name", "names")),
    ("help.error.unknown_command", ("command",)),
):
    typed_params(_key, *_names)


def shown_params(key: str, params: Mapping[str, Any], locale: str | None) -> dict[str, Any]:
    """`params` with the typed text of refusal `key` made literal: Markdown, mentions and
    @everyone escaped (bot/text.py `shown`), or, where the catalog quotes it as code
    (`` `{value}` ``), with no backtick to end the code early; cut to a readable length."""
    from bot.i18n import catalog
    from bot.i18n import language_of
    from bot.text import literal

    typed = TYPED_PARAMS.get(key, frozenset()) & params.keys()
    if not typed:
        return dict(params)
    found = catalog(language_of(locale)).get(key) or catalog("en").get(key) or ""
    templates = [str(x) for x in (found.values() if isinstance(found, dict) else [found])]
    shown = dict(params)
    for name in typed:
        if isinstance(shown[name], str):
            shown[name] = literal(shown[name], code=_in_code(templates, name))
    return shown


def _in_code(templates: Iterable[str], name: str) -> bool:
    """Whether the catalog puts `{name}` inside a code span (after an odd number of
    backticks)."""
    field = "{" + name + "}"
    for template in templates:
        at = template.find(field)
        while at >= 0:
            if template.count("`", 0, at) % 2 == 1:
                return True
            at = template.find(field, at + 1)
    return False


class GameError(Exception):
    """An error the player caused or can fix; shown as an ephemeral reply, never logged as a bug.

    `key` names a message in the catalogs (data/locales/*/); `params` fill it in.
    """

    key: ClassVar[str] = "error.generic"

    def __init__(self, key: str | None = None, /, **params: Any) -> None:
        self.message_key = key or self.key
        self.params = params
        super().__init__(f"{self.message_key} {params}" if params else self.message_key)

    def message(self, locale: str | None) -> str:
        """The message in the player's language."""
        from bot.i18n import t

        return t(self.message_key, locale, **shown_params(self.message_key, self.params, locale))

    def details(self, locale: str | None) -> list[str]:
        """Lines that say more than the message (each problem of a rejected file), shown
        under it where the refusal has room (a confirmation's question)."""
        return []


class RuleViolation(GameError):
    """An action the rules forbid; the message names the clause (pass `clause=`)."""

    key = "error.rule_violation"


class NotFound(GameError):
    """Something the player named does not exist (campaign, faction, battle, entry)."""

    key = "error.not_found"


class NotAllowed(GameError):
    """The player may not do this (not a GM, not their faction, not their choice)."""

    key = "error.not_allowed"


class Conflict(GameError):
    """The state moved on under the player (already chosen, turn already ended)."""

    key = "error.conflict"
