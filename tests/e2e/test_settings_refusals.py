"""A GM changing fleet combat's non-combat classes: the settings name no made-up allowed
values, and a refused value says what it would break (FC-I1)."""

from __future__ import annotations

from tests.e2e.confirming import confirmed
from tests.e2e.play import text_of


async def test_a_refused_non_combat_list_says_which_class_would_have_no_level(table):
    await table.slash("/campaign create name:Ladder rulesets:fleet_combat", as_="gm")
    shown = text_of(await table.slash("/campaign settings show ruleset:fleet_combat", as_="gm"))
    assert "`non_combat_classes` = **transport, colonizer** — " in shown
    assert "a, b, c" not in shown
    refused = await table.slash(
        "/campaign settings set setting:fleet_combat.non_combat_classes value:transport",
        as_="gm",
    )
    said = " ".join(f"{refused.embed.title or ''} {text_of(refused)}".split())
    assert refused.ephemeral
    assert "`transport` cannot be set for `fleet_combat.non_combat_classes`" in said
    assert "and colonizer would have none" in said
    assert "Allowed" not in said


async def test_a_half_written_attack_in_an_imported_file_is_refused_with_the_catalogs_words(
    table,
):
    """FC-I2: an attack is N dice and a hit value, or none; a file giving the dice alone is
    refused as a whole, in the catalog's words (so in the reader's language), not pydantic's."""
    await table.slash("/campaign create name:Ladder rulesets:fleet_combat", as_="gm")
    half = "[fleet_combat.ship_stats.destroyer]\nattack_dice = 2\ndefence = 6\nlife = 1\n"
    refused = await confirmed(
        table, "/campaign settings import file:s.toml", as_="gm", files={"s.toml": half.encode()}
    )
    assert refused.ephemeral
    assert refused.embed.description == (
        "Line 1: `fleet_combat.ship_stats.destroyer`: attack needs both a dice count and a hit"
        " value, or neither (FC-I2): write it like 2x5+, or - for none."
    )
    shown = text_of(await table.slash("/combat stats show", as_="gm"))
    assert "1×5+" in shown
