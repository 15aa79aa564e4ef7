"""Naval orders played through Discord: `/navy …` with the real bot on the stand-in.

Player1 plays Britain, player2 France, player3 Russia (in Russian). The GM lists Portsmouth
(Britain's naval station, location 1), Plymouth (a port, location 2) and Brest (France's
naval station, location 20). Dice are scripted: the raid's d3 and the command tests.
"""

from __future__ import annotations

import pytest

from bot.interactions import LOSS_COLOUR
from bot.interactions import SUCCESS_COLOUR
from bot.standin import ClientRefused
from tests.e2e.confirming import confirmed
from tests.e2e.play import text_of

WS = "Western Squadron"
REGISTER_WS = (
    f"/navy forces register name:{WS} kind:line location:1 ships:3xIII, V in_port:true rating:1"
)
CRUISE_TEXT = (
    "“Cruise Ushant with the forces of the Squadron “Western Squadron” numbering 3 ships of "
    "rate III, 1 ship of rate V in location No. 5, for 2 turns.”"
)


def form(**fields: str) -> dict[str, str]:
    """Form values by field name (the inputs' custom ids)."""
    return {f"navy.form.{name}": value for name, value in fields.items()}


def rules_of(reply) -> set[str]:
    """The clauses a reply's embeds cite in their footers ("Rules: NO-2.2, NO-2.10")."""
    footers = [(e.get("footer") or {}).get("text") or "" for e in reply.embeds]
    return {c for f in footers if "Rules: " in f for c in f.split("Rules: ")[1].split(", ")}


async def end_turn(table, turn: int) -> str:
    """The GM ends `turn`; returns the naval orders summary posted, each embed's text then
    its footer (the roll count, the rules cited)."""
    question = await table.slash("/turn end", as_="gm")
    done = await table.click(question, f"End turn {turn}", as_="gm")
    assert done.embed.title == f"Turn {turn} has ended", done.text()
    return "\n".join(
        part
        for f in done.followups
        for e in f.embeds
        if (e.get("title") or "").startswith("Naval orders")
        for part in (e.get("description") or "", (e.get("footer") or {}).get("text") or "")
    )


async def give(table, unit: str, order: str, values: dict[str, str], *, as_: str = "player1"):
    """Open the order form for `unit` and submit it."""
    opened = await table.slash(f"/navy order unit:{unit} order:{order}", as_=as_)
    assert opened.modal is not None, opened.text()
    return await table.submit_modal(opened, values, as_=as_)


async def send(
    table, packet: str, unit: str, order: str, values: dict[str, str], *, as_: str = "player1"
):
    """Open the order form for `unit` to go by packet boat `packet` and submit it."""
    opened = await table.slash(f"/navy packet packet:{packet} unit:{unit} order:{order}", as_=as_)
    assert opened.modal is not None, opened.text()
    return await table.submit_modal(opened, values, as_=as_)


async def gm_overview(table) -> str:
    return text_of(await table.slash("/navy orders", as_="gm"))


@pytest.fixture
async def navy(table):
    """The campaign with the naval orders ruleset, three factions and the GM's ports."""
    created = await table.slash("/campaign create name:Seven Years rulesets:naval_orders", as_="gm")
    assert not created.ephemeral, created.text()
    for player, faction in (("player1", "Britain"), ("player2", "France"), ("player3", "Russia")):
        await table.slash(f"/campaign join faction:{faction}", as_=player)
    for line in (
        "/navy station add name:Portsmouth location:1 naval_station:true owner:Britain",
        "/navy station add name:Plymouth location:2",
        "/navy station add name:Brest location:20 naval_station:true owner:France",
    ):
        added = await table.slash(line, as_="gm")
        assert not added.ephemeral, added.text()
    return table


@pytest.fixture
async def ordered(navy):
    """The Western Squadron in Portsmouth with its cruising order for turn 1."""
    await navy.slash(REGISTER_WS, as_="player1")
    given = await give(navy, WS, "cruise", form(point="Ushant", location="5", turns="2"))
    assert given.ephemeral and CRUISE_TEXT in text_of(given), given.text()
    return navy


async def test_a_force_is_registered_with_its_ships_officer_and_place(navy):
    """§4: kind, officer's rating, ships by rate with damage (NO-I5), location, in port;
    the range shows the fleet's slowest squadron and each modifier (NO-I3, NO-I4)."""
    reply = await navy.slash(
        "/navy forces register name:Channel Fleet kind:fleet location:2 rating:2 "
        "squadrons:Red (line): 2xIII, IV jury; Blue (auxiliary): 2xVI 80%, transport",
        as_="player1",
    )

    assert reply.ephemeral
    assert (
        "Channel Fleet (fleet) of Britain is registered: officer rating +2, 2 ships of rate III, "
        "1 ship of rate IV, 2 ships of rate VI, 1 transport; location 2, at sea."
    ) in " ".join(text_of(reply).split())
    shown = await navy.slash("/navy range unit:Channel Fleet", as_="player1")
    ranged = text_of(shown)
    assert "Channel Fleet: fleet, base range 3 of its slowest squadron." in ranged
    assert "-1 transports or merchantmen present" in ranged
    assert "-1 damaged ships present (3)" in ranged  # jury mast; hull above 75%
    assert {"NO-I3", "NO-2.5", "NO-2.6"} <= rules_of(shown)
    assert "Channel Fleet may move 1 location this turn." in ranged


async def test_the_order_form_asks_exactly_the_fields_of_the_order(navy):
    """NO-I19: cruising asks point, location, turns; transfer point, destination, port, via;
    a blockade its port and details."""
    await navy.slash(REGISTER_WS, as_="player1")
    expected = {
        "cruise": ["Point (its exact name)", "Location No.", "Number of turns"],
        "move": [
            "Point (its exact name)",
            "Destination location No.",
            "Port (its name)",
            "Via location No. (comma-separated)",
        ],
        "raid": ["Point (its exact name)", "Location No.", "Number of turns"],
        "blockade": ["Port (its name)", "Details"],
    }
    for order, labels in expected.items():
        opened = await navy.slash(f"/navy order unit:{WS} order:{order}", as_="player1")
        assert [i.label for i in opened.modal.inputs] == labels


async def test_the_order_given_by_form_is_printed_in_its_mandatory_wording(ordered):
    """NO-4.10: the order's text; `/navy orders` shows it to its owner; `/turn status`
    names no British force as lacking orders."""
    overview = await ordered.slash("/navy orders", as_="player1")

    assert overview.ephemeral
    assert CRUISE_TEXT in text_of(overview)
    assert "executing its order" in text_of(overview)


async def test_orders_are_private_until_the_end_of_turn(ordered):
    """Issue 14: France sees neither the force nor its order; after the GM's end of turn the
    order is no longer secret, and a GM sees all at once."""
    france = await ordered.slash("/navy orders", as_="player2")
    assert "No forces to show." in text_of(france)
    assert CRUISE_TEXT in await gm_overview(ordered)


async def test_orders_public_setting_posts_the_order_for_everyone(navy):
    """`orders_public = true` (issue 14): the order is posted in the channel."""
    changed = await navy.slash(
        "/campaign settings set setting:naval_orders.orders_public value:true", as_="gm"
    )
    assert not changed.ephemeral, changed.text()
    await navy.slash(REGISTER_WS, as_="player1")

    given = await give(navy, WS, "cruise", form(point="Ushant", location="5", turns="2"))

    assert not given.ephemeral
    assert CRUISE_TEXT in text_of(given)


async def test_turn_status_counts_whose_forces_lack_orders(navy):
    """The waiting list (`/turn status`, public): Britain's squadron without orders is
    counted, not named; once it has its order Britain owes nothing."""
    await navy.slash(REGISTER_WS, as_="player1")
    status = await navy.slash("/turn status", as_="player2")
    assert "Britain: 1 force lacks orders for turn 1." in status.text()
    assert WS not in status.text()

    await give(navy, WS, "cruise", form(point="Ushant", location="5", turns="2"))

    status = await navy.slash("/turn status", as_="player2")
    assert "Britain" not in status.text()


