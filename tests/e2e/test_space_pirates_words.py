"""A play-test of Space pirates read in Russian found texts that said something else than
the bot does: periods that include their last turn told "until turn N" («до хода N»,
which reads "before turn N"), faction names declined after «у», the log naming operations
by commands that do not exist, a summary's lines run together, an upkeep question about
ships that are gone, «теперь служит:», the buy-off offer's number option called `bribe`,
and one refusal printing a faction name unescaped.

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.play import refused_alone
from tests.e2e.test_space_pirates import end_turn

pirates = base.pirates
after_a_raid = base.after_a_raid


def flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


async def in_russian(table) -> None:
    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")


async def test_the_log_keeps_each_line_of_a_summary_a_sentence(pirates):
    """Turn 1 ends with no raid on Vega or Orion: in `/history list` the two factions'
    lines are separate sentences; a line ending in a bracket ("… (d20 20 > 1)") no longer
    runs into the next faction's."""
    await pirates.slash("/pirates route add name:Line goods:100", as_="player1")
    await pirates.slash("/pirates route add name:Far goods:100", as_="player2")
    pirates.script_dice([20, 20])
    await end_turn(pirates, 1)

    listed = flat((await pirates.slash("/history list", as_="gm")).embed.description)

    assert "Vega: no raid (d20 20 > 1). Orion: no raid (d20 20 > 1)." in listed, listed


async def test_a_faction_limit_refusal_escapes_the_names_it_quotes(table):
    """A player holding "@everyone" who tries to join a second faction is refused privately
    with the name escaped, as every other message writes it (no highlighted mention)."""
    await table.slash("/campaign create name:K rulesets:space_pirates", as_="gm")
    await table.slash("/campaign join faction:@everyone **Bold**", as_="player1")

    told = await refused_alone(table, "/campaign join faction:Other", as_="player1")

    assert "@\u200beveryone" in told and "\\*\\*Bold\\*\\*" in told, told
    assert "@everyone" not in told, told
