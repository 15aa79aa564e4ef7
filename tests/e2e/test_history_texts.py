"""What the log's texts say to a reader (play-test D): fleet combat's dice read in the
reader's language in `/history show` and on the export's page, whose commands and records
read as the log names them; the CSV file explains an undo and a secret roll; an undone secret
roll revealed at the turn's end says it was undone; `/history list` never cuts Markdown open;
and the local stand-in's `/history verify` promises no check of its test dice.

Player1 plays Red, player2 Blue, player3 Green and reads Russian.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import re

import pytest

from bot.standin import Table
from bot.text import shown
from tests.e2e.test_fair_dice import fair as fair  # a fixture
from tests.e2e.test_fleet_combat import FC_E1_FACES
from tests.e2e.test_fleet_combat import declared
from tests.e2e.test_fleet_combat import give_fc_e1_orders
from tests.e2e.test_fleet_combat import seated as seated  # a fixture
from tests.e2e.test_space_pirates_sealed_briber import page_html


async def russian(table: Table) -> None:
    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")


async def end_turn(table: Table, turn: int = 1, label: str = "End turn {turn}"):
    question = await table.slash("/turn end", as_="gm")
    return await table.click(question, label.format(turn=turn), as_="gm")


def attachment(reply, suffix: str) -> bytes:
    (found,) = [a for a in reply.attachments if a.filename.endswith(suffix)]
    return bytes(found.data)


def csv_rows(reply) -> list[dict[str, str]]:
    text = gzip.decompress(attachment(reply, ".csv.gz")).decode("utf-8")
    return list(csv.DictReader(io.StringIO(text)))


async def test_fleet_combat_dice_read_in_russian_in_show_and_on_the_page(seated):
    """FC-E1 in a Russian campaign: `/history show` of the turn end labels every volley's
    dice in Russian, with Russian ship classes; the export's page labels them alike, names
    the commands as `/history list` does and says which entry wrote the battle's log."""
    table = seated
    battle = await declared(table)
    await give_fc_e1_orders(table, battle)
    await russian(table)
    table.script_dice(FC_E1_FACES)
    await end_turn(table, label="Завершить ход {turn}")

    listed = await table.slash("/history list", as_="player3")
    found = re.search(r"`#(\d+)` ход 1 · \*\*ход завершить\*\* · .* · Флотский бой", listed.text())
    assert found, listed.text()
    ended = int(found.group(1))
    shown = await table.slash(f"/history show entry:{ended}", as_="player3")
    names = [f.name for f in shown.embed.fields]
    assert "1. Бой №1, раунд 1: Red (2 крейсера) → Blue (дредноут), атака [FC-5.10]" in names
    assert "2. Бой №1, раунд 1: Red (2 крейсера) → Blue (дредноут), защита [FC-5.11]" in names
    assert "3. Бой №1, раунд 1: Blue (3 эсминца) → Red (крейсеры), атака [FC-5.10]" in names
    assert not [n for n in names if "fleet combat" in n or "cruiser" in n]

    exported = await table.slash("/history export", as_="player1")
    page = page_html(exported)
    assert "Бой №1, раунд 1: Red (2 крейсера) → Blue (дредноут), атака" in page
    assert "fleet combat #1" not in page
    assert "<td>ход завершить" in page and "<td>turn end" not in page
    assert "<td>кампания создать" in page and "<td>campaign create" not in page
    assert f"Флотский бой · battle/1 · страница 1 · создана записью №{ended}" in page

    await table.slash("/campaign settings set setting:core.language value:en", as_="gm")
    shown = await table.slash(f"/history show entry:{ended}", as_="player1")
    names = [f.name for f in shown.embed.fields]
    assert (
        "1. Battle #1, round 1: 2 cruisers of Red → dreadnought of Blue, attack [FC-5.10]" in names
    )


async def newest(table: Table) -> int:
    row = await table.bot.service.db.fetchone("SELECT MAX(seq) FROM actions WHERE campaign_id = 1")
    return int(row[0])


async def rolled_entry(table: Table, faces: list[int], line: str, as_: str = "gm") -> int:
    """`line` typed by `as_`, its dice scripted to `faces`: its entry's number."""
    table.script_dice(faces)
    await table.slash(line, as_=as_)
    return await newest(table)


async def undo(table: Table, reason: str, confirm: str) -> int:
    question = await table.slash(f"/history undo reason:{reason}", as_="gm")
    await table.click(question, confirm, as_="gm")
    return await newest(table)


LANGUAGES = {
    "en": (
        "Undo",
        "End turn {turn}",
        "(undone in #{undo})",
        "It had been undone in entry #{undo}.",
    ),
    "ru": (
        "Отменить",
        "Завершить ход {turn}",
        "(отменён в записи №{undo})",
        "Этот бросок был отменён в записи №{undo}.",
    ),
}


