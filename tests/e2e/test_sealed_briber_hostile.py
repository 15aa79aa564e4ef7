"""SP-I33 read by a hostile player: every way a player other than the briber could learn who
paid for a sealed bribe, tried from the other side of the table.

Vega (player1) bribes the pirates against Orion (player2); Sirius (player3, who reads
Russian) plays too. Orion and Sirius look for Vega's name in the log's filters and pages,
the reveal, the statistics, the turn's status, an undo and the exports; the GMs and Vega
herself find her sealed entries under her name, privately.
"""

from __future__ import annotations

import json
import re

import pytest

from bot.verify_export import describe
from bot.verify_export import verify_document
from tests.e2e.play import newest_entry
from tests.e2e.test_click_outbox import dies_before_posting
from tests.e2e.test_click_outbox import restart_posts
from tests.e2e.test_naval_orders_secrecy import exported
from tests.e2e.test_space_pirates_sealed_briber import HIDDEN_PLAYER
from tests.e2e.test_space_pirates_sealed_briber import csv_rows
from tests.e2e.test_space_pirates_sealed_briber import entry_text
from tests.e2e.test_space_pirates_sealed_briber import frontier as frontier  # a fixture
from tests.e2e.test_space_pirates_sealed_briber import page_html
from tests.e2e.test_space_pirates_sealed_briber import resolve_turn_1
from tests.e2e.test_space_pirates_sealed_briber import vega
from tests.e2e.test_space_pirates_sealed_briber import vega_bribes
from tests.postgres import backends


@pytest.fixture
async def table3(frontier):
    """The frontier with Sirius (player3) joined."""
    await frontier.slash("/campaign join faction:Sirius", as_="player3")
    return frontier


def seqs(page) -> set[int]:
    """The entry numbers a `/history list` page shows."""
    return {int(n) for n in re.findall(r"^~*`#(\d+)`", page.embed.description or "", re.M)}


def aside(reply):
    """What an answer told its reader alone after it (a private follow-up); None: nothing."""
    private = [m for m in reply.followups if m.ephemeral]
    assert len(private) <= 1, private
    return private[0] if private else None


async def test_a_gm_and_the_briber_find_the_sealed_bribe_under_her_name_the_others_do_not(
    table3,
):
    """`/history list player:@Vega`: the GM's list and Vega's own are posted as everyone's
    (without the bribe) and followed by one for them alone that finds her bribe, naming
    her; Orion's and Sirius's find nothing, before the turn's end and after."""
    table = table3
    seq = await vega_bribes(table)
    for turn_ended in (False, True):
        if turn_ended:
            await resolve_turn_1(table)
        for reader in ("gm", "player1"):
            page = await table.slash("/history list player:@player1", as_=reader)
            assert seq not in seqs(page) and not page.ephemeral, (reader, page.text())
            theirs = aside(page)
            assert theirs is not None and seq in seqs(theirs), (reader, page.followups)
            assert f"{vega(table)} (🔒 hidden from the other players)" in entry_text(theirs, seq)
        for reader in ("player2", "player3"):
            page = await table.slash("/history list player:@player1", as_=reader)
            assert seq not in seqs(page) and aside(page) is None, (reader, page.text())
            both = await table.slash("/history list player:@player1 turn:1", as_=reader)
            assert seq not in seqs(both) and aside(both) is None


async def test_a_gms_list_of_another_player_does_not_find_the_sealed_bribe(table3):
    """The GM's `/history list player:@Orion` does not list Vega's bribe, and Orion's own
    filter on himself does not either."""
    table = table3
    seq = await vega_bribes(table)
    for reader in ("gm", "player2"):
        page = await table.slash("/history list player:@player2", as_=reader)
        assert seq not in seqs(page)


async def test_the_filtered_page_turned_by_someone_else_shows_no_sealed_entry(table3):
    """Vega has more than a page of entries; Orion lists `player:@Vega` (a page everyone
    sees) and Vega turns it: the page stays as everyone may read it, without her bribe,
    which she alone is told of with the page it falls in."""
    table = table3
    seq = await vega_bribes(table)
    for number in range(12):
        await table.slash(f"/roll dice:1d6 reason:r{number}", as_="player1")
    public = await table.slash("/history list player:@player1", as_="player2")
    assert not public.ephemeral and aside(public) is None
    turned = await table.click(public, "Older ▶", as_="player1")
    assert seq not in seqs(turned)
    assert not turned.ephemeral
    assert seq in seqs(aside(turned))
    mine = await table.slash("/history list player:@player1", as_="player1")
    assert not mine.ephemeral and aside(mine) is None  # the bribe is older than this page
    older = await table.click(mine, "Older ▶", as_="player1")
    assert seq not in seqs(older) and seq in seqs(aside(older))


