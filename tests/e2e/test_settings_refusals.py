"""A GM changing fleet combat's non-combat classes: the settings name no made-up allowed
values, and a refused value says what it would break (FC-I1)."""

from __future__ import annotations

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
