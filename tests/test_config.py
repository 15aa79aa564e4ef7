"""Settings from the environment: the shard settings and the sentence a mistake gives."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.__main__ import run_bot
from bot.config import Settings
from bot.config import database_target
from bot.db_commands import migrate_main


@pytest.fixture(autouse=True)
def clean_environment(tmp_path, monkeypatch):
    """No `.env` and no shard variables but those a test sets."""
    monkeypatch.chdir(tmp_path)
    for name in ("SHARD_COUNT", "SHARD_IDS", "DISCORD_TOKEN", "DATABASE_URL", "DATABASE_PATH"):
        monkeypatch.delenv(name, raising=False)


def error_of(**env: str) -> str:
    with pytest.MonkeyPatch.context() as patch:
        for name, value in env.items():
            patch.setenv(name, value)
        with pytest.raises(ValidationError) as raised:
            Settings()
    errors = raised.value.errors()
    assert len(errors) == 1
    return str(errors[0]["msg"])


def test_no_shard_settings_run_every_shard_discord_recommends():
    settings = Settings()

    assert (settings.shard_count, settings.shard_ids) == (None, None)


@pytest.mark.parametrize(
    ("ids", "expected"), [("0,1", [0, 1]), (" 3 , 1 ", [3, 1]), ("2", [2]), ("", None)]
)
def test_shard_ids_are_a_comma_separated_list(monkeypatch, ids, expected):
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", ids)

    settings = Settings()

    assert (settings.shard_count, settings.shard_ids) == (4, expected)


def test_shard_ids_come_from_the_env_file_too(tmp_path):
    (tmp_path / ".env").write_text("SHARD_COUNT=2\nSHARD_IDS=1\n")

    assert Settings().shard_ids == [1]


def test_shard_id_outside_the_count_is_refused():
    assert error_of(SHARD_COUNT="2", SHARD_IDS="0,2") == (
        "SHARD_IDS holds 2, but shard ids run from 0 to 1 when SHARD_COUNT is 2"
    )


def test_shard_ids_without_a_count_are_refused():
    assert error_of(SHARD_IDS="0") == (
        "SHARD_IDS needs SHARD_COUNT, the total number of shards across all processes"
    )


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be at least 1, not 0"),
        (
            {"SHARD_COUNT": "2", "SHARD_IDS": "0;1"},
            "SHARD_IDS must be shard numbers separated by commas, not '0;1'",
        ),
        (
            {"SHARD_COUNT": "2", "SHARD_IDS": "-1"},
            "SHARD_IDS must be shard numbers separated by commas, not '-1'",
        ),
        ({"SHARD_COUNT": "3", "SHARD_IDS": "1,1"}, "SHARD_IDS names a shard twice: 1,1"),
    ],
)
def test_other_shard_mistakes_are_refused(env, message):
    assert error_of(**env) == message


def test_python_m_bot_says_the_shard_mistake_in_one_sentence(monkeypatch, capsys):
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setenv("SHARD_IDS", "0,1")

    assert run_bot() == 2

    assert capsys.readouterr().out.strip().splitlines() == [
        "Configuration error: SHARD_IDS needs SHARD_COUNT, the total number of shards across"
        " all processes — check your .env file."
    ]


@pytest.mark.parametrize("name", ["DATABASE_URL", "DEV_GUILD_ID", "COMPUTE_WORKERS", "SHARD_IDS"])
def test_an_empty_variable_means_its_default(monkeypatch, name):
    """`.env.example` says to leave DEV_GUILD_ID empty to sync globally; an emptied
    `DATABASE_URL=` line means SQLite again (README "Configuration": unset)."""
    monkeypatch.setenv(name, "")
    settings = Settings()
    assert getattr(settings, name.lower()) is None
    assert database_target(settings) == settings.database_path


def test_a_database_url_of_another_engine_is_refused_naming_the_variable():
    assert error_of(DATABASE_URL="mysql://bot:secret@db/privateer") == (
        "DATABASE_URL must name a PostgreSQL database (postgresql://user:password@host:port/"
        "database), not a mysql:// URL"
    )


def test_python_m_bot_names_the_variable_of_any_mistake(monkeypatch, capsys):
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setenv("COMPUTE_WORKERS", "0")

    assert run_bot() == 2

    assert capsys.readouterr().out.strip().splitlines() == [
        "Configuration error: COMPUTE_WORKERS: Input should be greater than or equal to 1"
        " — check your .env file."
    ]


def test_migrate_says_a_settings_mistake_in_one_sentence(monkeypatch, capsys):
    """`python -m bot migrate` opens the database the bot would: a wrong DATABASE_URL is the
    bot's sentence, not a traceback, and nothing is opened."""
    monkeypatch.setenv("DATABASE_URL", "mysql://x@h/db")

    assert migrate_main([]) == 2

    assert capsys.readouterr().out.strip().splitlines() == [
        "Configuration error: DATABASE_URL must name a PostgreSQL database (postgresql://user:"
        "password@host:port/database), not a mysql:// URL — check your .env file."
    ]
