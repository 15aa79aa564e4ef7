"""A name a formation under way gives, clashing with a hidden force's, is settled at the turn's
end that makes both known (NO-2.7, NO-4.10).

With `formation_turns` 2 a fleet begun in turn 1 is made at the end of turn 2, but turn 1's
end already publishes both the formation and France's squadron of the fleet's name. The
later of the two takes its faction-qualified name there and then, as a force kept apart
does, rather than France's squadron quietly keeping the name and Britain's fleet being
renamed a turn later. Player1 plays Britain, player2 France.
"""

from __future__ import annotations

import pytest

from tests.e2e import test_naval_orders as played
from tests.e2e.play import refused_alone
from tests.e2e.play import text_of
from tests.e2e.test_naval_orders import end_turn
from tests.e2e.test_naval_orders import gm_overview
from tests.e2e.test_undo import undo

navy = played.navy  # the campaign, three factions and the GM's ports

GF = "Grand Fleet"
REGISTER = "/navy forces register name:{name} kind:line location:{at} ships:2xIII in_port:true"
FORM = f"/navy formation kind:form_fleet units:Red, Blue fleet_name:{GF}"


@pytest.fixture
async def slow(navy):
    """Formations take two turns; Britain's Red and Blue lie in Portsmouth."""
    await navy.slash(
        "/campaign settings set setting:naval_orders.formation_turns value:2", as_="gm"
    )
    for name in ("Red", "Blue"):
        await navy.slash(REGISTER.format(name=name, at=1), as_="player1")
    return navy


async def test_a_force_named_like_a_hidden_formation_is_renamed_when_both_are_known(slow):
    """Britain begins forming Grand Fleet; France, not knowing, registers a Grand Fleet of
    its own. Turn 1's end renames France's, the later; turn 2's end makes Britain's fleet
    under its name, renaming nothing."""
    begun = await slow.slash(FORM, as_="player1")
    assert "done at the end of turn 2" in text_of(begun), begun.text()
    await slow.slash(REGISTER.format(name=GF, at=20), as_="player2")

    first = await end_turn(slow, 1)

    assert f"{GF} is renamed {GF} [France]" in first, first
    second = await end_turn(slow, 2)
    assert "renamed" not in second, second
    overview = await gm_overview(slow)
    assert f"{GF} (Britain), location 1" in overview, overview
    assert f"{GF} [France] (France), location 20" in overview, overview


async def test_a_formation_named_like_a_hidden_force_is_renamed_when_both_are_known(slow):
    """France registers Grand Fleet; Britain, not knowing, begins forming a fleet of that
    name. Turn 1's end gives the fleet to be made Britain's name, and says so; turn 2's end
    makes it under that name, renaming nothing."""
    await slow.slash(REGISTER.format(name=GF, at=20), as_="player2")
    await slow.slash(FORM, as_="player1")

    first = await end_turn(slow, 1)

    assert f"{GF} is renamed {GF} [Britain]" in first, first
    second = await end_turn(slow, 2)
    assert f"Fleet formed: {GF} [Britain]" in second and "renamed" not in second, second
    overview = await gm_overview(slow)
    assert f"{GF} [Britain] (Britain), location 1" in overview, overview
    assert f"{GF} (France), location 20" in overview, overview


async def test_a_formation_named_apart_only_by_small_letters_keeps_its_name(slow):
    """France registers Fleet 1; Britain, not knowing, begins forming Fleet i: names no one
    mistakes (they look alike only both in capitals), so neither is renamed when both are
    known, and the fleet is made under the name Britain gave it."""
    await slow.slash(REGISTER.format(name="Fleet 1", at=20), as_="player2")
    await slow.slash(FORM.replace(GF, "Fleet i"), as_="player1")

    first = await end_turn(slow, 1)

    assert "renamed" not in first, first
    second = await end_turn(slow, 2)
    assert "Fleet formed: Fleet i" in second and "renamed" not in second, second
    overview = await gm_overview(slow)
    assert "Fleet i (Britain), location 1" in overview, overview
    assert "Fleet 1 (France), location 20" in overview, overview


