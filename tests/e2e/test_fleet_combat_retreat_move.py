"""After a retreat the fleet owes its move of two points (FC-6.3: «сразу же передвигает свою
армию на расстояние двух точек»; FC-I15: the players make the move). Until `/combat fleet
move` records it, `/turn status` and the turn's end ask its player for it, and nobody can
attack it at the point it left: it is no longer there (FC-4.1)."""

from __future__ import annotations

from tests.e2e.play import red_attacks_blue
from tests.e2e.play import refused_alone
from tests.e2e.play import saved_state

OWED = (
    "Blue retreated from battle #1 at Mecatol; its move of 2 points is not recorded yet"
    " (/combat fleet move, FC-6.3)."
)


async def end_turn(table, turn, label="End turn {}"):
    question = await table.slash("/turn end", as_="gm")
    return await table.click(question, label.format(turn), as_="gm")


async def blue_retreats_in_round_2(table, label="End turn {}"):
    """Red attacks Blue at Mecatol; nobody hits in round 1; Blue retreats in round 2 and
    leaves with its 3 destroyers, Red's parting volley missing: Red has won. Green (player3,
    who reads Russian) has joined, with no fleet."""
    await red_attacks_blue(table, green=True)
    table.script_dice([1] * 7)  # round 1: Red's 4 dice and Blue's 3 all miss
    await end_turn(table, 1, label)
    retreat = await table.slash("/combat retreat battle:1", as_="player2")
    assert not retreat.ephemeral, retreat.text()
    table.script_dice([1] * 4)  # round 2: Red's parting volley misses
    return await end_turn(table, 2, label)


async def test_a_retreated_fleet_is_awaited_and_cannot_be_attacked_where_it_left(campaign):
    await blue_retreats_in_round_2(campaign)

    status = await campaign.slash("/turn status", as_="gm")
    assert status.embed.field("Fleet combat") == OWED
    blue = f"<@{campaign.member('player2').id}>"
    assert status.embed.field("Still owes a move (1)") == (
        f"• {blue} (**Blue**): the move of 2 points away from Mecatol after retreating from"
        " battle #1: record it with /combat fleet move (FC-6.3)"
    )

    refusal = await refused_alone(campaign, "/combat attack point:Mecatol targets:Blue", "player1")
    assert refusal == (
        "Blue retreated from Mecatol in battle #1 and has left it: it is no longer there to"
        " fight. Its player records the move with /combat fleet move (FC-6.3)."
    )
    listed = await campaign.slash("/combat status", as_="player1")
    assert "#2" not in (listed.embed.description or ""), listed.text()

    # The GM may record the move for Blue; then nothing is owed and they may meet again.
    moved = await campaign.slash("/combat fleet move point:Mecatol to:Vega faction:Blue", as_="gm")
    assert not moved.ephemeral, moved.text()
    status = await campaign.slash("/turn status", as_="gm")
    assert status.embed.field("Fleet combat") == "Nothing to wait for."
    await campaign.slash("/combat fleet move point:Mecatol to:Vega", as_="player1")
    attack = await campaign.slash("/combat attack point:Vega targets:Blue", as_="player1")
    assert not attack.ephemeral, attack.text()


async def test_the_refusal_in_russian(campaign):
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await blue_retreats_in_round_2(campaign, "Завершить ход {}")

    status = await campaign.slash("/turn status", as_="gm")
    assert status.embed.field("Флотский бой") == (
        "Фракция «Blue» отступила из боя №1 в точке Mecatol; её отход на 2 точки ещё не"
        " отмечен (/бой флот переместить, FC-6.3)."
    )
    await campaign.slash("/combat fleet set point:Mecatol ships:1 cruiser", as_="player3")
    refusal = await refused_alone(campaign, "/combat attack point:Mecatol targets:Blue", "player3")
    assert refusal == (
        "Фракция «Blue» отступила из точки Mecatol в бою №1 и ушла оттуда: сражаться с ней там"
        " нельзя. Отход отмечают командой /бой флот переместить (FC-6.3)."
    )


async def test_a_state_saved_before_retreat_moves_were_kept_loads(campaign):
    """A campaign saved by a release without `retreat_moves`: Blue has retreated, and the
    state, saved without the list, loads with no move owed (that release asked for none)."""
    await blue_retreats_in_round_2(campaign)
    before = await campaign.slash("/turn status", as_="gm")
    assert before.embed.field("Fleet combat") == OWED

    def older(state):
        state.pop("retreat_moves")

    await saved_state(campaign, "fleet_combat", older)
    status = await campaign.slash("/turn status", as_="gm")
    assert OWED not in status.text(), status.text()
    assert "Still owes a move" not in status.text(), status.text()
    shown = await campaign.slash("/combat fleet show", as_="player1")
    assert not shown.ephemeral, shown.text()


async def test_ships_arrive_where_a_fleet_retreated_from_only_after_its_move(campaign):
    """FC-6.3: Blue's retreated fleet left Mecatol at once; only its record lags. Blue's 2
    cruisers from Vega are not merged into that record (which would take them away with the
    move, and keep them out of an attack there, FC-4.1): moving them in, or registering
    ships at Mecatol, is refused privately until the retreat's move is recorded; then they
    arrive alone, and Red may attack them there."""
    await blue_retreats_in_round_2(campaign)
    await campaign.slash("/combat fleet set point:Vega ships:2 cruiser", as_="player2")
    before = (await campaign.slash("/combat fleet show", as_="player2")).text()

    first = (
        "Blue retreated from Mecatol in battle #1 and has left it, but its move is not recorded"
        " yet: record it first with /combat fleet move, then record Blue's ships at Mecatol"
        " (FC-6.3)."
    )
    moved = await refused_alone(campaign, "/combat fleet move point:Vega to:Mecatol", "player2")
    assert moved == first, moved
    set_ = await refused_alone(
        campaign, "/combat fleet set point:Mecatol ships:2 cruiser", "player2"
    )
    assert set_ == first, set_
    assert (await campaign.slash("/combat fleet show", as_="player2")).text() == before
    status = await campaign.slash("/turn status", as_="gm")
    assert status.embed.field("Fleet combat") == OWED

    left = await campaign.slash("/combat fleet move point:Mecatol to:Tor", as_="player2")
    assert left.embed.description.startswith("Blue's fleet moved from Mecatol to Tor: 3 dest")
    arrived = await campaign.slash("/combat fleet move point:Vega to:Mecatol", as_="player2")
    assert arrived.embed.description.startswith(
        "Blue's fleet moved from Vega to Mecatol: 2 cruisers"
    ), arrived.text()
    attack = await campaign.slash("/combat attack point:Mecatol targets:Blue", as_="player1")
    assert not attack.ephemeral, attack.text()
