"""Secret naval orders stay secret in the log until the turn ends (issue 14 and the audit log).

With `orders_public` off, an entry that gives or changes an order is a secret entry: every
reader of `/history list`, `/history show` and the export sees who gave an order and when,
with a commitment, but not the order; its giver and the GMs read it in full, privately. The
GM's end of turn publishes it, and `/history verify` checks that the order published is the
one committed to. Player1 plays Britain, player2 France, player3 Russia (in Russian).
"""

from __future__ import annotations

import gzip
import json
import re
from typing import Any

from bot.verify_export import verify_document
from tests.e2e import test_naval_orders as played
from tests.e2e.test_naval_orders import REGISTER_WS
from tests.e2e.test_naval_orders import WS
from tests.e2e.test_naval_orders import end_turn
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders import give
from tests.e2e.test_naval_orders import transfer_by_packet

navy = played.navy  # the fixtures: the campaign, and Britain's squadron with its order
ordered = played.ordered

HIDDEN = "🔒 An order, hidden until the turn ends"
HIDDEN_RU = "🔒 Приказ, скрытый до конца хода"
ORDER_WORDS = "Ushant"  # the cruise's point: in the order's form values and its summary


async def listed(table, as_: str) -> Any:
    """`/history list` as `as_`."""
    return await table.slash("/history list", as_=as_)


def order_entry(reply) -> int:
    """The number of the newest `navy order` entry of a `/history list` page."""
    for line in (reply.embed.description or "").splitlines():
        if "**navy order**" in line or "**флот_приказы приказ**" in line:
            found = re.match(r"~*`#(\d+)`", line)
            assert found, line
            return int(found[1])
    raise AssertionError(reply.embed.description)


def show_text(reply) -> str:
    """A `/history show` embed's title, text and fields, as one text. Hashes and commitments
    (long hex runs) read as `<hex>`: a hash is random, and "1d6" may well occur inside one,
    so a test asking that the dice are not shown would fail by chance."""
    embed = reply.embed
    fields = " ".join(f"{f.name} {f.value}" for f in embed.fields)
    return HEX_RUN.sub("<hex>", f"{embed.title} {embed.description or ''} {fields}")


HEX_RUN = re.compile(r"[0-9a-f]{16,}")


def exported(reply) -> str:
    """The JSON of a `/history export`, decompressed."""
    parts = [a for a in reply.attachments if a.filename.endswith(".json.gz")]
    return "".join(gzip.decompress(p.data).decode("utf-8") for p in parts)


async def end_turn_ru(table, turn: int) -> None:
    """The GM ends `turn` in a Russian campaign."""
    question = await table.slash("/turn end", as_="gm")
    await table.click(question, f"Завершить ход {turn}", as_="gm")


async def verified(table) -> str:
    reply = await table.slash("/history verify", as_="gm")
    title = reply.followups[0].embed.title if reply.followups else reply.embed.title
    return str(title)


async def test_another_player_reads_that_an_order_was_given_but_not_the_order(ordered):
    """France sees Britain's entry (who, when, the commitment) and nothing of the order, in
    the list, in the entry and in the export."""
    page = await listed(ordered, "player2")
    assert not page.ephemeral
    assert ORDER_WORDS not in page.embed.description
    assert HIDDEN in page.embed.description
    seq = order_entry(page)

    shown = await ordered.slash(f"/history show entry:{seq}", as_="player2")
    assert not shown.ephemeral
    text = show_text(shown)
    assert ORDER_WORDS not in text and "cruise" not in text
    assert HIDDEN in text and "commitment `" in text
    assert "Britain" in text  # who gave it: the faction is not the secret

    export = await ordered.slash("/history export", as_="player2")
    assert export.attachments
    document = json.loads(exported(export))
    assert ORDER_WORDS not in exported(export)  # neither in the entries nor the stored state
    # Every entry from the hidden one on carries a digest of the state holding the order,
    # which could be matched against guessed orders: the export stops before it, and what
    # it holds verifies on its own.
    first = seq - 1  # the squadron's registration, just before its order, is hidden too
    assert f"Entries from #{first} on are left out" in export.embed.description
    assert "state" not in document
    assert max(e["seq"] for e in document["entries"]) == first - 1 == document["head"][0]
    assert verify_document(document).problem is None
    later = await ordered.slash(f"/history export since:#{seq}", as_="player2")
    assert later.ephemeral and f"entry #{first} and those after it wait" in later.text()


async def test_the_giver_and_the_gm_read_the_hidden_order_privately(ordered):
    """Britain's player and the GM read the order in the list and the entry, in a private
    answer (the channel never sees it)."""
    for reader in ("player1", "gm"):
        page = await listed(ordered, reader)
        assert page.ephemeral, reader
        assert ORDER_WORDS in page.embed.description, reader
        seq = order_entry(page)
        shown = await ordered.slash(f"/history show entry:{seq}", as_=reader)
        assert shown.ephemeral, reader
        text = show_text(shown)
        assert ORDER_WORDS in text and "Cruise Ushant" in text, reader


async def test_the_gms_older_page_of_a_public_list_keeps_the_order_hidden(ordered):
    """A page button on the public list (player2's) shows the page to everyone: it never
    reveals the order, whoever clicks it."""
    for _ in range(10):  # push the order onto the second page
        await ordered.slash("/roll dice:1d6", as_="player2")
    page = await listed(ordered, "player2")
    older = await ordered.click(page, "Older ▶", as_="gm")
    assert HIDDEN in older.embed.description
    assert ORDER_WORDS not in older.embed.description


