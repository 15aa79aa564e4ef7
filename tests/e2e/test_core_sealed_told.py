"""A sealed entry read as its maker does (bot/secret_rolls.py `reads_sealed`): its maker and
the GMs read what the maker was told when they made it (a Space pirates bribe's victim,
target and price, SP-I33) in `/history show` (a list's line keeps to the summary everyone
reads), before the turn ends and after; every other player reads only that a hidden player
made it, and neither the turn's end nor the export publishes it to them.

Vega (player1) bribes a raid on Orion's (player2) route Line: "Bribe #… against Orion placed;
owed: …" is what she was told.
"""

from __future__ import annotations

import json

from tests.e2e.test_naval_orders_secrecy import exported
from tests.e2e.test_naval_orders_secrecy import show_text
from tests.e2e.test_space_pirates_sealed_briber import frontier  # noqa: F401
from tests.e2e.test_space_pirates_sealed_briber import resolve_turn_1
from tests.e2e.test_space_pirates_sealed_briber import sealed_file
from tests.e2e.test_space_pirates_sealed_briber import vega_bribes

TOLD = "against Orion placed; owed:"


def read_by(reply, *, private: bool) -> str:
    """The embeds of a command's answer that only its reader sees (`private`) or that the
    channel sees, as one text."""
    return "\n".join(
        json.dumps(m.embeds, ensure_ascii=False) for m in reply.messages if m.ephemeral == private
    )


async def test_the_briber_and_the_gm_read_the_victim_and_price_of_a_sealed_bribe(frontier):  # noqa: F811
    """Vega's and the GM's `/history show` of the bribe say whom it targets and what it
    costs, privately; Orion's says a hidden player placed a bribe and nothing more."""
    table = frontier
    seq = await vega_bribes(table)
    for reader in ("player1", "gm"):
        shown = await table.slash(f"/history show entry:{seq}", as_=reader)
        told = read_by(shown, private=True)
        assert TOLD in told and "route raid on Line" in told, reader
        assert TOLD not in read_by(shown, private=False), reader
    theirs = await table.slash(f"/history show entry:{seq}", as_="player2")
    assert not theirs.ephemeral
    assert TOLD not in show_text(theirs) and "Line" not in show_text(theirs)


async def test_after_the_turn_ends_only_the_briber_and_the_gm_read_what_it_was(frontier):  # noqa: F811
    """The turn's end publishes the hidden part; Vega still reads her bribe in full, Orion
    still reads only that a hidden player placed one, and Orion's export has none of it,
    while the GM's file of sealed entries carries it."""
    table = frontier
    seq = await vega_bribes(table)
    await resolve_turn_1(table)
    mine = await table.slash(f"/history show entry:{seq}", as_="player1")
    assert TOLD in read_by(mine, private=True) and TOLD not in read_by(mine, private=False)
    theirs = await table.slash(f"/history show entry:{seq}", as_="player2")
    assert TOLD not in show_text(theirs) and "A hidden player" in show_text(theirs)

    export = await table.slash("/history export", as_="player2")
    assert 'pirates.done.bribe"' not in exported(export) and sealed_file(export) is None
    gm_export = await table.slash("/history export", as_="gm")
    kept = sealed_file(gm_export)
    assert kept is not None
    assert any(TOLD in part.get("told", "") for part in kept["sealed"])
