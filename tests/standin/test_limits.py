"""Discord's rules the published schema cannot express, one rule per test."""

from __future__ import annotations

from typing import Any

import pytest

from bot.standin import limits as L
from bot.standin.schema import DiscordSchema


@pytest.fixture
def locales(discord_schema: DiscordSchema) -> frozenset[str]:
    """Discord's locales, from its schema."""
    return discord_schema.locales


def rules(violations: list[L.Violation]) -> list[str]:
    return [v.rule for v in violations]


def command(**overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"name": "roll", "description": "Roll dice", "type": 1, "options": []}
    data.update(overrides)
    return data


def option(name: str, kind: int = 3, **extra: Any) -> dict[str, Any]:
    return {"name": name, "description": f"the {name}", "type": kind, **extra}


def button(custom_id: str, **extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "ok", "custom_id": custom_id, **extra}


def test_embed_total_counts_every_embed_of_the_message() -> None:
    at_limit = [{"title": "t" * 256, "description": "d" * 4096}, {"description": "e" * 1648}]
    over = [*at_limit[:1], {"description": "e" * 1649}]

    assert L.check_message({"embeds": at_limit}) == []
    assert rules(L.check_message({"embeds": over})) == ["embed.total"]


def test_embed_total_includes_fields_footer_and_author() -> None:
    embed = {
        "fields": [{"name": "n" * 256, "value": "v" * 1024}] * 5,
        "footer": {"text": "f" * 500},
        "author": {"name": "a" * 101},
    }

    assert L.embed_text_size(embed) == 5 * 1280 + 601
    assert "embed.total" in rules(L.check_message({"embeds": [embed]}))


def test_bot_message_content_holds_2000_characters_though_the_schema_says_4000() -> None:
    assert L.check_message({"content": "c" * 2000}) == []
    assert rules(L.check_message({"content": "c" * 2001})) == ["message.content"]


def test_empty_message_has_its_own_error_code() -> None:
    (violation,) = L.check_message({"content": ""})

    assert violation.code == L.EMPTY_MESSAGE
    assert L.error_body([violation])["code"] == 50006


def test_an_edit_may_not_leave_the_message_empty() -> None:
    assert rules(L.check_not_empty({"content": "", "embeds": []}, attachments=0)) == [
        "message.empty"
    ]
    assert L.check_not_empty({"content": ""}, attachments=1) == []


def test_empty_field_name_or_value_is_missing_to_discord() -> None:
    found = L.check_message({"embeds": [{"fields": [{"name": "", "value": ""}]}]})

    assert rules(found) == ["embed.field.name", "embed.field.value"]
    assert found[0].where == "embeds[0].fields[0].name"


def test_a_row_holds_five_buttons_or_one_select() -> None:
    select = {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]}
    six = [button(str(i)) for i in range(6)]

    assert rules(L.check_components([{"type": 1, "components": six}], v2=False)) == [
        "component.row_width"
    ]
    mixed = [{"type": 1, "components": [button("b"), select]}]
    assert rules(L.check_components(mixed, v2=False)) == ["component.row_width"]


def test_without_the_v2_flag_five_action_rows_at_the_top() -> None:
    rows = [{"type": 1, "components": [button(str(i))]} for i in range(6)]

    assert rules(L.check_components(rows, v2=False)) == ["component.rows"]
    assert rules(L.check_components([button("x")], v2=False)) == ["component.type"]


def test_link_buttons_have_a_url_and_others_a_custom_id() -> None:
    link_with_id = {"type": 2, "style": 5, "label": "x", "url": "https://x", "custom_id": "a"}
    plain_with_url = button("a", url="https://x")
    no_label = {"type": 2, "style": 1, "custom_id": "a"}

    for broken, rule in ((link_with_id, "button.kind"), (plain_with_url, "button.kind")):
        assert rules(L.check_components([{"type": 1, "components": [broken]}], v2=False)) == [rule]
    assert rules(L.check_components([{"type": 1, "components": [no_label]}], v2=False)) == [
        "button.label"
    ]


