"""Issue 18, language, for `/history`: the export's post and its self-checking page, and the
dice fairness stats with their charts, are for the channel, so they read in the campaign's
language whoever asked; a hidden secret roll shown to its roller or a GM is a private reply,
in the reader's own. Player text (display names, a roll's reason) shows literally."""

from __future__ import annotations

from .test_secret_rolls_language import standin_guild  # player1's name is Markdown

__all__ = ["standin_guild"]

MARKED_SHOWN = "\\*Star\\* \\_\\_Under\\_\\_"  # player1's display name, escaped


async def test_a_russian_readers_export_posts_in_the_campaigns_english(campaign):
    await campaign.slash("/roll dice:2d6", as_="player1")
    reply = await campaign.slash("/history export", as_="player3")
    assert not reply.ephemeral
    assert reply.embed.title.startswith("The log: ") and reply.embed.title.endswith(" entries")
    assert "gzip-compressed files" in reply.embed.description
    attachments = [*reply.attachments, *(a for m in reply.followups for a in m.attachments)]
    (page,) = [a for a in attachments if a.filename.endswith(".html")]
    assert '<html lang="en">' in page.text


async def test_an_english_readers_export_posts_in_the_campaigns_russian(campaign):
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await campaign.slash("/roll dice:2d6", as_="player1")
    reply = await campaign.slash("/history export since:#2", as_="player1")
    assert reply.embed.title == "Журнал: 2 записи"
    assert "файла gzip" in reply.embed.description
    assert "Копия с записи №2" in reply.embed.description
    full = await campaign.slash("/history export", as_="gm")
    attachments = [*full.attachments, *(a for m in full.followups for a in m.attachments)]
    (page,) = [a for a in attachments if a.filename.endswith(".html")]
    assert '<html lang="ru">' in page.text


async def test_stats_charts_read_in_the_campaigns_language_like_the_text(campaign):
    """Whoever asks, the stats and their charts are the same post: the campaign's language
    in the text, the charts' alt text and the pictures themselves."""
    campaign.script_dice([1, 2, 3, 4, 5, 6] * 4)
    await campaign.slash("/roll dice:12d6", as_="player1")
    await campaign.slash("/roll dice:12d6", as_="player2")
    english = await campaign.slash("/history stats", as_="player1")
    russian_reader = await campaign.slash("/history stats", as_="player3")
    for reply in (english, russian_reader):
        assert reply.embed.title == "Dice fairness in “Test Campaign”"
        assert [f.name for f in reply.embed.fields] == [MARKED_SHOWN, "Player Two"]
        (chart,) = reply.attachments
        assert chart.description == "d6 faces per player as a chart"
    assert russian_reader.attachments[0].data == english.attachments[0].data

    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    russian = await campaign.slash("/history stats", as_="player1")
    assert russian.embed.title == "Честность кубиков в кампании «Test Campaign»"
    (chart,) = russian.attachments
    assert chart.description == "Грани d6 по игрокам в виде графика"
    assert chart.data != english.attachments[0].data


async def test_a_hidden_secret_roll_is_shown_privately_in_the_readers_language(campaign):
    """player3 reads Russian in an English campaign: their own hidden roll comes back
    privately in Russian; the same entry shown to another player is posted, in English."""
    await campaign.slash(
        "/campaign settings set setting:core.secret_rolls_for_players value:true", as_="gm"
    )
    campaign.script_dice([4, 5])
    rolled = await campaign.slash(
        "/roll dice:2d6 reason:**засада** @everyone secret:true", as_="player3"
    )
    seq = int(rolled.embed.description.split("#")[1].split()[0].rstrip(".,:;"))
    own = await campaign.slash(f"/history show entry:{seq}", as_="player3")
    assert own.ephemeral
    assert own.embed.title.startswith(f"Запись №{seq}: ")
    # The roller's own options as typed, escaped: shown to them alone.
    assert own.embed.field("Параметры") == (
        "**кубики**: 2d6\n**причина**: \\*\\*засада\\*\\* @\u200beveryone\n**тайно**: да"
    )
    assert own.embed.field("🔒 Скрытые грани (видите только вы и ведущие)").endswith("= 9")
    assert own.pings == frozenset()
    other = await campaign.slash(f"/history show entry:{seq}", as_="player1")
    assert not other.ephemeral
    assert other.embed.title.startswith(f"Entry #{seq}: ")
    assert other.embed.description.startswith("🔒 Secret roll: commitment `")
    assert other.embed.field("Options") == "**secret**: yes"


async def test_a_gms_view_of_a_hidden_roll_in_a_russian_campaign_reads_english(campaign):
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    campaign.script_dice([17])
    rolled = await campaign.slash("/roll dice:d20 reason:ambush secret:true", as_="gm")
    seq = int(rolled.embed.description.split("№")[1].split()[0].rstrip(".,:;"))
    own = await campaign.slash(f"/history show entry:{seq}", as_="gm")
    assert own.ephemeral
    assert own.embed.title.startswith(f"Entry #{seq}: ")
    assert own.embed.field("🔒 Hidden faces (you and the GMs only)").endswith("= 17")
    public = await campaign.slash(f"/history show entry:{seq}", as_="player1")
    assert not public.ephemeral and public.embed.title.startswith(f"Запись №{seq}: ")


async def test_history_show_prints_player_text_literally(campaign):
    """A roll's reason and a faction's name are player text: shown escaped, pinging nobody."""
    await campaign.slash("/campaign join faction:__Blue__", as_="player1")
    campaign.script_dice([3])
    rolled = await campaign.slash("/roll dice:d6 reason:**ambush** @everyone", as_="player1")
    assert not rolled.ephemeral, rolled.text()
    seq = (await campaign.bot.service.get(1)).log_count
    shown = await campaign.slash(f"/history show entry:{seq}", as_="player3")
    assert not shown.ephemeral
    assert "\\*\\*ambush\\*\\* @\u200beveryone" in shown.embed.field("Options")
    player1 = campaign.member("player1").id
    assert shown.embed.field("Who") == f"<@{player1}> (\\_\\_Blue\\_\\_)"
    assert shown.pings == frozenset()
