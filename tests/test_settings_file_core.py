"""A settings file and the core settings it does not hold (the language, the turn's
schedule), and the lists a ruleset cannot do without, read in Russian as in English."""

from __future__ import annotations

import pytest

from bot import rulesets
from bot.settings_file import CoreSettings
from bot.settings_file import SettingsFileRejected
from bot.settings_file import export_text
from bot.settings_file import read_settings


def core_and_rules() -> dict[str, object]:
    return {
        "core": CoreSettings(),
        "naval_orders": rulesets.get("naval_orders").settings_model(),
        "company_raids": rulesets.get("company_raids").settings_model(),
    }


def test_the_russian_export_names_the_command_of_each_core_setting_it_does_not_hold() -> None:
    text = export_text(list(core_and_rules().items()), "ru", campaign="Море", turn=1)  # type: ignore[arg-type]
    core = text.split("[core]")[1].split("[naval_orders]")[0]
    assert "# Язык, на котором кампания пишет в канал (если не задан — язык сервера)." in core
    assert (
        "# reminders задаётся не в этом файле, а командой /кампания настройки изменить"
        " настройка:core.reminders значение:…"
    ) in core
    assert read_settings(text, core_and_rules()) == core_and_rules()  # type: ignore[arg-type]


def test_an_import_setting_the_schedule_or_emptying_a_needed_list_is_refused_in_russian() -> None:
    text = (
        "[core]\n"
        'time_zone = "Europe/Moscow"\n'
        "[naval_orders]\n"
        "enabled_orders = []\n"
        "[company_raids]\n"
        "capture_faces = []\n"
        "duel_hit_faces = []\n"
    )
    with pytest.raises(SettingsFileRejected) as rejected:
        read_settings(text, core_and_rules())  # type: ignore[arg-type]
    assert [p.message.render("ru") for p in rejected.value.problems] == [
        "Строка 2: `core.time_zone` файлом не меняется, поэтому файл не применён: удалите"
        " эту строку и импортируйте файл снова, а `core.time_zone` задайте командой"
        " `/кампания настройки изменить настройка:core.time_zone значение:…`",
        "Строка 4: `naval_orders.enabled_orders` нельзя оставить пустым: правилам нужно хотя"
        " бы 1 значение. Допустимо: cruise, move, raid, blockade, escort, landing, build,"
        " repair, disband",
        "Строка 7: `company_raids.duel_hit_faces` нельзя оставить пустым: правилам нужно хотя"
        " бы 1 значение.",
    ]
