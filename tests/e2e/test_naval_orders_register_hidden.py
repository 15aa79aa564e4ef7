"""What a force is made of and where it is stay with its owner and the GMs until the turn
ends, in the log as in the answers, and so does a command test (which names the order and
itemises the force's makeup); `/turn status` counts the forces lacking orders for
everyone and names them to their owner and the GM only.

Registration is answered privately, and `/navy range` refuses other players because the
range would tell a force's ships and damage: the log keeps them from the other players the
same way as an order (a secret entry: who and when, with a commitment), and the GM's end of
turn publishes them with the orders, whose mandatory texts name the ships anyway (NO-4.10,
NO-5.9, NO-6.9). Player1 plays Britain, player2 France, player3 Russia (in Russian).
"""

from __future__ import annotations

from tests.e2e import test_naval_orders as played
from tests.e2e.play import newest_entry
from tests.e2e.test_naval_orders import REGISTER_WS
from tests.e2e.test_naval_orders import WS
from tests.e2e.test_naval_orders import end_turn
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders import give
from tests.e2e.test_naval_orders import text_of
from tests.e2e.test_naval_orders_secrecy import show_text
from tests.e2e.test_naval_orders_secrecy import verified

navy = played.navy  # the campaign: three factions and the GM's ports
ordered = played.ordered  # and Britain's Western Squadron with its cruising order

REGISTER = (
    "/navy forces register name:Frigates kind:auxiliary location:14 "
    "ships:2xV, VI jury, 3 transport rating:2"
)
MAKEUP = ("rate V", "rate VI", "transport", "officer rating", "jury", "location 14")
HIDDEN_REGISTER = "🔒 A force's registration (its ships and place), hidden until the turn ends"
HIDDEN_POSITION = "🔒 A force's position, hidden until the turn ends"


async def test_another_player_reads_neither_the_ships_nor_the_place_of_a_registered_force(navy):
    """Player3 reads that Britain registered a force and reported a position, when, and the
    commitments; not its ships, jury mast, officer or location, in the list or the entry."""
    await navy.slash(REGISTER, as_="player1")
    await navy.slash("/navy position unit:Frigates location:15", as_="player1")

    page = await navy.slash("/history list", as_="player2")
    assert not page.ephemeral
    listed = page.embed.description
    for word in (*MAKEUP, "location 15"):
        assert word not in listed, word
    assert HIDDEN_REGISTER in listed and HIDDEN_POSITION in listed

    for command in ("navy forces register", "navy position"):
        shown = await navy.slash(
            f"/history show entry:{newest_entry(page, command)}", as_="player2"
        )
        assert not shown.ephemeral
        text = show_text(shown)
        for word in (*MAKEUP, "location", "Frigates"):
            assert word not in text, (command, word)
        assert "commitment `" in text and "Britain" in text


async def test_the_owner_and_the_gm_read_the_register_privately(navy):
    """Britain's player and the GM read the registration and the position in full, in a
    private answer."""
    await navy.slash(REGISTER, as_="player1")
    await navy.slash("/navy position unit:Frigates location:15", as_="player1")
    for reader in ("player1", "gm"):
        page = await navy.slash("/history list", as_=reader)
        assert page.ephemeral, reader
        listed = " ".join(page.embed.description.split())
        assert "Frigates (auxiliary squadron) of Britain is registered" in listed
        assert "Frigates is at location 15, at sea." in listed
        shown = await navy.slash(
            f"/history show entry:{newest_entry(page, 'navy forces register')}", as_=reader
        )
        text = " ".join(show_text(shown).split())
        assert shown.ephemeral
        assert "officer rating +2, 2 ships of rate V, 1 ship of rate VI, 3 transports" in text
        assert "location 14, at sea" in text


async def test_the_turn_end_publishes_the_register_and_the_log_verifies(navy):
    """After the GM's end of turn everyone reads the registration and the position, and
    `/history verify` checks them against their commitments."""
    await navy.slash(REGISTER, as_="player1")
    await navy.slash("/navy position unit:Frigates location:15", as_="player1")
    assert (await verified(navy)).startswith("✅ The log is intact")

    await end_turn(navy, 1)

    page = await navy.slash("/history list", as_="player3")
    assert not page.ephemeral
    listed = " ".join(page.embed.description.split())
    assert "Frigates is at location 15, at sea." in listed
    # The registration's and the position's reveals, one line (the turn end wrote them).
    assert "**2 hidden entries revealed** · the end of turn 1" in listed
    shown = await navy.slash(
        f"/history show entry:{newest_entry(page, 'navy forces register')}", as_="player3"
    )
    assert "2 ships of rate V" in " ".join(show_text(shown).split())
    assert (await verified(navy)).startswith("✅ The log is intact")


