"""Space pirates at the edges of what the bot accepts: incomes whose raid would need more
dice than one roll takes, settings that would buy millions of ships, a route or planet
changed while the pirates' question about it is open, a report too long for one page, and
a ship list over its limit (SP-I6, SP-I8, SP-I23, SP-I34, SP-I45).

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra. Faces are scripted where the
test reads them; the rest are the table's seeded faces.
"""

from __future__ import annotations

import re

import tests.e2e.test_space_pirates as base
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of

pirates = base.pirates


async def read_all_pages(pirates, command, as_):
    """Every page of a paged report, read with `page:N` as a player would."""
    first = await pirates.slash(command, as_=as_)
    count = int(re.search(r"Page 1 of (\d+)", first.embed.footer or "").group(1))
    pages = [first]
    for number in range(2, count + 1):
        pages.append(await pirates.slash(f"{command} page:{number}", as_=as_))
    return pages


async def test_an_income_whose_raid_needs_more_dice_than_one_roll_is_refused(pirates):
    """SP-I6: income 1,001,000 would roll 1,001 strength dice, one roll takes 1,000: the
    route is refused with the limit and the highest income that fits; 1,000,999 is taken.
    Lyra reads the refusal in Russian."""
    refused = await pirates.slash("/pirates route add name:Silver goods:1001000", as_="player1")
    assert refused.ephemeral
    text = refused.text()
    assert "1001 strength dice" in text and "at most 1000" in text, text
    assert "may be at most 1000999" in text, text
    russian = await pirates.slash(
        "/pirates route add name:Серебро goods:1000000 tourism:1000", as_="player3"
    )
    assert russian.ephemeral
    assert "кубиков силы: 1001" in russian.text() and "1000999" in russian.text()
    taken = await pirates.slash("/pirates route add name:Silver goods:1000999", as_="player1")
    assert not taken.ephemeral, taken.text()
    edited = await pirates.slash("/pirates route edit route:1 passengers:1", as_="player1")
    assert edited.ephemeral and "1001 strength dice" in edited.text(), edited.text()


async def test_a_route_beyond_one_roll_after_a_settings_change_still_ends_the_turn(pirates):
    """SP-I6, SP-I8: Vega's route of 1,000,999 was accepted; the GM then sets one die per
    999 of income, so it would need 1,002 dice. The turn still ends: 1,000 dice are rolled in
    one roll and the report says so, and the fleet those dice buy (about 14,000 ships) is
    sent as 10,000, in the same proportions, told in the report too."""
    await pirates.slash("/pirates route add name:Silver goods:1000999", as_="player1")
    changed = await pirates.slash(
        "/campaign settings set setting:space_pirates.big_income_step value:999", as_="gm"
    )
    assert not changed.ephemeral, changed.text()
    pirates.script_dice([1])
    ended = await end_turn(pirates, 1)
    question = question_of(ended, "Refuse")
    await pirates.click(question, "Refuse", as_="player1")
    report = await pirates.slash("/pirates report", as_="player1")
    text = report.embed.description
    assert "→ 1000d6 × 12:" in text, text
    assert "the income gives 1002 strength dice, and 1000 of them are rolled" in text
    fleet = re.search(r"(\d+) battleships, (\d+) cruisers, (\d+) raiders", text)
    assert fleet is not None and sum(int(n) for n in fleet.groups()) == 10000, text
    assert "A pirate fleet has at most 10000 ships" in text
    status = await pirates.slash("/turn status", as_="gm")
    assert "Nothing to wait for" in status.text(), status.text()


async def test_extreme_planet_raid_settings_send_a_bounded_fleet_and_ground_fight(pirates):
    """SP-I20, SP-I23: every planet-raid setting at its most (threshold 0, 1,000 points, a
    ×1,000 planet fleet, 1,000 ground attacks) against a planet of 1,000,000 troops in
    10,000 buildings: the planet fleet is 10,000 ships, not millions; each ground attack
    rolls at most 1,000 dice a side, and the report says so, every page of it whole."""
    for setting, value in (
        ("planet_raid_streak_threshold", 0),
        ("planet_raid_base_points", 1000),
        ("base_points_rich", 1000),
        ("planet_fleet_multiplier", 1000),
        ("ground_attacks", 1000),
        ("plunder_choice_mode", "ask_when_raided"),
    ):
        done = await pirates.slash(
            f"/campaign settings set setting:space_pirates.{setting} value:{value}", as_="gm"
        )
        assert not done.ephemeral, done.text()
    await pirates.slash("/pirates route add name:Silver goods:1000000", as_="player1")
    await pirates.slash(
        "/pirates planet add name:Terra income:1000000000 population:1000000000 "
        "troops:1000000 buildings:10000 cover:true",
        as_="player1",
    )
    ended = await end_turn(pirates, 1)
    route_question = question_of(ended, "Refuse")
    answered = await pirates.click(route_question, "Refuse", as_="player1")
    planet_question = question_of(answered, "Refuse")
    asked = "\n".join(e.get("description") or "" for e in planet_question.embeds)
    fleet = re.search(r"(\d+) battleships, (\d+) cruisers, (\d+) raiders", asked)
    assert fleet is not None and sum(int(n) for n in fleet.groups()) == 10000, asked
    landed = await pirates.click(planet_question, "Refuse", as_="player1")
    covered = await pirates.click(
        question_of(landed, "Cover the buildings"), "Cover the buildings", as_="player1"
    )
    assert "plundered" in covered.embed.description, covered.text()
    first = await pirates.slash("/pirates report", as_="player1")
    count = int(re.search(r"Page 1 of (\d+)", first.embed.footer or "").group(1))
    last = await pirates.slash(f"/pirates report page:{count}", as_="player1")
    text = last.embed.description
    assert "each side rolls at most 1000 dice (one roll)" in text, text
    assert "…" not in text


