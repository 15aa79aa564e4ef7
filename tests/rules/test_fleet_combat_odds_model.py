"""The odds state model's shortcuts against their plain definitions.

`Model.fire` shares one transition between every chain position with the same room before
the class's end or kill cap (FC-I11) and builds it by slicing a cached binomial; `_offsets`
is the plain definition of one packet's moves. The numpy tables (kill-cap reach, automatic
targets by key) must equal the model's own answers, and the reachable states the dense
solver keeps must hold every state a battle can reach."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import fleet_from_counts
from bot.rules.fleet_combat import odds
from bot.rules.fleet_combat import odds_dense
from bot.rules.fleet_combat import odds_kernel
from bot.rules.fleet_combat.odds_arrays import AimTable
from bot.rules.fleet_combat.odds_arrays import SideArrays
from bot.rules.fleet_combat.odds_arrays import limit_table
from bot.rules.fleet_combat.odds_arrays import reach_row
from bot.rules.fleet_combat.odds_dense import reachable
from bot.rules.fleet_combat.odds_model import Model

FLEETS = [
    ({"fighter": 5, "cruiser": 2}, {"dreadnought": 2, "destroyer": 3}, {"dreadnought": [2, 1]}),
    ({"war_sun": 1, "carrier": 2}, {"fighter": 9}, {"war_sun": [3]}),
    ({"destroyer": 4}, {"cruiser": 3, "transport": 2}, {"cruiser": [1]}),
]


@pytest.mark.parametrize("changes", [{}, {"kill_cap_overflow": "lost"}, {"kill_cap": False}])
@pytest.mark.parametrize(("a", "b", "wounds"), FLEETS)
@pytest.mark.parametrize("tolerance", [1e-12, 0.0])
def test_one_packet_matches_the_plain_offsets(a, b, wounds, changes, tolerance):
    settings = FleetCombatSettings(**changes)
    fleet_a = fleet_from_counts("A", a, wounds=wounds)
    fleet_b = fleet_from_counts("B", b, wounds=wounds)
    model = Model(settings, fleet_a, fleet_b, tolerance)
    rng = random.Random(5)
    checked = 0
    for side in (0, 1):
        target = model.sides[side]
        for own, chain in enumerate(target.chains):
            stride = target.strides[own]
            for _ in range(40):
                start = rng.randrange(len(chain))
                cap = rng.choice([None, 1, 2, 3, 5])
                packet = (rng.randint(1, 30), rng.choice([1 / 6, 5 / 18, 0.25, 0.5]), cap)
                shifts, odds, stay = model._offsets(side, own, start, packet)
                moves = model._one_packet(side, own, start, packet)
                assert moves.pairs == [(k * stride, q) for k, q in zip(shifts, odds, strict=True)]
                assert moves.stay == stay
                assert moves.away == [
                    (k * stride, q) for k, q in zip(shifts, odds, strict=True) if k
                ]
                checked += 1
    assert checked >= 80


@pytest.mark.parametrize("changes", [{}, {"kill_cap_overflow": "lost"}])
@pytest.mark.parametrize(("a", "b", "wounds"), FLEETS)
def test_array_limits_equal_the_side_limits(a, b, wounds, changes):
    """FC-I11: the numpy reach tables (`reach_row`, `limit_table`) equal `Side.limit` for
    every chain position and kill cap, and "no cap" is the chain's end."""
    settings = FleetCombatSettings(**changes)
    model = Model(
        settings,
        fleet_from_counts("A", a, wounds=wounds),
        fleet_from_counts("B", b, wounds=wounds),
        1e-12,
    )
    for side in model.sides:
        for own, chain in enumerate(side.chains):
            table = limit_table(side, own, 6, model.overflow_lost)
            for cap in range(1, 7):
                expected = [side.limit(own, d, cap, model.overflow_lost) for d in range(len(chain))]
                assert table[cap].tolist() == expected
                assert reach_row(side, own, cap, model.overflow_lost).tolist() == expected
            assert table[7].tolist() == [len(chain) - 1] * len(chain)


@pytest.mark.parametrize("policy", ["highest_level", "lowest_level", "most_ships"])
def test_aim_table_keys_give_the_automatic_targets_of_the_counts(policy):
    """FC-I17: the aim table's key (classes present, compared counts) picks the same target
    as the ladder and policy given the full counts, for random ship counts."""
    settings = FleetCombatSettings(auto_target_policy=policy)
    classes = {"fighter": 5, "destroyer": 4, "cruiser": 4, "carrier": 4, "dreadnought": 3}
    model = Model(settings, fleet_from_counts("A", classes), fleet_from_counts("B", classes), 0.0)
    target = SideArrays.of(model.sides[1])
    table = AimTable(model, target)
    rng = random.Random(3)
    columns = [[rng.randint(0, classes[c]) for c in model.classes] for _ in range(300)]
    own_counts = np.asarray(columns, dtype=np.int64).T[target.model_index]
    aims = table.aims(table.key(own_counts), own_counts)
    for column, counts in enumerate(columns):
        expected = [-1 if a is None else a for a in model.aim_vector(tuple(counts))]
        assert aims[:, column].tolist() == expected


