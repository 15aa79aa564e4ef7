"""A reminder names what the turn waits for from a faction nobody plays: a question asked
of the GMs for it (OP-5.3), which a GM answers until a player joins as it; it pings nobody
for it. The bot's clock moved by hand, the scheduler's step run by the test."""

from __future__ import annotations

from datetime import timedelta

from tests.e2e.play import START
from tests.e2e.play import set_up
from tests.e2e.test_core_join_takes_questions import piracy_while_unplayed
from tests.e2e.test_turn_flow import names
from tests.e2e.test_turn_flow import table  # noqa: F401 - the clock-reading table
from tests.e2e.test_turn_flow import tick


async def test_a_reminder_names_a_question_waiting_for_a_faction_nobody_plays(
    table,  # noqa: F811 - the fixture imported above
    clock,
):
    """OP-5.3: the reward question asked of the GMs while nobody plays the Habsburgs is
    awaited from the Habsburgs, said to have no player (a GM answers it), and pings nobody
    for it."""
    await piracy_while_unplayed(table)
    deadline = int((START + timedelta(hours=48)).timestamp())
    await set_up(table, [("/turn deadline set when:48h", "gm")])

    clock.at(24)
    [reminder] = await tick(table)

    assert reminder.content == (
        f"⏰ Turn 1 ends <t:{deadline}:R> (<t:{deadline}:f>). Still awaited:\n"
        "• **Habsburgs** (no player): a choice waiting for an answer (Ottoman piracy)"
    )
    assert names(table, reminder) == set()
