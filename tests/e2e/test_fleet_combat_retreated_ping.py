"""The turn's end ping after a faction retreated from a battle that goes on: the retreater
has left it (FC-6.3, FC-I15), so its row tells it left and the battle goes on without it,
not that it is "still fighting", and it is asked to record its move (FC-6.3); once it has,
a later turn's round of that battle pings it no more. The turn's summary names the command
that records the move, as `/turn status` does."""

from __future__ import annotations

from tests.e2e.play import red_and_blue_at_mecatol
from tests.e2e.play import set_up
from tests.e2e.test_turn_end_ping_lines import ping_of
from tests.e2e.test_turn_end_ping_lines import row_of
from tests.e2e.test_turn_end_ping_lines import summary_of


async def end_turn(table, turn, label="End turn {}"):
    question = await table.slash("/turn end", as_="gm")
    return await table.click(question, label.format(turn), as_="gm")


async def green_retreats_in_round_2(table, label="End turn {}"):
    """Red attacks Blue and Green at Mecatol; nobody hits in round 1; Green retreats in
    round 2 and leaves, Red and Blue fight on. The end of turn 2."""
    await red_and_blue_at_mecatol(table, green=True)
    await set_up(
        table,
        [
            ("/combat fleet set point:Mecatol ships:2 cruiser", "player3"),
            ("/combat attack point:Mecatol targets:Blue, Green", "player1"),
        ],
    )
    table.script_dice([1] * 11)  # round 1: Red's 4 dice, Blue's 3, Green's 4 all miss
    await end_turn(table, 1, label)
    retreat = await table.slash("/combat retreat battle:1", as_="player3")
    assert not retreat.ephemeral, retreat.text()
    table.script_dice([1] * 7)  # round 2: Red's parting volley and Blue's volley miss
    return await end_turn(table, 2, label)


async def test_the_retreater_reads_it_left_the_battle_not_that_it_fights_on(campaign):
    ended = await green_retreats_in_round_2(campaign)

    ping = ping_of(ended)
    assert ping.pings == {"player1", "player2", "player3"}
    green = f"<@{campaign.member('player3').id}>"
    row = row_of(ping.content, green)
    assert row == (
        f"{green} — Fleet combat: Battle #1 at Mecatol, round 2: Green lost no ships; Green"
        " retreated and moves 2 points in any direction (FC-6.3) — the battle goes on"
        " without Green (FC-I15); awaited from you: the move of 2 points away from Mecatol"
        " after retreating from battle #1: record it with /combat fleet move (FC-6.3)"
    ), row
    assert "still fighting" not in row
    red = f"<@{campaign.member('player1').id}>"
    assert "still fighting (frozen until the next turn, FC-5.23)" in row_of(ping.content, red)

    moved = await campaign.slash("/combat fleet move point:Mecatol to:Vega", as_="player3")
    assert not moved.ephemeral, moved.text()
    campaign.script_dice([1] * 7)  # round 3: Red's and Blue's volleys miss
    later = ping_of(await end_turn(campaign, 3))

    assert later.pings == {"player1", "player2"}
    assert green not in later.content


async def test_the_retreater_reads_it_in_russian(campaign):
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")

    ended = await green_retreats_in_round_2(campaign, "Завершить ход {}")

    green = f"<@{campaign.member('player3').id}>"
    row = row_of(ping_of(ended).content, green)
    assert row.endswith(
        "— бой продолжается без фракции «Green» (FC-I15); от вас ждут: отход на 2 точки от"
        " точки Mecatol после отступления из боя №1: отметьте его командой /бой флот"
        " переместить (FC-6.3)"
    ), row
    assert "бой продолжается (" not in row


async def test_the_turns_summary_names_the_command_that_records_the_move(campaign):
    """FC-6.3, FC-I15: the summary's line of the battle tells Green retreated, how far it
    moves and with which command its player records the move (the clauses are cited in the
    summary's footer)."""
    ended = await green_retreats_in_round_2(campaign)

    summary = summary_of(ended, "Fleet combat")

    assert (
        "Green retreated and moves 2 points in any direction (/combat fleet move) — still"
        " fighting" in summary
    ), summary


async def test_the_turns_summary_names_the_command_in_russian(campaign):
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")

    ended = await green_retreats_in_round_2(campaign, "Завершить ход {}")

    summary = summary_of(ended, "Флотский бой")
    assert (
        "фракция «Green» вышла из боя и отходит на 2 точки в любом направлении"
        " (/бой флот переместить) — бой продолжается" in summary
    ), summary
