"""What a player sees: messages, embeds, buttons, selects, modals, and one action's reply.

A `SeenMessage` reads the stand-in's stored message each time, so an edit made later
(a button that updates its message) shows up in every view of that message.
"""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import Any

from bot.standin import kinds as K
from bot.standin.errors import ClientRefused
from bot.standin.state import StoredMessage

if TYPE_CHECKING:
    from bot.standin.fixture import Guild
    from bot.standin.server import StandIn

JSON = dict[str, Any]
BUTTON_STYLES = {1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link", 6: "premium"}


@dataclass(frozen=True)
class FieldView:
    """One embed field."""

    name: str
    value: str
    inline: bool


@dataclass(frozen=True)
class EmbedView:
    """One embed with its parts named."""

    raw: JSON

    @property
    def title(self) -> str | None:
        """The title, if any."""
        return self.raw.get("title")

    @property
    def description(self) -> str | None:
        """The description, if any."""
        return self.raw.get("description")

    @property
    def url(self) -> str | None:
        """The title link, if any."""
        return self.raw.get("url")

    @property
    def color(self) -> int | None:
        """The side colour as an int."""
        return self.raw.get("color")

    @property
    def footer(self) -> str | None:
        """The footer text."""
        return (self.raw.get("footer") or {}).get("text")

    @property
    def author(self) -> str | None:
        """The author name."""
        return (self.raw.get("author") or {}).get("name")

    @property
    def fields(self) -> list[FieldView]:
        """The fields in order."""
        return [
            FieldView(str(f.get("name", "")), str(f.get("value", "")), bool(f.get("inline")))
            for f in self.raw.get("fields") or []
        ]

    def field(self, name: str) -> str:
        """The value of the field called `name`."""
        for field in self.fields:
            if field.name == name:
                return field.value
        names = ", ".join(repr(f.name) for f in self.fields) or "none"
        raise KeyError(f"no embed field {name!r} (fields: {names})")

    def has_field(self, name: str) -> bool:
        """Whether a field called `name` exists."""
        return any(f.name == name for f in self.fields)


@dataclass(frozen=True)
class ButtonView:
    """A button as shown."""

    raw: JSON

    @property
    def label(self) -> str | None:
        """The label text."""
        return self.raw.get("label")

    @property
    def custom_id(self) -> str | None:
        """What the bot receives on a click."""
        return self.raw.get("custom_id")

    @property
    def style(self) -> str:
        """primary, secondary, success, danger, link or premium."""
        return BUTTON_STYLES.get(int(self.raw.get("style", 2)), "unknown")

    @property
    def disabled(self) -> bool:
        """Greyed out: no one can click it."""
        return bool(self.raw.get("disabled"))

    @property
    def url(self) -> str | None:
        """The link of a link button."""
        return self.raw.get("url")

    @property
    def emoji(self) -> str | None:
        """The emoji name, if any."""
        return (self.raw.get("emoji") or {}).get("name")


@dataclass(frozen=True)
class OptionView:
    """One option of a select menu."""

    label: str
    value: str
    description: str | None
    default: bool


@dataclass(frozen=True)
class SelectView:
    """A select menu as shown."""

    raw: JSON

    @property
    def type(self) -> int:
        """3 string, 5 user, 6 role, 7 mentionable, 8 channel."""
        return int(self.raw["type"])

    @property
    def custom_id(self) -> str:
        """What the bot receives."""
        return str(self.raw.get("custom_id"))

    @property
    def placeholder(self) -> str | None:
        """The grey text shown before a choice."""
        return self.raw.get("placeholder")

    @property
    def min_values(self) -> int:
        """Fewest values a player must pick."""
        return int(self.raw.get("min_values", 1))

    @property
    def max_values(self) -> int:
        """Most values a player may pick."""
        return int(self.raw.get("max_values", 1))

    @property
    def disabled(self) -> bool:
        """Greyed out."""
        return bool(self.raw.get("disabled"))

    @property
    def options(self) -> list[OptionView]:
        """The options of a string select."""
        return [
            OptionView(
                str(o["label"]), str(o["value"]), o.get("description"), bool(o.get("default"))
            )
            for o in self.raw.get("options") or []
        ]


@dataclass(frozen=True)
class TextInputView:
    """One text input of a modal."""

    raw: JSON
    label: str

    @property
    def custom_id(self) -> str:
        """What the bot receives the value under."""
        return str(self.raw.get("custom_id"))

    @property
    def required(self) -> bool:
        """Discord's client will not submit the modal while it is empty."""
        return bool(self.raw.get("required", True))

    @property
    def min_length(self) -> int | None:
        """Shortest accepted value."""
        return self.raw.get("min_length")

    @property
    def max_length(self) -> int | None:
        """Longest accepted value."""
        return self.raw.get("max_length")

    @property
    def default(self) -> str | None:
        """The pre-filled value."""
        return self.raw.get("value")

    @property
    def placeholder(self) -> str | None:
        """The grey hint."""
        return self.raw.get("placeholder")

    @property
    def multiline(self) -> bool:
        """Paragraph style (2) rather than short (1)."""
        return self.raw.get("style") == 2


@dataclass(frozen=True)
class ModalView:
    """A modal the bot opened (interaction response type 9)."""

    raw: JSON

    @property
    def title(self) -> str:
        """The modal's title."""
        return str(self.raw.get("title"))

    @property
    def custom_id(self) -> str:
        """What the submit interaction carries."""
        return str(self.raw.get("custom_id"))

    @property
    def inputs(self) -> list[TextInputView]:
        """The text inputs in order (inside action rows or labels)."""
        found: list[TextInputView] = []
        for component in self.raw.get("components") or []:
            if component.get("type") == K.ACTION_ROW:
                for child in component.get("components") or []:
                    if child.get("type") == K.TEXT_INPUT:
                        found.append(TextInputView(child, str(child.get("label", ""))))
            elif component.get("type") == K.LABEL:
                inner = component.get("component") or {}
                if inner.get("type") == K.TEXT_INPUT:
                    found.append(TextInputView(inner, str(component.get("label", ""))))
        return found

    def input(self, key: str) -> TextInputView:
        """A text input by label or custom_id."""
        for text in self.inputs:
            if key in (text.label, text.custom_id):
                return text
        names = ", ".join(repr(t.label) for t in self.inputs)
        raise ClientRefused(f"the modal {self.title!r} has no input {key!r} (inputs: {names})")


@dataclass(frozen=True)
class AttachmentView:
    """A file attached to a message."""

    filename: str
    data: bytes
    content_type: str | None
    description: str | None

    @property
    def size(self) -> int:
        """Bytes."""
        return len(self.data)

    @property
    def text(self) -> str:
        """The file decoded as UTF-8."""
        return self.data.decode("utf-8")


@dataclass(frozen=True)
class Choice:
    """One autocomplete suggestion."""

    name: str
    value: str | int | float


def _walk(components: Sequence[Mapping[str, Any]]) -> Iterator[JSON]:
    for component in components:
        yield dict(component)
        yield from _walk(component.get("components") or [])
        for key in ("accessory", "component"):
            inner = component.get(key)
            if isinstance(inner, Mapping):
                yield from _walk([inner])


class SeenMessage:
    """One message as players see it now (reads through to the stand-in's copy)."""

    def __init__(self, standin: StandIn, stored: StoredMessage) -> None:
        self._standin = standin
        self.stored = stored

    @property
    def id(self) -> int:
        """The message id."""
        return self.stored.id

    @property
    def guild(self) -> Guild:
        """The fixture guild the message is in."""
        return self._standin.guild_by_id(self.stored.guild_id) or self._standin.guild

    @property
    def channel(self) -> str:
        """The channel's name."""
        channel = self._standin.channel_by_id(self.stored.channel_id)
        return channel.name if channel else str(self.stored.channel_id)

    @property
    def author(self) -> str:
        """The author's username."""
        return self.stored.author.username

    @property
    def content(self) -> str:
        """The text above the embeds."""
        return self.stored.content

    @property
    def pings(self) -> frozenset[str]:
        """Whom the message notified: usernames, `@Role` names, and `@everyone`."""
        guild = self.guild
        who = self.stored.pings
        users = {m.username for m in [*guild.members, guild.bot] if m.id in who.users}
        roles = {f"@{r.name}" for r in guild.roles if r.id in who.roles}
        return frozenset(users | roles | ({"@everyone"} if who.everyone else set()))

    @property
    def embeds(self) -> list[JSON]:
        """The embeds as the bot sent them (dicts)."""
        return [dict(e) for e in self.stored.embeds]

    @property
    def embed(self) -> EmbedView:
        """The first embed; fails if there is none."""
        if not self.stored.embeds:
            raise AssertionError(f"the message has no embed (content: {self.content!r})")
        return EmbedView(self.stored.embeds[0])

    @property
    def all_embeds(self) -> list[EmbedView]:
        """Every embed, with named parts."""
        return [EmbedView(e) for e in self.stored.embeds]

    def field(self, name: str) -> str:
        """The value of the first embed field called `name`, across all embeds."""
        for embed in self.all_embeds:
            if embed.has_field(name):
                return embed.field(name)
        names = [f.name for e in self.all_embeds for f in e.fields]
        raise KeyError(f"no embed field {name!r} (fields: {names})")

    @property
    def components(self) -> list[JSON]:
        """The component tree as sent."""
        return [dict(c) for c in self.stored.components]

    @property
    def buttons(self) -> list[ButtonView]:
        """Every button, in order."""
        return [ButtonView(c) for c in _walk(self.stored.components) if c.get("type") == K.BUTTON]

    @property
    def selects(self) -> list[SelectView]:
        """Every select menu, in order."""
        return [SelectView(c) for c in _walk(self.stored.components) if c.get("type") in K.SELECTS]

    def button(self, label: str) -> ButtonView:
        """The button labelled `label` (or with that custom_id)."""
        for button in self.buttons:
            if label in (button.label, button.custom_id):
                return button
        labels = ", ".join(repr(b.label) for b in self.buttons) or "none"
        raise ClientRefused(f"no button {label!r} on the message (buttons: {labels})")

    def has_button(self, label: str) -> bool:
        """Whether a button with this label or custom_id is shown."""
        return any(label in (b.label, b.custom_id) for b in self.buttons)

    def select(self, key: str | int) -> SelectView:
        """A select by placeholder, custom_id, or position."""
        selects = self.selects
        if isinstance(key, int):
            if 0 <= key < len(selects):
                return selects[key]
        else:
            for select in selects:
                if key in (select.placeholder, select.custom_id):
                    return select
        shown = ", ".join(repr(s.placeholder or s.custom_id) for s in selects) or "none"
        raise ClientRefused(f"no select {key!r} on the message (selects: {shown})")

    @property
    def attachments(self) -> list[AttachmentView]:
        """Files with their bytes."""
        return [
            AttachmentView(a.filename, a.data, a.content_type, a.description)
            for a in self.stored.attachments
        ]

    def attachment(self, filename: str) -> AttachmentView:
        """The attachment called `filename`."""
        for attachment in self.attachments:
            if attachment.filename == filename:
                return attachment
        names = ", ".join(a.filename for a in self.attachments) or "none"
        raise KeyError(f"no attachment {filename!r} (attachments: {names})")

    @property
    def ephemeral(self) -> bool:
        """Only the interacting player sees it ("Only you can see this")."""
        return self.stored.ephemeral

    @property
    def loading(self) -> bool:
        """Still "thinking" after a deferred response."""
        return self.stored.loading

    @property
    def deleted(self) -> bool:
        """The bot deleted it."""
        return self.stored.deleted

    @property
    def edited(self) -> bool:
        """Changed after it was first shown."""
        return self.stored.edited_timestamp is not None

    @property
    def payload(self) -> JSON:
        """The message exactly as Discord would return it."""
        return self.stored.payload(self._standin.base_url)

    def text(self) -> str:
        """The message rendered for a terminal."""
        from bot.standin.render import render_message

        return render_message(self)

    def __repr__(self) -> str:
        title = self.stored.embeds[0].get("title") if self.stored.embeds else None
        return (
            f"<SeenMessage id={self.id} #{self.channel} content={self.content[:40]!r}"
            f" embed={title!r} ephemeral={self.ephemeral}>"
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SeenMessage) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)


