"""Space pirates as players type it and read it: what the bot prints typed back, Russian
words, a quote that promises what the confirm then refuses, a bribed raid that must name
what it attacks (SP-I10, SP-I31, SP-I33, SP-I34).

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra. Faces are scripted in the order
the engine rolls them.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from bot.interactions import LOSS_COLOUR
from bot.interactions import SUCCESS_COLOUR
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of
from tests.e2e.test_space_pirates import undefended_raid_refused

pirates = base.pirates


async def test_ships_typed_as_the_lists_print_them_or_in_russian(pirates):
    """SP-I10: `/pirates routes` prints "2 cruisers (guard, Vega)"; typed back as
    "2 cruisers" it registers two cruisers; Lyra types Russian class and role names
    ("2 крейсера полиция, эсминец") and the shorthand "dn"."""
    plural = await pirates.slash(
        "/pirates route add name:Silk goods:300 ships:2 cruisers, 1 destroyers", as_="player1"
    )
    assert not plural.ephemeral, plural.text()
    assert "2 cruisers (guard, Vega)" in plural.embed.description
    russian = await pirates.slash(
        "/pirates route add name:Шёлк goods:600 ships:2 крейсера полиция, эсминец, dn охрана",
        as_="player3",
    )
    assert not russian.ephemeral, russian.text()
    shown = russian.embed.description
    assert "2 cruisers (police, Lyra)" in shown and "1 destroyer (guard, Lyra)" in shown
    assert "1 dreadnought (guard, Lyra)" in shown
    refused = await pirates.slash("/pirates route add name:Bad goods:5 ships:фрегат", as_="player3")
    assert refused.ephemeral and "фрегат" in refused.text()
    assert "крейсер" in refused.text(), refused.text()


async def test_an_assault_quote_refuses_what_its_confirm_would(pirates):
    """SP-I31: the quote of an assault is refused at once when it names no ship or contract
    or an unknown class, never after the player confirms; "2 cruisers" is two cruisers."""
    await undefended_raid_refused(pirates)
    locate = await pirates.slash("/pirates base locate location:Kuiper belt", as_="player1")
    await pirates.click(locate, "Confirm", as_="player1")

    empty = await pirates.slash("/pirates base assault", as_="player1")
    assert empty.ephemeral and empty.buttons == [] and "at least one ship" in empty.text()
    frigate = await pirates.slash("/pirates base assault ships:frigate", as_="player1")
    assert frigate.buttons == [] and "frigate" in frigate.text()
    await pirates.slash("/pirates route edit route:1 ships:2 cruisers", as_="player1")
    assault = await pirates.slash("/pirates base assault ships:2 cruisers", as_="player1")
    assert [b.label for b in assault.buttons] == ["Confirm", "Cancel"], assault.text()
    ordered = await pirates.click(assault, "Confirm", as_="player1")
    assert "attacks the pirate base at the end of the turn" in ordered.embed.description


async def bribed_raid_on_salt(pirates):
    """SP-I33: Vega holds Silk (income 450) and Salt (80); Orion, in contact, bribes a route
    raid on Vega and confirms it; the d3 gives 3: Salt. Returns the confirmation's answer."""
    await pirates.slash("/pirates route add name:Silk goods:450", as_="player1")
    await pirates.slash("/pirates route add name:Salt goods:80", as_="player1")
    await pirates.slash("/pirates contacts factions:Vega", as_="player2")
    quote = await pirates.slash("/pirates bribe victim:Vega", as_="player2")
    pirates.script_dice([3])
    placed = await pirates.click(quote, "Confirm", as_="player2")
    return placed


async def test_a_bribed_raid_names_what_it_attacks_and_only_the_gm_reads_the_briber(pirates):
    """SP-I33, SP-I34: Orion bribes a route raid on Vega (d3 → 3: Salt, income 80, one
    raider, cost 50). At the end of the turn Vega's buy-off question names Salt, the route
    at stake, and says the raid was bribed without a dash for the hidden briber; Vega's
    report does the same; the GM's report names Orion."""
    placed = await bribed_raid_on_salt(pirates)
    assert "owed: 50" in placed.embed.description

    pirates.script_dice([20])
    ended = await end_turn(pirates, 1)

    question = question_of(ended, "Pay 10")
    asked = question.embeds[0]["description"]
    assert "Bribed raid on route Salt" in asked, asked
    assert "—" not in asked and "Orion" not in asked
    await pirates.click(question, "Refuse", as_="player1")
    report = await pirates.slash("/pirates report turn:1", as_="player1")
    shown = report.embed.description
    assert "Bribed raid on route Salt" in shown and "Orion" not in shown
    assert "briber" not in shown
    told = await pirates.slash("/pirates report turn:1 faction:Vega", as_="gm")
    assert "Bribed raid on route Salt (briber: Orion)" in told.embed.description


