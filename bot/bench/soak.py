"""Soak: mixed commands over many campaigns through the stand-in while the bot process is
killed with SIGKILL at random points and restarted (issue 11, "A soak test").

The stand-in runs here; the bot runs in a process of its own on its own database file, as in
production (forked by bot/bench/soak_bot.py's fork server, which imports the bot once, so a
start is the bot's own start-up and not the imports again). Players send commands from
several tasks at once: `/roll` (each with a reason naming the command, `s<k>`), `/turn
status`, `/history list`, `/campaign info`, and `/turn end` confirmed by its button. The bot
is killed two ways: from here, after a random number of answered commands, whatever it is
doing (a timed kill); and by itself, at a random rate, right after a command committed and
before it posted (the outbox's narrowest window, bot/bench/soak_bot.py). Each time it is
started again on the same file.

At the end it is killed and started once more, so the outbox catches up, and the soak checks
what players saw against the log:

- every roll a player saw answered (its result in the channel) is in the log, and every
  turn end a GM saw ("Turn N has ended") is there too (`missing`);
- every roll and turn end in the log was shown to the players: its result, or its revealed
  seed, is in the channel (answered, or posted after a restart) (`unshown`);
- `/history verify` says OK in every campaign (`verify_ok`);
- no player saw "Something unexpected went wrong" (`unexpected`).

    python -m bot bench soak                   # 10,000 commands, 20 campaigns
    python -m bot bench soak --commands 600    # shorter

It prints its figures; `tests/soak/test_soak.py` runs a shorter soak and asserts the checks.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import json
import os
import signal
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import asdict
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path

from bot.standin.fixture import ChannelSpec
from bot.standin.fixture import GuildSpec
from bot.standin.fixture import demo_guild
from bot.standin.ratelimits import RateLimits
from bot.standin.seen import SeenMessage
from bot.standin.server import StandIn
from bot.standin.slash import SlashParser
from bot.standin.state import APPLICATION_COMMAND
from bot.standin.state import DEFERRED_CHANNEL_MESSAGE
from bot.standin.state import MESSAGE_COMPONENT
from bot.standin.state import InteractionRecord
from bot.standin.state import StoredMessage

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ("gm", "player1", "player2", "player3")
ANSWER_WAIT = 15.0  # how long a command may take before it counts as unanswered
START_WAIT = 120.0  # how long a bot start may take (a loaded machine)


@dataclass
class Figures:
    """What the soak did and found."""

    commands: int = 0
    campaigns: int = 0
    seconds: float = 0.0
    answered: int = 0  # commands whose answer the player saw
    unanswered: int = 0  # commands the player saw fail ("did not respond"): the bot died
    unexpected: int = 0  # answers saying "Something unexpected went wrong"
    timed_kills: int = 0  # SIGKILL sent from here
    commit_kills: int = 0  # the bot killed itself between a commit and its post
    starts: int = 0
    rolls_seen: int = 0  # rolls whose result a player saw answered
    rolls_logged: int = 0
    turn_ends_seen: int = 0
    turn_ends_logged: int = 0
    posted_after_restart: int = 0
    missing: int = 0  # seen answered but not in the log
    unshown: int = 0  # in the log but never shown
    verify_ok: int = 0
    # What the stand-in recorded, by rule: a killed bot leaves interactions unanswered
    # (interaction.deadline); anything else is a fault.
    standin_problems: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        """The figures, one per line."""
        return [f"{k}: {v}" for k, v in asdict(self).items() if k != "problems"] + [
            f"problem: {p}" for p in self.problems[:20]
        ]


def draw(seed: int, *parts: object) -> float:
    """A uniform number in [0, 1) from the seed and the parts (no dice involved)."""
    text = ":".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") / 2**64


def soak_guild(campaigns: int) -> GuildSpec:
    """The demo guild's people with one channel per campaign."""
    base = demo_guild()
    channels = tuple(ChannelSpec(f"c{i:02d}") for i in range(campaigns))
    return GuildSpec(
        name=base.name,
        roles=base.roles,
        channels=channels,
        members=base.members,
        owner=base.owner,
    )