async def test_the_gms_own_list_stays_private_page_after_page(ordered):
    """The GM's list shows the order privately; turning its pages keeps it the GM's alone,
    in the GM's language, the order shown again on the way back."""
    for _ in range(5):
        await ordered.slash("/roll dice:1d6", as_="player2")
    page = await listed(ordered, "gm")
    assert page.ephemeral and ORDER_WORDS in page.embed.description
    older = await ordered.click(page, "Older ▶", as_="gm")
    assert "navy order" not in older.embed.description
    newer = await ordered.click(older, "◀ Newer", as_="gm")
    assert ORDER_WORDS in newer.embed.description
    assert HIDDEN not in newer.embed.description


async def test_the_turn_end_publishes_the_order_and_verify_checks_it(ordered):
    """After the GM's end of turn everyone reads the order; the entry that published it is
    named as such (not a roll), and the log verifies."""
    seq = order_entry(await listed(ordered, "player2"))
    await end_turn(ordered, 1)

    page = await listed(ordered, "player2")
    assert not page.ephemeral
    assert "Cruise Ushant" in page.embed.description
    assert "roll reveal" not in page.embed.description
    # The registration's and the order's reveals, one line (the turn end wrote them).
    assert "**2 hidden entries revealed** · the end of turn 1" in page.embed.description
    shown = await ordered.slash(f"/history show entry:{seq}", as_="player2")
    assert not shown.ephemeral
    text = show_text(shown)
    assert "Cruise Ushant" in text and HIDDEN not in text
    assert "Ushant" in text  # the form's values, as options
    assert (await verified(ordered)).startswith("✅ The log is intact")
    assert ORDER_WORDS in exported(await ordered.slash("/history export", as_="player2"))


async def test_with_orders_public_nothing_is_hidden(navy):
    """`orders_public = true`: the order is an ordinary entry for everyone at once."""
    await navy.slash(
        "/campaign settings set setting:naval_orders.orders_public value:true", as_="gm"
    )
    await navy.slash(REGISTER_WS, as_="player1")
    await give(navy, WS, "cruise", form(point="Ushant", location="5", turns="2"))

    page = await listed(navy, "player2")
    assert "Cruise Ushant" in page.embed.description
    assert HIDDEN not in page.embed.description
    shown = await navy.slash(f"/history show entry:{order_entry(page)}", as_="player2")
    assert "Cruise Ushant" in show_text(shown)


async def test_an_order_by_packet_boat_and_its_arrival_are_hidden_too(navy):
    """The order a packet boat carries, and its arrival, stay with Britain until the turn
    ends; so do the forces' registrations (what they are made of and where)."""
    await transfer_by_packet(navy)
    await navy.slash("/navy arrived relay:1", as_="player1")

    page = (await listed(navy, "player2")).embed.description
    assert "(Plymouth)" not in page and "Channel" not in page and "Transfer" not in page
    assert page.count(HIDDEN) == 2
    assert "Swift" not in page and "A force's registration" in page

    await end_turn(navy, 1)
    page = (await listed(navy, "player2")).embed.description
    assert "Packet boat Swift carries a new order (Transfer) to Western Squadron" in page
    assert (await verified(navy)).startswith("✅ The log is intact")


async def test_a_hidden_order_is_undone_and_given_again(ordered):
    """The GM undoes Britain's hidden order: its entry is struck through, the squadron
    awaits orders again, a new order is hidden in turn, and the log verifies before and
    after the turn end."""
    done = await ordered.slash("/history undo reason:wrong point", as_="gm")
    undone = await ordered.click(done, "Undo", as_="gm")
    assert not undone.ephemeral
    assert ORDER_WORDS not in undone.text()
    assert (await verified(ordered)).startswith("✅ The log is intact")
    page = (await listed(ordered, "player2")).embed.description
    assert "~~" in page and ORDER_WORDS not in page

    await give(ordered, WS, "cruise", form(point="Finisterre", location="6", turns="1"))
    page = (await listed(ordered, "player2")).embed.description
    assert "Finisterre" not in page
    await end_turn(ordered, 1)
    page = (await listed(ordered, "player2")).embed.description
    assert "Cruise Finisterre" in page
    assert (await verified(ordered)).startswith("✅ The log is intact")


async def test_a_russian_reader_is_told_of_a_hidden_order_in_russian(navy):
    """In a Russian campaign France reads the hidden line in Russian; Russia's player, who
    reads Russian, reads their own hidden order privately in Russian, and its reveal by its
    Russian name after the turn ends."""
    await navy.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await navy.slash(
        "/navy forces register name:Baltic kind:line location:30 ships:2xIII in_port:false",
        as_="player3",
    )
    await give(
        navy, "Baltic", "cruise", form(point="Gotland", location="31", turns="2"), as_="player3"
    )

    other = (await listed(navy, "player2")).embed.description
    assert HIDDEN_RU in other and "Gotland" not in other
    own = await listed(navy, "player3")
    assert own.ephemeral and "Gotland" in own.embed.description

    await end_turn_ru(navy, 1)
    after = (await listed(navy, "player2")).embed.description
    assert "Gotland" in after
    assert "**2 скрытые записи раскрыты** · конец хода 1" in after
