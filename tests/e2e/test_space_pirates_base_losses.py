"""The ships sent against the pirate base are the player's registered ships (SP-I31).

A play-test found that a destroyer lost attacking the base ("Losses of Vega: 1 destroyer"
on the battle page) was still listed on its route by `/pirates routes` and defended it in
later turns: SP-I31 loses the ships destroyed at the base (and only those) from where they
are registered, as route raids and orbital battles do. It also found an order naming a war
sun accepted from a player who had none, and a contract whose ships were all destroyed
refused as if it did not exist, while `/pirates status` listed it, still owing upkeep.

Player1 plays Vega. Faces are scripted in the order the engine rolls them.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.play import flat
from tests.e2e.play import refused_alone
from tests.e2e.play import saved_state
from tests.e2e.test_space_pirates import end_turn

pirates = base.pirates
after_a_raid = base.after_a_raid


async def base_located(table, guards: str = "1 destroyer") -> None:
    """Turn 1: `undefended_raid_refused` on Vega's route Line (#1) gives the pirates a base
    (value 100: its fleet is 2 raiders); then `guards` are registered on Line and the base is
    located."""
    await base.undefended_raid_refused(table)
    edited = await table.slash(f"/pirates route edit route:1 ships:{guards}", as_="player1")
    assert not edited.ephemeral, edited.text()
    locate = await table.slash("/pirates base locate location:Moon", as_="player1")
    await table.click(locate, "Confirm", as_="player1")


async def test_a_destroyer_lost_at_the_base_leaves_its_route(pirates):
    """SP-I31: the destroyer that guards Line attacks the base (2 raiders) and is destroyed
    there; `/pirates routes` no longer lists it on Line."""
    await base_located(pirates)
    quote = await pirates.slash("/pirates base assault ships:1 destroyer", as_="player1")
    await pirates.click(quote, "Confirm", as_="player1")

    listed = await destroyer_lost(pirates)

    assert "Vega 100%; no ships" in listed, listed


async def destroyer_lost(table) -> str:
    """Turn 2's end, its base attack losing the destroyer, which the battle page reports;
    then `/pirates routes`, flattened. The destroyer misses (1); both raiders hit (6, 6) and
    its defence fails (1, 1); no raid on Vega afterwards (d20 20)."""
    table.script_dice([1, 6, 6, 1, 1, 20])
    await end_turn(table, 2)
    report = await table.slash("/pirates report turn:2", as_="player1")
    page = await table.click(report, "Next ▶", as_="player1")
    assert "Losses of Vega: 1 destroyer" in flat(page.embed.description)
    routes = await table.slash("/pirates routes", as_="player1")
    return flat(routes.embed.description)


async def test_an_order_given_before_orders_picked_registered_ships_fights_as_ordered(pirates):
    """An attack order saved by an earlier release named ships made up for it (ids of no
    registered ship, no `registered` mark): it still fights with them, and its losses are
    reported, not taken from Vega's routes (where nothing of it was registered)."""
    await base_located(pirates)
    quote = await pirates.slash("/pirates base assault ships:1 destroyer", as_="player1")
    await pirates.click(quote, "Confirm", as_="player1")

    def as_before(state: dict) -> None:
        (order,) = state["base_attack_orders"]
        del order["registered"]
        for number, ship in enumerate(order["ships"], start=900):
            ship["id"] = number

    await saved_state(pirates, "space_pirates", as_before)
    listed = await destroyer_lost(pirates)

    assert "1 destroyer" in listed and "no ships" not in listed, listed


async def test_an_assault_with_ships_the_player_has_not_registered_is_refused(pirates):
    """SP-I31: Vega has one destroyer: an order naming a war sun, or two destroyers, is
    refused privately, saying what Vega has; the one destroyer is accepted."""
    await base_located(pirates)

    for line, asked in (("ships:1 war sun", "1 war sun"), ("ships:2 destroyer", "2 destroyers")):
        told = flat(await refused_alone(pirates, f"/pirates base assault {line}", "player1"))
        assert (
            f"Vega cannot send {asked} against the base; its combat ships registered on "
            "routes and in orbit: 1 destroyer (SP-I31)"
        ) in told, told
    accepted = await pirates.slash("/pirates base assault ships:1 destroyer", as_="player1")
    assert "Attacking it: 1 destroyer" in flat(accepted.embed.description)


async def test_a_contract_with_no_ships_left_is_named_as_such(after_a_raid):
    """SP-I35: a running contract whose ships were all destroyed stays in force (and owes
    upkeep); naming it for an assault is refused because it has no ships left, not because
    it does not exist."""
    pirates = after_a_raid
    locate = await pirates.slash("/pirates base locate location:Moon", as_="player1")
    await pirates.click(locate, "Confirm", as_="player1")
    hire = await pirates.slash("/pirates mercenaries hire value:200", as_="player1")
    hired = await pirates.click(hire, "Confirm", as_="player1")
    contract = int(flat(hired.embed.description).split("Contract #")[1].split()[0])

    def emptied(state):
        for signed in state["contracts"]:
            signed["ships"] = []

    await saved_state(pirates, "space_pirates", emptied)
    status = await pirates.slash("/pirates status", as_="player1")
    assert f"#{contract}" in flat(status.embed.description)

    told = flat(
        await refused_alone(pirates, f"/pirates base assault contracts:{contract}", "player1")
    )
    assert f"Mercenary contract #{contract} of Vega has no ships left" in told, told
    assert "owes upkeep" in told and "no running mercenary contract" not in told, told


async def test_the_summary_names_the_ships_lost_at_the_base(pirates):
    """SP-I31: the destroyer that guarded Line is lost attacking the base; the channel's
    line of the failed attack says so, as a raid's line names the guards it lost, and the
    report's first page says it too."""
    await base_located(pirates)
    quote = await pirates.slash("/pirates base assault ships:1 destroyer", as_="player1")
    await pirates.click(quote, "Confirm", as_="player1")
    pirates.script_dice([1, 6, 6, 1, 1, 20])

    ended = await end_turn(pirates, 2)

    told = " ".join(flat(m.embeds[0].get("description") or "") for m in ended.followups if m.embeds)
    assert "Vega's attack on the pirate base (fleet 200) failed (1 destroyer lost)" in told, told
    report = await pirates.slash("/pirates report turn:2", as_="player1")
    assert "failed (1 destroyer lost)" in flat(report.embed.description)
