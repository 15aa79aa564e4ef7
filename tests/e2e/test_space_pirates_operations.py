"""Space pirates through Discord, the operations and the rarer raids: a bribed planet raid
decided by ground combat, a base assault, privateers formed and recalled, mercenaries hired
and paid at the end of the turn, the resolution paused on a question (SP-I40, SP-I45).

Player1 plays Vega, player2 Orion, player3 Lyra. Faces are scripted in the order the
engine rolls them.
"""

from __future__ import annotations

import re

import tests.e2e.test_space_pirates as base
from tests.e2e.play import flat
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of

# The campaign (Vega, Orion, Lyra) and turn 1's raid on Vega, as in test_space_pirates.
pirates = base.pirates
after_a_raid = base.after_a_raid


async def offers_at_placement(table) -> None:
    """SP-I34 `bribed_offer_timing = at_placement` and SP-I33 `bribe_withdraw_after_roll`:
    the victim answers a bribed raid at once, the briber may withdraw after its roll."""
    for setting in (
        "bribed_offer_timing value:at_placement",
        "bribe_withdraw_after_roll value:true",
    ):
        await table.slash(f"/campaign settings set setting:space_pirates.{setting}", as_="gm")


async def placed_bribe(table, faces: list[int]) -> str:
    """Orion (in contact with Vega) bribes the pirates to raid Vega and confirms the quote,
    the bribed fleet's strength dice scripted to `faces`; returns the bribe's number."""
    quote = await table.slash("/pirates bribe victim:Vega", as_="player2")
    table.script_dice(faces)
    placed = await table.click(quote, "Confirm", as_="player2")
    return placed.embed.description.split("#")[1].split(" ")[0]


async def open_offers(table, player: str = "player1") -> list[str]:
    """The numbers of the buy-off offers the player's status lists (SP-I34), in its order:
    an offer is numbered with the questions, not as the bribe behind it."""
    status = await table.slash("/pirates status", as_=player)
    return re.findall(r"(?:offer #|предложение №)(\d+)", status.embed.description or "")


def texts(reply):
    return "\n".join(
        [reply.text() or ""] + [(m.content or "") + str(m.embeds) for m in reply.followups]
    )


async def test_a_bribed_planet_raid_decided_by_ground_combat(pirates):
    """SP-7, SP-I33, SP-E5's ground fight: Orion bribes a planet raid on Vega; the fleet is
    priced at placement from Vega's richest route (2d6 1, 3 → 200, fleet 400: 4 raiders,
    cost 200); at the end of the turn Vega refuses the 40 buy-off, the pirates land
    unopposed on Alpha (4 troops over 3 buildings, covering them) and the ground fight of
    SP-E5 plunders 2 of 3 buildings: 600. Vega's report marks the raid bribed, without
    naming Orion."""
    await pirates.slash("/pirates route add name:Line goods:200", as_="player1")
    await pirates.slash(
        "/pirates planet add name:Alpha income:900 troops:4 buildings:3 cover:true",
        as_="player1",
    )
    await pirates.slash("/pirates contacts factions:Vega", as_="player2")
    quote = await pirates.slash("/pirates bribe victim:Vega kind:planet", as_="player2")
    assert quote.ephemeral
    pirates.script_dice([1, 3])
    placed = await pirates.click(quote, "Confirm", as_="player2")
    assert placed.ephemeral and "against Vega placed; owed: 200" in placed.embed.description

    pirates.script_dice([20])  # Vega's regular raid roll misses; the bribe comes up
    ended = await end_turn(pirates, 1)

    question = question_of(ended, "Pay 40")
    assert question.pings == {"player1"} and "Orion" not in texts(ended)
    pirates.script_dice([5, 6, 1, 2, 4, 2, 3, 2, 4, 6, 6, 1, 5, 2, 4])
    fought = await pirates.click(question, "Refuse and fight", as_="player1")
    assert "600" in fought.embed.description
    report = await pirates.slash("/pirates report turn:1", as_="player1")
    shown = report.embed.description
    assert "Bribed raid on planet Alpha" in shown and "Orion" not in shown
    assert "5, 6, 1, 2" in shown and "600" in shown
    planets = await pirates.slash("/pirates planets", as_="player1")
    assert "troops 1" in planets.embed.description or "1 troop" in planets.embed.description