async def test_refusals_name_the_clause_and_change_nothing(ordered):
    """NO-I2 a second order in a turn, NO-4.10 someone else's force registered this turn
    (orders private: refused as an unknown one, test_naval_orders_probing) and an unknown
    force, NO-I19 a missing field, NO-4.2 an impossible number of turns, a number that is
    not one: each refused privately, and the register is as it was."""
    await ordered.slash(
        "/navy forces register name:Channel Squadron kind:auxiliary location:1 ships:3xV "
        "in_port:true",
        as_="player1",
    )
    before = await gm_overview(ordered)

    second = await ordered.slash(f"/navy order unit:{WS} order:raid", as_="player1")
    assert second.modal is None and second.ephemeral
    assert "already has its new order for turn 1 (NO-I2)" in second.text()
    theirs = await ordered.slash(f"/navy order unit:{WS} order:cruise", as_="player2")
    assert theirs.ephemeral
    assert f"No force named “{WS}” is registered (NO-4.10)." in theirs.text()
    unknown = await ordered.slash("/navy order unit:Ghost order:cruise", as_="player1")
    assert unknown.ephemeral and "No force named “Ghost” is registered (NO-4.10)." in unknown.text()
    # NO-I19: the mandatory fields are required by Discord's client itself.
    with pytest.raises(ClientRefused, match="'Number of turns' is required"):
        await give(ordered, "Channel Squadron", "cruise", form(point="Ushant", location="5"))
    zero = await give(
        ordered, "Channel Squadron", "cruise", form(point="Ushant", location="5", turns="0")
    )
    assert zero.ephemeral and "0 turns is impossible here: from 1 to 100 (NO-4.2)" in zero.text()
    words = await give(
        ordered, "Channel Squadron", "cruise", form(point="Ushant", location="5", turns="two")
    )
    assert words.ephemeral and "whole number, not “two” (NO-I19)" in words.text()

    assert await gm_overview(ordered) == before
    # The refused forms used up nothing: the Channel Squadron still gets its order this turn.
    good = await give(
        ordered, "Channel Squadron", "cruise", form(point="Ushant", location="6", turns="1")
    )
    assert "New order for Channel Squadron: Cruising." in text_of(good)


async def test_a_second_form_submitted_in_the_same_turn_is_refused(navy):
    """NO-I2 again at the submit: two forms opened before either was sent."""
    await navy.slash(REGISTER_WS, as_="player1")
    first = await navy.slash(f"/navy order unit:{WS} order:cruise", as_="player1")
    second = await navy.slash(f"/navy order unit:{WS} order:raid", as_="player1")
    await navy.submit_modal(first, form(point="Ushant", location="5", turns="2"), as_="player1")

    refused = await navy.submit_modal(
        second, form(point="Ushant", location="5", turns="1"), as_="player1"
    )

    assert refused.ephemeral and "(NO-I2)" in refused.text()
    assert CRUISE_TEXT in await gm_overview(navy)


async def test_the_command_test_is_itemised_and_refused_out_of_scope_before_any_die(ordered):
    """NO-I8: d6 + rating (+1) against 4+; NO-I10: a cruising force may not attack in its
    own location — refused before any die, and the turn's test is still there (NO-I9);
    after a failed test a second one in the turn is refused."""
    await ordered.slash(f"/navy position unit:{WS} location:5", as_="player1")
    ordered.script_dice([2])

    out = await ordered.slash(f"/navy test unit:{WS} enemy_at:own", as_="player1")
    assert out.ephemeral and "(NO-I10)" in out.text() and "No die was rolled" in out.text()
    assert ordered.faces is not None and ordered.faces.pending == [2]

    test = await ordered.slash(f"/navy test unit:{WS} enemy_at:adjacent", as_="player1")

    assert test.ephemeral  # it names the order and the force's makeup: the owner's for now
    told = text_of(test)
    assert "Command test of Western Squadron (Cruising): 1d6 → 2." in told
    assert "+1 senior officer's rating" in told
    assert told.startswith("Western Squadron makes no attack this turn")
    assert "→ 2.\n+1 senior officer's rating\nTotal 3 (modifier +1) against 4+: failure." in told
    assert test.embed.color == LOSS_COLOUR.value
    assert test.embed.footer == "Naval orders · Rules: NO-I8, NO-4.6, NO-I9"
    assert "makes no attack this turn" in told
    again = await ordered.slash(f"/navy test unit:{WS} enemy_at:adjacent", as_="player1")
    assert again.ephemeral and "already taken its command test in turn 1 (NO-I9)" in again.text()


async def test_a_passed_command_test_says_what_the_force_may_now_do(ordered):
    """NO-I9, NO-I15: 3 + 1 = 4 against 4+; the enemy is in the adjacent location, so the
    squadron attacks and then heads back to its zone; its range shows −1 for combat."""
    await ordered.slash(f"/navy position unit:{WS} location:5", as_="player1")
    ordered.script_dice([3])

    test = await ordered.slash(f"/navy test unit:{WS} enemy_at:adjacent", as_="player1")

    told = text_of(test)
    assert "Total 4 (modifier +1) against 4+: success." in told
    assert "must head back to its zone from the next turn." in told
    assert "NO-I15" in test.embed.footer
    shown = await ordered.slash(f"/navy range unit:{WS}", as_="player1")
    assert "NO-2.12" in rules_of(shown) and "NO-2.12" not in text_of(shown)
    again = await ordered.slash(f"/navy test unit:{WS} enemy_at:adjacent", as_="player1")
    assert again.ephemeral and "already taken its command test in turn 1 (NO-I9)" in again.text()


async def test_the_movement_range_is_itemised(ordered):
    """NO-I3, NO-I4: a line squadron's 3, −1 for leaving port, −1 for catching the wind."""
    shown = await ordered.slash(f"/navy range unit:{WS} port_exits:1 catch_wind:1", as_="player1")
    told = text_of(shown)
    assert "Western Squadron: line squadron, base range 3." in told
    assert "-1 leaving a port" in told
    assert {"NO-2.2", "NO-2.10", "NO-2.14"} <= rules_of(shown)
    assert "Western Squadron may move 1 location this turn." in told


async def test_a_raid_rolls_its_duration_on_arrival_then_returns_and_lays_over(navy):
    """NO-6.2, NO-I13: raid 1 turn + d3 (2) rolled on arrival = 3 turns counted (NO-I14);
    then the squadron returns to the station its player names (NO-I16), and back in port
    stays a turn to replenish (NO-2.11, NO-I7) before it awaits orders again."""
    await navy.slash(REGISTER_WS, as_="player1")
    await give(navy, WS, "raid", form(point="Ushant", location="5", turns="1"))

    first = await end_turn(navy, 1)
    assert "Western Squadron: executing its order" in first
    await navy.slash(f"/navy position unit:{WS} location:5", as_="player1")
    navy.script_dice([2])
    second = await end_turn(navy, 2)
    assert "Western Squadron starts raiding: 1 ordered + d3 (2) = 3 turns." in second
    assert "NO-6.2, NO-I13" in second.splitlines()[-1]
    assert navy.faces is not None and navy.faces.pending == []
    await end_turn(navy, 3)
    fourth = await end_turn(navy, 4)
    assert "names the nearest naval station" in fourth
    assert "returning to the nearest naval station" in fourth

    named = await navy.slash(f"/navy return unit:{WS} station:Portsmouth", as_="player1")
    assert "Western Squadron returns to naval station Portsmouth" in text_of(named)
    await navy.slash(f"/navy position unit:{WS} location:1 in_port:true", as_="player1")
    fifth = await end_turn(navy, 5)
    assert "Western Squadron is back at naval station Portsmouth." in fifth
    assert fifth.splitlines()[-1].endswith("Rules: NO-2.11, NO-I7")
    assert "stays in port to replenish until the end of turn 6" in fifth
    sixth = await end_turn(navy, 6)
    assert "Western Squadron has replenished and awaits new orders." in sixth
    assert "NO-I7" in sixth.splitlines()[-1]
    status = await navy.slash("/turn status", as_="gm")
    assert "Britain: 1 force lacks orders for turn 7." in status.text()
    assert WS in await gm_overview(navy)


