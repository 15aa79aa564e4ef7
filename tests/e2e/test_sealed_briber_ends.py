"""SP-I33, two ends of the sealed briber.

`reveal_briber_to_victim` is read when the bribe comes up: a GM who turns it on before the
turn ends lets the victim's report name the briber of a bribe placed while it was off (its
entry stays a hidden player's in the log and the exports); turned off before the turn ends,
the report names nobody (the entry of a bribe placed while it was on already names its
briber, and stays so).

A bribe a GM places for a faction is that faction's in the game: its player reads the
sealed entry as its maker does (in `/history list` and `show`, under her name with
`/history list player:`, in the private file of her export); nobody else does.

Vega (player1) and Orion (player2), with a GM; Vega, in contact with Orion, bribes the pirates
to raid Orion's one route, Line.
"""

from __future__ import annotations

import json

from tests.e2e.test_naval_orders_secrecy import exported
from tests.e2e.test_naval_orders_secrecy import show_text
from tests.e2e.test_sealed_briber_hostile import aside
from tests.e2e.test_sealed_briber_hostile import seqs
from tests.e2e.test_space_pirates_sealed_briber import HIDDEN_PLAYER
from tests.e2e.test_space_pirates_sealed_briber import PLACED
from tests.e2e.test_space_pirates_sealed_briber import entry_text
from tests.e2e.test_space_pirates_sealed_briber import frontier as frontier  # a fixture
from tests.e2e.test_space_pirates_sealed_briber import resolve_turn_1
from tests.e2e.test_space_pirates_sealed_briber import sealed_file
from tests.e2e.test_space_pirates_sealed_briber import vega
from tests.e2e.test_space_pirates_sealed_briber import vega_bribes

REVEAL = "/campaign settings set setting:space_pirates.reveal_briber_to_victim value:"
YOURS = "(🔒 hidden from the other players)"


async def test_turned_on_before_the_turn_ends_the_victims_report_names_the_briber(frontier):
    """Vega bribes while the setting is off; the GM turns it on before the turn ends: Orion's
    report of the bribed raid names Vega, as the GM's does; the entry stays a hidden
    player's in Orion's log, and his export names her nowhere but as a faction."""
    table = frontier
    seq = await vega_bribes(table)
    await table.slash(REVEAL + "true", as_="gm")
    await resolve_turn_1(table)

    orion = await table.slash("/pirates report turn:1", as_="player2")
    assert orion.ephemeral
    assert "Bribed raid on route Line (briber: Vega)" in orion.embed.description
    gm = await table.slash("/pirates report faction:Orion turn:1", as_="gm")
    assert "(briber: Vega)" in gm.embed.description

    page = await table.slash("/history list", as_="player2")
    line = entry_text(page, seq)
    assert HIDDEN_PLAYER in line and vega(table) not in line
    document = json.loads(exported(await table.slash("/history export", as_="player2")))
    entry = next(e for e in document["entries"] if e["seq"] == seq)
    assert (entry["actor_id"], entry["faction"]) == (0, None)
    assert [r["key"] for r in document["archive"] if "Vega" in r["body"]] == []


async def test_turned_off_before_the_turn_ends_the_victims_report_names_nobody(frontier):
    """Vega bribes while the setting is on; the GM turns it off before the turn ends:
    Orion's report does not name her (the GM's does), while the entry, written while it was
    on, still names her in his log."""
    table = frontier
    await table.slash(REVEAL + "true", as_="gm")
    seq = await vega_bribes(table)
    await table.slash(REVEAL + "false", as_="gm")
    await resolve_turn_1(table)

    orion = await table.slash("/pirates report turn:1", as_="player2")
    assert "Bribed raid on route Line" in orion.embed.description
    assert "Vega" not in orion.embed.description
    gm = await table.slash("/pirates report faction:Orion turn:1", as_="gm")
    assert "(briber: Vega)" in gm.embed.description
    assert vega(table) in entry_text(await table.slash("/history list", as_="player2"), seq)


async def test_vega_reads_the_bribe_the_gm_placed_for_her_as_her_own(frontier):
    """Vega's player reads the GM's bribe for her in full, with its maker (the GM, for
    Vega), in what `/history list` and `show` tell her alone after answering as everyone's,
    before the turn ends and after; Orion reads a hidden player's, with nothing of it."""
    table = frontier
    seq = await vega_bribes(table, as_="gm")
    gm = f"<@{table.member('gm').id}>"
    status = await table.slash("/pirates status", as_="player1")
    assert "Your bribe #1: route raid against Orion" in status.embed.description
    for turn_ended in (False, True):
        if turn_ended:
            await resolve_turn_1(table)
        page = await table.slash("/history list", as_="player1")
        assert HIDDEN_PLAYER in entry_text(page, seq) and not page.ephemeral
        line = entry_text(aside(page), seq)
        assert f"{gm} {YOURS}" in line and PLACED in line, line
        shown = await table.slash(f"/history show entry:{seq}", as_="player1")
        assert "A hidden player" in shown.field("Who") and not shown.ephemeral
        theirs = aside(shown)
        assert f"{gm} (Vega)" in theirs.field("Who") and PLACED in show_text(theirs)

        page = await table.slash("/history list", as_="player2")
        line = entry_text(page, seq)
        assert HIDDEN_PLAYER in line and gm not in line
        shown = await table.slash(f"/history show entry:{seq}", as_="player2")
        assert "A hidden player" in shown.field("Who") and "Vega" not in show_text(shown)
        assert (PLACED in show_text(shown)) is turn_ended  # its content, once published


async def test_vega_finds_the_gms_bribe_for_her_under_her_name_and_in_her_export(frontier):
    """`/history list player:@Vega` finds the GM's bribe for her in what her own list and
    the GM's tell them alone, not in Orion's (nor does his list of the GM); after the turn's
    end her export comes with the private file that proves who made it, Orion's without."""
    table = frontier
    seq = await vega_bribes(table, as_="gm")
    for reader in ("player1", "gm"):
        page = await table.slash("/history list player:@player1", as_=reader)
        assert seq not in seqs(page) and not page.ephemeral
        assert seq in seqs(aside(page)), (reader, page.followups)
    for mention in ("@player1", "@gm"):
        page = await table.slash(f"/history list player:{mention}", as_="player2")
        assert seq not in seqs(page), (mention, page.embed.description)

    await resolve_turn_1(table)
    found = sealed_file(await table.slash("/history export", as_="player1"))
    assert found is not None
    (part,) = found["sealed"]
    assert (part["entry"], part["faction"]) == (seq, "Vega")
    assert part["actor_id"] == table.member("gm").id
    assert sealed_file(await table.slash("/history export", as_="player2")) is None
