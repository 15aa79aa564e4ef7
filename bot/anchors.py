"""Anchors: chain heads and turn commitments the bot posts in the channel, outside its
database, and reads back from its own messages (for `/history verify` and the export).

A head anchor reads `⛓ #<entry> <sha256 of the chain head>`, a commitment anchor
`🔒 T<turn> <sha256 of the turn seed>`; both go in embed footers, the same in every language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import discord

from bot.verify_log import Anchors

HEAD = re.compile(r"⛓ #(\d+) ([0-9a-f]{64})")
COMMITMENT = re.compile(r"🔒 T(\d+) ([0-9a-f]{64})")


def head_anchor(seq: int, digest: str) -> str:
    """The footer text anchoring the chain head at entry `seq`."""
    return f"⛓ #{seq} {digest}"


def commitment_anchor(turn: int, digest: str) -> str:
    """The footer text anchoring a turn's seed commitment."""
    return f"🔒 T{turn} {digest}"


def parse(texts: Iterable[str]) -> Anchors:
    """Every anchor in these texts (the oldest posting of an entry or a turn wins)."""
    heads: dict[int, str] = {}
    commitments: dict[int, str] = {}
    for text in texts:
        for match in HEAD.finditer(text):
            heads.setdefault(int(match[1]), match[2])
        for match in COMMITMENT.finditer(text):
            commitments.setdefault(int(match[1]), match[2])
    return Anchors(heads, commitments)


async def from_interaction(interaction: discord.Interaction[Any]) -> Anchors:
    """The anchors in the campaign channel of an interaction (a thread's parent channel)."""
    channel: Any = interaction.channel
    if isinstance(channel, discord.Thread) and channel.parent is not None:
        channel = channel.parent
    user = interaction.client.user
    return await collect(channel, user.id if user else 0)


async def collect(channel: Any, bot_user_id: int) -> Anchors:
    """The anchors in the bot's own messages of a channel, oldest first, with each message's
    id and the entry whose head it carries (a turn end at its deadline drew its dice from
    such a message's id: bot/verify_log.py checks that the message is there)."""
    texts: list[str] = []
    messages: dict[int, int] = {}
    if not isinstance(channel, discord.abc.Messageable):
        return Anchors()
    async for message in channel.history(limit=None, oldest_first=True):
        if message.author.id != bot_user_id:
            continue
        for embed in message.embeds:
            if embed.footer and embed.footer.text:
                texts.append(embed.footer.text)
                head = HEAD.search(embed.footer.text)
                if head is not None:
                    messages.setdefault(message.id, int(head[1]))
    posted = parse(texts)
    return replace(posted, messages=messages, bot_id=bot_user_id)
