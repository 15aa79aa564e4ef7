"""Small helpers for text players type into options: splitting lists, and cleaning, comparing
and showing the names and free text the bot stores (no invisible controls, bounded, escaped)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from collections.abc import Sequence
from functools import cache
from functools import lru_cache
from typing import TYPE_CHECKING
from typing import Annotated
from typing import Any

from pydantic import BeforeValidator

from bot.errors import GameError
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.i18n import MsgList

if TYPE_CHECKING:
    from bot.storage.outbox import OutboxMessage


def split_top_level(text: str, separators: str = ",;\n") -> list[str]:
    """Entries split at `separators` outside parentheses, stripped, empty ones dropped.

    `Malta (Hospitallers, besieged), Corfu` gives two entries.
    """
    parts: list[str] = []
    depth = 0
    current = ""
    for char in text:
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        if char in separators and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    parts.append(current.strip())
    return [p for p in parts if p]


# --- names and free text players give the bot (stored, compared, shown) ------------------------

CAMPAIGN_NAME_MAX = 100
FACTION_NAME_MAX = 64
POINT_NAME_MAX = 60
SAVED_ROLL_NAME_MAX = 32  # fits an autocomplete choice with its expression (100)
ROLL_REASON_MAX = 100  # the roll title holds it escaped (up to twice as long) and the total
# Invisible characters: controls (Cc) and format characters (Cf) — the bidirectional
# overrides, embeddings and isolates (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C), the
# zero-width space and joiners (U+200B–U+200D, U+2060), the BOM, the soft hyphen and the tag
# characters that can smuggle hidden text. Only a zero-width joiner inside an emoji stays in
# what is stored and shown (`🏴‍☠️`, `👩‍🔧`): one between two emoji, the first possibly
# carrying its presentation selector (U+FE0F, a mark, never stripped) or a skin tone.
INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf"})
RIGHT_TO_LEFT = frozenset({"R", "AL"})
FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE = "\u2068", "\u2069"
ZERO_WIDTH_JOINER = "\u200d"
EMOJI_PRESENTATION = "\ufe0f"


@cache
def _pictographic(char: str) -> bool:
    """Whether `char` is drawn as an emoji (Unicode's Extended_Pictographic, through ICU)."""
    import icu

    return bool(icu.Char.hasBinaryProperty(char, icu.UProperty.EXTENDED_PICTOGRAPHIC))


@cache
def _emoji_end(char: str) -> bool:
    """Whether `char` may end an emoji a joiner continues: a pictograph or a skin tone."""
    import icu

    return _pictographic(char) or bool(
        icu.Char.hasBinaryProperty(char, icu.UProperty.EMOJI_MODIFIER)
    )


def _emoji_join(text: str, index: int) -> bool:
    """Whether the zero-width joiner at `index` joins two emoji into one: an emoji (with
    its presentation selector, if any) before it and a pictograph after it."""
    if not 0 < index < len(text) - 1 or not _pictographic(text[index + 1]):
        return False
    before = index - 1
    if text[before] == EMOJI_PRESENTATION:  # the selector counts only after an emoji
        before -= 1
    return before >= 0 and _emoji_end(text[before])


def strip_invisible(text: str, *, emoji_joins: bool = True) -> str:
    """`text` without controls and format characters; line breaks and tabs become spaces.
    A zero-width joiner between two emoji is kept with `emoji_joins` (what is stored and
    shown), so `🏴‍☠️` stays one flag; names are compared without it (`name_key`)."""
    return "".join(
        " " if char in "\n\r\t" else char
        for index, char in enumerate(text)
        if char in "\n\r\t"
        or unicodedata.category(char) not in INVISIBLE_CATEGORIES
        or (emoji_joins and char == ZERO_WIDTH_JOINER and _emoji_join(text, index))
    )


def tidy(text: str) -> str:
    """Player text as the bot stores it: invisible characters stripped, NFC, single spaces
    (possibly empty: the caller says whether that is allowed)."""
    return " ".join(unicodedata.normalize("NFC", strip_invisible(text)).split())


def _tidy_value(value: Any) -> Any:
    return tidy(value) if isinstance(value, str) else value


# A name an engine stores (a Company, a piece, a force, a station, a sea zone): tidied when
# the model is built or loaded, so no look-alike with a hidden character is ever stored.
CleanName = Annotated[str, BeforeValidator(_tidy_value)]


def clean_text(text: str, limit: int, *, error: str, clause: str | None = None) -> str:
    """Player text as the bot stores it: invisible characters stripped, NFC, single spaces.

    Raises `GameError(error, limit=limit)` when nothing visible is left or it is longer than
    `limit` characters: a `RuleViolation` naming `clause` when the rules set the limit.
    """
    cleaned = tidy(text)
    if not cleaned or len(cleaned) > limit:
        if clause is not None:
            raise RuleViolation(error, clause=clause, limit=limit)
        raise GameError(error, limit=limit)
    return cleaned


def name_key(text: str) -> str:
    """What two names are compared by: NFKC with case folding (Unicode's NFKC_Casefold), so
    `Blue`, `BLUE`, `Ｂｌｕｅ` and `Blue\u200b` are one name (so are `🏴‍☠️` and `🏴☠️`, as
    names stored before emoji kept their joiners were written)."""
    visible = " ".join(strip_invisible(text, emoji_joins=False).split())
    folded = unicodedata.normalize("NFKC", visible).casefold()
    return " ".join(unicodedata.normalize("NFKC", folded).split())


def same_name(first: str, second: str) -> bool:
    """True when two player-given names name the same thing."""
    return name_key(first) == name_key(second)


@cache
def _spoof_checker() -> Any:
    import icu

    return icu.SpoofChecker()


def _skeleton(text: str) -> str:
    return str(_spoof_checker().getSkeleton(0, text))


@lru_cache(maxsize=4096)
def _look_alike_keys(text: str) -> tuple[str, str, str]:
    """What two names look alike by (`looks_alike`): their confusable skeletons (Unicode's
    UTS #39, through ICU) taken on both sides of case folding, as typed, and in capitals.
    Kept for the names last compared, so a name checked against many others (or the same
    few names, such as the Joker's, checked again and again) is taken apart once."""
    visible = " ".join(strip_invisible(text, emoji_joins=False).split())
    normal = unicodedata.normalize("NFKC", visible)
    return _skeleton(_skeleton(normal).casefold()), _skeleton(normal), _skeleton(normal.upper())


def looks_alike(first: str, second: str) -> bool:
    """Whether two names look alike (by their `_look_alike_keys`): their skeletons match
    across case folding, so `Rеd` with a Cyrillic `е`, `Ｒed`, `RED` and `Red` look alike,
    as do `0ttomans` and `Ottomans`, or `lvan` and `Ivan`; or one, as typed, looks like the
    other in capitals (a spelling of that same name), so `SILK RОAD` with a Cyrillic `О`, or
    `SlLK ROAD` with a small l, looks like `Silk Road`, read SILK ROAD (the skeleton takes a
    capital I for a small l, which the folded one then tells from an i). Both names are never
    compared in capitals: that would erase what tells small letters apart, and `Fleet i` and
    `Fleet 1`, or `Кама` and `Kama`, are names no one mistakes. Only for refusing a new name
    too like an existing one: names are told apart by `name_key`."""
    return _alike(_look_alike_keys(first), _look_alike_keys(second))


def _alike(first: tuple[str, str, str], second: tuple[str, str, str]) -> bool:
    folded, typed, capitals = first
    return folded == second[0] or typed == second[2] or capitals == second[1]


def look_alike(name: str, names: Iterable[str]) -> str | None:
    """The first of `names` that is another name (not `name` itself, by `name_key`) but looks
    like `name`; None when none does. A new name that gets one is refused, naming it."""
    key, looks = name_key(name), _look_alike_keys(name)
    return next(
        (
            other
            for other in names
            if name_key(other) != key and _alike(_look_alike_keys(other), looks)
        ),
        None,
    )


# Discord's Markdown escaping (discord.utils.escape_markdown, kept here so the rules engines,
# which import no discord, escape the names in their messages the same way).
_MARKDOWN_COMMON = r"^>(?:>>)?\s|\[.+\]\(.+\)|^#{1,3}|^\s*-"
_URL = r"(?P<url><[^: >]+:\/[^ >]+>|(?:https?|steam):\/\/[^\s<]+[^<.,:;\"\'\]\s])"
_MARKDOWN = re.compile(rf"(?:{_URL}|(?P<markdown>[_\\~|\*`]|{_MARKDOWN_COMMON}))", re.MULTILINE)
ZERO_WIDTH_SPACE = "\u200b"
# What pings, by the mark it opens with and what follows that mark: `@everyone`, `@here` and
# `@` with an id of 17-20 digits; then the pills `<@id>`, `<@&id>`, `<#id>` and
# `</command:id>`, whatever the id's length (one of 17-20 digits is already broken as a
# ping, as discord.utils does). `shown` breaks each with a zero-width space after its mark,
# in this order; `unbroken` takes that space out again.
_PING_MARKS = (("@", r"everyone|here|[!&]?[0-9]{17,20}"), ("<", r"@[!&]?\d|#\d|/[^\s>]*:\d"))
_PINGS = [(mark, re.compile(f"{mark}(?={follows})")) for mark, follows in _PING_MARKS]
_BROKEN_PINGS = [
    (mark, re.compile(f"{mark}{ZERO_WIDTH_SPACE}(?={follows})")) for mark, follows in _PING_MARKS
]


def unbroken(text: str) -> str:
    """Text `shown` readied for Discord, for a reader outside it (the export page, where
    nothing pings): the zero-width spaces that broke its pings and pills taken out, so a
    name reads and copies as written (`@everyone`). Its Markdown escapes stay: the page
    renders them, and escapes its HTML."""
    for mark, broken in _BROKEN_PINGS:
        text = broken.sub(mark, text)
    return text


def _escape_markdown(match: re.Match[str]) -> str:
    return match.group("url") or "\\" + match.group("markdown")


def shown(text: str) -> str:
    """Player text as it is put into a message: Markdown and @everyone/@here escaped, user,
    role and channel mentions broken, and right-to-left text isolated, so it cannot turn into
    links, code, pills or pings, or reorder what follows it (a total after a Hebrew roll
    reason). Pure Python: the rules engines use it for the names in their messages."""
    escaped = _MARKDOWN.sub(_escape_markdown, text)
    for mark, ping in _PINGS:
        escaped = ping.sub(mark + ZERO_WIDTH_SPACE, escaped)
    if any(unicodedata.bidirectional(char) in RIGHT_TO_LEFT for char in escaped):
        return FIRST_STRONG_ISOLATE + escaped + POP_DIRECTIONAL_ISOLATE
    return escaped


# Discord Markdown that opens and closes with the same mark (bold, underline, strike-through,
# spoiler); a code span opens and closes with the same run of backticks.
_PAIRED_MARKS = ("**", "__", "~~", "||")


def _left_open(text: str) -> tuple[str, bool]:
    """What Markdown `text` leaves open, as the text that closes it (innermost first), and
    whether it ends inside an escape (a backslash with nothing after it)."""
    marks: list[str] = []
    code = ""  # the backticks of the code span the text is in
    i = 0
    while i < len(text):
        char = text[i]
        if code:  # nothing but its closing run of backticks counts inside a code span
            if text.startswith(code, i) and not text.startswith("`", i + len(code)):
                i += len(code)
                code = ""
            else:
                i += 1
            continue
        if char == "\\":
            if i + 1 == len(text):
                return "".join(reversed(marks)), True
            i += 2
            continue
        if char == "`":
            run = len(text[i:]) - len(text[i:].lstrip("`"))
            code = "`" * run
            i += run
            continue
        if char in (FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE):
            if char == POP_DIRECTIONAL_ISOLATE and marks and marks[-1] == char:
                marks.pop()
            elif char == FIRST_STRONG_ISOLATE:
                marks.append(POP_DIRECTIONAL_ISOLATE)
            i += 1
            continue
        pair = text[i : i + 2]
        if pair in _PAIRED_MARKS:
            if marks and marks[-1] == pair:
                marks.pop()
            else:
                marks.append(pair)
            i += 2
            continue
        i += 1
    return code + "".join(reversed(marks)), False


def clip_markdown(text: str, limit: int) -> str:
    """Discord Markdown cut to at most `limit` characters with an ellipsis, still balanced:
    a code span, bold, strike-through or spoiler cut open is closed after the ellipsis, and
    an escape is never cut from the character it escapes (no stray backtick or backslash)."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    while cut:
        closing, dangling = _left_open(cut)
        if dangling:
            cut = cut[:-1]
            continue
        if len(cut) + 1 + len(closing) <= limit:
            return cut + "…" + closing
        cut = cut[: limit - 1 - len(closing)] if len(cut) > limit - 1 - len(closing) else cut[:-1]
    return "…"


TYPED_SHOWN_MAX = 200  # what a refusal quotes of a player's text


def literal(text: str, *, code: bool = False, limit: int = TYPED_SHOWN_MAX) -> str:
    """Typed text quoted in a refusal, shown exactly as typed: cut to `limit` characters
    (with "…"), then escaped (`shown`); inside a code span (`code`), where nothing renders,
    only a backtick, which would end the span, is replaced by its look-alike `ˋ`."""
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    if code:
        return text.replace("`", "ˋ") or " "
    return shown(text)


def shown_msg(msg: Msg) -> Msg:
    """`msg` with every text parameter (a name a player typed) passed through `shown`,
    nested messages and list items too; numbers stay as they are. Apply it once, where an
    engine hands its lines out."""
    if isinstance(msg, MsgList):
        items = [_shown_value(item) for item in msg.items]
        return MsgList(items, str(msg.params["separator"]))
    return Msg(msg.key, **{k: _shown_value(v) for k, v in msg.params.items()})


def _shown_value(value: Any) -> Any:
    if isinstance(value, Msg):
        return shown_msg(value)
    if isinstance(value, str):
        return shown(value)
    return value


def text(value: Msg | str, locale: str, *, escape: bool = False) -> str:
    """A label or message in the reader's language; a string is the cog's own text and stays
    as it is. With `escape`, a message's text parameters (names players gave, which its engine
    left raw) are escaped first (`shown_msg`); an engine that escapes its names where it
    builds its lines renders without. Labels of buttons, menus and autocompletes show no
    Markdown: render those unescaped."""
    if isinstance(value, Msg):
        return (shown_msg(value) if escape else value).render(locale)
    return value


def lines_text(lines: Sequence[Msg | str], locale: str, *, escape: bool = False) -> str:
    """Messages as one block of lines (each as `text` gives it)."""
    return "\n".join(text(m, locale, escape=escape) for m in lines)


def faces_text(faces: Sequence[int]) -> str:
    """Dice faces as rolled, as players read them: "5, 2, 6, 1" (an em dash for no dice)."""
    return ", ".join(str(face) for face in faces) or "—"


NONE_DASHES = frozenset({"-", "\u2014", "\u2013", "\u2212"})  # -, and a phone's —, – and −


def typed_none(text: str | None) -> bool:
    """Whether a player typed `-` for "none" (nobody, no Holding, no contacts), a phone's
    em dash, en dash or minus sign read as the same."""
    return text is not None and text.strip() in NONE_DASHES


def message_url(guild_id: int, channel_id: int, message_id: int) -> str:
    """The link that opens a posted message (a question a reply points to)."""
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


def post_url(guild_id: int, row: OutboxMessage) -> str:
    """The link that opens the message an outbox row was posted as (its `payload["edit"]`)."""
    return message_url(guild_id, row.channel_id, int(row.payload["edit"]))
