"""A large end of turn still posts everything, in order, under Discord's rate limits.

Hardening, item 7. The table's stand-in enforces Discord's per-route and global limits (every
window a hundredth as long, see tests/conftest.py); the turn end's reports go out as
follow-ups on the interaction's webhook bucket, five per window.
"""

from __future__ import annotations

import re

from bot.bench.fleet_turn import FACTIONS
from bot.bench.fleet_turn import TURN
from bot.bench.fleet_turn import build_state
from bot.campaigns import Actor
from bot.rules.fleet_combat import SPEC
from bot.rules.fleet_combat import FleetCombatSettings

BATTLES = 1000


async def seed_battles(table, battles: int) -> list[int]:
    """The campaign at turn TURN with `battles` active fleet battles (bench_fleet_turn's mix);
    returns their ids."""
    bot = table.bot
    campaign = await bot.service.by_channel(table.channel("campaign").id)
    state, mix = build_state(battles, FleetCombatSettings())
    async with bot.service.work(campaign.id, Actor(user_id=table.member("gm").id)) as uow:
        for i, faction in enumerate(FACTIONS):
            await uow.writes.add_faction(campaign.id, faction, 100 + i)
        await uow.writes.set_turn(campaign.id, TURN)
        await uow.load(SPEC.key)
        await uow.archive(SPEC.key, mix.log)
        await uow.record(SPEC.key, "test setup", state)
    return [b.id for b in state.active_battles()]


async def test_a_large_turn_end_posts_every_report_in_order_under_the_rate_limits(campaign):
    """FC-I6: one round of each of 1,000 battles, one line each, in follow-ups through a
    bucket of five; each round's full report stays one command away."""
    table = campaign
    active = await seed_battles(table, BATTLES)

    # Windows of a quarter of Discord's: long enough that even a loaded machine sends faster
    # than a bucket refills (so the limits are really met), short enough for a test.
    table.standin.rate_limits.time_scale = 0.25
    question = await table.slash("/turn end", as_="gm")
    ended = await table.click(question, f"End turn {TURN}", as_="gm")

    text = "\n".join(e.get("description") or "" for m in ended.followups for e in m.embeds)
    reported = [int(n) for n in re.findall(r"^Battle #(\d+) at ", text, flags=re.MULTILINE)]
    assert reported == sorted(active)
    assert len(ended.followups) > 5 * 6
    assert [m.stored.seq for m in ended.followups] == sorted(m.stored.seq for m in ended.followups)
    limits = table.standin.rate_limits
    assert limits.ran_dry["webhook-execute"] >= 6
    # discord.py reads the headers and waits for the window: not one request met a 429.
    assert limits.refused_total == 0
    last = active[-1]
    assert f"/combat status battle:{last} round:" in text
    report = await table.slash(f"/combat status battle:{last}", as_="gm")
    assert report.embed.title.startswith(f"Battle #{last} at ")
    assert "→" in report.embed.description
