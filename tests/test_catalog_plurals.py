"""Issue 18: every message with a number chooses its plural form from that number."""

from __future__ import annotations

import json
import string

import pytest

from bot.i18n import LANGUAGES
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.i18n import catalog
from bot.i18n import decimal
from bot.i18n import local_number
from bot.i18n import plural_category
from bot.i18n import t
from bot.i18n import unfilled


def plural_messages(language: str) -> list[tuple[str, dict[str, str]]]:
    return [(k, v) for k, v in sorted(catalog(language).items()) if isinstance(v, dict)]


def chosen_by_one_number(language: str, category: str) -> bool:
    """A form for an exact number ("=1"), or a category only one number falls in (English
    "one" is 1 alone; Russian "one" is also 21, 31, 101…)."""
    found = [n for n in range(1000) if plural_category(language, n) == category]
    return category.startswith("=") or len(found) == 1


def shows_its_number(key: str, form: str) -> bool:
    """A form shows `{count}`; a navigation modifier may show it as its signed `{amount}`,
    which the engine sets to ±count (bot/rules/naval_orders: command_test.py, movement.py)."""
    return "{count" in form or (key.startswith("naval_orders.mod.") and "{amount}" in form)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_plural_form_shows_the_number_it_is_chosen_by(language):
    """`t()` picks the form from `count`; a form that shows `{entries}` or `{total}` instead
    reads "2 записей" (the form of count 0). Russian "one" is also 21, 31…, so every form
    chosen by several numbers names its number; a form for one number alone ("=1", English
    "one") may say it in words («за последний розыгрыш»)."""
    wrong = [
        f"{key}.{category}"
        for key, forms in plural_messages(language)
        for category, form in forms.items()
        if not shows_its_number(key, form) and not chosen_by_one_number(language, category)
    ]
    assert wrong == []


def test_every_russian_plural_has_the_four_cldr_forms():
    """…and may add a form for one exact number ("=1"), which `t()` prefers to its category."""
    incomplete = [
        k
        for k, forms in plural_messages("ru")
        if {c for c in forms if not c.startswith("=")} != {"one", "few", "many", "other"}
    ]
    assert incomplete == []


def test_a_form_for_exactly_one_is_not_the_one_form_again():
    """An "=1" form is there because `one` reads 21 too and so says it otherwise."""
    same = [
        f"{language}:{key}"
        for language in LANGUAGES
        for key, forms in plural_messages(language)
        if "=1" in forms and forms["=1"] == forms.get("one")
    ]
    assert same == []


# Russian texts whose words for exactly one («его», «последний») are wrong for 21, 31…: what
# a reader of 1 reads, and what a reader of 2, 5, 21 or 22 reads instead.
EXACTLY_ONE = {
    **{
        f"naval_orders.error.{name}": ("сначала измените его", "сначала измените их")
        for name in (
            "station_named",
            "force_named",
            "station_moved_named",
            "station_seaport_named",
            "convoy_emptied_named",
            "fleet_formed_named",
            "fleet_dissolved_named",
        )
    },
    "naval_orders.error.station_occupied": ("где оно теперь", "где каждое из них теперь"),
    "naval_orders.error.station_moved_occupied": ("где оно теперь", "где каждое из них теперь"),
    "naval_orders.named.others": (
        "X соединения другого игрока",
        "{n} соединени",
    ),
    "space_pirates.error.pool_empty": (
        "за последний розыгрыш хода",
        "за последние {n} розыгрыш",
    ),
    "error.leave_owes": ("Сначала ответьте на него", "Сначала ответьте на них"),
    "turn.status.held": ("Discord его не принял", "Discord их не принял"),
    "turn.status.dropped": ("Discord счёл его неверным", "Discord счёл их неверными"),
    "corsairs.ping.player": ("Выберите награду за этот удар.", "За каждый удар выберите награду."),
    "undo.done.reopened_unshown": ("): он задан до того", "заданы до того"),
    "undo.turn_end.questions": ("(он закроется)", "(они закроются)"),
    "undo.done.unmarked": ("(оно старше недели)", "(они старше недели)"),
    "history.verify.unprovable": ("её грани не пересчитать", "их грани не пересчитать"),
    "combat.fleets.more": ("укажите её в параметре", "укажите одну в параметре"),
}


