"""SP-I33: "The bot reports the cancellation to the briber and the GM." A bribe's briber is
sealed (`reveal_briber_to_victim` off), so nothing public can tell it; the briber reads how
their bribe ended in their own `/pirates status` the turn after, privately, and no other
player's status mentions it.

Vega (player1), Orion (player2) and Lyra (player3, who reads Russian), with a GM.
"""

from __future__ import annotations

import re

import tests.e2e.test_space_pirates as base
from tests.e2e.confirming import confirmed
from tests.e2e.test_space_pirates import end_turn

pirates = base.pirates


def status_text(reply) -> str:
    return "\n".join((e.get("description") or "") for e in reply.embeds)


async def test_a_cancelled_bribe_is_told_to_its_briber_in_their_status_alone(pirates):
    """Vega bribes a raid on Orion's one route, Line; Orion removes Line; the GM ends turn 1:
    the bribe is cancelled when it comes up. Vega's `/pirates status` (private) says so;
    Orion's and Lyra's say nothing of a bribe; nothing public does."""
    table = pirates
    await table.slash("/pirates route add name:Line goods:200", as_="player2")
    await table.slash("/pirates contacts factions:Orion", as_="player1")
    quote = await table.slash("/pirates bribe victim:Orion", as_="player1")
    table.script_dice([2, 3])
    placed = await table.click(quote, "Confirm", as_="player1")
    number = re.search(r"Bribe #(\d+) against Orion placed", placed.embed.description)
    assert number is not None, placed.embed.description
    bribe = number[1]
    removed = await confirmed(table, "/pirates route remove route:1", as_="player2")
    assert "Route #1 Line (Orion) removed" in removed.text()

    ended = await end_turn(table, 1)

    public = "\n".join(
        (m.content or "") + str(m.embeds) for m in ended.followups if not m.ephemeral
    )
    assert "cancelled" not in public and "bribe" not in public.lower()
    vega = await table.slash("/pirates status", as_="player1")
    assert vega.ephemeral
    assert (
        f"Your bribe #{bribe} (route raid against Orion, turn 1) was cancelled in that turn's "
        "resolution: nothing refunded"
    ) in status_text(vega)
    assert "SP-I33" in vega.embed.footer
    orion = await table.slash("/pirates status", as_="player2")
    assert orion.ephemeral and "bribe" not in status_text(orion).lower()
    assert f"#{bribe}" not in status_text(orion)
    lyra = await table.slash("/pirates status", as_="player3")
    assert lyra.ephemeral and "подкуп" not in status_text(lyra).lower()
    assert f"№{bribe}" not in status_text(lyra) and status_text(lyra)
    gm = await table.slash("/pirates status faction:Vega", as_="gm")
    assert f"Vega's bribe #{bribe}" in status_text(gm) and gm.ephemeral  # named, not "your"