async def at_sea_with_swift(navy):
    """Britain's Western Squadron at sea (location 5) and the packet boat Swift in port."""
    await navy.slash(
        f"/navy forces register name:{WS} kind:line location:5 ships:3xIII", as_="player1"
    )
    await navy.slash(
        "/navy forces register name:Swift kind:packet location:1 ships:packet in_port:true",
        as_="player1",
    )


async def transfer_by_packet(navy):
    """Britain's Western Squadron at sea (location 5) and the packet boat Swift in port: Swift
    carries a transfer to location 2 (Plymouth) via 3 (relay #1). Returns the form's answer."""
    await at_sea_with_swift(navy)
    return await send(
        navy, "Swift", WS, "move", form(point="Channel", destination="2", port="Plymouth", via="3")
    )


async def test_a_packet_boat_carries_a_new_order_to_a_force_at_sea(navy):
    """NO-3.3, NO-I18: at sea the order goes by packet boat; registered as arrived in turn 1,
    the relay turn 2 passes and the transfer is in force from turn 3 (NO-I7)."""
    sent = await transfer_by_packet(navy)
    told = text_of(sent)
    assert "Packet boat Swift carries a new order (Transfer) to Western Squadron (relay #1)." in (
        told
    )
    assert "to location No. 2 (Plymouth), via location No. 3" in told
    arrived = await navy.slash("/navy arrived relay:1", as_="player1")
    assert "takes effect from turn 3" in text_of(arrived)

    relay_turn = await end_turn(navy, 1)
    assert "passes the new order to its captains; it takes effect from turn 3" in relay_turn
    in_force = await end_turn(navy, 2)
    assert "the order brought by packet boat (relay #1) takes effect from turn 3." in in_force
    assert "NO-I7" in in_force.splitlines()[-1]
    assert "to location No. 2 (Plymouth)" in await gm_overview(navy)


async def test_a_squadron_at_sea_does_not_name_where_it_is_as_a_waypoint(navy):
    """NO-5.2, NO-I17, NO-I18: the Western Squadron, registered at sea in 5 and never
    ordered, takes its first order where it is, at once, so its transfer starts at 5. A
    transfer to Plymouth (2) via 5 and 3 names that start as an intermediate location: it
    is refused privately, naming location 5 and the clause, and nothing is recorded; via 3
    the order is recorded. Russia's squadron at sea in 31 reads the refusal in Russian."""
    await navy.slash(
        f"/navy forces register name:{WS} kind:line location:5 ships:3xIII", as_="player1"
    )
    before = await gm_overview(navy)
    plymouth = {"point": "Channel", "destination": "2", "port": "Plymouth"}

    refused = await give(navy, WS, "move", form(**plymouth, via="5, 3"))

    assert refused.ephemeral
    assert (
        "An intermediate location of a transfer lies on its way, not at its start: "
        "Western Squadron is already at location 5 (NO-5.2)."
    ) in text_of(refused)
    assert await gm_overview(navy) == before
    given = await give(navy, WS, "move", form(**plymouth, via="3"))
    assert "New order for Western Squadron: Transfer." in text_of(given)
    assert "to location No. 2 (Plymouth), via location No. 3" in text_of(given)

    await navy.slash(
        "/navy station add name:Кронштадт location:30 naval_station:true owner:Russia", as_="gm"
    )
    await navy.slash(
        "/флот_приказы соединения зарегистрировать название:Балтийская эскадра вид:line "
        "локация:31 корабли:2xIII",
        as_="player3",
    )
    opened = await navy.slash(
        "/флот_приказы приказ соединение:Балтийская эскадра приказ:move", as_="player3"
    )
    russian = await navy.submit_modal(
        opened, form(point="Кронштадт", destination="30", port="Кронштадт", via="31"), as_="player3"
    )
    assert russian.ephemeral
    assert (
        "Промежуточная локация перемещения лежит на пути, а не в начальном пункте: "
        "соединение «Балтийская эскадра» уже находится в локации 31 (NO-5.2)."
    ) in text_of(russian)


async def test_a_restart_between_the_order_and_the_turn_end_loses_nothing(ordered):
    """The order lives in the database: after a restart the turn ends with it, and the
    next turn's cruise counts from arrival."""
    await ordered.restart()

    summary = await end_turn(ordered, 1)

    assert "Western Squadron: executing its order; Cruising" in summary
    assert CRUISE_TEXT in await gm_overview(ordered)
    france = await ordered.slash("/navy orders", as_="player2")
    assert "No forces to show." in text_of(france)


async def test_autocomplete_offers_a_players_own_forces_and_the_gms_ports(ordered):
    await ordered.slash(
        "/navy forces register name:Toulon Squadron kind:line location:20 ships:2xIII",
        as_="player2",
    )
    mine = await ordered.autocomplete("/navy order unit:", as_="player1")
    assert [c.value for c in mine] == [WS]
    everyone = await ordered.autocomplete("/navy order unit:", as_="gm")
    assert sorted(c.value for c in everyone) == ["Toulon Squadron", WS]
    # NO-I16: a force returns to a naval station; the seaport Plymouth is not offered.
    stations = await ordered.autocomplete(f"/navy return unit:{WS} station:P", as_="player1")
    assert [c.value for c in stations] == ["Portsmouth"]
    ports = await ordered.autocomplete("/navy station remove name:P", as_="gm")
    assert [c.value for c in ports] == ["Plymouth", "Portsmouth"]


async def test_autocomplete_offers_a_players_own_packet_boats_and_naval_stations(ordered):
    """NO-I18, §4: packets for `/navy packet`, the player's own naval stations for a build
    order; a GM is offered every one."""
    for line, player in (
        ("/navy forces register name:Swift kind:packet location:1 ships:packet", "player1"),
        ("/navy forces register name:Mouette kind:packet location:20 ships:packet", "player2"),
    ):
        await ordered.slash(line, as_=player)
    mine = await ordered.autocomplete(f"/navy packet unit:{WS} packet:", as_="player1")
    assert [c.value for c in mine] == ["Swift"]
    every = await ordered.autocomplete(f"/navy packet unit:{WS} packet:", as_="gm")
    assert [c.value for c in every] == ["Mouette", "Swift"]
    build = await ordered.autocomplete("/navy order order:build unit:", as_="player1")
    assert [c.value for c in build] == ["Portsmouth"]
    gm_build = await ordered.autocomplete("/navy order order:build unit:", as_="gm")
    assert [c.value for c in gm_build] == ["Brest", "Portsmouth"]


async def test_russian_player_gets_russian_forms_orders_and_refusals(navy):
    """Player3 (ru): Russian command names, a Russian form, the order in Russian wording."""
    await navy.slash(
        "/navy station add name:Кронштадт location:30 naval_station:true owner:Russia", as_="gm"
    )
    registered = await navy.slash(
        "/флот_приказы соединения зарегистрировать название:Балтийская эскадра вид:line "
        "локация:30 корабли:2xIII, IV мачта в_порту:true",
        as_="player3",
    )
    assert "Балтийская эскадра" in text_of(registered), registered.text()
    opened = await navy.slash(
        "/флот_приказы приказ соединение:Балтийская эскадра приказ:cruise", as_="player3"
    )
    assert [i.label for i in opened.modal.inputs] == [
        "Пункт (точное название)",
        "Локация №",
        "Число ходов",
    ]

    given = await navy.submit_modal(
        opened, form(point="Готланд", location="31", turns="3"), as_="player3"
    )

    told = text_of(given)
    assert "«Крейсировать Готланд силами эскадры „Балтийская эскадра“" in told
    assert "в локации №31" in told
    refused = await navy.slash("/флот_приказы приказ соединение:Призрак приказ:raid", as_="player3")
    assert refused.ephemeral and "Соединение «Призрак» не зарегистрировано (NO-4.10)." in (
        refused.text()
    )


