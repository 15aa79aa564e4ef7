"""`python -m bot local`: play the bot in a terminal, as players do in Discord.

Type slash commands exactly as in Discord (`/roll dice:2d6`), switch player (`as player2`),
click buttons (`click Confirm`), let time pass for the bot (`wait 25h`: its clock moves on and
its scheduler runs), and read embeds drawn in the terminal. `--script FILE`
runs such lines without a prompt; `--json` prints each bot response as one JSON line (the
Discord message payload). The bot uses its own database (`data/local.db`) unless `--db`;
that one file also keeps the commands the bot synced (table `standin_state`), so a copy of it
plays on with no sidecar file. Messages and their buttons live only while the run lasts.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import logging
import secrets
import sqlite3
import sys
from collections.abc import AsyncIterator
from collections.abc import Callable
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from typing import TextIO

from bot.standin.background import parse_wait
from bot.standin.errors import ClientRefused
from bot.standin.errors import StandInError
from bot.standin.faces import QueuedFaces
from bot.standin.render import render_message
from bot.standin.schema import UNCHECKED
from bot.standin.schema import BodyValidator
from bot.standin.seen import ButtonView
from bot.standin.seen import Reply
from bot.standin.seen import SeenMessage
from bot.standin.seen import SelectView
from bot.standin.server import StandIn
from bot.standin.table import ClientFactory
from bot.standin.table import Table
from bot.standin.table import load_factory
from bot.storage.database import read_only_uri
from bot.storage.health import unwritable_paths

# What the stand-in remembers between runs, as Discord would (the synced commands): a table of
# the `--db` file itself, beside the bot's own tables, so copying the file copies it.
STANDIN_TABLE = "standin_state"

HELP = """\
/command option:value ...   type a slash command (values may contain spaces)
as NAME                     play as another member (gm, player1, player2, player3)
in #CHANNEL                 type in another channel (#campaign, #general, #campaign-thread)
click LABEL                 click a button on the newest message you see that shows it
                            (its whole label, else a part of it)
select PLACEHOLDER = a, b   pick values in the newest select menu you see with that
                            placeholder (or select 1 = ... by position);
                            an option label holding commas is matched whole
modal Label=value; Other=v  fill and submit the modal the bot just opened
complete /cmd opt:partial   ask for autocomplete suggestions of the last option
dice 6 6 1                  make the bot's next dice show these faces
attach PATH                 upload a file for the next command's attachment option,
                            named there by its file name (/… file:settings.toml)
messages                    show the channel as the current player sees it
who                         list the members, their roles and Discord languages
expect TEXT                 (scripts) fail unless the last output contains TEXT
wait 25h                    let time pass for the bot at once (d, h, m: 30m, 2d,
                            1d 12h): its clock moves on and its scheduler runs, so
                            reminders, the deadline's GM ping and an automatic turn
                            end are posted; no real waiting (the clock is real again
                            at the next run)
