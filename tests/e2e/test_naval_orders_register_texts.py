"""What the register says back, played through Discord: the damage it recorded for a
force's vessels (NO-2.6, NO-I5) in the registration, the edit and `/navy orders`; no officer
rating for a packet boat, which takes no command test (NO-I22); and the location a force or
port to be struck off stands at, named as a location.

Player1 plays Britain, player3 Russia (in Russian); the GM's ports are those of
test_naval_orders.py: Portsmouth (Britain's naval station, 1), Plymouth (2), Brest (20).
"""

from __future__ import annotations

from tests.e2e import test_naval_orders as played
from tests.e2e.test_naval_orders import text_of

navy = played.navy  # the fixture: the campaign, its factions and the GM's ports

KRONSHTADT = "/navy station add name:Кронштадт location:30 naval_station:true owner:Russia"


async def test_the_damage_recorded_is_read_back_and_where_the_rule_differs_so_does_it(navy):
    """NO-2.6, NO-I5: a ship of rate IV under a jury mast and one of rate V with its hull 80 %
    damaged are both listed, two damaged; the edit to `IV 76%` counts it damaged, the edit to
    `IV 75%` does not, and the two replies say so; `/navy orders` lists the damage too."""
    registered = await navy.slash(
        "/navy forces register name:Kent kind:line location:1 ships:2xIII, IV jury, V 80% "
        "in_port:true",
        as_="player1",
    )
    said = text_of(registered)
    assert (
        "Damage recorded: 1 ship of rate IV under a jury mast, 1 ship of rate V with hull "
        "damage 80%; 2 vessels count as damaged for the range and command tests."
    ) in said, said

    worse = text_of(
        await navy.slash("/navy forces edit name:Kent ships:2xIII, IV 76%", as_="player1")
    )
    better = text_of(
        await navy.slash("/navy forces edit name:Kent ships:2xIII, IV 75%", as_="player1")
    )

    assert (
        "Damage recorded: 1 ship of rate IV with hull damage 76%; 1 vessel counts as damaged "
        "for the range and command tests"
    ) in worse, worse
    assert (
        "Damage recorded: 1 ship of rate IV with hull damage 75%; none counts as damaged for "
        "the range and command tests (hull damage counts only above 75%)"
    ) in better, better
    overview = text_of(await navy.slash("/navy orders", as_="player1"))
    assert "Damage recorded: 1 ship of rate IV with hull damage 75%" in overview, overview


async def test_the_damage_reads_in_russian(navy):
    """The Russian player registers «IV мачта, V 80%» and reads the damage in Russian."""
    await navy.slash(KRONSHTADT, as_="gm")
    registered = await navy.slash(
        "/navy forces register name:Балтийская kind:line location:30 "
        "ships:2xIII, IV мачта, V 80% in_port:true",
        as_="player3",
    )
    said = text_of(registered)
    assert (
        "Повреждения: 1 корабль IV ранга под временной мачтой, 1 корабль V ранга с "
        "повреждением корпуса 80 %; 2 судна считаются повреждёнными для дальности и тестов на "
        "командование."
    ) in said, said


async def test_identical_damaged_ships_are_counted_together(navy):
    """NO-2.6, NO-I5: `2xV jury` is read back as two ships of rate V under a jury mast, not
    one line per ship, as the ships themselves are counted; a differently damaged V of the
    same rate keeps its own line. The same in Russian, «2 корабля V ранга …»."""
    await navy.slash(KRONSHTADT, as_="gm")
    english = text_of(
        await navy.slash(
            "/navy forces register name:Kent kind:auxiliary location:1 "
            "ships:2xV jury, VI, V 90%, IV 90% in_port:true",
            as_="player1",
        )
    )
    russian = text_of(
        await navy.slash(
            "/navy forces register name:Балтийская kind:auxiliary location:30 "
            "ships:3xV 80%, VI мачта in_port:true",
            as_="player3",
        )
    )

    assert (
        "Damage recorded: 2 ships of rate V under a jury mast, 1 ship of rate V with hull "
        "damage 90%, 1 ship of rate IV with hull damage 90%; 4 vessels count as damaged for "
        "the range and command tests."
    ) in " ".join(english.split()), english
    assert (
        "Повреждения: 3 корабля V ранга с повреждением корпуса 80 %, 1 корабль VI ранга под "
        "временной мачтой; 4 судна считаются повреждёнными для дальности и тестов на "
        "командование."
    ) in " ".join(russian.split()), russian


