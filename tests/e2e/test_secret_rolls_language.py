"""Issue 18, language, for secret rolls (`/roll … secret:true`, `/reveal`): what the channel
sees is in the campaign's language whoever rolled; the faces shown to the roller alone, and
refusals, are in the roller's own. A reason or a display name is player text: it shows
literally and pings nobody."""

from __future__ import annotations

import dataclasses
import re

import pytest

from bot.standin import GuildSpec
from bot.standin.fixture import demo_guild

MARKED = "*Star* __Under__"  # player1's display name: Markdown a player chose


@pytest.fixture
def standin_guild() -> GuildSpec:
    """The demo guild, player1 showing a display name full of Markdown."""
    guild = demo_guild()
    members = tuple(
        dataclasses.replace(m, display_name=MARKED) if m.name == "player1" else m
        for m in guild.members
    )
    return dataclasses.replace(guild, members=members)


def entry_of(text: str) -> int:
    """The entry number a secret roll's public post names (#12 or №12)."""
    found = re.search(r"[#№](\d+)", text)
    assert found, text
    return int(found[1])


async def test_a_russian_players_secret_roll_posts_in_the_campaigns_english(campaign):
    """player3 reads Russian in an English campaign: the channel reads English, the faces
    reach player3 in Russian, and the reason shows literally, escaped, in both."""
    await campaign.slash(
        "/campaign settings set setting:core.secret_rolls_for_players value:true", as_="gm"
    )
    campaign.script_dice([4, 5])
    rolled = await campaign.slash(
        "/roll dice:2d6 reason:**засада** @everyone secret:true", as_="player3"
    )
    assert not rolled.ephemeral, rolled.text()
    assert rolled.embed.title == "🎲 A secret roll was made"
    assert rolled.embed.description.startswith("Игрок Три rolled in secret: entry #")
    assert "9" not in rolled.embed.title and "засада" not in rolled.embed.description
    seq = entry_of(rolled.embed.description)
    (private,) = rolled.followups
    assert private.stored.ephemeral
    assert private.embed.title == "🎲 \\*\\*засада\\*\\* @\u200beveryone: 9"
    assert private.embed.description.startswith(f"Ваш тайный бросок (запись №{seq})")
    assert rolled.pings == frozenset()

    revealed = await campaign.slash(f"/reveal entry:{seq}", as_="player3")
    assert not revealed.ephemeral, revealed.text()
    assert revealed.embed.title == f"🔓 Secret roll #{seq} revealed: 9"
    assert revealed.embed.description.startswith("\\*\\*засада\\*\\* @\u200beveryone: ")
    assert revealed.embed.description.endswith("= 9")
    assert revealed.embed.footer.startswith(f"Revealed in entry #{seq + 1} · it matches")
    assert revealed.pings == frozenset()


async def test_a_russian_campaign_posts_an_english_gms_secret_roll_in_russian(campaign):
    """The GM reads English in a Russian campaign: the post and its reveal are Russian, the
    GM's own faces and every refusal are in the reader's language."""
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    campaign.script_dice([17])
    rolled = await campaign.slash("/roll dice:d20 reason:ambush secret:true", as_="gm")
    assert not rolled.ephemeral, rolled.text()
    assert rolled.embed.title == "🎲 Сделан тайный бросок"
    assert rolled.embed.description.startswith("Game Master бросает тайно: запись №")
    assert "/раскрыть" in rolled.embed.description
    seq = entry_of(rolled.embed.description)
    (private,) = rolled.followups
    assert private.embed.title == "🎲 ambush: 17"
    assert private.embed.description.startswith(f"Your secret roll (entry #{seq})")

    refused = await campaign.slash("/roll dice:d20 secret:true", as_="player1")
    assert refused.ephemeral and "Only a GM may roll in secret" in refused.text()
    not_yours = await campaign.slash(f"/reveal entry:{seq}", as_="player3")
    assert not_yours.ephemeral
    assert f"Раскрыть тайный бросок №{seq} может только" in not_yours.text()

    revealed = await campaign.slash(f"/reveal entry:{seq}", as_="gm")
    assert not revealed.ephemeral
    assert revealed.embed.title == f"🔓 Тайный бросок №{seq} раскрыт: 17"
    assert revealed.embed.description.startswith("ambush: ")
    assert revealed.embed.footer.startswith(f"Раскрыт в записи №{seq + 1} · совпадает")
    again = await campaign.slash(f"/reveal entry:{seq}", as_="gm")
    assert again.ephemeral
    assert f"Secret roll #{seq} was already revealed in entry #{seq + 1}." in again.text()


async def test_a_display_name_full_of_markdown_shows_literally(campaign):
    await campaign.slash(
        "/campaign settings set setting:core.secret_rolls_for_players value:true", as_="gm"
    )
    rolled = await campaign.slash("/roll dice:d6 secret:true", as_="player1")
    assert rolled.embed.description.startswith(
        "\\*Star\\* \\_\\_Under\\_\\_ rolled in secret: entry #"
    )
    assert rolled.pings == frozenset()


async def test_a_repeated_secret_roll_shows_each_total(campaign):
    """`3#1d20 secret:true` rolls three times: each total, privately and at the reveal."""
    campaign.script_dice([4, 11, 20])
    rolled = await campaign.slash("/roll dice:3#1d20 reason:watch secret:true", as_="gm")
    assert not rolled.ephemeral, rolled.text()
    seq = entry_of(rolled.embed.description)
    (private,) = rolled.followups
    assert private.embed.title == "🎲 watch: 4, 11, 20"
    revealed = await campaign.slash(f"/reveal entry:{seq}", as_="gm")
    assert revealed.embed.title == f"🔓 Secret roll #{seq} revealed: 4, 11, 20"