@pytest.mark.parametrize("language", sorted(LANGUAGES))
async def test_an_undone_secret_roll_and_an_undone_roll_read_so_everywhere(campaign, language):
    """The GM rolls a secret 1 for an ambush and undoes it ("misclick"), rolls it again (15);
    rolls a public 83 for treasure, undoes it and rolls 42. The turn's end reveals both
    secret rolls, the undone one saying which entry undid it, and so does its reveal in the
    log; the export's CSV file names the undone rows and their undo, the undo's reason, the
    revealed faces on the reveal's row, each roll's index from 0 and the interaction."""
    table = campaign
    confirm, end_label, undone_mark, undone_sentence = LANGUAGES[language]
    if language == "ru":
        await russian(table)
    secret = await rolled_entry(table, [1], "/roll dice:1d20 reason:ambush secret:true")
    undo_secret = await undo(table, "misclick", confirm)
    again = await rolled_entry(table, [15], "/roll dice:1d20 reason:ambush secret:true")
    treasure = await rolled_entry(table, [83], "/roll dice:1d100 reason:treasure")
    undo_treasure = await undo(table, "I did not like that roll", confirm)
    treasure_again = await rolled_entry(table, [42], "/roll dice:1d100 reason:treasure")

    ended = await end_turn(table, label=end_label)
    told = "\n".join(e.get("description") or "" for m in ended.followups for e in m.embeds)
    lines = [line for line in told.splitlines() if "ambush" in line]
    assert len(lines) == 2, told
    assert lines[0].startswith(f"{'Secret roll' if language == 'en' else 'Тайный бросок'} ")
    assert f"#{secret}" in lines[0] or f"№{secret}" in lines[0]
    assert lines[0].endswith(" = 1 " + undone_mark.format(undo=undo_secret)), lines[0]
    assert lines[1].endswith(" = 15"), lines[1]

    # The turn end's reveals are one line of the list; under the GM who ended the turn,
    # each is listed with what it revealed.
    listed = await table.slash("/history list player:@gm", as_="player1")
    reveals = [line for line in listed.embed.description.splitlines() if f"{secret}" in line]
    assert any(undone_sentence.format(undo=undo_secret) in line for line in reveals), reveals

    rows = {}
    for row in csv_rows(await table.slash("/history export", as_="player1")):
        rows.setdefault(int(row["seq"]), []).append(row)
    (undone,) = rows[secret]
    assert undone["undone_by"] == str(undo_secret) and undone["faces"] == ""
    (undoing,) = rows[undo_secret]
    assert (undoing["undid"], undoing["undo_reason"]) == (str(secret), "misclick")
    (reveal,) = next(r for seq, r in rows.items() if r[0]["reveals"] == str(secret))
    assert (reveal["roll"], reveal["notation"], reveal["faces"], reveal["total"]) == (
        "0",
        "1d20",
        "1",
        "1",
    )
    (reveal,) = next(r for seq, r in rows.items() if r[0]["reveals"] == str(again))
    assert (reveal["faces"], reveal["undone_by"]) == ("15", "")
    (struck,) = rows[treasure]
    assert (struck["roll"], struck["faces"], struck["undone_by"]) == ("0", "83", str(undo_treasure))
    assert struck["purpose_text"] == "treasure"
    assert struck["interaction"] == ""  # test dice: derived from no interaction
    (undoing,) = rows[undo_treasure]
    assert undoing["undid"] == str(treasure)
    assert undoing["undo_reason"] == "I did not like that roll"
    (kept,) = rows[treasure_again]
    assert (kept["faces"], kept["undone_by"]) == ("42", "")


def open_code(line: str) -> bool:
    """Whether a line leaves a code span open (an odd number of unescaped backticks)."""
    return len(re.findall(r"(?<!\\)`", line)) % 2 == 1


@pytest.mark.parametrize("language", sorted(LANGUAGES))
async def test_the_list_cuts_a_long_summary_without_leaving_code_open(campaign, language):
    """The undo of a turn's end has a long summary ending in commitments in code: the list
    cuts it short, and the cut closes the code span it falls in (no stray backtick)."""
    table = campaign
    confirm, end_label, _, _ = LANGUAGES[language]
    if language == "ru":
        await russian(table)
    await end_turn(table, label=end_label)
    undone = await undo(table, "ended a day early: the players asked for one more day", confirm)
    listed = await table.slash("/history list", as_="player1")
    lines = listed.embed.description.splitlines()
    (summary,) = [lines[i + 1] for i, line in enumerate(lines) if line.startswith(f"`#{undone}`")]
    assert summary.endswith("…`"), summary
    assert len(summary) <= 180
    assert not [line for line in lines if open_code(line)], lines


async def verify_text(table: Table, as_: str) -> str:
    reply = await table.slash("/history verify", as_=as_)
    embed = reply.followups[0].embed if reply.followups else reply.embed
    return str(embed.description)


