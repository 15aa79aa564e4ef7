"""Small helpers for text players type into options: splitting lists, and cleaning, comparing
and showing the names and free text the bot stores (no invisible controls, bounded, escaped)."""

from __future__ import annotations

import unicodedata

from bot.errors import GameError


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
# characters that can smuggle hidden text. Emoji joined by U+200D fall apart into their parts.
INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf"})
RIGHT_TO_LEFT = frozenset({"R", "AL"})
FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE = "\u2068", "\u2069"


def strip_invisible(text: str) -> str:
    """`text` without controls and format characters; line breaks and tabs become spaces."""
    return "".join(
        " " if char in "\n\r\t" else char
        for char in text
        if char in "\n\r\t" or unicodedata.category(char) not in INVISIBLE_CATEGORIES
    )


def clean_text(text: str, limit: int, *, error: str) -> str:
    """Player text as the bot stores it: invisible characters stripped, NFC, single spaces.

    Raises `GameError(error, limit=limit)` when nothing visible is left or it is longer than
    `limit` characters.
    """
    cleaned = " ".join(unicodedata.normalize("NFC", strip_invisible(text)).split())
    if not cleaned or len(cleaned) > limit:
        raise GameError(error, limit=limit)
    return cleaned


def name_key(text: str) -> str:
    """What two names are compared by: NFKC with case folding (Unicode's NFKC_Casefold), so
    `Blue`, `BLUE`, `Ｂｌｕｅ` and `Blue\u200b` are one name."""
    visible = " ".join(strip_invisible(text).split())
    folded = unicodedata.normalize("NFKC", visible).casefold()
    return " ".join(unicodedata.normalize("NFKC", folded).split())


def same_name(first: str, second: str) -> bool:
    """True when two player-given names name the same thing."""
    return name_key(first) == name_key(second)


def shown(text: str) -> str:
    """Player text as it is put into a message: Markdown and @everyone/@here escaped, and
    right-to-left text isolated, so it cannot turn into links, code or pings, or reorder what
    follows it (a total after a Hebrew roll reason)."""
    from discord.utils import escape_markdown, escape_mentions  # cogs only: rules stay pure

    escaped = escape_mentions(escape_markdown(text))
    if any(unicodedata.bidirectional(char) in RIGHT_TO_LEFT for char in escaped):
        return FIRST_STRONG_ISOLATE + escaped + POP_DIRECTIONAL_ISOLATE
    return escaped
