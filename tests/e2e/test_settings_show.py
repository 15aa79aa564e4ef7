"""`/campaign settings show` spells every value as `/campaign settings set` accepts it, in one
layout for the core and the rulesets (review #34)."""

from __future__ import annotations

from tests.e2e.play import text_of


async def test_values_are_shown_as_typed_lists_in_rule_order_and_core_alike(table):
    await table.slash("/campaign create name:Channel rulesets:naval_orders", as_="gm")
    shown = text_of(await table.slash("/campaign settings show ruleset:naval_orders", as_="gm"))
    assert "`port_penalty_applies_to_fleets` = **false** (true, false)" in shown
    assert "`damaged_includes_unrated` = **true** (true, false)" in shown
    assert "False" not in shown and "True" not in shown

    changed = await table.slash(
        "/campaign settings set setting:naval_orders.enabled_orders value:build, raid, cruise",
        as_="gm",
    )
    assert changed.embed.title == ("`naval_orders.enabled_orders` is now **cruise, raid, build**.")
    shown = text_of(await table.slash("/campaign settings show ruleset:naval_orders", as_="gm"))
    assert "`enabled_orders` = **cruise, raid, build** (cruise, move, raid, blockade," in shown

    secret = await table.slash(
        "/campaign settings set setting:core.secret_rolls_for_players value:true", as_="gm"
    )
    assert secret.embed.title == "`core.secret_rolls_for_players` is now **true**."
    core = await table.slash("/campaign settings show ruleset:core", as_="gm")
    assert core.embed.title == "Settings: Core" and core.embed.fields == []
    assert text_of(core).splitlines() == [
        "`factions_per_player` = **1** (1..10) — How many factions one player may hold.",
        "`secret_rolls_for_players` = **true** (true, false) — Players (not only GMs) may"
        " roll in secret.",
        "`language` = **the server's language → en** (en, ru) — The language the campaign"
        " posts in (the server's language unless set).",
        "`time_zone` = **UTC** — The time zone of deadlines typed as a date and time.",
        "`reminders` = **24h, 1h** — When reminders are posted before the deadline.",
        "`on_deadline` = **ping_gms** (ping_gms, end_turn) — When the deadline passes: ping"
        " the GMs, or end the turn.",
    ]