async def test_every_setting_is_shown_with_its_description_in_both_languages(navy):
    """`/campaign settings show ruleset:naval_orders` lists every NO-I setting."""
    shown = await navy.slash("/campaign settings show ruleset:naval_orders", as_="player1")
    english = text_of(shown)
    assert "`orders_public` = **false** (true, false)" in english
    assert "Orders are shown to everyone before the turn ends" in english
    assert "`raid_duration_mode` = **ordered_plus_d3** (ordered_plus_d3, d6)" in english
    russian = text_of(
        await navy.slash("/campaign settings show ruleset:naval_orders", as_="player3")
    )
    assert "Приказы видны всем ещё до конца хода" in russian
    from bot.rules.naval_orders import NavalOrdersSettings

    for name in NavalOrdersSettings.model_fields:
        assert f"`{name}`" in english


async def test_a_station_builds_by_form_and_only_its_owner_orders_it(navy):
    """NO-1.1: construction is given to a naval station, by its owner; the form asks what is
    built, and the order is printed in its wording."""
    opened = await navy.slash("/navy order unit:Portsmouth order:build", as_="player1")
    assert [i.label for i in opened.modal.inputs] == ["Details"]
    built = await navy.submit_modal(opened, form(details="two ships of rate III"), as_="player1")
    assert (
        "“Build or purchase new ships at naval station Portsmouth — two ships of rate III.”"
    ) in text_of(built)

    # refused before the form opens: someone else's station, a seaport, a second order
    theirs = await navy.slash("/navy order unit:Portsmouth order:build", as_="player2")
    assert theirs.modal is None and theirs.ephemeral
    assert "Portsmouth is not your naval station (NO-1.1)." in theirs.text()
    seaport = await navy.slash("/navy order unit:Plymouth order:build", as_="gm")
    assert seaport.modal is None and "(NO-1.1)" in seaport.text()
    again = await navy.slash("/navy order unit:Portsmouth order:build", as_="player1")
    assert again.modal is None and "(NO-I2)" in again.text()


async def test_a_recorded_order_is_completed_by_its_owner_and_the_layover_follows(navy):
    """NO-I1: a blockade is recorded and its owner marks it done; in port the layover follows
    (NO-I7)."""
    await navy.slash(REGISTER_WS, as_="player1")
    await give(navy, WS, "blockade", form(port="Brest", details="off the Goulet"))

    done = await navy.slash(f"/navy complete unit:{WS}", as_="player1")

    assert "Western Squadron: order “Blockade of a seaport” completed." in text_of(done)
    assert "in port replenishing (layover)" in await gm_overview(navy)


async def test_a_cruise_ends_by_its_own_procedure_not_by_its_owner(ordered):
    """NO-I14: cruising, transfer and raiding end by the count (or the GM), not the player."""
    refused = await ordered.slash(f"/navy complete unit:{WS}", as_="player1")

    assert refused.ephemeral and "ends by its own procedure" in refused.text()
    assert "(NO-I14)" in refused.text()
    assert CRUISE_TEXT in await gm_overview(ordered)


async def test_the_distance_table_names_the_station_and_an_order_waits_for_the_layover(navy):
    """NO-I16 `distance_table`: the bot names the nearest station; back in port the squadron
    lays over, and an order given then takes effect after the layover (NO-I7, NO-I18)."""
    await navy.slash(
        "/campaign settings set setting:naval_orders.nearest_station_by value:distance_table",
        as_="gm",
    )
    table = await navy.slash(
        "/navy station distances location:1 distances:Portsmouth: 0, Brest: 6", as_="gm"
    )
    assert table.ephemeral and "Distances" in table.embed.title
    assert "Location 1: Portsmouth 0, Brest 6." in text_of(table)  # what was recorded
    await navy.slash(REGISTER_WS, as_="player1")
    await give(navy, WS, "cruise", form(point="Spithead", location="1", turns="1"))

    first = await end_turn(navy, 1)

    assert "returns to the nearest naval station, Portsmouth." in first
    assert "NO-I16" in first.splitlines()[-1]
    assert "is back at naval station Portsmouth" in first
    waiting = await give(navy, WS, "raid", form(point="Ushant", location="5", turns="0"))
    assert (
        "stays in port to replenish until the end of turn 2 (its layover): the order is "
        "recorded and takes effect from turn 3"
    ) in " ".join(text_of(waiting).split()), text_of(waiting)
    second = await end_turn(navy, 2)
    assert "Western Squadron's recorded order takes effect from turn 3." in second
    assert second.splitlines()[-1].endswith("Rules: NO-I18")


async def test_forces_are_edited_and_removed_by_their_owner_only(ordered):
    """§4: damage is recorded by editing the ships (NO-I5); someone else cannot edit or strike
    the force (known to them once its registration is public at the turn's end); its owner
    strikes it off the register."""
    await end_turn(ordered, 1)
    edited = await ordered.slash(f"/navy forces edit name:{WS} ships:3xIII, V jury", as_="player1")
    assert text_of(edited).startswith("Western Squadron (line squadron) of Britain is updated:")
    assert "officer rating +1, 3 ships of rate III, 1 ship of rate V" in " ".join(
        text_of(edited).split()
    )
    ranged = await ordered.slash(f"/navy range unit:{WS}", as_="player1")
    assert "-1 damaged ship present (1)" in text_of(ranged) and "NO-2.6" in rules_of(ranged)
    theirs = await confirmed(ordered, f"/navy forces remove name:{WS}", as_="player2")
    assert theirs.ephemeral and "is not your force" in theirs.text()
    assert "only its own Admiralty (or a GM) acts for it" in " ".join(
        theirs.text().replace("│", " ").split()
    )

    removed = await confirmed(ordered, f"/navy forces remove name:{WS}", as_="player1")

    assert "Western Squadron of Britain is struck off the register." in text_of(removed)
    assert "No forces to show." in await gm_overview(ordered)


async def test_only_a_gm_keeps_the_list_of_ports(navy):
    """§4: the GM's list; a player may read it but not change it."""
    refused = await navy.slash("/navy station add name:Dover location:3", as_="player1")
    assert refused.ephemeral and "Only a GM" in refused.text()
    removed = await confirmed(navy, "/navy station remove name:Plymouth", as_="gm")
    assert "Plymouth is taken off the list of ports." in text_of(removed)

    shown = await navy.slash("/navy station list", as_="player1")

    listed = text_of(shown)
    assert "⚓ Portsmouth — naval station, location 1 (Britain)" in listed
    assert "⚓ Brest — naval station, location 20 (France)" in listed
    assert "Plymouth" not in listed


async def test_two_squadrons_form_a_fleet_at_the_end_of_turn(navy):
    """NO-2.7, NO-I7: forming takes the turn (range 0) and the fleet exists after the GM's
    end of turn, with the best officer of its squadrons."""
    await navy.slash(REGISTER_WS, as_="player1")
    await navy.slash(
        "/navy forces register name:Channel Squadron kind:auxiliary location:1 ships:3xV "
        "in_port:true",
        as_="player1",
    )

    begun = await navy.slash(
        f"/navy formation kind:form_fleet units:{WS}, Channel Squadron fleet_name:Grand Fleet",
        as_="player1",
    )

    assert "are forming the fleet Grand Fleet; done at the end of turn 1." in text_of(begun)
    assert "NO-2.7" in rules_of(begun)
    held = await navy.slash(f"/navy range unit:{WS}", as_="player1")
    assert "is forming or dissolving: range 0 this turn." in text_of(held)
    assert "NO-2.7" in rules_of(held)
    summary = await end_turn(navy, 1)
    assert "Fleet formed: Grand Fleet." in summary
    assert summary.splitlines()[-1].endswith("Rules: NO-2.7")
    fleet = await navy.slash("/navy range unit:Grand Fleet", as_="player1")
    assert "Grand Fleet: fleet, base range 3 of its slowest squadron." in text_of(fleet)
    assert "NO-I3" in rules_of(fleet)


