"""Space pirates played through Discord: `/pirates …` with the real bot on the stand-in.

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra. Faces are scripted in the order
the resolution rolls them (SP-I40): the raid d20, the target draw when there is more than
one route, the strength dice, then the battle's dice.
"""

from __future__ import annotations

import re

import pytest

from bot.interactions import NEUTRAL_COLOUR
from bot.interactions import WAITING_COLOUR
from tests.e2e.confirming import confirmed
from tests.e2e.play import refused_alone


@pytest.fixture
async def pirates(table):
    """A campaign playing space pirates and fleet combat; three factions joined."""
    created = await table.slash(
        "/campaign create name:Frontier rulesets:space_pirates, fleet_combat", as_="gm"
    )
    assert not created.ephemeral, created.text()
    for player, faction in (("player1", "Vega"), ("player2", "Orion"), ("player3", "Lyra")):
        joined = await table.slash(f"/campaign join faction:{faction}", as_=player)
        assert not joined.ephemeral, joined.text()
    return table


async def end_turn(table, turn, label="End turn"):
    question = await table.slash("/turn end", as_="gm")
    return await table.click(question, f"{label} {turn}", as_="gm")


def followup_texts(ended):
    return [
        (m.content or "") + "\n" + "\n".join(e.get("description") or "" for e in m.embeds)
        for m in ended.followups
    ]


async def test_register_routes_and_planets_and_list_them(pirates):
    """SP-1.5, SP-1.6, SP-I5, SP-I10: a shared route with shares and ships, a planet."""
    added = await pirates.slash(
        "/pirates route add name:Silk goods:300 passengers:50 owners:Vega:60, Orion:40 "
        "ships:2 cruiser, destroyer police faction:Vega",
        as_="gm",
    )
    assert not added.ephemeral, added.text()
    assert "Route #1 Silk registered" in added.embed.description
    assert added.embed.footer == "Space pirates · Rules: SP-1.5"
    planet = await pirates.slash(
        "/pirates planet add name:Tau income:900 troops:4 buildings:3 cover:true", as_="player2"
    )
    assert "Planet #" in planet.embed.description and "Tau" in planet.embed.description
    routes = await pirates.slash("/pirates routes", as_="player2")
    text = routes.embed.description
    assert "Silk" in text and "Vega 60%" in text and "Orion 40%" in text
    assert "2 cruisers (guard, Vega)" in text and "1 destroyer (police, Vega)" in text
    planets = await pirates.slash("/pirates planets", as_="player2")
    assert "Tau" in planets.embed.description and "troops cover the buildings" in (
        planets.embed.description
    )
    edited = await pirates.slash("/pirates route edit route:1 goods:400", as_="gm")
    assert "Route #1 Silk changed" in edited.embed.description
    assert "goods 400" in edited.embed.description


async def test_bad_values_are_refused_with_the_allowed_range_and_change_nothing(pirates):
    """SP-I5, SP-I10: negative income, shares not summing to 100, unknown ship class."""
    for line, expected in (
        ("/pirates route add name:Bad goods:-5", "between 0 and"),
        ("/pirates route add name:Bad goods:5 owners:Vega:90", "90"),
        ("/pirates route add name:Bad goods:5 ships:frigate", "frigate"),
        ("/pirates planet add name:Bad income:5 buildings:0", "between 1 and"),
    ):
        refused = await pirates.slash(line, as_="player1")
        assert refused.ephemeral, line
        assert expected in refused.text(), refused.text()
    routes = await pirates.slash("/pirates routes", as_="player1")
    assert "Bad" not in (routes.embed.description or "")
    other = await pirates.slash("/pirates route add name:Mine goods:5", as_="player2")
    assert not other.ephemeral
    stolen = await confirmed(pirates, "/pirates route remove route:1", as_="player1")
    assert stolen.ephemeral and "not one of yours" in stolen.text()


