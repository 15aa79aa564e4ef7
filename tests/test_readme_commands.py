"""README.md's command tables name every slash command the bot syncs to Discord, each with
all of its options, and nothing that does not exist.

A table row's first cell names its commands in code spans, as a player types them: the
command's words, then its options, a required one bare (`name`) and an optional one in
brackets (`[owner]`). Two conventions shorten a row: `add/remove` names two commands that
take the same options (`/campaign gm add/remove [user] [role]`), and a span opening with `…`
continues the group of the span before it (`/pirates mercenaries hire value [station]`,
`… dismiss contract`). Elsewhere in the README a span that opens with a command
(`/turn end`, `/corsairs war power:hapsburg at_war:True`) must name one that exists, and the
options it types must be that command's.

A row's "who" cell says who may run its commands, in the words of `WHO_WORDING` for the
command's `@who(...)` declaration (what `/help` shows); a wording may end with an aside in
parentheses (`/roll`'s "anyone (`secret:true`: GM, …)"). A row whose commands are not all for
the same players names them with ` / `, one wording per command span (`player (GM for any) /
GM / GM`) or one per run of neighbouring spans that share it (`anyone / GM`: `show`, then
three GM ones).

The commands come from the stand-in, as the bot synced them: the names and options Discord
shows in English; who may run each one from the bot's own command tree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

import pytest

from bot.interactions import WHO
from cogs.help import leaf_commands

README = Path(__file__).resolve().parent.parent / "README.md"
SUB_COMMAND, SUB_COMMAND_GROUP, CHAT_INPUT = 1, 2, 1
SPAN = re.compile(r"`([^`]+)`")
OPTIONAL = re.compile(r"\[([a-z0-9_-]+)\]")
REQUIRED = re.compile(r"[a-z0-9_-]+")
TYPED = re.compile(r"([a-z0-9_-]+):")
FENCED = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)

# The README's "who" for each `@who(...)` declaration (`bot.interactions.WHO`).
WHO_WORDING = {
    "anyone": "anyone",
    "creator": "anyone",
    "gm": "GM",
    "faction": "player (GM for any)",
    "owner": "owner (GM for any)",
    "participant": "participant (GM for any)",
    "asked": "the player asked or GM",
    "ottoman": "Ottoman player or GM",
    "power": "a power's player or GM",
    "author": "the roller (or author) or a GM",
    "piece": "the piece's player or GM",
    "company_owner": "the Company's owner or GM",
    "joker_owner": "the Joker's owner or GM",
}


@pytest.fixture
def database_target(tmp_path: Path) -> Path:
    """SQLite only: the commands the bot syncs do not depend on the database."""
    return tmp_path / "campaigns.db"


@dataclass
class Commands:
    """The synced slash commands: each runnable one's options (name → required), and the
    groups above them (`navy`, `navy forces`)."""

    options: dict[str, dict[str, bool]] = field(default_factory=dict)
    groups: set[str] = field(default_factory=set)

    def add(self, path: str, node: dict[str, Any]) -> None:
        children = [o for o in node.get("options") or [] if o["type"] in (1, 2)]
        if not children:
            self.options[path] = {
                o["name"]: bool(o.get("required")) for o in node.get("options") or []
            }
            return
        self.groups.add(path)
        for child in children:
            self.add(f"{path} {child['name']}", child)

    def known(self, path: str) -> bool:
        return path in self.options or path in self.groups


def synced(table) -> Commands:
    commands = Commands()
    for command in table.commands:
        if command.type == CHAT_INPUT:
            commands.add(command.name, command.data)
    return commands


def written(name: str, required: bool) -> str:
    return name if required else f"[{name}]"


def usage(path: str, options: dict[str, bool]) -> str:
    return " ".join(["/" + path, *(written(n, r) for n, r in options.items())])


def resolve(words: list[str], commands: Commands) -> tuple[list[str], list[str]]:
    """The commands the leading words name (`gm add/remove` names two) and the words left."""
    paths = [""]
    rest = list(words)
    while rest and all(p == "" or p in commands.groups for p in paths):
        alternatives = rest[0].split("/")
        longer = [f"{p} {a}".strip() for p in paths for a in alternatives]
        if not all(commands.known(p) for p in longer):
            break
        paths = longer
        rest.pop(0)
    return [p for p in paths if p], rest


def command_rows(readme: str) -> list[tuple[int, list[str]]]:
    """Each row of the tables under `## Commands`: its line number and its cells."""
    lines = readme.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == "## Commands")
    rows = []
    for number, line in enumerate(lines[start + 1 :], start + 2):
        if line.startswith("## "):
            break
        if not line.startswith("|") or set(line) <= set("|- "):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells[:2] != ["command", "who"]:
            rows.append((number, cells))
    return rows


@dataclass
class Span:
    """A code span of a row's first cell that names commands: the runnable ones it names
    (none when it names nothing the bot has), the group or command its words reached, and
    the words after them (its options)."""

    text: str
    runnable: list[str]
    paths: list[str]
    rest: list[str]


def row_spans(cell: str, commands: Commands) -> list[Span]:
    """The spans of a first cell that name commands, `…` spans continuing the group before."""
    spans = []
    group: list[str] = []
    for span in SPAN.findall(cell):
        words = span.split()
        if words[0].startswith("/"):
            words = [words[0][1:], *words[1:]]
        elif words[0] == "…" and group:
            words = [*group, *words[1:]]
        else:
            continue
        paths, rest = resolve(words, commands)
        runnable = [p for p in paths if p in commands.options]
        spans.append(Span(span, runnable, paths, rest))
        if runnable:
            group = runnable[0].split()[:-1]
    return spans


def table_problems(readme: str, commands: Commands) -> list[str]:
    """What the command tables leave out, write wrongly or name that does not exist."""
    problems = []
    documented: set[str] = set()
    for number, cells in command_rows(readme):
        for span in row_spans(cells[0], commands):
            runnable, paths, rest = span.runnable, span.paths, span.rest
            if not runnable:
                problems.append(
                    f"README.md:{number}: `{span.text}` names no command the bot has"
                    + (f" (the group `/{paths[0]}` has no `{rest[0]}`)" if paths and rest else "")
                )
                continue
            for path in runnable:
                documented.add(path)
                options = commands.options[path]
                named = set()
                for word in rest:
                    optional = OPTIONAL.fullmatch(word)
                    name = optional.group(1) if optional else word
                    named.add(name)
                    if name not in options:
                        problems.append(
                            f"README.md:{number}: `/{path}` has no option `{name}` "
                            f"(its options: {usage(path, options)})"
                        )
                    elif not (optional or REQUIRED.fullmatch(word)):
                        problems.append(f"README.md:{number}: `/{path}`: `{word}` is no option")
                    elif options[name] == bool(optional):
                        problems.append(
                            f"README.md:{number}: `/{path}`: option `{name}` is "
                            f"{'required' if options[name] else 'optional'}, "
                            f"write it `{written(name, options[name])}`"
                        )
                for name, required in options.items():
                    if name not in named:
                        problems.append(
                            f"README.md:{number}: `/{path}` leaves out its option "
                            f"`{written(name, required)}` (write {usage(path, options)})"
                        )
    for path, options in sorted(commands.options.items()):
        if path not in documented:
            problems.append(f"README.md: no table row names `{usage(path, options)}`")
    return problems


def audiences(table) -> dict[str, str]:
    """Who may run each command (a key of `WHO`), as the bot declares it and `/help` shows it."""
    return {c.qualified_name: c.who for c in leaf_commands(table.bot.tree)}


def says(part: str, wording: str) -> bool:
    """A part of a "who" cell says `wording`, alone or followed by an aside in parentheses."""
    return part == wording or (part.startswith(wording + " (") and part.endswith(")"))


def who_problems(readme: str, commands: Commands, declared: dict[str, str]) -> list[str]:
    """The table rows whose "who" cell is not what their commands declare."""
    problems = []
    for number, cells in command_rows(readme):
        spans = [s for s in row_spans(cells[0], commands) if s.runnable]
        if not spans or len(cells) < 2:
            continue
        keys = [[declared[p] for p in s.runnable] for s in spans]
        names = ", ".join(f"`/{p}` ({declared[p]})" for s in spans for p in s.runnable)
        mixed = [s.text for s, k in zip(spans, keys, strict=True) if len(set(k)) > 1]
        if mixed:
            problems.append(
                f"README.md:{number}: `{mixed[0]}` names commands for different players "
                f"({names}): give each its own span"
            )
            continue
        each = [WHO_WORDING[k[0]] for k in keys]
        runs = [w for i, w in enumerate(each) if i == 0 or each[i - 1] != w]
        parts = cells[1].split(" / ")
        if not any(
            len(parts) == len(form) and all(says(p, w) for p, w in zip(parts, form, strict=True))
            for form in (runs, each)
        ):
            problems.append(
                f'README.md:{number}: who may run {names} is "{" / ".join(runs)}", not "{cells[1]}"'
            )
    return problems


def prose_problems(readme: str, commands: Commands) -> list[str]:
    """The commands named in the README's other code spans, and the options they type."""
    first_cells = {span for _, cells in command_rows(readme) for span in SPAN.findall(cells[0])}
    problems = []
    for span in SPAN.findall(FENCED.sub("", readme)):
        words = span.split()
        if span in first_cells or not re.fullmatch(r"/[a-z][a-z0-9_-]*", words[0] if words else ""):
            continue
        paths, rest = resolve([words[0][1:], *words[1:]], commands)
        if not paths:
            problems.append(f"README.md: `{span}` names no command the bot has")
            continue
        path = paths[0]
        typed = [m.group(1) for word in rest if (m := TYPED.match(word))]
        bare = [w for w in rest if w != "…" and not TYPED.match(w)]
        if path in commands.groups and (typed or (bare and bare[0] == rest[0])):
            problems.append(f"README.md: `{span}`: the group `/{path}` has no `{rest[0]}`")
            continue
        for name in typed:
            if path in commands.options and name not in commands.options[path]:
                problems.append(
                    f"README.md: `{span}`: `/{path}` has no option `{name}` "
                    f"(its options: {usage(path, commands.options[path])})"
                )
    return problems


