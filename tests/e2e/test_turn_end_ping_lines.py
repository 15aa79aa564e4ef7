"""The turn's end ping says what happened to each pinged player's pieces, ruleset by ruleset,
in words the turn's summary above it already published: a fleet's losses in its battle, a
squadron starting its raid, a route raided and the ships a co-owner lost defending it. A
ping written before it told this (an older version's row, posted after a restart) reads as
it did.

Fleet combat: player1 plays Red, player2 Blue, player3 Green. Naval orders: player1
Britain, player2 France, player3 Russia. Space pirates: player1 Vega, player2 Orion, player3
Lyra.
"""

from __future__ import annotations

import json
import re

import tests.e2e.test_naval_orders as navies
import tests.e2e.test_space_pirates as frontier
from bot.storage.outbox import unsent
from tests.e2e.test_naval_orders import give
from tests.e2e.test_naval_orders import hidden_raid
from tests.e2e.test_outbox import dies_before_posting
from tests.e2e.test_outbox import restart_posts
from tests.e2e.test_space_pirates import question_of
from tests.e2e.test_turn_owed import end_turn
from tests.e2e.test_turn_owed import red_attacks_blue_at_mecatol

navy = navies.navy
pirates = frontier.pirates


def ping_of(ended):
    """The message a turn's end pings its players with."""
    [ping] = [m for m in ended.followups if m.pings]
    return ping


def summary_of(ended, ruleset: str) -> str:
    """The text of a ruleset's part of the turn's summary."""
    return "\n".join(
        e.get("description") or ""
        for m in ended.followups
        for e in m.embeds
        if (e.get("title") or "").startswith(ruleset)
    )


def row_of(content: str, who: str) -> str:
    """A pinged player's own line of the ping."""
    [row] = [line for line in content.splitlines() if line.startswith(f"{who} — ")]
    return row


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text))


async def test_each_fleet_reads_its_own_losses_in_the_battle_after_turn_end(table):
    """FC-I6: the end of turn 1 fights a round at Mecatol. Red's and Blue's players each
    read, after their mention, the battle, what their own fleet lost and that it fights on,
    as the summary tells it, then the fire orders they owe; Green, not in the battle, is
    not pinged."""
    await red_attacks_blue_at_mecatol(table)

    ended = await end_turn(table, 1)

    ping = ping_of(ended)
    assert ping.pings == {"player1", "player2"}
    red, blue = (f"<@{table.member(p).id}>" for p in ("player1", "player2"))
    summary = summary_of(ended, "Fleet combat")
    assert ping.content.splitlines()[0] == "The turn's end concerns you:"
    for who, mine, theirs in ((red, "Red", "Blue"), (blue, "Blue", "Red")):
        row = row_of(ping.content, who)
        assert row.startswith(f"{who} — Fleet combat: Battle #1 at Mecatol, round 1: {mine} lost")
        assert f"{theirs} lost" not in row
        lost = re.search(rf"{mine} lost [^—;]+", row)
        assert lost is not None and lost[0].strip() in summary, (row, summary)
        assert "still fighting" in row
        assert row.endswith(
            "awaited from you: fire orders or a retreat in battle #1 at Mecatol, round 2 (FC-I7)"
        )
    assert str(table.member("player3").id) not in ping.content


async def test_a_squadron_starting_its_raid_is_told_to_its_player_with_the_turns(navy):
    """NO-6.2, NO-I13: France's Hirondelle, ordered to raid location 22 where it is, starts
    raiding at the end of turn 1 for 1 + d3 (2) turns; France's player reads it in the
    ping, short, with its length, as the summary published it."""
    await navy.slash(
        "/navy forces register name:Hirondelle kind:auxiliary location:22 ships:2xV, VI",
        as_="player2",
    )
    await give(
        navy,
        "Hirondelle",
        "raid",
        navies.form(point="Biscay", location="22", turns="1"),
        as_="player2",
    )
    navy.script_dice([2])

    ended = await end_turn(navy, 1)

    assert "Hirondelle starts raiding: 1 ordered + d3 (2) = 3 turns" in summary_of(
        ended, "Naval orders"
    )
    ping = ping_of(ended)
    assert ping.pings == {"player2"}
    france = f"<@{navy.member('player2').id}>"
    assert row_of(ping.content, france) == (
        f"{france} — Naval orders: Hirondelle starts raiding (3 turns)"
    )


async def test_a_player_whose_force_still_lacks_orders_is_pinged_for_it(navy):
    """NO-I2: Russia registered a squadron and gave it no order; nothing happened to it at
    turn 1's end, but the turn that starts waits for its order: Russia's player is pinged
    for it, counted, not named (the ping is public)."""
    await navy.slash(
        "/navy forces register name:Baltic kind:line location:30 ships:2xIII", as_="player3"
    )

    ended = await end_turn(navy, 1)

    ping = ping_of(ended)
    assert ping.pings == {"player3"}
    russia = f"<@{navy.member('player3').id}>"
    assert ping.content.endswith(
        f"{russia} — awaited from you (Naval orders): 1 force lacks orders for turn 2"
    )
    assert "Baltic" not in ping.content


