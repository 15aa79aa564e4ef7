"""The quotes of a mercenary hire, a base assault and a planet bribe say when the fleet
they show is the largest a pirate fleet gets (SP-I8, 10,000 ships), as a raid's report
does; a fleet within the limit is quoted as before."""

from __future__ import annotations

from space_pirates_helpers import COMBAT
from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import empty
from space_pirates_helpers import planet
from space_pirates_helpers import route
from space_pirates_helpers import with_history

from bot.i18n import t
from bot.rules.space_pirates.fleet import MAX_PIRATE_SHIPS
from bot.rules.space_pirates.registry import set_contacts
from cogs.space_pirates.operations import Operation
from cogs.space_pirates.operations import quote


def hire(value: int) -> Operation:
    return Operation("hire", "Aurora", 10, {"value": value, "station": "reserve"})


def test_a_hire_quote_says_the_fleet_was_cut_to_the_largest_fleet():
    """SP-I8, SP-I35: a pool of 7,000,000 (M3 21,000,000) and H 2,100,600, which would buy
    14,080 ships: the quote shows the 10,000 sent and says why, in English and Russian; the
    fee still comes from the whole value."""
    state, _ = route(empty(), "Line", 300)
    with_history(state, "Aurora", [21_000_000], turn=9)

    lines = quote(state, DEFAULTS, COMBAT, hire(2_100_600))

    assert len(lines) == 2
    assert "fee 1050300 now" in lines[0].render("en")
    assert (
        lines[1]
        .render("en")
        .startswith(
            f"A pirate fleet has at most {MAX_PIRATE_SHIPS} ships: a value that would buy more"
            f" sends {MAX_PIRATE_SHIPS}, in the same proportions; payments still come from the"
            " whole value (SP-I8)"
        )
    )
    assert lines[1].render("ru") == t(
        "space_pirates.report.fleet_capped", "ru", limit=MAX_PIRATE_SHIPS
    )
    (small,) = quote(state, DEFAULTS, COMBAT, hire(300))
    assert small.render("en").startswith("Mercenaries: 3 raiders")


def test_a_base_assault_quote_says_the_base_fleet_was_cut_to_the_largest_fleet():
    """SP-I8, SP-I31: a located base defended by 2 × 1,100,000 = 2,200,000, which would buy
    more than 10,000 ships: the quote shows the 10,000 and says why; 2 × 1,250 is quoted
    alone, as before."""
    state, _ = route(empty(), "Line", 300, ships=[("cruiser", "guard")])
    record = state.player("Aurora")
    record.streak = 4
    record.base_known = True
    with_history(state, "Aurora", [1_100_000], turn=6)
    assault = Operation("assault", "Aurora", 12, {"ships": ["cruiser"], "contracts": []})

    lines = quote(state, DEFAULTS, COMBAT, assault)

    assert [line.render("en").split(":")[0] for line in lines] == [
        "The base is defended by a fleet of value 2200000",
        f"A pirate fleet has at most {MAX_PIRATE_SHIPS} ships",
        "Attacking it",
    ]
    assert lines[1].render("ru").startswith(f"В пиратском флоте не больше {MAX_PIRATE_SHIPS}")
    small, _ = route(empty(), "Line", 300, ships=[("cruiser", "guard")])
    small.player("Aurora").streak = 4
    small.player("Aurora").base_known = True
    with_history(small, "Aurora", [1250], turn=6)
    assert len(quote(small, DEFAULTS, COMBAT, assault)) == 2  # the fleet, the attackers


def test_a_planet_bribe_quote_says_the_fleet_was_cut_to_the_largest_fleet():
    """SP-I8, SP-I20, SP-I42: a planet bribe priced from a past raid of value 1,100,000
    (× 2 = 2,200,000, more than 10,000 ships would cost): the quote shows the 10,000 and
    says the bribe is still priced from the whole value; a past raid of 1,250 is quoted
    alone, as before."""
    big, _ = route(empty(), "Line", 300)
    big, _ = planet(big, "Home", 100)
    with_history(big, "Aurora", [1_100_000], turn=4)
    big = set_contacts(big, "Boreas", ["Aurora"])
    bribe = Operation("bribe", "Boreas", 5, {"victim": "Aurora", "kind": "planet"})

    lines = quote(big, DEFAULTS, COMBAT, bribe)

    assert len(lines) == 2
    assert "2200000" in lines[0].render("en")
    assert lines[1].render("en") == t(
        "space_pirates.report.fleet_capped", "en", limit=MAX_PIRATE_SHIPS
    )
    assert lines[1].render("ru").startswith(f"В пиратском флоте не больше {MAX_PIRATE_SHIPS}")
    small, _ = route(empty(), "Line", 300, ships=[("cruiser", "guard")])
    small, _ = planet(small, "Home", 100)
    with_history(small, "Aurora", [1250], turn=4)
    small = set_contacts(small, "Boreas", ["Aurora"])
    (alone,) = quote(small, DEFAULTS, COMBAT, bribe)
    assert "2500" in alone.render("en")
