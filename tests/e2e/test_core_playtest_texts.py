"""Play-test findings in the core's texts, in English and in Russian: `/history show`
escapes a roll's reason in the dice field's heading as everywhere else; a cancelled undo of
several entries names all of them, as its question did; a secret roll the turn's end reveals
is shown in the turn's end and in its reveal's entry, which is the turn end's, not a
/reveal (in `/history` and in the question of an undo of that end); a deadline's
duration may spell its unit out (`48 hours`, «2 дня»)."""

from __future__ import annotations

import json
import re

from bot.storage.audit import canonical
from tests.e2e.play import newest_entry

REASON = "@everyone <@123> ~~x~~ **b**"
SHOWN = "@\u200beveryone <\u200b@123> \\~\\~x\\~\\~ \\*\\*b\\*\\*"


async def test_history_show_escapes_a_rolls_reason_in_the_dice_heading(campaign):
    """The reason shows literally in the dice field's name, as in the Options field, and
    nothing pings; the same in a Russian campaign."""
    campaign.script_dice([4])
    await campaign.slash(f"/roll dice:1d6 reason:{REASON}", as_="gm")
    shown = await campaign.slash("/history show entry:2", as_="player1")
    names = [f.name for f in shown.embed.fields]
    assert f"1. {SHOWN}" in names, names
    assert not shown.pings
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    campaign.script_dice([2])
    await campaign.slash("/roll dice:1d6 reason:**жирно** <@123>", as_="gm")
    shown = await campaign.slash("/history show entry:4", as_="player1")
    names = [f.name for f in shown.embed.fields]
    assert "1. \\*\\*жирно\\*\\* <\u200b@123>" in names, names


async def test_history_show_still_translates_a_rulesets_roll(campaign):
    """A ruleset's roll recorded under a catalog key still reads as its text, unescaped."""
    from cogs.history import purpose_text

    assert purpose_text("naval_orders.roll.command_test", "en") != (
        "naval_orders.roll.command_test"
    )
    assert purpose_text("**x**", "en") == "\\*\\*x\\*\\*"


async def test_a_cancelled_undo_of_a_turn_end_names_its_entries(campaign):
    """The question names entries #first–#last; the cancellation names the same range."""
    question = await campaign.slash("/turn end", as_="gm")
    await campaign.click(question, "End turn 1", as_="gm")
    undo = await campaign.slash("/history undo reason:x", as_="gm")
    title = undo.embed.title
    span = title[title.index("#") : title.index(")")]  # "#2–#3"
    assert "–" in span, title
    cancelled = await campaign.click(undo, "Cancel", as_="gm")
    assert cancelled.embed.title == f"The undo of {span} was cancelled."


async def test_a_cancelled_undo_names_its_entries_in_russian(campaign):
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    question = await campaign.slash("/turn end", as_="gm")
    await campaign.click(question, "Завершить ход 1", as_="gm")
    undo = await campaign.slash("/history undo reason:x", as_="gm")
    first, last = undo.embed.title.split("№")[1].rstrip("–"), undo.embed.title.split("№")[2]
    last = last.rstrip(")?")
    cancelled = await campaign.click(undo, "Не отменять", as_="gm")
    assert cancelled.embed.title == f"Отмена №{first}–{last} не состоялась."


