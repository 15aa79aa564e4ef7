"""The self-checking page of `/history export`: one HTML file with the log as a searchable,
filterable table, the battle logs and other archive records, and a verifier in the page's own
JavaScript (WebCrypto SHA-256 and HMAC-SHA256) that repeats `bot.verify_export.verify_document`
on the export embedded in the page, so its verdict is the same as `/history verify`'s.

Self-contained: the script, styles, texts and data are inline and a Content-Security-Policy
forbids every fetch, so the page works from a file opened offline. The template and the
script are data/export_page/page.html and verify.js; the texts are the reader's catalog's.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from functools import cache
from typing import Any

from markdown_it import MarkdownIt

from bot.i18n import Msg
from bot.i18n import catalog
from bot.i18n import language_of
from bot.i18n import msg_from_json
from bot.i18n import t
from bot.log_text import command_label
from bot.log_text import purpose_text
from bot.paths import data_dir
from bot.storage.audit import UNDO_COMMAND
from bot.text import shown
from bot.text import unbroken
from bot.verify_log import DEADLINE_END

# The catalog keys the script renders: the verdict texts of /history verify and the page's own.
SCRIPT_TEXTS = ("history.verify.", "export_page.")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
# A log summary is Discord Markdown (bold, code, escaped player text): shown as it reads in
# Discord, inline only, with raw HTML escaped and no links (player text never becomes one).
_MARKDOWN = (
    MarkdownIt("commonmark", {"html": False})
    .enable("strikethrough")
    .disable(["link", "image", "autolink"])
)


def _inline(text: str) -> str:
    """Discord Markdown of the log (a summary, a roll's reason) as the page's HTML. Nothing
    pings on the page: names read as written, without the zero-width spaces that break
    Discord's pings (`unbroken`); raw HTML stays escaped."""
    return str(_MARKDOWN.renderInline(unbroken(text)))


@cache
def _asset(name: str) -> str:
    return (data_dir() / "export_page" / name).read_text(encoding="utf-8")


def _script_json(data: Any) -> str:
    """JSON safe inside a <script> element: `<` only inside strings, written as \\u003c."""
    return json.dumps(data, ensure_ascii=False).replace("<", "\\u003c")


def _texts(language: str) -> dict[str, Any]:
    english = catalog("en")
    own = catalog(language)
    keys = [k for k in english if k.startswith(SCRIPT_TEXTS)]
    return {k: own.get(k, english[k]) for k in keys}


# A user's or a role's mention as Discord writes it in a summary (`<@123>`, `<@&45>`).
_MENTION = re.compile(r"<@(!|&)?(\d+)>")


def people_ids(entries: Iterable[Mapping[str, Any]]) -> tuple[set[int], set[int]]:
    """The users an export's page names (the entries' actors and the users their summaries
    mention) and the roles the summaries mention: whose names the page wants."""
    users: set[int] = set()
    roles: set[int] = set()
    for entry in entries:
        actor = entry.get("actor_id")
        if isinstance(actor, int) and actor > 0:
            users.add(actor)
        outcome = entry.get("outcome")
        if isinstance(outcome, dict) and "summary" in outcome:
            for kind, number in _MENTION.findall(json.dumps(outcome["summary"])):
                (roles if kind == "&" else users).add(int(number))
    return users, roles


def _named(text: str, names: Mapping[int, str]) -> str:
    """A summary's mentions as `@name` (a Discord mention is no link outside Discord); the id
    of someone whose name is not known."""

    def name(match: re.Match[str]) -> str:
        number = int(match.group(2))
        return "@" + (shown(names[number]) if number in names else str(number))

    return _MENTION.sub(name, text)


def _summary(outcome: Any, locale: str, names: Mapping[int, str]) -> str:
    summary = outcome.get("summary") if isinstance(outcome, dict) else None
    items = summary if isinstance(summary, list) else [summary] if summary else []
    parts = []
    for item in items:
        message = msg_from_json(item)
        parts.append(message.render(locale) if isinstance(message, Msg) else str(message))
    return _named(" ".join(parts), names)


def _name(entry: Mapping[str, Any], names: Mapping[int, str], locale: str) -> str | None:
    """Who made an entry, by name (their id when the name is not known); None for a sealed
    entry, whose maker stays hidden."""
    outcome = entry.get("outcome")
    if isinstance(outcome, dict) and "sealed_commitment" in outcome:  # who stays hidden
        return None
    actor = entry.get("actor_id")
    return names.get(actor, str(actor)) if isinstance(actor, int) else str(actor)


def _player(entry: Mapping[str, Any], names: Mapping[int, str], locale: str) -> str:
    name = _name(entry, names, locale)
    if name is None:
        return t("export_page.hidden_player", locale)
    faction = entry.get("faction")
    return f"{name} ({faction})" if faction else name


def _players(
    entries: Iterable[Mapping[str, Any]],
    names: Mapping[int, str],
    locale: str,
    played: Mapping[int, Sequence[str]],
) -> list[tuple[str, str]]:
    """The player filter's options: each player once (their entries' `data-player`), by name
    with the factions they play (`played`; not those a GM acted for), in order of name; the
    hidden player first."""
    found: dict[str, str] = {}
    for entry in entries:
        name = _name(entry, names, locale)
        actor = entry.get("actor_id")
        key = str(actor)
        if key in found:
            continue
        if name is None:
            found[key] = t("export_page.hidden_player", locale)
            continue
        factions = played.get(actor, ()) if isinstance(actor, int) else ()
        found[key] = f"{name} ({', '.join(factions)})" if factions else name
    return sorted(found.items(), key=lambda option: (option[0] != "0", option[1].casefold()))


def _dice_cell(entry: Mapping[str, Any], locale: str, message: int | None = None) -> str:
    rolls = entry.get("rolls") or []
    if not rolls:
        outcome = entry.get("outcome")
        secret = isinstance(outcome, dict) and "secret_commitment" in outcome
        if secret and entry.get("ruleset") == "core":  # a ruleset's hidden entry is no roll
            return html.escape(t("export_page.secret", locale))
        return ""
    items = []
    for row in rolls:
        purpose, clause, notation, _sides, faces, _modifier, total = (list(row) + [None] * 7)[:7]
        clause_text = f' <span class="clause">[{html.escape(str(clause))}]</span>' if clause else ""
        label = _inline(purpose_text(str(purpose), locale, ruleset=entry.get("ruleset")))
        items.append(
            f"<li>{label}{clause_text}: <code>{html.escape(str(notation))}"
            f"</code> → {html.escape(str(faces).replace(',', ', '))} (Σ {html.escape(str(total))})"
            "</li>"
        )
    cell = '<ul class="dice">' + "".join(items) + "</ul>"
    if message:
        said = t("history.show.dice_message", locale)
        cell += f"<small>{html.escape(said)}: <code>{message}</code></small>"
    return cell


def _deadline_messages(entries: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """The message id each turn end at its deadline drew its dice from, by entry number: a
    turn end made by whoever logged a `turn deadline end` (the bot) names one, which a player
    compares with that message's id in the channel (the page cannot see the channel)."""
    bots = {e.get("actor_id") for e in entries if e.get("command") == DEADLINE_END}
    found: dict[str, int] = {}
    for e in entries:
        dice = e.get("dice")
        message = dice.get("interaction") if isinstance(dice, dict) else None
        made_by_bot = e.get("command") == "turn end" and e.get("actor_id") in bots
        if made_by_bot and isinstance(message, int) and message:
            found[str(e.get("seq"))] = message
    return found


def _undone(entries: Iterable[Mapping[str, Any]]) -> set[str]:
    """The entries a GM's undo names (struck through, as in `/history list`)."""
    return {
        str(seq)
        for e in entries
        if e.get("command") == UNDO_COMMAND and isinstance(e.get("outcome"), dict)
        for seq in e["outcome"].get("undid", ())
    }


def _rows(
    entries: Sequence[Mapping[str, Any]],
    locale: str,
    names: Mapping[int, str],
    texts: Mapping[int, str],
) -> str:
    rows = []
    undone = _undone(entries)
    messages = _deadline_messages(entries)
    for e in entries:
        ruleset = str(e.get("ruleset", ""))
        seq = e.get("seq")
        if isinstance(seq, int) and seq in texts:
            summary = _named(texts[seq], names)
        else:
            summary = _summary(e.get("outcome"), locale, names)
        command = html.escape(command_label(str(e.get("command", "")), locale))
        if summary:
            command += f"<br><small>{_inline(summary)}</small>"
        struck = ""
        if str(e.get("seq")) in undone:
            struck = ' class="undone"'
            command += (
                f' <span class="undone-mark">{html.escape(t("history.undone", locale))}</span>'
            )
        rows.append(
            f'<tr{struck} data-seq="{html.escape(str(e.get("seq")))}" '
            f'data-turn="{html.escape(str(e.get("turn")))}" '
            f'data-player="{html.escape(str(e.get("actor_id")))}" '
            f'data-ruleset="{html.escape(ruleset)}">'
            f'<td class="mark"></td><td>{html.escape(str(e.get("seq")))}</td>'
            f"<td>{html.escape(str(e.get('turn')))}</td>"
            f"<td>{html.escape(_player(e, names, locale))}</td>"
            f"<td>{html.escape(t(f'ruleset.{ruleset}', locale))}</td>"
            f"<td>{command}</td><td>{_dice_cell(e, locale, messages.get(str(seq)))}</td></tr>"
        )
    return "\n".join(rows)


def _options(values: Iterable[tuple[str, str]]) -> str:
    return "".join(
        f'<option value="{html.escape(v)}">{html.escape(label)}</option>' for v, label in values
    )


def _writers(entries: Iterable[Mapping[str, Any]]) -> dict[tuple[str, str, int], int]:
    """The entry that wrote each archive record, by the record's ruleset, key and number (its
    outcome's `archive` lists the records it wrote)."""
    found: dict[tuple[str, str, int], int] = {}
    for e in entries:
        outcome = e.get("outcome")
        listed = outcome.get("archive") if isinstance(outcome, dict) else None
        for item in listed if isinstance(listed, list) else ():
            if isinstance(item, list | tuple) and len(item) >= 2 and isinstance(e.get("seq"), int):
                found[(str(e.get("ruleset")), str(item[0]), int(item[1]))] = int(e["seq"])
    return found


def _records(
    archive: Iterable[Mapping[str, Any]], locale: str, entries: Iterable[Mapping[str, Any]] = ()
) -> str:
    writers = _writers(entries)
    parts = []
    for record in archive:
        body = str(record.get("body", ""))
        try:
            shown = json.dumps(json.loads(body), ensure_ascii=False, indent=1)
        except ValueError:
            shown = body
        seq = record.get("seq")
        place = (
            str(record.get("ruleset")),
            str(record.get("key")),
            seq if isinstance(seq, int) else -1,
        )
        writer = writers.get(place)
        title = t(
            "export_page.record" if writer is not None else "export_page.record_unwritten",
            locale,
            ruleset=t(f"ruleset.{record.get('ruleset')}", locale),
            key=record.get("key"),
            seq=seq,
            entry=writer,
        )
        parts.append(
            f"<details><summary>{html.escape(title)}</summary><pre>{html.escape(shown)}</pre>"
            "</details>"
        )
    return "\n".join(parts) or f"<p>{html.escape(t('export_page.no_battles', locale))}</p>"


def export_page(
    document: Mapping[str, Any],
    locale: object,
    names: Mapping[int, str] | None = None,
    *,
    texts: Mapping[int, str] | None = None,
    played: Mapping[int, Sequence[str]] | None = None,
) -> str:
    """The page for one export `document` (what the JSON file of `/history export` holds), in
    `locale` (the campaign's language: the page is attached in the channel); `names` maps
    user and role ids to the names the page shows (`people_ids`: whose it wants), the id
    shown for anyone not in it. The names are the page's alone: the export it embeds and
    verifies is `document` as given. `texts`: what an entry says when its outcome does not
    (a hidden entry, a secret roll, a reveal: as `/history show` says it to every player,
    `cogs.history.entry_text`), by entry number; `played`: the factions each user plays."""
    language = language_of(locale)
    names = names or {}
    entries = [e for e in document.get("entries", ()) if isinstance(e, Mapping)]
    players = _players(entries, names, language, played or {})
    rulesets = sorted({str(e.get("ruleset")) for e in entries})
    turns = sorted({int(e["turn"]) for e in entries if isinstance(e.get("turn"), int)})
    fields = {
        "lang": language,
        "title": t("export_page.title", language, campaign=document.get("campaign", "")),
        "intro": t("export_page.intro", language),
        "running": t("export_page.running", language),
        "log_heading": t("export_page.log", language),
        "search": t("export_page.search", language),
        "player": t("export_page.player", language),
        "ruleset": t("export_page.ruleset", language),
        "turn": t("export_page.turn", language),
        "command": t("export_page.command", language),
        "dice": t("export_page.dice", language),
        "all_players": t("export_page.all_players", language),
        "all_rulesets": t("export_page.all_rulesets", language),
        "all_turns": t("export_page.all_turns", language),
        "battles_heading": t("export_page.battles", language),
    }
    markup = {
        "player_options": _options(players),
        "ruleset_options": _options((r, t(f"ruleset.{r}", language)) for r in rulesets),
        "turn_options": _options((str(n), str(n)) for n in turns),
        "rows": _rows(entries, language, names, texts or {}),
        "battles": _records(document.get("archive", ()), language, entries),
        "texts": _script_json(_texts(language)),
        "export": _script_json(document),
        "script": _asset("verify.js"),
    }
    values = {k: html.escape(str(v)) for k, v in fields.items()} | markup

    def fill(match: re.Match[str]) -> str:
        return values[match.group(1)]

    template = _asset("page.html")
    head, tail = template.split("{script}", 1)  # the script's own braces are left alone
    return _PLACEHOLDER.sub(fill, head) + values["script"] + _PLACEHOLDER.sub(fill, tail)


def member_names(interaction: Any) -> dict[int, str]:
    """The display names of the guild's members known to the client (for the table)."""
    guild = getattr(interaction, "guild", None)
    members = getattr(guild, "members", None) or ()
    return {int(m.id): str(m.display_name) for m in members}
