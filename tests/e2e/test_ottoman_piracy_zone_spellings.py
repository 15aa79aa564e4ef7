"""Ottoman piracy in one sea zone written several ways: a trailing dot, a hyphen, another
case or a custom zone's punctuation make no new zone. The second declaration of the turn is
refused naming the zone already marked, and the turn keeps its one marker (OP-1.4, OP-I3).

Player1 plays the Ottomans, player2 the Habsburgs (at war with the Ottomans), player3
France (in Russian). Faces are scripted: anti-piracy roll, piracy roll.
"""

from __future__ import annotations

from typing import Any

import pytest

from .play import refused_alone
from .play import saved_state


async def _declare(table: Any, zone: str) -> None:
    table.script_dice([1, 1])
    first = await table.slash(
        f"/corsairs piracy zone:{zone} target:hapsburg corsairs:2", as_="player1"
    )
    assert not first.ephemeral, first.text()


@pytest.mark.parametrize(
    "zone", ["Aegean sea.", "AEGEAN-SEA", "the Aegean Sea!", "Эгейское-море", "Эгейское море."]
)
async def test_a_used_zone_written_otherwise_gets_no_second_piracy(seated, zone):
    """OP-1.4: piracy in the Aegean Sea marks it for the turn; the same zone with a dot, a
    hyphen or in Russian is that zone, so the second piracy is refused naming it."""
    await _declare(seated, "Aegean Sea")
    seated.script_dice([1, 1])

    said = await refused_alone(
        seated, f"/corsairs piracy zone:{zone} target:hapsburg corsairs:2", "player1"
    )

    assert said.startswith(
        "The Ottomans already initiated piracy in Aegean Sea this turn: the piracy marker is "
        "there (OP-1.4)."
    ), said
    status = await seated.slash("/corsairs status", as_="gm")
    assert status.embed.field("Piracy markers this turn") == "Aegean Sea (1 piracy)"


async def test_the_refusal_names_the_used_zone_in_russian(seated):
    """Player3, made a GM, declares in «Эгейское-море» after the Aegean Sea was marked: the
    refusal, in Russian, names the zone as the map does, «Эгейское море»."""
    await _declare(seated, "Aegean Sea")
    await seated.slash("/campaign gm add user:@player3", as_="gm")
    seated.script_dice([1, 1])

    said = await refused_alone(
        seated, "/corsairs piracy zone:Эгейское-море target:hapsburg corsairs:2", "player3"
    )

    assert said.startswith("Османы уже инициировали пиратство в зоне «Эгейское море» в этот ход"), (
        said
    )


async def test_a_zone_of_the_players_own_is_one_zone_however_punctuated(seated):
    """A zone off the map ("Sea of Azov") marked this turn blocks "sea-of-azov." too; a
    look-alike of it behind punctuation ("Seа of Azov." with a Cyrillic `а`) is refused as
    a look-alike rather than marked anew."""
    await _declare(seated, "Sea of Azov")
    seated.script_dice([1, 1])

    said = await refused_alone(
        seated, "/corsairs piracy zone:sea-of-azov. target:hapsburg corsairs:2", "player1"
    )
    assert said.startswith("The Ottomans already initiated piracy in Sea of Azov this turn")

    said = await refused_alone(
        seated, "/corsairs piracy zone:Se\u0430 of Azov. target:hapsburg corsairs:2", "player1"
    )
    assert said.startswith("“Se\u0430 of Azov.” looks too much like the sea zone Sea of Azov")
    status = await seated.slash("/corsairs status", as_="gm")
    assert status.embed.field("Piracy markers this turn") == "Sea of Azov (1 piracy)"


async def test_a_marker_saved_under_another_spelling_still_blocks_its_zone(seated):
    """A marker an earlier release saved for "Aegean sea." under a key of its own
    (`aegean_sea.`) marks the Aegean Sea: piracy there this turn is refused."""
    await _declare(seated, "Aegean Sea")

    def old_marker(state: dict[str, Any]) -> None:
        (marker,) = state["piracy_markers"]
        marker.update(zone_key="aegean_sea.", sea_zone="Aegean sea.")

    await saved_state(seated, "ottoman_piracy", old_marker)
    seated.script_dice([1, 1])

    said = await refused_alone(
        seated, "/corsairs piracy zone:Aegean Sea target:hapsburg corsairs:2", "player1"
    )

    assert said.startswith("The Ottomans already initiated piracy in Aegean Sea this turn"), said


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("corsairs:0", "There are no corsairs in Barbary Coast to start piracy (OP-I2)."),
        (
            "corsairs:2 ports:0",
            "The target must control at least one port adjacent to Barbary Coast (OP-1.2).",
        ),
    ],
)
async def test_a_refused_declaration_names_the_zone_not_the_spelling_typed(seated, line, said):
    """OP-1.2, OP-I2: a refusal names a known zone by its name, as the marker refusal does,
    not as typed ("barbary coast")."""
    refused = await refused_alone(
        seated, f"/corsairs piracy zone:barbary coast target:hapsburg {line}", as_="player1"
    )
    assert refused.startswith(said), refused


async def test_the_marker_refusal_escapes_a_custom_zones_name_once(seated):
    """OP-1.4: a zone named with Markdown is quoted as typed, its stars escaped once (no
    backslashes shown to the player)."""
    await _declare(seated, "**Bold** sea")
    refused = await refused_alone(
        seated, "/corsairs piracy zone:**bold** sea target:hapsburg corsairs:2", as_="player1"
    )
    assert refused.startswith(
        "The Ottomans already initiated piracy in \\*\\*Bold\\*\\* sea this turn"
    ), refused


async def test_the_status_lists_each_marked_zone_once_under_its_heading(seated):
    """OP-1.4, OP-I3: two zones marked this turn are listed one a line under "Piracy markers
    this turn", each with how many piracies it saw, in the campaign's language."""
    await _declare(seated, "Aegean Sea")
    await _declare(seated, "Ionian Sea")

    status = await seated.slash("/corsairs status", as_="gm")
    assert status.embed.field("Piracy markers this turn") == (
        "Aegean Sea (1 piracy)\nIonian Sea (1 piracy)"
    )
    await seated.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    russian = await seated.slash("/corsairs status", as_="gm")
    assert russian.embed.field("Фишки пиратства в этот ход") == (
        "Эгейское море (1 пиратство)\nИоническое море (1 пиратство)"
    )