async def test_the_channel_reads_the_same_answers_whoever_has_sealed_entries(table3):
    """Vega (who bribed) and Sirius (who did not) type the same `/history` commands: Orion
    sees the same posted answers from both, and nothing else; Vega alone is told, after
    hers, what she may read of her bribe."""
    table = table3
    seq = await vega_bribes(table)
    for line in (
        "/history list",
        "/history list turn:1",
        "/history list ruleset:space_pirates",
        f"/history show entry:{seq}",
    ):
        seen = {}
        for reader in ("player1", "player3"):
            before = len(table.channel_messages(as_="player2"))
            answer = await table.slash(line, as_=reader)
            posted = table.channel_messages(as_="player2")[before:]
            seen[reader] = [(m.ephemeral, m.embeds) for m in posted]
            theirs = aside(answer)
            assert (theirs is not None) is (reader == "player1"), (line, reader)
            if theirs is not None:
                assert vega(table) in str(theirs.embeds)
                assert theirs not in posted
        assert seen["player1"] == seen["player3"], line
        assert len(seen["player1"]) == 1 and not seen["player1"][0][0]
    for reader in ("player1", "player3"):  # each one's own list: posted either way
        before = len(table.channel_messages(as_="player2"))
        await table.slash(f"/history list player:@{reader}", as_=reader)
        posted = table.channel_messages(as_="player2")[before:]
        assert len(posted) == 1 and not posted[0].ephemeral
        assert (
            seq not in seqs(posted[0]) and "hidden from the other players" not in posted[0].text()
        )


async def test_the_briber_revealing_her_own_bribe_is_refused(table3):
    """`/reveal` of the sealed bribe by Vega would answer in the channel as hers (and log
    the reveal under her name): refused, privately; the entry stays hidden; a GM may."""
    table = table3
    seq = await vega_bribes(table)
    refused = await table.slash(f"/reveal entry:{seq}", as_="player1")
    assert refused.ephemeral
    assert "who made it stays hidden" in refused.embed.description
    page = await table.slash("/history list", as_="player2")
    assert "hidden entry revealed" not in (page.embed.description or "")
    assert HIDDEN_PLAYER in entry_text(page, seq)
    revealed = await table.slash(f"/reveal entry:{seq}", as_="gm")
    assert not revealed.ephemeral
    page = await table.slash("/history list", as_="player2")
    line = entry_text(page, newest_entry(page, "hidden entry revealed"))
    assert vega(table) not in line and "Vega" not in line


async def test_the_dice_statistics_and_the_turn_status_do_not_move_with_the_bribe(table3):
    """Orion compares `/history stats` and `/turn status` before and after the bribe: they
    read the same (the bribe's dice are in its hidden part, counted for nobody)."""
    table = table3
    await table.slash("/roll dice:2d6", as_="player1")
    stats = (await table.slash("/history stats", as_="player2")).text()
    status = (await table.slash("/turn status", as_="player2")).text()
    await vega_bribes(table)
    assert (await table.slash("/history stats", as_="player2")).text() == stats
    assert (await table.slash("/turn status", as_="player2")).text() == status
    await resolve_turn_1(table)
    after = (await table.slash("/history stats", as_="player2")).text()
    assert "Vega" not in after and "<@0>" not in after


async def test_a_gms_undo_of_the_bribe_names_no_briber(table3):
    """The GM undoes Vega's bribe: the question and its answer in the channel, and the undo
    entry Orion reads, say a hidden player's bribe was undone, not whose."""
    table = table3
    seq = await vega_bribes(table)
    asked = await table.slash("/history undo reason:mistake", as_="gm")
    assert vega(table) not in asked.text() and "Vega" not in asked.text()
    done = await table.click(asked, "Undo", as_="gm")
    assert vega(table) not in done.text() and "Vega" not in done.text()
    page = await table.slash("/history list", as_="player2")
    undone = next(line for line in page.text().splitlines() if f"`#{seq}`" in line)
    assert HIDDEN_PLAYER in undone and vega(table) not in undone
    undo = newest_entry(page, "history undo")
    assert vega(table) not in entry_text(page, undo) and "Vega" not in entry_text(page, undo)
    shown = await table.slash(f"/history show entry:{undo}", as_="player2")
    assert vega(table) not in shown.text() and "Vega" not in shown.text()