restart                     restart the bot (same database, same Discord state)
help, quit                  (a script's end and quit first let the bot finish what
                            it is doing, up to 30 s)"""

# How long the end of a session (and `restart`) waits for the bot's background work.
BACKGROUND_WAIT = 30.0


class Session:
    """One person at the keyboard: who they are, where they type, what they saw last."""

    def __init__(self, table: Table, out: TextIO, *, as_json: bool) -> None:
        self.table = table
        self.out = out
        self.as_json = as_json
        self.last: Reply | None = None
        self.last_text = ""
        self.failures = 0
        self.uploads: dict[str, bytes] = {}  # files `attach`ed for the next slash command

    @property
    def prompt(self) -> str:
        """`player1 #campaign> `"""
        return f"{self.table.player} #{self.table.channel_name}> "

    def write(self, text: str) -> None:
        """Print a block of output."""
        self.last_text = text
        self.out.write(text + "\n")
        self.out.flush()

    def attach(self, path: str) -> None:
        """Keep a file from the disk for the next slash command's attachment option."""
        file = Path(path).expanduser()
        try:
            data = file.read_bytes()
        except OSError as failure:
            raise ValueError(f"cannot read {path!r}: {failure.strerror or failure}") from failure
        self.uploads[file.name] = data
        size = len(data)
        self.write(f"📎 {file.name} ({size} bytes), for the next command: e.g. file:{file.name}")

    def error(self, text: str) -> None:
        """Report a failed line (as JSON in --json mode)."""
        self.failures += 1
        if self.as_json:
            self.write(json.dumps({"error": text}, ensure_ascii=False))
        else:
            self.write("✗ " + text.replace("\n", "\n  "))

    async def run_line(self, line: str) -> bool:
        """Run one line; False when the session should end."""
        text = line.strip()
        if not text or text.startswith("#"):
            return True
        word, _, rest = text.partition(" ")
        rest = rest.strip()
        try:
            if text.startswith("/"):
                uploads, self.uploads = self.uploads, {}
                self.show(await self.table.slash(text, files=uploads or None))
            elif word in ("quit", "exit"):
                return False
            elif word == "help":
                self.write(HELP)
            elif word == "as":
                self.switch_player(rest)
            elif word == "in":
                self.table.channel(rest)
                self.table.channel_name = rest.removeprefix("#")
            elif word == "click":
                clicked, label = self.target_for_button(rest)
                self.show(await self.table.click(clicked, label))
            elif word == "select":
                await self.select(rest)
            elif word == "modal":
                await self.modal(rest)
            elif word == "complete":
                choices = await self.table.autocomplete(rest)
                self.show_choices([(c.name, c.value) for c in choices])
            elif word == "dice":
                self.table.script_dice(int(face) for face in rest.replace(",", " ").split())
                self.write(f"next dice: {self.table.faces.pending if self.table.faces else []}")
            elif word == "attach":
                self.attach(rest)
            elif word == "messages":
                self.show_messages()
            elif word == "who":
                self.show_members()
            elif word == "expect":
                if rest not in self.last_text:
                    self.error(f"expected {rest!r} in the last output")
            elif word == "wait":
                await self.pass_time(rest)
            elif word == "restart":
                await self.let_bot_finish()
                await self.table.restart()
                self.write("bot restarted")
            else:
                self.error(f"unknown command {word!r}; type help")
        except (StandInError, KeyError, ValueError) as failure:
            message = failure.args[0] if isinstance(failure, KeyError) else str(failure)
            self.error(str(message))
        return True

    async def pass_time(self, text: str) -> None:
        """`wait 25h`: the bot's clock moves on; print what it posted or redrew meanwhile."""
        delta = parse_wait(text)
        mark = self.table.standin.seq
        await self.table.pass_time(delta)
        viewer = self.table.member(self.table.player).id
        changed = [
            SeenMessage(self.table.standin, m)
            for m in self.table.standin.messages.values()
            if m.edit_seq > mark and (m.deleted or m.visible_to(viewer))
        ]
        if self.as_json:
            base = {"action": f"wait {text}", "player": self.table.player}
            self.write_rows(
                base, [("posted" if m.stored.seq > mark else "edited", m.payload) for m in changed]
            )
        else:
            shown = "\n".join(render_message(m) for m in changed)
            later = f"⏩ {' '.join(text.split())} later"
            self.write(f"{later}\n{shown}" if shown else f"{later}: nothing posted")

    async def let_bot_finish(self) -> None:
        """Wait for the bot's background work (a turn ending at its deadline, messages being
        posted), up to `BACKGROUND_WAIT` seconds; then say what is abandoned."""
        if not self.table.background_work():
            return
        busy = await self.table.finish_background(BACKGROUND_WAIT)
        if busy:
            self.out.write(
                f"the bot still works after {BACKGROUND_WAIT:g} s; stopping it abandons: "
                f"{', '.join(busy)}\n"
            )
            self.out.flush()

    def switch_player(self, name: str) -> None:
        """Play as another member."""
        member = self.table.member(name.removeprefix("@"))
        self.table.player = member.username
        self.write(f"now playing as {member.username} ({member.locale})")

    def visible(self) -> list[SeenMessage]:
        """What the acting player can see, newest first, as they would scroll up: the last
        reply's messages they can see, then the channel's (their own private replies too)."""
        viewer = self.table.member(self.table.player)
        found: list[SeenMessage] = []
        if self.last is not None:
            latest = [*self.last.messages, *self.last.posted, *self.last.edited]
            found += [m for m in reversed(latest) if m.stored.visible_to(viewer.id)]
        found += reversed(self.table.channel_messages(as_=viewer.username))
        unique: dict[int, SeenMessage] = {}
        for message in found:
            unique.setdefault(message.id, message)
        return list(unique.values())

    def target_for_button(self, label: str) -> tuple[SeenMessage, str]:
        """The newest message the player sees with a button labelled `label` (a whole
        label, else a part of one, in any case), and that button's whole label; an enabled
        button before a disabled one (an answered question keeps its buttons greyed)."""
        messages = self.visible()
        if not messages:
            self.newest_message(f"button {label!r}")  # says why there is none
        for match in (_whole_label, _part_of_label):
            found = [(m, b) for m in messages for b in m.buttons if match(label, b)]
            if not found:
                continue
            message, _ = next(((m, b) for m, b in found if not b.disabled), found[0])
            labels = list(dict.fromkeys(str(b.label) for m, b in found if m is message))
            if len(labels) > 1:
                raise ClientRefused(
                    f"{label!r} matches several buttons on that message: {labels}; "
                    "type more of the label"
                )
            return message, labels[0] if match is _part_of_label else label
        shown = list(dict.fromkeys(str(b.label) for m in messages for b in m.buttons))
        raise ClientRefused(
            f"{self.table.player} sees no button {label!r} "
            f"(buttons they can see, newest first: {shown or 'none'})"
        )

    def newest_message(self, wanted: str) -> SeenMessage:
        """The channel's newest message; when there is none, say why a click cannot work."""
        messages = self.table.channel_messages(as_=self.table.player)
        if not messages:
            raise ClientRefused(
                f"no message in #{self.table.channel_name} shows a {wanted}: messages are not "
                "kept between runs of `python -m bot local` (the database and the synced "
                "commands are), so run the command that shows it again"
            )
        return messages[-1]

    def target_for_select(self, key: str | int) -> tuple[SeenMessage, str | int]:
        """The newest message the player sees with the select `key` (its placeholder, whole
        or a part of it in any case; or its position on that message), and the key that
        names it there."""
        messages = self.visible()
        if not messages:
            self.newest_message(f"select {key!r}")
        if isinstance(key, int):
            for message in messages:
                if 0 <= key < len(message.selects):
                    return message, key
        else:
            for match in (_whole_placeholder, _part_of_placeholder):
                for message in messages:
                    named = [m for m in message.selects if match(key, m)]
                    if named:
                        return message, named[0].placeholder or named[0].custom_id
        menus = (m for message in messages for m in message.selects)
        shown = list(dict.fromkeys(str(m.placeholder or m.custom_id) for m in menus))
        raise ClientRefused(
            f"{self.table.player} sees no select {key!r} "
            f"(selects they can see, newest first: {shown or 'none'})"
        )

    async def select(self, rest: str) -> None:
        """`select Placeholder = a, b` or `select 1 = a`; a label that holds a comma is one
        value (the menu's options are matched first, longest first)."""
        key_text, _, values_text = rest.partition("=")
        key: str | int = key_text.strip()
        if isinstance(key, str) and key.isdigit():
            key = int(key) - 1
        target, key = self.target_for_select(key)
        known = [name for menu in menus_of(target, key) for name in menu]
        values = split_choices(values_text, known)
        self.show(await self.table.select(target, key, values))

    async def modal(self, rest: str) -> None:
        """`modal Label=value; Other=value` submits the last modal."""
        if self.last is None or self.last.modal is None:
            self.error("no modal is open; a command or button has to open one first")
            return
        values: dict[str, str] = {}
        for pair in rest.split(";"):
            if "=" in pair:
                key, _, value = pair.partition("=")
                values[key.strip()] = value.strip()
        self.show(await self.table.submit_modal(self.last, values))

    def show(self, reply: Reply) -> None:
        """Print what the player got."""
        self.last = reply
        if not self.as_json:
            self.write(reply.text())
            return
        rows: list[tuple[str, Any]] = []
        for kind, messages in (
            ("message", [reply.message] if reply.message else []),
            ("followup", reply.followups),
            ("posted", reply.posted),
            ("edited", reply.edited),
        ):
            rows.extend((kind, m.payload) for m in messages)
        if reply.modal is not None:
            rows.append(("modal", reply.modal.raw))
        if reply.response_type == 8:
            choices = [{"name": c.name, "value": c.value} for c in reply.choices]
            rows.append(("autocomplete", {"choices": choices}))
        base = {"action": reply.action, "player": reply.player, "type": reply.response_type}
        self.write_rows(base, rows)

    def write_rows(self, base: dict[str, Any], rows: list[tuple[str, Any]]) -> None:
        """Print `--json` rows, one line each: `base`'s fields (the action, the player), the
        row's kind and its payload."""
        lines = (
            json.dumps({**base, "kind": kind, "payload": payload}, ensure_ascii=False)
            for kind, payload in rows
        )
        self.write("\n".join(lines))

    def show_choices(self, choices: list[tuple[str, Any]]) -> None:
        """Print autocomplete suggestions."""
        if self.as_json:
            payload = {"choices": [{"name": n, "value": v} for n, v in choices]}
            self.write_rows({}, [("autocomplete", payload)])
        else:
            self.write("\n".join(f"  {n}  → {v!r}" for n, v in choices) or "(no suggestions)")

    def show_messages(self) -> None:
        """Print the channel as the current player sees it."""
        messages = self.table.channel_messages(as_=self.table.player)
        if self.as_json:
            self.write("\n".join(json.dumps(m.payload, ensure_ascii=False) for m in messages))
        else:
            self.write("\n\n".join(render_message(m) for m in messages) or "(no messages)")

    def show_members(self) -> None:
        """Print who is at the table."""
        guild = self.table.standin.guild
        lines = []
        for member in guild.members:
            roles = [r.name for r in guild.roles if r.id in member.role_ids]
            you = "  ← you" if member.username == self.table.player else ""
            lines.append(f"{member.username:10s} {member.locale:6s} {', '.join(roles)}{you}")
        self.write("\n".join(lines))


