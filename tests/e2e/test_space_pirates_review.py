"""Space pirates through Discord, what a new player met in review: mercenary upkeep forced
by the number `/turn status` shows or cleared by dismissing the contract, who may register
and change a route, the bribe's target, the titles, reports and numbering of the replies.

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra. Faces are scripted in the order
the engine rolls them.
"""

from __future__ import annotations

import re

import pytest

import tests.e2e.test_space_pirates as base
from bot.standin import ClientRefused
from tests.e2e.confirming import confirmed
from tests.e2e.play import labels
from tests.e2e.test_click_outbox import message
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of
from tests.e2e.test_space_pirates import raided_undefended

pirates = base.pirates
after_a_raid = base.after_a_raid


def waiting_text(status):
    return " ".join(f.value for f in status.embed.fields)


async def _upkeep_waits(table):
    """Vega hires 1000 after turn 1's raid; turn 2 ends on its 200 upkeep question."""
    quote = await table.slash("/pirates mercenaries hire value:1000", as_="player1")
    await table.click(quote, "Confirm", as_="player1")
    table.script_dice([20, 20])
    ended = await end_turn(table, 2)
    status = await table.slash("/turn status", as_="gm")
    shown = re.search(r"contract #(\d+) \(mercenary upkeep #(\d+), 200\)", waiting_text(status))
    assert shown is not None, waiting_text(status)
    return ended, int(shown.group(1)), int(shown.group(2))


async def test_a_gm_forces_the_upkeep_by_the_number_turn_status_shows(after_a_raid):
    """SP-I35, SP-I45: `/turn status` names the upkeep's choice number; `/pirates force
    choice:N` with that number applies `mercenary_upkeep_default` (pay) and the resolution
    finishes."""
    table = after_a_raid
    _, contract, choice = await _upkeep_waits(table)

    forced = await confirmed(table, f"/pirates force choice:{choice}", as_="gm")

    assert not forced.ephemeral, forced.text()
    assert f"Vega pays 200 upkeep: contract #{contract} runs on" in forced.embed.description
    status = await table.slash("/turn status", as_="gm")
    assert "mercenary" not in waiting_text(status)


async def test_dismissing_a_contract_clears_the_upkeep_it_owed(after_a_raid):
    """SP-I35: dismissing the contract whose upkeep is waiting ends it without paying; the
    upkeep leaves `/turn status` and the question's buttons go."""
    table = after_a_raid
    ended, contract, _ = await _upkeep_waits(table)
    asked = question_of(ended, "Pay 200")

    dismissed = await base.dismiss_confirmed(table, contract)

    assert not dismissed.followups[0].ephemeral, dismissed.text()
    assert f"Vega ends mercenary contract #{contract}; the ships leave" in (
        dismissed.embed.description
    )
    status = await table.slash("/turn status", as_="gm")
    assert "mercenary" not in waiting_text(status)
    assert labels(message(table, asked.id)) == []


async def test_the_upkeep_is_answered_by_the_number_the_status_shows(after_a_raid):
    """SP-I35, SP-I45; README: a question is answered by the number `/turn status` and
    `/pirates status` show. Vega's upkeep waits as "mercenary upkeep #N": a refusal of
    another number lists it among the open ones; `/pirates offer number:N pay:true` pays
    it as the "Pay" button does, and the question's buttons go."""
    table = after_a_raid
    ended, contract, choice = await _upkeep_waits(table)
    asked = question_of(ended, "Pay 200")
    mine = (await table.slash("/pirates status", as_="player1")).embed.description
    assert f"(mercenary upkeep #{choice}, 200)" in mine, mine

    refused = await table.slash("/pirates offer number:99 pay:true", as_="player1")
    said = " ".join(refused.text().replace("│", " ").split())
    assert refused.ephemeral and f"open ones: #{choice} (" in said, said
    paid = await table.slash(f"/pirates offer number:{choice} pay:true", as_="player1")

    assert not paid.ephemeral, paid.text()
    assert f"Vega pays 200 upkeep: contract #{contract} runs on" in paid.text(), paid.text()
    assert "mercenary" not in waiting_text(await table.slash("/turn status", as_="gm"))
    assert labels(message(table, asked.id)) == []