async def test_quiet_turns_then_a_raid_bought_off_through_the_button(pirates):
    """SP-I1, SP-I34 (SP-E2's numbers): a miss, then d20 1 hits the 2350 route; 2d6 4, 6 →
    value 6000; the buy-off offer (600) pings exactly Vega's player; the click pays."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([20])
    quiet = await end_turn(pirates, 1)
    assert not any("Pay" in b.label for m in quiet.followups for b in m.buttons)

    pirates.script_dice([1, 4, 6])
    ended = await end_turn(pirates, 2)

    question = next(m for m in ended.followups if any(b.label == "Pay 600" for b in m.buttons))
    assert question.content.startswith(f"<@{pirates.member('player1').id}>")
    assert question.pings == {"player1"}
    status = await pirates.slash("/turn status", as_="gm")
    assert "Vega" in str(status.embed.fields)
    refused = await pirates.click(question, "Pay 600", as_="player2")
    assert refused.ephemeral
    paid = await pirates.click(question, "Pay 600", as_="player1")
    assert not paid.ephemeral and [b.label for b in paid.buttons] == ["Report: Vega"]
    assert "600" in paid.embed.description
    report = await pirates.slash("/pirates report turn:2", as_="player1")
    assert report.ephemeral
    shown = report.embed.description
    assert "d20: 1 against 2 — attack" in shown
    assert "2d6 × 12: 4, 6 → 120" in shown and "value 6000" in shown
    assert "4 battleships, 6 cruisers, 32 raiders" in shown
    assert "Bought off for 600" in shown
    status = await pirates.slash("/pirates status", as_="player1")
    assert status.ephemeral and "buy-off bonus 5 %" in status.embed.description
    hidden = await pirates.slash("/pirates report turn:2 faction:Vega", as_="player2")
    assert hidden.ephemeral and "Orion" not in (hidden.text() or "")


async def dismiss_confirmed(table, contract, as_="player1"):
    """`/pirates mercenaries dismiss`, asked first (SP-I35) and confirmed: the click's answer,
    the question redrawn with what was done (the channel's message in its followups)."""
    asked = await table.slash(f"/pirates mercenaries dismiss contract:{contract}", as_=as_)
    assert asked.ephemeral and [b.label for b in asked.buttons] == ["Confirm", "Cancel"], (
        asked.text()
    )
    return await table.click(asked, "Confirm", as_=as_)


def question_of(ended, label):
    return next(m for m in ended.followups if any(b.label == label for b in m.buttons))


async def guarded_route_raided(
    pirates, route, as_, battle, label="End turn", answer="Refuse and fight"
):
    """`/pirates route add` with the options `route` (ships guarding it), typed by `as_`; the
    route is raided through Vega at turn 1's end (d20 1, 1d6 6: three raiders, value 300) and
    Vega answers with the button `answer` (the turn ended by `label`), the battle fought on
    the faces `battle`. Vega's answer."""
    added = await pirates.slash(f"/pirates route add {route}", as_=as_)
    assert not added.ephemeral, added.text()
    pirates.script_dice([1, 6])
    ended = await end_turn(pirates, 1, label)
    pirates.script_dice(battle)
    return await pirates.click(question_of(ended, answer), answer, as_="player1")


async def raided_undefended(pirates, answer, route="Open"):
    """Vega's undefended route (goods 160) is raided at turn 1's end (d20 1, 1d6 3: one
    raider of value 150, a buy-off of 15) and Vega answers with the button `answer`."""
    await pirates.slash(f"/pirates route add name:{route} goods:160", as_="player1")
    pirates.script_dice([1, 3])
    ended = await end_turn(pirates, 1)
    await pirates.click(question_of(ended, answer), answer, as_="player1")


async def test_a_defended_route_fights_wins_immunity_and_the_report_pages_the_battle(pirates):
    """SP-I10, SP-I11, SP-4 route outcome: d20 1, 1d6 3 → value 150, one raider; Vega
    refuses the 15 buy-off; two cruisers win: streak stays 0, immunity until turn 4; the
    report's first page has every number, the next pages the battle rounds (FC-I17)."""
    await pirates.slash("/pirates route add name:Line goods:160 ships:2 cruiser", as_="player1")
    pirates.script_dice([1, 3])
    ended = await end_turn(pirates, 1)
    question = question_of(ended, "Refuse and fight")
    assert "Fleet for 150: 1 raider" in question.embeds[0]["description"]

    pirates.script_dice([6] * 10 + [1] * 10)
    fought = await pirates.click(question, "Refuse and fight", as_="player1")

    assert "Line defended: immunity through turn 4" in fought.embed.description
    report = await pirates.click(fought, "Report: Vega", as_="player1")
    assert report.ephemeral
    assert "Battle: the defenders win after 4 rounds" in report.embed.description
    assert "immunity through turn 4" in report.embed.description
    assert report.embed.footer == "Page 1 of 5 · Rules: SP-I4"
    page = await pirates.click(report, "Next ▶", as_="player1")
    assert page.embed.footer.startswith("Page 2 of 5")
    assert "battle round 1 of 4" in page.embed.description
    status = await pirates.slash("/pirates status", as_="player1")
    assert "immun" in status.embed.description


async def test_an_undefended_route_loses_its_income_and_the_streak_grows(pirates):
    """SP-E1 outcome (SP-4): refused buy-off, no defenders: the raid succeeds, streak 1."""
    await pirates.slash("/pirates route add name:Open goods:160", as_="player1")
    pirates.script_dice([1, 3])
    ended = await end_turn(pirates, 1)
    lost = await pirates.click(question_of(ended, "Refuse"), "Refuse", as_="player1")
    assert not lost.ephemeral
    report = await pirates.slash("/pirates report turn:1", as_="player1")
    assert "streak 0 → 1" in report.embed.description


async def test_a_restart_while_a_buy_off_waits_loses_nothing(pirates):
    """SP-I45: the offer lives in the ruleset's state; `/turn status` names who it waits for;
    after a restart the button still answers, once."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6])
    ended = await end_turn(pirates, 1)
    question = question_of(ended, "Pay 600")
    status = await pirates.slash("/turn status", as_="player2")
    waiting = " ".join(f.value for f in status.embed.fields)
    assert "Vega has not answered the buy-off offer" in waiting

    await pirates.restart()
    paid = await pirates.click(question, "Pay 600", as_="player1")

    assert "Bought off" in paid.embed.description or "600" in paid.embed.description
    status = await pirates.slash("/turn status", as_="player2")
    assert "buy-off" not in " ".join(f.value for f in status.embed.fields)


async def test_a_gm_forces_the_default_for_an_absent_player(pirates):
    """SP-I45: `/pirates force` applies `buy_off_default` (decline) and the raid resolves;
    a player may not force."""
    await pirates.slash("/pirates route add name:Open goods:160", as_="player1")
    pirates.script_dice([1, 3])
    await end_turn(pirates, 1)
    refused = await pirates.slash("/pirates force", as_="player2")
    assert refused.ephemeral

    listed = await pirates.slash("/pirates force", as_="gm")
    assert listed.ephemeral and "Vega has not answered the buy-off offer" in listed.text()
    forced = (await pirates.click(listed, "Force 1 answer", as_="gm")).followups[0]

    assert not forced.ephemeral
    assert "Vega" in forced.embed.description
    nothing = await pirates.slash("/pirates force", as_="gm")
    assert nothing.ephemeral and "No question is waiting" in nothing.text()


async def test_russian_player_reads_russian(pirates):
    """Player3 (ru) uses Russian command names; what is posted for everyone is in the
    campaign's language (English until the GM makes it Russian), private replies and
    refusals in the reader's; the buy-off question is posted in the campaign's language
    and its buttons keep it."""
    added = await pirates.slash(
        "/пираты торговый_путь добавить название:Шёлк товары:2350", as_="player3"
    )
    assert not added.ephemeral
    assert "Route #1 Шёлк registered" in added.embed.description
    assert added.embed.footer == "Space pirates · Rules: SP-1.5"
    refused = await pirates.slash(
        "/пираты торговый_путь добавить название:Плохой товары:-1", as_="player3"
    )
    assert refused.ephemeral and "значение должно быть от 0 до" in refused.text(), refused.text()
    status = await pirates.slash("/пираты состояние", as_="player3")
    assert status.ephemeral and status.embed.title == "Пираты: Lyra"
    await pirates.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    edited = await pirates.slash(
        "/пираты торговый_путь изменить торговый_путь:1 товары:2350", as_="player3"
    )
    assert "Торговый путь №1 Шёлк изменён" in edited.embed.description
    pirates.script_dice([1, 4, 6])
    ended = await end_turn(pirates, 1, "Завершить ход")
    question = question_of(ended, "Заплатить 600")
    assert question.pings == {"player3"}
    assert question.embeds[0]["title"] == "Пираты предлагают фракции «Lyra» откупиться"
    answered = await pirates.click(question, "Заплатить 600", as_="player3")
    assert answered.embed.title == "Фракция «Lyra» откупается от пиратов"


@pytest.fixture
async def after_a_raid(pirates):
    """Turn 1: Vega's 2350 route raided for 6000 (SP-E2's dice), the buy-off refused and the
    route lost; Orion has a guarded route with cruisers #1 and #2."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    await pirates.slash("/pirates route add name:Guarded goods:100 ships:2 cruiser", as_="player2")
    pirates.script_dice([1, 4, 6, 20])
    ended = await end_turn(pirates, 1)
    await pirates.click(question_of(ended, "Refuse"), "Refuse", as_="player1")
    return pirates


