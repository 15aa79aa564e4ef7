"""Ottoman piracy settings through Discord: what `/corsairs piracy` must let players register
for a setting to do what rules/ottoman-piracy.md says (OP-I4, OP-I7)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot import rulesets
from bot import settings_edit
from bot.standin import Table

from .confirming import confirmed
from .play import seat_piracy
from .play import set_up
from .test_core_refusals_text import refusal


@pytest.fixture
async def seated(campaign: Table) -> Table:
    """Player1 plays the Ottomans, player2 the Habsburgs; Habsburgs and Venice at war."""
    await seat_piracy(campaign, at_war=("hapsburg", "venice"))
    return campaign


async def setting(table: Table, name: str, value: str) -> None:
    answer = await table.slash(
        f"/campaign settings set setting:ottoman_piracy.{name} value:{value}", as_="gm"
    )
    assert not answer.ephemeral, answer.text()


async def test_op_i7_extra_anti_piracy_hits_sink_the_ottoman_squadrons_registered(seated):
    """OP-I7 (alternative, `anti_piracy_hits_hit_squadrons = true`): the Ottoman player
    registers the Ottoman squadrons in the zone; hits beyond the corsairs sink them. A
    Habsburg squadron in the zone gives 2 dice (OP-2.2): `6, 6` sinks the single corsair and
    one of the two Ottoman squadrons, so the Ottomans do not roll (OP-4.1)."""
    await setting(seated, "anti_piracy_hits_hit_squadrons", "true")
    seated.script_dice([6, 6])

    reply = await seated.slash(
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:1 squadrons_in_zone:1 "
        "ottoman_squadrons:2 ports:2",
        as_="player1",
    )

    assert not reply.ephemeral, reply.text()
    dice = reply.embed.field("Dice against the pirates — Hapsburgs: 2 dice")
    assert "Sunk: 1 corsair; left: 0 corsairs." in dice
    assert "Hits beyond the corsairs sink Ottoman squadrons: 1 squadron" in dice
    assert "are lost" not in dice
    assert seated.faces is not None and seated.faces.pending == []


async def test_op_i7_by_default_ottoman_squadrons_are_untouched_and_the_hit_is_lost(seated):
    """OP-I7 (default): the same roll loses the second hit; the Ottoman squadrons stay."""
    seated.script_dice([6, 6])

    reply = await seated.slash(
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:1 squadrons_in_zone:1 "
        "ottoman_squadrons:2 ports:2",
        as_="player1",
    )

    dice = reply.embed.field("Dice against the pirates — Hapsburgs: 2 dice")
    assert "Hits beyond the corsairs are lost: 1 hit" in dice
    assert "sink Ottoman squadrons" not in dice


async def test_op_i4_a_third_power_squadron_in_the_zone_gives_dice_only_by_setting(seated):
    """OP-I4: a Venetian squadron (Venice at war) in the piracy zone itself gives the
    Habsburgs no die by default; with `other_powers_in_zone_dice = 1` it gives 1, and `5`
    sinks a corsair, leaving 1 Ottoman die (OP-4.2)."""
    piracy = (
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2 "
        "allied_squadrons_in_zone:1 ally:venice ports:2"
    )
    seated.script_dice([1, 1])  # no target die: both corsairs roll
    default = await seated.slash(piracy, as_="player1")
    assert not default.ephemeral, default.text()
    dice = default.embed.field("Dice against the pirates — Hapsburgs: 0 dice")
    assert "1 squadron (Venice) in the piracy zone: no dice" in dice
    assert "in the piracy zone itself only the target's squadrons count" in dice

    await setting(seated, "other_powers_in_zone_dice", "1")
    seated.script_dice([5, 1])
    counted = await seated.slash(piracy.replace("Ionian", "Tyrrhenian"), as_="player1")
    assert not counted.ephemeral, counted.text()
    dice = counted.embed.field("Dice against the pirates — Hapsburgs: 1 die")
    assert "1 squadron (Venice) in the piracy zone: 1 die" in dice
    assert "Sunk: 1 corsair; left: 1 corsair." in dice
    assert "base 1, only 1 corsair" in counted.embed.field("Ottoman dice: 1 die")


async def test_op_i14_enforced_cp_show_what_is_left_of_the_impulse(seated):
    """OP-I14 (`enforce_cp = true`): the story says the 2 CP came out of the Ottoman
    impulse's 5, not that they are recorded only."""
    await setting(seated, "enforce_cp", "true")
    impulse = await seated.slash("/corsairs impulse power:ottoman cp:5", as_="gm")
    assert not impulse.ephemeral, impulse.text()
    seated.script_dice([1, 1])

    reply = await seated.slash(
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2 ports:2", as_="player1"
    )

    assert not reply.ephemeral, reply.text()
    assert "2 CP spent; 3 CP left this impulse" in reply.embed.description
    assert "recorded only" not in reply.embed.description


