"""A faction name that matches no faction of the campaign is refused in one text, whatever
the command: the name as typed, then the factions there are, each quoted literally (no
mention pill, no ping, no Markdown).

Player1 plays Vega, player2 a faction named `**Orion**`, player3 (Russian) Lyra.
"""

from __future__ import annotations

import pytest

from bot.standin import Table

ZW = "\u200b"  # breaks a mention or @everyone so that it shows as text
TYPED = "**Bold** <@123>"
QUOTED = f"\\*\\*Bold\\*\\* <{ZW}@123>"
KNOWN = "\\*\\*Orion\\*\\*, Lyra, Vega"  # by name
REFUSED = f"There is no faction “{QUOTED}” in this campaign. Factions: {KNOWN}."


@pytest.fixture
async def joined(table: Table) -> Table:
    created = await table.slash(
        "/campaign create name:Frontier rulesets:space_pirates, ottoman_piracy, fleet_combat",
        as_="gm",
    )
    assert not created.ephemeral, created.text()
    for player, faction in (("player1", "Vega"), ("player2", "**Orion**"), ("player3", "Lyra")):
        joined = await table.slash(f"/campaign join faction:{faction}", as_=player)
        assert not joined.ephemeral, joined.text()
    return table


async def refusal(table: Table, line: str, as_: str = "gm") -> str:
    reply = await table.slash(line, as_=as_)
    assert reply.ephemeral, reply.text()
    assert reply.pings == frozenset()
    return str(reply.embed.description)


@pytest.mark.parametrize(
    ("line", "as_"),
    [
        (f"/combat fleet set point:Alpha ships:2 cruiser faction:{TYPED}", "gm"),
        (f"/corsairs power power:venice faction:{TYPED}", "gm"),
        (f"/pirates route add name:Silk goods:300 owners:Vega:50, {TYPED}:50", "player1"),
        (f"/pirates route add name:Silk goods:300 ships:2 cruiser@{TYPED}", "player1"),
        (f"/pirates contacts factions:{TYPED}", "player1"),
        (f"/pirates turn-order factions:Vega, {TYPED}", "gm"),
    ],
)
async def test_an_unknown_faction_is_refused_in_one_text_listing_the_factions(joined, line, as_):
    assert await refusal(joined, line, as_) == REFUSED


async def test_a_player_reads_the_refusal_in_russian(joined):
    """Player3 reads Russian: the same refusal, in Russian, from a ruleset's command."""
    said = await refusal(joined, f"/pirates contacts factions:{TYPED}", as_="player3")
    assert said == f"В этой кампании нет фракции «{QUOTED}». Фракции: {KNOWN}."
