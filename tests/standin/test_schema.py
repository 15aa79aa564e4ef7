"""Request bodies against Discord's published schema (npm discord-api-spec), and the quirks."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bot.standin import discord_schema as D
from bot.standin import schema as S


@pytest.fixture
def validator(discord_schema: S.DiscordSchema) -> S.BodyValidator:
    return S.BodyValidator(discord_schema)


def check(validator: S.BodyValidator, operation: str, body: Any) -> list[Any]:
    return validator.check(operation, body)


def link_row(url: str) -> list[dict[str, Any]]:
    return [{"type": 1, "components": [{"type": 2, "style": 5, "label": "map", "url": url}]}]


def test_schema_is_the_pinned_package_exported_with_every_schema_the_table_names(
    discord_schema: S.DiscordSchema,
) -> None:
    source = discord_schema.source

    assert source["discord-api-spec"] == D.DISCORD_API_SPEC_VERSION
    assert source["zod"] == D.ZOD_VERSION
    assert set(D.SCHEMA_ROOTS) <= discord_schema.names()
    assert D.schema_file().name == f"{D.DISCORD_API_SPEC_VERSION}.json"


def test_every_operation_the_stand_in_serves_has_a_row_naming_discords_operation_id() -> None:
    served = {
        "create_interaction_response",
        "execute_webhook",
        "update_webhook_message",
        "update_original_webhook_message",
        "create_message",
        "update_message",
        "bulk_set_application_commands",
        "bulk_set_guild_application_commands",
    }

    assert {row.operation_id for row in D.BODIES} == served
    callback_types = {row.callback_type for row in D.bodies_of("create_interaction_response")}
    assert callback_types == {1, 4, 5, 6, 7, 8, 9, 12}


def test_the_cache_is_reused_and_rebuilt_only_when_a_schema_is_missing(tmp_path: Path) -> None:
    """`ensure` reads a built file that holds every root, and never runs npm for it."""
    built = D.schema_file(tmp_path)
    built.write_text(json.dumps({"$defs": {"Only": {}}}), encoding="utf-8")

    assert D.ensure(tmp_path, roots=["Only"]) == built
    assert D.cached(tmp_path, roots=["Only", "Other"]) is None


def test_a_schema_that_cannot_be_built_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))

    with pytest.raises(D.SchemaUnavailable, match="no npm on PATH"):
        D.ensure(tmp_path / "cache")


def test_without_a_built_schema_local_play_checks_nothing_and_says_so_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv(D.CACHE_ENV, str(tmp_path))

    unchecked = S.BodyValidator.if_cached()

    assert unchecked.schema is None
    assert unchecked.check("create_message", {"content": "c" * 5000}) == []
    assert unchecked.check("create_message", {"content": 7}) == []
    assert [r.getMessage() for r in caplog.records] == [S.UNCHECKED]


def test_locales_come_from_the_schema_and_include_arabic_and_hebrew(
    discord_schema: S.DiscordSchema,
) -> None:
    """The hand-typed list had 32 locales and refused valid `ar` and `he` localizations."""
    locales = discord_schema.locales

    assert {"ar", "he", "ru", "en-US", "en-GB"} <= locales
    assert len(locales) == 34


def test_a_valid_follow_up_passes_and_is_counted(validator: S.BodyValidator) -> None:
    body = {"content": "hi", "embeds": [{"title": "t"}]}

    assert validator.check("execute_webhook", body) == []
    assert (validator.validated, validator.failed) == (1, 0)


def test_failure_names_the_body_path_the_value_and_the_schema_keyword(
    validator: S.BodyValidator,
) -> None:
    (violation,) = validator.check(
        "execute_webhook", {"content": "x", "components": link_row("https://e.org/" + "u" * 586)}
    )

    assert violation.rule == "schema.maxLength"
    assert violation.where == "components[0].components[0].url"
    assert "'https://e.org/uuu" in violation.message
    assert "(600 characters) fails maxLength=512" in violation.message
    assert (
        "#/$defs/ButtonComponentForMessageRequest/properties/url/anyOf/0/maxLength"
        in violation.message
    )
    assert (validator.validated, validator.failed) == (1, 1)


def test_what_the_old_limits_missed_is_refused(validator: S.BodyValidator) -> None:
    """Issue 21's list: allowed_mentions, sticker ids, nonce, command enums."""
    mentions = {"content": "x", "allowed_mentions": {"parse": ["all"]}}
    assert check(validator, "execute_webhook", mentions)
    stickers = {"content": "x", "sticker_ids": ["1", "2", "3", "4"]}
    assert check(validator, "create_message", stickers)
    assert check(validator, "create_message", {"content": "x", "nonce": "n" * 26})
    commands = [{"name": "roll", "contexts": [7]}]
    assert check(validator, "bulk_set_application_commands", commands)
    assert check(validator, "bulk_set_guild_application_commands", commands)