async def test_a_russian_campaign_tells_of_a_hidden_registration_in_russian(navy):
    """In a Russian campaign the other players read the hidden line in Russian."""
    await navy.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await navy.slash(REGISTER, as_="player1")
    listed = (await navy.slash("/history list", as_="player3")).embed.description
    assert "🔒 Регистрация соединения (состав и место), скрытая до конца хода" in listed
    assert "rate V" not in listed and "ранга" not in listed


async def test_turn_status_counts_the_forces_lacking_orders_without_naming_them(navy):
    """`/turn status` (public) tells how many forces of each faction lack orders, never
    which; the owner and the GM read the names in `/navy orders`."""
    await navy.slash(REGISTER, as_="player1")
    await navy.slash("/navy forces register name:Red kind:line location:13 ships:IV", as_="player1")
    await give(navy, "Frigates", "cruise", form(point="Biscay", location="15", turns="2"))

    status = await navy.slash("/turn status", as_="player2")
    told = status.text()
    assert not status.ephemeral
    assert "Britain: 1 force lacks orders for turn 1." in told
    assert "Red" not in told and "Frigates" not in told

    for reader in ("player1", "gm"):
        orders = text_of(await navy.slash("/navy orders", as_=reader))
        assert "Britain: 1 force lacks orders for turn 1: Red." in orders, reader
    theirs = text_of(await navy.slash("/navy orders", as_="player2"))
    assert "Red" not in theirs


async def test_a_command_test_is_its_owners_until_the_turn_ends(ordered):
    """The test names the order carried out and itemises the force's makeup (NO-I8): while
    orders are private its owner reads it privately, the others read that a test was taken
    and its commitment, neither the dice nor the makeup; the turn's end publishes it and the
    log verifies."""
    await ordered.slash(f"/navy position unit:{WS} location:5", as_="player1")
    ordered.script_dice([3])

    test = await ordered.slash(f"/navy test unit:{WS} enemy_at:adjacent", as_="player1")
    assert test.ephemeral
    assert text_of(test).startswith("Western Squadron may attack")
    assert "Total 4 (modifier +1) against 4+: success." in text_of(test)

    page = await ordered.slash("/history list", as_="player2")
    listed = page.embed.description
    assert "🔒 A command test and its dice, hidden until the turn ends" in listed
    assert "Command test" not in listed and "rating" not in listed
    shown = show_text(
        await ordered.slash(f"/history show entry:{newest_entry(page, 'navy test')}", as_="player2")
    )
    assert "1d6" not in shown and "Cruising" not in shown and "rate III" not in shown
    gm = await ordered.slash("/history list", as_="gm")
    assert gm.ephemeral and "Command test of Western Squadron (Cruising)" in gm.embed.description

    await end_turn(ordered, 1)
    after = (await ordered.slash("/history list", as_="player2")).embed.description
    assert "Command test of Western Squadron (Cruising): 1d6 → 3." in " ".join(after.split())
    assert (await verified(ordered)).startswith("✅ The log is intact")


async def test_with_orders_public_a_command_test_is_posted_for_everyone(navy):
    """`orders_public = true`: the test is posted in the channel, as the order is."""
    await navy.slash(
        "/campaign settings set setting:naval_orders.orders_public value:true", as_="gm"
    )
    await navy.slash(REGISTER_WS, as_="player1")
    await give(navy, WS, "cruise", form(point="Ushant", location="5", turns="2"))
    await navy.slash(f"/navy position unit:{WS} location:5", as_="player1")
    navy.script_dice([2])
    test = await navy.slash(f"/navy test unit:{WS} enemy_at:adjacent", as_="player1")
    assert not test.ephemeral
    assert "Command test of Western Squadron (Cruising): 1d6 → 2." in text_of(test)


async def test_the_owner_and_the_gm_read_a_hidden_command_tests_die_privately(ordered):
    """`/history show` of a command test still hidden lists its die, with its purpose and
    clause, as any entry's: privately for Britain's player and the GM, never for player2;
    after the turn's end, for everyone."""
    await ordered.slash(f"/navy position unit:{WS} location:5", as_="player1")
    ordered.script_dice([3])
    await ordered.slash(f"/navy test unit:{WS} enemy_at:adjacent", as_="player1")
    seq = newest_entry(await ordered.slash("/history list", as_="gm"), "navy test")

    die = ("1. command test [NO-4.6]", "`1d6+1` → 3; total 4")
    for reader in ("player1", "gm"):
        shown = await ordered.slash(f"/history show entry:{seq}", as_=reader)
        assert shown.ephemeral, reader
        assert (shown.embed.fields[-1].name, shown.embed.fields[-1].value) == die, reader
    theirs = await ordered.slash(f"/history show entry:{seq}", as_="player2")
    assert not theirs.ephemeral
    assert "1d6" not in show_text(theirs) and not theirs.embed.has_field(die[0])

    await end_turn(ordered, 1)
    shown = await ordered.slash(f"/history show entry:{seq}", as_="player2")
    assert shown.field(die[0]) == die[1]
