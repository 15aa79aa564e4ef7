"""`/history stats` credits (NO-6.2, NO-I13, NO-I9): the dice a turn's end rolls for a
force, and a command test a GM takes for a player's force, count for the force's owner."""

from __future__ import annotations

from test_naval_orders_examples import cruising_channel_fleet
from test_naval_orders_support import DEFAULTS
from test_naval_orders_support import add_force
from test_naval_orders_support import end_turn
from test_naval_orders_support import move_to
from test_naval_orders_support import order
from test_naval_orders_support import ports
from test_naval_orders_support import request_for
from test_naval_orders_support import scripted
from test_naval_orders_support import warships

from bot.dice_stats import rolled_by
from bot.rules.naval_orders import NavalOrdersSettings
from bot.rules.naval_orders import RaidOrder
from bot.rules.naval_orders import take_command_test


def two_raiders_arriving(turn: int = 10):
    """NO-E5's Hirondelle (Britain) and a French frigate both reach their raid zones."""
    state = add_force(ports(), "Hirondelle", "auxiliary", ships=warships(5, 5))
    state = add_force(state, "Vengeur", "auxiliary", owner="France", ships=warships(5, 5))
    state = order(state, "Hirondelle", RaidOrder(point="Biscay", location="22", turns=4), 9)
    raid = RaidOrder(point="Channel", location="14", turns=2)
    state = order(state, "Vengeur", raid, 9, faction="France")
    state = end_turn(state, 9).state
    state = move_to(state, "Hirondelle", "22", turn)
    return move_to(state, "Vengeur", "14", turn, faction="France")


def test_each_raids_duration_die_counts_for_the_forces_owner():
    """NO-E5: the d3s the turn's end rolls as the raids start are Britain's and France's."""
    result = end_turn(two_raiders_arriving(), 10, 2, 3)

    assert [r["force"] for r in result.outcome["raid_rolls"]] == ["Hirondelle", "Vengeur"]
    assert rolled_by(result.outcome, 2) == ["Britain", "France"]


def test_a_hidden_raid_duration_credits_nothing_in_the_turns_own_entry():
    """NO-I13 `raid_extra_roll_hidden`: the rolls go to hidden entries of their own; the
    turn's entry, which takes none of them, names no roller."""
    settings = NavalOrdersSettings(raid_extra_roll_hidden=True)

    result = end_turn(two_raiders_arriving(), 10, 2, 3, settings=settings)

    assert "rolled_by" not in result.outcome
    assert len(result.hidden) == 2


def test_a_turn_without_dice_credits_nobody():
    """A turn's end that rolls nothing leaves its entry as before."""
    assert "rolled_by" not in end_turn(cruising_channel_fleet(), 2).outcome


def test_a_command_test_the_gm_takes_counts_for_the_forces_owner():
    """NO-I9: the GM tests Britain's Channel Fleet; the die is Britain's."""
    state = cruising_channel_fleet()
    request = request_for("Channel Fleet", "adjacent").model_copy(
        update={"faction": None, "by_gm": True}
    )
    dice, _ = scripted(3)

    outcome = take_command_test(state, DEFAULTS, request, dice, 2)

    assert rolled_by(outcome.rolled_by, 1) == ["Britain"]