async def undefended_raid_refused(table, who: str = "player1", route: str = "Line"):
    """Turn 1: the unguarded route `route` (goods 100) of `who` (Vega) raided, d20 1, 1d6 2,
    and the buy-off refused: the pirates have a base (SP-I30)."""
    await table.slash(f"/pirates route add name:{route} goods:100", as_=who)
    table.script_dice([1, 2])
    ended = await end_turn(table, 1)
    await table.click(question_of(ended, "Refuse"), "Refuse", as_=who)


async def two_cruisers_fight_one_raider(table, who: str = "player1"):
    """Turn 1: the route Line (goods 160) of `who`, guarded by two cruisers, is raided by one
    raider (d20 1, 1d6 3); `who` refuses the buy-off and fights: every attack of round 1
    hits and is defended, the rounds after miss. Returns the refusal's answer."""
    await table.slash("/pirates route add name:Line goods:160 ships:2 cruiser", as_=who)
    table.script_dice([1, 3])
    ended = await end_turn(table, 1)
    table.script_dice([6] * 10 + [1] * 10)
    return await table.click(question_of(ended, "Refuse and fight"), "Refuse and fight", as_=who)


async def base_after_an_undefended_raid(table):
    """Vega holds planet Home (income 300) with 2 cruisers and a dreadnought in orbit, the
    ships she may send against the base (SP-I31), and `undefended_raid_refused` on her
    route Line gives the pirates a base (SP-I30)."""
    await table.slash(
        "/pirates planet add name:Home income:300 ships:2 cruiser, dreadnought", as_="player1"
    )
    await undefended_raid_refused(table)