async def test_a_base_assault_destroys_the_base(pirates):
    """SP-6, SP-I30–SP-I32: an undefended raid (value 100) gives the pirates a base; Vega
    locates it (10) and assaults it with a dreadnought; the two-raider base fleet falls at
    the end of the turn: +100 per planet, peace and blocked operations."""
    await base.base_after_an_undefended_raid(pirates)

    locate = await pirates.slash("/pirates base locate location:Kuiper belt", as_="player1")
    assert "Locating the pirate base costs 10" in locate.embed.description
    await pirates.click(locate, "Confirm", as_="player1")
    assault = await pirates.slash("/pirates base assault ships:dreadnought", as_="player1")
    assert "2 raiders" in assault.embed.description
    ordered = await pirates.click(assault, "Confirm", as_="player1")
    assert "attacks the pirate base at the end of the turn" in ordered.embed.description

    # round 1: 3 hits, defence 1, 1, 1 (cap 1); raiders 1, 1; round 2: the same, one raider
    pirates.script_dice([4, 4, 4, 1, 1, 1, 1, 1, 4, 4, 4, 1, 1, 1, 1])
    ended = await end_turn(pirates, 2)

    summary = texts(ended)
    assert "pirate base" in summary.lower() and "destroyed" in summary.lower()
    status = await pirates.slash("/pirates status", as_="player1")
    assert "peace" in status.embed.description.lower()
    refused = await pirates.slash("/pirates base locate location:Oort cloud", as_="player1")
    assert refused.ephemeral and refused.buttons == []


async def test_privateers_formed_then_recalled(after_a_raid):
    """SP-10, SP-I36, SP-I37: Orion's two cruisers go privateering against Vega; the recall
    costs half their cost (200) and 1d6 (3) turns: back at turn 5."""
    table = after_a_raid
    await table.slash("/pirates contacts factions:Vega", as_="player2")
    await table.slash("/pirates tech faction:Orion researched:true", as_="gm")
    quote = await table.slash("/pirates privateers form target:Vega ships:1, 2", as_="player2")
    formed = await table.click(quote, "Confirm", as_="player2")
    group = formed.embed.description.split("#")[1].split(" ")[0]
    assert "their upkeep stops" in formed.embed.description  # SP-10.3, SP-I36
    routes = await table.slash("/pirates routes faction:Orion", as_="player2")
    assert "cruiser" not in routes.embed.description
    recall = await table.slash(f"/pirates privateers recall group:{group}", as_="player2")
    assert "200" in recall.embed.description
    table.script_dice([3])
    recalled = await table.click(recall, "Confirm", as_="player2")
    assert (
        f"Group #{group} recalled for 200; back at turn 5 (turn 2 + 1d6: 3)"
        in recalled.embed.description
    )


async def test_mercenaries_hired_then_paid_while_the_resolution_waits(after_a_raid):
    """SP-9, SP-I35, SP-I40, SP-I45: Vega hires 1000 (fee 500); at the end of turn 2 the
    upkeep (200) is a question with buttons; until Vega answers, `/turn status` names it
    and operations are refused; paying finishes the resolution."""
    table = after_a_raid
    quote = await table.slash("/pirates mercenaries hire value:1000", as_="player1")
    hired = await table.click(quote, "Confirm", as_="player1")
    assert "fee 500 owed now, upkeep 200 per turn" in hired.embed.description

    table.script_dice([20, 20])
    ended = await end_turn(table, 2)

    question = question_of(ended, "Pay 200")
    assert question.pings == {"player1"}
    status = await table.slash("/turn status", as_="player2")
    assert "Vega has not paid or ended mercenary contract" in " ".join(
        f.value for f in status.embed.fields
    )
    refused = await table.slash("/pirates mercenaries hire value:100", as_="player1")
    assert refused.ephemeral and "still being resolved" in refused.text()
    stolen = await table.click(question, "Pay 200", as_="player2")
    assert stolen.ephemeral
    paid = await table.click(question, "Pay 200", as_="player1")
    assert "Vega pays 200 upkeep: contract #1 runs on" in paid.embed.description
    quote = await table.slash("/pirates mercenaries hire value:100", as_="player1")
    assert quote.buttons != []


