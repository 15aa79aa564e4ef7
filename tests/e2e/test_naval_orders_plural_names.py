"""Russian lines about a force whose name is a plural («Фрегаты»), played through Discord:
each line whose subject is the force names it with the head noun «Соединение», which the
verb agrees with whatever the name, as the registration answer does; the turn's end ping
says whose new order takes effect («новый приказ соединения …»).

Player3 plays Russia, in Russian; the campaign posts in Russian. The GM's ports are those
of test_naval_orders.py.
"""

from __future__ import annotations

from tests.e2e import test_naval_orders as played
from tests.e2e.play import posting_in
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders import give
from tests.e2e.test_naval_orders import text_of
from tests.e2e.test_turn_end_ping_lines import ping_of
from tests.e2e.test_turn_end_ping_lines import row_of
from tests.e2e.test_turn_end_ping_lines import summary_of

navy = played.navy  # the fixture: the campaign, its factions and the GM's ports


async def end_turn(table, turn: int):
    """The GM ends `turn` from the campaign's question, which asks in Russian."""
    question = await table.slash("/turn end", as_="gm")
    return await table.click(question, f"Завершить ход {turn}", as_="gm")


async def raiding_frigates(navy):
    """The campaign posts in Russian; Russia's «Фрегаты» (two rate V ships, at sea in 22)
    are ordered to raid there for 1 turn."""
    await posting_in(navy, "ru")
    registered = await navy.slash(
        "/navy forces register name:Фрегаты kind:auxiliary location:22 ships:2xV",
        as_="player3",
    )
    assert "Соединение «Фрегаты»" in text_of(registered), registered.text()
    given = await give(
        navy, "Фрегаты", "raid", form(point="Готланд", location="22", turns="1"), as_="player3"
    )
    assert given.ephemeral, given.text()


async def test_a_plural_force_name_reads_with_its_head_noun_through_a_turn_end(navy):
    """NO-6.2, NO-I13: the raid starts at the turn's end (1 + d3 (2) = 3 turns); the
    summary, the ping and the player's position answer read «Соединение «Фрегаты»
    начинает …», «соединение «Фрегаты» начинает …», «Соединение «Фрегаты» находится …»,
    never «Фрегаты» with a verb in the singular."""
    await raiding_frigates(navy)
    navy.script_dice([2])

    ended = await end_turn(navy, 1)

    summary = summary_of(ended, "Морские приказы")
    assert "Соединение «Фрегаты» начинает рейдерство, ходов: 1 по приказу + d3 (2) = 3" in summary
    assert "«Фрегаты» начинает" not in summary.replace("Соединение «Фрегаты» начинает", "")
    russia = f"<@{navy.member('player3').id}>"
    row = row_of(ping_of(ended).content, russia)
    assert row.endswith("соединение «Фрегаты» начинает рейдерство (3 хода)"), row
    where = await navy.slash("/navy position unit:Фрегаты location:22", as_="player3")
    assert text_of(where).startswith("Соединение «Фрегаты» находится в локации 22"), where.text()
