"""SP-I33: the victim's report marks a bribed attack as bribed and names the briber only
with `reveal_briber_to_victim` (default off); the GMs always see who paid.

With the setting off, a bribe (and its withdrawal) is a sealed entry: the victim and every
other player read it as made by "a hidden player" in `/history list`, `/history show`, the
export (JSON, CSV and the self-checking page) and what the turn's end publishes, before and
after the turn ends; the stored state and the archive keep no briber's name. The GMs and the
briber read who it was, privately, and get it in a file of their own with their export, whose
sha256 is the entry's `sealed_commitment`. `/history verify` and the offline verifier pass.

Vega (player1) and Orion (player2), with a GM; Vega, in contact with Orion, bribes the pirates
to raid Orion's one route, Line (goods 200: 2d6 for the fleet's strength).
"""

from __future__ import annotations

import csv
import gzip
import hashlib
import io
import json
import re
from typing import Any

import pytest

from bot.verify_export import verify_document
from tests.e2e.play import newest_entry
from tests.e2e.test_naval_orders_secrecy import exported
from tests.e2e.test_naval_orders_secrecy import show_text
from tests.e2e.test_naval_orders_secrecy import verified
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of

HIDDEN_PLAYER = "a hidden player"
PLACED = "A hidden player placed a bribe (private until it happens; who paid stays hidden"


@pytest.fixture
async def frontier(table):
    """Space pirates and fleet combat; Vega and Orion joined; Orion holds the route Line,
    Vega is in contact with Orion."""
    await table.slash(
        "/campaign create name:Frontier rulesets:space_pirates, fleet_combat", as_="gm"
    )
    for player, faction in (("player1", "Vega"), ("player2", "Orion")):
        await table.slash(f"/campaign join faction:{faction}", as_=player)
    await table.slash("/pirates route add name:Line goods:200", as_="player2")
    await table.slash("/pirates contacts factions:Orion", as_="player1")
    return table


async def vega_bribes(table, *, as_: str = "player1") -> int:
    """Vega bribes a route raid on Orion (strength 2d6: 2, 3), or the GM (`as_="gm"`) places
    that bribe for her; returns the entry's number."""
    for_vega = " faction:Vega" if as_ == "gm" else ""
    quote = await table.slash(f"/pirates bribe victim:Orion{for_vega}", as_=as_)
    table.script_dice([2, 3])
    placed = await table.click(quote, "Confirm", as_=as_)
    assert "against Orion placed" in placed.embed.description
    return newest_entry(await table.slash("/history list", as_="gm"), "pirates bribe")


async def resolve_turn_1(table) -> Any:
    """The GM ends turn 1: Orion's regular raid misses (d20 20), the bribe comes up and
    Orion refuses the buy-off: the pirates raid the undefended Line."""
    table.script_dice([20])
    ended = await end_turn(table, 1)
    refused = await table.click(question_of(ended, "Refuse"), "Refuse", as_="player2")
    return ended, refused


def vega(table) -> str:
    """Vega's player as a mention."""
    return f"<@{table.member('player1').id}>"


def entry_text(page, seq: int) -> str:
    """The lines of entry `seq` on a `/history list` page (its head and its summary)."""
    lines = (page.embed.description or "").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"`#{seq}`"))
    end = next(
        (i for i in range(start + 1, len(lines)) if re.match(r"~*`#\d+`", lines[i])), len(lines)
    )
    return "\n".join(lines[start:end])


def public_texts(reply) -> str:
    """Everything the channel reads of a command's answer (its private parts left out)."""
    return "\n".join(
        (m.content or "") + json.dumps(m.embeds, ensure_ascii=False)
        for m in reply.messages
        if not m.ephemeral
    )


def sealed_file(reply) -> dict[str, Any] | None:
    """The private file of who made the sealed entries, if the export came with one."""
    for message in reply.messages:
        for attachment in message.attachments:
            if attachment.filename.endswith("-sealed.json"):
                assert message.ephemeral
                return dict(json.loads(attachment.data))
    return None


def csv_rows(reply) -> list[dict[str, str]]:
    """The rows of an export's CSV file."""
    parts = [a for a in reply.attachments if a.filename.endswith(".csv.gz")]
    text = "".join(gzip.decompress(p.data).decode("utf-8") for p in parts)
    return list(csv.DictReader(io.StringIO(text)))


def page_html(reply) -> str:
    """The self-checking page attached to an export."""
    return next(
        a.data.decode("utf-8")
        for m in reply.messages
        for a in m.attachments
        if a.filename.endswith(".html")
    )


def bribers(document: dict[str, Any]) -> list[str]:
    """Every briber the stored state and the archive of an export name."""
    found = []
    for ruleset in document["state"]["rulesets"]:
        if ruleset["ruleset"] == "space_pirates":
            found += [b["briber"] for b in json.loads(ruleset["state"])["bribes"]]
    for record in document["archive"]:
        body = json.loads(record["body"])
        if record["key"] == "bribes":
            found.append(body["briber"])
    return found


