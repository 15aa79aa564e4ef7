"""What an order form's fields take, and what their refusals say, in English and Russian.

The transfer's intermediate locations are location numbers (NO-5.9), each once, and the order
reads "via location" or "via locations" as they are one or several; an escort of a force
without transports or merchantmen says so, not that the force is unregistered (NO-1.1); a
blockaded port named by a name no port has is told as a name (NO-1.1). A refusal is answered
to the player alone and records nothing. Player1 plays Britain, in Portsmouth (location 1);
player3 plays Russia and reads Russian (its Baltic is in Portsmouth too).
"""

from __future__ import annotations

from tests.e2e import test_naval_orders as played
from tests.e2e.play import flat
from tests.e2e.play import newest_entry
from tests.e2e.play import text_of
from tests.e2e.test_naval_orders import REGISTER_WS
from tests.e2e.test_naval_orders import WS
from tests.e2e.test_naval_orders import end_turn
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders import give

navy = played.navy  # the campaign, three factions and the GM's ports

BALTIC = "/navy forces register name:Baltic kind:line location:1 ships:2xIII in_port:true"


async def refused_form(
    table, order: str, values: dict[str, str], *, unit: str = WS, as_: str = "player1"
) -> str:
    """`unit`'s `order` form, submitted with `values`, is refused to `as_` alone and gives
    it no order: the refusal's text."""
    posted = len(table.channel_messages())
    answer = await give(table, unit, order, form(**values), as_=as_)
    assert answer.ephemeral, answer.text()
    assert len(table.channel_messages()) == posted
    overview = text_of(await table.slash("/navy orders", as_=as_))
    assert "awaiting orders" in overview or "ожидает приказов" in overview, overview
    return flat(answer.embed.description)


def transfer(via: str) -> dict[str, str]:
    return {"point": "Channel", "destination": "2", "port": "Plymouth", "via": via}


async def test_intermediate_locations_are_location_numbers_named_once(navy):
    """NO-5.9: a word, a repeated location or a number out of range among the "via"
    locations is refused, saying why; several read "via locations No. 9, 12"."""
    await navy.slash(REGISTER_WS, as_="player1")

    word = await refused_form(navy, "move", transfer("Gotland"))
    twice = await refused_form(navy, "move", transfer("9, 9"))
    garbage = await refused_form(navy, "move", transfer("9, abc"))
    huge = await refused_form(navy, "move", transfer("9, 1234567"))
    given = await give(navy, WS, "move", form(**transfer("9, 12")))

    assert word == (
        "“Gotland” is no location number: give each intermediate location by its number, "
        "comma-separated, e.g. 12, 9 (NO-5.9)."
    ), word
    assert twice == (
        "Location 9 is named twice among the intermediate locations: name each once (NO-5.9)."
    ), twice
    assert garbage.startswith("“abc” is no location number"), garbage
    assert huge.startswith("“1234567” is no location number: location numbers are whole"), huge
    told = " ".join(text_of(given).split())
    assert "to location No. 2 (Plymouth), via locations No. 9, 12.”" in told, told


async def test_intermediate_locations_read_in_russian(navy):
    """The same in Russian: the refusals, and «через локацию №9» for one location,
    «через локации №9, 12» for several."""
    await navy.slash(BALTIC, as_="player3")
    await navy.slash(REGISTER_WS, as_="player1")

    word = await refused_form(navy, "move", transfer("Готланд"), unit="Baltic", as_="player3")
    twice = await refused_form(navy, "move", transfer("9, 9"), unit="Baltic", as_="player3")
    one = text_of(await give(navy, "Baltic", "move", form(**transfer("9")), as_="player3"))
    several = text_of(await give(navy, WS, "move", form(**transfer("9, 12"))))
    shown = text_of(await navy.slash("/navy orders", as_="player3"))

    assert word == (
        "«Готланд» — не номер локации: укажите каждую промежуточную локацию её номером, "
        "через запятую, например 12, 9 (NO-5.9)."
    ), word
    assert twice == (
        "Локация 9 указана среди промежуточных дважды: укажите каждую один раз (NO-5.9)."
    ), twice
    assert "в локацию №2 (Plymouth), через локацию №9.»" in " ".join(one.split()), one
    assert "через локацию №9.»" in " ".join(shown.split()), shown
    assert "via locations No. 9, 12.”" in " ".join(several.split()), several


