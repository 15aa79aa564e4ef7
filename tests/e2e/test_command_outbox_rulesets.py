"""The registrations and corrections of Company raids, Space pirates and Naval orders go
through the outbox (Hardening, item 3 of issue 11): each command's answer is written with
its change; when the process dies between commit and post, a public answer is posted once
after the restart, in order, and a private one (only its interaction could show it) is
dropped while its change stands.

One session per ruleset plays its commands, each killed after its commit in turn
(`dies_before_posting`, tests/e2e/test_click_outbox.py), then restarts twice: the first
start posts what was left, the second nothing more. The crash mechanics do not depend on the
database engine, so only the Company raids session runs on both; the others on SQLite.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from bot.standin import Table
from bot.storage.outbox import unsent
from tests.e2e.confirming import asks_first
from tests.e2e.confirming import killed_confirm
from tests.e2e.test_click_outbox import dies_before_posting
from tests.e2e.test_click_outbox import restart_posts
from tests.e2e.test_command_outbox import killed_click
from tests.e2e.test_company_raids import board  # noqa: F401 - a fixture
from tests.e2e.test_company_raids import board_shown
from tests.e2e.test_naval_orders import WS
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders import navy  # noqa: F401 - a fixture
from tests.e2e.test_naval_orders import text_of
from tests.e2e.test_space_pirates import after_a_raid  # noqa: F401 - fixtures
from tests.e2e.test_space_pirates import pirates  # noqa: F401 - fixtures
from tests.e2e.test_space_pirates_operations import offers_at_placement
from tests.e2e.test_space_pirates_operations import open_offers
from tests.e2e.test_space_pirates_operations import placed_bribe
from tests.postgres import backends

# The sessions whose crash mechanics are checked on SQLite only (none in a PostgreSQL-only
# run: an empty parameter list skips them).
sqlite_only = pytest.mark.parametrize(
    "database_target", [b for b in backends() if b == "sqlite"], indirect=True
)


async def killed(played: Table, monkeypatch: pytest.MonkeyPatch, line: str, who: str) -> None:
    """`who` types `line` (and confirms it, when it asks first); it commits and its post
    dies (the player sees an error)."""
    if asks_first(line):
        await killed_confirm(played, monkeypatch, line, who)
        return
    with dies_before_posting(monkeypatch) as attempts:
        died = await played.slash(line, as_=who)
    assert attempts == ["reply"] and died.ephemeral, (line, died.text())


async def posted_once_after_restarts(played: Table, expected: Sequence[str]) -> None:
    """After a restart the channel has one restart post per public answer left unsent, in
    the order the commands committed, each saying what its command did; nothing is left
    unsent, and a second restart posts nothing more."""
    await played.restart()
    posts = restart_posts(played)
    said = [p.embed.description for p in posts]
    assert len(said) == len(expected), said
    for text, wanted in zip(said, expected, strict=True):
        assert wanted in text, (wanted, text)
    assert all(p.pings == frozenset() and p.buttons == [] for p in posts)
    assert await unsent(played.bot.service.db) == []
    await played.restart()
    assert len(restart_posts(played)) == len(expected)


async def number_of(played: Table, listing: str, name: str) -> int:
    """The number `listing` (`/pirates routes`, `planets`) shows for the route or planet
    named (committed, its answer's post killed)."""
    shown = (await played.slash(listing, as_="gm")).embed.description
    found = re.search(rf"#(\d+)\W+{name}", shown)
    assert found is not None, shown
    return int(found.group(1))


# --- Company raids (both engines) ------------------------------------------------------------


async def test_the_company_raids_board_commands_killed_after_commit_post_after_a_restart(
    board,  # noqa: F811 - the fixture imported above
    monkeypatch,
):
    """Section 1, CR-I4, CR-I9, CR-I11, CR-I16: every board command commits and its answer's
    post dies; after the restart each answer is in the channel once, in order, and the board
    shows every change."""
    played = board
    said = {  # each command Vera types, and what its answer says
        "/company add-company name:Mills fine:90 holding:Northern": "Company Mills registered",
        "/company edit-company name:Mills fine:120": "Mills updated: owner Vera, fine 120",
        "/company add-piece name:Clerk value:50": "Piece Clerk registered",
        "/company edit-piece name:Clerk value:70": "Piece Clerk updated: owner Vera, value 70.",
        "/company move piece:Clerk square:Mills": "Clerk moves to Mills.",
        "/company add-piece name:Guard value:40": "Piece Guard registered",
        "/company remove-piece name:Guard": "Piece Guard removed.",
        "/company add-company name:Docks fine:60": "Company Docks registered",
        "/company remove-company name:Docks": "Company Docks removed.",
        "/company add-piece name:Scout value:30 in_joker:true": "Vera becomes the Joker's owner",
        "/company holding companies:Mills": "Joker Holding of Vera: Mills.",
    }
    for line in said:
        await killed(played, monkeypatch, line, "player3")

    await posted_once_after_restarts(played, list(said.values()))
    shown = await board_shown(played)
    assert "Mills" in shown and "120" in shown and "Docks" not in shown
    assert "Clerk (Vera, value 70): in Mills" in shown and "Guard" not in shown


# --- Space pirates (SQLite) --------------------------------------------------------------------


@sqlite_only
async def test_the_pirates_registry_and_free_operations_killed_after_commit(
    after_a_raid,  # noqa: F811 - the fixture imported above
    monkeypatch,
):
    """SP-1.5, SP-1.6, SP-7.1, SP-10.1, SP-I35, SP-I40: routes, planets, contacts, the
    privateer technology, the turn order and a contract stationed and dismissed commit and
    their posts die: each is posted once after the restart, in order. SP-I33, SP-I34: a
    bribed raid bought off at placement and a bribe withdrawn are private to their player;
    killed, they are not shown in the channel after the restart, and they stand."""
    played = after_a_raid
    await offers_at_placement(played)
    await played.slash("/pirates route add name:Spice goods:200", as_="player1")
    quote = await played.slash("/pirates mercenaries hire value:1000", as_="player1")
    hired = await played.click(quote, "Confirm", as_="player1")
    contract = hired.embed.description.split("#")[1].split(" ")[0]
    await played.slash("/pirates contacts factions:Vega", as_="player2")
    await placed_bribe(played, [4, 6])
    withdrawn = await placed_bribe(played, [3, 3])
    offered = (await open_offers(played))[0]

    public: list[tuple[str, str, str]] = []

    async def kill(line: str, who: str, says: str) -> None:
        await killed(played, monkeypatch, line, who)
        public.append((line, who, says))

    await kill("/pirates route add name:Amber goods:300", "player3", "Amber registered")
    amber = await number_of(played, "/pirates routes", "Amber")
    spice = await number_of(played, "/pirates routes", "Spice")
    await kill(
        f"/pirates route edit route:{amber} goods:350", "player3", f"Route #{amber} Amber changed"
    )
    await kill(
        f"/pirates route remove route:{amber}", "player3", f"Route #{amber} Amber (Lyra) removed"
    )
    await kill("/pirates planet add name:Tau income:900 troops:4", "player2", "Tau registered")
    tau = await number_of(played, "/pirates planets", "Tau")
    await kill(
        f"/pirates planet edit planet:{tau} income:950", "player2", f"Planet #{tau} Tau changed"
    )
    await kill(
        f"/pirates planet remove planet:{tau}", "player2", f"Planet #{tau} Tau (Orion) removed"
    )
    await kill(
        "/pirates contacts factions:Vega, Lyra", "player2", "Orion has contact with: Vega, Lyra"
    )
    await kill(
        "/pirates tech faction:Orion researched:true", "gm", "Orion has the privateer technology"
    )
    await kill(
        "/pirates turn-order factions:Orion, Vega", "gm", "resolved in this order: Orion, Vega"
    )
    station = f"/pirates mercenaries station contract:{contract} station:route target:{spice}"
    await kill(station, "player1", f"Contract #{contract} now serves: on route #{spice}")
    dismiss = f"/pirates mercenaries dismiss contract:{contract}"
    asked = await played.slash(dismiss, as_="player1")  # SP-I35: asked first, then confirmed
    await killed_click(played, monkeypatch, asked, "Confirm", "player1")
    public.append((dismiss, "player1", f"Contract #{contract} dismissed"))
    await killed(played, monkeypatch, f"/pirates offer number:{offered} pay:true", "player1")
    await killed(played, monkeypatch, f"/pirates withdraw bribe:{withdrawn}", "player2")

    await posted_once_after_restarts(played, [said for _, _, said in public])
    log = (await played.slash("/history list", as_="gm")).text()
    assert "A hidden player withdrew a bribe (private, SP-I33)" in log  # who paid: sealed
    assert "pirates offer" in log
    status = await played.slash("/pirates status", as_="player1")
    assert f"offer #{offered}" not in status.embed.description


# --- Naval orders (SQLite) ---------------------------------------------------------------------


@sqlite_only
async def test_the_navy_writes_killed_after_commit_post_their_public_answers_after_a_restart(
    navy,  # noqa: F811 - the fixture imported above
    monkeypatch,
):
    """§4, NO-I1, NO-I6, NO-I16, NO-I19: the GM's list of ports changes publicly; a force's
    register, edit and position are private to its player; with `orders_public` an order
    given through its form is public. Each commits and its post dies: after the restart the
    public answers are posted once, in order, the private ones not at all, and every change
    stands."""
    played = navy
    await played.slash(
        "/campaign settings set setting:naval_orders.orders_public value:true", as_="gm"
    )
    steps = [
        ("/navy station add name:Dover location:3", "gm"),
        ("/navy station remove name:Plymouth", "gm"),
        ("/navy station distances location:5 distances:Portsmouth: 2, Brest: 7", "gm"),
        (
            f"/navy forces register name:{WS} kind:line location:1 ships:3xIII in_port:true",
            "player1",
        ),
        (f"/navy forces edit name:{WS} rating:2", "player1"),
        ("/navy forces register name:Swift kind:packet location:1 ships:packet", "player1"),
        ("/navy forces remove name:Swift", "player1"),
    ]
    for line, who in steps:
        await killed(played, monkeypatch, line, who)
    opened = await played.slash(f"/navy order unit:{WS} order:cruise", as_="player1")
    with dies_before_posting(monkeypatch) as attempts:
        await played.submit_modal(
            opened, form(point="Ushant", location="5", turns="2"), as_="player1"
        )
    assert attempts == ["reply"]
    await killed(played, monkeypatch, f"/navy position unit:{WS} location:5", "player1")

    await posted_once_after_restarts(
        played,
        [
            "Seaport Dover at location 3, no owner.",
            "Plymouth is taken off the list of ports.",
            "New order for Western Squadron: Cruising.",
        ],
    )
    listed = text_of(await played.slash("/navy station list", as_="gm"))
    assert "Dover" in listed and "Plymouth" not in listed
    orders = text_of(await played.slash("/navy orders", as_="player1"))
    assert WS in orders and "Swift" not in orders and "Cruise Ushant" in orders