async def test_the_victims_log_reads_a_hidden_player_before_and_after_the_turn_ends(frontier):
    """Orion's `/history list` and `/history show` of the bribe name no one, before the turn
    ends and after: what the turn's end publishes says a hidden player placed a bribe."""
    table = frontier
    seq = await vega_bribes(table)

    before = await table.slash("/history list", as_="player2")
    line = entry_text(before, seq)
    assert HIDDEN_PLAYER in line and vega(table) not in line
    assert "Hidden until the turn ends" in line and not before.ephemeral
    shown = await table.slash(f"/history show entry:{seq}", as_="player2")
    assert "A hidden player" in shown.field("Who") and not shown.ephemeral
    assert vega(table) not in show_text(shown) and "Vega" not in show_text(shown)

    await resolve_turn_1(table)
    after = await table.slash("/history list", as_="player2")
    line = entry_text(after, seq)
    assert HIDDEN_PLAYER in line and vega(table) not in line and "Vega" not in line
    reveal = entry_text(after, newest_entry(after, "hidden entry revealed"))
    assert vega(table) not in reveal and "Vega" not in reveal
    shown = await table.slash(f"/history show entry:{seq}", as_="player2")
    assert PLACED in show_text(shown)
    assert "A hidden player" in shown.field("Who")
    assert vega(table) not in show_text(shown) and "Vega" not in show_text(shown)


async def orions_export(table) -> tuple[int, Any, dict[str, Any]]:
    """Vega's bribe, then Orion's export after the turn's end and two more (the bribe is
    archived by the end of turn 3): the entry's number, the reply and its JSON document."""
    seq = await vega_bribes(table)
    early = await table.slash("/history export", as_="player2")
    assert "Entries from #" in early.embed.description  # it waits for the turn's end
    assert sealed_file(early) is None
    await resolve_turn_1(table)
    for turn in (2, 3):
        table.script_dice([20])
        await end_turn(table, turn)
    export = await table.slash("/history export", as_="player2")
    document = json.loads(exported(export))
    assert sealed_file(export) is None
    assert verify_document(document).problem is None
    assert "verified" in (await verified(table)).lower()
    return seq, export, document


async def test_the_victims_export_shows_the_entry_as_a_hidden_players(frontier):
    """In Orion's export the entry has no actor and no faction, in the JSON, the CSV and the
    self-checking page; the export and the log verify."""
    seq, export, document = await orions_export(frontier)
    entry = next(e for e in document["entries"] if e["seq"] == seq)
    assert (entry["actor_id"], entry["faction"]) == (0, None)
    assert set(entry["outcome"]) == {"secret_commitment", "sealed_commitment"}
    row = next(r for r in csv_rows(export) if r["seq"] == str(seq))
    assert (row["actor_id"], row["faction"]) == ("0", "")
    html = page_html(export)
    page_row = re.search(rf'<tr data-seq="{seq}".*?</tr>', html, re.S)
    assert page_row and HIDDEN_PLAYER in page_row[0] and "Vega" not in page_row[0]


async def test_what_the_turns_end_publishes_names_no_briber(frontier):
    """The hidden part the turn's end publishes (no options, its summary, the fleet's dice,
    which verify re-derives) does not name Vega; nor does it name Orion, as a bribe
    cancelled when it comes up, or withdrawn, is the briber's and the GMs' only (SP-I33)."""
    table = frontier
    seq, _, document = await orions_export(table)
    reveal = next(
        e for e in document["entries"] if e["outcome"].get("secret_reveal", {}).get("entry") == seq
    )
    payload = reveal["outcome"]["secret_reveal"]["payload"]
    assert payload["rolls"] and payload["options"] == {}
    published = json.dumps(reveal, ensure_ascii=False)
    assert "Orion" not in published
    assert "Vega" not in published and str(table.member("player1").id) not in published
    assert payload["outcome"]["summary"] == [{"key": "pirates.done.bribe_sealed", "params": {}}]


async def test_the_stored_state_and_the_archive_keep_no_briber(frontier):
    """The state every member exports, and the archive the bribe moves to, keep the bribe
    without the briber's name."""
    _, _, document = await orions_export(frontier)
    assert [r["key"] for r in document["archive"] if r["key"] == "bribes"] == ["bribes"]
    assert bribers(document) == [""]