async def test_the_readme_names_every_command_with_all_its_options_and_nothing_else(table):
    commands = synced(table)
    readme = README.read_text(encoding="utf-8")
    assert len(commands.options) > 100
    problems = table_problems(readme, commands) + prose_problems(readme, commands)
    problems += who_problems(readme, commands, audiences(table))
    assert not problems, "README.md's command tables are out of date:\n" + "\n".join(problems)


async def test_a_row_removed_or_an_option_dropped_is_named_in_the_failure(table):
    """The check is not vacuous: a README without the `/turn end` row, with a command that
    is gone, or with an option left out says exactly that."""
    commands = synced(table)
    readme = README.read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| `/turn end` |"))
    assert table_problems(readme.replace(row + "\n", ""), commands) == [
        "README.md: no table row names `/turn end`"
    ]
    gone = readme.replace(row, row.replace("`/turn end`", "`/turn end` · `/turn skip`"))
    assert [p.split(": ", 1)[1] for p in table_problems(gone, commands)] == [
        "`/turn skip` names no command the bot has (the group `/turn` has no `skip`)"
    ]
    dropped = readme.replace("`/roll dice [reason] [secret]`", "`/roll dice [reason]`")
    assert [p.split(": ", 1)[1] for p in table_problems(dropped, commands)] == [
        "`/roll` leaves out its option `[secret]` (write /roll dice [reason] [secret])"
    ]
    prose = readme.replace("`/campaign join faction:Habsburgs`", "`/campaign join side:Habsburgs`")
    assert prose_problems(prose, commands) == [
        "README.md: `/campaign join side:Habsburgs`: `/campaign join` has no option `side` "
        "(its options: /campaign join faction)"
    ]