async def test_the_stand_ins_verify_promises_no_check_of_its_test_dice(campaign):
    """With test dice (the local stand-in), `/history verify` says plainly that the open
    turn's dice will not be checked, in English and in Russian."""
    table = campaign
    table.script_dice([4])
    await table.slash("/roll dice:1d6", as_="player1")
    said = await verify_text(table, "player1")
    assert "they will not be checked, now or when the turn ends" in said, said
    assert "re-derived when the turn ends" not in said
    await russian(table)
    said = await verify_text(table, "player3")
    assert "их не проверят ни сейчас, ни после конца хода" in said, said


async def test_the_real_dice_are_still_checked_when_the_turn_ends(fair):
    """The real bot's open turn is still checked when it ends; its CSV rows carry the
    interaction their dice were derived with, and the roll's index from 0."""
    table = fair
    await table.slash("/roll dice:2d6 reason:treasure", as_="player1")
    said = await verify_text(table, "player1")
    assert "Its dice are re-derived when the turn ends" in said
    assert "will not be checked" not in said
    exported = await table.slash("/history export", as_="player1")
    rows = csv_rows(exported)
    (row,) = [r for r in rows if r["purpose"] == "treasure"]
    document = json.loads(gzip.decompress(attachment(exported, ".json.gz")))
    (entry,) = [e for e in document["entries"] if e["seq"] == int(row["seq"])]
    assert row["roll"] == "0"
    assert row["interaction"] == str(entry["dice"]["interaction"]) != "0"


async def test_csv_cells_of_typed_text_starting_as_a_formula_run_nothing_in_a_spreadsheet(table):
    """Text players and the GM typed that a spreadsheet would run (`=cmd|' x`, `@everyone`,
    `=HYPERLINK(…)`, a faction `+Red`) is written to the CSV with a leading `'`, so it shows
    as typed; the bot's own notation (`-1d4`) and the numbers stay as they are, and the JSON
    keeps every text exactly as typed."""
    await table.slash("/campaign create name:Formulas", as_="gm")
    joined = await table.slash("/campaign join faction:+Red", as_="player1")
    assert not joined.ephemeral, joined.text()
    secret = await rolled_entry(table, [6, 3], "/roll dice:2d6+1 secret:true reason:=cmd|' x")
    revealed = await table.slash(f"/reveal entry:{secret}", as_="gm")
    assert not revealed.ephemeral, revealed.text()
    rolled = await rolled_entry(table, [1], "/roll dice:-1d4-1 reason:@everyone", "player1")
    undone = await undo(table, '=HYPERLINK("x")', "Undo")

    exported = await table.slash("/history export", as_="player1")
    rows = csv_rows(exported)
    (reveal,) = [r for r in rows if r["reveals"] == str(secret)]
    assert (reveal["purpose"], reveal["purpose_text"]) == ("'=cmd|' x", "'=cmd|' x")
    assert (reveal["notation"], reveal["total"]) == ("2d6", "9")
    (roll,) = [r for r in rows if r["seq"] == str(rolled)]
    assert (roll["faction"], roll["purpose"], roll["purpose_text"]) == (
        "'+Red",
        "'@everyone",
        "'@everyone",
    )
    assert (roll["notation"], roll["faces"], roll["total"]) == ("-1d4", "1", "1")
    (undoing,) = [r for r in rows if r["seq"] == str(undone)]
    assert undoing["undo_reason"] == '\'=HYPERLINK("x")'

    document = json.loads(gzip.decompress(attachment(exported, ".json.gz")))
    text = json.dumps(document, ensure_ascii=False)
    assert '"=HYPERLINK(\\"x\\")"' in text and '"@everyone"' in text and '"+Red"' in text
    assert "'=" not in text and "'@" not in text and "'+" not in text


SPOOF = (
    '{"key":"fleet_combat.roll.wound_tie","params":'
    '{"battle":2,"round":3,"owner":"Blue","ships":"#7"}}'
)


async def test_a_roll_reason_written_like_a_battle_label_shows_as_typed(campaign):
    """Player1 gives `/roll` a reason in the form of fleet combat's own dice labels (a
    message's JSON): `/history show` and the export's page show the reason as typed, never
    "Battle #2, round 3: Blue — which ship takes the wound" as if the bot had rolled it."""
    table = campaign
    await table.slash("/campaign join faction:Red", as_="player1")
    table.script_dice([4])
    rolled = await table.slash(f"/roll dice:1d6 reason:{SPOOF}", as_="player1")
    assert not rolled.ephemeral, rolled.text()
    seq = await newest(table)
    shown_entry = await table.slash(f"/history show entry:{seq}", as_="player2")
    names = [f.name for f in shown_entry.embed.fields]
    assert f"1. {shown(SPOOF)}" in names, names
    assert "Battle #2" not in shown_entry.text()
    page = page_html(await table.slash("/history export", as_="player1"))
    assert "Battle #2, round 3" not in page
    (label,) = re.findall(r"<li>([^<]*wound[^<]*)", page)
    assert label.startswith("{&quot;key&quot;:&quot;fleet"), label
    rows = csv_rows(await table.slash("/history export", as_="player1"))
    (row,) = [r for r in rows if r["seq"] == str(seq)]
    assert row["purpose_text"] == SPOOF