async def test_the_gm_sets_the_turn_order(pirates):
    """SP-I40, SP-I43: the GM's `/pirates turn-order`; a player may not set it."""
    refused = await pirates.slash("/pirates turn-order factions:Orion, Vega", as_="player1")
    assert refused.ephemeral
    done = await pirates.slash("/pirates turn-order factions:Orion, Vega", as_="gm")
    assert not done.ephemeral and "Orion, Vega" in done.embed.description


async def fought_round_1(pirates):
    """SP-I44 with `defender_may_retreat`: Vega's cruiser on Line refuses to buy off three
    raiders and fights round 1, where every shot misses; returns the refusal's answer, whose
    follow-up asks Vega whether to retreat before round 2."""
    await pirates.slash(
        "/campaign settings set setting:space_pirates.defender_may_retreat value:true", as_="gm"
    )
    await pirates.slash("/pirates route add name:Line goods:100 ships:cruiser", as_="player1")
    pirates.script_dice([1, 6])
    ended = await end_turn(pirates, 1)
    pirates.script_dice([1, 1, 1, 1, 1])  # round 1: every shot misses
    return await pirates.click(
        question_of(ended, "Refuse and fight"), "Refuse and fight", as_="player1"
    )


async def test_a_defended_route_retreats_and_loses(pirates):
    """SP-I44 with `defender_may_retreat`, SP-I12, SP-I14: Vega's cruiser fights three
    raiders; before round 2 Vega is asked and retreats: the pirates win, the cruiser is lost
    and the streak grows."""
    declined = await fought_round_1(pirates)
    asked = next(m for m in declined.followups if any(b.label == "Retreat" for b in m.buttons))
    assert asked.pings == {"player1"}
    assert "Round 2 comes next: your side has 1 ship left, the pirates 3 ships" in texts(declined)
    status = await pirates.slash("/turn status", as_="player2")
    assert "Vega has not decided whether to retreat before round 2" in " ".join(
        f.value for f in status.embed.fields
    )
    pirates.script_dice([1, 1, 1])  # the pirates' parting volley
    retreated = await pirates.click(asked, "Retreat", as_="player1")
    assert "streak 1" in retreated.embed.description
    routes = await pirates.slash("/pirates routes", as_="player1")
    assert "no ships" in routes.embed.description


async def test_a_gm_who_answers_the_retreat_question_is_marked_in_the_report(pirates):
    """SP-I44, SP-I45: a GM answers Vega's retreat question for Vega: the answer says so,
    and so does the raid's report."""
    declined = await fought_round_1(pirates)
    asked = next(m for m in declined.followups if any(b.label == "Retreat" for b in m.buttons))
    pirates.script_dice([1, 1, 1])  # the pirates' parting volley
    retreated = await pirates.click(asked, "Retreat", as_="gm")
    assert retreated.embed.description.startswith("A GM answered for Vega.\n")
    report = await pirates.slash("/pirates report turn:1", as_="player1")
    assert (
        "Battle: the pirates win after 2 rounds (a GM answered the retreat question)"
        in report.embed.description
    )