async def test_a_contact_typed_twice_is_announced_once(pirates):
    """SP-7.1: "Orion, orion" is one contact, and the channel is told so."""
    set_ = await pirates.slash("/pirates contacts factions:Orion, orion", as_="player1")
    told = set_.embed.description.splitlines()
    assert told[0] == "Vega has contact with: Orion", set_.text()
    assert told[1] == "Contact goes both ways, so Orion has contact with Vega too", set_.text()


async def test_report_buttons_after_an_answer_only_for_players_the_pirates_reached(pirates):
    """SP-I40: Vega's answer lets the resolution go on to Orion, whose roll misses; the
    redrawn question offers Vega's report only, as the end-of-turn summary would."""
    await pirates.slash("/pirates route add name:Line goods:160", as_="player1")
    await pirates.slash("/pirates route add name:Spice goods:160", as_="player2")
    pirates.script_dice([1, 3])
    ended = await end_turn(pirates, 1)
    pirates.script_dice([20])
    refuse = question_of(ended, "Refuse")
    raided = await pirates.click(refuse, "Refuse", as_="player1")
    assert "Orion: no raid (d20 20 > 2)" in raided.embed.description
    assert [b.label for b in raided.buttons] == ["Report: Vega"]


async def test_a_refused_buy_off_is_answered_with_how_the_raid_ended(pirates):
    """SP-I11, SP-I13, SP-I15: after "Refuse and fight" the question is redrawn titled by
    what happened (held: the success colour; raided: the loss colour), not "the pirates'
    raid goes on"; report buttons only for players the pirates reached (Orion's quiet roll
    after the answer gets none)."""
    await pirates.slash("/pirates route add name:Line goods:160 ships:2 cruiser", as_="player1")
    await pirates.slash("/pirates route add name:Spice goods:160", as_="player2")
    pirates.script_dice([1, 3])
    ended = await end_turn(pirates, 1)
    # the cruisers' 4 dice hit, the raider's 4 defence dice fail, its own die misses;
    # then Orion's roll misses
    pirates.script_dice([6, 6, 6, 6, 1, 1, 1, 1, 1, 20])
    refuse = question_of(ended, "Refuse and fight")
    held = await pirates.click(refuse, "Refuse and fight", as_="player1")
    assert held.embed.title == "Line held against the pirates", held.embed.title
    assert held.embed.color == SUCCESS_COLOUR.value
    assert "Line defended: immunity through turn 4" in held.embed.description
    assert [b.label for b in held.buttons] == ["Report: Vega"]

    pirates.script_dice([1, 2])  # Vega is immune (no roll); Orion's Spice is raided
    ended = await end_turn(pirates, 2)
    refuse = question_of(ended, "Refuse")
    raided = await pirates.click(refuse, "Refuse", as_="player2")
    assert raided.embed.title == "Pirates raid Spice", raided.embed.title
    assert raided.embed.color == LOSS_COLOUR.value
    assert "Spice raided: 160 income lost, streak 1" in raided.embed.description


async def test_a_route_with_hundreds_of_ships_is_registered_and_listed_whole(pirates):
    """SP-I10: 250 cruisers and 250 police destroyers (the most a list may name) are
    registered with an answer Discord accepts, the ship numbers given as ranges; the list
    shows the route whole."""
    added = await pirates.slash(
        "/pirates route add name:Big goods:450 ships:250 cruiser, 250 destroyer police",
        as_="player1",
    )
    assert not added.ephemeral, added.text()
    shown = added.embed.description
    assert "250 cruisers (guard, Vega): ships #1–#250" in shown, shown
    assert "250 destroyers (police, Vega): ships #251–#500" in shown, shown
    listed = await pirates.slash("/pirates routes", as_="player2")
    assert "ships #251–#500" in listed.embed.description


