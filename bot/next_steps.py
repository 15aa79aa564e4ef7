"""The "Next step" line of a set-up command's answer, rendered when the answer is posted.

What the campaign needs next reads committed data (its factions, each ruleset's state): read
before the command's commit, from another connection, it would not see the change (SQLite).
So the answer is written to the outbox with `with_next_step`, and the line is filled in
from the committed campaign when the message is posted (`announcements.renderer`), after a
restart too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING
from typing import Any

import discord

from bot import announcements
from bot.announcements import Announcement
from bot.campaigns import Actor
from bot.campaigns import is_gm_among
from bot.i18n import t
from bot.interactions import Context
from bot.interactions import add_field
from bot.interactions import next_step
from bot.storage.outbox import OutboxMessage

if TYPE_CHECKING:
    from bot.campaigns import CampaignService

NEXT_STEP = "next_step"


def with_next_step(
    actor: Actor, embeds: Sequence[discord.Embed], *, render: str = NEXT_STEP, **args: Any
) -> Announcement:
    """The public answer `embeds`, with the campaign's next step (for `actor`) added to the
    last one when it is posted; `render` names a renderer that does more (and calls
    `next_step_embeds`), `args` what it reads besides."""
    return Announcement(
        embeds=embeds,
        render=render,
        args={"actor": actor.user_id, "roles": sorted(actor.role_ids), **args},
    )


async def next_step_embeds(
    client: discord.Client, row: OutboxMessage, embeds: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """`embeds` (stored bodies) with the next step as the last one's last field, read from
    the committed campaign for the actor the row names, in the row's language."""
    service: CampaignService = client.service  # type: ignore[attr-defined]
    args = row.payload.get("args") or {}
    locale = str(row.payload.get("locale") or "en")
    campaign = await service.get(row.campaign_id)
    actor = Actor(int(args["actor"]), frozenset(int(r) for r in args.get("roles", [])))
    gms = tuple(await service.gms(campaign.id))
    ctx = Context(
        campaign=campaign,
        actor=actor,
        is_gm=is_gm_among(campaign, actor, gms),
        locale=locale,
        service=service,
        public_locale=locale,
        gms=gms,
    )
    step = await next_step(client, ctx, locale)
    last = discord.Embed.from_dict(embeds[-1])
    add_field(last, t("next.title", locale), step)
    return [*embeds[:-1], dict(last.to_dict())]


@announcements.renderer(NEXT_STEP)
async def _render(client: discord.Client, row: OutboxMessage) -> dict[str, Any]:
    return {"embeds": await next_step_embeds(client, row, list(row.payload.get("embeds", [])))}
