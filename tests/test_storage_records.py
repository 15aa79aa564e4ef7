"""Records read from rows (`row_record`): the same record on SQLite and PostgreSQL, each field
from the column of its name, a converted field as given, a missing column refused."""

from __future__ import annotations

import json

import pytest

from bot.storage.campaigns import Faction
from bot.storage.schedule import Schedule
from bot.storage.sql import row_record


async def test_a_record_takes_each_field_from_its_column_and_ignores_other_columns(service):
    row = await service.db.fetchone(
        "SELECT 'Red' AS name, 7 AS user_id, 3 AS id, 'not a field' AS extra"
    )
    assert row_record(Faction, row) == Faction(id=3, name="Red", user_id=7)


async def test_a_converted_field_is_taken_as_given(service):
    row = await service.db.fetchone(
        "SELECT 5 AS campaign_id, 'Europe/Paris' AS time_zone, '[60, 5]' AS reminder_minutes, "
        "'end_turn' AS on_deadline, 2 AS turn, 100 AS deadline_at, NULL AS reminded_until, "
        "40 AS due_at"
    )
    found = row_record(Schedule, row, reminder_minutes=tuple(json.loads(row["reminder_minutes"])))
    assert found == Schedule(
        campaign_id=5,
        time_zone="Europe/Paris",
        reminder_minutes=(60, 5),
        on_deadline="end_turn",
        turn=2,
        deadline_at=100,
        reminded_until=None,
        due_at=40,
    )


async def test_a_row_without_a_field_s_column_is_refused(service):
    row = await service.db.fetchone("SELECT 3 AS id, 'Red' AS name")
    with pytest.raises((KeyError, IndexError)):
        row_record(Faction, row)