async def test_a_route_cannot_dodge_its_open_buy_off_question(pirates):
    """SP-I34, SP-I45: while Vega's buy-off question about Silver is open, Vega can neither
    put 200 dreadnoughts on it nor remove it (either would change what "Refuse" means);
    the refusal says to answer first. Answered, the route changes again."""
    await pirates.slash("/pirates route add name:Silver goods:500", as_="player1")
    pirates.script_dice([1])
    ended = await end_turn(pirates, 1)
    question = question_of(ended, "Refuse")
    edit = await pirates.slash("/pirates route edit route:1 ships:200 dreadnought", as_="player1")
    assert edit.ephemeral
    assert "waits for Vega's answer" in edit.text() and "Answer first" in edit.text()
    removed = await pirates.slash("/pirates route remove route:1", as_="player1")
    assert removed.ephemeral and removed.buttons == [], removed.text()
    assert "cannot be changed or removed now" in removed.text()
    gm_edit = await pirates.slash("/pirates route edit route:1 goods:1", as_="gm")
    assert gm_edit.ephemeral and "waits for Vega's answer" in gm_edit.text()
    russian = await pirates.slash("/pirates route add name:Шёлк goods:100", as_="player3")
    assert not russian.ephemeral
    routes = await pirates.slash("/pirates routes faction:Vega", as_="player1")
    assert "no ships" in routes.embed.description, routes.text()

    answered = await pirates.click(question, "Refuse", as_="player1")
    assert "raided" in answered.embed.title.lower() or "Silver" in answered.embed.description
    report = await pirates.slash("/pirates report", as_="player1")
    assert "The route is not defended" in report.embed.description
    edit = await pirates.slash("/pirates route edit route:1 ships:2 dreadnought", as_="player1")
    assert not edit.ephemeral, edit.text()


async def test_editing_a_route_keeps_the_numbers_of_the_ships_left_as_they_were(pirates):
    """SP-I10: Vega's 200 dreadnoughts are ships #1–#200; adding a cruiser in an edit keeps
    them #1–#200 and numbers only the cruiser anew; an edit of the income alone keeps all."""
    added = await pirates.slash(
        "/pirates route add name:Silver goods:500 ships:200 dreadnought", as_="player1"
    )
    assert "ships #1–#200" in added.embed.description, added.text()
    edited = await pirates.slash(
        "/pirates route edit route:1 ships:200 dreadnought, 1 cruiser", as_="player1"
    )
    text = edited.embed.description
    assert "ships #1–#200" in text and "ship #201" in text, text
    income = await pirates.slash("/pirates route edit route:1 goods:600", as_="player1")
    assert "ships #1–#200" in income.embed.description and "ship #201" in (income.embed.description)


async def test_a_long_battle_report_goes_on_over_pages_without_losing_a_die(pirates):
    """SP-I11: Vega's 300 dreadnoughts and 200 cruisers refuse the buy-off of a 10,000-ship
    fleet; round 1's dice do not fit one page, so the round goes on over pages, each saying
    it continues round 1, none cut short: every one of the cruisers' attack dice is there."""
    await pirates.slash(
        "/campaign settings set setting:space_pirates.auto_battle_max_rounds value:0", as_="gm"
    )
    await pirates.slash(
        "/pirates route add name:Silver goods:1000999 ships:300 dreadnought, 200 cruiser",
        as_="player1",
    )
    pirates.script_dice([1])
    ended = await end_turn(pirates, 1)
    await pirates.click(question_of(ended, "Refuse and fight"), "Refuse and fight", as_="player1")
    pages = await read_all_pages(pirates, "/pirates report", "player1")
    texts = [p.embed.description or "" for p in pages]
    assert len(pages) > 3
    for text in texts:
        assert len(text) <= 4096 and not text.endswith("…"), text[-80:]
    assert texts[1].startswith("Attack 1: battle round 1 of")
    assert texts[2].startswith("Attack 1: battle round 1 of") and "(continued)" in texts[2]
    whole = "\n".join(texts)
    volley = re.search(r"Vega's 200 cruisers → [^:]*: attack ([\d,\s]+)→", whole)
    assert volley is not None, whole[:2000]
    faces = [f for f in re.split(r"[,\s]+", volley.group(1)) if f]
    assert len(faces) == 200 * 2, len(faces)  # two attack dice a cruiser


async def test_a_ship_list_over_the_limit_says_the_limit_is_on_the_total(pirates):
    """SP-I10: "500 fighter, 1 cruiser" is 501 ships: the refusal names the total, not the
    cruiser; in Russian too."""
    refused = await pirates.slash(
        "/pirates route add name:Probe goods:1 ships:500 fighter, 1 cruiser", as_="player1"
    )
    assert refused.ephemeral
    assert "At most 500 ships in all" in refused.text() and "this list has 501" in refused.text()
    russian = await pirates.slash(
        "/pirates route add name:Зонд goods:1 ships:500 истребитель, 1 крейсер", as_="player3"
    )
    assert "всего не больше 500 кораблей" in russian.text() and "их 501" in russian.text()