async def test_pay_false_on_the_upkeeps_number_ends_the_contract(after_a_raid):
    """SP-I35: `pay:false` on the upkeep's number answers as the "End the contract" button:
    nothing is paid and the ships leave; Orion may not answer Vega's upkeep."""
    table = after_a_raid
    _, contract, choice = await _upkeep_waits(table)
    other = await table.slash(f"/pirates offer number:{choice} pay:true", as_="player2")
    assert other.ephemeral, other.text()

    ended = await table.slash(f"/pirates offer number:{choice} pay:false", as_="player1")

    assert not ended.ephemeral, ended.text()
    assert f"contract #{contract}" in ended.text() and "pays" not in ended.text(), ended.text()
    assert "mercenary" not in waiting_text(await table.slash("/turn status", as_="gm"))


async def test_a_paid_buy_off_is_titled_as_paid(pirates):
    """SP-I34: paying the buy-off edits the question to "Vega buys the raid off", not "the
    pirates' raid goes on" (the title refusing keeps)."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6])
    ended = await end_turn(pirates, 1)

    paid = await pirates.click(question_of(ended, "Pay 600"), "Pay 600", as_="player1")

    assert paid.embed.title == "Vega buys the raid off"
    assert "raid goes on" not in paid.text()


async def test_ship_classes_read_in_russian_in_route_and_planet_lists(pirates):
    """In a Russian campaign the lists read "1 дредноут" and "2 крейсера", not the class
    keys."""
    await pirates.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await pirates.slash(
        "/пираты торговый_путь добавить название:Шёлк товары:250 корабли:dreadnought", as_="player3"
    )
    await pirates.slash("/pirates planet add name:Tau income:900 ships:2 cruiser", as_="player3")
    routes = await pirates.slash("/пираты торговые_пути", as_="player3")
    planets = await pirates.slash("/пираты планеты", as_="player3")

    assert "1 дредноут (охрана, Lyra)" in routes.embed.description
    assert "2 крейсера (охрана, Lyra)" in planets.embed.description
    assert "dreadnought" not in routes.embed.description


async def test_routes_planets_and_ships_are_numbered_so_a_player_tells_them_apart(pirates):
    """Routes, ships and planets are each numbered on their own, and the lists name the kind
    with the number: "Route #1", "ship #1", "Planet #1"; a planet's registration cites
    SP-4.1 (the planet's income), not SP-1.6 (shared routes)."""
    added = await pirates.slash(
        "/pirates route add name:Line goods:100 ships:2 cruiser", as_="player1"
    )
    planet = await pirates.slash("/pirates planet add name:Alpha income:300", as_="player1")

    assert "Planet #1 Alpha registered" in planet.embed.description
    assert planet.embed.footer == "Space pirates · Rules: SP-4.1, SP-4.10"  # no troops
    assert "**Route #1 Line**" in added.embed.description
    assert "2 cruisers (guard, Vega): ship #1, ship #2" in added.embed.description
    planets = await pirates.slash("/pirates planets", as_="player2")
    assert "**Planet #1 Alpha** (Vega)" in planets.embed.description


async def test_a_mercenary_contract_names_the_route_or_planet_it_guards(after_a_raid):
    """SP-I35: `/pirates status` says "on route #N" and, after `/pirates mercenaries
    station`, "at planet #M", not just "on a route"."""
    table = after_a_raid
    spare = await table.slash("/pirates route add name:Spare goods:50", as_="player1")
    route = re.search(r"Route #(\d+)", spare.embed.description).group(1)
    home = await table.slash("/pirates planet add name:Home income:300", as_="player1")
    planet = re.search(r"Planet #(\d+)", home.embed.description).group(1)
    quote = await table.slash(
        f"/pirates mercenaries hire value:1000 station:route target:{route}", as_="player1"
    )
    hired = await table.click(quote, "Confirm", as_="player1")
    contract = re.search(r"Contract #(\d+)", hired.embed.description).group(1)
    status = await table.slash("/pirates status", as_="player1")
    assert f"contract #{contract}: 9 ships, on route #{route}" in status.embed.description

    moved = await table.slash(
        f"/pirates mercenaries station contract:{contract} station:planet target:{planet}",
        as_="player1",
    )

    assert f"Contract #{contract} now serves: at planet #{planet}" in moved.embed.description


async def test_a_route_is_registered_by_its_owners_and_a_shared_one_changed_by_a_gm(pirates):
    """SP-1.7, SP-I5: a route adds a point to each owner's raid roll, so Orion cannot
    register one owned by Vega alone; a shared route's income and ships are in both owners'
    rolls, so neither owner changes or removes it alone (the GM does); a route owned alone
    its owner changes."""
    foreign = await pirates.slash(
        "/pirates route add name:Own2 goods:10 owners:Vega:100", as_="player2"
    )
    assert foreign.ephemeral and "only as one of its owners" in foreign.text()
    routes = await pirates.slash("/pirates routes", as_="player1")
    assert "Own2" not in (routes.embed.description or "")
    shared = await pirates.slash(
        "/pirates route add name:Silk goods:300 owners:Vega:60, Orion:40 faction:Orion", as_="gm"
    )
    assert not shared.ephemeral, shared.text()

    for player in ("player1", "player2"):
        for line in ("/pirates route edit route:1 goods:9000", "/pirates route remove route:1"):
            refused = await pirates.slash(line, as_=player)
            assert refused.ephemeral and "only a GM changes or removes it" in refused.text()
    routes = await pirates.slash("/pirates routes", as_="player1")
    assert "goods 300" in routes.embed.description

    edited = await pirates.slash("/pirates route edit route:1 goods:9000", as_="gm")
    assert "goods 9000" in edited.embed.description
    await pirates.slash("/pirates route add name:Mine goods:50", as_="player2")
    mine = await pirates.slash("/pirates route edit route:2 goods:70", as_="player2")
    assert "goods 70" in mine.embed.description


async def test_a_bribe_target_is_refused_before_the_price_is_shown(after_a_raid):
    """SP-I33: the pirates choose the target of a bribed raid themselves, so `target:` is
    refused at once, with no Confirm button to click; once the GM lets bribers choose, a
    route that is not the victim's is refused the same way and the victim's own is quoted."""
    table = after_a_raid
    await table.slash("/pirates contacts factions:Vega", as_="player2")
    await table.slash("/pirates route add name:Line goods:200", as_="player1")

    refused = await table.slash("/pirates bribe victim:Vega target:5", as_="player2")

    assert refused.ephemeral and refused.buttons == []
    assert "The pirates choose the target of a bribed attack themselves" in refused.text()
    await table.slash(
        "/campaign settings set setting:space_pirates.bribe_target_choice value:briber_chooses",
        as_="gm",
    )
    missing = await table.slash("/pirates bribe victim:Vega target:999", as_="player2")
    assert missing.ephemeral and missing.buttons == [] and "#999" in missing.text()
    routes = await table.slash("/pirates routes faction:Vega", as_="player2")
    line = re.search(r"Route #(\d+) Line", routes.embed.description).group(1)
    quoted = await table.slash(f"/pirates bribe victim:Vega target:{line}", as_="player2")
    assert [b.label for b in quoted.buttons] == ["Confirm", "Cancel"]


async def test_a_single_route_is_attacked_without_a_target_roll(pirates):
    """SP-I4: with one route no die is rolled: the report says so instead of "d2 → —"."""
    await raided_undefended(pirates, "Refuse", route="Only")

    report = await pirates.slash("/pirates report turn:1", as_="player1")

    shown = report.embed.description
    assert "Only one route, no target roll: Only is attacked" in shown
    assert "SP-I4" in report.embed.footer.split("Rules: ")[1]
    assert "Target weights" not in shown and "→ —" not in shown


async def test_a_report_page_that_does_not_exist_is_refused(pirates):
    """`/pirates report page:2` of a one-page report says, privately, that there is no
    page 2, instead of showing page 1."""
    await pirates.slash("/pirates route add name:Only goods:160", as_="player1")
    pirates.script_dice([1, 3])
    ended = await end_turn(pirates, 1)
    await pirates.click(question_of(ended, "Refuse"), "Refuse", as_="player1")

    missing = await pirates.slash("/pirates report turn:1 page:2", as_="player1")

    assert missing.ephemeral
    assert "There is no page 2: this report has 1 page." in missing.text()
    first = await pirates.slash("/pirates report turn:1 page:1", as_="player1")
    assert first.embed.footer == "Page 1 of 1 · Rules: SP-I4"


async def test_forcing_every_question_lists_them_and_waits_for_the_gms_confirm(pirates):
    """SP-I45: `/pirates force` with no number lists, privately, the waiting buy-off with its
    number (with `rest`, that the questions after it are forced too) and changes nothing;
    Cancel forces nothing; Confirm forces Vega's buy-off and then Orion's (SP-I40: the
    resolution asks one at a time)."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    await pirates.slash("/pirates route add name:Far goods:2350", as_="player2")
    pirates.script_dice([1, 4, 6, 1, 4, 6])
    await end_turn(pirates, 1)

    listed = await pirates.slash("/pirates force rest:true", as_="gm")

    assert listed.ephemeral and listed.embed.title == "Force the default for 1 question?"
    assert "Vega has not answered the buy-off offer #" in listed.embed.description
    assert "is forced too, to its end" in listed.embed.description
    status = await pirates.slash("/turn status", as_="gm")
    assert "Vega has not answered" in " ".join(f.value for f in status.embed.fields)
    cancelled = await pirates.click(listed, "Cancel", as_="gm")
    assert "nothing changed" in cancelled.embed.description
    listed = await pirates.slash("/pirates force rest:true", as_="gm")
    confirmed = await pirates.click(listed, "Force 1 answer", as_="gm")
    forced = next(m for m in confirmed.followups if not m.ephemeral)
    assert forced.embed.title == "Defaults forced by a GM"
    assert forced.embed.footer.startswith("Rules: SP-I45")
    assert "Vega" in forced.embed.description and "Orion" in forced.embed.description
    status = await pirates.slash("/turn status", as_="gm")
    assert "has not answered" not in " ".join(f.value for f in status.embed.fields)


async def test_the_battle_pages_name_the_pirates_and_their_raiders(pirates):
    """SP-I11, FC-I17: Lyra's two cruisers fight one raider; the report's round pages, read
    in Russian, say "пиратский флот" and "рейдер" (page 1's words), with no battle "№0 at
    automatic", no untranslated "pirates" faction and no "frozen until the next turn" (an
    automatic battle is fought to its end)."""
    await base.two_cruisers_fight_one_raider(pirates, "player3")

    first = await pirates.slash("/pirates report turn:1", as_="player3")
    assert "1 рейдер" in first.embed.description
    pages = []
    for page in (2, 3, 4, 5):
        shown = await pirates.slash(f"/pirates report turn:1 page:{page}", as_="player3")
        pages.append(shown.embed.description)
    text = "\n".join(pages)

    assert "пиратский флот" in text and "рейдер" in text
    for leaked in ("№0", "automatic", "pirates", "заморожен", "эсминц"):
        assert leaked not in text, leaked
    assert "Бой окончен, в строю остались: Lyra" in pages[-1]


@pytest.mark.parametrize(
    ("player", "faction", "pirates_open", "faction_opens"),
    [
        (
            "player3",
            "Lyra",
            "\nПиратский флот: 1 рейдер → Lyra, цель — крейсеры: атака 6 → 1 удачный выстрел",
            "\nLyra: 2 крейсера → пиратский флот, цель — рейдер: атака 6, 6, 6, 6",
        ),
        (
            "player1",
            "Vega",
            "\nThe pirate fleet's 1 raider → Vega's cruisers: attack 6 → 1 hit",
            "\nVega's 2 cruisers → the pirate fleet's raider: attack 6, 6, 6, 6",
        ),
    ],
)
async def test_a_battle_line_that_opens_with_the_pirates_starts_with_a_capital(
    pirates, player, faction, pirates_open, faction_opens
):
    """SP-I11: on the report's battle pages a line the pirate fleet opens starts with a
    capital, in Russian and in English; a line a faction opens, and the pirates named
    inside a line, read as before."""
    await pirates.slash("/pirates route add name:Line goods:160 ships:2 cruiser", as_=player)
    pirates.script_dice([1, 3])
    ended = await end_turn(pirates, 1)
    pirates.script_dice([6] * 10 + [1] * 10)
    await pirates.click(question_of(ended, "Refuse and fight"), "Refuse and fight", as_=player)

    shown = await pirates.slash("/pirates report turn:1 page:2", as_=player)

    page = shown.embed.description
    assert pirates_open in page and faction_opens in page
    assert [line for line in page.splitlines() if line[:1].islower()] == []


async def test_the_turn_end_never_pings_a_hidden_briber(after_a_raid):
    """SP-I33: Orion's bribe raids Vega at the end of turn 2; the summary and the questions
    ping Vega's player only: the ruleset lists only the victim as affected, never Orion,
    whose bribe stays hidden, and no message names Orion."""
    table = after_a_raid
    await table.slash("/pirates contacts factions:Vega", as_="player2")
    await table.slash("/pirates route add name:Line goods:200", as_="player1")
    quote = await table.slash("/pirates bribe victim:Vega", as_="player2")
    table.script_dice([4, 6, 1])
    await table.click(quote, "Confirm", as_="player2")

    table.script_dice([20, 20, 20])
    ended = await end_turn(table, 2)

    pinged = set(ended.pings) | {p for m in ended.followups for p in m.pings}
    assert "player1" in pinged and "player2" not in pinged
    assert "Orion" not in "\n".join((m.content or "") + str(m.embeds) for m in ended.followups)


async def test_route_and_planet_numbers_autocomplete_from_their_own_lists(pirates):
    """`/pirates route edit route:` offers routes, `/pirates planet remove planet:` planets,
    each with its owners: route #1 and planet #1 are two things, each in its own list."""
    await pirates.slash("/pirates route add name:Line goods:100", as_="player1")
    await pirates.slash("/pirates planet add name:Alpha income:300", as_="player1")
    await pirates.slash(
        "/pirates route add name:Far goods:50 owners:Orion:50, Vega:50 faction:Orion", as_="gm"
    )

    routes = await pirates.autocomplete("/pirates route edit route:", as_="player1")
    planets = await pirates.autocomplete("/pirates planet remove planet:", as_="player1")

    assert [(c.name, c.value) for c in routes] == [
        ("#1 Line (Vega)", 1),
        ("#2 Far (Orion, Vega)", 2),
    ]
    assert [(c.name, c.value) for c in planets] == [("#1 Alpha (Vega)", 1)]


async def test_an_old_buy_off_button_after_an_undone_turn_end_answers_nothing(pirates):
    """Issue 17, SP-I34: turn 1's end asks Vega to pay 600; the GM undoes it and ends the
    turn again, which asks 480 under a new question number (one handed out is not given
    again). The old offer has lost its buttons with the undo, so "Pay 600" can pay nothing;
    the new question still waits."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6])
    first = await end_turn(pirates, 1)
    old = question_of(first, "Pay 600")
    old_id = old.buttons[0].raw["custom_id"].split(":")[2]
    asked = await pirates.slash("/history undo reason:the raid was declared late", as_="gm")
    await pirates.click(asked, "Undo", as_="gm")
    pirates.script_dice([1, 3, 5])
    again = await end_turn(pirates, 1)
    new = question_of(again, "Pay 480")
    new_id = new.buttons[0].raw["custom_id"].split(":")[2]
    assert int(new_id) == int(old_id) + 1  # the old number is not handed out again

    with pytest.raises(ClientRefused):
        await pirates.click(old, "Pay 600", as_="player1")

    assert old.buttons == []
    status = await pirates.slash("/turn status", as_="gm")
    assert "Vega has not answered the buy-off offer" in waiting_text(status)
    paid = await pirates.click(new, "Pay 480", as_="player1")
    assert paid.embed.title == "Vega buys the raid off"


async def test_a_quote_left_unconfirmed_expires_with_its_turn(pirates):
    """A private quote nobody confirmed is replaced by the player's next one and closed at
    the end of its turn: the turn after, its player is not pinged for it, and its Cancel and
    Confirm buttons run nothing, saying that its turn ended (it was never answered)."""
    await pirates.slash("/pirates contacts factions:Vega", as_="player2")
    await pirates.slash("/pirates route add name:Line goods:200", as_="player1")
    first = await pirates.slash("/pirates bribe victim:Vega", as_="player2")
    second = await pirates.slash("/pirates bribe victim:Vega kind:route", as_="player2")
    replaced = await pirates.click(first, "Confirm", as_="player2")
    told = " ".join(replaced.text().replace("│", " ").split())
    assert replaced.ephemeral and "A newer question replaced this one" in told, told
    pirates.script_dice([20, 20])
    await end_turn(pirates, 1)

    pirates.script_dice([20, 20])
    ended = await end_turn(pirates, 2)

    pinged = set(ended.pings) | {p for m in ended.followups for p in m.pings}
    assert "player2" not in pinged
    for button in ("Cancel", "Confirm"):  # the words fit a player cancelling it too
        expired = await pirates.click(second, button, as_="player2")
        told = " ".join(expired.embed.description.split())
        assert expired.ephemeral and told == (
            "This preview was for a turn that has ended: it runs nothing now (give the "
            "command again if you still want it)."
        ), (button, told)
    status = await pirates.slash("/pirates status", as_="player2")
    assert "bribe" not in status.embed.description.lower()


async def test_a_cancel_of_the_force_list_killed_before_its_redraw_stays_cancelled(
    pirates, monkeypatch
):
    """SP-I45: the GM's Cancel closes the confirmation in the same transaction as its redraw
    (the outbox); the process dies before the redraw. The private panel cannot be redrawn
    after the restart (its interaction is gone) and nothing is posted in the channel, but
    the Cancel stands: its Confirm is refused as answered, and the buy-off still waits."""
    from tests.e2e.test_click_outbox import restart_posts
    from tests.e2e.test_command_outbox import killed_click

    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6])
    await end_turn(pirates, 1)
    listed = await pirates.slash("/pirates force", as_="gm")
    await killed_click(pirates, monkeypatch, listed, "Cancel", "gm")

    await pirates.restart()
    assert restart_posts(pirates) == []
    again = await pirates.click(listed, "Force 1 answer", as_="gm")
    assert again.ephemeral and "already been answered" in again.text()
    status = await pirates.slash("/turn status", as_="gm")
    assert "Vega has not answered" in waiting_text(status)


async def test_the_gms_force_panel_is_owed_by_nobody(pirates):
    """SP-I45: while the GM's own "force every question" panel is open, `/turn status` waits
    for the buy-off question it lists (Vega's), not for the panel: the GM owes nothing."""
    await pirates.slash("/pirates route add name:Open goods:160", as_="player1")
    pirates.script_dice([1, 3])
    await end_turn(pirates, 1)
    before = waiting_text(await pirates.slash("/turn status", as_="gm"))

    panel = await pirates.slash("/pirates force", as_="gm")

    assert panel.ephemeral and "Vega has not answered the buy-off offer" in panel.text()
    after = waiting_text(await pirates.slash("/turn status", as_="gm"))
    assert after == before, (before, after)