def test_a_bulk_overwrite_holds_at_most_130_commands(validator: S.BodyValidator) -> None:
    many = [{"name": f"c{i}", "description": "d"} for i in range(131)]

    (violation,) = check(validator, "bulk_set_application_commands", many)

    assert violation.rule == "schema.maxItems"
    assert violation.where == "(body)"
    assert "(131 items) fails maxItems=130" in violation.message


def test_a_large_body_checked_again_gets_the_same_verdict_from_memory(
    discord_schema: S.DiscordSchema,
) -> None:
    """Every bot start registers the same commands: the second check of the same large body
    remembers the first one's verdict, a broken one still refused with the same words, and
    a body that differs in one value is validated anew."""
    many = [{"name": f"c{i}", "description": "d" * 40} for i in range(131)]
    first, second = S.BodyValidator(discord_schema), S.BodyValidator(discord_schema)

    refused = first.check("bulk_set_application_commands", many)
    again = second.check("bulk_set_application_commands", many)
    fewer = second.check("bulk_set_application_commands", many[:130])

    assert [v.message for v in again] == [v.message for v in refused]
    assert "(131 items) fails maxItems=130" in again[0].message
    assert fewer == []
    assert (second.validated, second.failed) == (2, 1)


def test_interaction_callback_is_checked_against_the_schema_its_type_names(
    validator: S.BodyValidator,
) -> None:
    (violation,) = check(
        validator, "create_interaction_response", {"type": 4, "data": {"embeds": [{"color": -1}]}}
    )

    assert violation.where == "data.embeds[0].color"
    assert re.search(r"#/\$defs/RichEmbed/properties/color/\S*minimum", violation.message)
    assert validator.body_schema("create_interaction_response", {"type": 9}).schemas == (
        "ModalInteractionCallbackRequest",
    )


def test_a_callback_of_no_known_type_fits_none_of_the_callbacks(
    validator: S.BodyValidator,
) -> None:
    (violation,) = check(validator, "create_interaction_response", {"type": 3})

    assert violation.rule == "schema.anyOf"
    assert "fits none of anyOf" in violation.message


def test_an_autocomplete_result_must_carry_data(validator: S.BodyValidator) -> None:
    """Zod's `z.undefined()` branch of the data union is exported as "no value", not "any"."""
    assert check(validator, "create_interaction_response", {"type": 8})
    wrong = {"type": 8, "data": {"choices": "none"}}
    assert check(validator, "create_interaction_response", wrong)


# --- unions and quirks -----------------------------------------------------------------------


def test_quirk_integer_attachment_ids_as_discord_py_writes_them(
    validator: S.BodyValidator,
) -> None:
    """`INTEGER_ATTACHMENT_IDS`: `attachments[n].id` may be the integer n, nothing else."""
    written = {"content": "x", "attachments": [{"id": 0, "filename": "log.txt"}]}
    in_callback = {"type": 4, "data": written}

    assert check(validator, "execute_webhook", written) == []
    assert check(validator, "create_interaction_response", in_callback) == []
    assert check(validator, "execute_webhook", {**written, "attachments": [{"id": -1}]})
    assert check(validator, "create_message", {"content": "x", "sticker_ids": [1]})


def test_quirk_integer_mention_ids_as_discord_py_writes_them(validator: S.BodyValidator) -> None:
    """`INTEGER_MENTION_IDS`: `allowed_mentions.users` / `.roles` may hold integer ids."""
    named = {"parse": [], "users": [1191168914227200008], "roles": [7]}
    body = {"content": "<@1191168914227200008>", "allowed_mentions": named}

    assert check(validator, "execute_webhook", body) == []
    assert check(validator, "create_interaction_response", {"type": 4, "data": body}) == []
    negative = {**body, "allowed_mentions": {**named, "users": [-1]}}
    assert check(validator, "execute_webhook", negative)
    reference = {"content": "x", "message_reference": {"message_id": 5}}
    assert check(validator, "create_message", reference)


def test_follow_up_bodies_fitting_both_webhook_branches_pass_as_anyof(
    validator: S.BodyValidator,
) -> None:
    """The OpenAPI spec's `x-discord-union: oneOf` (and its overlapping webhook quirk) is
    gone: the row lists both branches and a body fits the union by fitting either."""
    (row,) = D.bodies_of("execute_webhook")

    assert row.schemas == ("IncomingWebhookRequestPartial", "IncomingWebhookUpdateRequestPartial")
    assert check(validator, "execute_webhook", {"content": "fits both branches"}) == []
    assert "x-discord-union" not in json.dumps(
        validator.schema.document if validator.schema else {}
    )


def test_autocomplete_choices_fitting_several_data_branches_pass_as_anyof(
    validator: S.BodyValidator,
) -> None:
    """No choices fit all three data branches, integers two: fine under `anyOf`, so the
    overlapping autocomplete quirk is gone too."""
    no_choices = {"type": 8, "data": {"choices": []}}
    integers = {"type": 8, "data": {"choices": [{"name": "one", "value": 1}]}}

    assert check(validator, "create_interaction_response", no_choices) == []
    assert check(validator, "create_interaction_response", integers) == []
    assert [q.name for q in S.QUIRKS] == ["integer_attachment_ids", "integer_mention_ids"]
