"""SP-I5: a route one faction owns whole is typed by its name alone, `owners:Orion`, and
owned 100 %; a list of several owners still gives each one's share, and a list that does not
is refused privately, saying which owner has none and showing both forms, with nothing
registered.

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base

pirates = base.pirates


def said(reply) -> str:
    """What one answer says: its embed's title and text."""
    return "\n".join(part for part in (reply.embed.title, reply.embed.description) if part)


async def routes(table) -> str:
    return (await table.slash("/pirates routes", as_="gm")).text()


async def test_a_sole_owner_is_typed_by_name_alone(pirates):
    """The GM registers Orion's Spice Lane with `owners:Orion` and Vega types `owners:vega`
    for her own route: both are registered, owned 100 %; an edit takes a lone name too."""
    added = await pirates.slash(
        "/pirates route add name:Spice Lane goods:10 owners:Orion ships:cruiser faction:Orion",
        as_="gm",
    )
    assert not added.ephemeral, said(added)
    assert "Route #1 Spice Lane registered" in said(added), said(added)
    assert "owners: Orion 100%" in said(added), said(added)
    own = await pirates.slash("/pirates route add name:Silk goods:300 owners:vega", as_="player1")
    assert not own.ephemeral, said(own)
    assert "owners: Vega 100%" in said(own), said(own)
    shared = await pirates.slash("/pirates route edit route:1 owners:Orion:60, Vega:40", as_="gm")
    assert "owners: Orion 60%, Vega 40%" in said(shared), said(shared)
    whole = await pirates.slash("/pirates route edit route:1 owners:Orion", as_="gm")
    assert "owners: Orion 100%" in said(whole), said(whole)


async def test_several_owners_without_shares_are_refused_clearly(pirates):
    """`owners:Orion, Vega` names no share: refused privately, naming Orion and showing
    both forms; `Orion:lots` is refused with both forms too; a name typed as Markdown is
    shown as typed. Nothing is registered."""
    missing = await pirates.slash(
        "/pirates route add name:Dust goods:8 owners:**Orion**, Vega:40 faction:Vega", as_="gm"
    )
    assert missing.ephemeral
    assert said(missing).startswith(
        "“\\*\\*Orion\\*\\*” has no share: a route with several owners needs each one's "
        "share, e.g. Vega:60, Orion:40; a faction that owns a route whole needs none, "
        "e.g. Orion (SP-I5)."
    ), said(missing)
    malformed = await pirates.slash(
        "/pirates route add name:Dust goods:8 owners:Orion:lots faction:Orion", as_="gm"
    )
    assert malformed.ephemeral
    assert (
        "Write owners as Faction:share, e.g. Vega:60, Orion:40, or, for a route one faction "
        "owns whole, just its name, e.g. Orion (not “Orion:lots”) (SP-I5)."
    ) in said(malformed), said(malformed)
    unknown = await pirates.slash(
        "/pirates route add name:Dust goods:8 owners:Orin faction:Orion", as_="gm"
    )
    assert unknown.ephemeral and "Orin" in said(unknown), said(unknown)
    assert "Dust" not in await routes(pirates)


async def test_the_refusal_reads_in_russian(pirates):
    """Lyra reads Russian: her own route by name alone is registered; a list with a share
    missing is refused in Russian, with both forms."""
    own = await pirates.slash("/pirates route add name:Шёлк goods:5 owners:Lyra", as_="player3")
    assert not own.ephemeral, said(own)
    assert "Lyra 100%" in said(own), said(own)
    missing = await pirates.slash(
        "/pirates route add name:Соль goods:5 owners:Lyra, Lyra:50", as_="player3"
    )
    assert missing.ephemeral
    assert said(missing).startswith(
        "Для «Lyra» не указана доля: если у пути несколько владельцев, укажите долю каждого, "
        "например Вега:60, Орион:40; если путь целиком принадлежит одной фракции, долю можно "
        "не указывать: Орион (SP-I5)."
    ), said(missing)
    assert "Соль" not in await routes(pirates)
