"""`/help` in a campaign's channel lists the core commands and those of the campaign's
rulesets; outside one it lists every command."""

from __future__ import annotations

from .test_help_and_onboarding import described
from .test_help_and_onboarding import mention_of


def listed(reply) -> str:
    embeds = [*reply.embeds, *(e for m in reply.followups for e in m.embeds)]
    players = described(embeds, "Commands for players")["description"]
    gms = described(embeds, "Commands for game masters")["description"]
    return players + "\n" + gms


async def test_help_in_a_campaign_channel_lists_only_its_rulesets_commands(campaign):
    shown = await campaign.slash("/help", as_="player1")
    assert shown.ephemeral
    text = listed(shown)
    for used in ("campaign join", "roll", "turn end", "corsairs piracy", "combat attack"):
        assert mention_of(campaign, used) in text, used
    for unused in ("company add-company", "navy order", "pirates route add"):
        assert mention_of(campaign, unused) not in text, unused
    assert "those of this campaign's rulesets (Ottoman piracy, Fleet combat)" in text


async def test_help_outside_a_campaign_channel_lists_every_command(campaign):
    shown = await campaign.slash("/help", as_="player1", channel="general")
    text = listed(shown)
    for command in ("company add-company", "navy order", "corsairs piracy", "combat attack"):
        assert mention_of(campaign, command) in text, command
    assert "this campaign's rulesets" not in text


async def test_help_in_a_campaign_channel_reads_in_the_readers_language(campaign):
    shown = await campaign.slash("/help", as_="player3")
    players = shown.embeds[0]
    assert (
        "Здесь только общие команды и команды наборов правил этой кампании"
        in (players["description"])
    )
    assert mention_of(campaign, "company add-company") not in players["description"]