async def test_a_secret_roll_the_turns_end_reveals_is_told(campaign):
    """A secret roll left hidden is revealed by the turn's end: its post shows who rolled
    it, the reason (escaped) and the result, and no "Nothing happened"; the reveal's log
    entry says the same, and `/history show` of it names the turn's end, not a /reveal;
    `/history verify` still checks the whole chain."""
    gm = f"<@{campaign.member('gm').id}>"
    campaign.script_dice([4, 5, 15])
    await campaign.slash("/roll dice:2d6 secret:true", as_="gm")  # entry #2
    await campaign.slash("/roll dice:1d20 secret:true reason:**b**", as_="gm")  # entry #3
    await campaign.slash("/reveal entry:2", as_="gm")  # entry #4
    question = await campaign.slash("/turn end", as_="gm")
    await campaign.click(question, "End turn 1", as_="gm")
    posted = posted_text(campaign)
    assert "Secret roll #3 by " + gm + ", \\*\\*b\\*\\*: 1d20 (15) = 15" in posted, posted
    assert "1 secret roll revealed at the end of turn 1" in posted
    assert "Nothing happened between turns" not in posted
    page = await campaign.slash("/history list", as_="player1")
    listed = page.embed.description
    assert f"Secret roll #2 revealed: 2d6 = 9 (rolled by {gm})." in listed, listed
    assert (
        f"Secret roll #3 revealed at the end of turn 1: 1d20 = 15 (rolled by {gm}; reason: "
        "\\*\\*b\\*\\*)." in listed
    ), listed
    assert f"`#4` turn 1 · **roll reveal** · {gm}\n" in listed, listed
    assert f"**roll reveal** · the end of turn 1, ended by {gm}\n" in listed, listed
    typed = await campaign.slash("/history show entry:4", as_="player1")
    assert typed.field("Who") == gm
    assert typed.field("Options") == "**entry**: 2"
    seq = newest_entry(page, "roll reveal")
    ended = await campaign.slash(f"/history show entry:{seq}", as_="player1")
    assert ended.field("Who") == f"The end of turn 1, ended by {gm}"
    assert not ended.embed.has_field("Options")
    verified = await campaign.slash("/history verify", as_="player1")
    assert verified.embed.title.startswith("✅"), verified.text()


async def test_a_secret_roll_the_turns_end_reveals_is_told_in_russian(campaign):
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    gm = f"<@{campaign.member('gm').id}>"
    campaign.script_dice([4, 5])
    await campaign.slash("/roll dice:2d6 secret:true reason:разведка", as_="gm")
    question = await campaign.slash("/turn end", as_="gm")
    await campaign.click(question, "Завершить ход 1", as_="gm")
    posted = posted_text(campaign)
    assert "В конце хода 1 раскрыт 1 тайный бросок" in posted, posted
    assert f"Тайный бросок №3 ({gm}), разведка: 2d6 (4, 5) = 9" in posted
    assert "ничего не произошло" not in posted
    listed = (await campaign.slash("/history list", as_="player1")).embed.description
    assert (
        f"Тайный бросок №3 раскрыт в конце хода 1: 2d6 = 9 (кто бросал: {gm}; причина: разведка)."
        in listed
    ), listed
    assert f"**бросок раскрыть** · конец хода 1, его завершил {gm}\n" in listed, listed


async def test_the_undo_question_names_a_reveal_the_turns_end_wrote_as_its(campaign):
    """The undo of a turn's end lists its entries: the reveal of a secret roll the end
    published reads as the end's ("the end of turn 1, ended by …"), as `/history list` and
    the turn's end tell it, not as a /reveal of whoever ended the turn."""
    gm = f"<@{campaign.member('gm').id}>"
    campaign.script_dice([4, 5, 6])
    await campaign.slash("/roll dice:2d6 secret:true", as_="gm")
    await campaign.slash("/roll dice:1d6 secret:true", as_="gm")
    question = await campaign.slash("/turn end", as_="gm")
    await campaign.click(question, "End turn 1", as_="gm")

    asked = await campaign.slash("/history undo reason:x", as_="gm")

    lines = asked.embed.description.splitlines()
    reveals = [line for line in lines if "**roll reveal**" in line]
    ended = f"**roll reveal** · the end of turn 1, ended by {gm}"
    assert len(reveals) == 2 and all(line.endswith(ended) for line in reveals), lines