async def test_the_exports_after_a_gms_reveal_and_in_russian_name_no_briber(table3):
    """A GM reveals the bribe early; Orion's export (JSON, CSV, page) and Sirius's Russian
    view of the log name no briber."""
    table = table3
    seq = await vega_bribes(table)
    await table.slash(f"/reveal entry:{seq}", as_="gm")
    export = await table.slash("/history export", as_="player2")
    document = json.loads(exported(export))
    verdict = verify_document(document)
    assert verdict.problem is None and "Vega" not in "\n".join(describe(verdict))
    entries = document["entries"]
    entry = next(e for e in entries if e["seq"] == seq)
    reveal = next(e for e in entries if e["options"].get("entry") == seq)
    assert (entry["actor_id"], entry["faction"]) == (0, None)
    published = json.dumps([entry, reveal], ensure_ascii=False)
    assert "Vega" not in published and str(table.member("player1").id) not in published
    row = next(r for r in csv_rows(export) if r["seq"] == str(seq))
    assert (row["actor_id"], row["faction"]) == ("0", "")
    page_row = re.search(rf'<tr data-seq="{seq}".*?</tr>', page_html(export), re.S)
    assert page_row and HIDDEN_PLAYER in page_row[0] and "Vega" not in page_row[0]

    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    page = await table.slash("/history list", as_="player3")
    line = entry_text(page, seq)
    assert "скрытый игрок" in line and vega(table) not in line
    shown = await table.slash(f"/history show entry:{seq}", as_="player3")
    assert "Скрытый игрок" in shown.field("Кто") and "Vega" not in shown.text()


# The crash mechanics do not depend on the engine (tests/e2e/test_command_outbox_rulesets.py).
@pytest.mark.parametrize("database_target", [b for b in backends() if b == "sqlite"], indirect=True)
async def test_a_bribe_killed_after_its_commit_is_not_posted_after_the_restart(table3, monkeypatch):
    """Vega's quote is hers alone; her Confirm commits and its answer dies: after the
    restart the channel reads nothing of it (the answer was private), and Orion's log still
    shows a hidden player's bribe."""
    table = table3
    quote = await table.slash("/pirates bribe victim:Orion", as_="player1")
    assert quote.ephemeral
    before = len(table.channel_messages())
    table.script_dice([2, 3])
    with dies_before_posting(monkeypatch) as attempts:
        await table.click(quote, "Confirm", as_="player1")
    assert attempts == ["edit"]
    await table.restart()
    assert restart_posts(table) == []
    posted = [m for m in table.channel_messages()[before:] if not m.ephemeral]
    by_vega = [m for m in posted if m.stored.interaction_user == table.member("player1")]
    assert by_vega == [], [m.embeds for m in by_vega]
    page = await table.slash("/history list", as_="player2")
    seq = newest_entry(await table.slash("/history list", as_="gm"), "pirates bribe")
    assert HIDDEN_PLAYER in entry_text(page, seq)


async def test_what_vega_types_for_her_bribe_posts_nothing_in_the_channel(table3):
    """The bribe offered to Orion at once (SP-I34 `at_placement`) and withdrawn (SP-I33
    `bribe_withdraw_after_roll`): nothing Vega's commands answer is posted in the channel,
    where it would read as hers; Orion learns of the offer in his own status."""
    table = table3
    for setting in (
        "bribed_offer_timing value:at_placement",
        "bribe_withdraw_after_roll value:true",
    ):
        await table.slash(f"/campaign settings set setting:space_pirates.{setting}", as_="gm")
    messages = table.channel_messages()
    before = len(messages)
    assert any(m.stored.interaction_user == table.member("player1") for m in messages)  # joins
    await vega_bribes(table)
    status = await table.slash("/pirates status", as_="player2")
    assert "offer a buy-off" in status.embed.description
    # Orion's contacts are public (SP-7.1); nothing else in his status names the briber
    told = [line for line in status.text().splitlines() if "Contacts: Vega" not in line]
    assert "Vega" not in "\n".join(told), status.text()
    withdrawn = await table.slash("/pirates withdraw bribe:2", as_="player1")
    assert withdrawn.ephemeral
    posted = [m for m in table.channel_messages()[before:] if not m.ephemeral]
    by_vega = [m for m in posted if m.stored.interaction_user == table.member("player1")]
    assert by_vega == [], [m.embeds for m in by_vega]
