"""Issue 18, language: public messages and buttons meant for someone else use the campaign's
language (`core.language`, default the guild's preferred locale); private replies use the
reader's own. Also the readable log: `/history show`, `/history stats`, one pager, colours."""

from __future__ import annotations

from bot.interactions import LOSS_COLOUR
from bot.interactions import SUCCESS_COLOUR
from bot.interactions import WAITING_COLOUR

from .play import seat_piracy

# OP-E1 / OP-6, as tests/e2e/test_ottoman_piracy.py declares it.
OP_E1 = (
    "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2 leaders:barbarossa "
    "adjacent_squadrons:1 adjacent_place:Messina "
    "fortresses:Malta (Hospitallers), Corfu (Papacy) ports:2"
)


async def seat(table, ottoman: str = "player1", target: str = "player2") -> None:
    """Factions joined, the Ottomans and the Habsburgs given players, the Habsburgs at war."""
    cast = ((ottoman, "Ottomans", "ottoman"), (target, "Habsburgs", "hapsburg"))
    await seat_piracy(table, cast)


async def test_a_russian_attacker_gives_an_english_target_english_buttons(campaign):
    """The issue's case: player3 reads Russian and attacks; the story and the target's reward
    buttons are in the campaign's language (the guild's: English), not the attacker's."""
    await seat(campaign, ottoman="player3", target="player2")
    campaign.script_dice([5, 2, 6, 5])
    question = await campaign.slash(OP_E1, as_="player3")
    assert question.embed.title == "Piracy #1 — Ionian Sea"
    assert "the Ottomans hit Hapsburgs 2 times. Choose a reward for each hit." in question.content
    assert [b.label for b in question.buttons] == [
        "Eliminate a squadron (Hapsburgs) at Messina",
        "+1 piracy VP",
        "Force default (GM)",
    ]
    answered = await campaign.click(question, "+1 piracy VP", as_="player2")
    assert "Hit 1: +1 piracy VP, 0 → 1." in answered.embed.field("Rewards")
    refused = await campaign.click(answered, "+1 piracy VP", as_="player3")
    said = " ".join(refused.text().replace("│", " ").split())
    assert refused.ephemeral and "На этот вопрос отвечает @player2 (Habsburgs)." in said


async def test_a_russian_campaign_posts_in_russian_whoever_acts(campaign):
    await seat(campaign)
    changed = await campaign.slash(
        "/campaign settings set setting:core.language value:ru", as_="gm"
    )
    assert "`core.language` теперь **ru**" in changed.embed.title
    campaign.script_dice([5, 2, 6, 5])
    question = await campaign.slash(OP_E1, as_="player1")  # an English reader attacks
    assert question.embed.title == "Пиратство №1 — Ионическое море"
    assert "+1 VP за пиратство" in [b.label for b in question.buttons]
    assert "Османы нанесли державе «Габсбурги» 2 удара. За каждый удар" in question.content
    refused = await campaign.slash("/corsairs vp value:3", as_="player1")
    assert refused.ephemeral and "Only a GM" in refused.text()  # private: the reader's


async def test_the_turn_end_summary_and_its_buttons_use_the_campaigns_language(campaign):
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    question = await campaign.slash("/turn end", as_="gm")
    assert question.embed.title == "Завершить ход 1?"
    done = await campaign.click(question, "Завершить ход 1", as_="gm")
    told = [(e["title"], e.get("description")) for f in done.followups for e in f.embeds]
    # Neither ruleset had anything to do: one line says so, in the campaign's language.
    assert ("Между ходами ничего не произошло", None) in told
    assert "Ход 1 завершён" not in [title for title, _ in told]  # the confirmation says it


async def test_the_language_setting_accepts_only_known_languages(campaign):
    bad = await campaign.slash("/campaign settings set setting:core.language value:de", as_="gm")
    assert bad.ephemeral and "Allowed: en, ru" in bad.text()
    shown = await campaign.slash("/campaign settings show ruleset:core", as_="gm")
    assert "`language` = **the server's language → en** (en, ru)" in shown.embed.description
    choices = await campaign.autocomplete(
        "/campaign settings set setting:core.language value:", as_="gm", focused="value"
    )
    assert [c.value for c in choices] == ["en", "ru"]


async def test_the_language_survives_a_restart(campaign):
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await campaign.restart()
    info = await campaign.slash("/campaign info", as_="player1")
    assert info.embed.title == "Кампания «Test Campaign»"


