"""Refusals that quote a force, convoy, fleet, station or faction name a player gave show it
literally, in English and Russian: its Markdown and mentions do not render (bot/errors.py
`shown_params`). One case per refusal added for NO-2.7 escorts and NO-I2 build orders."""

from __future__ import annotations

import pytest

import bot.rules.naval_orders  # noqa: F401 - declares the ruleset's typed parameters
from bot.errors import RuleViolation

HOSTILE = "**Bold** <@123456789012345678>"
SHOWN = r"\*\*Bold\*\*"


@pytest.mark.parametrize(
    ("key", "params"),
    [
        ("naval_orders.error.escort_convoy_dissolving", {"convoy": HOSTILE}),
        (
            "naval_orders.error.escort_convoy_forming_fleet",
            {"convoy": "Indiamen", "fleet": HOSTILE},
        ),
        ("naval_orders.error.escort_convoy_forming_fleet", {"convoy": HOSTILE, "fleet": "Channel"}),
        ("naval_orders.error.escort_convoy_dissolving_fleet", {"convoy": HOSTILE}),
        ("naval_orders.error.second_build_order_by_gm", {"station": HOSTILE}),
        ("naval_orders.error.second_build_order_by", {"station": HOSTILE, "faction": "Britain"}),
        ("naval_orders.error.second_build_order_by", {"station": "Portsmouth", "faction": HOSTILE}),
    ],
)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_name_in_the_refusal_reads_literally(key, params, language):
    refused = RuleViolation(key, clause="NO-2.7", turn=1, next=2, **params)

    message = refused.message(language)

    assert SHOWN in message, message
    assert "**Bold**" not in message
    assert "<@123456789012345678>" not in message
