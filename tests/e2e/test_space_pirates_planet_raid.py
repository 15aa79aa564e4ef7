"""Space pirates through Discord: the regular planet raid (SP-I40 step 3.3), reached by the
streak threshold after ten undefended route raids, with the plunder branch asked of the
planet's owner (`plunder_choice_mode = ask_when_raided`, SP-I22, SP-I45) and answered by
the owner's button.

Player1 plays Vega: one route, Line (income 100: 1 point of base, 1d6 of strength), and one
planet, Alpha (income 900, 4 troops over 3 buildings, no orbital ships). Faces are scripted
in the order the engine rolls them.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of

pirates = base.pirates

REFUSE = "Refuse"  # nothing defends Line or Alpha's orbit (SP-I34)


async def _pirates_land_on_alpha(table, cover):
    """Turns 1–10: d20 1 hits every time (points 1 + streak, SP-I1), the strength die is 1
    (3 in turn 10), Vega refuses every buy-off and the undefended route is raided: streak
    0 → 10 (SP-I14). Values ⌊face × (1 + streak/10) × 50⌋ (SP-I7): 50, 55, …, 85, 90, then
    3 × 1.9 × 50 = 285. With streak 10 the planet check rolls d20 2 ≤ 2 planet points
    (SP-I16); Alpha is the only candidate (SP-I18); the fleet is 2 × max(85, 90, 285) = 570,
    5 raiders (SP-I20, SP-I8); its buy-off (57) is refused; no orbital ships, so the pirates
    land unopposed (SP-I21) and Vega is asked how the troops meet them (SP-I22)."""
    await table.slash(
        "/campaign settings set setting:space_pirates.plunder_choice_mode value:ask_when_raided",
        as_="gm",
    )
    await table.slash("/pirates route add name:Line goods:100", as_="player1")
    await table.slash(
        f"/pirates planet add name:Alpha income:900 troops:4 buildings:3 cover:{cover}",
        as_="player1",
    )
    for turn in range(1, 10):
        table.script_dice([1, 1])
        ended = await end_turn(table, turn)
        await table.click(question_of(ended, REFUSE), REFUSE, as_="player1")
    table.script_dice([1, 3])
    ended = await end_turn(table, 10)
    table.script_dice([2])  # the planet check, after the route raid's answer (SP-I40 3.3)
    raided = await table.click(question_of(ended, REFUSE), REFUSE, as_="player1")
    offer = question_of(raided, "Pay 57")
    shown = offer.embeds[0]["description"]
    assert "Planet check: streak 10, planet points 2, d20 2 — attack" in shown
    assert "Candidate Alpha: defence 0, income 900" in shown
    assert "Recent route fleets 85, 90, 285: planet fleet value 570" in shown
    assert "Fleet for 570: 5 raiders" in shown
    landed = await table.click(offer, REFUSE, as_="player1")
    return landed


async def test_a_regular_planet_raid_with_the_branch_asked_and_the_buildings_covered(pirates):
    """SP-I16, SP-I22, SP-I23, SP-I24, SP-I26, SP-I27, SP-I19, SP-I45: Alpha's standing flag
    is off (avoid), but under `ask_when_raided` the owner's button decides: Vega covers the
    buildings. 5 squads against garrisons [2, 1, 1]: attack 1 on B1, pirates 5, 6, 1, 2, 3
    → 2 hits, troops 4, 2 → 1: B1 plundered, 4 squads; attack 2 on B2, 3, 2, 4, 1 → 0,
    6 → 1: 3 squads; attack 3 on B3, 6, 1, 2 → 1, 5 → 1: B3 plundered, 2 squads; attack 4
    on B2, 2, 3 → 0, 4 → 1: 1 squad; attack 5 on B2, 1 → 0, 6 → 1: no squads left. Loot
    ⌊900 × 2/3⌋ = 600 > 0: successful (SP-I24 `any_loot`); no capture, no industry block;
    3 troops lost, 1 left. Bonus 0 → 30 %, rampage on, Alpha in cooldown until turn 16.
    Turn 11: no raid roll (rampage, SP-I26) and the bonus in the strength: 1 × (1 + 10/10)
    × 1.3 × 50 = 130 (SP-I7, SP-I27)."""
    table = pirates
    landed = await _pirates_land_on_alpha(table, cover="false")
    question = question_of(landed, "Cover the buildings")
    assert question.pings == {"player1"}
    prompt = question.embeds[0]["description"]
    assert "5 pirate squads land on Alpha" in prompt
    assert "Buy-off for 57 declined" in prompt and "Waiting for the buy-off" not in prompt
    status = await table.slash("/turn status", as_="gm")
    waiting = " ".join(f.value for f in status.embed.fields)
    assert "Vega has not chosen how the troops meet the pirates on Alpha (5 squads" in waiting
    refused = await table.click(question, "Cover the buildings", as_="player2")
    assert refused.ephemeral
    # The log names the entry that asked the landing question for what it is: the answer
    # to the planet raid's buy-off offer.
    listed = (await table.slash("/history list", as_="player1")).embed.description
    newest = listed.splitlines()[0]
    assert "**pirates buy-off answer (a button)**" in newest, listed
    assert listed.splitlines()[1] == (
        "Vega: pirates landed on Alpha: the owner chooses how the troops meet them — "
        "the resolution waits for Vega's answer."
    )

    table.script_dice([5, 6, 1, 2, 3, 4, 2, 3, 2, 4, 1, 6, 6, 1, 2, 5, 2, 3, 4, 1, 6])
    covered = await table.click(question, "Cover the buildings", as_="player1")

    assert not covered.ephemeral
    assert covered.embed.title == "Pirates plunder Alpha"  # how it ended, not the answer
    assert "Vega: planet Alpha plundered: loot 600" in covered.embed.description
    report = (await table.slash("/pirates report turn:10", as_="player1")).embed.description
    assert "The owner chose to cover the buildings" in report
    assert "The troops cover the buildings: ground fight; loot 600 of 900" in report
    assert "5 pirate squads; garrisons 2, 1, 1" in report
    # each attack's dice read like a space battle's: faces → hits, then what is left
    assert (
        "Attack 1 on building 1 (garrison 2): pirates attack 5, 6, 1, 2, 3 → 2 hits; "
        "garrison attack 4, 2 → 1 hit; after it: garrison 0, pirate squads 4"
    ) in report
    assert (
        "Attack 5 on building 2 (garrison 1): pirates attack 1 → 0 hits; "
        "garrison attack 6 → 1 hit; after it: garrison 1, pirate squads"
    ) in report
    assert (
        "Buildings plundered: 2; troops lost: 3 (already taken off the planet's registered troops)"
    ) in report
    assert "Industry blocked" not in report and "population carried off" not in report
    assert "Planet raid successful: fleet bonus 0 → 30 %, rampage on" in report
    status = (await table.slash("/pirates status", as_="player1")).embed.description
    assert "streak 10, planet-raid bonus 30 %" in status
    assert "Rampage: a route is attacked every turn" in status
    assert "Alpha cannot be raided before turn 16" in status
    planets = await table.slash("/pirates planets", as_="player1")
    assert "troops 1, buildings 3" in planets.embed.description

    table.script_dice([1])  # only the strength die: no raid roll under rampage
    ended = await end_turn(table, 11)
    offer = question_of(ended, "Pay 13").embeds[0]["description"]
    assert "Rampage: a route is attacked without a roll" in offer
    assert "× 2.6 (streak 10, bonus 30 %) = 2.6; value 130" in offer


async def test_the_owner_avoids_the_pirates_though_the_flag_says_cover(pirates):
    """SP-I22, SP-I24, SP-I27: the standing flag is on (cover), but Vega's button answers
    "avoid": the pirates take ⌊50 % × 900⌋ = 450 and block Alpha's industry in turn 10
    only (`industry_block_turns` 1, `resolved_turn`); no ground fight, the 4 troops stay;
    successful: bonus 0 → 30 %, rampage on."""
    table = pirates
    landed = await _pirates_land_on_alpha(table, cover="true")

    avoided = await table.click(
        question_of(landed, "Avoid the pirates"), "Avoid the pirates", as_="player1"
    )

    assert not avoided.ephemeral
    assert "Vega: planet Alpha plundered: loot 450" in avoided.embed.description
    report = (await table.slash("/pirates report turn:10", as_="player1")).embed.description
    assert "The owner chose to avoid the pirates" in report
    assert "The troops avoid the pirates: they take 450 of 900 and block the industry" in report
    assert "Industry blocked in turn 10" in report and "Attack 1" not in report
    assert "Planet raid successful: fleet bonus 0 → 30 %, rampage on" in report
    planets = await table.slash("/pirates planets", as_="player1")
    assert "troops 4, buildings 3" in planets.embed.description