async def test_op_i13_a_cap_lowered_below_the_vp_gained_is_told_and_read_as_reached(seated):
    """OP-I13: under a cap of 12 the Ottomans reach 11 piracy VP and a piracy asks the
    Habsburgs with a +1 VP button; the GM then lowers the cap to 10 and is told the 11 stay
    and VP is no longer offered. The question asked before is redrawn without its VP
    button; the status and the piracy's story read "11 (cap 10 reached)" (in Russian too),
    never "11/10"."""
    await setting(seated, "piracy_vp_cap", "12")
    await set_up(seated, [("/corsairs vp value:11", "gm", "0 → 11")])
    seated.script_dice([1, 2, 5, 6])  # 2 Habsburg dice miss; 2 Ottoman hits
    question = await seated.slash(
        "/corsairs piracy zone:Tyrrhenian Sea target:hapsburg corsairs:2 "
        "squadrons_in_zone:1 ports:2",
        as_="player1",
    )
    assert "+1 piracy VP" in [b.label for b in question.buttons]
    assert question.embed.field("Ottoman piracy VP") == "11/12"

    lowered = await seated.slash(
        "/campaign settings set setting:ottoman_piracy.piracy_vp_cap value:10", as_="gm"
    )

    assert not lowered.ephemeral, lowered.text()
    assert lowered.embed.title == "`ottoman_piracy.piracy_vp_cap` is now **10**."
    assert lowered.embed.description.splitlines() == [
        "Hapsburgs: choose the reward for hit 1 of 2 (OP-5.3).",
        "⚠️ The Ottomans already have 11 piracy VP, past the cap of 10: they keep them, and "
        "+1 VP is no longer offered as a piracy reward (OP-I13).",
    ]
    # The question asked before is redrawn without the button it can no longer offer.
    assert "+1 piracy VP" not in [b.label for b in question.buttons]
    assert question.embed.field("Ottoman piracy VP") == "11 (cap 10 reached)"
    status = await seated.slash("/corsairs status", as_="player2")
    assert status.embed.field("Ottoman piracy VP") == "11 (cap 10 reached)"

    squadron = await seated.click(
        question,
        "Eliminate a squadron (Hapsburgs) in the piracy zone, Tyrrhenian Sea",
        as_="player2",
    )
    assert "+1 piracy VP" not in [b.label for b in squadron.buttons]
    assert squadron.embed.field("Ottoman piracy VP") == "11 (cap 10 reached)"

    await set_up(seated, [("/campaign settings set setting:core.language value:ru", "gm")])
    russian = await seated.slash("/corsairs status", as_="player2")
    assert russian.embed.field("VP Османов за пиратство") == "11 (предел 10 достигнут)"


async def test_op_i9_a_leader_rating_is_refused_in_one_line_and_changed_through_the_file(
    seated,
):
    """OP-I9: the piracy ratings are a table. `/campaign settings set` refuses it by naming
    the route that works (there is no `/corsairs` command for it): the file from `/campaign
    settings export`, edited and loaded with `/campaign settings import`; done so, Barbarossa's
    rating is 3 (Russian: the same route)."""
    line = "/campaign settings set setting:ottoman_piracy.piracy_ratings value:barbarossa=3"
    said = await refusal(seated, line)
    assert said == (
        "`ottoman_piracy.piracy_ratings` is a table: it cannot be set in one line. Take the "
        "file with `/campaign settings export`, change the table in it, then load it with "
        "`/campaign settings import`."
    )

    exported = await seated.slash("/campaign settings export ruleset:ottoman_piracy", as_="gm")
    text = exported.attachments[0].text
    assert "barbarossa = 1" in text, text
    files = {"s.toml": text.replace("barbarossa = 1", "barbarossa = 3").encode()}
    applied = await confirmed(
        seated, "/campaign settings import file:s.toml", as_="gm", files=files
    )
    assert not applied.ephemeral, applied.text()
    seated.script_dice([1, 1, 1, 1, 1])
    story = await seated.slash(
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:1 leaders:barbarossa",
        as_="player1",
    )
    assert "Barbarossa: +3 for the piracy rating." in story.embed.field("Ottoman dice: 4 dice")

    await seated.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    said = await refusal(seated, line)
    assert "`/campaign settings export`" in said and "`/campaign settings import`" in said


async def test_every_table_setting_is_refused_by_naming_commands_that_exist(table):
    """Each table setting of each ruleset is refused in one line by naming commands the bot
    has (the README lists each): Fleet combat's ship table its `/combat stats` commands as
    well as the file, the others the file alone."""
    created = await table.slash("/campaign create name:All", as_="gm")  # every ruleset
    assert not created.ephemeral, created.text()
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")

    def listed(command: str) -> bool:
        return any(f"`{command}{end}" in readme for end in "` ")

    tables = [
        f"{spec.key}.{name}"
        for spec in rulesets.available()
        for name in type(spec.settings_model()).model_fields
        if settings_edit.describe(spec.settings_model(), name).kind == "table"
    ]
    assert "fleet_combat.ship_stats" in tables and "space_pirates.ship_cost_table" in tables
    for setting in tables:
        reply = await table.slash(f"/campaign settings set setting:{setting} value:x", as_="gm")
        said = reply.embed.description
        assert reply.ephemeral and said.startswith(f"`{setting}` is a table"), said
        named = re.findall(r"`(/[a-z -]+)`", said)
        assert "/campaign settings import" in named, said
        assert all(listed(command) for command in named), (named, said)
        assert ("/combat stats set" in named) == setting.startswith("fleet_combat."), said
