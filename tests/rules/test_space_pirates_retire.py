"""The live state stays bounded over a long campaign: attack records no look-back reads any
more, finished bribes and ended contracts leave the state for the ruleset's archive at the
start of each resolution (SP-I38 windows; SP-I20, SP-I30, SP-I35 read the same values)."""

from __future__ import annotations

from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import empty
from space_pirates_helpers import route
from space_pirates_helpers import with_history

from bot.dice import Dice
from bot.rules.space_pirates.base import largest_in_window
from bot.rules.space_pirates.mercenaries import HireOrder
from bot.rules.space_pirates.mercenaries import apply_hire
from bot.rules.space_pirates.mercenaries import dismiss_contract
from bot.rules.space_pirates.models import AttackRecord
from bot.rules.space_pirates.models import PlayerPirates
from bot.rules.space_pirates.planet_raid import recent_route_values
from bot.rules.space_pirates.reports import RaidReport
from bot.rules.space_pirates.retire import CONTRACTS
from bot.rules.space_pirates.retire import history_key
from bot.rules.space_pirates.retire import retire_finished
from bot.rules.space_pirates.turn import end_of_turn
from bot.rules.space_pirates.turn import force_choices
from bot.rulesets import TurnContext


def _turn(state, turn, seed):
    """One resolution, every buy-off declined (forced default), what it archived."""
    dice = Dice.seeded(seed)
    result = end_of_turn(TurnContext(state, DEFAULTS, turn, dice))
    state, archived = result.state, list(result.archive)
    while state.waiting:
        answered = force_choices(state, DEFAULTS, [w.choice_id for w in state.waiting], dice)
        state = answered.state
        archived += answered.archive
    return state, archived


def test_the_history_stays_bounded_and_every_record_is_archived_in_order():
    """Sixty turns of raids on two undefended routes: the live history never holds more
    than the look-back window needs (so the state stops growing), and the archive
    (series history/Aurora, numbered 0, 1, …) with the live records is the whole history."""
    state, _ = route(empty(), "Line", 300)
    state, _ = route(state, "Spur", 150)
    archived: list[AttackRecord] = []
    attacks = 0
    window = max(DEFAULTS.base_history_window_turns, DEFAULTS.mercenary_window_turns)
    bound = window + 2 + 2 * DEFAULTS.planet_fleet_history_count
    for turn in range(1, 61):
        state, records = _turn(state, turn, turn)
        mine = [r for r in records if r.key == history_key("Aurora")]
        assert [r.seq for r in mine] == list(range(len(archived), len(archived) + len(mine)))
        archived += [r.body for r in mine]
        attacks += sum(1 for r in records if isinstance(r.body, RaidReport) and r.body.fleet)
        assert len(state.player("Aurora").history) <= bound, turn
    live = state.player("Aurora").history
    assert len(archived) + len(live) == attacks > 30  # one record per attack, none lost
    assert [r.turn for r in archived + live] == sorted(r.turn for r in archived + live)
    whole = state.model_copy(deep=True)
    whole.player("Aurora").history = archived + live
    assert len(state.model_dump_json()) * 2 < len(whole.model_dump_json())


def test_what_a_rule_reads_is_the_same_after_retiring():
    """The last three route values (SP-I20), the largest fleet of the windows (SP-I30,
    SP-I35) and the fallback to the most recent record are read the same from what is left."""
    state = empty()
    with_history(state, "Aurora", [900], turn=1)
    for turn in range(2, 30):
        with_history(state, "Aurora", [100 + turn], turn=turn)
    state.player("Aurora").history[-2].outcome = "bought_off"
    full = PlayerPirates.model_validate(state.player("Aurora").model_dump())

    retire_finished(state, DEFAULTS, 40)
    left = state.player("Aurora")

    assert len(left.history) < len(full.history)
    assert recent_route_values(left, DEFAULTS) == recent_route_values(full, DEFAULTS)
    for first, last in ((30, 39), (37, 39), (31, 40)):
        expected = largest_in_window(full, DEFAULTS, first, last, fallback=True)
        assert largest_in_window(left, DEFAULTS, first, last, fallback=True) == expected


def test_an_ended_contract_leaves_the_state_after_its_turn():
    """SP-I35: a contract dismissed in turn 10 still counts in turn 10's pool and shows
    through turn 11; resolution 12 archives it (series contracts, its number)."""
    state = empty()
    with_history(state, "Aurora", [900], turn=9)
    state, contract, _ = apply_hire(state, DEFAULTS, HireOrder("Aurora", 10, 300))
    state = dismiss_contract(state, "Aurora", contract.id, 10)

    for turn in (10, 11):
        early = retire_finished(state, DEFAULTS, turn)
        assert [r for r in early if r.key == CONTRACTS] == [] and len(state.contracts) == 1
    archived = retire_finished(state, DEFAULTS, 12)

    assert [(r.key, r.seq) for r in archived if r.key == CONTRACTS] == [(CONTRACTS, contract.id)]
    assert state.contracts == []
