"""The stand-in fails a test wherever Discord would reject what the bot sends."""

from __future__ import annotations

import pytest

from bot.standin import DiscordRejected, StandIn, Table

from .conftest import demo_factory

BROKEN_BY_KIND = {
    "title": "embed.title",
    "description": "embed.description",
    "fields": "embed.fields",
    "field_value": "embed.field.value",
    "empty_field": "embed.field.value",
    "footer": "embed.footer.text",
    "author": "embed.author.name",
    "total": "embed.total",
    "content": "message.content",
    "empty": "message.empty",
    "custom_id": "custom_id",
    "label": "button.label",
    "rows": "component.rows",
    "row_width": "component.row_width",
    "select_options": "select.options",
    "placeholder": "select.placeholder",
    "duplicate_id": "custom_id.duplicate",
    "double": "interaction.already_acknowledged",
    "modal_title": "modal.title",
    "followup_first": "interaction.followup_before_response",
    "channel_content": "message.content",
}


@pytest.mark.parametrize(("kind", "rule"), sorted(BROKEN_BY_KIND.items()))
async def test_limit_violation_fails_naming_the_rule(
    demo_table: Table, kind: str, rule: str
) -> None:
    with pytest.raises(DiscordRejected) as rejected:
        await demo_table.slash(f"/bad kind:{kind}")

    assert rejected.value.rules == [rule]
    assert rule in str(rejected.value)


async def test_rejected_response_reaches_the_bot_as_discords_error(demo_table: Table) -> None:
    with pytest.raises(DiscordRejected) as rejected:
        await demo_table.slash("/bad kind:total")

    assert "HTTPException: 400 Bad Request (error code: 50035)" in str(rejected.value)


async def test_autocomplete_over_25_choices_is_rejected(demo_table: Table) -> None:
    with pytest.raises(DiscordRejected) as rejected:
        await demo_table.autocomplete("/toomany q:")

    assert rejected.value.rules == ["autocomplete.choices"]
    assert "at most 25 autocomplete choices allowed (got 30)" in str(rejected.value)


@pytest.mark.parametrize(
    ("broken", "rule", "detail"),
    [
        ("description", "command.description", "between 1 and 100 characters long (got 101)"),
        ("localized_name", "command.name", "'Привет' must be lowercase (ru)"),
    ],
)
async def test_command_schema_rejected_at_sync(broken: str, rule: str, detail: str) -> None:
    standin = StandIn()
    async with standin:
        table = Table(demo_factory(standin, broken=broken), standin=standin)
        with pytest.raises(DiscordRejected) as rejected:
            await table.start()

    assert rejected.value.rules == [rule]
    assert detail in str(rejected.value)
    assert isinstance(rejected.value.__cause__, Exception)
    assert "CommandSyncFailure" in type(rejected.value.__cause__).__name__