async def test_the_gm_and_the_briber_read_who_paid(frontier):
    """The GM's and Vega's own lists name Vega (privately); their exports come with the file
    that proves it (sha256 of the part is the entry's commitment), Orion's without; the GM's
    copy of Orion's raid report names the briber, Orion's does not."""
    table = frontier
    seq = await vega_bribes(table)
    for reader in ("gm", "player1"):
        page = await table.slash("/history list", as_=reader)
        if reader == "player1":  # posted as everyone's; hers, after it, for her alone
            assert not page.ephemeral and HIDDEN_PLAYER in entry_text(page, seq)
            (page,) = [m for m in page.followups if m.ephemeral]
        line = entry_text(page, seq)
        assert page.ephemeral and f"{vega(table)} (🔒 hidden from the other players)" in line
        assert PLACED in line
    shown = await table.slash(f"/history show entry:{seq}", as_="gm")
    assert shown.ephemeral and f"{vega(table)} (Vega)" in shown.field("Who")

    await resolve_turn_1(table)
    for reader in ("gm", "player1"):
        export = await table.slash("/history export", as_=reader)
        document = json.loads(exported(export))
        entry = next(e for e in document["entries"] if e["seq"] == seq)
        found = sealed_file(export)
        assert found is not None, reader
        (part,) = found["sealed"]
        assert (part["entry"], part["faction"]) == (seq, "Vega")
        assert part["actor_id"] == table.member("player1").id
        digest = hashlib.sha256(part["part"].encode("utf-8")).hexdigest()
        assert digest == entry["outcome"]["sealed_commitment"]
    assert sealed_file(await table.slash("/history export", as_="player2")) is None

    gm = await table.slash("/pirates report faction:Orion turn:1", as_="gm")
    assert "(briber: Vega)" in gm.embed.description
    orion = await table.slash("/pirates report turn:1", as_="player2")
    assert "Bribed raid on route Line" in orion.embed.description
    assert "Vega" not in orion.embed.description


async def test_the_turn_summary_and_the_victims_answer_do_not_name_the_briber(frontier):
    """What the channel reads at the turn's end (the summary, the buy-off question) and the
    answer Orion gets name the attack, not Vega."""
    table = frontier
    await vega_bribes(table)
    ended, refused = await resolve_turn_1(table)
    assert "(bribed)" in public_texts(ended)
    assert "Vega" not in public_texts(ended)
    assert vega(table) not in public_texts(ended)
    assert "Vega" not in refused.text()


async def test_a_withdrawal_is_sealed_too(frontier):
    """SP-I33 `bribe_withdraw_after_roll`: Vega's status lists her sealed bribe, she withdraws
    it; Orion reads the withdrawal as a hidden player's, after the turn's end too."""
    table = frontier
    setting = "space_pirates.bribe_withdraw_after_roll value:true"
    await table.slash(f"/campaign settings set setting:{setting}", as_="gm")
    await vega_bribes(table)
    status = await table.slash("/pirates status", as_="player1")
    assert "Your bribe #1: route raid against Orion" in status.embed.description
    withdrawn = await table.slash("/pirates withdraw bribe:1", as_="player1")
    assert "Bribe #1 withdrawn" in withdrawn.embed.description
    seq = newest_entry(await table.slash("/history list", as_="gm"), "pirates withdraw")

    table.script_dice([20])
    await end_turn(table, 1)
    page = await table.slash("/history list", as_="player2")
    line = entry_text(page, seq)
    assert HIDDEN_PLAYER in line and vega(table) not in line
    assert "A hidden player withdrew a bribe" in line
    # The turn end's reveals are one line of the list; listed under the GM who ended the
    # turn, each is a line of its own: neither names Vega.
    reveal = entry_text(page, newest_entry(page, "2 hidden entries revealed"))
    assert "Vega" not in reveal and vega(table) not in reveal
    each = await table.slash("/history list player:@gm", as_="player2")
    reveal = entry_text(each, newest_entry(each, "hidden entry revealed"))
    assert "Vega" not in reveal and vega(table) not in reveal


async def test_with_reveal_briber_to_victim_the_victim_reads_who_paid(frontier):
    """With `reveal_briber_to_victim` on, the entry is Vega's as any other, and Orion's
    report names her as the briber."""
    table = frontier
    setting = "space_pirates.reveal_briber_to_victim value:true"
    await table.slash(f"/campaign settings set setting:{setting}", as_="gm")
    seq = await vega_bribes(table)
    await resolve_turn_1(table)

    page = await table.slash("/history list", as_="player2")
    line = entry_text(page, seq)
    assert vega(table) in line and HIDDEN_PLAYER not in line
    report = await table.slash("/pirates report turn:1", as_="player2")
    assert "Bribed raid on route Line (briber: Vega)" in report.embed.description
    document = json.loads(exported(await table.slash("/history export", as_="player2")))
    entry = next(e for e in document["entries"] if e["seq"] == seq)
    assert (entry["actor_id"], entry["faction"]) == (table.member("player1").id, "Vega")
    assert bribers(document) == ["Vega"]
