"""The name a logged command goes by for its readers, as `/history list` shows it: a click's
command (`company answer`) by its catalogued label (`history.command.company.answer`), a
slash command by its words as the reader's command list names them (`ход завершить`).

`command_msg` is that name as a message, so a log entry that names another command (an
undo) keeps it translatable: it reads in the language of whoever reads the log. A word of a
slash command is its `cmd:` key, the one the command list is translated by (English: the
word itself).

`option_word` is the one rule that names a command's option for a reader: the command list
Discord shows (`bot.app.CatalogTranslator`), `/help` and the log's options line
(cogs/history.py) all name it by it; `command_word` names any other string of a command
(a name, a description, a fixed choice) so.

`typed_command` is a whole command as the reader types it; `mention_and_typed` follows a
clickable mention with it where the reader's command list names the command otherwise.
Discord shows a mention (`</navy order:ID>`) under the name written in it, in every
language, and a mention written with a translated name does nothing when clicked: a
Russian reader is told the name their picker offers beside it."""

from __future__ import annotations

from typing import Any

from bot.i18n import DEFAULT_LANGUAGE
from bot.i18n import LANGUAGES
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.i18n import catalog
from bot.i18n import language_of
from bot.i18n import t


def own_word(path: str, locale: object) -> str:
    """The last word of `path` (a command's qualified name, or a command's and one of its
    options' names) as a reader of `locale` types it: the catalog's word for that very
    command or option where it gives one (`cmd:/company add-piece value`: a piece's
    «стоимость»), else the word every command shares (`cmd:value`: «значение»), else the
    English name."""
    word = path.split(" ")[-1]
    language = language_of(locale)
    if language == DEFAULT_LANGUAGE:
        return word
    words = catalog(language)
    for key in (f"cmd:/{path}", f"cmd:{word}"):
        value = words.get(key)
        if isinstance(value, str):
            return value
    return word


def option_word(command: str, option: str, locale: object) -> str:
    """The name of `command`'s option `option` (its English name, as declared) as a reader
    of `locale` types it (`own_word`)."""
    return own_word(f"{command} {option}".strip(), locale)


def command_word(name: str, locale: object) -> str:
    """A slash command's string as declared in English (a name, a description, a choice:
    "Cruising") as the reader's command list shows it (`cmd:Cruising`: «Крейсерство»), else
    as declared."""
    language = language_of(locale)
    if language == DEFAULT_LANGUAGE:
        return name
    value = catalog(language).get("cmd:" + name)
    return value if isinstance(value, str) else name


def command_name(qualified_name: str, locale: object) -> str:
    """The command's name as the reader's command list shows it, each word its own
    (`own_word`): `пираты наёмники переместить` in Russian, where the naval orders'
    `navy station` reads `флот_приказы станция`."""
    words = qualified_name.split(" ")
    return " ".join(own_word(" ".join(words[: n + 1]), locale) for n in range(len(words)))


def typed_command(qualified_name: str, locale: object) -> str:
    """The command as the reader types it: `/компания добавить-компанию` in Russian."""
    return "/" + command_name(qualified_name, locale)


def mention_and_typed(mention: str, qualified_name: str, locale: object, form: str) -> str:
    """A command's clickable `mention`, followed by the name the reader types where their
    command list names the command otherwise (`</navy order:ID> · /флот_приказы приказ`);
    `form` is the catalog's way of joining them (`command.mention.<form>`: a list's line, a
    sentence's words). An English reader sees the mention alone."""
    typed = typed_command(qualified_name, locale)
    if typed == "/" + qualified_name:
        return mention
    return t(f"command.mention.{form}", locale, mention=mention, typed=typed)


def command_msg(command: str) -> Msg:
    """The name of the logged `command` as a message to render in the reader's language."""
    key = "history.command." + command.replace(" ", ".")
    if key in catalog(DEFAULT_LANGUAGE):
        return Msg(key)
    words: list[Any] = []
    parts = command.split(" ")
    for n, word in enumerate(parts):
        # The command's own word first, as `own_word` reads it.
        keys = ("cmd:/" + " ".join(parts[: n + 1]), "cmd:" + word)
        local = [k for k in keys if any(k in catalog(language) for language in LANGUAGES)]
        words.append(Msg(local[0]) if local else word)
    return MsgList(words, separator=" ")
