"""Naval forces and ports, trade routes, board points and ship classes named like registered
ones (a Cyrillic letter, a 0 for an O) are refused, each naming the one it looks like and
citing the clause the name serves, in the reader's language; nothing is registered."""

from __future__ import annotations

from .play import refused_alone
from .play import set_up

HOOD_CYRILLIC = "H\u043e\u043ed"
TOULON_CYRILLIC = "T\u043eulon"
SILK_CYRILLIC = "Silk R\u043ead"
MECATOL_CYRILLIC = "M\u0435catol Rex"
CRUISER_CYRILLIC = "\u0441ruiser"


async def test_look_alike_names_are_refused_in_every_ruleset(table):
    rulesets = "naval_orders, space_pirates, fleet_combat"
    lines = [(f"/campaign create name:Lookalikes rulesets:{rulesets}", "gm")]
    lines += [("/campaign join faction:Britain", "player1")]
    lines += [("/campaign join faction:France", "player3")]
    # Public orders: France may know Britain's Hood at once, so the refusal names it (a force
    # not yet public is refused without its name: test_naval_orders_probing).
    lines += [("/campaign settings set setting:naval_orders.orders_public value:true", "gm")]
    lines += [("/navy station add name:Toulon location:9", "gm")]
    lines += [("/pirates route add name:Silk Road goods:300", "player1")]
    lines += [("/combat fleet set point:Mecatol Rex ships:2 cruiser", "player1")]
    await set_up(table, lines)
    hood = "/navy forces register name:Hood kind:line location:1 ships:3xIII"
    assert (
        "Hood (line squadron) of Britain is registered"
        in (await table.slash(hood, as_="player1")).text()
    )

    for line, who, said in (
        (
            f"/navy forces register name:{HOOD_CYRILLIC} kind:line location:5 ships:2xIV",
            "player3",
            f"«{HOOD_CYRILLIC}» слишком похоже на «Hood», название другого соединения: приказ "
            "называет соединение по уникальному названию, так что выберите такое, которое с ним "
            "не спутать (NO-4.10).",
        ),
        (
            f"/navy station add name:{TOULON_CYRILLIC} location:12",
            "gm",
            f"“{TOULON_CYRILLIC}” looks too much like the port Toulon: orders name the port a "
            "force makes for, so pick a name no one can mistake for it (NO-3.3).",
        ),
        (
            f"/pirates route add name:{SILK_CYRILLIC} goods:100",
            "player1",
            f"“{SILK_CYRILLIC}” looks too much like Britain's trade route Silk Road, #1: raid "
            "reports name a route by its name, so pick one no one can mistake for it (to change "
            "that route, use /pirates route edit route:1).",
        ),
        (
            f"/combat fleet set point:{MECATOL_CYRILLIC} ships:1 destroyer",
            "player3",
            f"«{MECATOL_CYRILLIC}» слишком похоже на точку поля «Mecatol Rex»: флоты в одной "
            "точке встречаются и могут сразиться, так что укажите точку в точности так, как она "
            "записана, или выберите название, которое с ней не спутать (FC-4.1).",
        ),
        (
            f"/combat stats set class:{CRUISER_CYRILLIC} attack:1x5+ life:1 level:2",
            "gm",
            f"“{CRUISER_CYRILLIC}” looks too much like cruisers, a class already in the table: "
            "fleets and fire orders name a class by its name, so give one no one can mistake for "
            "it (FC-I4).",
        ),
    ):
        assert await refused_alone(table, line, who) == said, line

    # Nothing of it was registered.
    orders = await table.slash("/navy orders", as_="gm")
    assert "Hood" in orders.text() and HOOD_CYRILLIC not in orders.text()
    routes = await table.slash("/pirates routes", as_="gm")
    assert "Silk Road" in routes.text() and SILK_CYRILLIC not in routes.text()
    fleets = await table.slash("/combat fleet show", as_="gm")
    assert "Mecatol Rex" in fleets.text() and MECATOL_CYRILLIC not in fleets.text()
    stats = await table.slash("/combat stats show", as_="gm")
    assert CRUISER_CYRILLIC not in stats.text()
