"""Commands that think publicly first (`/turn status`, `/history export`, `verify`, `stats`
answer everyone, after a long read): a refusal found after the public "thinking…" is shown
to its player alone, and the thinking message is gone. Discord shows the first follow-up of
a public "thinking…" in its place, public whatever its flags, so the bot deletes it first.
"""

from __future__ import annotations

from bot.standin import Table


async def store_fleet_combat_in_format(played: Table, version: int) -> None:
    """The campaign's fleet combat state as a newer bot would have stored it (a format this
    bot does not read): reading it is refused, naming the format."""
    service = played.bot.service
    found = await service.by_channel(played.channel().id)
    assert found is not None
    async with service.db.transaction() as conn:
        await conn.execute(
            "UPDATE ruleset_state SET schema_version = ? WHERE campaign_id = ? AND ruleset = ?",
            (version, found.id, "fleet_combat"),
        )


async def test_a_refusal_after_turn_status_thinks_publicly_is_shown_to_its_player_alone(
    campaign,
):
    """`/turn status` thinks publicly, then reads every ruleset's state; the fleet combat
    state is stored in a format this bot does not read, so it is refused. The player alone
    reads why: the thinking message is deleted, nothing is left in the channel for others."""
    played = campaign
    await store_fleet_combat_in_format(played, 99)
    seen_before = [m.id for m in played.channel_messages()]

    refused = await played.slash("/turn status", as_="player1")

    assert refused.deferred
    thinking = refused.message
    assert thinking is not None and thinking.deleted  # "thinking…" is gone
    shown = [m for m in refused.messages if not m.deleted]
    assert [m.ephemeral for m in shown] == [True], refused.text()
    assert "stored in format 99" in shown[0].text()
    assert [m.id for m in played.channel_messages()] == seen_before  # others see nothing new
    mine = played.channel_messages(as_="player1")
    assert [m.id for m in mine] == [*seen_before, shown[0].id]
