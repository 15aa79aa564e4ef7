"""How the log's own words read for a reader: a roll's purpose and a logged command, in the
reader's language. `/history show`, `/history list`, the export's page and its CSV file read
them alike."""

from __future__ import annotations

from typing import Any

from bot.campaigns import CORE
from bot.command_names import command_msg
from bot.dice import purpose_message
from bot.i18n import DEFAULT_LANGUAGE
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.i18n import catalog
from bot.i18n import t
from bot.text import shown


def purpose_text(
    purpose: str, locale: str, *, escaped: bool = True, ruleset: str | None = None
) -> str:
    """A roll's purpose as shown: a ruleset's catalog key in `locale`, or its message with
    parameters (`bot.dice.purpose_of`: fleet combat's labels), the names in it as typed;
    else the text it was rolled with (a /roll reason, a label written in English before).
    `ruleset`: the entry's; a core entry's purposes are a `/roll`'s reason or expression,
    which are shown as typed even when they read like a label (only rulesets write labels).
    Escaped like player text everywhere else (`shown`) for Markdown; plain with
    `escaped=False` (a spreadsheet's cell)."""
    if ruleset == CORE:
        return shown(purpose) if escaped else purpose
    message = purpose_message(purpose)
    if message is not None and message.key in catalog(DEFAULT_LANGUAGE):
        return (_escaped(message) if escaped else message).render(locale)
    if purpose in catalog(DEFAULT_LANGUAGE):
        return t(purpose, locale)
    return shown(purpose) if escaped else purpose


def _escaped(value: Any) -> Any:
    """A message whose text parameters (faction names) are escaped as player text."""
    if isinstance(value, MsgList):
        return MsgList([_escaped(v) for v in value.items], value.params["separator"])
    if isinstance(value, Msg):
        return Msg(value.key, **{k: _escaped(v) for k, v in value.params.items()})
    return shown(value) if isinstance(value, str) else value


def command_label(command: str, locale: str) -> str:
    """A logged command as the reader knows it: `turn end` (`ход завершить` in Russian);
    a click's command (`corsairs reward`) by its catalogued name."""
    return command_msg(command).render(locale)