# --- names players type, registration replies (review findings 3, 19, 32) --------------------

HOSTILE = "<@&1> **x** @everyone \u202eaes"
LITERAL = "<\u200b@&1> \\*\\*x\\*\\* @\u200beveryone aes"


async def test_a_hostile_force_name_shows_literally_wherever_it_is_shown(navy):
    """A force's name never renders Markdown, a ping or a role pill, and a right-to-left
    override is stripped when stored: the reply, /navy orders and the end-of-turn report;
    /turn status counts the force without naming it."""
    registered = await navy.slash(
        f"/navy forces register name:{HOSTILE} kind:line location:1 ships:2xIII in_port:true",
        as_="player1",
    )
    assert LITERAL in text_of(registered)
    assert LITERAL in await gm_overview(navy)
    pending = await navy.slash("/turn status", as_="gm")
    waits = "\n".join(
        f"{e.get('description') or ''}\n" + "\n".join(f["value"] for f in e.get("fields", []))
        for e in pending.embeds
    )
    assert "Britain: 1 force lacks orders for turn 1." in waits and LITERAL not in waits
    report = await end_turn(navy, 1)
    assert LITERAL in report
    for text in (text_of(registered), pending.text(), report):
        assert "<@&1>" not in text and "**x**" not in text and "\u202e" not in text


async def test_a_force_name_with_a_zero_width_space_is_the_same_force(navy):
    """NO-4.10: names compare NFKC case-folded without invisible characters: `West\u200bern
    Squadron` names the Western Squadron."""
    await navy.slash(REGISTER_WS, as_="player1")
    opened = await navy.slash("/navy order unit:WEST\u200bERN squadron order:cruise", as_="player1")
    assert opened.modal is not None, opened.text()
    assert WS in opened.modal.title


async def test_a_station_reply_names_its_owner(navy):
    """§4: the reply repeats the owner the GM gave (or says it has none)."""
    owned = await navy.slash(
        "/navy station add name:Gibraltar location:30 naval_station:true owner:Britain",
        as_="gm",
    )
    assert text_of(owned) == "Naval station Gibraltar at location 30, owned by Britain."
    free = await navy.slash("/navy station add name:Cadiz location:31", as_="gm")
    assert text_of(free) == "Seaport Cadiz at location 31, no owner."


async def test_the_mandatory_fields_of_an_order_form_are_required(navy):
    """NO-I19: under strict forms the client will not submit a form without the mandatory
    text's fields, so a refusal never loses what was typed; details stay optional; under free
    forms nothing is required."""
    await navy.slash(REGISTER_WS, as_="player1")
    cruise = await navy.slash(f"/navy order unit:{WS} order:cruise", as_="player1")
    assert [(i.custom_id, i.required) for i in cruise.modal.inputs] == [
        ("navy.form.point", True),
        ("navy.form.location", True),
        ("navy.form.turns", True),
    ]
    blockade = await navy.slash(f"/navy order unit:{WS} order:blockade", as_="player1")
    assert [i.required for i in blockade.modal.inputs] == [True, False]
    await navy.slash(
        "/campaign settings set setting:naval_orders.strict_order_forms value:false", as_="gm"
    )
    free = await navy.slash(f"/navy order unit:{WS} order:cruise", as_="player1")
    assert [i.required for i in free.modal.inputs] == [False, False, False]


async def test_an_order_form_title_names_the_force_first_within_45_characters(navy):
    """Discord cuts a modal title at 45 characters: the station's name comes first."""
    build = await navy.slash("/navy order unit:Portsmouth order:build", as_="gm")
    assert build.modal.title.startswith("Portsmouth — Construction")
    assert len(build.modal.title) <= 45


async def test_a_force_registered_at_sea_takes_its_first_order_from_its_player(navy):
    """NO-3.3, NO-I18 restrict changing an order: Lyon, registered at sea with no order,
    takes its first one; once it has one, a new order at sea is refused before the form
    opens (review finding 2)."""
    await navy.slash(
        "/navy forces register name:Lyon kind:line location:3 ships:2xIII rating:0",
        as_="player1",
    )
    given = await give(navy, "Lyon", "cruise", form(point="Ushant", location="5", turns="2"))
    assert given.ephemeral and "Cruise Ushant" in text_of(given), given.text()
    assert "Lyon" not in (await navy.slash("/turn status", as_="gm")).text()

    await end_turn(navy, 1)
    refused = await navy.slash("/navy order unit:Lyon order:raid", as_="player1")
    assert refused.modal is None and refused.ephemeral
    assert "Lyon is at sea: its order can be changed only in port" in refused.text()


async def test_a_force_recorded_in_its_zone_is_shown_there_and_is_not_late(navy):
    """NO-I14, NO-I15 read the recorded location (NO-I6: the players move): in location 5 the
    cruise is not "not yet in its location"; a force that passed its test against an enemy
    in the adjacent location but ends the turn recorded in 5 has nothing to return from: it
    is not told to head back to 5, not shown returning, and never late."""
    ordered = navy
    await ordered.slash(REGISTER_WS, as_="player1")
    await give(ordered, WS, "cruise", form(point="Ushant", location="5", turns="5"))
    await ordered.slash(f"/navy position unit:{WS} location:5", as_="player1")
    overview = await gm_overview(ordered)
    assert "not yet in its location" not in overview
    assert "in its location; its turns count from the end of this turn" in overview
    ordered.script_dice([3])
    await ordered.slash(f"/navy test unit:{WS} enemy_at:adjacent", as_="player1")

    first = await end_turn(ordered, 1)
    report = await end_turn(ordered, 2)

    # under the squadron's line, indented like every change the turn made to it
    assert (
        "\n  Western Squadron ends the turn recorded in its zone, location 5: it has no way "
        "back to make and goes on with its order."
    ) in first
    assert "NO-I15" in first.splitlines()[-1]
    assert "fought outside its zone" not in first and "must head back" not in first
    assert "returning to its zone" not in first + report
    assert "late" not in report


async def test_a_force_away_from_its_zone_after_an_attack_is_late(navy):
    """NO-I15: recorded in the adjacent location 6 after the attack and still there when the
    deadline passes, the squadron is reported late once."""
    ordered = navy
    await ordered.slash(REGISTER_WS, as_="player1")
    await give(ordered, WS, "cruise", form(point="Ushant", location="5", turns="5"))
    await ordered.slash(f"/navy position unit:{WS} location:5", as_="player1")
    ordered.script_dice([3])
    await ordered.slash(f"/navy test unit:{WS} enemy_at:adjacent", as_="player1")
    await ordered.slash(f"/navy position unit:{WS} location:6", as_="player1")

    await end_turn(ordered, 1)
    report = await end_turn(ordered, 2)

    assert "has not returned to its zone by turn 2" in report


async def test_a_packet_force_without_boats_is_told_to_name_them(navy):
    """NO-I22: a packet-boat force is made of packet boats; none given, the refusal says how
    to name them (it is not about squadrons, review finding 24)."""
    refused = await navy.slash(
        "/navy forces register name:Mercury kind:packet location:1", as_="player1"
    )
    assert refused.ephemeral
    assert "Name the packet boats of this force, e.g. ships:packet" in refused.text()
    assert "(NO-I22)" in refused.text() and "squadron" not in refused.text()