async def test_history_show_prints_options_readably_in_both_languages(campaign):
    await seat(campaign)
    campaign.script_dice([5, 2, 6, 5])
    await campaign.slash(OP_E1, as_="player1")
    shown = await campaign.slash("/history show entry:8", as_="player2")
    options = shown.embed.field("Options")
    assert "**leaders**: barbarossa" in options
    assert "**fortresses**: Malta (Hospitallers), Corfu (Papacy)" in options
    assert "[" not in options and "None" not in options and "=" not in options
    assert shown.embed.fields[4].name == "1. Anti-piracy roll [OP-3.2]"
    assert "target >=5: 1 success" in shown.embed.fields[4].value
    assert "target >=5: 2 successes" in shown.embed.fields[5].value
    power = await campaign.slash("/history show entry:4", as_="player2")
    player1 = campaign.member("player1").id
    assert power.embed.field("Options") == f"**player**: <@{player1}>\n**power**: Ottomans"
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    russian = await campaign.slash("/history show entry:8", as_="player2")
    assert "**флотоводцы**: barbarossa" in russian.embed.field("Параметры")
    assert russian.embed.fields[4].name == "1. Бросок против пиратов [OP-3.2]"
    assert "цель >=5: 1 успех" in russian.embed.fields[4].value
    war = await campaign.slash("/history show entry:6", as_="player2")
    assert "**воюет**: да" in war.embed.field("Параметры")


async def test_history_list_translates_commands_and_turns_and_joins_sentences(campaign):
    await campaign.slash("/campaign join faction:Ottomans", as_="player1")
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    listed = await campaign.slash("/history list", as_="player1")
    text = listed.embed.description
    assert "`#2` ход 1 · **кампания вступить**" in text
    assert "Фракция «Ottomans» получила игрока." in text
    assert " T1 " not in text and "turn end" not in text
    assert listed.embed.footer.startswith("Всего 3 записи")
    assert [b.label for b in listed.buttons] == ["◀ Новые", "Старые ▶"]


async def test_history_stats_names_players_and_writes_decimals_the_readers_way(campaign):
    campaign.script_dice([6, 5, 1, 4])
    await campaign.slash("/roll dice:4d6", as_="player1")
    stats = await campaign.slash("/history stats", as_="gm")
    field = stats.embed.fields[0]
    assert field.name == "Player One"
    assert "mean 4.00" in field.value
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    russian = await campaign.slash("/history stats", as_="gm")
    assert "среднее 4,00 (ожидается 3,50)" in russian.embed.fields[0].value


async def test_the_story_cites_its_rules_in_the_footer_and_history_show_keeps_them(campaign):
    """The outcome reads first; clause ids leave the story's text for its footer."""
    await seat(campaign)
    campaign.script_dice([5, 2, 6, 5])
    question = await campaign.slash(OP_E1, as_="player1")
    story = question.embed
    assert "(OP-" not in story.description
    assert all("OP-" not in f.value for f in story.fields)
    assert story.footer == (
        "Log entry #8 · Rules: OP-I14, OP-2.3, OP-I6, OP-2.4, OP-3.2, OP-3.3, OP-4, "
        "OP-4.4, OP-5.2, OP-5.3"
    )
    assert "2 CP spent (recorded only)." in story.description
    shown = await campaign.slash("/history show entry:8", as_="player1")
    assert "2 CP spent (recorded only, OP-I14)." in shown.embed.description


async def test_colour_says_what_the_story_means(campaign):
    """Waiting for the target's choice, then a success for the Ottomans; no hits is a loss."""
    await seat(campaign)
    campaign.script_dice([5, 2, 6, 5])
    question = await campaign.slash(OP_E1, as_="player1")
    assert question.embed.color == WAITING_COLOUR.value
    assert question.embed.description.startswith("**2 hits — 2 rewards for Hapsburgs to choose**")
    first = await campaign.click(question, "+1 piracy VP", as_="player2")
    done = await campaign.click(first, "+1 piracy VP", as_="player2")
    assert done.embed.color == SUCCESS_COLOUR.value
    assert done.embed.description.startswith("**2 hits — 2 rewards taken from Hapsburgs**")
    campaign.script_dice([1, 1])  # OP-E-style miss: the 1 corsair left rolls nothing
    missed = await campaign.slash(
        "/corsairs piracy zone:Tyrrhenian Sea target:hapsburg corsairs:1", as_="player1"
    )
    assert missed.embed.color == LOSS_COLOUR.value
    assert missed.embed.description.startswith("**No hits — the piracy takes nothing**")
