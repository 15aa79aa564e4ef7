"""The odds state model's shortcuts against its plain definitions.

`Model.fire` shares one transition between every chain position with the same room before
the class's end or kill cap (FC-I11) and builds it by slicing a cached binomial; `_offsets`
is the plain definition of one packet's moves. They must give the same moves and odds.
"""

from __future__ import annotations

import random

import pytest

from bot.rules.fleet_combat import FleetCombatSettings, fleet_from_counts
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
