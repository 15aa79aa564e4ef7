"""Company raids: a new Company or piece named like a registered one (a Cyrillic letter, a 0
for an O, other spaces or punctuation) is refused, naming it; the same name in another case
is the registered one."""

from __future__ import annotations

from .play import refused_alone
from .play import set_up
from .test_company_raids import board_shown


async def registered(table) -> None:
    """Anna's Steelworks and Broker; Boris and Vera (in Russian) play too."""
    lines = [("/campaign create name:Raids rulesets:company_raids", "gm")]
    lines += [("/campaign join faction:Anna", "player1")]
    lines += [("/campaign join faction:Boris", "player2")]
    lines += [("/campaign join faction:Vera", "player3")]
    lines += [("/company add-company name:Steelworks fine:180", "player1")]
    lines += [("/company add-piece name:Broker value:300", "player1")]
    await set_up(table, lines)


async def test_look_alike_company_and_piece_names_are_refused(table):
    await registered(table)
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
    text = await board_shown(table)
    assert "Br0ker" not in text and "Steelw\u043erks" not in text


async def test_names_spaced_or_punctuated_otherwise_are_refused(table):
    """A player typing `steel works` from memory must not land in another Company than
    Steelworks: a new Company or piece whose letters and digits are a registered one's, only
    spaced, hyphenated or punctuated otherwise, is refused, naming it (CR-I5); so is one both
    spaced otherwise and spelled alike (`Steel w0rks`, `Stee Iworks` with a capital I)."""
    await registered(table)

    for name in ("Steel works", "STEELWORKS!", "Steel-Works", "Steel w0rks", "Stee Iworks"):
        refusal = await refused_alone(table, f"/company add-company name:{name} fine:20", "player2")
        assert refusal == (
            f"“{name}” looks too much like the Company Steelworks: "
            "pick a name no one can mistake for it."
        )
    for name in ("Bro ker", "Br0 ker"):
        piece = await refused_alone(table, f"/company add-piece name:{name} value:10", "player2")
        assert piece == (
            f"“{name}” looks too much like the piece Broker: pick a name no one can mistake for it."
        )
    text = await board_shown(table)
    assert "Steel works" not in text and "Steel w0rks" not in text
    assert "Bro ker" not in text and "Br0 ker" not in text
    added = await table.slash("/company add-company name:Steel Mill fine:20", as_="player2")
    assert not added.ephemeral