class Reply:
    """What a player got from one action: the response, follow-ups, and what else changed.

    Message attributes (`content`, `embed`, `buttons`, ...) read the response message: the
    new message (type 4/5) or the clicked message the bot updated (type 6/7).
    """

    def __init__(
        self,
        *,
        action: str,
        player: str,
        interaction_id: int,
        response_type: int | None,
        message: SeenMessage | None,
        followups: list[SeenMessage],
        posted: list[SeenMessage],
        edited: list[SeenMessage],
        modal: ModalView | None = None,
        choices: list[Choice] | None = None,
    ) -> None:
        self.action = action
        self.player = player
        self.interaction_id = interaction_id
        self.response_type = response_type
        self.message = message
        self.followups = followups
        self.posted = posted
        self.edited = edited
        self.modal = modal
        self.choices = choices or []

    @property
    def _main(self) -> SeenMessage:
        if self.message is None:
            kind = "a modal" if self.modal is not None else f"response type {self.response_type}"
            raise AssertionError(f"{self.action} produced {kind}, not a message")
        return self.message

    @property
    def messages(self) -> list[SeenMessage]:
        """The response message (if any) and every follow-up, in order."""
        return ([self.message] if self.message is not None else []) + self.followups

    @property
    def pings(self) -> frozenset[str]:
        """Whom the response and its follow-ups notified (see `SeenMessage.pings`)."""
        return frozenset().union(*(m.pings for m in self.messages))

    @property
    def deferred(self) -> bool:
        """The bot answered with a deferred response (type 5 or 6) first."""
        return self.response_type in (5, 6)

    @property
    def updated_message(self) -> bool:
        """The bot edited the clicked message (type 6 or 7) instead of posting a new one."""
        return self.response_type in (6, 7)

    @property
    def content(self) -> str:
        """The response message's text."""
        return self._main.content

    @property
    def embeds(self) -> list[JSON]:
        """The response message's embeds."""
        return self._main.embeds

    @property
    def embed(self) -> EmbedView:
        """The response message's first embed."""
        return self._main.embed

    @property
    def components(self) -> list[JSON]:
        """The response message's component tree."""
        return self._main.components

    @property
    def buttons(self) -> list[ButtonView]:
        """The response message's buttons."""
        return self._main.buttons

    @property
    def selects(self) -> list[SelectView]:
        """The response message's select menus."""
        return self._main.selects

    @property
    def attachments(self) -> list[AttachmentView]:
        """The response message's files."""
        return self._main.attachments

    @property
    def ephemeral(self) -> bool:
        """Only the player sees the response."""
        return self._main.ephemeral

    def field(self, name: str) -> str:
        """The value of the embed field called `name` in the response message."""
        return self._main.field(name)

    def button(self, label: str) -> ButtonView:
        """The button labelled `label` in the response message."""
        return self._main.button(label)

    def text(self) -> str:
        """Everything the player got, rendered for a terminal."""
        from bot.standin.render import render_reply

        return render_reply(self)

    def __repr__(self) -> str:
        return (
            f"<Reply {self.action!r} as {self.player} type={self.response_type} "
            f"message={self.message!r} followups={len(self.followups)}>"
        )
