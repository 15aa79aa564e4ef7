"""`/history stats` credits (SP-1.1, SP-I4, SP-I16, SP-I23, FC-I17): a die rolled for a
player's side counts for that player's faction, the pirates' own dice for nobody (`NOBODY`:
not for whoever ended the turn or answered, whose command made the bot roll them)."""

from __future__ import annotations

from space_pirates_helpers import answer
from space_pirates_helpers import empty
from space_pirates_helpers import resolve
from space_pirates_helpers import route
from space_pirates_helpers import scripted
from test_space_pirates_examples import e1_state
from test_space_pirates_examples import e5_state

from bot.dice_stats import NOBODY
from bot.dice_stats import rolled_by
from bot.dice_stats import rolled_by_outcome
from bot.rules.space_pirates.battle import BASE_FLEET
from bot.rules.space_pirates.battle import DEFENDER_SIDE
from bot.rules.space_pirates.battle import PIRATE_SIDE
from bot.rules.space_pirates.battle import PIRATES
from bot.rules.space_pirates.battle import Side
from bot.rules.space_pirates.battle import side_player
from bot.rules.space_pirates.models import MercenaryContract
from bot.rules.space_pirates.models import PrivateerGroup


def credits(outcome, dice):
    return rolled_by(outcome, len(dice.records))


def test_the_players_raid_roll_and_target_are_theirs_the_strength_the_pirates():
    """SP-E1: the d20 (5) and the d5 (1) are Aurora's own rolls; the 4d6 of strength are the
    pirates', credited to nobody."""
    state, _ = e1_state()
    dice, _ = scripted(5, 1, 3, 5, 6, 2)

    result = resolve(state, 4, dice)

    assert credits(result.outcome, dice) == ["Aurora", "Aurora", NOBODY]
    assert [len(r.faces) for r in dice.records] == [1, 1, 4]


def test_a_raid_battle_credits_the_defenders_dice_to_the_victim_only():
    """SP-E3 after the declined buy-off: the dreadnought's attack and its defence against the
    raiders' hits are Aurora's; the raiders' attack and defence are the pirates'."""
    state, _ = route(empty(), "Line", 250, ships=[("dreadnought", "guard")])
    result = resolve(state, 5, scripted(1, 6, 2)[0])
    battle, _ = scripted(4, 6, 2, 6, 2, 5, 1, 3, 6, 2, 4, 3, 5, 1, 6, 5, 5, 2, 1, 3)

    after = answer(result.state, False, battle)

    # each round: Aurora's attack, the raiders' defence, the raiders' attack, Aurora's defence
    who = credits(after.outcome, battle)
    pirates = NOBODY
    assert who == ["Aurora", pirates, pirates, "Aurora", "Aurora", pirates, pirates, "Aurora"]


def test_a_planet_raid_check_and_the_garrisons_dice_are_the_planet_owners():
    """SP-E5: the d20 (2) is Aurora's planet-raid roll; in the ground fight the garrison's
    dice are Aurora's and the squads' the pirates'."""
    state, _ = e5_state()
    dice, _ = scripted(2)
    result = resolve(state, 9, dice)
    assert credits(result.outcome, dice) == ["Aurora"]
    ground, _ = scripted(5, 6, 1, 2, 4, 2, 3, 2, 4, 6, 6, 1, 5, 2, 4)

    after = answer(result.state, False, ground)

    assert credits(after.outcome, ground) == [NOBODY, "Aurora"] * 4


def test_mercenaries_count_for_their_employer_privateers_for_their_owner():
    """SP-I11, SP-I35, SP-I36: the participants' dice go to the player behind them; the
    pirates and their base roll for nobody."""
    contract = MercenaryContract(
        id=3, owner="Borealis", hired_turn=1, hire_value=100, value=100, ships=[]
    )
    group = PrivateerGroup(id=4, owner="Cygnus", target="Aurora", formed_turn=1, ships=[])
    sides = [
        Side("Aurora", DEFENDER_SIDE, []),
        Side("mercenaries #3", DEFENDER_SIDE, [], contract=contract),
        Side(PIRATES, PIRATE_SIDE, []),
        Side("privateers #4", PIRATE_SIDE, [], group=group),
        Side(BASE_FLEET, PIRATE_SIDE, []),
    ]

    assert [side_player(s) for s in sides] == ["Aurora", "Borealis", None, "Cygnus", None]


def test_an_entry_with_no_player_die_credits_nobody():
    """A turn where Aurora has no route rolls nothing: the outcome names no roller."""
    result = resolve(empty(), 4, scripted()[0])

    assert "rolled_by" not in result.outcome


def test_an_entry_logged_before_nobody_was_kept_reads_as_it_did():
    """A turn's end logged before the pirates' dice were kept as nobody's names only factions
    and the command user (None): it reads so still, and the new shape reads back as written."""
    before = {"rolled_by": {"factions": ["Aurora"], "rolls": [0, 0, None]}}
    assert rolled_by(before, 3) == ["Aurora", "Aurora", None]

    now = rolled_by_outcome({0: "Aurora", 2: NOBODY}, 0, 3)

    assert now == {"rolled_by": {"factions": ["Aurora"], "rolls": [0, None, "nobody"]}}
    assert rolled_by(now, 3) == ["Aurora", None, NOBODY]
    assert rolled_by_outcome({0: NOBODY}, 0, 1) == {
        "rolled_by": {"factions": [], "rolls": ["nobody"]}
    }