def _whole_label(label: str, button: ButtonView) -> bool:
    return label in (button.label, button.custom_id)


def _part_of_label(label: str, button: ButtonView) -> bool:
    return bool(button.label) and label.casefold() in str(button.label).casefold()


def _whole_placeholder(key: str, menu: SelectView) -> bool:
    return key in (menu.placeholder, menu.custom_id)


def _part_of_placeholder(key: str, menu: SelectView) -> bool:
    return bool(menu.placeholder) and key.casefold() in str(menu.placeholder).casefold()


def menus_of(target: Reply | SeenMessage, key: str | int) -> list[list[str]]:
    """The option labels and values of the select `key` on the target's messages."""
    messages = [target] if isinstance(target, SeenMessage) else [*target.messages, *target.posted]
    found = []
    for message in messages:
        try:
            menu = message.select(key)
        except ClientRefused:
            continue
        found.append([name for o in menu.options for name in (o.label, o.value)])
    return found


def split_choices(text: str, known: Sequence[str]) -> list[str]:
    """Comma-separated choices, where a known option that holds commas stays whole
    (`Hapsburg — carriers (2, level 3), Ottoman — galleys (5, level 1)` is two)."""
    parts = text.split(",")
    names = {name.strip() for name in known}
    chosen: list[str] = []
    start = 0
    while start < len(parts):
        for end in range(len(parts), start, -1):
            candidate = ",".join(parts[start:end]).strip()
            if end - start > 1 and candidate in names:
                chosen.append(candidate)
                start = end
                break
        else:
            if parts[start].strip():
                chosen.append(parts[start].strip())
            start += 1
    return chosen