@pytest.mark.parametrize("word", ["покетбот", "2xпокетбота", "пакетбот"])
async def test_packet_boats_are_read_in_the_seeds_russian_spelling_and_the_common_one(navy, word):
    """The Russian catalogs write «покетбот» as the seed does; «пакетбот» is read too."""
    registered = await navy.slash(
        f"/navy forces register name:Mercury kind:packet location:1 ships:{word} in_port:true",
        as_="player3",
    )
    assert "не читается" not in registered.text(), registered.text()
    listed = await navy.slash("/navy orders", as_="gm")
    assert "Mercury" in listed.text()


async def test_a_command_tests_colour_and_first_line_are_its_verdict(ordered):
    """Issue 18: the test's message opens with what it decided, green for a pass (red for a
    failure, above); then the roll, its modifiers and the total they add up to, read in the
    order a player checks them, their clauses in the footer."""
    await ordered.slash(f"/navy position unit:{WS} location:5", as_="player1")
    ordered.script_dice([3])

    test = await ordered.slash(f"/navy test unit:{WS} enemy_at:adjacent", as_="player1")

    assert test.ephemeral  # the owner's while orders are private
    assert test.embed.color == SUCCESS_COLOUR.value
    assert test.embed.description.splitlines() == [
        "Western Squadron may attack: −1 range for initiating combat, no move after the "
        "battle, and it must head back to its zone from the next turn.",
        "Command test of Western Squadron (Cruising): 1d6 → 3.",
        "+1 senior officer's rating",
        "Total 4 (modifier +1) against 4+: success.",
    ]
    assert "(NO-" not in test.embed.description
    assert test.embed.footer == "Naval orders · Rules: NO-I8, NO-4.6, NO-I9, NO-I15"


async def hidden_raid(table, turns: str = "1") -> None:
    """The GM hides the raid roll; Hirondelle is ordered to raid location 22, where it is."""
    await table.slash(
        "/campaign settings set setting:naval_orders.raid_extra_roll_hidden value:true", as_="gm"
    )
    await table.slash(
        "/navy forces register name:Hirondelle kind:auxiliary location:22 ships:2xV, VI",
        as_="player2",
    )
    await give(
        table,
        "Hirondelle",
        "raid",
        form(point="Biscay", location="22", turns=turns),
        as_="player2",
    )


async def test_a_hidden_raid_duration_is_not_shown_to_the_players(navy):
    """NO-I13 `raid_extra_roll_hidden`: the d3 stays with the GM; the turn's report and the
    owner's `/navy orders` count the turns raided without the total, the GM sees it."""
    await hidden_raid(navy, turns="4")
    navy.script_dice([2])

    report = await end_turn(navy, 1)

    assert "Hirondelle starts raiding; its duration is known to the GM." in report
    assert "6 turns" not in report and "of 6" not in report
    assert (
        "Hirondelle: executing its order; Raiding in location No. 22 (1 turn raided so far)"
    ) in report
    owner = text_of(await navy.slash("/navy orders", as_="player2"))
    assert "of 6" not in owner and "(1 turn raided so far)" in owner
    assert "(1 of 6 turns)" in await gm_overview(navy)


async def test_the_movement_range_says_how_far_first(ordered):
    """NO-E4: the answer opens with how far the force may move; the base and each modifier
    follow; a forming force opens with its range 0 and why (NO-2.7)."""
    shown = await ordered.slash(f"/navy range unit:{WS} port_exits:1 catch_wind:1", as_="player1")

    lines = shown.embed.description.splitlines()
    assert lines[0] == "Western Squadron may move 1 location this turn."
    assert lines[1] == "Western Squadron: line squadron, base range 3."
    for name in ("Red", "Blue"):
        await ordered.slash(
            f"/navy forces register name:{name} kind:auxiliary location:1 ships:3xV in_port:true",
            as_="player1",
        )
    await ordered.slash(
        "/navy formation kind:form_fleet units:Red, Blue fleet_name:Home Fleet", as_="player1"
    )
    held = await ordered.slash("/navy range unit:Blue", as_="player1")
    assert held.embed.description.splitlines()[:2] == [
        "Blue may move 0 locations this turn.",
        "Blue is forming or dissolving: range 0 this turn.",
    ]


async def test_a_trailing_comma_in_the_waypoints_does_not_lose_the_transfer(navy):
    """NO-I17: "6, 7," is read as locations 6 and 7; the form is not refused (and lost) for
    the empty item a trailing or doubled comma leaves."""
    await navy.slash(REGISTER_WS, as_="player1")

    given = await give(
        navy, WS, "move", form(point="Channel", destination="2", port="Plymouth", via="6,, 7,")
    )

    assert "to location No. 2 (Plymouth), via locations No. 6, 7.”" in text_of(given), given.text()


async def test_a_fleet_dissolving_is_reported_once_by_its_name(navy):
    """NO-2.7: the reply names the fleet being formed; when it dissolves, the turn's report
    says once which fleet became which squadrons."""
    for name in ("Red", "Blue"):
        await navy.slash(
            f"/navy forces register name:{name} kind:line location:1 ships:2xIII in_port:true",
            as_="player1",
        )
    begun = await navy.slash(
        "/navy formation kind:form_fleet units:Red, Blue fleet_name:Home Fleet", as_="player1"
    )
    assert "Red, Blue are forming the fleet Home Fleet; done at the end of turn 1." in (
        text_of(begun)
    )
    await end_turn(navy, 1)
    await navy.slash("/navy formation kind:dissolve_fleet units:Home Fleet", as_="player1")

    report = await end_turn(navy, 2)

    assert report.count("Home Fleet dissolved into Red, Blue.") == 1, report


async def test_a_packet_boat_changes_the_order_of_a_force_at_sea(ordered):
    """NO-3.3, NO-I18: the Western Squadron, cruising at sea since turn 1, is sent a new
    order by packet boat in turn 2: the form opens and the packet carries it."""
    await ordered.slash(f"/navy position unit:{WS} location:5", as_="player1")
    await ordered.slash(
        "/navy forces register name:Swift kind:packet location:1 ships:packet in_port:true",
        as_="player1",
    )
    await end_turn(ordered, 1)

    sent = await send(ordered, "Swift", WS, "raid", form(point="Ushant", location="5", turns="1"))

    assert "Packet boat Swift carries a new order (Raiding) to Western Squadron (relay #1)." in (
        text_of(sent)
    )


@pytest.mark.parametrize(
    ("packet", "unit", "refusal"),
    [
        ("Sloop", "Lyon", "Packet boat Sloop must leave from a seaport or station (NO-3.3)."),
        ("Lyon", "Lyon", "Lyon is not a packet boat (NO-I22)."),
        ("Swift", WS, "Western Squadron is in port: give it the order directly (NO-I18)."),
    ],
)
async def test_a_packet_that_cannot_carry_the_order_is_refused_before_the_form(
    navy, packet, unit, refusal
):
    """NO-3.3, NO-I18, NO-I22: a packet boat at sea, a force that is no packet boat, a
    force in port: refused before the form opens, so nothing typed is lost."""
    for line in (
        REGISTER_WS,
        "/navy forces register name:Lyon kind:line location:3 ships:2xIII",
        "/navy forces register name:Swift kind:packet location:1 ships:packet in_port:true",
        "/navy forces register name:Sloop kind:packet location:8 ships:packet",
    ):
        await navy.slash(line, as_="player1")

    command = f"/navy packet packet:{packet} unit:{unit} order:cruise"
    opened = await navy.slash(command, as_="player1")

    assert opened.modal is None and opened.ephemeral
    assert refusal in opened.text()


