"""A faction name that only looks like another one (Unicode's confusable skeletons, UTS #39)
is refused, naming the faction it looks like; campaigns that already hold such a pair still
play."""

from __future__ import annotations

import pytest

from bot.campaigns import Actor
from tests.e2e.play import refused_alone

CYRILLIC_RED = "R\u0435d"  # Cyrillic е


async def factions_listed(table) -> str:
    info = await table.slash("/campaign info", as_="gm")
    return info.text()


async def test_a_digit_for_a_letter_is_refused_and_the_refusal_reads_in_russian(campaign):
    await campaign.slash("/campaign join faction:Ottomans", as_="player1")
    refused = await refused_alone(campaign, "/campaign join faction:0ttomans", "player3")
    assert refused == (
        "«0ttomans» слишком похоже на «Ottomans» — фракцию этой кампании: "
        "выберите название, которое с ней не спутать."
    )


@pytest.mark.parametrize(
    ("taken", "typed"), [("Red", CYRILLIC_RED), ("Orion", "ORI\u041eN"), ("Orion", "ORlON")]
)
async def test_a_look_alike_is_refused_next_to_the_faction_it_reads_as(campaign, taken, typed):
    """`Rеd` with a Cyrillic `е` reads as Red; `ORIОN` with a Cyrillic `О`, or `ORlON` with a
    small l, reads as ORION, the faction Orion in capitals: the skeleton takes a capital I for
    a small l, so only comparing the name as typed with Orion in capitals tells it."""
    await campaign.slash(f"/campaign join faction:{taken}", as_="player1")
    refused = await refused_alone(campaign, f"/campaign join faction:{typed}", "player2")
    assert refused == (
        f"“{typed}” looks too much like {taken}, a faction of this campaign: "
        "pick a name no one can mistake for it."
    )
    assert "2 factions" not in await factions_listed(campaign)


async def test_names_told_apart_by_their_small_letters_both_join(campaign):
    """`Fleet i` is no look-alike of `Fleet 1`, nor the Cyrillic `Тема` of the Latin
    `Tema`: they only look alike both in capitals, which nobody reads them in."""
    for player, name in (
        ("player1", "Fleet 1"),
        ("player2", "Fleet i"),
        ("player3", "Тема"),
        ("gm", "Tema"),
    ):
        joined = await campaign.slash(f"/campaign join faction:{name}", as_=player)
        assert not joined.ephemeral, (name, joined.text())
    assert "4 factions" in await factions_listed(campaign)


async def test_the_same_name_in_other_case_is_the_faction_itself(campaign):
    """`RED` is the faction Red itself (name_key), not a look-alike of it."""
    await campaign.slash("/campaign join faction:Red", as_="player1")
    taken = await refused_alone(campaign, "/campaign join faction:RED", "player2")
    assert taken == "Red is already played by someone else."


async def test_names_that_only_share_letters_are_not_look_alikes(campaign):
    await campaign.slash("/campaign join faction:Red", as_="player1")
    joined = await campaign.slash("/campaign join faction:Reds", as_="player2")
    assert not joined.ephemeral, joined.text()


async def test_a_campaign_that_already_holds_look_alike_factions_still_plays(campaign):
    """Stored before the check: both factions are listed and each is still claimed by its
    exact name."""
    bot = campaign.bot
    stored = await bot.service.by_channel(campaign.channel("campaign").id)
    async with bot.service.work(stored.id, Actor(user_id=campaign.member("gm").id)) as uow:
        await uow.writes.add_faction(stored.id, "Red", None)
        await uow.writes.add_faction(stored.id, CYRILLIC_RED, None)
    listed = await factions_listed(campaign)
    assert "**Red**" in listed and f"**{CYRILLIC_RED}**" in listed
    joined = await campaign.slash(f"/campaign join faction:{CYRILLIC_RED}", as_="player2")
    assert not joined.ephemeral, joined.text()
    assert joined.embed.description.endswith(f"now plays **{CYRILLIC_RED}**.")
