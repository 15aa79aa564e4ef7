"""A ship list out of range is refused naming the limit and its clause (NO-I5, NO-I3).

A hull damage above 100 % (NO-I5: what a damaged ship is) or a count of ships above the
register's 200 is refused saying the range, privately, and the force is left as it was.
Player1 plays Britain; player3 plays Russia and reads Russian.
"""

from __future__ import annotations

from tests.e2e import test_naval_orders as played
from tests.e2e.play import flat
from tests.e2e.play import refused_alone
from tests.e2e.play import text_of
from tests.e2e.test_naval_orders import REGISTER_WS
from tests.e2e.test_naval_orders import WS

navy = played.navy  # the campaign, three factions and the GM's ports


async def test_a_hull_damage_or_count_out_of_range_is_refused_naming_the_range(navy):
    """`IV 175%` and `99999xIII` are refused with the range and the clause; the Western
    Squadron keeps its ships; `199xIII, IV 100%` is taken, 100 % being the hull's end of range."""
    await navy.slash(REGISTER_WS, as_="player1")
    before = text_of(await navy.slash("/navy orders", as_="player1"))

    hull = await refused_alone(navy, f"/navy forces edit name:{WS} ships:2xIII, IV 175%", "player1")
    count = await refused_alone(navy, f"/navy forces edit name:{WS} ships:99999xIII", "player1")
    none = await refused_alone(navy, f"/navy forces edit name:{WS} ships:0xIII", "player1")

    assert flat(hull) == (
        "“IV 175%”: hull damage is a whole percentage from 0 to 100, e.g. V 80% (NO-I5)."
    ), hull
    assert flat(count) == (
        "“99999xIII”: a number of ships is a whole number from 1 to 200, e.g. 2xIII (NO-I3)."
    ), count
    assert flat(none).startswith("“0xIII”: a number of ships is a whole number from 1"), none
    assert text_of(await navy.slash("/navy orders", as_="player1")) == before
    edge = await navy.slash(f"/navy forces edit name:{WS} ships:199xIII, IV 100%", as_="player1")
    assert "updated" in text_of(edge), text_of(edge)


async def test_the_ranges_are_told_in_russian(navy):
    """The same refusals in Russian, for Russia's Baltic."""
    line = "/navy forces register name:Baltic kind:line location:1 ships:{ships} in_port:true"

    hull = await refused_alone(navy, line.format(ships="2xIII, IV 175%"), "player3")
    count = await refused_alone(navy, line.format(ships="99999xIII"), "player3")

    assert flat(hull) == (
        "«IV 175%»: повреждение корпуса — целое число процентов от 0 до 100, например V 80% "
        "(NO-I5)."
    ), hull
    assert flat(count) == (
        "«99999xIII»: число кораблей — целое число от 1 до 200, например 2xIII (NO-I3)."
    ), count
    assert "Baltic" not in text_of(await navy.slash("/navy orders", as_="player3"))