def test_custom_ids_are_unique_within_a_message() -> None:
    row = {"type": 1, "components": [button("same"), button("same")]}

    assert rules(L.check_components([row], v2=False)) == ["custom_id.duplicate"]


def test_components_v2_counts_all_nested_components() -> None:
    texts = [{"type": 10, "content": "x"} for _ in range(40)]

    assert rules(L.check_components([{"type": 17, "components": texts}], v2=True)) == [
        "component.total"
    ]
    assert rules(L.check_message({"flags": 1 << 15, "content": "x", "components": texts[:1]})) == [
        "message.components_v2"
    ]


def test_too_many_files_and_too_many_bytes() -> None:
    files = [(f"f{i}", 1) for i in range(11)]

    assert rules(L.check_message({"content": "x"}, files=files)) == ["message.files"]
    big = L.check_message({"content": "x"}, files=[("a", L.ATTACHMENT_SIZE_LIMIT + 1)])
    assert big[0].code == L.REQUEST_TOO_LARGE


def test_string_choice_values_hold_100_characters_though_the_schema_says_6000() -> None:
    found = L.check_choice_values([{"name": "a", "value": "x" * 101}], ("data", "choices"))

    assert [(v.rule, v.where) for v in found] == [("choice.value", "data.choices[0].value")]


@pytest.mark.parametrize(
    ("name", "ok"),
    [
        ("roll", True),
        ("fleet-combat", True),
        ("бросок", True),
        ("ลูกเต๋า", True),
        ("Roll", False),
        ("two words", False),
        ("x" * 33, False),
        ("", False),
        ("emoji🎲", False),
    ],
)
def test_command_names_follow_discords_pattern(name: str, ok: bool) -> None:
    assert (L.valid_command_name(name) is None) is ok


def test_localized_names_follow_the_pattern_and_locales_come_from_the_schema(
    locales: frozenset[str],
) -> None:
    found = L.check_commands(
        [command(name_localizations={"ru": "Бросок", "xx": "roll", "ar": "رمي", "he": "הטלה"})],
        locales,
    )

    assert [(v.rule, v.where) for v in found] == [
        ("command.name", "[0].name_localizations.ru"),
        ("locale", "[0].name_localizations.xx"),
    ]


def test_required_options_come_before_optional_ones(locales: frozenset[str]) -> None:
    found = L.check_commands(
        [command(options=[option("reason"), option("dice", required=True)])], locales
    )

    assert rules(found) == ["option.order"]
    assert found[0].error_code == "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID"


def test_command_size_counts_longest_localization_of_each_field() -> None:
    base = command(name="x", description="d", name_localizations={"ru": "yyyy"})

    assert L.command_size(base) == 4 + 1


def test_eight_thousand_characters_per_command(locales: frozenset[str]) -> None:
    choices = [{"name": "c" * 100, "value": "v" * 100} for _ in range(2)]
    options = [option(f"opt{i:02d}", description="o" * 100, choices=choices) for i in range(25)]
    big = command(name="big", description="b" * 100, options=options)

    assert L.command_size(big) > 8000
    assert rules(L.check_commands([big], locales)) == ["command.total"]


def test_duplicate_command_names_and_counts(locales: frozenset[str]) -> None:
    assert rules(L.check_commands([command(), command()], locales)) == ["command.name"]
    many = [command(name=f"c{i}") for i in range(101)]
    assert rules(L.check_commands(many, locales)) == ["command.count"]


def test_error_body_nests_like_discords_for_command_sync_failure(locales: frozenset[str]) -> None:
    found = L.check_commands([command(), command(options=[option("Bad")], name="other")], locales)

    body = L.error_body(found)

    assert body["code"] == 50035
    assert body["errors"]["1"]["options"]["0"]["name"]["_errors"][0]["code"] == (
        "APPLICATION_COMMAND_INVALID_NAME"
    )
