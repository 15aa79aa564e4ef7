"""Company raids: a new Company or piece named like a registered one (a Cyrillic letter, a 0
for an O) is refused, naming it; the same name in another case is the registered one."""

from __future__ import annotations

from .play import refused_alone
from .play import set_up


async def test_look_alike_company_and_piece_names_are_refused(table):
    lines = [("/campaign create name:Raids rulesets:company_raids", "gm")]
    lines += [("/campaign join faction:Anna", "player1")]
    lines += [("/campaign join faction:Vera", "player3")]
    lines += [("/company add-company name:Steelworks fine:180", "player1")]
    lines += [("/company add-piece name:Broker value:300", "player1")]
    await set_up(table, lines)
    company = await refused_alone(
        table, "/company add-company name:Steelw\u043erks fine:10", "player1"
    )
    assert company == (
        "“Steelw\u043erks” looks too much like the Company Steelworks: "
        "pick a name no one can mistake for it."
    )
    piece = await refused_alone(table, "/company add-piece name:Br0ker value:10", "player3")
    assert piece == (
        "«Br0ker» слишком похоже на фигуру «Broker»: выберите название, которое с ней не спутать."
    )
    shown = await table.slash("/company status", as_="gm")
    text = "\n".join(e.get("description", "") for e in shown.embeds)
    assert "Br0ker" not in text and "Steelw\u043erks" not in text
