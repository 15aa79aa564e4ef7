"""A faction may not take a name Space pirates gives its own sides in a raid's battle
(`pirates`, `pirate base`, `mercenaries #N`, `privateers #N`): fleet combat's automatic
battle (FC-I17, SP-I11) cannot tell two participants of one name apart, so a faction so
named could neither refuse a buy-off nor let the turn end."""

from __future__ import annotations

from tests.e2e.play import refused_alone


async def test_a_faction_named_as_the_pirates_side_is_refused_in_a_pirates_campaign(table):
    await table.slash("/campaign create name:Pir rulesets:space_pirates", as_="gm")
    refused = await refused_alone(table, "/campaign join faction:pirates", "player1")
    assert refused == (
        "“pirates” is a name the Space pirates ruleset gives its own forces in a battle:"
        " pick another name."
    )
    russian = await refused_alone(table, "/campaign join faction:privateers #2", "player3")
    assert russian == (
        "«privateers #2» — название, которое набор правил «Космические пираты» даёт своим"
        " силам в бою: выберите другое."
    )
    for name in ("pirate base", "mercenaries #1"):
        assert "pick another name" in await refused_alone(
            table, f"/campaign join faction:{name}", "player2"
        )
    info = (await table.slash("/campaign info", as_="gm")).text()
    assert "0 factions" in info


async def test_a_refused_shared_route_name_is_quoted_as_typed_not_as_markdown(table):
    """A shared route's ships (`ships of A + B`, SP-I43) are one of the pirates' own names,
    so almost any text fits in it: the refusal shows the typed name escaped, as the
    look-alike refusal does, so `**A**` stays stars and `@everyone` pings no one."""
    await table.slash("/campaign create name:Pir rulesets:space_pirates", as_="gm")
    refused = await refused_alone(
        table, "/campaign join faction:ships of **A** + @everyone", "player1"
    )
    assert refused.startswith("“ships of \\*\\*A\\*\\* + @\u200beveryone” is a name"), refused


async def test_a_side_name_in_another_case_or_spelling_is_refused_too(table):
    """`Pirates`, `PIRATES`, `рirates` (a Cyrillic р) or `Mercenaries #1` read in a report
    beside the pirates' own sides just as `pirates` does: refused alike, in any case,
    spacing or look-alike spelling (as faction names are compared)."""
    await table.slash("/campaign create name:Pir rulesets:space_pirates", as_="gm")
    for name in (
        "Pirates",
        "PIRATES",
        "\u0440irates",
        "PlRATES",
        "Pirate  Base",
        "Mercenaries #1",
        "PRIVATEERS #12",
        "privateers #l",
    ):
        refused = await refused_alone(table, f"/campaign join faction:{name}", "player1")
        assert refused.endswith(
            "is a name the Space pirates ruleset gives its own forces in a battle:"
            " pick another name."
        ), (name, refused)
    info = (await table.slash("/campaign info", as_="gm")).text()
    assert "0 factions" in info


async def test_names_the_pirates_never_give_their_sides_stay_free(table):
    """Names that only share a word with the pirates' sides are free, and a campaign
    without Space pirates has no such sides."""
    await table.slash("/campaign create name:Pir rulesets:space_pirates", as_="gm")
    joined = await table.slash("/campaign join faction:Pirates of Vega", as_="player1")
    assert not joined.ephemeral, joined.text()
    for player, name in (
        ("player2", "Mercenaries #1a"),
        ("player3", "The Pirates"),
        ("gm", "Pirate"),
    ):
        other = await table.slash(f"/campaign join faction:{name}", as_=player)
        assert not other.ephemeral, (name, other.text())
    await table.slash(
        "/campaign create name:Sea rulesets:fleet_combat", as_="gm", channel="campaign-thread"
    )
    elsewhere = await table.slash(
        "/campaign join faction:pirates", as_="player2", channel="campaign-thread"
    )
    assert not elsewhere.ephemeral, elsewhere.text()