TAKEN = "The name “Grand Fleet” is already taken by another force (NO-4.10)."


async def test_a_published_formations_name_is_taken_for_everyone(slow):
    """Britain begins forming Grand Fleet; turn 1's end publishes it. From then on Grand
    Fleet is refused to France as a registered force's name is, rather than registered and
    renamed Grand Fleet [France] when the fleet is made; Britain was refused at once."""
    await slow.slash(FORM, as_="player1")
    mine = await refused_alone(slow, REGISTER.format(name=GF, at=1), "player1")
    assert mine == TAKEN, mine
    await end_turn(slow, 1)

    refused = await refused_alone(slow, REGISTER.format(name=GF, at=20), "player2")

    assert refused == TAKEN, refused
    second = await end_turn(slow, 2)
    assert f"Fleet formed: {GF}" in second and "renamed" not in second, second


async def test_a_formation_begun_while_orders_are_public_takes_its_name_at_once(slow):
    """With orders public, the formation is posted for everyone as it begins: France is
    refused its fleet's name in the same turn."""
    public = "/campaign settings set setting:naval_orders.orders_public value:true"
    await slow.slash(public, as_="gm")
    await slow.slash(FORM, as_="player1")

    refused = await refused_alone(slow, REGISTER.format(name=GF, at=20), "player2")

    assert refused == TAKEN, refused


@pytest.mark.parametrize("turns", ["2", "1"])
async def test_an_undone_turn_end_leaves_the_formation_published(slow, turns):
    """Turn 1's end publishes Britain's formation of Grand Fleet (under way still, with two
    turns, or made, with one); the GM undoes that end. The log still shows the formation to
    France, so Grand Fleet stays refused to France."""
    setting = f"/campaign settings set setting:naval_orders.formation_turns value:{turns}"
    await slow.slash(setting, as_="gm")
    await slow.slash(FORM, as_="player1")
    await end_turn(slow, 1)

    await undo(slow, "ended too early")

    refused = await refused_alone(slow, REGISTER.format(name=GF, at=20), "player2")
    assert refused == TAKEN, refused


async def test_an_undone_command_in_the_turn_does_not_publish_a_hidden_formation(slow):
    """Britain begins forming Grand Fleet, orders private, then registers Green, which the
    GM undoes: nothing was published, so France registering Grand Fleet is still answered
    as for a free name."""
    await slow.slash(FORM, as_="player1")
    await slow.slash(REGISTER.format(name="Green", at=1), as_="player1")

    await undo(slow, "not yet")

    taken = await slow.slash(REGISTER.format(name=GF, at=20), as_="player2")
    assert text_of(taken).startswith(f"{GF} (line squadron) of France is registered"), taken


async def test_a_squadron_of_a_dissolving_fleet_is_renamed_when_both_are_known(slow):
    """France registers Toulon; Britain, not knowing, begins dissolving its Channel Fleet,
    one of whose squadrons is Toulon. Turn 1's end gives that squadron Britain's name, and
    says so; turn 2's end makes it a force of that name."""
    await slow.slash(REGISTER.format(name="Toulon", at=20), as_="player2")
    await slow.slash(
        "/navy forces register name:Channel Fleet kind:fleet location:1 in_port:true "
        "squadrons:Toulon (line): 2xIII; Green (line): 2xIV",
        as_="player1",
    )
    await slow.slash("/navy formation kind:dissolve_fleet units:Channel Fleet", as_="player1")

    first = await end_turn(slow, 1)

    assert "Toulon is renamed Toulon [Britain]" in first, first
    second = await end_turn(slow, 2)
    assert "renamed" not in second, second
    overview = await gm_overview(slow)
    assert "Toulon [Britain] (Britain), location 1" in overview, overview
    assert "Toulon (France), location 20" in overview, overview
