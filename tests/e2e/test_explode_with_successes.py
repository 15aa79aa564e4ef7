"""`/roll 3d6!=6>=5`: explode on a 6, count the dice of 5 or more.

Its canonical form was once written `3d6!>=5`, which reads back as "explode on 5 or more,
count nothing": the roll's summary said so and every verifier called the clean log tampered.
It is now written `3d6!=6>=5`; entries logged in the old form still verify.
"""

from __future__ import annotations

import json
from pathlib import Path

from bot.standin import QueuedFaces
from bot.standin import Table
from bot.storage.audit import canonical
from bot.verify_export import describe
from bot.verify_export import verdict_lines
from bot.verify_export import verify_document
from tests.browser import page_verdict
from tests.e2e.test_fair_dice import rechain_database
from tests.e2e.test_verify_totals import exported
from tests.e2e.test_verify_totals import verified_offline


async def verified_everywhere(table: Table, folder: Path) -> list[str]:
    """`/history verify`, `python -m bot verify` on the export and its page agree; their lines."""
    reply = await table.slash("/history verify", as_="player1")
    document, page = await exported(table, folder)
    verdict = verify_document(document)
    lines = verdict_lines(document, verdict)
    done = verified_offline(document, folder / "log.json")
    assert done.stdout.splitlines() == lines, done.stderr
    attrs, shown, _ = page_verdict(page)
    assert shown == lines
    assert reply.embed.title == lines[0], reply.text()
    return [lines[0], describe(verdict), attrs["data-state"], str(done.returncode)]


async def rolled(table: Table, faces: QueuedFaces) -> int:
    """Player1 rolls `3d6!=6>=5`: 6 (exploding into 2), 5 and 1; two dice of 5 or more."""
    faces.push([6, 2, 5, 1])
    reply = await table.slash("/roll dice:3d6!=6>=5", as_="player1")
    assert "3d6!=6>=5" in reply.text(), reply.text()
    assert "3d6!>=5" not in reply.text()
    return int(reply.embed.footer.split("Entry #")[1].split(" ")[0])


async def test_an_explosion_at_the_maximum_with_a_success_count_verifies(
    table: Table, dice_faces: QueuedFaces, tmp_path: Path
):
    await table.slash("/campaign create name:X", as_="gm")
    await table.slash("/campaign join faction:Red", as_="player1")
    await rolled(table, dice_faces)
    said = await verified_everywhere(table, tmp_path)
    assert said[0].startswith("✅"), said
    assert said[2:] == ["verified", "0"], said


async def written_the_old_way(table: Table, seq: int, *, raised: int = 0) -> None:
    """The entry as earlier releases logged it (`!=6>=5` written `!>=5` in its expression,
    its terms, its summary and its roll rows; its total `raised` by as much), every hash
    recomputed."""
    db = table.bot.db
    row = await db.fetchone("SELECT outcome FROM actions WHERE seq = ?", (seq,))
    outcome = json.loads(row[0].replace("!=6>=5", "!>=5"))
    outcome["total"] += raised
    outcome["summary"] = f"{outcome['expression']} = {outcome['total']}"
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE actions SET outcome = ? WHERE seq = ?", (canonical(outcome), seq)
        )
        await conn.execute(
            "UPDATE rolls SET notation = replace(notation, '!=6>=5', '!>=5'), "
            "purpose = replace(purpose, '!=6>=5', '!>=5') "
            "WHERE action_id = (SELECT id FROM actions WHERE seq = ?)",
            (seq,),
        )
    await rechain_database(table)


async def test_an_entry_logged_in_the_old_ambiguous_form_still_verifies(
    table: Table, dice_faces: QueuedFaces, tmp_path: Path
):
    """`3d6!=6>=5+1d6!>=5` as an earlier release logged it, `3d6!>=5+1d6!>=5`: its first
    group replays as rolled only read as "explode on 6, count 5 or more", its second only
    as "explode on 5 or more", so nothing calls it tampered; a total rewritten in that form
    still is."""
    await table.slash("/campaign create name:X", as_="gm")
    await table.slash("/campaign join faction:Red", as_="player1")
    dice_faces.push([6, 2, 5, 1, 5, 3])
    reply = await table.slash("/roll dice:3d6!=6>=5+1d6!>=5", as_="player1")
    assert "3d6!=6>=5 (**6!**, 2, **5**, 1) → 2 successes + 1d6!>=5 (5!, 3) = 10" in reply.text()
    seq = int(reply.embed.footer.split("Entry #")[1].split(" ")[0])
    await written_the_old_way(table, seq)
    said = await verified_everywhere(table, tmp_path)
    assert said[0].startswith("✅"), said
    assert said[2:] == ["verified", "0"], said

    await written_the_old_way(table, seq, raised=1)
    (tmp_path / "again").mkdir()
    said = await verified_everywhere(table, tmp_path / "again")
    assert said[0] == "❌ The log has been tampered with", said
    assert said[2:] == ["failed", "1"], said
