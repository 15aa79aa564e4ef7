"""Space pirates played through Discord: `/pirates …` with the real bot on the stand-in.

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra. Faces are scripted in the order
the resolution rolls them (SP-I40): the raid d20, the target draw when there is more than
one route, the strength dice, then the battle's dice.
"""

from __future__ import annotations

import pytest


@pytest.fixture
async def pirates(table):
    """A campaign playing space pirates and fleet combat; three factions joined."""
    created = await table.slash(
        "/campaign create name:Frontier rulesets:space_pirates, fleet_combat", as_="gm"
    )
    assert not created.ephemeral, created.text()
    for player, faction in (("player1", "Vega"), ("player2", "Orion"), ("player3", "Lyra")):
        joined = await table.slash(f"/campaign join faction:{faction}", as_=player)
        assert not joined.ephemeral, joined.text()
    return table


async def end_turn(table, turn):
    question = await table.slash("/turn end", as_="gm")
    return await table.click(question, f"End turn {turn}", as_="gm")


def followup_texts(ended):
    return [
        (m.content or "") + "\n" + "\n".join(e.get("description") or "" for e in m.embeds)
        for m in ended.followups
    ]


async def test_register_routes_and_planets_and_list_them(pirates):
    """SP-1.5, SP-1.6, SP-I5, SP-I10: a shared route with shares and ships, a planet."""
    added = await pirates.slash(
        "/pirates route add name:Silk goods:300 passengers:50 owners:Vega:60, Orion:40 "
        "ships:2 cruiser, destroyer police",
        as_="player1",
    )
    assert not added.ephemeral, added.text()
    assert "Route #1 Silk registered (SP-1.5)" in added.embed.description
    planet = await pirates.slash(
        "/pirates planet add name:Tau income:900 troops:4 buildings:3 cover:true", as_="player2"
    )
    assert "Planet #" in planet.embed.description and "Tau" in planet.embed.description
    routes = await pirates.slash("/pirates routes", as_="player2")
    text = routes.embed.description
    assert "Silk" in text and "Vega 60%" in text and "Orion 40%" in text
    assert "2× cruiser (guard, Vega)" in text and "1× destroyer (police, Vega)" in text
    planets = await pirates.slash("/pirates planets", as_="player2")
    assert "Tau" in planets.embed.description and "troops cover the buildings" in (
        planets.embed.description
    )
    edited = await pirates.slash("/pirates route edit route:1 goods:400", as_="player2")
    assert "Route #1 Silk changed" in edited.embed.description
    assert "goods 400" in edited.embed.description


async def test_bad_values_are_refused_with_the_allowed_range_and_change_nothing(pirates):
    """SP-I5, SP-I10: negative income, shares not summing to 100, unknown ship class."""
    for line, expected in (
        ("/pirates route add name:Bad goods:-5", "between 0 and"),
        ("/pirates route add name:Bad goods:5 owners:Vega:60, Orion:30", "90"),
        ("/pirates route add name:Bad goods:5 ships:frigate", "frigate"),
        ("/pirates planet add name:Bad income:5 buildings:0", "between 1 and"),
    ):
        refused = await pirates.slash(line, as_="player1")
        assert refused.ephemeral, line
        assert expected in refused.text(), refused.text()
    routes = await pirates.slash("/pirates routes", as_="player1")
    assert "Bad" not in (routes.embed.description or "")
    other = await pirates.slash("/pirates route add name:Mine goods:5", as_="player2")
    assert not other.ephemeral
    stolen = await pirates.slash("/pirates route remove route:1", as_="player1")
    assert stolen.ephemeral and "not one of yours" in stolen.text()


async def test_quiet_turns_then_a_raid_bought_off_through_the_button(pirates):
    """SP-I1, SP-I34 (SP-E2's numbers): a miss, then d20 1 hits the 2350 route; 2d6 4, 6 →
    value 6000; the buy-off offer (600) pings exactly Vega's player; the click pays."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([20])
    quiet = await end_turn(pirates, 1)
    assert not any("Pay" in b.label for m in quiet.followups for b in m.buttons)

    pirates.script_dice([1, 4, 6])
    ended = await end_turn(pirates, 2)

    question = next(m for m in ended.followups if any(b.label == "Pay 600" for b in m.buttons))
    assert question.content.startswith(f"<@{pirates.member('player1').id}>")
    assert question.pings == {"player1"}
    status = await pirates.slash("/turn status", as_="gm")
    assert "Vega" in str(status.embed.fields)
    refused = await pirates.click(question, "Pay 600", as_="player2")
    assert refused.ephemeral
    paid = await pirates.click(question, "Pay 600", as_="player1")
    assert not paid.ephemeral and paid.buttons == []
    assert "600" in paid.embed.description
    report = await pirates.slash("/pirates report turn:2", as_="player1")
    assert report.ephemeral
    shown = report.embed.description
    assert "d20: 1 against 2 — attack" in shown
    assert "2d6 × 12: 4, 6 → 120" in shown and "value 6000" in shown
    assert "4 battleships, 6 cruisers, 32 raiders" in shown
    assert "Bought off for 600" in shown
    status = await pirates.slash("/pirates status", as_="player1")
    assert status.ephemeral and "buy-off bonus 5 %" in status.embed.description
    hidden = await pirates.slash("/pirates report turn:2 faction:Vega", as_="player2")
    assert hidden.ephemeral and "Orion" not in (hidden.text() or "")