async def test_a_russian_reader_is_shown_ships_in_russian_in_the_option_help(pirates):
    """SP-I10: Lyra's `/help` for route registration gives the ships example in the words
    the command now reads in Russian."""
    helped = await pirates.slash("/help command:pirates route add", as_="player3")
    shown = " ".join(f.value for f in helped.embed.fields)
    assert "2 крейсера, эсминец полиция" in shown and "cruiser" not in shown, shown


async def test_the_briber_sees_the_target_and_the_fleet_the_bribe_bought(pirates):
    """SP-I33: "The briber sees the target, the fleet and the cost": Orion's confirmed bribe
    (d3 → 3: Salt) and Orion's status name the route and the fleet."""
    placed = await bribed_raid_on_salt(pirates)
    told = placed.embed.description
    assert "owed: 50 — route raid on Salt: 1 raider" in told, told
    status = await pirates.slash("/pirates status", as_="player2")
    assert "route raid against Vega on Salt, 1 raider, cost 50" in status.embed.description


async def test_mercenaries_stationed_on_a_route_must_name_it_before_the_quote(pirates):
    """SP-I35: "station:route" without the route's number is refused at once, in words
    (not "route #None"), for a hire before its quote and for a move; with the number they
    serve there."""
    await pirates.slash("/pirates route add name:Silk goods:450", as_="player1")
    pirates.script_dice([1, 3, 5, 6, 2])
    ended = await end_turn(pirates, 1)
    await pirates.click(question_of(ended, "Refuse"), "Refuse", as_="player1")

    unnamed = await pirates.slash(
        "/pirates mercenaries hire value:100 station:route", as_="player1"
    )
    assert unnamed.ephemeral and unnamed.buttons == [], unnamed.text()
    assert "None" not in unnamed.text() and "target" in unnamed.text()
    quote = await pirates.slash("/pirates mercenaries hire value:100", as_="player1")
    hired = await pirates.click(quote, "Confirm", as_="player1")
    contract = hired.embed.description.split("#")[1].split(" ")[0]
    moved = await pirates.slash(
        f"/pirates mercenaries station contract:{contract} station:route", as_="player1"
    )
    assert moved.ephemeral and "None" not in moved.text() and "target" in moved.text()
    there = await pirates.slash(
        f"/pirates mercenaries station contract:{contract} station:route target:1",
        as_="player1",
    )
    assert f"Contract #{contract} now serves: on route #1" in there.embed.description


async def test_transports_typed_in_the_plural_are_transports(pirates):
    """SP-I10: "2 transports" (or «3 транспорта») are unarmed transports, as "transport"
    alone is: a class that does not fight is never registered as a guard."""
    added = await pirates.slash(
        "/pirates route add name:Wool goods:200 ships:2 transports, cruiser", as_="player1"
    )
    assert not added.ephemeral, added.text()
    shown = added.embed.description
    assert "2 transports (transport, Vega)" in shown and "1 cruiser (guard, Vega)" in shown
    russian = await pirates.slash(
        "/pirates route add name:Лён goods:100 ships:3 транспорта", as_="player3"
    )
    assert not russian.ephemeral, russian.text()
    assert "3 transports (transport, Lyra)" in russian.embed.description


async def test_the_lists_of_one_faction_take_its_name_in_any_case_and_refuse_an_unknown_one(
    pirates,
):
    """`/pirates routes faction:vega` lists Vega's route, as every faction option takes a
    name in any case; a name no faction has (a Cyrillic `е` in `Vеga`) is refused privately
    with the factions there are, not answered in the channel with an empty list."""
    await pirates.slash("/pirates route add name:Silk goods:300", as_="player1")
    await pirates.slash("/pirates planet add name:Tau income:50", as_="player1")
    for command, name in (("routes", "Route #1 Silk"), ("planets", "Planet #1 Tau")):
        listed = await pirates.slash(f"/pirates {command} faction:vega", as_="player2")
        assert not listed.ephemeral and name in listed.embed.description, listed.text()
        refused = await pirates.slash(f"/pirates {command} faction:V\u0435ga", as_="player2")
        assert refused.ephemeral, refused.text()
        assert refused.embed.description == (
            "There is no faction “V\u0435ga” in this campaign. Factions: Lyra, Orion, Vega."
        )
