"""Stand-in fixtures: the real bot on a local Discord, played by the fixture's players.

`table` runs `bot.app.create_bot` against the stand-in with a fresh database and dice a
test can script: `table.script_dice([6, 6])`, then `await table.slash("/roll dice:2d6")`.
"""

from __future__ import annotations

import logging
import shutil
from collections.abc import AsyncIterator
from collections.abc import Iterator
from importlib.machinery import SourceFileLoader
from pathlib import Path
from types import CodeType
from typing import Any

import pytest
from hypothesis import settings

from bot.campaigns import CampaignService
from bot.dice import Dice
from bot.standin import GuildSpec
from bot.standin import QueuedFaces
from bot.standin import StandIn
from bot.standin import Table
from bot.standin import demo_guild
from bot.standin.discord_schema import DISCORD_API_SPEC_VERSION
from bot.standin.discord_schema import SchemaUnavailable
from bot.standin.ratelimits import RateLimits
from bot.standin.schema import DiscordSchema
from bot.standin.schema import load_schema
from bot.storage.database import Database
from tests import postgres

_COMPILED: dict[tuple[str, bytes], CodeType] = {}
_source_to_code = SourceFileLoader.source_to_code


def _compiled_once(self: SourceFileLoader, data: Any, path: Any, *, _optimize: int = -1) -> Any:
    """A module's source compiled once per process: discord.py imports every cog afresh for
    each bot a test starts, and where no bytecode is written (PYTHONDONTWRITEBYTECODE) that
    compiled each cog's source again, about a second of every start. The same source gives
    the same code object, which nothing changes; the module still runs afresh."""
    key = (str(path), bytes(data))
    code = _COMPILED.get(key)
    if code is None:
        code = _COMPILED[key] = _source_to_code(self, data, path, _optimize=_optimize)
    return code


SourceFileLoader.source_to_code = _compiled_once  # type: ignore[method-assign,assignment]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "longest: one of the suite's longest single tests (a minute or more on CI's two cores), "
        "run first",
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The `longest` tests first, the others in their order: with xdist a long test that
    starts late is the run's tail, one worker busy while the other has nothing left to do;
    started first, the other workers share the rest meanwhile."""
    items.sort(key=lambda item: item.get_closest_marker("longest") is None)


# Property tests explore the same examples on every run, so CI results are reproducible.
settings.register_profile("privateer", derandomize=True, print_blob=True)
settings.load_profile("privateer")


@pytest.fixture(scope="session", autouse=True)
def discord_schema() -> DiscordSchema:
    """Discord's request schema, built once into the cache (npm and node, first run only).

    The stand-in validates every body against it; without it the tests cannot show what they
    claim, so a schema that cannot be built fails the session instead of skipping.
    """
    try:
        return load_schema()
    except SchemaUnavailable as error:
        pytest.fail(
            f"Discord's request schema (npm discord-api-spec@{DISCORD_API_SPEC_VERSION}) could "
            f"not be built, so the stand-in cannot validate request bodies: {error}",
            pytrace=False,
        )


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[postgres.Server]:
    """One PostgreSQL server for the session (tests/postgres.py), with the migrated template."""
    try:
        server = postgres.start()
        postgres.run(postgres.make_template(server))
    except (postgres.PostgresUnavailable, OSError) as error:
        pytest.fail(f"PostgreSQL could not be started for the tests: {error}", pytrace=False)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file the migrations have made (once per session), closed and checkpointed."""
    path = tmp_path_factory.mktemp("template") / "campaigns.db"
    postgres.run(_migrated(path))
    return path


async def _migrated(path: Path) -> None:
    db = await Database.open(path)
    await db.close()


def as_migrated(target: Path | str, template: Path) -> None:
    """A SQLite `target` nothing has written yet becomes a copy of the migrated `template`
    (what a PostgreSQL test's database is from the start): the bot opens it as it would a
    file it had just made, without running every migration again. A file a test wrote
    first (an earlier release's database) is left as it is."""
    if isinstance(target, Path) and not target.exists():
        shutil.copyfile(template, target)


@pytest.fixture(params=postgres.backends())
async def database_target(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[Path | str]:
    """A fresh, empty database on each backend in turn: a SQLite file's path, or the URL of
    a PostgreSQL database as the migrated template is (the test's id says which: `[sqlite]`,
    `[postgresql]`)."""
    if request.param == "sqlite":
        yield tmp_path / "campaigns.db"
        return
    server: postgres.Server = request.getfixturevalue("postgres_server")
    url = await postgres.fresh_database(server)
    yield url
    await postgres.release_database(server, url)


@pytest.fixture
async def service(
    database_target: Path | str, sqlite_template: Path
) -> AsyncIterator[CampaignService]:
    """The campaign service on a fresh database (each backend), its dice seeded (7); a module
    may override it (e.g. to register a ruleset first)."""
    as_migrated(database_target, sqlite_template)
    db = await Database.open(database_target)
    try:
        yield CampaignService(db, dice_factory=lambda: Dice.seeded(7))
    finally:
        await db.close()


@pytest.fixture
def keep_logging() -> Iterator[None]:
    """The terminal mode sets up logging; later tests get theirs back."""
    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    yield
    root.setLevel(level)
    root.handlers[:] = handlers


@pytest.fixture
def standin_guild() -> GuildSpec:
    """The guild the stand-in serves; override in a module for another cast or channels."""
    return demo_guild()


@pytest.fixture
def dice_faces() -> QueuedFaces:
    """The faces every die of the bot comes from: scripted first, then seeded (seed 1)."""
    return QueuedFaces(seed=1)


@pytest.fixture
async def table(
    database_target: Path | str,
    standin_guild: GuildSpec,
    dice_faces: QueuedFaces,
    sqlite_template: Path,
) -> AsyncIterator[Table]:
    """The real Privateer bot on a fresh stand-in and database; fails on anything left over."""
    from bot.standin.privateer import privateer_factory

    as_migrated(database_target, sqlite_template)
    # Discord's rate limits, every window a hundredth as long: the bot meets real 429s and
    # waits them out in milliseconds (see bot/standin/ratelimits.py).
    standin = StandIn(standin_guild, rate_limits=RateLimits(time_scale=0.01))
    factory = privateer_factory(
        database_path=database_target, guild_id=standin.guild.id, faces=dice_faces
    )
    # A command's work is given 30 s rather than the stand-in's 10: on a loaded two-CPU
    # runner, a chart's or the odds' first job starts its worker processes (matplotlib,
    # numpy) while other test workers compete; a command that hangs still fails the test.
    async with (
        standin,
        Table(factory, standin=standin, faces=dice_faces, settle_timeout=SETTLE_SECONDS) as played,
    ):
        yield played
        played.check()


SETTLE_SECONDS = 30.0