async def test_a_packet_boat_lost_after_delivering_leaves_the_order_delivered(navy):
    """NO-I7, NO-I18: Swift reached the Western Squadron in turn 1 and is then struck off
    (sunk on its way back): the order it delivered still takes effect from turn 3. Mercury,
    struck off before it arrives, loses the order it carried, and the reply says so."""
    for line in (
        f"/navy forces register name:{WS} kind:line location:5 ships:3xIII",
        "/navy forces register name:Lyon kind:line location:6 ships:2xIII",
        "/navy forces register name:Swift kind:packet location:1 ships:packet in_port:true",
        "/navy forces register name:Mercury kind:packet location:1 ships:packet in_port:true",
    ):
        await navy.slash(line, as_="player1")
    transfer = form(point="Channel", destination="2", port="Plymouth", via="3")
    for packet, unit in (("Swift", WS), ("Mercury", "Lyon")):
        await send(navy, packet, unit, "move", transfer)
    await navy.slash("/navy arrived relay:1", as_="player1")

    await confirmed(navy, "/navy forces remove name:Swift", as_="player1")
    lost = await confirmed(navy, "/navy forces remove name:Mercury", as_="player1")

    assert "The order Mercury carried to Lyon (relay #2) is lost with it." in text_of(lost)
    await end_turn(navy, 1)
    in_force = await end_turn(navy, 2)
    assert "the order brought by packet boat (relay #1) takes effect from turn 3." in in_force
    overview = await gm_overview(navy)
    assert (
        "to location No. 2 (Plymouth)" in overview
        and "Lyon (Britain), location 6: awaiting" in (overview)
    )


async def test_a_packet_boat_is_not_shown_as_awaiting_orders(navy):
    """NO-I22: a packet boat takes none of the nine orders; the turn's report and
    `/navy orders` call it a packet boat and say where it is, not "awaiting orders"."""
    await navy.slash(
        "/navy forces register name:Swift kind:packet location:1 ships:packet in_port:true",
        as_="player1",
    )

    report = await end_turn(navy, 1)

    assert "• Swift: packet boat, in port" in report
    assert "Swift: awaiting orders" not in report
    overview = await gm_overview(navy)
    assert "Swift (Britain), location 1: packet boat, in port" in overview


async def test_a_fleet_leaving_port_is_told_it_pays_nothing_for_it(navy):
    """NO-E4, NO-I4: a fleet's port exit costs nothing (the rule charges squadrons only);
    the range says so instead of passing over the exit the player declared."""
    await navy.slash(
        "/navy forces register name:Escort Fleet kind:fleet location:1 in_port:true "
        "squadrons:A (aux): 2xV, merchant, V jury; B (aux): 3xV",
        as_="player1",
    )

    shown = await navy.slash("/navy range unit:Escort Fleet port_exits:1", as_="player1")

    told = text_of(shown)
    assert told.startswith("Escort Fleet may move 2 locations this turn.")
    assert (
        "A fleet pays nothing for leaving or entering a port: the rule charges squadrons only."
        in (told)
    )
    assert "NO-2.10" in rules_of(shown)


async def test_too_many_ships_in_a_squadron_cites_the_register_not_packet_boats(navy):
    """§4, NO-I3: the limit of 200 ships is refused citing the squadron rule; only a packet
    force's refusal cites the packet boats' clause (NO-I22)."""
    squadron = await navy.slash(
        "/navy forces register name:Armada kind:line location:1 ships:200xIII, IV",
        as_="player1",
    )
    assert squadron.ephemeral and "At most 200 ships in one force (NO-I3)." in squadron.text()
    packets = await navy.slash(
        "/navy forces register name:Couriers kind:packet location:1 ships:200xpacket, packet",
        as_="player1",
    )
    assert "At most 200 ships in one force (NO-I22)." in packets.text()


@pytest.mark.parametrize("order", ["repair", "disband"])
async def test_repair_away_from_a_naval_station_is_refused_before_the_form(navy, order):
    """NO-1.1, NO-I1: repair and disbanding are given at a naval station; a squadron at sea
    is refused before the form opens, so its details are not typed in vain."""
    await navy.slash(
        "/navy forces register name:Blue kind:line location:7 ships:2xIII", as_="player1"
    )

    opened = await navy.slash(f"/navy order unit:Blue order:{order}", as_="player1")

    assert opened.modal is None and opened.ephemeral
    assert "Blue is not at a naval station, so it cannot be given" in opened.text()
    assert "(NO-1.1)" in opened.text()


async def test_an_open_ended_cruise_counts_one_turn_in_the_singular(navy):
    """NO-I19 `strict_order_forms = false`: a cruise without a number of turns counts the
    turns spent in its location; after the first one the report reads "1 turn counted"."""
    await navy.slash(
        "/campaign settings set setting:naval_orders.strict_order_forms value:false", as_="gm"
    )
    await navy.slash(REGISTER_WS, as_="player1")
    await give(navy, WS, "cruise", form(point="Spithead", location="1", turns=""))

    report = await end_turn(navy, 1)

    assert (
        "Western Squadron: executing its order; Cruising in location No. 1 (1 turn counted)"
    ) in report


async def test_a_long_list_of_orders_comes_in_as_many_messages_as_discord_needs(navy):
    """Twelve squadrons blockading Brest with long instructions: the GM's `/navy orders`
    runs past Discord's 6,000 characters a message, and comes in several messages, every
    force in it."""
    details = "Keep station off the Goulet whatever the weather; " * 9
    for i in range(12):
        await navy.slash(
            f"/navy forces register name:Squadron {i:02} kind:line location:3 ships:2xIII",
            as_="player1",
        )
        given = await give(
            navy, f"Squadron {i:02}", "blockade", form(port="Brest", details=details)
        )
        assert "Blockade" in text_of(given), given.text()

    shown = await navy.slash("/navy orders", as_="gm")

    messages = [shown, *shown.followups]
    assert len(messages) > 1
    told = "\n".join(text_of(m) for m in messages)
    assert all(f"Squadron {i:02} (Britain)" in told for i in range(12))


async def test_a_force_returning_after_its_order_takes_no_new_order_at_sea(navy):
    """NO-4.3, NO-3.3, NO-I18: its cruise complete, the Western Squadron must return to a
    naval station to receive new orders; at sea it gets one only by packet boat."""
    await navy.slash(
        f"/navy forces register name:{WS} kind:line location:5 ships:3xIII", as_="player1"
    )
    await give(navy, WS, "cruise", form(point="Ushant", location="5", turns="1"))
    await navy.slash(
        "/navy forces register name:Swift kind:packet location:1 ships:packet in_port:true",
        as_="player1",
    )
    report = await end_turn(navy, 1)
    assert "returns to the nearest naval station from turn 2" in report

    refused = await navy.slash(f"/navy order unit:{WS} order:raid", as_="player1")

    assert refused.modal is None and refused.ephemeral
    assert "Western Squadron is at sea: its order can be changed only in port" in refused.text()
    by_packet = await navy.slash(f"/navy packet packet:Swift unit:{WS} order:raid", as_="player1")
    assert by_packet.modal is not None, by_packet.text()


async def test_a_squadron_awaiting_an_order_by_packet_cannot_vanish_into_a_fleet(navy):
    """NO-2.7, NO-I18: an order on its way to Red by packet boat would be lost when Red
    becomes part of a fleet; forming the fleet is refused until that order is in force."""
    for line in (
        "/navy forces register name:Red kind:line location:3 ships:2xIII",
        "/navy forces register name:Blue kind:line location:3 ships:2xIII",
        "/navy forces register name:Swift kind:packet location:1 ships:packet in_port:true",
    ):
        await navy.slash(line, as_="player1")
    transfer = form(point="Channel", destination="2", port="Plymouth", via="4")
    await send(navy, "Swift", "Red", "move", transfer)

    refused = await navy.slash(
        "/navy formation kind:form_fleet units:Red, Blue fleet_name:Home Fleet", as_="player1"
    )

    assert refused.ephemeral
    assert "Red has an order on its way by packet boat (relay #1)" in refused.text()
    assert "(NO-2.7)" in refused.text()
    assert "to location No. 2 (Plymouth)" in await gm_overview(navy)