@pytest.mark.parametrize("count", [1, 2, 5, 21, 22])
@pytest.mark.parametrize("key", sorted(EXACTLY_ONE))
def test_russian_words_for_exactly_one_are_read_for_one_alone(key, count):
    """CLDR's Russian "one" is 1, 21, 31, 101…: «Без него не выполнить 21 приказ: сначала
    измените их», «за последние 21 розыгрыш хода»; only 1 reads «его», «за последний»."""
    forms = catalog("ru")[key].values()
    names = {name for form in forms for _, name, _, _ in string.Formatter().parse(form) if name}
    text = t(key, "ru", **{name: "X" for name in names} | {"count": count})
    one, several = EXACTLY_ONE[key]
    if count == 1:
        assert one in text, text
    else:
        assert several.format(n=count) in text, text
        assert one not in text, text


@pytest.mark.parametrize(
    ("count", "form"), [(1, "1 запись"), (2, "2 записи"), (5, "5 записей"), (21, "21 запись")]
)
def test_the_log_footer_counts_entries_with_the_right_russian_form(count, form):
    assert t("campaign.info.footer", "ru", count=count).startswith(form)
    assert (
        t("history.list.footer", "ru", count=count) == f"Всего {form} · /журнал показать запись:N"
    )


def test_a_plural_message_without_its_count_is_unfinished():
    """The unit of work refuses such a summary: its form would be that of 0."""
    problems = unfilled(Msg("history.list.footer", total=3))
    assert "history.list.footer: a plural chosen without {count} (en)" in problems
    assert "history.list.footer: a plural chosen without {count} (ru)" in problems
    assert unfilled(Msg("history.list.footer", count=3)) == []


def test_decimals_are_written_the_readers_way():
    assert decimal(3.6789, "en", 2) == "3.68"
    assert decimal(3.6789, "ru", 2) == "3,68"
    assert decimal(0.5, "ru", 3) == "0,500"


@pytest.fixture
def number_catalog(tmp_path):
    """A ruleset's own catalog with decimals in it, as any ruleset may write them."""
    from bot import i18n

    texts = {
        "en": {"numbers.test.chance": "Chance {p:.1%}, mean {mean:.2f}, about {x}"},
        "ru": {"numbers.test.chance": "Шанс {p:.1%}, в среднем {mean:.2f}, около {x}"},
    }
    for language, entries in texts.items():
        (tmp_path / language).mkdir()
        (tmp_path / language / "numbers.json").write_text(json.dumps(entries), encoding="utf-8")
    i18n.add_catalog_dir(tmp_path)
    yield
    i18n.remove_catalog_dir(tmp_path)


def test_any_catalogs_decimals_follow_the_readers_language(number_catalog):
    """Issue 18 ("3,68"): `t()` writes every float with the language's decimal symbol, and a
    percentage in its typography, whatever catalog the text comes from."""
    params = {"p": 0.4375, "mean": 3.6789, "x": 2.5}
    assert t("numbers.test.chance", "en", **params) == "Chance 43.8%, mean 3.68, about 2.5"
    assert t("numbers.test.chance", "ru", **params) == "Шанс 43,8\xa0%, в среднем 3,68, около 2,5"


def test_both_languages_show_the_same_digits():
    """Python rounds, Babel lays out: 2.675 is 2.67 in both (the float is 2.67499…)."""
    assert local_number(2.675, ".2f", "en") == "2.67"
    assert local_number(2.675, ".2f", "ru") == "2,67"
    assert local_number(12345.678, ",.1f", "ru") == "12\xa0345,7"
    assert local_number(12345.678, ",.1f", "en") == "12,345.7"
    assert local_number(2.0, "", "ru") == "2,0"
    assert local_number(3.5, ">6.2f", "ru") == "  3,50"
    assert local_number(float("nan"), ".1f", "ru") == "nan"


