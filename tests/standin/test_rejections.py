"""The stand-in fails a test wherever Discord would reject what the bot sends."""

from __future__ import annotations

import json

import pytest

from bot.standin import DiscordRejected
from bot.standin import StandIn
from bot.standin import StrayPing
from bot.standin import Table
from bot.standin import limits as L
from bot.standin.schema import DiscordSchema
from bot.standin.server import command_violations

from .conftest import demo_factory

# kind -> (rule, where in the body); schema rules come from Discord's OpenAPI document.
BROKEN_BY_KIND = {
    "title": ("schema.maxLength", "data.embeds[0].title"),
    "description": ("schema.maxLength", "data.embeds[0].description"),
    "fields": ("schema.maxItems", "data.embeds[0].fields"),
    "field_value": ("schema.maxLength", "data.embeds[0].fields[0].value"),
    "empty_field": ("embed.field.value", "data.embeds[0].fields[0].value"),
    "footer": ("schema.maxLength", "data.embeds[0].footer.text"),
    "author": ("schema.maxLength", "data.embeds[0].author.name"),
    "total": ("embed.total", "data.embeds"),
    "content": ("schema.maxLength", "data.content"),
    "empty": ("message.empty", "data"),
    "custom_id": ("schema.maxLength", "data.components[0].components[0].custom_id"),
    "label": ("schema.maxLength", "data.components[0].components[0].label"),
    "rows": ("component.rows", "data.components"),
    "row_width": ("schema.maxItems", "data.components[0].components"),
    "select_options": ("schema.maxItems", "data.components[0].components[0].options"),
    "placeholder": ("schema.maxLength", "data.components[0].components[0].placeholder"),
    "duplicate_id": ("custom_id.duplicate", "data.components"),
    "double": ("interaction.already_acknowledged", ""),
    "modal_title": ("schema.maxLength", "data.title"),
    "followup_first": ("interaction.followup_before_response", ""),
    "channel_content": ("message.content", "content"),
}


@pytest.mark.parametrize(
    ("kind", "rule", "where"), [(k, *v) for k, v in sorted(BROKEN_BY_KIND.items())]
)
async def test_limit_violation_fails_naming_the_rule(
    demo_table: Table, kind: str, rule: str, where: str
) -> None:
    with pytest.raises(DiscordRejected) as rejected:
        await demo_table.slash(f"/bad kind:{kind}")

    assert rejected.value.rules == [rule]
    assert [p.where for p in rejected.value.problems] == [where]
    assert rule in str(rejected.value)


async def test_a_600_character_button_url_is_refused_by_discords_schema(
    demo_table: Table,
) -> None:
    """The hand-written limits only asked a link button for some url; Discord's schema caps
    it at 512 characters, and the failure names the schema keyword and the value."""
    with pytest.raises(DiscordRejected) as rejected:
        await demo_table.slash("/bad kind:button_url")

    (problem,) = rejected.value.problems
    assert problem.rule == "schema.maxLength"
    assert problem.where == "data.components[0].components[0].url"
    assert "(600 characters) fails maxLength=512" in problem.message
    assert "#/$defs/ButtonComponentForMessageRequest/properties/url/anyOf/0/maxLength" in (
        problem.message
    )


async def test_rejected_response_reaches_the_bot_as_discords_error(demo_table: Table) -> None:
    with pytest.raises(DiscordRejected) as rejected:
        await demo_table.slash("/bad kind:total")

    assert "HTTPException: 400 Bad Request (error code: 50035)" in str(rejected.value)


async def test_autocomplete_over_25_choices_is_rejected(demo_table: Table) -> None:
    with pytest.raises(DiscordRejected) as rejected:
        await demo_table.autocomplete("/toomany q:")

    assert rejected.value.rules == ["schema.maxItems"]
    assert "(30 items) fails maxItems=25" in str(rejected.value)


@pytest.mark.parametrize(
    ("broken", "rule", "detail"),
    [
        ("description", "schema.maxLength", "(101 characters) fails maxLength=100"),
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


async def test_a_registration_refused_once_is_refused_again_on_a_fresh_standin() -> None:
    """The second start meets the command rules' remembered verdict: the same refusal, the
    same problems, nothing left over from the first stand-in."""
    refusals = []
    for _ in range(2):
        standin = StandIn()
        async with standin:
            table = Table(demo_factory(standin, broken="localized_name"), standin=standin)
            with pytest.raises(DiscordRejected) as rejected:
                await table.start()
        refusals.append(rejected.value)
        assert standin.commands == [] and standin.sync_count == 0

    first, second = refusals
    assert second.rules == first.rules == ["command.name"]
    assert [p.where for p in second.problems] == [p.where for p in first.problems]
    assert "'Привет' must be lowercase (ru)" in str(second)


def test_a_remembered_command_verdict_is_the_rules_own_for_that_body_and_those_locales(
    discord_schema: DiscordSchema,
) -> None:
    commands = [
        {"name": "hello", "description": "Greets", "name_localizations": {"ru": "Привет"}},
        {"name": "hello", "description": "Again"},
    ]
    raw = json.dumps(commands).encode()
    every_locale = discord_schema.locales
    fresh = L.check_commands(commands, every_locale)
    assert [v.rule for v in fresh] == ["command.name", "command.name"]

    remembered = command_violations(raw, commands, every_locale)
    assert remembered == fresh
    remembered.clear()  # a caller's list is its own
    assert command_violations(raw, commands, every_locale) == fresh
    # Other locales are another verdict: "ru" is not among them.
    english_only = frozenset({"en-US"})
    assert command_violations(raw, commands, english_only) == L.check_commands(
        commands, english_only
    )
    assert "locale" in [v.rule for v in command_violations(raw, commands, english_only)]
    # Another body is checked anew.
    fixed = [{"name": "hello", "description": "Greets"}]
    assert command_violations(json.dumps(fixed).encode(), fixed, every_locale) == []


async def test_a_message_pinging_whom_it_does_not_name_fails_the_test(demo_table: Table) -> None:
    """Hardening 1: `parse` everyone and users pings whoever the content mentions."""
    with pytest.raises(StrayPing) as stray:
        await demo_table.slash("/bad kind:ping_everyone")

    assert stray.value.rules == ["mentions.unnamed"]
    assert "@everyone/@here" in str(stray.value)
    assert f"<@{demo_table.member('player1').id}>" in str(stray.value)


async def test_a_message_without_allowed_mentions_fails_the_test(demo_table: Table) -> None:
    with pytest.raises(StrayPing) as stray:
        await demo_table.slash("/bad kind:no_allowed_mentions")

    assert stray.value.rules == ["mentions.missing"]
    assert [p.where for p in stray.value.problems] == ["data.allowed_mentions"]