def load_standin_commands(standin: StandIn, db: Path) -> None:
    """The commands the bot synced in earlier runs, as Discord would remember them: kept in the
    database file itself (table `standin_state`), so a copied `--db` keeps them. A sidecar
    file of older versions (`DB-standin-commands.json`) is read once when the table has none."""
    rows: list[Any] | None = None
    # A file the bot may not write is left untouched for its start-up check to name: reading
    # through a -wal, SQLite would give the -wal and -shm the database's own file modes.
    if db.exists() and not unwritable_paths(db):
        try:
            rows = _stored_commands(db)
        except sqlite3.Error:
            rows = None  # a damaged or unreadable file: the bot's start-up check says so
    sidecar = Path(f"{db}-standin-commands.json")
    if rows is None and sidecar.exists():
        rows = json.loads(sidecar.read_text(encoding="utf-8"))
    if rows is not None:
        standin.restore_commands(rows)


def _stored_commands(db: Path) -> list[Any] | None:
    # Read only, before the bot's own start-up checks: a file closed cleanly (no -wal) as
    # immutable, making no -wal/-shm; a -wal left by a killed run holds what it committed
    # last (the commands it kept among them), so it is read through, and SQLite re-creates
    # a missing -shm beside it (`read_only_uri`).
    with contextlib.closing(sqlite3.connect(read_only_uri(db), uri=True)) as conn:
        found = conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (STANDIN_TABLE,)
        ).fetchone()
        if found is None:
            return None
        row = conn.execute(
            f"SELECT value FROM {STANDIN_TABLE} WHERE name = 'commands'"  # noqa: S608
        ).fetchone()
        return None if row is None else list(json.loads(row[0]))


