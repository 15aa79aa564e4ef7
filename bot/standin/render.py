"""Messages rendered for a terminal: embeds as boxes, buttons as [Label], selects, files."""

from __future__ import annotations

import re
import textwrap
from typing import TYPE_CHECKING

from bot.standin.seen import EmbedView
from bot.standin.seen import Reply
from bot.standin.seen import SeenMessage

if TYPE_CHECKING:
    from bot.standin.fixture import Guild
    from bot.standin.seen import ModalView

WIDTH = 72
_MENTION = re.compile(r"<(@!?|@&|#|/([^:>]+):)(\d+)>")


def mentions(text: str, guild: Guild) -> str:
    """`<@id>`, `<@&id>`, `<#id>` and `</cmd:id>` as @name, @role, #channel and /cmd."""

    def name(match: re.Match[str]) -> str:
        kind, command, raw = match.group(1), match.group(2), int(match.group(3))
        if command:
            return "/" + command
        if kind == "#":
            channel = guild.channel_by_id(raw)
            return "#" + channel.name if channel else match.group(0)
        if kind == "@&":
            role = guild.role_by_id(raw)
            return "@" + role.name if role else match.group(0)
        member = guild.member_by_id(raw)
        return "@" + member.username if member else match.group(0)

    return _MENTION.sub(name, text)


def _wrap(text: str, prefix: str, width: int = WIDTH) -> list[str]:
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        wrapped = textwrap.wrap(paragraph, width - len(prefix)) or [""]
        lines.extend(prefix + line for line in wrapped)
    return lines


def render_embed(embed: EmbedView, guild: Guild | None = None) -> list[str]:
    """One embed as a box drawn with a left rule."""

    def show(text: str) -> str:
        return mentions(text, guild) if guild is not None else text

    lines = ["┌" + "─" * (WIDTH - 1)]
    if embed.author:
        lines += _wrap(show(embed.author), "│ ")
    if embed.title:
        lines += _wrap(f"▌{show(embed.title)}", "│ ")
    if embed.description:
        lines += _wrap(show(embed.description), "│ ")
    for field in embed.fields:
        lines.append("│")
        lines += _wrap(show(field.name) + ":", "│ ")
        lines += _wrap(show(field.value), "│   ")
    if embed.footer:
        lines.append("│")
        lines += _wrap(show(embed.footer), "│ · ")
    lines.append("└" + "─" * (WIDTH - 1))
    return lines


def render_components(message: SeenMessage) -> list[str]:
    """Buttons as [Label] per row, selects with their options."""
    lines: list[str] = []
    for row in message.components:
        children = row.get("components") or [row]
        buttons = []
        for child in children:
            if child.get("type") == 2:
                label = child.get("label") or (child.get("emoji") or {}).get("name") or "?"
                buttons.append(f"({label})" if child.get("disabled") else f"[{label}]")
            elif child.get("type") in (3, 5, 6, 7, 8):
                placeholder = child.get("placeholder") or "choose…"
                lines.append(f"<{placeholder}>")
                for option in child.get("options") or []:
                    mark = "*" if option.get("default") else "-"
                    extra = f" — {option['description']}" if option.get("description") else ""
                    lines.append(f"   {mark} {option['label']}{extra}")
        if buttons:
            lines.append(" ".join(buttons))
    return lines


def render_message(message: SeenMessage) -> str:
    """A whole message: who, visibility, content, embeds, components, files."""
    tags = []
    if message.ephemeral:
        tags.append("only you can see this")
    if message.loading:
        tags.append("thinking…")
    if message.edited:
        tags.append("edited")
    if message.deleted:
        tags.append("deleted")
    header = f"{message.author} in #{message.channel}"
    if tags:
        header += f" ({', '.join(tags)})"
    lines = [header]
    if message.content:
        lines += _wrap(mentions(message.content, message.guild), "  ")
    for embed in message.all_embeds:
        lines += render_embed(embed, message.guild)
    lines += render_components(message)
    for attachment in message.attachments:
        lines.append(f"📎 {attachment.filename} ({attachment.size} bytes)")
    return "\n".join(lines)


def render_modal(modal: ModalView) -> str:
    """A modal: its title and inputs, to fill with the `modal` command."""
    lines = [f"Modal: {modal.title}"]
    for text in modal.inputs:
        required = "required" if text.required else "optional"
        default = f" = {text.default!r}" if text.default else ""
        lines.append(f"  {text.label} ({text.custom_id}, {required}){default}")
    return "\n".join(lines)


def render_reply(reply: Reply) -> str:
    """Everything one action showed the player."""
    parts = [render_message(m) for m in reply.messages]
    if reply.modal is not None:
        parts.append(render_modal(reply.modal))
    if reply.choices:
        parts.append("\n".join(f"  {c.name}  → {c.value!r}" for c in reply.choices))
    if reply.response_type == 6 and reply.message is not None and not reply.message.edited:
        parts.append("(acknowledged without a visible change)")
    parts += [render_message(m) for m in reply.posted]
    parts += [render_message(m) for m in reply.edited]
    return "\n\n".join(parts) if parts else "(no visible response)"