async def test_a_hidden_raid_and_private_orders_leave_nothing_in_the_ping_the_summary_hid(
    navy,
):
    """Orders are private until the turn ends (`orders_public` off) and the raid's length
    is hidden (NO-I13 `raid_extra_roll_hidden`): Britain's squadron has a secret cruise it
    has not begun, France's Hirondelle starts its hidden raid. The ping names France's
    player alone and tells that the raid starts, not how long it lasts; every word of it
    is in the summary, which says nothing of Britain's order either."""
    await navy.slash(navies.REGISTER_WS, as_="player1")
    await give(navy, navies.WS, "cruise", navies.form(point="Ushant", location="5", turns="2"))
    await hidden_raid(navy, turns="4")
    navy.script_dice([2])

    ended = await end_turn(navy, 1)

    summary = summary_of(ended, "Naval orders")
    assert "Hirondelle starts raiding; its duration is known to the GM." in summary
    ping = ping_of(ended)
    assert ping.pings == {"player2"}
    france = f"<@{navy.member('player2').id}>"
    row = row_of(ping.content, france)
    assert row == f"{france} — Naval orders: Hirondelle starts raiding"
    told = row.removeprefix(f"{france} — Naval orders: ")
    assert words(told) <= words(summary)
    assert not re.search(r"\d", told)
    for secret in ("Ushant", "cruis", "6 turns", "d3"):
        assert secret not in ping.content and secret not in summary


async def test_a_raid_forced_at_the_next_turn_end_tells_the_victim_and_the_co_owner(pirates):
    """SP-I43, SP-I45: Orion's cruiser guards Vega and Orion's shared route; the pirates
    raid it through Vega at turn 1's end and Vega leaves the buy-off unanswered. Turn 2's
    end declines it for her: the battle is lost. Vega's player reads that her route was
    raided and what it cost; Orion's player reads the cruiser Orion lost defending it, in
    the summary's words."""
    added = await pirates.slash(
        "/pirates route add name:Shared goods:100 owners:Vega:60, Orion:40 ships:cruiser@Orion "
        "faction:Vega",
        as_="gm",
    )
    assert not added.ephemeral, added.text()
    pirates.script_dice([1, 6])
    first = await frontier.end_turn(pirates, 1)
    assert question_of(first, "Refuse and fight") is not None
    pirates.script_dice([1, 1, 6, 6, 6, 1, 1, 1, 20, 20, 20])

    ended = await frontier.end_turn(pirates, 2)

    ping = ping_of(ended)
    assert ping.pings >= {"player1", "player2"}
    vega, orion = (f"<@{pirates.member(p).id}>" for p in ("player1", "player2"))
    summary = " ".join(summary_of(ended, "Space pirates").split())
    assert "Vega: Shared raided: 60 income lost, streak 1 (Orion lost 1 cruiser)" in summary
    assert row_of(ping.content, vega).startswith(
        f"{vega} — Space pirates: Shared raided: 60 income lost, streak 1"
    )
    assert row_of(ping.content, orion).startswith(
        f"{orion} — Space pirates: Shared, raid on Vega — Orion lost 1 cruiser"
    )


async def test_a_ping_written_before_it_told_what_happened_reads_as_it_did(table, monkeypatch):
    """An older version wrote the ping's row with the factions alone (`[ruleset,
    [factions]]`); posted after a restart by this version, it reads as it then did: why each
    player is pinged and what they owe, on one line."""
    await red_attacks_blue_at_mecatol(table)
    question = await table.slash("/turn end", as_="gm")
    with dies_before_posting(monkeypatch):
        await table.click(question, "End turn 1", as_="gm")
    db = table.bot.service.db
    [row] = [m for m in await unsent(db) if m.payload.get("render") == "turn_end.tail"]
    args = row.payload["args"]
    assert [entry[:2] for entry in args["affected"]] == [["fleet_combat", ["Red", "Blue"]]]
    older = {**row.payload, "args": {**args, "affected": [["fleet_combat", ["Red", "Blue"]]]}}
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE outbox SET payload = ? WHERE id = ?",
            (json.dumps(older, ensure_ascii=False, separators=(",", ":")), row.id),
        )

    await table.restart()

    [ping] = [m for m in restart_posts(table) if "concerns you" in m.content]
    red, blue = (f"<@{table.member(p).id}>" for p in ("player1", "player2"))
    owed = "fire orders or a retreat in battle #1 at Mecatol, round 2 (FC-I7)"
    assert ping.content.endswith(
        f"The turn's end concerns you: {red} — something happened to your pieces (Fleet"
        f" combat), awaited from you: {owed}; {blue} — something happened to your pieces (Fleet"
        f" combat), awaited from you: {owed}"
    )
    assert ping.pings == {"player1", "player2"}