async def test_the_undo_question_names_the_turns_end_reveal_in_russian_and_a_typed_one_as_typed(
    campaign,
):
    """In a Russian campaign the turn end's reveal reads «конец хода 1, его завершил …»; the
    undo of a /reveal the GM typed names the GM, not a turn's end."""
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    gm = f"<@{campaign.member('gm').id}>"
    campaign.script_dice([4, 5, 6])
    await campaign.slash("/roll dice:2d6 secret:true", as_="gm")
    question = await campaign.slash("/turn end", as_="gm")
    await campaign.click(question, "Завершить ход 1", as_="gm")
    asked = await campaign.slash("/history undo reason:x", as_="gm")
    assert f"**бросок раскрыть** · конец хода 1, его завершил {gm}" in asked.embed.description
    await campaign.click(asked, "Не отменять", as_="gm")

    await campaign.slash("/roll dice:1d6 secret:true", as_="gm")
    seq = newest_entry(await campaign.slash("/history list", as_="gm"), "бросок")
    await campaign.slash(f"/reveal entry:{seq}", as_="gm")
    asked = await campaign.slash("/history undo reason:x", as_="gm")
    lines = asked.embed.description.splitlines()
    assert any(line.endswith(f"**бросок раскрыть** · {gm}") for line in lines), lines
    assert "конец хода" not in asked.embed.description, lines


def posted_text(table) -> str:
    """The titles and texts of the embeds of the channel's last messages, as sent."""
    embeds = [e for m in table.channel_messages("campaign")[-4:] for e in m.all_embeds]
    return "\n".join(f"{e.title}\n{e.description}" for e in embeds)


async def test_a_deadline_typed_in_words_is_set(campaign):
    """`when:48 hours` sets the same deadline as `when:48h`, `2 дня` in Russian too; a text
    that is no duration is refused with the forms that work."""
    typed = await campaign.slash("/turn deadline set when:48 hours", as_="gm")
    assert not typed.ephemeral, typed.text()
    assert typed.embed.title == "Deadline set for turn 1"
    worded = typed.embed.description
    short = await campaign.slash("/turn deadline set when:48h", as_="gm")
    assert abs(stamp(short.embed.description) - stamp(worded)) < 60  # seconds apart
    refused = await campaign.slash("/turn deadline set when:soon", as_="gm")
    assert refused.ephemeral
    text = refused.embed.description
    assert text.startswith("`soon` is neither a duration nor a date and time.")
    assert "`48 hours`" in text and "`2 days`" in text and "`90 minutes`" in text
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    typed = await campaign.slash("/turn deadline set when:2 дня", as_="gm")
    assert not typed.ephemeral, typed.text()
    assert typed.embed.title == "Дедлайн хода 1 назначен"
    await campaign.slash("/campaign gm add user:@player3", as_="gm")  # player3 reads Russian
    refused = await campaign.slash("/turn deadline set when:скоро", as_="player3")
    assert refused.ephemeral
    assert "`48 часов`" in refused.embed.description, refused.embed.description


def stamp(text: str) -> int:
    """The first Discord timestamp (`<t:…:R>`) in `text`."""
    found = re.search(r"<t:(\d+):", text)
    assert found, text
    return int(found[1])


async def test_an_undo_asked_before_the_range_was_kept_still_cancels(campaign):
    """An undo question asked by the previous version keeps only its last entry: Cancel
    still answers, naming that entry."""
    question = await campaign.slash("/turn end", as_="gm")
    await campaign.click(question, "End turn 1", as_="gm")
    undo = await campaign.slash("/history undo reason:x", as_="gm")
    db = campaign.bot.service.db
    row = await db.fetchone("SELECT id, payload FROM pending_choices WHERE status = 'open'")
    payload = json.loads(row[1])
    del payload["first"]
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE pending_choices SET payload = ? WHERE id = ?", (canonical(payload), row[0])
        )
    cancelled = await campaign.click(undo, "Cancel", as_="gm")
    assert cancelled.embed.title == f"The undo of #{payload['seq']} was cancelled."