async def test_mercenaries_hired_after_the_quote_and_dismissed(after_a_raid):
    """SP-9, SP-I35: the pool is half the largest fleet; the quote shows fleet, fee and
    upkeep before the confirm button; too large a contract is refused."""
    table = after_a_raid
    too_big = await table.slash("/pirates mercenaries hire value:5000", as_="player1")
    assert too_big.ephemeral and "exceeds the 2000 available" in too_big.text()
    quote = await table.slash("/pirates mercenaries hire value:1000", as_="player1")
    assert "1 cruiser, 8 raiders (value 1000); fee 500 now, upkeep 200 per turn" in (
        quote.embed.description
    )

    hired = await table.click(quote, "Confirm", as_="player1")

    assert "Contract #1 signed: fee 500 owed now, upkeep 200 per turn" in hired.embed.description
    dismissed = await dismiss_confirmed(table, 1)
    assert "Contract #1 dismissed" in dismissed.embed.description
    assert "Contract #1 dismissed" in dismissed.followups[0].embed.description


async def test_a_bribe_is_private_to_the_briber_until_it_happens(after_a_raid):
    """SP-7, SP-I33: Orion, in contact with Vega, bribes the pirates; the quote and the
    confirmation are Orion's only; Vega's log shows a hidden entry until the turn ends
    (test_space_pirates_bribe_secrecy), Orion's names no victim and no price."""
    table = after_a_raid
    no_contact = await table.slash("/pirates bribe victim:Vega", as_="player2")
    assert no_contact.ephemeral and no_contact.buttons == []
    await table.slash("/pirates contacts factions:Vega", as_="player2")
    quote = await table.slash("/pirates bribe victim:Vega", as_="player2")
    assert quote.ephemeral and "A raid on Vega costs 50 %" in quote.embed.description

    table.script_dice([4, 6])  # the bribed fleet's strength dice, rolled at placement

    placed = await table.click(quote, "Confirm", as_="player2")

    told = re.search(r"against Vega placed; owed: (\d+)", placed.embed.description)
    assert placed.ephemeral and told is not None
    log = await table.slash("/history list", as_="player1")
    assert "🔒 Hidden until the turn ends" in log.text() and "placed a bribe" not in log.text()
    own = await table.slash("/history list", as_="player2")
    assert "A hidden player placed a bribe (private until it happens" in own.text()
    assert f"owed: {told.group(1)}" not in own.text() and "against Vega" not in own.text()


