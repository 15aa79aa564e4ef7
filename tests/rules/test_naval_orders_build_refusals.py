"""A second construction order at a naval station in one turn is refused (NO-1.1, NO-I2), and
the refusal says who gave the first: the GM, or which faction. No die is rolled here."""

from __future__ import annotations

import pytest
from test_naval_orders_support import DEFAULTS
from test_naval_orders_support import ports

from bot.errors import RuleViolation
from bot.rules.naval_orders import BuildOrder
from bot.rules.naval_orders import GiveBuildOrder
from bot.rules.naval_orders import NavalOrdersSettings
from bot.rules.naval_orders import NavalOrdersState
from bot.rules.naval_orders import RegisterStation
from bot.rules.naval_orders import check_build_form_opens
from bot.rules.naval_orders import give_build_order
from bot.rules.naval_orders import register_station

FRIGATES = BuildOrder(details="two frigates")
SLOOP = BuildOrder(details="a sloop")


def build(state, order=FRIGATES, *, faction="Britain", by_gm=False, turn=2, settings=DEFAULTS):
    command = GiveBuildOrder(faction=faction, station="Portsmouth", order=order, by_gm=by_gm)
    return give_build_order(state, settings, command, turn).state


def refusal(state, **kwargs) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        build(state, SLOOP, **kwargs)
    return caught.value


def test_no_i2_a_second_build_order_after_the_gms_says_the_gm_gave_it():
    """NO-I2: the GM gave Portsmouth its construction order for turn 2; Britain's own order
    that turn is refused naming the GM, in English and Russian, before the form opens as
    when it is given; the next turn is open."""
    state = build(ports(), by_gm=True)

    refused = refusal(state)

    assert refused.message_key == "naval_orders.error.second_build_order_by_gm"
    assert refused.message("en") == (
        "The GM has already given Portsmouth its construction order for turn 2. A naval "
        "station receives one new order a turn (NO-I2); the next one can be given from the "
        "next turn."
    )
    assert refused.message("ru") == (
        "Ведущий уже отдал станции Portsmouth приказ на постройку на ход 2. "
        "Военно-морская станция получает один новый приказ за ход (NO-I2); следующий можно "
        "будет отдать в следующий ход."
    )
    with pytest.raises(RuleViolation) as before_the_form:
        check_build_form_opens(state, DEFAULTS, "Britain", "Portsmouth", 2)
    assert before_the_form.value.message("en") == refused.message("en")
    assert build(state, SLOOP, turn=3).stations["portsmouth"].build_order.order == SLOOP


def handed_to_france(state: NavalOrdersState) -> NavalOrdersState:
    """The GM registers Portsmouth again as France's naval station (taken in the war)."""
    command = RegisterStation(name="Portsmouth", location="1", naval_station=True, owner="France")
    return register_station(state, command).state


def test_no_i2_a_second_build_order_after_a_factions_says_which_faction_gave_it():
    """NO-I2: Britain gave Portsmouth its construction order for turn 2, then the GM handed
    the station to France: France's order that turn is refused naming Britain, in English
    and Russian. The GM, who may not override (`gm_can_override_orders = false`), is told
    Britain too."""
    state = handed_to_france(build(ports()))

    refused = refusal(state, faction="France")

    assert refused.message_key == "naval_orders.error.second_build_order_by"
    assert refused.message("en") == (
        "Britain has already given Portsmouth its construction order for turn 2. A naval "
        "station receives one new order a turn (NO-I2); the next one can be given from the "
        "next turn."
    )
    assert refused.message("ru").startswith(
        "Фракция «Britain» уже отдала станции Portsmouth приказ на постройку на ход 2."
    )
    strict = NavalOrdersSettings(gm_can_override_orders=False)
    gm = refusal(state, faction="France", by_gm=True, settings=strict)
    assert gm.message("en").startswith("Britain has already given Portsmouth")


def test_a_build_order_saved_before_who_gave_it_was_noted_keeps_the_plain_refusal():
    """A station whose turn's order was saved before the bot noted who gave it: the
    refusal is the one it was (NO-I2), without a name it does not know."""
    saved = ports().model_dump(mode="json")
    saved["stations"]["portsmouth"]["orders_given_turn"] = 2
    state = NavalOrdersState.model_validate(saved)

    refused = refusal(state)

    assert refused.message_key == "naval_orders.error.second_order"
    assert refused.message("en") == "Portsmouth already has its new order for turn 2 (NO-I2)."
