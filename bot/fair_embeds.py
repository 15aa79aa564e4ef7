"""Embeds of provably fair dice: commitments, the turn-end reveal with its anchors, the
verdict of `/history verify`. Cogs call these; the anchors in footers are read back by
bot/anchors.py."""

from __future__ import annotations

import dataclasses

import discord

from bot.anchors import commitment_anchor
from bot.anchors import head_anchor
from bot.i18n import t
from bot.interactions import make_embed
from bot.storage import seeds
from bot.storage.database import Database
from bot.storage.log import AuditLog
from bot.verify_export import describe
from bot.verify_log import Anchors
from bot.verify_log import Verdict


async def commitment_line(
    log: AuditLog, campaign_id: int, turn: int, key: str, locale: str, *, test_dice: bool = False
) -> str | None:
    """A line publishing the open turn's commitment (None for a campaign without a seed).
    With `test_dice` (a bot rolling seeded or scripted dice, as the local stand-in does) the
    dice are not derived from that seed: the line says so instead of promising them."""
    commitment = await log.commitment(campaign_id, turn)
    if commitment is None:
        return None
    if test_dice:
        return t("fair.test_dice", locale)
    return t(key, locale, turn=turn, commitment=commitment)


async def commitment_footer(log: AuditLog, campaign_id: int, turn: int) -> str | None:
    """The anchor of the open turn's commitment, for a message's footer."""
    commitment = await log.commitment(campaign_id, turn)
    return None if commitment is None else commitment_anchor(turn, commitment)


async def turn_end_embed(
    db: Database, campaign_id: int, turn: int, locale: str, *, test_dice: bool = False
) -> discord.Embed | None:
    """After `/turn end`: the closing turn's seed, the next turn's commitment and the chain
    head, with their anchors in the footer; with `test_dice`, no promise that the turn's
    dice can be re-derived from that seed, and no 🔒 anchor of the next turn's (its dice
    will not come from it either: only the chain head is anchored)."""
    closed = await seeds.seed_of(db, campaign_id, turn)
    opened = await seeds.seed_of(db, campaign_id, turn + 1)
    head = await seeds.chain_head(db, campaign_id)
    if closed is None or opened is None or head is None:
        return None
    seq, digest = head
    embed = make_embed(
        t("turn.end.fair.title", locale, turn=turn),
        t(
            "turn.end.fair.body_test_dice" if test_dice else "turn.end.fair.body",
            locale,
            turn=turn,
            seed=closed.seed.hex(),
            next=turn + 1,
            commitment=opened.commitment,
            seq=seq,
            head=digest,
        ),
    )
    anchored = [head_anchor(seq, digest)]
    if not test_dice:
        anchored.append(commitment_anchor(turn + 1, opened.commitment))
    embed.set_footer(text=" · ".join(anchored))
    return embed


def verify_embed(
    verdict: Verdict, anchors: Anchors, locale: str, *, test_dice: bool = False
) -> discord.Embed:
    """The verdict: OK with what was checked, or the first failure. With `test_dice` (a bot
    rolling seeded or scripted dice, as the local stand-in does) the open turn's dice are
    said never to be checked: they do not come from its committed seed."""
    if test_dice and verdict.open_turn is not None:
        lines = describe(dataclasses.replace(verdict, open_turn=None), locale)
        if verdict.ok:
            lines.append(t("history.verify.open_test_dice", locale, turn=verdict.open_turn))
    else:
        lines = describe(verdict, locale)
    if verdict.ok:
        lines.append(
            t(
                "history.verify.anchors",
                locale,
                heads=len(anchors.heads),
                commitments=len(anchors.commitments),
            )
        )
        return make_embed(lines[0], "\n".join(lines[1:]))
    embed = make_embed(lines[0], "\n".join(lines[1:]))
    embed.colour = discord.Colour.red()
    return embed