async def test_privateers_formed_and_the_base_located_after_their_quotes(after_a_raid):
    """SP-10, SP-I36: the GM records the technology; Orion sends its cruisers against Vega.
    SP-6.3, SP-I30: locating the base costs 10 % of the largest fleet; cancel changes
    nothing."""
    table = after_a_raid
    await table.slash("/pirates contacts factions:Vega", as_="player2")
    no_tech = await table.slash("/pirates privateers form target:Vega ships:1, 2", as_="player2")
    assert no_tech.ephemeral and no_tech.buttons == []
    await table.slash("/pirates tech faction:Orion researched:true", as_="gm")
    quote = await table.slash("/pirates privateers form target:Vega ships:1, 2", as_="player2")
    assert "2 ships leave to raid Vega, active from turn 3" in quote.embed.description
    formed = await table.click(quote, "Confirm", as_="player2")
    assert "Privateer group #" in formed.embed.description
    locate = await table.slash("/pirates base locate location:Kuiper belt", as_="player1")
    assert "Locating the pirate base costs 600" in locate.embed.description
    cancelled = await table.click(locate, "Cancel", as_="player1")
    assert "nothing changed" in cancelled.embed.description
    again = await table.slash("/pirates base locate location:Kuiper belt", as_="player1")
    assert "costs 600" in again.embed.description


def settings_text(reply):
    embeds = list(reply.embeds) + [e for m in reply.followups for e in m.embeds]
    return "\n".join(e.get("description") or "" for e in embeds)


async def test_settings_are_shown_grouped_as_in_the_spec_in_both_languages(pirates):
    """Every SP-I setting appears under its spec group, with its description."""
    shown = await pirates.slash("/campaign settings show ruleset:space_pirates", as_="player1")
    text = settings_text(shown)
    assert text.index("__**Raid chance**__") < text.index("`raid_die_faces` = **20**")
    assert text.index("__**Buy-off**__") < text.index("`buy_off_default`")
    assert "Buy-off cost, % of the fleet's payment value (SP-I34)" in text
    changed = await pirates.slash(
        "/campaign settings set setting:space_pirates.buy_off_default value:accept", as_="gm"
    )
    assert not changed.ephemeral, changed.text()
    russian = await pirates.slash("/campaign settings show ruleset:space_pirates", as_="player3")
    text = settings_text(russian)
    assert "__**Откуп**__" in text and "`buy_off_default` = **accept**" in text