class Child:
    """A bot process the fork server started: its pid, and its exit status once it ended."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._ended = asyncio.Event()

    def ended(self, status: int) -> None:
        self.returncode = status
        self._ended.set()

    async def wait(self) -> int:
        """Until the process has ended: its exit status (-9 after SIGKILL)."""
        await self._ended.wait()
        assert self.returncode is not None
        return self.returncode


class ForkServer:
    """`python -m bot.bench.soak_bot --serve`: imports the bot once, then forks each bot
    process the soak starts (a start is the bot's own start-up, not the imports again)."""

    def __init__(self, standin: StandIn) -> None:
        self.standin = standin
        self.proc: asyncio.subprocess.Process | None = None
        self.children: dict[int, Child] = {}
        self._started: asyncio.Queue[int] = asyncio.Queue()
        self._reader: asyncio.Task[None] | None = None

    async def open(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot.bench.soak_bot",
            "--serve",
            "--api",
            self.standin.api_base,
            "--gateway",
            self.standin.gateway_url,
            "--guild",
            str(self.standin.guild.id),
            cwd=ROOT,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        async for line in self.proc.stdout:
            what, pid, *status = line.decode().split()
            if what == "started":
                self.children[int(pid)] = Child(int(pid))
                await self._started.put(int(pid))
            elif what == "exited":
                self.children.pop(int(pid)).ended(int(status[0]))
        for child in self.children.values():  # the server is gone, and its bots with it
            child.ended(-1)

    async def fork(self, db: Path, log: Path, rate: float, seed: int) -> Child:
        """A new bot process on `db`, its errors appended to `log`."""
        if self.proc is None:
            await self.open()
        assert self.proc is not None and self.proc.stdin is not None
        asked = {"db": str(db), "log": str(log), "die_after_commit": rate, "seed": seed}
        self.proc.stdin.write((json.dumps(asked) + "\n").encode())
        await self.proc.stdin.drain()
        started = asyncio.ensure_future(self._started.get())
        ended = asyncio.ensure_future(self.proc.wait())
        done, _ = await asyncio.wait(
            {started, ended}, timeout=START_WAIT, return_when=asyncio.FIRST_COMPLETED
        )
        ended.cancel()  # one wait a start, not one left pending each time
        if started not in done:
            started.cancel()
            raise RuntimeError(f"the soak's fork server did not start a bot (see {log})")
        return self.children[started.result()]

    async def close(self) -> None:
        """End the server (it kills the bot processes still running)."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        assert proc.stdin is not None
        proc.stdin.close()
        await proc.wait()
        if self._reader is not None:
            await self._reader


class BotProcess:
    """The bot as a process on one database file; killed and started again."""

    def __init__(self, standin: StandIn, db: Path, log: Path, rate: float, seed: int) -> None:
        self.standin = standin
        self.db = db
        self.log = log
        self.rate = rate
        self.seed = seed
        self.server = ForkServer(standin)
        self.proc: Child | None = None
        self.up = asyncio.Event()
        self.lock = asyncio.Lock()  # one kill or start at a time
        self.starts = 0
        self.killed_by_us = 0
        self.died_alone = 0

    async def start(self, *, die_after_commit: bool = True) -> None:
        """Start the bot and wait until it is connected (its start-up posted what a crash
        left unsent before it connects)."""
        self.starts += 1
        rate = self.rate if die_after_commit else 0.0
        self.proc = await self.server.fork(self.db, self.log, rate, self.seed + self.starts)
        connected = asyncio.ensure_future(self.standin.gateway.wait_connected(START_WAIT))
        exited = asyncio.ensure_future(self.proc.wait())
        await asyncio.wait({connected, exited}, return_when=asyncio.FIRST_COMPLETED)
        if exited.done():  # it died at once (a start-up kill): start again
            connected.cancel()
            self.died_alone += 1
            await self.start(die_after_commit=die_after_commit)
            return
        exited.cancel()
        await connected
        self.up.set()

    async def kill(self) -> None:
        """SIGKILL the bot and wait until it is gone from the gateway."""
        self.up.clear()
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(proc.pid, signal.SIGKILL)
            self.killed_by_us += 1
        await proc.wait()
        await self._gone()

    async def _gone(self) -> None:
        while self.standin.gateway.connected:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.standin.next_change(), 0.1)

    async def watch(self) -> None:
        """Start the bot again whenever it killed itself."""
        while True:
            proc = self.proc
            if proc is None:
                await asyncio.sleep(0.05)
                continue
            await proc.wait()
            async with self.lock:
                if self.proc is not proc:
                    continue  # our kill: whoever killed it starts it
                # It killed itself between a commit and its post.
                self.up.clear()
                self.proc = None
                self.died_alone += 1
                await self._gone()
                await self.start()

    async def restart(self) -> None:
        """A timed kill, then a start."""
        async with self.lock:
            await self.kill()
            await self.start()


class Soak:
    """One soak run."""

    def __init__(
        self,
        commands: int,
        campaigns: int,
        folder: Path,
        *,
        seed: int = 1,
        workers: int = 8,
        kill_every: int = 400,
        die_after_commit: float = 0.004,
        turn_end_share: float = 0.01,
    ) -> None:
        self.n = commands
        self.campaigns = campaigns
        self.folder = folder
        self.seed = seed
        self.workers = workers
        self.kill_every = kill_every
        self.rate = die_after_commit
        self.turn_end_share = turn_end_share
        self.figures = Figures(commands=commands, campaigns=campaigns)
        self.standin = StandIn(soak_guild(campaigns), rate_limits=RateLimits(time_scale=0.01))
        self.bot = BotProcess(self.standin, folder / "soak.db", folder / "bot.log", 0.0, seed)
        self.done = 0
        self.next_kill = kill_every
        self.turn_end_answers: list[tuple[int, str]] = []  # (campaign channel, title seen)
        self.rolls_seen: set[int] = set()
        self.restarts: set[asyncio.Future[None]] = set()  # timed kills under way
        self.progress: Callable[[str], object] = lambda line: None

    # -- players --------------------------------------------------------------------------

    def channel_of(self, campaign: int) -> str:
        return f"c{campaign:02d}"

    async def interact(
        self,
        kind: int,
        player: str,
        channel: str,
        data: dict[str, object],
        message: StoredMessage | None = None,
    ) -> InteractionRecord:
        """Send one interaction once the bot is up; wait for its answer (or its failure)."""
        standin = self.standin
        member = standin.guild.member(player)
        while True:
            await self.bot.up.wait()
            record = standin.new_interaction(
                kind, member, standin.guild.channel(channel), data, message=message
            )
            try:
                await standin.send_interaction(record)
            except (RuntimeError, ConnectionError):  # the bot went down: wait, send again
                await asyncio.sleep(0.05)
                continue
            break
        await self.answered(record)
        return record

    async def answered(self, record: InteractionRecord) -> None:
        """Wait until the player sees an answer: the response, and the follow-up of a
        deferred one; or until it is clear none comes."""
        loop = asyncio.get_running_loop()
        until = loop.time() + ANSWER_WAIT
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(record.acknowledged.wait(), ANSWER_WAIT)
        while loop.time() < until and self.bot.up.is_set():
            original = self.standin.messages.get(record.response_message_id or 0)
            waiting = record.response_type == DEFERRED_CHANNEL_MESSAGE and (
                original is None or original.loading
            )
            if not waiting:
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.standin.next_change(), 0.2)

    def seen(self, record: InteractionRecord) -> list[SeenMessage]:
        """The messages the player saw in answer (the response and follow-ups)."""
        ids = [record.response_message_id, *record.followup_ids]
        stored = [self.standin.messages.get(i or 0) for i in ids]
        return [SeenMessage(self.standin, m) for m in stored if m is not None and not m.loading]

    def judge(self, record: InteractionRecord) -> list[SeenMessage]:
        seen = self.seen(record)
        if record.response_type is None or not seen:
            self.figures.unanswered += 1
        else:
            self.figures.answered += 1
        for message in seen:
            text = message.content + " ".join(e.get("description") or "" for e in message.embeds)
            if "Something unexpected went wrong" in text:
                self.figures.unexpected += 1
                self.figures.problems.append(text[:200])
        return seen

    async def slash(self, line: str, player: str, channel: str) -> InteractionRecord:
        parser = SlashParser(self.standin.guild, self.standin.commands)
        call = parser.parse(line, self.standin.guild.member(player))
        return await self.interact(APPLICATION_COMMAND, player, channel, call.data)

    async def command(self, k: int) -> None:
        """Command number `k`: what it is and who sends it follow from the seed."""
        campaign = int(draw(self.seed, "campaign", k) * self.campaigns)
        channel = self.channel_of(campaign)
        pick = draw(self.seed, "kind", k)
        player = PLAYERS[int(draw(self.seed, "player", k) * len(PLAYERS))]
        if pick < self.turn_end_share:
            await self.turn_end(channel)
        elif pick < 0.04:
            self.judge(await self.slash("/turn status", player, channel))
        elif pick < 0.07:
            self.judge(await self.slash("/history list", player, channel))
        elif pick < 0.10:
            self.judge(await self.slash("/campaign info", player, channel))
        else:
            dice = ("2d6+1", "1d20", "4d6kh3", "3d6!", "d%")[k % 5]
            record = await self.slash(f"/roll dice:{dice} reason:s{k}", player, channel)
            for message in self.judge(record):
                if any((e.get("title") or "").startswith(f"🎲 s{k}:") for e in message.embeds):
                    self.rolls_seen.add(k)
        self.done += 1
        if self.done % 500 == 0:
            self.progress(f"{self.done} commands, {self.bot.starts} starts")
        if self.done >= self.next_kill:
            self.next_kill += int(self.kill_every * (0.5 + draw(self.seed, "kill", self.done)))
            self.figures.timed_kills += 1
            self.restarts.add(asyncio.ensure_future(self.bot.restart()))

    async def turn_end(self, channel: str) -> None:
        """The GM asks to end the turn and confirms with the button."""
        asked = await self.slash("/turn end", "gm", channel)
        seen = self.judge(asked)
        buttons = [
            (m, b) for m in seen for b in m.buttons if (b.label or "").startswith("End turn")
        ]
        if not buttons:
            return
        message, button = buttons[0]
        data: dict[str, object] = {"custom_id": button.custom_id, "component_type": 2}
        stored = self.standin.messages[message.id]
        edits = stored.edit_seq
        clicked = await self.interact(MESSAGE_COMPONENT, "gm", channel, data, message=stored)
        self.judge(clicked)
        loop = asyncio.get_running_loop()
        until = loop.time() + ANSWER_WAIT  # the click defers; the turn end edits the question
        while stored.edit_seq == edits and loop.time() < until and self.bot.up.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.standin.next_change(), 0.2)
        for embed in stored.embeds if stored.edit_seq != edits else []:
            self.turn_end_answers.append((stored.channel_id, embed.get("title") or ""))

    async def worker(self, queue: asyncio.Queue[int]) -> None:
        while True:
            try:
                k = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            await self.command(k)

    # -- the run ----------------------------------------------------------------------------

    async def run(self) -> Figures:
        """Set up the campaigns, play, catch up, check."""
        started = time.perf_counter()
        async with self.standin:
            try:
                await self.play()
            finally:
                await self.bot.kill()
                await self.bot.server.close()
        self.figures.starts = self.bot.starts
        self.figures.commit_kills = self.bot.died_alone
        self.figures.seconds = round(time.perf_counter() - started, 1)
        return self.figures

    async def play(self) -> None:
        """Campaigns, commands under kills, the catch-up, verify and the checks."""
        await self.bot.start(die_after_commit=False)
        await self.wait_for_sync()
        for campaign in range(self.campaigns):
            line = f"/campaign create name:Soak {campaign}"
            self.judge(await self.slash(line, "gm", self.channel_of(campaign)))
        await self.bot.kill()
        self.bot.rate = self.rate
        await self.bot.start()
        watcher = asyncio.ensure_future(self.bot.watch())
        queue: asyncio.Queue[int] = asyncio.Queue()
        for k in range(self.n):
            queue.put_nowait(k)
        await asyncio.gather(*(self.worker(queue) for _ in range(self.workers)))
        await asyncio.gather(*self.restarts)
        async with self.bot.lock:  # not in the middle of a start
            watcher.cancel()
        # Catch up: a last kill and a start without dying (the outbox posts what is left).
        await self.bot.kill()
        await self.bot.start(die_after_commit=False)
        for campaign in range(self.campaigns):
            record = await self.slash("/history verify", "gm", self.channel_of(campaign))
            for message in self.seen(record):
                title = (message.embeds[0].get("title") or "") if message.embeds else ""
                if title.startswith("✅"):
                    self.figures.verify_ok += 1
                else:
                    self.figures.problems.append(f"verify c{campaign}: {title}")
        self.check()

    async def wait_for_sync(self) -> None:
        while not self.standin.commands:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.standin.next_change(), 0.2)

    def check(self) -> None:
        """What the log holds against what the players saw."""
        figures = self.figures
        db = sqlite3.connect(f"file:{self.folder / 'soak.db'}?mode=ro", uri=True)
        try:
            unsent = db.execute("SELECT count(*) FROM outbox WHERE sent_at IS NULL").fetchone()[0]
            rolls = {
                int(str(json.loads(options).get("reason", "s-1"))[1:])
                for (options,) in db.execute("SELECT options FROM actions WHERE command = 'roll'")
            }
            channels = dict(db.execute("SELECT id, channel_id FROM campaigns").fetchall())
            ends = {
                (channels[c], int(json.loads(options)["turn"]))
                for c, options in db.execute(
                    "SELECT campaign_id, options FROM actions "
                    "WHERE command = 'turn end' AND ruleset = 'core'"
                )
            }
        finally:
            db.close()
        if unsent:
            figures.problems.append(f"{unsent} outbox message(s) still unsent")
        rules: dict[str, int] = {}
        for problem in self.standin.problems:
            rules[problem.rule] = rules.get(problem.rule, 0) + 1
        figures.standin_problems = rules
        shown_rolls: set[int] = set()
        shown_ends: set[tuple[int, int]] = set()
        ended_titles: set[tuple[int, int]] = set()
        for message in self.standin.messages.values():
            if message.deleted or message.ephemeral:
                continue
            if message.content.startswith("(posted after a restart)"):
                figures.posted_after_restart += 1
            for embed in message.embeds:
                title = embed.get("title") or ""
                if title.startswith("🎲 s") and ":" in title:
                    with contextlib.suppress(ValueError):
                        shown_rolls.add(int(title[3 : title.index(":")]))
                if title.startswith("🎲 Fair dice: turn ") and title.endswith(" revealed"):
                    shown_ends.add((message.channel_id, int(title.split()[4])))
        for channel, title in self.turn_end_answers:
            if title.startswith("Turn ") and title.endswith(" has ended"):
                ended_titles.add((channel, int(title.split()[1])))
        figures.rolls_seen = len(self.rolls_seen)
        figures.rolls_logged = len(rolls)
        figures.turn_ends_seen = len(ended_titles)
        figures.turn_ends_logged = len(ends)
        missing = sorted(self.rolls_seen - rolls) + sorted(ended_titles - ends)
        unshown = sorted(rolls - shown_rolls) + sorted(ends - shown_ends)
        figures.missing = len(missing)
        figures.unshown = len(unshown)
        if missing:
            figures.problems.append(f"seen but not logged: {missing[:10]}")
        if unshown:
            figures.problems.append(f"logged but never shown: {unshown[:10]}")


async def soak(
    commands: int,
    campaigns: int,
    *,
    folder: Path | None = None,
    out: Callable[[str], object] = print,
    **options: float,
) -> Figures:
    """Run a soak in `folder` (a temporary one by default) and print its figures."""
    with tempfile.TemporaryDirectory(prefix="privateer-soak-") as scratch:
        run = Soak(commands, campaigns, folder or Path(scratch), **options)  # type: ignore[arg-type]
        run.progress = out
        figures = await run.run()
    for line in figures.lines():
        out(line)
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m bot bench soak [--commands N] [--campaigns C] [--seed S]`."""
    parser = argparse.ArgumentParser(prog="python -m bot bench soak")
    parser.add_argument("--commands", type=int, default=10_000)
    parser.add_argument("--campaigns", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("--kill-every", type=int, default=400)
    parser.add_argument("--die-after-commit", type=float, default=0.004)
    parser.add_argument("--folder", type=Path, help="keep the database and the bot's log here")
    args = parser.parse_args(argv)
    figures = asyncio.run(
        soak(
            args.commands,
            args.campaigns,
            folder=args.folder,
            seed=args.seed,
            workers=args.workers,
            kill_every=args.kill_every,
            die_after_commit=args.die_after_commit,
        )
    )
    failed = figures.missing or figures.unshown or figures.verify_ok != args.campaigns
    return 1 if failed or figures.unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
