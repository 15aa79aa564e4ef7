"""Discord's limits as the validator applies them, one rule per test."""

from __future__ import annotations

from typing import Any

import pytest

from bot.standin import limits as L


def rules(violations: list[L.Violation]) -> list[str]:
    return [v.rule for v in violations]


def command(**overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"name": "roll", "description": "Roll dice", "type": 1, "options": []}
    data.update(overrides)
    return data


def option(name: str, kind: int = 3, **extra: Any) -> dict[str, Any]:
    return {"name": name, "description": f"the {name}", "type": kind, **extra}


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


def test_more_than_ten_embeds_is_rejected() -> None:
    assert rules(L.check_message({"embeds": [{"title": "x"}] * 11})) == ["message.embeds"]


def test_empty_message_has_its_own_error_code() -> None:
    (violation,) = L.check_message({"content": ""})

    assert violation.code == L.EMPTY_MESSAGE
    assert L.error_body([violation])["code"] == 50006


def test_field_name_and_value_must_not_be_empty() -> None:
    found = L.check_message({"embeds": [{"fields": [{"name": "", "value": ""}]}]})

    assert rules(found) == ["embed.field.name", "embed.field.value"]
    assert found[0].where == "embeds[0].fields[0].name"


def test_button_rows_and_widths() -> None:
    button = {"type": 2, "style": 1, "label": "ok", "custom_id": "a"}
    six_buttons = [{**button, "custom_id": str(i)} for i in range(6)]
    select = {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]}

    assert rules(L.check_components([{"type": 1, "components": six_buttons}])) == [
        "component.row_width"
    ]
    assert rules(L.check_components([{"type": 1, "components": [button, select]}])) == [
        "component.row_width"
    ]
    rows = [{"type": 1, "components": [{**button, "custom_id": str(i)}]} for i in range(6)]
    assert rules(L.check_components(rows)) == ["component.rows"]
    assert rules(L.check_components([button])) == ["component.type"]


def test_button_custom_id_label_and_links() -> None:
    long_id = {"type": 2, "style": 1, "label": "x", "custom_id": "c" * 101}
    no_label = {"type": 2, "style": 1, "custom_id": "a"}
    link_with_id = {"type": 2, "style": 5, "label": "x", "url": "https://x", "custom_id": "a"}

    assert rules(L.check_components([{"type": 1, "components": [long_id]}])) == ["custom_id"]
    assert rules(L.check_components([{"type": 1, "components": [no_label]}])) == ["button.label"]
    assert rules(L.check_components([{"type": 1, "components": [link_with_id]}])) == [
        "button.custom_id"
    ]


def test_select_limits() -> None:
    select = {
        "type": 3,
        "custom_id": "s",
        "placeholder": "p" * 151,
        "min_values": 1,
        "max_values": 3,
        "options": [{"label": "a", "value": "v"}, {"label": "b", "value": "v"}],
    }

    found = rules(L.check_components([{"type": 1, "components": [select]}]))

    assert found == ["select.placeholder", "select.max_values", "select.option.value"]


def test_components_v2_counts_all_nested_components() -> None:
    texts = [{"type": 10, "content": "x"} for _ in range(41)]

    assert rules(L.check_components([{"type": 17, "components": texts}], v2=True)) == [
        "component.total"
    ]
    assert rules(
        L.check_message({"flags": L.IS_COMPONENTS_V2, "content": "x", "components": texts[:1]})
    ) == ["message.components_v2"]


def test_too_many_files_and_too_many_bytes() -> None:
    files = [(f"f{i}", 1) for i in range(11)]

    assert rules(L.check_message({"content": "x"}, files=files)) == ["message.files"]
    big = L.check_message({"content": "x"}, files=[("a", L.ATTACHMENT_SIZE_LIMIT + 1)])
    assert big[0].code == L.REQUEST_TOO_LARGE


def test_modal_limits() -> None:
    text = {"type": 4, "custom_id": "t", "label": "L" * 46, "style": 1}
    modal = {
        "custom_id": "m",
        "title": "T" * 46,
        "components": [{"type": 1, "components": [text]}] * 6,
    }

    assert sorted(set(rules(L.check_modal(modal)))) == [
        "modal.components",
        "modal.title",
        "text_input.label",
    ]


def test_autocomplete_choice_limits() -> None:
    choices = [{"name": str(i), "value": str(i)} for i in range(26)]

    assert rules(L.check_autocomplete({"choices": choices})) == ["autocomplete.choices"]
    assert rules(L.check_autocomplete({"choices": [{"name": "", "value": "x" * 101}]})) == [
        "choice.name",
        "choice.value",
    ]


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


def test_localized_names_and_descriptions_are_checked_too() -> None:
    found = L.check_commands(
        [
            command(
                name_localizations={"ru": "Бросок", "xx": "roll"},
                description_localizations={"ru": ""},
            )
        ]
    )

    assert [(v.rule, v.where) for v in found] == [
        ("command.name", "[0].name_localizations.ru"),
        ("locale", "[0].name_localizations.xx"),
        ("command.description", "[0].description_localizations.ru"),
    ]


def test_required_options_come_before_optional_ones() -> None:
    found = L.check_commands([command(options=[option("reason"), option("dice", required=True)])])

    assert rules(found) == ["option.order"]
    assert found[0].error_code == "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID"


def test_twenty_five_options_and_choices() -> None:
    many = [option(f"o{i}") for i in range(26)]
    choices = [{"name": str(i), "value": str(i)} for i in range(26)]

    assert rules(L.check_commands([command(options=many)])) == ["command.options"]
    assert rules(L.check_commands([command(options=[option("c", choices=choices)])])) == [
        "option.choices"
    ]


def test_command_size_counts_longest_localization_of_each_field() -> None:
    base = command(name="x", description="d", name_localizations={"ru": "yyyy"})

    assert L.command_size(base) == 4 + 1


def test_eight_thousand_characters_per_command() -> None:
    choices = [{"name": "c" * 100, "value": "v" * 100} for _ in range(2)]
    options = [option(f"opt{i:02d}", description="o" * 100, choices=choices) for i in range(25)]
    big = command(name="big", description="b" * 100, options=options)

    assert L.command_size(big) > 8000
    assert rules(L.check_commands([big])) == ["command.total"]


def test_nesting_rules() -> None:
    sub = option("add", 1, options=[option("user", 6)])
    group = option("gm", 2, options=[sub])
    nested_group = option("outer", 2, options=[group])

    assert L.check_commands([command(options=[group])]) == []
    assert "option.nesting" in rules(L.check_commands([command(options=[nested_group])]))
    assert "option.nesting" in rules(L.check_commands([command(options=[group, option("x")])]))


def test_duplicate_command_names_and_counts() -> None:
    assert rules(L.check_commands([command(), command()])) == ["command.name"]
    many = [command(name=f"c{i}") for i in range(101)]
    assert rules(L.check_commands(many)) == ["command.count"]


def test_error_body_nests_like_discords_for_command_sync_failure() -> None:
    found = L.check_commands([command(), command(options=[option("Bad")], name="other")])

    body = L.error_body(found)

    assert body["code"] == 50035
    assert body["errors"]["1"]["options"]["0"]["name"]["_errors"][0]["code"] == (
        "APPLICATION_COMMAND_INVALID_NAME"
    )