def test_a_russian_odds_line_shows_a_decimal_comma():
    """FC-I17's odds in Russian: "37,5 %", "± 0,02", "2,0 раунда"."""
    assert t("fleet_combat.odds.win", "ru", faction="Красные", pct=37.5) == (
        "Красные — победа: 37,5 %"
    )
    assert t("fleet_combat.odds.win_margin", "ru", faction="Красные", pct=37.5, margin=0.0189) == (
        "Красные — победа: 37,5 % ± 0,02"
    )
    assert t("fleet_combat.odds.rounds", "ru", rounds=2.04) == "Средняя длина боя: 2,0 раунда"
    assert t("fleet_combat.odds.win", "en", faction="Red", pct=37.5) == "Red wins: 37.5%"


def test_a_list_of_numbers_is_written_the_readers_way():
    assert MsgList([1.5, 2, "x"]).render("ru") == "1,5, 2, x"
    assert MsgList([1.5, 2, "x"]).render("en") == "1.5, 2, x"


CAP = "группа не может уничтожить больше кораблей, чем в ней есть (FC-5.18)."
LEFT = "кораблей целевого класса не осталось (FC-5.16)."


@pytest.mark.parametrize(
    ("key", "count", "text"),
    [
        ("fleet_combat.round.lost_to_cap", 1, f"1 рана пропала: {CAP}"),
        ("fleet_combat.round.lost_to_cap", 3, f"3 раны пропали: {CAP}"),
        ("fleet_combat.round.lost_to_cap", 11, f"11 ран пропало: {CAP}"),
        ("fleet_combat.round.lost_to_cap", 21, f"21 рана пропала: {CAP}"),
        ("fleet_combat.round.lost_to_cap", 1.5, f"Пропало 1,5 раны: {CAP}"),
        ("fleet_combat.round.burned", 1, f"1 рана «сгорела»: {LEFT}"),
        ("fleet_combat.round.burned", 22, f"22 раны «сгорели»: {LEFT}"),
        ("fleet_combat.round.burned", 5, f"5 ран «сгорело»: {LEFT}"),
        ("fleet_combat.round.burned", 2.5, f"«Сгорело» 2,5 раны: {LEFT}"),
        ("combat.report.lost_to_cap", 2, "2 раны потеряны из-за предела уничтожений (FC-5.18)"),
        ("combat.report.lost_to_cap", 0.5, "потеряно 0,5 раны из-за предела уничтожений (FC-5.18)"),
        ("combat.report.burned", 7, "7 ран сгорело (FC-5.16)"),
        ("combat.report.burned", 1.5, "сгорело 1,5 раны (FC-5.16)"),
    ],
)
def test_fleet_combats_lost_and_burned_wounds_read_naturally_in_russian(key, count, text):
    """FC-5.18, FC-5.16: a round's wounds lost to the kill cap or burned out are whole
    numbers (a packet's wounds are counted one by one) and read with the noun's form and the
    verb agreeing with it; the form CLDR keeps for fractions (never chosen by a whole count)
    puts the verb first, as Russian says it of a fraction ("пропало 1,5 раны")."""
    assert t(key, "ru", count=count) == text


def test_english_says_the_last_resolution_for_a_window_of_one():
    def text(count):
        return t(
            "space_pirates.error.pool_empty", "en", faction="Vega", clause="SP-I35", count=count
        )

    assert "attacked Vega in the last resolution, and none did" in text(1)
    assert "attacked Vega in the last 21 resolutions, and none did" in text(21)
    others = t("naval_orders.named.others", "en", orders="2 orders", count=1)
    assert others == "2 orders of another player's force"