async def test_a_bribe_cancelled_at_the_resolution_is_told_privately(after_a_raid):
    """SP-I33: Vega's only route is gone when Orion's bribe comes up: it is cancelled; the
    GM who ends the turn reads it privately; the summary and the log do not tell it (Orion
    reads it in their own status)."""
    table = after_a_raid
    await table.slash("/pirates contacts factions:Vega", as_="player2")
    quote = await table.slash("/pirates bribe victim:Vega", as_="player2")
    table.script_dice([4, 6])
    await table.click(quote, "Confirm", as_="player2")
    await table.slash("/pirates planet add name:Home income:100", as_="player1")
    await confirmed(table, "/pirates route remove route:1", as_="player1")
    table.script_dice([20] * 10)

    ended = await end_turn(table, 2)

    private = [m for m in ended.followups if "was cancelled" in (m.content or "")]
    assert len(private) == 1 and private[0].ephemeral
    public = [
        t for m, t in zip(ended.followups, followup_texts(ended), strict=True) if not m.ephemeral
    ]
    assert not any("cancelled" in t for t in public)
    log = await table.slash("/history list", as_="player1")
    assert "cancelled" not in log.text()
    orion = await table.slash("/pirates status", as_="player2")
    assert "against Vega, turn 2) was cancelled" in orion.embed.description
    vega = await table.slash("/pirates status", as_="player1")
    assert "cancelled" not in vega.embed.description


async def test_a_buy_off_question_waits_with_its_outcome_as_title_and_clauses_in_the_footer(
    pirates,
):
    """Issue 18: the question posted for Vega is coloured as waiting, titled by what the
    pirates want; the answer is titled by what it came to; clause ids sit in the footers."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6])
    ended = await end_turn(pirates, 1)

    question = next(m for m in ended.followups if any(b.label == "Pay 600" for b in m.buttons))
    (asked,) = question.embeds
    assert asked["title"] == "Pirates offer Vega a buy-off"
    assert asked["color"] == WAITING_COLOUR.value
    assert "(SP-" not in asked["description"]
    assert asked["footer"]["text"].startswith("Rules: SP-")
    paid = await pirates.click(question, "Pay 600", as_="player1")
    assert paid.embed.title == "Vega buys the raid off"
    assert paid.embed.color == NEUTRAL_COLOUR.value
    assert "(SP-" not in paid.embed.description


async def test_a_raid_on_a_route_below_one_die_says_why_and_sends_the_smallest_fleet(pirates):
    """SP-I6: income 80 gives no strength dice (value 0); SP-2.5, SP-I8: one raider attacks
    anyway; SP-I42: the buy-off is taken from what it costs (100), so it is 10. The question
    says so in words, not as "0d6: — = 0" and a fleet "for 0"."""
    await pirates.slash("/pirates route add name:Dust goods:80", as_="player1")
    pirates.script_dice([1])
    ended = await end_turn(pirates, 1)

    question = question_of(ended, "Pay 10")
    told = question.embeds[0]["description"]
    assert (
        "Strength: income 80 is too small for even one die, so no dice are rolled: strength 0; "
        "value 0"
    ) in told
    assert (
        "Fleet value 0 is below the cost of the cheapest pirate ship, so it buys no ship; the "
        "pirates send 1 raider anyway, and payments are taken from what those ships cost: 100"
    ) in told
    assert "0d6" not in told


async def test_a_question_an_answer_leads_to_is_posted_in_the_campaigns_language_now(pirates):
    """SP-I40: Vega's buy-off pauses the resolution before Orion's raid; the GM makes the
    campaign Russian meanwhile. Vega's answer redraws Vega's question in English, the
    language it was asked in, but Orion's new question is a new post: in Russian."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    await pirates.slash("/pirates route add name:Far goods:2350", as_="player2")
    pirates.script_dice([1, 4, 6])
    ended = await end_turn(pirates, 1)
    question = question_of(ended, "Pay 600")
    assert question.pings == {"player1"}
    await pirates.slash("/campaign settings set setting:core.language value:ru", as_="gm")

    pirates.script_dice([1, 4, 6])
    paid = await pirates.click(question, "Pay 600", as_="player1")

    assert paid.embed.title == "Vega buys the raid off"
    asked = next(m for m in paid.followups if m.buttons)
    assert asked.pings == {"player2"}
    assert asked.embeds[0]["title"] == "Пираты предлагают фракции «Orion» откупиться"
    assert asked.buttons[0].label == "Заплатить 600"