def test_reachable_states_hold_every_state_the_exact_method_visits():
    """The dense solver and the `auto` cost model use each side's reachable states (any
    wounds on the classes the other side would aim at, FC-I8/FC-I17): every state the pure
    Python programme gives weight to is among them, and there are far fewer than the
    product of the chains when the ladder shields classes."""
    settings = FleetCombatSettings()
    fleet_a = fleet_from_counts("A", {"destroyer": 4, "cruiser": 3, "dreadnought": 2})
    fleet_b = fleet_from_counts(
        "B", {"fighter": 4, "carrier": 2, "war_sun": 1}, wounds={"war_sun": [2]}
    )
    model = Model(settings, fleet_a, fleet_b, 1e-12)
    listed = [set(reachable(model, index).tolist()) for index in (0, 1)]
    tally = odds._Tally(model, (fleet_a, fleet_b))
    odds._exact_python(model, tally)
    assert {a for a, _, _ in tally.ends} <= listed[0]
    assert {b for _, b, _ in tally.ends} <= listed[1]
    assert len(listed[0]) * len(listed[1]) < model.sides[0].size * model.sides[1].size / 4


@pytest.mark.parametrize("policy", ["highest_level", "lowest_level", "most_ships"])
def test_reachable_states_are_closed_under_every_round(policy):
    """No round leads out of a side's reachable states, whatever the other side still has
    (FC-I8, FC-I17): the dense solver loses no probability by leaving the rest out."""
    settings = FleetCombatSettings(auto_target_policy=policy)
    fleet_a = fleet_from_counts("A", {"destroyer": 2, "cruiser": 2, "war_sun": 1})
    fleet_b = fleet_from_counts("B", {"fighter": 3, "carrier": 2, "dreadnought": 1})
    model = Model(settings, fleet_a, fleet_b, 0.0)
    for index in (0, 1):
        listed = set(reachable(model, index).tolist())
        other = model.sides[1 - index]
        for state in listed:
            for attacker in range(other.size):
                moves = model.fire(1 - index, attacker, state)
                assert {state + step for step, p in moves.pairs if p > 0} <= listed


@pytest.mark.parametrize("changes", [{}, {"kill_cap_overflow": "lost"}, {"kill_cap": False}])
@pytest.mark.parametrize(
    ("target", "shooter"),
    [
        ({"fighter": 9}, {"war_sun": 2}),  # 8 dice, 1 life: the kill cap cuts terms off
        ({"war_sun": 3}, {"fighter": 6}),  # 6 dice, 5 lives: no kept term past a reach
        ({"cruiser": 5}, {"dreadnought": 3}),
    ],
)
def test_packet_matrices_are_the_plain_offsets(target, shooter, changes):
    """FC-I11: every row of the dense solver's packet matrices (either way they are built:
    cut at each reach, or the binomial rows as they are when nothing lies past a reach) is
    `Model._offsets` of that chain position: wounds below the reach, the tail at it."""
    settings = FleetCombatSettings(**changes)
    wounds = {name: [1] for name in target}
    model = Model(
        settings,
        fleet_from_counts("A", target, wounds=wounds),
        fleet_from_counts("B", shooter),
        1e-12,
    )
    side = model.sides[0]
    length = len(side.chains[0])
    (dice,) = (model.dice[model.classes.index(name)] for name in shooter)
    (p,) = (model.wound_p[model.classes.index(name)][side.own[0]] for name in shooter)
    packets = [(ships * dice, p, ships if settings.kill_cap else None) for ships in (1, 2, 3)]
    matrices = odds_dense._class_matrices(model, 0, 0, packets)
    for number, packet in enumerate(packets):
        for start in range(length):
            shifts, chances, _ = model._offsets(0, 0, start, packet)
            expected = np.zeros(length)
            expected[start + np.asarray(shifts, dtype=np.int64)] = chances
            assert matrices[number, start].tolist() == expected.tolist(), (packet, start)