async def test_a_packet_boat_is_registered_without_an_officer_rating(navy):
    """NO-I22: a packet boat never takes a command test, so its registration and its edit
    name no officer rating, in either language; a squadron's still does."""
    await navy.slash(KRONSHTADT, as_="gm")
    english = text_of(
        await navy.slash(
            "/navy forces register name:Courier kind:packet location:1 ships:packet in_port:true",
            as_="player1",
        )
    )
    edited = text_of(await navy.slash("/navy forces edit name:Courier ships:packet", as_="player1"))
    russian = text_of(
        await navy.slash(
            "/navy forces register name:Гонец kind:packet location:30 ships:покетбот in_port:true",
            as_="player3",
        )
    )

    assert "Courier (packet boat) of Britain is registered: 1 packet boat; location 1" in english
    assert "Courier (packet boat) of Britain is updated: 1 packet boat; location 1" in edited
    assert "rating" not in english + edited
    assert (
        "Соединение «Гонец» (покетбот, владелец Russia) зарегистрировано: 1 покетбот; локация 30"
    ) in russian, russian
    assert "рейтинг" not in russian
    line = text_of(
        await navy.slash(
            "/navy forces register name:Kent kind:line location:1 ships:2xIII in_port:true",
            as_="player1",
        )
    )
    assert "is registered: officer rating +0, 2 ships of rate III" in line, line


async def test_the_removal_question_names_the_location_as_one(navy):
    """Striking a force or a port off asks first, naming where it stands as a location:
    "(line squadron, location 1)", «(Russia, линейная эскадра, локация 30)», "(location 2)";
    a bare number read as a count of ships."""
    await navy.slash(KRONSHTADT, as_="gm")
    await navy.slash(
        "/navy forces register name:Kent kind:line location:1 ships:2xIII in_port:true",
        as_="player1",
    )
    await navy.slash(
        "/navy forces register name:Балтийская kind:line location:30 ships:2xIII in_port:true",
        as_="player3",
    )

    english = await navy.slash("/navy forces remove name:Kent", as_="player1")
    russian = await navy.slash("/navy forces remove name:Балтийская", as_="player3")
    port = await navy.slash("/navy station remove name:Plymouth", as_="gm")

    assert (
        english.embed.title
        == "Strike Kent of Britain (line squadron, location 1) off the register?"
    )
    assert russian.embed.title == (
        "Удалить соединение «Балтийская» (Russia, линейная эскадра, локация 30) из реестра?"
    ), russian.embed.title
    assert port.embed.title == "Take Plymouth (location 2) off the list of ports?"


async def test_a_fleets_registration_lists_its_squadrons_with_their_kinds(navy):
    """NO-I3, NO-I8: a fleet's range is its slowest squadron's and each auxiliary squadron
    adds +1 to its command tests, so its registration lists each squadron with its kind and
    ships, in English and in Russian, where the player can check how «(вспомогательная)»
    was read."""
    english = await navy.slash(
        "/navy forces register name:Channel Fleet kind:fleet location:2 "
        "squadrons:Red (line): 2xIII; Blue (auxiliary): 3xV",
        as_="player1",
    )
    assert (
        "Its squadrons: Red (line squadron): 2 ships of rate III; Blue (auxiliary squadron): "
        "3 ships of rate V."
    ) in " ".join(text_of(english).split()), english.text()
    await navy.slash(KRONSHTADT, as_="gm")
    russian = await navy.slash(
        "/navy forces register name:Балтийский флот kind:fleet location:30 "
        "squadrons:Красная (линейная): 2xIII; Синяя (вспомогательная): 3xV",
        as_="player3",
    )
    assert (
        "Эскадры флота: «Красная» (линейная эскадра): 2 корабля III ранга; «Синяя» "
        "(вспомогательная эскадра): 3 корабля V ранга."
    ) in " ".join(text_of(russian).split()), russian.text()


async def test_an_order_quoted_after_an_edit_says_what_the_force_numbers_now(navy):
    """NO-4.10: the order quotes the ships as written when it was given; after `/navy forces
    edit` changes them, `/navy orders` still quotes it so, and says that this is the order as
    written and what the force numbers now, in English and in Russian; before the edit it
    says nothing of the kind."""
    await navy.slash(played.REGISTER_WS, as_="player1")
    await played.give(
        navy, played.WS, "cruise", played.form(point="Ushant", location="5", turns="2")
    )
    before = text_of(await navy.slash("/navy orders", as_="player1"))
    assert played.CRUISE_TEXT in before and "quoted as written" not in before
    await navy.slash(f"/navy forces edit name:{played.WS} ships:1xI, 1xII", as_="player1")
    after = text_of(await navy.slash("/navy orders", as_="player1"))
    assert played.CRUISE_TEXT in after
    assert (
        "The order is quoted as written on turn 1; the force now numbers 1 ship of rate I, "
        "1 ship of rate II."
    ) in after, after

    await navy.slash(KRONSHTADT, as_="gm")
    await navy.slash(
        "/navy forces register name:Пять кораблей kind:line location:30 ships:5xIV in_port:true",
        as_="player3",
    )
    await played.give(
        navy,
        "Пять кораблей",
        "cruise",
        played.form(point="Борнхольм", location="10", turns="21"),
        as_="player3",
    )
    await navy.slash("/navy forces edit name:Пять кораблей ships:1xI, 1xII, 1xIII", as_="player3")
    russian = text_of(await navy.slash("/navy orders", as_="player3"))
    assert "в количестве 5 кораблей IV ранга" in russian, russian
    assert (
        "Приказ приведён так, как он был записан в ход 1; сейчас в соединении 1 корабль I "
        "ранга, 1 корабль II ранга, 1 корабль III ранга."
    ) in " ".join(russian.split()), russian