def test_every_declared_audience_has_its_readme_wording():
    assert set(WHO_WORDING) == WHO


async def test_a_row_naming_the_wrong_players_is_named_in_the_failure(table):
    """The "who" check is not vacuous: a row that lets anyone end the turn, that drops the
    GM from the owner's commands, or whose parts no longer follow its commands says so."""
    commands = synced(table)
    declared = audiences(table)
    readme = README.read_text(encoding="utf-8")
    assert who_problems(readme, commands, declared) == []
    row = next(line for line in readme.splitlines() if line.startswith("| `/turn end` |"))
    anyone = readme.replace(row, row.replace("| GM |", "| anyone |"))
    assert [p.split(": ", 1)[1] for p in who_problems(anyone, commands, declared)] == [
        'who may run `/turn end` (gm) is "GM", not "anyone"'
    ]
    row = next(line for line in readme.splitlines() if line.startswith("| `/navy test "))
    owner = readme.replace(row, row.replace("| owner (GM for any) |", "| owner |"))
    assert [p.split(": ", 1)[1] for p in who_problems(owner, commands, declared)] == [
        'who may run `/navy test` (owner) is "owner (GM for any)", not "owner"'
    ]
    row = next(line for line in readme.splitlines() if line.startswith("| `/combat stats show`"))
    swapped = readme.replace(row, row.replace("| anyone / GM |", "| GM / anyone |"))
    assert [p.split(": ", 1)[1] for p in who_problems(swapped, commands, declared)] == [
        "who may run `/combat stats show` (anyone), `/combat stats set` (gm), "
        "`/combat stats upload` (gm), `/combat stats reset` (gm) is "
        '"anyone / GM", not "GM / anyone"'
    ]