def save_standin_commands(db: Path, rows: list[Any]) -> None:
    """Keep the synced commands in the database file (see `load_standin_commands`)."""
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        conn.execute(
            f"CREATE TABLE IF NOT EXISTS {STANDIN_TABLE} (name TEXT PRIMARY KEY, value TEXT)"
        )
        conn.execute(
            f"INSERT OR REPLACE INTO {STANDIN_TABLE} (name, value) VALUES ('commands', ?)",  # noqa: S608
            (json.dumps(rows, ensure_ascii=False),),
        )


def _factory(args: argparse.Namespace, standin: StandIn, faces: QueuedFaces) -> ClientFactory:
    if args.bot:
        return load_factory(args.bot, guild_id=standin.guild.id)
    from bot.standin.privateer import privateer_factory

    return privateer_factory(database_path=args.db, guild_id=standin.guild.id, faces=faces)


async def _read_lines(prompt: Callable[[], str]) -> AsyncIterator[str]:
    loop = asyncio.get_running_loop()
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401 - line editing and history for input()
    while True:
        try:
            yield await loop.run_in_executor(None, input, prompt())
        except EOFError:
            return


async def _play(args: argparse.Namespace, out: TextIO) -> int:
    # Checks bodies against Discord's schema when it was built before; never runs npm here.
    standin = StandIn(schema=BodyValidator.if_cached())
    if standin.schema.schema is None and not args.verbose:
        out.write(f"note: {UNCHECKED}\n")  # the log line is hidden without --verbose
    args.db.parent.mkdir(parents=True, exist_ok=True)
    load_standin_commands(standin, args.db)
    # Kept as each sync is taken, as Discord keeps them: a run killed before its end must
    # not leave a file whose bot believes it synced commands the stand-in never kept.
    standin.keep_commands = functools.partial(save_standin_commands, args.db)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    faces = QueuedFaces(seed)
    try:
        factory = _factory(args, standin, faces)
    except ImportError as missing:
        out.write(f"the bot could not be loaded: {missing}\n")
        return 2
    table = Table(
        factory,
        standin=standin,
        faces=faces,
        player=args.player,
        channel=args.channel.removeprefix("#"),
    )
    async with standin:
        try:
            await table.start()
        except (StandInError, ImportError) as failure:
            out.write(f"the bot could not start: {failure}\n")
            return 2
        session = Session(table, out, as_json=args.json)
        try:
            if args.script is not None:
                for line in args.script.read_text(encoding="utf-8").splitlines():
                    if not args.json and line.strip() and not line.lstrip().startswith("#"):
                        out.write(f"{session.prompt}{line.strip()}\n")
                    if not await session.run_line(line):
                        break
            else:
                out.write(f"Privateer on a local Discord (dice seed {seed}). Type help.\n")
                async for line in _read_lines(lambda: session.prompt):
                    if not await session.run_line(line):
                        break
        finally:
            await session.let_bot_finish()
            await table.close()
        return 1 if session.failures and args.script is not None else 0


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The terminal mode's options."""
    from bot.paths import data_dir

    parser = argparse.ArgumentParser(prog="python -m bot local", description=__doc__)
    parser.add_argument("--script", type=Path, help="run the lines of FILE, no prompt")
    parser.add_argument("--json", action="store_true", help="one JSON line per bot response")
    parser.add_argument("--db", type=Path, default=data_dir() / "local.db", help="database file")
    parser.add_argument("--as", dest="player", default="player1", help="start as this member")
    parser.add_argument("--channel", default="campaign", help="start in this channel")
    parser.add_argument("--seed", type=int, help="seed for unscripted dice (default: random)")
    parser.add_argument("--bot", help="module:function building another bot (gets guild_id)")
    parser.add_argument("--verbose", action="store_true", help="show the bot's log")
    return parser.parse_args(argv)


def main(argv: list[str], *, out: TextIO | None = None) -> int:
    """Run the terminal mode; returns the exit status."""
    args = parse_args(argv)
    root = logging.getLogger()
    if args.verbose:
        logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    else:
        # Errors still reach the table (it shows them with a failed action), not the screen.
        root.setLevel(logging.ERROR)
        root.addHandler(logging.NullHandler())
    if args.script is not None and not args.script.exists():
        sys.stderr.write(f"no such script: {args.script}\n")
        return 2
    return asyncio.run(_play(args, out or sys.stdout))