async def test_a_gm_who_answers_for_a_player_is_shown_and_logged_as_answering_for_them(pirates):
    """SP-I45: a GM may answer a player's question for them (as in the other rulesets: the
    player may have said what to do; `/pirates force` only gives the default). The answer
    says a GM gave it for Vega, in the answered question, the raid's report and the log."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6])
    ended = await end_turn(pirates, 1)

    paid = await pirates.click(question_of(ended, "Pay 600"), "Pay 600", as_="gm")

    assert not paid.ephemeral and paid.embed.title == "Vega buys the raid off"
    assert paid.embed.description.startswith("A GM answered for Vega.\n")
    assert "SP-I45" in paid.embed.footer
    report = await pirates.slash("/pirates report turn:1", as_="player1")
    assert "Bought off for 600 (answered by a GM)" in report.embed.description
    log = await pirates.slash("/history list", as_="player2")
    assert "A GM answered for Vega" in log.text()


async def test_a_second_planet_or_route_of_the_same_name_is_refused_with_the_edit_to_use(pirates):
    """A name names one planet (one route) of its owner, as a Company or a piece in Company
    raids: registering Vega Prime again is refused, pointing to the edit of #1, and nothing is
    added; another faction may use the name, and an edit keeps its own."""
    first = await pirates.slash("/pirates planet add name:Vega Prime income:300", as_="player1")
    assert not first.ephemeral and "Planet #1" in first.embed.description

    again = await pirates.slash("/pirates planet add name:vega prime income:500", as_="player1")

    assert again.ephemeral
    told = " ".join(again.text().replace("│", " ").split())
    assert "Vega already has a planet named Vega Prime, #1" in told
    assert "/pirates planet edit planet:1" in told
    planets = await pirates.slash("/pirates planets", as_="player1")
    assert planets.embed.description.count("Vega Prime") == 1
    other = await pirates.slash("/pirates planet add name:Vega Prime income:100", as_="player2")
    assert not other.ephemeral
    kept = await pirates.slash("/pirates planet edit planet:1 income:400", as_="player1")
    assert not kept.ephemeral

    await pirates.slash("/pirates route add name:Silk goods:300", as_="player1")
    shared = await pirates.slash(
        "/pirates route add name:Silk goods:100 owners:Orion:50, Vega:50 faction:Orion", as_="gm"
    )
    assert shared.ephemeral
    told = " ".join(shared.text().replace("│", " ").split())
    assert "Vega already has a trade route named Silk, #" in told
    assert "/pirates route edit route:" in told


async def test_a_route_named_like_another_factions_is_refused_naming_it(pirates):
    """The play-test's case: Orion registers `Spіce Run` (a Ukrainian і) beside Vega's Spice
    Run. Routes are picked from one list of the campaign's routes and reports name them
    without their owner, so the look-alike is refused to Orion alone, naming Vega's route,
    and nothing is added; so is the same name, written in other case."""
    await pirates.slash("/pirates route add name:Spice Run goods:450", as_="player1")

    refused = await refused_alone(
        pirates, "/pirates route add name:Sp\u0456ce Run goods:10", "player2"
    )

    assert refused == (
        "“Sp\u0456ce Run” looks too much like Vega's trade route Spice Run, #1: routes are "
        "picked from one list of the campaign's routes, and raid reports name a route without "
        "its owner, so pick a name no one can mistake for it."
    )
    same = await refused_alone(pirates, "/pirates route add name:spice run goods:10", "player2")
    assert same == (
        "Vega already has a trade route named Spice Run, #1: routes are picked from one list of"
        " the campaign's routes, and raid reports name a route without its owner, so pick"
        " another name."
    )
    routes = await pirates.slash("/pirates routes", as_="player2")
    assert "Sp\u0456ce" not in routes.embed.description
    choices = await pirates.autocomplete("/pirates route edit route:", as_="player2")
    assert [c.name for c in choices] == ["#1 Spice Run (Vega)"]
