"""Issue 18: every message with a number chooses its plural form from that number."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES, Msg, catalog, decimal, t, unfilled


def plural_messages(language: str) -> list[tuple[str, dict[str, str]]]:
    return [(k, v) for k, v in sorted(catalog(language).items()) if isinstance(v, dict)]


def shows_its_number(key: str, form: str) -> bool:
    """A form shows `{count}`; a navigation modifier may show it as its signed `{amount}`,
    which the engine sets to ±count (bot/rules/naval_orders: command_test.py, movement.py)."""
    return "{count" in form or (key.startswith("naval_orders.mod.") and "{amount}" in form)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_plural_form_shows_the_number_it_is_chosen_by(language):
    """`t()` picks the form from `count`; a form that shows `{entries}` or `{total}` instead
    reads "2 записей" (the form of count 0). Russian "one" is also 21, 31…, so every form
    names the number."""
    wrong = [
        f"{key}.{category}"
        for key, forms in plural_messages(language)
        for category, form in forms.items()
        if not shows_its_number(key, form)
    ]
    assert wrong == []


def test_every_russian_plural_has_the_four_cldr_forms():
    incomplete = [
        k for k, forms in plural_messages("ru") if set(forms) != {"one", "few", "many", "other"}
    ]
    assert incomplete == []


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
