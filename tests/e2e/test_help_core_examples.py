"""`/help command:` gives the core commands a GM or player types with required options an
example to copy, in the reader's language, rather than their options followed by `…`."""

from __future__ import annotations

import pytest

EXAMPLES = [
    ("turn deadline set", "player1", "`/turn deadline set when:48h`"),
    ("turn deadline set", "player3", "`/ход дедлайн изменить когда:2 дня`"),
    ("history undo", "player1", "`/history undo reason:wrong target`"),
    ("history undo", "player3", "`/журнал отменить причина:не та цель`"),
    ("rolls save", "player1", "`/rolls save name:attack expression:1d20+5`"),
    ("rolls save", "player3", "`/броски сохранить название:атака выражение:1к20+5`"),
    ("rolls delete", "player1", "`/rolls delete name:attack`"),
    ("reveal", "player1", "`/reveal entry:12`"),
    ("roll", "player3", "`/бросок кубики:4к6kh3+2 причина:характеристики`"),
]


@pytest.mark.parametrize(("command", "reader", "expected"), EXAMPLES)
async def test_a_core_command_has_an_example_to_copy(table, command, reader, expected):
    shown = await table.slash(f"/help command:{command}", as_=reader, channel="general")
    examples = [f.value for f in shown.embed.fields if f.name in ("Example", "Пример")]
    assert examples == [expected], shown.text()
