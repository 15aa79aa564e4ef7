"""The target draw says which faces of its die hit which route (SP-1.8, SP-I4).

A play-test read "Target weights 2, 1, 2, 2, 2: d9 → 7, Bold is attacked" and could not
check the roll: the weights were listed without the routes they belong to. The line now
names each route by the number `/pirates routes` shows, with its faces.

Player1 plays Vega, player3 (Russian) Lyra.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.play import flat
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of

pirates = base.pirates


async def test_the_target_draw_names_each_routes_faces(pirates):
    """SP-E1's weights: routes of income 450, 80 and 130 weigh 2, 1 and 2 on a d5; d20 1
    attacks, the d5 shows 3, the face of the 80 route."""
    for name, goods in (("Silk", 450), ("Salt", 80), ("Iron", 130)):
        await pirates.slash(f"/pirates route add name:{name} goods:{goods}", as_="player1")
    pirates.script_dice([1, 3])
    ended = await end_turn(pirates, 1)

    question = question_of(ended, "Pay 10")
    shown = flat(question.embeds[0]["description"])
    assert (
        "Target weights 2, 1, 2 (#1 on 1–2, #2 on 3, #3 on 4–5): d5 → 3, Salt is attacked"
    ) in shown, shown


async def test_the_russian_target_draw_names_each_routes_faces(pirates):
    """The same draw for a Russian reader's report."""
    for name, goods in (("Шёлк", 450), ("Соль", 80)):
        await pirates.slash(f"/pirates route add name:{name} goods:{goods}", as_="player3")
    pirates.script_dice([1, 1, 2, 2, 2, 2])  # d20 1, d3 1, 4d6 all 2: value 400
    ended = await end_turn(pirates, 1)
    await pirates.click(question_of(ended, "Pay 40"), "Pay 40", as_="player3")

    report = await pirates.slash("/pirates report turn:1", as_="player3")
    shown = flat(report.embed.description)
    assert "Веса целей 2, 1 (№1: 1–2, №2: 3): d3 → 1, атакован путь Шёлк" in shown, shown
