"""What `/pirates status`, `/turn status` and the awaited answers tell of something that
already happened reads as it was then, whatever the GM sets later: the income bonus the
base's fall gave (SP-I32), the birth rate a planet raid left (SP-I25), the price of a buy-off
offered when a bribe was placed (SP-I34 `at_placement`). A record kept before these values
were stored still reads the campaign's current settings, as it did."""

from __future__ import annotations

from space_pirates_helpers import COMBAT
from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import base_destroyed_in_turn_20
from space_pirates_helpers import empty
from space_pirates_helpers import planet
from space_pirates_helpers import raid
from space_pirates_helpers import route
from space_pirates_helpers import scripted
from space_pirates_helpers import settings
from space_pirates_helpers import with_history

from bot.rules.space_pirates import SpacePiratesState
from bot.rules.space_pirates.bribe import BribeOrder
from bot.rules.space_pirates.bribe import apply_bribe
from bot.rules.space_pirates.fleet import payment
from bot.rules.space_pirates.registry import set_contacts
from bot.rules.space_pirates.spec import awaited
from bot.rules.space_pirates.status import status
from bot.rules.space_pirates.turn import waiting_for


def told(state, rules, turn, language="en", faction="Aurora"):
    """What `faction`'s status says during `turn`, as text."""
    return [m.render(language) for m in status(state, rules, faction, turn).lines]


def stored(state):
    """The state as the campaign keeps it and reads it back."""
    return SpacePiratesState.model_validate_json(state.model_dump_json())


def written_before(state, drop):
    """The state as kept before the values were stored: `drop(data)` removes them."""
    data = state.model_dump(mode="json")
    drop(data)
    return SpacePiratesState.model_validate(data)


def base_destroyed():
    """Aurora destroys the pirate base in the resolution of turn 20 (SP-E7): +100 income per
    planet until turn 23 under the defaults."""
    result = base_destroyed_in_turn_20()
    assert result.outcome["base_attacks"][0]["outcome"] == "destroyed"
    return stored(result.state)


def test_the_income_bonus_reads_as_the_base_fall_gave_it():
    """SP-I32: the GM raises the bonus to 250 after Aurora's base attack: Aurora's status
    still says +100 per planet, in English and Russian; a record kept before the bonus was
    stored reads the current 250."""
    state = base_destroyed()
    raised = settings(base_bonus_income_per_planet=250)

    for rules in (DEFAULTS, raised):
        assert "+100 income per planet through turn 23" in told(state, rules, 21)
    assert "+100 дохода на планету по 23-й ход включительно" in told(state, raised, 21, "ru")

    def drop(data):
        del data["players"]["Aurora"]["income_bonus"]

    before = written_before(state, drop)
    assert "+250 income per planet through turn 23" in told(before, raised, 21)
    assert "+100 income per planet through turn 23" in told(before, DEFAULTS, 21)


def planet_raided(rules):
    """Pirates raid Aurora's troopless planet Home in the resolution of turn 5 under
    `rules`: population carried off, the birth rate cut until turn 8 (SP-I25)."""
    state, _ = planet(empty(), "Home", 600, population=1005)
    state.player("Aurora").streak = 10
    with_history(state, "Aurora", [150])
    after, _ = raid(state, 5, [1], settings=rules)
    return stored(after)


def test_the_birth_rate_reads_as_the_raid_left_it():
    """SP-I25: a raid under a factor of 75 % is told at 75 % after the GM sets the factor
    back to 50; one under the default is told halved after the GM sets 75; a planet raided
    before the factor was stored reads the current setting."""
    seventy_five = settings(birth_rate_factor_pct=75)
    at_75 = planet_raided(seventy_five)
    assert "Home: birth rate cut to 75 % through turn 8" in told(at_75, DEFAULTS, 6)
    assert "Home: рождаемость снижена до 75 % по 8-й ход включительно" in told(
        at_75, DEFAULTS, 6, "ru"
    )

    halved = planet_raided(DEFAULTS)
    assert "Home: birth rate halved through turn 8" in told(halved, seventy_five, 6)
    assert "Home: рождаемость вдвое ниже по 8-й ход включительно" in told(
        halved, seventy_five, 6, "ru"
    )

    def drop(data):
        for kept in data["planets"]:
            del kept["birth_rate_pct"]

    before = written_before(at_75, drop)
    assert "Home: birth rate halved through turn 8" in told(before, DEFAULTS, 6)
    assert "Home: birth rate cut to 75 % through turn 8" in told(before, seventy_five, 6)