async def test_an_escort_of_a_force_without_transports_says_so(navy):
    """NO-1.1: Britain's Channel, registered with warships only, is no convoy: the escort
    is refused saying it carries no transports or merchantmen (not that it is unregistered);
    a name no force has is refused as before."""
    await navy.slash(REGISTER_WS, as_="player1")
    await navy.slash(
        "/navy forces register name:Channel kind:auxiliary location:1 ships:3xV in_port:true",
        as_="player1",
    )

    empty = await refused_form(navy, "escort", {"convoy": "Channel", "details": "x"})
    unknown = await refused_form(navy, "escort", {"convoy": "Ghost", "details": "x"})
    await navy.slash(BALTIC, as_="player3")
    await navy.slash(
        "/navy forces register name:Riga kind:line location:1 ships:2xIII in_port:true",
        as_="player3",
    )
    russian = await refused_form(
        navy, "escort", {"convoy": "Riga", "details": "x"}, unit="Baltic", as_="player3"
    )

    assert empty == (
        "“Channel” carries no transports or merchantmen: only a transport flotilla can be "
        "escorted (NO-1.1)."
    ), empty
    assert unknown == (
        "“Ghost” is not a registered force with transports or merchantmen (NO-1.1)."
    ), unknown
    assert russian == (
        "У соединения «Riga» нет транспортов или купцов: конвоировать можно только "
        "транспортную флотилию (NO-1.1)."
    ), russian


async def test_a_blockaded_port_named_by_a_name_no_port_has_is_told_as_a_name(navy):
    """NO-1.1: the form asks the port's name; "Narva", which no port has, is refused as a
    port name missing from the GM's list, not as a location; a location number no port is
    at is still told as a location."""
    await navy.slash(REGISTER_WS, as_="player1")

    named = await refused_form(navy, "blockade", {"port": "Narva", "details": "x"})
    numbered = await refused_form(navy, "blockade", {"port": "7", "details": "x"})
    await navy.slash(BALTIC, as_="player3")
    russian = await refused_form(
        navy, "blockade", {"port": "Нарва", "details": "x"}, unit="Baltic", as_="player3"
    )

    assert named == (
        "No port named “Narva” is on the GM's list: /navy station list shows the ports (NO-1.1)."
    ), named
    assert numbered == "No port is registered at 7 (NO-1.1).", numbered
    assert russian == (
        "Порта «Нарва» нет в списке ведущего: порты показывает /флот_приказы станция список "
        "(NO-1.1)."
    ), russian


async def test_a_blockaded_port_given_by_its_location_number_is_recorded_by_its_name(navy):
    """NO-1.1: the port typed as "20", Brest's location, is recorded as Brest: the order's
    wording, /navy orders and the turn's end name Brest, never "20"; a Russian player's
    blockade of "2" reads Plymouth."""
    await navy.slash(REGISTER_WS, as_="player1")

    given = await give(navy, WS, "blockade", form(port="20", details="off the Goulet"))

    wording = "“Blockade the seaport Brest with the forces of the Squadron “Western Squadron”"
    assert wording in " ".join(text_of(given).split()), text_of(given)
    overview = " ".join(text_of(await navy.slash("/navy orders", as_="player1")).split())
    assert wording in overview and "seaport 20" not in overview, overview
    ended = await end_turn(navy, 1)
    assert "seaport 20" not in ended, ended
    after = " ".join(text_of(await navy.slash("/navy orders", as_="player1")).split())
    assert wording in after, after
    await navy.slash(BALTIC, as_="player3")
    russian = await give(navy, "Baltic", "blockade", form(port="2"), as_="player3")
    told = " ".join(text_of(russian).split())
    assert "«Блокировать морской порт Plymouth силами" in told, told


async def test_a_form_drops_invisible_characters_as_options_do(navy):
    """A field typed with a right-to-left override and a zero-width space (`‮Ush​ant`) is
    stored as every name typed in an option is (`bot.text.tidy`): the order reads Ushant,
    nothing left to reorder the rest of the line on Discord, in the reply, `/navy orders`
    and the log."""
    await navy.slash(REGISTER_WS, as_="player1")
    typed = form(point="\u202eUsh\u200bant ", location=" 5", turns="2")
    given = await give(navy, WS, "cruise", typed)
    overview = text_of(await navy.slash("/navy orders", as_="player1"))
    entry = newest_entry(await navy.slash("/history list", as_="player1"), "navy order")
    logged = text_of(await navy.slash(f"/history show entry:{entry}", as_="player1"))
    for shown in (text_of(given), overview, logged):
        assert played.CRUISE_TEXT in " ".join(shown.split()), shown
        assert "\u202e" not in shown and "Ush\u200bant" not in shown, shown
