"""Issue 18, language, for `/history undo`: the question, its buttons (any GM may press them)
and what becomes of it (cancelled, done) are posted for the channel, so they read in the
campaign's language whoever asked; the reason is player text: it shows literally and pings
nobody. Refusals stay private, in the reader's own language."""

from __future__ import annotations

REASON = "**oops** @everyone"
SHOWN = "\\*\\*oops\\*\\* @\u200beveryone"


async def test_a_russian_gms_undo_posts_in_the_campaigns_english(campaign):
    """player3 reads Russian and is a GM of an English campaign: the question, its buttons,
    the cancellation and the undo read English; the reason is escaped in each."""
    await campaign.slash("/campaign gm add user:@player3", as_="gm")
    campaign.script_dice([4, 2])
    rolled = await campaign.slash("/roll dice:2d6", as_="player1")
    assert not rolled.ephemeral
    question = await campaign.slash(f"/history undo reason:{REASON}", as_="player3")
    assert not question.ephemeral, question.text()
    assert question.embed.title.startswith("Undo entry #")
    assert question.embed.description.startswith("The campaign returns to exactly how it was")
    assert f"Reason: {SHOWN}\n" in question.embed.description
    assert "**roll**" in question.embed.description  # the entry, in the campaign's words
    assert [b.label for b in question.buttons] == ["Undo", "Cancel"]
    assert question.pings == frozenset()
    refused = await campaign.click(question, "Cancel", as_="player1")
    assert refused.ephemeral and "Only a GM" in refused.text()
    cancelled = await campaign.click(question, "Cancel", as_="gm")  # another GM answers
    assert cancelled.embed.title.startswith("The undo of #") and "was cancelled" in (
        cancelled.embed.title
    )

    again = await campaign.slash(f"/history undo reason:{REASON}", as_="player3")
    done = await campaign.click(again, "Undo", as_="player3")
    assert done.embed.title.startswith("↩️ #") and done.embed.title.endswith(" undone")
    player3 = campaign.member("player3").id
    assert done.embed.description.startswith(f"Undone by <@{player3}>: {SHOWN} (log entry #")
    assert done.pings == frozenset()


async def test_an_english_gms_undo_of_a_turn_end_posts_in_the_campaigns_russian(campaign):
    """The GM reads English in a Russian campaign: the turn end's undo asks, and answers, in
    Russian; a player's press is refused in the player's own English."""
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    question = await campaign.slash("/turn end", as_="gm")
    await campaign.click(question, "Завершить ход 1", as_="gm")
    undo = await campaign.slash(f"/history undo reason:{REASON}", as_="gm")
    assert not undo.ephemeral, undo.text()
    assert undo.embed.title.startswith("Отменить конец хода 1 (записи №")
    assert undo.embed.description.startswith("Конец хода 1: ")
    assert ", брошено 0 кубиков." in undo.embed.description  # «кубики» for dice, as everywhere
    assert "Зерно кубиков этого хода" in undo.embed.description
    assert f"Причина: {SHOWN}\n" in undo.embed.description
    assert [b.label for b in undo.buttons] == ["Отменить", "Не отменять"]
    refused = await campaign.click(undo, "Отменить", as_="player1")
    assert refused.ephemeral and "Only a GM" in refused.text()
    done = await campaign.click(undo, "Отменить", as_="gm")
    assert done.embed.title == "↩️ Записи №3–5 отменены"
    gm = campaign.member("gm").id
    assert done.embed.description.startswith(f"Кто отменил: <@{gm}>. Причина: {SHOWN} (запись")
    assert "Ход 1 снова открыт. Новое зерно кубиков закреплено" in done.embed.description
    assert done.pings == frozenset()


async def test_a_cancelled_undo_reads_in_the_campaigns_russian(campaign):
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await campaign.slash("/campaign gm add user:@player1", as_="gm")
    await campaign.slash("/roll dice:d6", as_="player2")
    question = await campaign.slash("/history undo reason:typo", as_="gm")
    assert question.embed.title.startswith("Отменить запись №")
    cancelled = await campaign.click(question, "Не отменять", as_="player1")
    assert cancelled.embed.title.startswith("Отмена №") and "не состоялась" in (
        cancelled.embed.title
    )


async def test_a_russian_undo_of_several_entries_speaks_of_them_in_the_plural(campaign):
    """The undo of a turn's end (several entries) says «Записи №…–… отменены» in its log
    line, as its title does; one entry stays «Запись №… отменена»."""
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    question = await campaign.slash("/turn end", as_="gm")
    await campaign.click(question, "Завершить ход 1", as_="gm")
    asked = await campaign.slash("/history undo reason:рано", as_="gm")
    done = await campaign.click(asked, "Отменить", as_="gm")
    first, last = done.embed.title.removeprefix("↩️ Записи №").removesuffix(" отменены").split("–")
    listed = (await campaign.slash("/history list", as_="player1")).embed.description
    assert f"Записи №{first}–{last} (конец хода 1) отменены: рано. Ход 1 снова открыт" in listed

    campaign.script_dice([3])
    await campaign.slash("/roll dice:1d6", as_="player1")
    asked = await campaign.slash("/history undo reason:лишний", as_="gm")
    done = await campaign.click(asked, "Отменить", as_="gm")
    seq = done.embed.title.removeprefix("↩️ Запись №").removesuffix(" отменена")
    listed = (await campaign.slash("/history list", as_="player1")).embed.description
    assert f"Запись №{seq} (бросок) отменена: лишний." in listed, listed
