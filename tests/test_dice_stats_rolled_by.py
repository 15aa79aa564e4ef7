"""Whose dice `/history stats` counts: an entry may say which faction rolled each of its rolls
(a turn's end rolls every side's dice under the GM's command); those count for the faction's
player, or for the faction alone when nobody holds it."""

from __future__ import annotations

from bot.dice import RollRecord
from bot.dice_stats import ROLLED_BY
from bot.dice_stats import Roller
from bot.dice_stats import rolled_by
from bot.dice_stats import rolled_by_outcome
from cogs.history import dice_rollers


def roll(face: int) -> RollRecord:
    return RollRecord(purpose="test", notation="1d6", sides=6, faces=(face,), total=face)


def test_an_entry_names_the_faction_of_each_roll_compactly_and_reads_back():
    """Rolls 10–13 of the dice: Red's, nobody's, Blue's, Red's."""
    outcome = rolled_by_outcome({10: "Red", 12: "Blue", 13: "Red", 20: "Green"}, 10, 14)
    assert outcome == {ROLLED_BY: {"factions": ["Red", "Blue"], "rolls": [0, None, 1, 0]}}
    assert rolled_by(outcome, 4) == ["Red", None, "Blue", "Red"]


def test_an_entry_that_credits_nobody_says_nothing():
    assert rolled_by_outcome({}, 0, 3) == {}
    assert rolled_by({"rounds": []}, 3) is None


def test_credits_that_do_not_fit_the_entrys_rolls_are_not_read():
    """Another number of rolls, or an index out of the names: the rolls stay the user's."""
    outcome = rolled_by_outcome({0: "Red", 1: "Blue"}, 0, 2)
    assert rolled_by(outcome, 3) is None
    broken = {ROLLED_BY: {"factions": ["Red"], "rolls": [0, 1]}}
    assert rolled_by(broken, 2) is None


def test_a_factions_rolls_count_for_its_player_and_a_factions_without_one_for_it_alone():
    """The GM (1) ended the turn; Red's player is 2, Blue's 3; Green has no player. The GM
    keeps only the roll no faction made; Blue's player also rolled in a command of theirs."""
    grouped = {
        Roller(1, None): [roll(1)],
        Roller(1, "Red", 2): [roll(2), roll(3)],
        Roller(1, "Blue", 3): [roll(4)],
        Roller(3, None): [roll(5)],
        Roller(1, "Green"): [roll(6)],
    }
    found = [(r.user_id, r.factions, [x.faces[0] for x in r.rolls]) for r in dice_rollers(grouped)]
    assert found == [
        (1, [], [1]),
        (2, ["Red"], [2, 3]),
        (3, ["Blue"], [4, 5]),
        (None, ["Green"], [6]),
    ]


def test_a_faction_that_changed_hands_keeps_each_players_rolls_theirs():
    """Red was played by 2, then by nobody, then by 3: each turn's end's Red dice count for
    who played Red then, those of the turn nobody did for Red alone."""
    grouped = {
        Roller(1, "Red", 2): [roll(1)],
        Roller(1, "Red"): [roll(2)],
        Roller(1, "Red", 3): [roll(3)],
    }
    found = [(r.user_id, r.factions, [x.faces[0] for x in r.rolls]) for r in dice_rollers(grouped)]
    assert found == [(2, ["Red"], [1]), (3, ["Red"], [3]), (None, ["Red"], [2])]
