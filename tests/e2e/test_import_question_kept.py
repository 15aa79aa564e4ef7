"""An unanswered `/campaign settings import` question keeps only what the import applies:
the settings the file changes, each with its new value, and where each is in the GM's file,
not the file nor the settings it names unchanged; a setting it names unchanged that changes
before the GM confirms still refuses the import (the file would set it back)."""

from __future__ import annotations

import json

from bot.storage.audit import canonical
from tests.e2e.confirming import import_refused_after_a_change
from tests.e2e.test_confirmations_unseen import open_questions

IMPORT = "/campaign settings import file:s.toml"


async def history(table) -> str:
    return (await table.slash("/history list", as_="gm")).text()


async def exported_with(table, old: str, new: str) -> str:
    """The campaign's settings file as `/campaign settings export` gives it, one line edited."""
    text = (await table.slash("/campaign settings export", as_="gm")).attachments[0].text
    assert old in text
    return text.replace(old, new)


async def test_a_whole_exported_file_keeps_only_the_setting_it_changes(campaign):
    """The GM edits one setting of the exported file (every setting, commented): the question
    keeps that setting and its line, nothing of the rest; Import applies it."""
    text = await exported_with(campaign, "hit_min_face = 5", "hit_min_face = 4")
    asked = await campaign.slash(IMPORT, as_="gm", files={"s.toml": text.encode()})
    assert asked.embed.title == "Import the settings file? It changes 1 setting:"

    (kept,) = await open_questions(campaign)
    params = kept["params"]
    assert params["applies"] == "[ottoman_piracy]\nhit_min_face = 4\n"
    line = text.splitlines().index("hit_min_face = 4") + 1
    assert params["lines"]["ottoman_piracy.hit_min_face"] == line
    assert set(params["lines"]) == {"ottoman_piracy", "ottoman_piracy.hit_min_face"}
    assert "piracy_vp_cap" not in canonical(params["applies"])
    assert len(canonical(params)) < len(text) // 4

    done = await campaign.click(asked, "Import", as_="gm")
    assert done.embed.title == "✅ Imported — see the answer below", done.text()
    assert done.followups[0].embed.title == "Settings imported: 1 setting changed"
    shown = await campaign.slash("/campaign settings show ruleset:ottoman_piracy", as_="gm")
    assert "`hit_min_face` = **4**" in shown.embed.description
    assert (await history(campaign)).count("campaign settings import") == 1


async def test_a_setting_named_unchanged_and_changed_meanwhile_still_refuses(campaign):
    """The file names the VP cap as it is (10); a GM sets it to 7 before the Import: the
    question no longer keeps the cap's value, yet the Import is refused as before, and
    both settings stay as they are."""
    text = await exported_with(campaign, "hit_min_face = 5", "hit_min_face = 4")
    asked = await campaign.slash(IMPORT, as_="gm", files={"s.toml": text.encode()})
    await import_refused_after_a_change(campaign, asked)
    shown = await campaign.slash("/campaign settings show ruleset:ottoman_piracy", as_="gm")
    assert "`piracy_vp_cap` = **7**" in shown.embed.description
    assert "`hit_min_face` = **5**" in shown.embed.description
    assert "campaign settings import" not in await history(campaign)


async def as_kept_before(table, text: str) -> None:
    """Give the one open import question the payload the version before kept: every setting
    the file names (`settings_file.applied_text`) and the lines of all of them."""
    from bot import settings_file

    service = table.bot.service
    row = await service.db.fetchone(
        "SELECT id, campaign_id, payload FROM pending_choices WHERE status = 'open'"
    )
    current = await service.current_settings(await service.get(int(row[1])))
    payload = json.loads(row[2])
    payload["params"] = {
        "applies": settings_file.applied_text(text, current),
        "lines": settings_file.file_lines(text),
    }
    async with service.db.transaction() as conn:
        await conn.execute(
            "UPDATE pending_choices SET payload = ? WHERE id = ?", (canonical(payload), row[0])
        )


async def test_a_question_kept_as_before_still_imports(campaign):
    """A question asked by the version before keeps every setting the file names: its
    Import applies as asked, and one whose named setting changed since is refused."""
    text = await exported_with(campaign, "hit_min_face = 5", "hit_min_face = 4")
    asked = await campaign.slash(IMPORT, as_="gm", files={"s.toml": text.encode()})
    await as_kept_before(campaign, text)
    done = await campaign.click(asked, "Import", as_="gm")
    assert done.embed.title == "✅ Imported — see the answer below", done.text()
    assert done.followups[0].embed.title == "Settings imported: 1 setting changed"

    back = await exported_with(campaign, "hit_min_face = 4", "hit_min_face = 5")
    stale = await campaign.slash(IMPORT, as_="gm", files={"s.toml": back.encode()})
    await as_kept_before(campaign, back)
    await import_refused_after_a_change(campaign, stale)
    assert (await history(campaign)).count("campaign settings import") == 1
