"""Catalogs: every key in both languages, Russian plurals from CLDR, commands translated."""

from __future__ import annotations

import json
import re
import string

import pytest
from discord import app_commands

from bot.app import CatalogTranslator
from bot.app import create_bot
from bot.config import Settings
from bot.i18n import LANGUAGES
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.i18n import catalog
from bot.i18n import catalog_dir
from bot.i18n import continued
from bot.i18n import plural_category
from bot.i18n import t

PLURAL_FORMS = {"en": {"one", "other"}, "ru": {"one", "few", "many", "other"}}
COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")


def _placeholders(value):
    texts = value.values() if isinstance(value, dict) else [value]
    return {name for text in texts for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_message_key_exists_in_both_catalogs():
    keys = {lang: {k for k in catalog(lang) if not k.startswith("cmd:")} for lang in LANGUAGES}
    assert keys["en"] - keys["ru"] == set(), "missing in Russian"
    assert keys["ru"] - keys["en"] == set(), "missing in English"


def test_translations_use_the_same_placeholders():
    for key, value in catalog("en").items():
        if key.startswith("cmd:"):
            continue
        assert _placeholders(value) == _placeholders(catalog("ru")[key]), key


def test_plural_messages_have_every_cldr_form_of_their_language():
    for lang in LANGUAGES:
        for key, value in catalog(lang).items():
            if isinstance(value, dict):
                assert PLURAL_FORMS[lang] <= set(value), f"{lang}:{key}"


def test_no_key_is_defined_twice_with_different_text():
    for lang in LANGUAGES:
        seen = {}
        for path in sorted((catalog_dir() / lang).glob("*.json")):
            for key, value in json.loads(path.read_text(encoding="utf-8")).items():
                assert seen.setdefault(key, value) == value, f"{key} differs in {path}"


@pytest.mark.parametrize(
    ("count", "category", "text"),
    [
        (1, "one", "1 фракция"),
        (2, "few", "2 фракции"),
        (5, "many", "5 фракций"),
        (21, "one", "21 фракция"),
        (11, "many", "11 фракций"),
        (22, "few", "22 фракции"),
    ],
)
def test_russian_plurals_come_from_cldr(count, category, text):
    assert plural_category("ru", count) == category
    assert t("campaign.info.factions", "ru", count=count) == text


def test_english_plurals():
    assert t("campaign.info.factions", "en-US", count=1) == "1 faction"
    assert t("campaign.info.factions", "en-GB", count=21) == "21 factions"


@pytest.mark.parametrize(
    ("faction", "written"),
    [
        ("Habsburgs", "Habsburgs' fleet"),
        ("Venice", "Venice's fleet"),
        ("VENICES", "VENICES' fleet"),
    ],
)
def test_an_english_possessive_of_a_name_ending_in_s_takes_the_apostrophe_alone(faction, written):
    said = t("fleet_combat.fleet.registered", "en", faction=faction, point="Malta", ships="2")
    assert said.startswith(f"{written} at Malta")
    turn = t("turn_flow.deadline_passed", "en", turn=3, when="now", gms="GM")
    assert turn.startswith("⌛ Turn 3's deadline passed")  # a number is no name in "s"


def test_a_russian_text_names_the_owner_as_written_whatever_it_ends_in():
    said = t("fleet_combat.fleet.registered", "ru", faction="Habsburgs", point="Malta", ships="2")
    assert said == "Флот фракции «Habsburgs» в точке Malta: 2."


def test_unknown_locale_falls_back_to_english_and_msg_renders_per_reader():
    message = Msg("turn.end.done.title", turn=3)
    assert message.render("de") == "Turn 3 has ended"
    assert message.render("ru") == "Ход 3 завершён"


async def test_every_command_string_has_a_russian_translation_and_a_valid_name():
    bot = create_bot(Settings(discord_token="x"))
    from bot import rulesets

    for module in ["cogs.campaign", "cogs.dice", "cogs.history", "cogs.secret_rolls"]:
        await bot.load_extension(module)
    for spec in rulesets.available():
        await bot.load_extension(rulesets.cog_of(spec.key))
    translator = CatalogTranslator()
    import discord

    missing = []
    for cmd in bot.tree.walk_commands():
        strings = [(cmd.name, True), (cmd.description, False)]
        if isinstance(cmd, app_commands.Command):
            for param in cmd.parameters:
                strings += [(param.name, True), (param.description, False)]
                strings += [(choice.name, False) for choice in param.choices]
        for text, is_name in strings:
            ru = await translator.translate(
                app_commands.locale_str(text), discord.Locale.russian, None
            )
            if ru is None:
                missing.append(text)
            elif is_name:
                assert COMMAND_NAME.match(ru) and ru == ru.lower(), ru
            else:
                assert 1 <= len(ru) <= 100, ru
    assert missing == []


async def test_russian_command_and_option_names_use_the_seeds_terms():
    """The space pirates seed says «торговый путь» and «строения»: what a Russian reader
    types is named as the catalogs tell it (the English names, custom_ids and stored
    options stay as they were)."""
    translator = CatalogTranslator()
    import discord

    async def ru(name: str) -> str | None:
        found = await translator.translate(
            app_commands.locale_str(name), discord.Locale.russian, None
        )
        return found

    assert await ru("route") == "торговый_путь"
    assert await ru("routes") == "торговые_пути"
    assert await ru("buildings") == "строения"
    names = [
        value
        for path in sorted(catalog_dir().glob("ru/commands*.json"))
        for key, value in json.loads(path.read_text(encoding="utf-8")).items()
        if re.fullmatch(r"cmd:[a-z0-9_-]+", key)
    ]
    assert names and [n for n in names if "маршрут" in n or "постройк" in n] == []


async def test_russian_commands_that_act_read_as_the_seeds_verbs():
    """A command that does something reads as doing it, in the seed's word: the Company raids
    seed names the situation «остановка в чужой Компании», the command that stops a piece
    there is «остановиться»; the space pirates seed's «Атака пиратской базы» is
    «атаковать», not «штурм»; the naval seed's forces «обязаны вернуться в ближайшую морскую
    станцию»: «вернуться», not «возвращение»."""
    bot = create_bot(Settings(discord_token="x"))
    from bot import rulesets

    for spec in rulesets.available():
        await bot.load_extension(rulesets.cog_of(spec.key))
    translator = CatalogTranslator()
    import discord

    async def russian(name: str) -> str:
        words = [
            await translator.translate(app_commands.locale_str(w), discord.Locale.russian, None)
            for w in name.split(" ")
        ]
        return " ".join(str(w) for w in words)

    listed = {cmd.qualified_name for cmd in bot.tree.walk_commands()}
    renamed = {
        "company land": "компания остановиться",
        "pirates base assault": "пираты база атаковать",
        "navy return": "флот_приказы вернуться",
    }
    assert set(renamed) <= listed
    assert {name: await russian(name) for name in renamed} == renamed


def test_russian_messages_name_commands_as_a_russian_reader_types_them():
    """A Russian reader's command list shows `/ход`, `/пираты`: a message that tells them
    what to type names the command the same way."""
    english = re.compile(r"(?<![\w:/`])/[a-z][a-z_-]*")
    found = [
        (key, text)
        for path in sorted(catalog_dir().glob("ru/*.json"))
        if not path.name.startswith("commands")
        for key, value in json.loads(path.read_text(encoding="utf-8")).items()
        if not key.startswith("cmd:")
        for text in (value.values() if isinstance(value, dict) else [value])
        if english.search(text)
    ]
    assert found == []


def _russian_messages(*stems: str) -> list[tuple[str, str]]:
    """Every Russian text of these catalogs (all of them when none is named), form by form."""
    paths = [catalog_dir() / "ru" / f"{stem}.json" for stem in stems] or sorted(
        catalog_dir().glob("ru/*.json")
    )
    return [
        (key, text)
        for path in paths
        for key, value in json.loads(path.read_text(encoding="utf-8")).items()
        for text in (value.values() if isinstance(value, dict) else [value])
    ]


def test_russian_messages_name_options_as_a_russian_reader_types_them():
    """«корабли:3xIII», not «ships:3xIII»: an example of what to type names the option as the
    Russian command list shows it."""
    russian_names = {
        text for key, text in _russian_messages() if re.fullmatch(r"cmd:[a-z0-9_-]+", key)
    }
    option = re.compile(r"(?<![\w.:`/-])([a-z][a-z_]*):(?!//)(?=\S)")
    found = [
        (key, name)
        for key, text in _russian_messages()
        if not key.startswith("cmd:")
        for name in option.findall(re.sub(r"\{[^}]*\}", "", text))
        if name not in russian_names
    ]
    assert found == []


# How each language's texts start the command that changes a setting.
SETTING_COMMAND = {
    "en": "/campaign settings set setting:",
    "ru": "/кампания настройки изменить настройка:",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_message_that_names_a_setting_gives_the_whole_command_a_gm_types_in_code(language):
    """«…ведущий задаёт командой `/кампания настройки изменить
    настройка:space_pirates.mercenary_window_turns значение:…`»: the command with the setting's
    key and a value reads as what is typed, in code, the sentence around it in the reader's
    language. (An exported settings file says it in a comment, `settings_file.by_command`.)"""
    command = re.escape(SETTING_COMMAND[language])
    value = "value" if language == "en" else "значение"
    whole = re.compile(f"`{command}[a-z_{{}}]+(?:\\.[a-z_{{}}]+)+ {value}:[^`\\s]+`")
    found = [
        (key, text)
        for key, forms in catalog(language).items()
        if not key.startswith("cmd:") and key != "settings_file.by_command"
        for text in (forms.values() if isinstance(forms, dict) else [forms])
        if len(re.findall(command, text)) != len(whole.findall(text))
    ]
    assert found == []


@pytest.mark.parametrize(
    ("stems", "not_the_seeds_word"),
    [
        # Here I Stand: «Каждая выпавшая 5 или 6 – это «удар»», «бросает кости».
        (("ottoman_piracy", "corsairs", "commands_ottoman_piracy"), r"попадани|кубик"),
        # Fleet combat: «засчитывается как «удачный выстрел»».
        (("fleet_combat", "combat", "commands_fleet_combat"), r"попадани"),
        # Company raids: «атакуемая фигура считается поражённой»; pieces are «фигуры».
        (("company_raids", "company", "commands_company_raids"), r"попадани|фишк"),
        # Space pirates: the pirate phase is played out («розыгрыш»), planets are plundered
        # («разграбление»); «разрешение хода» would read as a permission.
        (
            ("space_pirates", "space_pirates_settings", "pirates", "commands_space_pirates"),
            r"разрешени[еяию]|грабёж|взятк",
        ),
    ],
)
def test_each_rulesets_russian_texts_use_its_seeds_word(stems, not_the_seeds_word):
    """A game term is one word across a ruleset's Russian texts, the word its Russian seed
    uses (rulesets differ: a hit is «удар» in Here I Stand, «удачный выстрел» in fleet combat)."""
    found = [
        (key, text)
        for key, text in _russian_messages(*stems)
        if re.search(not_the_seeds_word, text, re.IGNORECASE)
    ]
    assert found == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_clause_a_message_cites_can_move_to_the_footer(language):
    """A message cites clauses as "(FC-I7)" or "(…, FC-I7)": `cite_in_footer` takes those
    out of an embed into its footer; a clause written otherwise would stay in the text."""
    from bot.interactions import CLAUSE
    from bot.interactions import strip_citations

    stuck = [
        (key, text)
        for path in sorted(catalog_dir().glob(f"{language}/*.json"))
        if not path.name.startswith("commands") and not path.name.endswith("_settings.json")
        for key, value in json.loads(path.read_text(encoding="utf-8")).items()
        for text in (value.values() if isinstance(value, dict) else [value])
        if CLAUSE.search(strip_citations(text, []))
    ]
    assert stuck == []


LOGGED_CLICKS = [
    "pirates buy-off",
    "pirates plunder",
    "pirates retreat",
    "pirates upkeep",
    "pirates force",
    "corsairs reward",
    "corsairs force",
    "company answer",
    "combat order",
    "combat resolve",
    "navy order",
    "navy packet",
    "turn open",
    "turn end",
]


@pytest.mark.parametrize("command", LOGGED_CLICKS)
def test_history_names_every_logged_click_in_the_readers_language(command):
    """`/history list` and `/history show` name an entry by what the player did: a pirate
    question's button is the answer to that question, in Russian words for a Russian reader."""
    from bot.log_text import command_label

    assert not re.search(r"[A-Za-z]", command_label(command, "ru")), command_label(command, "ru")
    assert command_label(command, "en").startswith(command.split(" ")[0])


def test_a_pirate_answer_is_named_as_the_answer_it_is():
    from bot.log_text import command_label

    assert command_label("pirates buy-off", "en") == "pirates buy-off answer (a button)"
    assert command_label("pirates plunder", "ru").startswith("пираты: ответ на высадку")


def test_message_parameters_that_are_messages_are_translated_too():
    text = t("error.faction_taken", "ru", faction=Msg("ruleset.fleet_combat"))
    assert text == "За фракцию «Флотский бой» уже играет другой игрок."


def test_a_list_of_messages_renders_each_item_in_the_readers_language():
    classes = MsgList([Msg("ruleset.fleet_combat"), Msg("ruleset.core")])
    assert t("error.faction_taken", "ru", faction=classes) == (
        "За фракцию «Флотский бой, Основное» уже играет другой игрок."
    )
    assert MsgList([]).render("en") == "—"


def test_a_line_that_continues_a_sentence_after_a_colon_starts_small_where_it_stands_alone_not():
    """A lead with a colon and its item (`{step:continues}`): the item, a sentence of its
    own where it stands alone, goes on from a small letter after the colon, in both
    languages; a name it opens with keeps its capital."""
    step = Msg("next.fleet_combat.fleets", fleet="/fleet set", attack="/attack")
    assert step.render("ru").startswith("Разместите свой флот")
    assert t("turn.status.setup", "ru", step=step).startswith(
        "Осталось подготовить: разместите свой флот в точке карты командой /fleet set;"
    )
    assert t("turn.status.setup", "en", step=step).startswith(
        "Still to set up: register your fleet at a board point"
    )
    upkeep = Msg("space_pirates.waiting.upkeep", faction="Lyra", contract=2, amount=5, choice=7)
    assert upkeep.render("ru").startswith("Фракция «Lyra» не оплатила")
    assert (
        Msg("space_pirates.status.waiting_other", question=upkeep)
        .render("ru")
        .startswith("Ждёт вашего ответа: фракция «Lyra» не оплатила")
    )
    assert (
        Msg("space_pirates.status.waiting_other", question=upkeep)
        .render("en")
        .startswith("Waiting for your answer: Lyra has not paid")
    )


def test_a_continued_list_starts_small_at_its_first_item_only():
    """Several steps after the colon: the first goes on from a small letter, the others keep
    the capital each opens with."""
    fleets = Msg("next.fleet_combat.fleets", fleet="/fleet set", attack="/attack")
    steps = MsgList([fleets, fleets], separator=" ")
    told = t("turn.status.setup", "en", step=steps)
    assert told.startswith("Still to set up: register your fleet")
    assert " Register your fleet" in told


def test_a_text_missing_a_parameter_shows_no_format_spec():
    """A text whose parameter is missing reads as written, without the `continues` mark."""
    assert t("turn.status.setup", "en") == "Still to set up: {step}"


def test_a_continued_line_keeps_a_word_written_in_capitals():
    """ "GM" or "VP" opening the item stay as they are; "A GM records…" goes on "a GM…"."""
    assert continued("GM records it") == "GM records it"
    assert continued("VP: {vp}") == "VP: {vp}"
    assert continued("A GM records it") == "a GM records it"
    assert continued("{faction} has not answered") == "{faction} has not answered"
    assert continued("«{faction}» ждёт") == "«{faction}» ждёт"