def test_a_birth_rate_kept_through_the_planets_edit():
    """SP-I25: Aurora edits the raided planet (its troops) during the penalty: the birth
    rate it was left with is still told after the GM changes the factor."""
    at_75 = planet_raided(settings(birth_rate_factor_pct=75))
    home = at_75.planets[0]
    edited, _ = planet(at_75, "Home", 600, population=home.population, troops=4, planet_id=home.id)
    assert "Home: birth rate cut to 75 % through turn 8" in told(edited, DEFAULTS, 6)


AT_PLACEMENT = settings(bribed_offer_timing="at_placement")


def offered():
    """Under `at_placement`, Boreas bribes a route raid against Aurora's Line in turn 2: the
    offer is made at once, its price ⌈10 % × P⌉ of the fleet bought (SP-I34, SP-I42)."""
    state, _ = route(empty(), "Line", 300)
    state = set_contacts(state, "Boreas", ["Aurora"])
    order = BribeOrder("Boreas", "Aurora", "route", 2)
    state, bribe = apply_bribe(state, AT_PLACEMENT, COMBAT, order, scripted(1, 1, 1)[0])
    return stored(state), bribe


def offer_texts(state, bribe, rules, language="en"):
    """Where the open offer's price is told: the victim's status, `/turn status` and what
    the turn waits for."""
    offer = f"offer #{bribe}" if language == "en" else f"предложение №{bribe}"
    (line,) = [text for text in told(state, rules, 2, language) if offer in text]
    (waiting,) = [m for m in waiting_for(state, rules, 2) if m.key.endswith("bribe_offer")]
    (owed,) = [a.owes for a in awaited(state, rules, 2) if a.faction == "Aurora"]
    return [line, waiting.render(language), owed.render(language)]


def test_an_offer_made_at_placement_keeps_its_price():
    """SP-I34: the GM doubles `buy_off_cost_pct` after the offer was made: Aurora's status,
    `/turn status` and the owed answer still ask the price the offer was made at, in English
    and Russian; an offer made before prices were kept is priced under the current settings,
    as it was."""
    state, bribe = offered()
    price = bribe.offer_cost
    assert price is not None and price > 0
    doubled = AT_PLACEMENT.model_copy(update={"buy_off_cost_pct": 20})

    english = offer_texts(state, bribe.offer_number, doubled)
    assert english == offer_texts(state, bribe.offer_number, AT_PLACEMENT)
    assert english[0].endswith(f"for {price} (answer with /pirates offer, SP-I34)"), english
    assert f"buy-off offer #{bribe.offer_number} for a bribed route raid ({price})" in english[1], (
        english
    )
    assert english[2].endswith(f"({price})"), english
    russian = offer_texts(state, bribe.offer_number, doubled, "ru")
    assert f"за {price} (ответ" in russian[0], russian
    assert f"предложение откупа №{bribe.offer_number} от подкупленной атаки" in russian[1], russian
    assert russian[1].endswith(f"({price})"), russian

    def drop(data):
        for kept in data["bribes"]:
            del kept["offer_cost"]

    before = written_before(state, drop)
    assert offer_texts(before, bribe.offer_number, AT_PLACEMENT) == english
    today = payment(doubled, bribe.payment_value, 20)
    assert today != price
    assert [f"{today}" in text for text in offer_texts(before, bribe.offer_number, doubled)] == [
        True
    ] * 3
