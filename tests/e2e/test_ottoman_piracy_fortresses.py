"""The fortresses a piracy's target counts (OP-2.4), as typed in `fortresses:`: a mistyped
controller or a fortress named twice is refused at once, before any die is rolled, rather
than changing the anti-piracy roll."""

from __future__ import annotations

from bot.standin import Table

from .test_core_refusals_text import ZW
from .test_core_refusals_text import refusal

PIRACY = "/corsairs piracy zone:Adriatic Sea target:france corsairs:2 fortresses:"


async def nothing_declared(table: Table) -> None:
    status = await table.slash("/corsairs status", as_="player1")
    assert "No piracy declared this turn." in status.text(), status.text()


async def test_a_mistyped_controller_is_refused_like_a_mistyped_target(seated: Table):
    """OP-2.4, OP-I6: "Hospitalers" is no power; read as one not at war, it would cost
    France Malta's die. It is refused naming the known powers, as a target is."""
    said = await refusal(seated, PIRACY + "Malta (Hospitalers)", as_="player1")
    assert said.startswith("Unknown power “Hospitalers”. Known: "), said
    assert "Hospitallers" in said
    await nothing_declared(seated)


async def test_a_controller_is_named_as_its_power_whatever_the_spelling(seated: Table):
    """A controller typed in Russian, or by the faction that plays it, is its power."""
    seated.script_dice([1, 1, 1, 1])
    story = await seated.slash(
        PIRACY + "Malta (иоанниты), Trieste (Habsburgs), Ancona (France)", as_="player1"
    )
    assert not story.ephemeral, story.text()
    dice = story.embed.field("Dice against the pirates — France: 3 dice")
    assert "Malta (Hospitallers): 1 die" in dice
    assert "Trieste (Hapsburgs): 1 die" in dice
    assert "Ancona (France): 1 die" in dice


async def test_a_fortress_named_twice_is_refused_not_counted_twice(seated: Table):
    """OP-2.4: one die for each fortress; Malta pasted twice is one fortress, not two dice."""
    said = await refusal(
        seated, PIRACY + "Malta (Hospitallers), malta (Hospitallers)", as_="player1"
    )
    assert said.startswith("The fortress “malta” is listed twice"), said
    await nothing_declared(seated)


async def test_a_counted_fortress_typed_beside_its_count_is_refused(seated: Table):
    """OP-2.4: `2` stands for fortresses "#1" and "#2", so "#1" typed beside it is one of
    them named twice, not a third die."""
    said = await refusal(seated, PIRACY + "2, #1", as_="player1")
    assert said.startswith("The fortress “\\#1” is listed twice"), said  # shown as typed
    await nothing_declared(seated)


async def test_a_fortress_named_twice_is_quoted_as_typed(seated: Table):
    """A fortress name quoted in the refusal is shown literally: no bold, no @everyone."""
    said = await refusal(seated, PIRACY + "**@everyone**, **@everyone**", as_="player1")
    assert said.startswith(f"The fortress “\\*\\*@{ZW}everyone\\*\\*” is listed twice"), said
    await nothing_declared(seated)
