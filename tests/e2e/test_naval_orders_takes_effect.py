"""An order brought by packet boat takes effect where the force is when it does (NO-I7),
checked there as an order given there at once would be: one that cannot lapses, told in the
turn's summary and to its owner, and the force goes on as before (NO-3.3, NO-5.2).

Player1 plays Britain, player3 Russia (in Russian); the GM's ports are those of
test_naval_orders.py: Portsmouth (1), Plymouth (2), Brest (20).
"""

from __future__ import annotations

from tests.e2e import test_naval_orders as played
from tests.e2e.test_naval_orders import WS
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders import gm_overview
from tests.e2e.test_naval_orders import send
from tests.e2e.test_naval_orders import text_of
from tests.e2e.test_naval_orders import transfer_by_packet

navy = played.navy  # the fixture: the campaign, its factions and the GM's ports

LAPSED = (
    "Western Squadron: the order brought by packet boat (relay #1, “Transfer”) cannot take "
    "effect and has lapsed: An intermediate location of a transfer lies on its way, not at "
    "its start: Western Squadron is already at location 3. Western Squadron goes on as "
    "before, and a new order reaches it in port or by packet boat."
)


async def ended(table, turn: int, label: str = "End turn {turn}"):
    """The GM ends `turn`; returns the answer with its follow-ups."""
    question = await table.slash("/turn end", as_="gm")
    return await table.click(question, label.format(turn=turn), as_="gm")


def summary_of(done) -> str:
    """The turn's posted summaries and their footers, as one text (citations in footers)."""
    return "\n".join(
        part
        for f in done.followups
        for e in f.embeds
        for part in (e.get("description") or "", (e.get("footer") or {}).get("text") or "")
    )


async def test_a_transfer_by_packet_lapses_when_the_squadron_stands_on_its_waypoint(navy):
    """NO-5.2, NO-I7, NO-3.3: Swift carries the Western Squadron (at sea in 5, no order) a
    transfer to Plymouth (2) via 3. The squadron is recorded in 3 when Swift reaches it in
    turn 1: the arrival warns that the order would lapse there. Still in 3 when it is due
    (turn 3), the transfer would start at its own waypoint: the end of turn 2 says it lapsed
    and why, pings Britain's player, and the squadron still awaits orders, with no transfer
    recorded."""
    await transfer_by_packet(navy)
    await navy.slash(f"/navy position unit:{WS} location:3", as_="player1")

    arrived = await navy.slash("/navy arrived relay:1", as_="player1")

    assert (
        "As things stand the order could not take effect and would lapse: An intermediate "
        "location of a transfer lies on its way, not at its start: Western Squadron is "
        "already at location 3. It is checked again where Western Squadron is when it takes "
        "effect, from turn 3."
    ) in " ".join(text_of(arrived).split())
    first = summary_of(await ended(navy, 1))
    assert "passes the new order to its captains; it takes effect from turn 3" in first

    second = await ended(navy, 2)

    told = summary_of(second)
    assert LAPSED in " ".join(told.split()), told
    assert "takes effect from turn 3." not in told
    assert "NO-5.2" in told and "NO-I7" in told
    [ping] = [m for m in second.followups if "concerns you" in (m.content or "")]
    assert ping.pings == {"player1"}
    overview = await gm_overview(navy)
    assert "to location No. 2 (Plymouth)" not in overview
    assert f"{WS} (Britain), location 3: awaiting" in overview


async def test_the_same_transfer_takes_effect_once_the_squadron_has_left_its_waypoint(navy):
    """NO-I7: recorded in 4 by the end of turn 2, the squadron takes the transfer as sent."""
    await transfer_by_packet(navy)
    await navy.slash(f"/navy position unit:{WS} location:3", as_="player1")
    await navy.slash("/navy arrived relay:1", as_="player1")
    await ended(navy, 1)
    await navy.slash(f"/navy position unit:{WS} location:4", as_="player1")

    told = summary_of(await ended(navy, 2))

    assert "the order brought by packet boat (relay #1) takes effect from turn 3." in told
    assert "has lapsed" not in told
    assert "to location No. 2 (Plymouth), via location No. 3" in await gm_overview(navy)


async def test_a_russian_campaign_reads_that_the_order_by_packet_lapsed_in_russian(navy):
    """In a Russian campaign, Russia's player reads the arrival's warning and the turn's
    summary of the lapsed transfer in Russian."""
    await navy.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    for line in (
        "/navy forces register name:Baltic kind:line location:31 ships:2xIII",
        "/navy forces register name:Courier kind:packet location:1 ships:packet in_port:true",
    ):
        await navy.slash(line, as_="player3")
    transfer = form(point="Plymouth", destination="2", port="Plymouth", via="31")
    await send(navy, "Courier", "Baltic", "move", transfer, as_="player3")

    arrived = await navy.slash("/navy arrived relay:1", as_="player3")

    assert (
        "Сейчас этот приказ выполнить было бы нельзя, и он потерял бы силу. Промежуточная "
        "локация перемещения лежит на пути, а не в начальном пункте: соединение «Baltic» уже "
        "находится в локации 31. Приказ проверят снова, когда он будет вступать в силу (с хода "
        "3), — там, где тогда будет соединение «Baltic»."
    ) in " ".join(text_of(arrived).split())
    await ended(navy, 1, "Завершить ход {turn}")
    told = summary_of(await ended(navy, 2, "Завершить ход {turn}"))
    assert (
        "«Baltic»: приказ, доставленный покетботом (доставка №1, «Перемещение»), выполнить "
        "нельзя, и он потерял силу. Промежуточная локация перемещения лежит на пути, а не в "
        "начальном пункте: соединение «Baltic» уже находится в локации 31. Соединение «Baltic» "
        "действует как прежде, а новый приказ получит в порту или с покетботом."
    ) in " ".join(told.split()), told
