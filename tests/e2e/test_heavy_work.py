"""`/combat odds` runs in the bot's worker pool; past its limits the player is told at once."""

from __future__ import annotations

from bot.compute import ComputeLimits
from bot.compute import ComputePool


async def test_odds_while_the_pool_is_full_are_refused_with_a_clear_ephemeral_message(campaign):
    pool = ComputePool(ComputeLimits(workers=1, waiting=0))
    campaign.bot.compute = pool
    async with pool.slot(campaign.member("player2").id):
        busy = await campaign.slash("/combat odds a:3 cruiser b:4 destroyer", as_="player1")
    assert busy.ephemeral
    assert "already running as many heavy calculations as it can (1)" in busy.text()
    odds = await campaign.slash("/combat odds a:3 cruiser b:4 destroyer", as_="player1")
    assert odds.ephemeral and odds.embed.title  # private by default


async def test_a_player_waiting_for_odds_cannot_ask_for_more(campaign):
    pool = campaign.bot.compute
    async with pool.slot(campaign.member("player1").id):
        again = await campaign.slash("/combat odds a:3 cruiser b:4 destroyer", as_="player1")
        other = await campaign.slash(
            "/combat odds a:3 cruiser b:4 destroyer public:true", as_="player2"
        )
    assert again.ephemeral and "Your previous heavy calculation is still running" in again.text()
    assert not other.ephemeral and other.embed.title


async def test_odds_past_the_time_budget_say_so(campaign):
    campaign.bot.compute = ComputePool(ComputeLimits(workers=1, budget_seconds=0.01))
    stopped = await campaign.slash("/combat odds a:300 war sun b:300 war sun", as_="player1")
    assert "needed more than 0.01 seconds" in stopped.text()


async def test_public_odds_past_the_time_budget_are_told_to_the_asker_alone(campaign):
    """Public odds think in the channel first; stopped at the time budget, the refusal is
    the asker's alone: the thinking message is deleted, nothing is left for the others."""
    campaign.bot.compute = ComputePool(ComputeLimits(workers=1, budget_seconds=0.01))
    seen_before = [m.id for m in campaign.channel_messages()]
    stopped = await campaign.slash(
        "/combat odds a:300 war sun b:300 war sun public:true", as_="player1"
    )
    assert stopped.deferred
    assert stopped.message is not None and stopped.message.deleted  # "thinking…" is gone
    shown = [m for m in stopped.messages if not m.deleted]
    assert [m.ephemeral for m in shown] == [True], stopped.text()
    assert "needed more than 0.01 seconds" in shown[0].text()
    assert [m.id for m in campaign.channel_messages()] == seen_before