async def test_player_names_are_escaped_wherever_they_are_shown(pirates):
    """A route named with Markdown and a mass mention shows as typed, never bold and never
    pinging, in the confirmation, the list and the report."""
    added = await pirates.slash(
        "/pirates route add name:**Loot** @everyone goods:160", as_="player1"
    )
    assert r"\*\*Loot\*\*" in added.embed.description
    assert "@everyone" not in added.embed.description
    routes = await pirates.slash("/pirates routes", as_="player1")
    assert r"\*\*Loot\*\*" in routes.embed.description
    pirates.script_dice([1, 3])
    ended = await end_turn(pirates, 1)
    question = question_of(ended, "Refuse")
    assert r"\*\*Loot\*\*" in texts(ended) and question.pings == {"player1"}


async def test_a_bribed_raid_offered_at_placement_and_a_bribe_withdrawn(after_a_raid):
    """SP-I34 `bribed_offer_timing = at_placement`: Vega sees the offer in its status and
    buys the raid off with `/pirates offer`, privately. SP-I33 `bribe_withdraw_after_roll`:
    Orion withdraws its next bribe after seeing the fleet; nothing is owed."""
    table = after_a_raid
    await offers_at_placement(table)
    await table.slash("/pirates contacts factions:Vega", as_="player2")
    await placed_bribe(table, [4, 6])
    (offer,) = await open_offers(table)
    stolen = await table.slash(f"/pirates offer number:{offer} pay:true", as_="player2")
    assert stolen.ephemeral and "This question is for Vega." in stolen.text()
    paid = await table.slash(f"/pirates offer number:{offer} pay:true", as_="player1")
    assert paid.ephemeral
    assert f"You bought off the bribed raid of offer #{offer}" in paid.embed.description
    other = await placed_bribe(table, [3, 3])
    withdrawn = await table.slash(f"/pirates withdraw bribe:{other}", as_="player2")
    assert withdrawn.ephemeral and f"Bribe #{other} withdrawn" in withdrawn.embed.description
    log = await table.slash("/history list", as_="player2")  # hidden from Vega's list
    assert "A hidden player withdrew a bribe (private, SP-I33)" in log.text()
    assert f"#{other} withdrawn" not in log.text()


async def test_returned_privateers_are_named_and_wait_in_the_reserve(after_a_raid):
    """SP-10.8, SP-I37: Orion's cruisers #1 and #2 go privateering and are recalled (1d6 1:
    back at turn 3). Turn 3's end names them as they come back; `/pirates status` lists them
    in the reserve. A cruiser registered on a new route takes #1 out of it, and #2 can be sent
    privateering again by its number."""
    table = after_a_raid
    await table.slash("/pirates contacts factions:Vega", as_="player2")
    await table.slash("/pirates tech faction:Orion researched:true", as_="gm")
    quote = await table.slash("/pirates privateers form target:Vega ships:1, 2", as_="player2")
    await table.click(quote, "Confirm", as_="player2")
    recall = await table.slash("/pirates privateers recall group:1", as_="player2")
    table.script_dice([1])
    await table.click(recall, "Confirm", as_="player2")
    table.script_dice([20, 20])
    await end_turn(table, 2)
    table.script_dice([20, 20])
    ended = await end_turn(table, 3)

    assert (
        "Privateer group #1 returns to Orion (2 ships: 1 cruiser (#1), 1 cruiser (#2)); their "
        "upkeep resumes. They wait in the reserve" in texts(ended)
    ), texts(ended)
    status = flat((await table.slash("/pirates status", as_="player2")).embed.description)
    assert "in the reserve: 1 cruiser (#1), 1 cruiser (#2)." in status, status

    await table.slash("/pirates route add name:Home goods:50 ships:1 cruiser", as_="player2")
    routes = flat((await table.slash("/pirates routes faction:Orion", as_="player2")).text())
    assert "Home" in routes and "ship #1" in routes, routes
    status = flat((await table.slash("/pirates status", as_="player2")).embed.description)
    assert "in the reserve: 1 cruiser (#2)." in status, status
    again = await table.slash("/pirates privateers form target:Vega ships:2", as_="player2")
    assert again.buttons != [], again.text()
