"""An option's name as the reader sees it is one rule (`bot.command_names.option_word`):
the command list Discord shows, `/help`, and the log's options line all name an option the
same way, the command's own word (`/company add-piece value`: «стоимость») over the shared
one (`value`: «значение»); an answer's options read in the reader's language too."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.app import CatalogTranslator
from bot.command_names import option_word
from cogs.history import options_text

from .play import seat_piracy

OP_E1 = (
    "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2 leaders:barbarossa "
    "adjacent_squadrons:1 adjacent_place:Messina "
    "fortresses:Malta (Hospitallers), Corfu (Papacy) ports:2"
)


def test_one_word_for_an_option_whoever_asks():
    assert option_word("company add-piece", "value", "ru") == "стоимость"
    assert option_word("campaign settings set", "value", "ru") == "значение"
    assert option_word("company add-piece", "value", "en") == "value"
    assert options_text({"value": 3}, "ru", "company add-piece") == "**стоимость**: 3"
    assert options_text({"value": "ru"}, "ru", "campaign settings set") == "**значение**: ru"


async def test_the_command_list_names_an_option_by_its_commands_word():
    class Command:
        qualified_name = "company add-piece"

    class Data:
        command = Command()

    class Where:
        location = app_commands.TranslationContextLocation.parameter_name
        data = Data()

    found = await CatalogTranslator().translate(
        app_commands.locale_str("value"),
        discord.Locale.russian,
        Where(),  # type: ignore[arg-type]
    )
    assert found == "стоимость"


async def test_help_names_an_option_by_its_commands_word(table):
    shown = await table.slash("/help command:company add-piece", as_="player3", channel="general")
    options = shown.embed.field("Параметры")
    assert "`стоимость` (обязательный)" in options
    assert "`значение`" not in options


async def test_the_log_names_an_answers_options_in_the_readers_language(campaign):
    cast = (("player1", "Ottomans", "ottoman"), ("player2", "Habsburgs", "hapsburg"))
    await seat_piracy(campaign, cast)
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    campaign.script_dice([5, 2, 6, 5])
    question = await campaign.slash(OP_E1, as_="player1")
    await campaign.click(question, "+1 VP за пиратство", as_="player2")
    listed = await campaign.slash("/history list", as_="player2")
    seq = next(
        line.split("`")[1].lstrip("#")
        for line in listed.embed.description.splitlines()
        if "выбор награды" in line
    )
    shown = await campaign.slash(f"/history show entry:{seq}", as_="player2")
    options = shown.embed.field("Параметры")
    assert "**пиратство**: 1" in options
    assert "**удар**: 1" in options
    assert "**ответ**: " in options
    assert "answer" not in options and "hit" not in options
