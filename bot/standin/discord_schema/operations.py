"""Which of Discord's schemas each request body the stand-in serves must fit.

Our own table: each row is one REST operation the stand-in answers, named by the operationId
Discord's OpenAPI spec gives it, and the component schema name(s) of its request body there
(`paths.<path>.<method>.requestBody`). Where Discord's spec offers a union, the row lists its
branches and a body must fit one of them (`anyOf`). The interaction callback is one operation
whose body's `type` picks the branch, so it has one row per callback type.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BodySchema:
    """The request body of one operation, as schema names of Discord's spec."""

    route: str
    operation_id: str
    schemas: tuple[str, ...]
    callback_type: int | None = None
    # The body is a JSON list of these, at most `max_items` long (the bulk overwrites).
    list_of: bool = False
    max_items: int | None = None


CALLBACK = "POST /interactions/{interaction.id}/{interaction.token}/callback"
FOLLOW_UP = "POST /webhooks/{application.id}/{interaction.token}"
WEBHOOK_MESSAGE = "PATCH /webhooks/{application.id}/{interaction.token}/messages/{message.id}"
ORIGINAL_MESSAGE = "PATCH /webhooks/{application.id}/{interaction.token}/messages/@original"
GLOBAL_COMMANDS = "PUT /applications/{application.id}/commands"
GUILD_COMMANDS = "PUT /applications/{application.id}/guilds/{guild.id}/commands"
# ApplicationCommandUpdateRequest lists, as Discord's spec bounds both bulk overwrites.
COMMANDS_PER_OVERWRITE = 130

BODIES: tuple[BodySchema, ...] = (
    BodySchema(CALLBACK, "create_interaction_response", ("PongInteractionCallbackRequest",), 1),
    BodySchema(
        CALLBACK, "create_interaction_response", ("CreateMessageInteractionCallbackRequest",), 4
    ),
    BodySchema(
        CALLBACK, "create_interaction_response", ("CreateMessageInteractionCallbackRequest",), 5
    ),
    BodySchema(
        CALLBACK, "create_interaction_response", ("UpdateMessageInteractionCallbackRequest",), 6
    ),
    BodySchema(
        CALLBACK, "create_interaction_response", ("UpdateMessageInteractionCallbackRequest",), 7
    ),
    BodySchema(
        CALLBACK,
        "create_interaction_response",
        ("ApplicationCommandAutocompleteCallbackRequest",),
        8,
    ),
    BodySchema(CALLBACK, "create_interaction_response", ("ModalInteractionCallbackRequest",), 9),
    BodySchema(
        CALLBACK, "create_interaction_response", ("LaunchActivityInteractionCallbackRequest",), 12
    ),
    BodySchema(
        FOLLOW_UP,
        "execute_webhook",
        ("IncomingWebhookRequestPartial", "IncomingWebhookUpdateRequestPartial"),
    ),
    BodySchema(WEBHOOK_MESSAGE, "update_webhook_message", ("IncomingWebhookUpdateRequestPartial",)),
    BodySchema(
        ORIGINAL_MESSAGE,
        "update_original_webhook_message",
        ("IncomingWebhookUpdateRequestPartial",),
    ),
    BodySchema("POST /channels/{channel.id}/messages", "create_message", ("MessageCreateRequest",)),
    BodySchema(
        "PATCH /channels/{channel.id}/messages/{message.id}",
        "update_message",
        ("MessageEditRequestPartial",),
    ),
    BodySchema(
        GLOBAL_COMMANDS,
        "bulk_set_application_commands",
        ("ApplicationCommandUpdateRequest",),
        list_of=True,
        max_items=COMMANDS_PER_OVERWRITE,
    ),
    BodySchema(
        GUILD_COMMANDS,
        "bulk_set_guild_application_commands",
        ("ApplicationCommandUpdateRequest",),
        list_of=True,
        max_items=COMMANDS_PER_OVERWRITE,
    ),
)

# Discord's locales, for command name and description localizations.
LOCALES = "AvailableLocalesEnum"

# Every schema the export must hold.
SCHEMA_ROOTS: tuple[str, ...] = tuple(
    sorted({name for body in BODIES for name in body.schemas} | {LOCALES})
)


def bodies_of(operation_id: str) -> list[BodySchema]:
    """The rows of one operation (several for the interaction callback)."""
    rows = [body for body in BODIES if body.operation_id == operation_id]
    if not rows:
        raise KeyError(f"the stand-in serves no operation {operation_id!r}")
    return rows