@pytest.mark.parametrize("seed", range(6))
def test_a_row_is_solved_like_its_linear_system(seed):
    """Within a row the column side moves while the row side stays; the compiled forward
    substitution (`odds_kernel.within_row`) gives the mass reaching each column as the
    direct solution of the row's linear system, in place as `odds_dense.solve` calls it."""
    rng = np.random.default_rng(seed)
    size = 30
    raw = np.triu(rng.random((size, size)) ** 4)
    moves = raw / raw.sum(axis=1, keepdims=True)  # each state moves forward (or stays)
    stays = np.diag(moves).copy()
    factor = rng.random(size) * rng.choice([0.05, 1.0, 20.0], size)  # some columns slow
    factor[rng.random(size) < 0.2] = 0.0  # dead or stalled columns carry nothing on
    inflow = rng.random(size)
    system = np.eye(size) - (moves.T - np.diag(stays)) * factor[None, :]
    direct = np.linalg.solve(system, inflow)
    row = inflow.copy()
    ends = (size - np.argmax(moves[:, ::-1] != 0.0, axis=1)).astype(np.int64)
    odds_kernel.within_row(moves, ends, factor, row, row)
    # Both are exact up to rounding, which grows with the system's condition number: the
    # LAPACK build numpy ships with decides the last digits of `direct`.
    rtol = 4 * np.linalg.cond(system) * np.finfo(float).eps
    assert np.allclose(row, direct, rtol=rtol, atol=0)


@pytest.mark.parametrize(
    ("fleet", "wounds"),
    [
        ({"war_sun": 6}, {}),
        ({"cruiser": 4, "dreadnought": 2, "fighter": 3}, {"dreadnought": [1]}),
    ],
)
def test_mirrored_fleets_share_their_moves_and_give_the_same_odds(fleet, wounds, monkeypatch):
    """The same fleet on both sides: the dense solver builds one side's moves and uses them
    for both; every figure equals the one computed with both built."""
    a = fleet_from_counts("A", fleet, wounds=wounds)
    b = fleet_from_counts("B", fleet, wounds=wounds)
    settings = FleetCombatSettings()
    assert odds_dense.mirrored(Model(settings, a, b, 1e-12))
    other = fleet_from_counts("B", {**fleet, "fighter": fleet.get("fighter", 0) + 1})
    assert not odds_dense.mirrored(Model(settings, a, other, 1e-12))
    shared = odds.combat_odds(a, b, settings, method="exact")
    monkeypatch.setattr(odds_dense, "mirrored", lambda model: False)
    built = odds.combat_odds(a, b, settings, method="exact")
    assert shared == built


@pytest.mark.parametrize("seed", range(4))
def test_unique_rows_are_numpys_unique_rows(seed):
    """`odds_dense.unique_rows` (signatures and aim groups of a side) gives numpy's unique
    rows, in numpy's order, and the index of each row among them."""
    rng = np.random.default_rng(seed)
    rows = rng.integers(-1, 4, size=(200, 1 + seed)).astype(np.int64)
    unique, inverse = odds_dense.unique_rows(rows)
    expected, expected_inverse = np.unique(rows, axis=0, return_inverse=True)
    assert unique.tolist() == expected.tolist()
    assert inverse.tolist() == expected_inverse.reshape(-1).tolist()


def test_the_compiled_loops_load_without_a_writable_cache():
    """Installed where nothing is writable (a read-only site-packages, a user without a
    home), numba finds no place to cache the compiled loops; the odds still load and
    answer, compiled in the process, with the same figures."""
    script = textwrap.dedent(
        """
        import json
        import numba.core.caching

        def refuse(self):
            raise PermissionError("read-only")

        numba.core.caching._CacheLocator.ensure_cache_path = refuse
        from bot.rules.fleet_combat import FleetCombatSettings, fleet_from_counts, odds

        a = fleet_from_counts("A", {"cruiser": 3, "fighter": 2})
        b = fleet_from_counts("B", {"destroyer": 4})
        figures = [
            odds.combat_odds(a, b, FleetCombatSettings(), method=method, **extra).a_wins
            for method, extra in (("exact", {}), ("monte_carlo", {"battles": 2000, "seed": 3}))
        ]
        print(json.dumps(figures))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, timeout=300
    )
    assert done.returncode == 0, done.stderr
    a = fleet_from_counts("A", {"cruiser": 3, "fighter": 2})
    b = fleet_from_counts("B", {"destroyer": 4})
    expected = [
        odds.combat_odds(a, b, FleetCombatSettings(), method="exact").a_wins,
        odds.combat_odds(
            a, b, FleetCombatSettings(), method="monte_carlo", battles=2000, seed=3
        ).a_wins,
    ]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == expected
