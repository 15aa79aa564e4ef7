"""`/help command:` gives the core commands a GM or player types with required options an
example to copy, in the reader's language, rather than their options followed by `…`; each
example, typed as it reads, is a command the reader's Discord sends and the bot does."""

from __future__ import annotations

import pytest

from bot.interactions import ERROR_COLOUR
from bot.standin import Reply

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


# What each example needs before it can be typed in a campaign whose readers are GMs (entry
# #1 the campaign, #2 and #3 the readers named GMs): a deadline to undo, a saved roll to
# delete, a secret roll at entry #12 to reveal (eight open rolls, #4–#11, before it).
NEEDS = {
    "history undo": ["/turn deadline set when:24h"],
    "rolls delete": ["/rolls save name:attack expression:1d20+5"],
    "reveal": ["/roll dice:1d6"] * 8 + ["/roll dice:1d6 secret:true"],
}


@pytest.mark.parametrize(("command", "reader", "expected"), EXAMPLES)
async def test_a_core_commands_example_is_typed_as_it_reads(campaign, command, reader, expected):
    await campaign.slash("/campaign gm add user:@player1", as_="gm")
    await campaign.slash("/campaign gm add user:@player3", as_="gm")
    for line in NEEDS.get(command, []):
        done = await campaign.slash(line, as_="player1")
        assert not refused(done), done.text()
    # The stand-in refuses what Discord would not send (an option word the command does
    # not have, a value out of its range), raising; the bot refuses what it cannot read (a
    # deadline it cannot parse, a dice expression), privately in its refusal's colour.
    typed = await campaign.slash(expected.strip("`"), as_=reader)
    assert not refused(typed), typed.text()


def refused(reply: Reply) -> bool:
    """Whether the bot refused the command (a private answer in the refusal's colour)."""
    return reply.ephemeral and reply.embed is not None and reply.embed.color == ERROR_COLOUR.value
