"""`/history stats` after Company raids rolled for both sides (CR-3.6, CR-I13): a duel that
Anna's `/company enter` fights rolls the Joker owner's shots too, and a counterattack Boris
clicks follows Anna's capture die; each die counts for the side that rolled it.

Player1 plays Anna, player2 Boris, player3 Vera.
"""

from __future__ import annotations

from .test_company_raids import COUNTER
from .test_company_raids import attempt_capture
from .test_company_raids import board  # noqa: F401 (the fixture)
from .test_company_raids import corsair_enters_the_joker


def stats_lines(stats) -> dict[str, str]:
    """Each section's player and factions (its first line) → its dice count."""
    return dict(tuple(f.value.splitlines()[:2]) for f in stats.embed.fields)


async def test_history_stats_credits_each_duel_shot_to_the_shooters_player(board):  # noqa: F811
    """Banker (Vera) fires 3 and 1, Corsair (Anna) 5 and 2, Guard (Vera) 4: Anna's command
    rolled all five, but the stats give Anna two dice and Vera three."""
    duel = await corsair_enters_the_joker(board)
    assert "Guard hits with shot 1 (BD 4)." in duel.embed.description

    stats = await board.slash("/history stats", as_="player2")

    anna, vera = (board.member(p).id for p in ("player1", "player3"))
    assert stats_lines(stats) == {
        f"<@{anna}> · **Anna**": "2 dice rolled",
        f"<@{vera}> · **Vera**": "3 dice rolled",
    }


async def test_history_stats_credits_the_capture_to_the_raider_the_counterattack_to_the_owner(
    board,  # noqa: F811
):
    """CR-E2: Anna's capture die (3) fails; Boris counterattacks (4): one die each."""
    failed = await attempt_capture(board, [3, 4])
    hit = await board.click(failed, COUNTER, as_="player2")
    assert not hit.ephemeral, hit.text()

    stats = await board.slash("/history stats", as_="player3")

    anna, boris = (board.member(p).id for p in ("player1", "player2"))
    assert stats_lines(stats) == {
        f"<@{anna}> · **Anna**": "1 die rolled",
        f"<@{boris}> · **Boris**": "1 die rolled",
    }