async def test_another_powers_force_range_is_refused_for_what_it_would_show(ordered):
    """A force's range tells its ships and their damage, which the register shows its owner
    and the GMs only: France asking for Britain's squadron (known to France once its
    registration is public at the turn's end) is refused for that reason, not told that only
    its Admiralty gives it orders (no order is given); the GM may ask."""
    await end_turn(ordered, 1)
    refused = await ordered.slash(f"/navy range unit:{WS}", as_="player2")

    assert refused.ephemeral
    told = text_of(refused)
    assert "Western Squadron is not your force: its range would tell its ships and their " in told
    assert "gives it orders" not in told
    shown = await ordered.slash(f"/navy range unit:{WS}", as_="gm")
    assert "Western Squadron may move 3 locations this turn." in text_of(shown)


async def test_a_force_not_yet_in_its_location_is_told_how_to_record_it(ordered):
    """NO-I9: a cruising force tests only from its location; the refusal names the command
    that records it there, and once recorded the test is taken."""
    refused = await ordered.slash(f"/navy test unit:{WS} enemy_at:adjacent", as_="player1")

    told = text_of(refused)
    assert refused.ephemeral and "is not yet in its location 5" in told
    assert f"record it with /navy position unit:{WS} location:5." in told
    await ordered.slash(f"/navy position unit:{WS} location:5", as_="player1")
    ordered.script_dice([3])
    test = await ordered.slash(f"/navy test unit:{WS} enemy_at:adjacent", as_="player1")
    assert test.ephemeral and "success" in text_of(test)


async def transfer_to_plymouth(navy) -> None:
    """The Western Squadron's transfer from Portsmouth to Plymouth (2) via 3, given in turn
    1; it anchors at Plymouth in turn 2."""
    await navy.slash(REGISTER_WS, as_="player1")
    await give(navy, WS, "move", form(point="Channel", destination="2", port="Plymouth", via="3"))
    await end_turn(navy, 1)
    await navy.slash(f"/navy position unit:{WS} location:2 in_port:true", as_="player1")


async def test_an_order_on_arrival_with_no_layover_after_a_transfer_completes_it(navy):
    """NO-I17 `layover_after_transfer = false`: an order given the turn the squadron anchors
    at its end port takes effect at once; the transfer is completed, not replaced, and the
    turn's report says it anchored."""
    await navy.slash(
        "/campaign settings set setting:naval_orders.layover_after_transfer value:false",
        as_="gm",
    )
    await transfer_to_plymouth(navy)

    given = await give(navy, WS, "cruise", form(point="Ushant", location="5", turns="2"))

    assert "Western Squadron: order “Transfer” completed." in text_of(given), given.text()
    assert "replaced" not in text_of(given)
    report = await end_turn(navy, 2)
    assert "Western Squadron has reached Plymouth and anchors: the transfer is complete" in report
    assert CRUISE_TEXT in await gm_overview(navy)


async def test_an_order_given_on_arrival_lapses_when_the_force_is_back_at_sea(navy):
    """NO-3.3, NO-I18: an order given on arrival at the end port waits for the layover;
    reported back at sea, the player is warned that it lapses, and the turn's report says it
    did: the transfer goes on."""
    await transfer_to_plymouth(navy)
    await give(navy, WS, "cruise", form(point="Ushant", location="5", turns="2"))

    moved = await navy.slash(f"/navy position unit:{WS} location:3", as_="player1")

    assert (
        "the order waiting for its layover (“Cruising”) lapses at the end of the turn unless it "
        "is recorded back in port where it arrived"
    ) in text_of(moved)
    report = await end_turn(navy, 2)
    assert (
        "Western Squadron ended the turn at sea, not in port: the order waiting for its "
        "layover (“Cruising”) has lapsed"
    ) in report
    overview = await gm_overview(navy)
    assert CRUISE_TEXT not in overview and "Transfer" in overview


@pytest.mark.parametrize(
    ("point", "destination", "port", "via", "said"),
    [
        (  # NO-5.2, NO-5.3: the end point is another port than the start
            "Portsmouth",
            "1",
            "Portsmouth",
            "3",
            "A transfer ends at a port other than its start: Western Squadron is already at "
            "location 1 (NO-5.2).",
        ),
        (  # NO-5.2, NO-I17: an intermediate location lies between the start and the end
            "Channel",
            "2",
            "Plymouth",
            "2",
            "An intermediate location of a transfer lies on its way, not at its end: location 2 "
            "is where it ends (NO-5.2).",
        ),
    ],
)
async def test_a_transfer_that_goes_nowhere_is_refused(navy, point, destination, port, via, said):
    """A transfer from Portsmouth (1) to location 1, or to location 2 via 2, is refused
    privately, naming the clause, and the squadron still gets its order this turn."""
    await navy.slash(REGISTER_WS, as_="player1")

    refused = await give(
        navy, WS, "move", form(point=point, destination=destination, port=port, via=via)
    )

    assert refused.ephemeral
    assert said in text_of(refused)
    good = await give(
        navy, WS, "move", form(point="Channel", destination="2", port="Plymouth", via="3")
    )
    assert "New order for Western Squadron: Transfer." in text_of(good), good.text()


async def test_with_no_row_in_the_distance_table_the_player_names_the_station(navy):
    """NO-I16 `distance_table` with no row for the squadron's location: the turn's end tells
    its player to name the nearest station, and the player's /navy return is recorded for
    the GM to confirm, instead of being refused as the GM's alone."""
    await navy.slash(
        "/campaign settings set setting:naval_orders.nearest_station_by value:distance_table",
        as_="gm",
    )
    await navy.slash("/navy station distances location:20 distances:Portsmouth: 6", as_="gm")
    await navy.slash(REGISTER_WS, as_="player1")
    await give(navy, WS, "cruise", form(point="Ushant", location="5", turns="1"))
    await navy.slash(f"/navy position unit:{WS} location:5", as_="player1")

    first = await end_turn(navy, 1)

    assert (
        "The player of Western Squadron names the nearest naval station (/navy return "
        "unit:Western Squadron station:…); the GM confirms it with the same command"
    ) in first
    named = await navy.slash(f"/navy return unit:{WS} station:Portsmouth", as_="player1")
    assert "only the GM may change it" not in named.text()
    assert (
        "Western Squadron returns to naval station Portsmouth; the GM confirms it is the nearest"
        in text_of(named)
    )


async def test_a_station_the_gm_corrects_from_the_distance_table_stays_the_gms(navy):
    """NO-I16 `distance_table`: the table gives the squadron Portsmouth, the GM corrects it
    to Brest; the player's /navy return is then refused privately as the GM's alone."""
    await navy.slash(
        "/campaign settings set setting:naval_orders.nearest_station_by value:distance_table",
        as_="gm",
    )
    await navy.slash(
        "/navy station distances location:5 distances:Portsmouth: 2, Brest: 4", as_="gm"
    )
    await navy.slash(REGISTER_WS, as_="player1")
    await give(navy, WS, "cruise", form(point="Ushant", location="5", turns="1"))
    await navy.slash(f"/navy position unit:{WS} location:5", as_="player1")
    first = await end_turn(navy, 1)
    assert "Western Squadron returns to the nearest naval station, Portsmouth" in first
    corrected = await navy.slash(f"/navy return unit:{WS} station:Brest", as_="gm")
    assert "Western Squadron returns to naval station Brest (confirmed" in text_of(corrected)

    renamed = await navy.slash(f"/navy return unit:{WS} station:Portsmouth", as_="player1")

    assert renamed.ephemeral
    assert (
        "The nearest station comes from the distance table; only the GM may change it (NO-I16)."
        in text_of(renamed)
    )
