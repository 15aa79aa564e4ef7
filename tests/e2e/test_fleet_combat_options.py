"""Fleet combat's optional rules played through Discord: a GM's allies (FC-I5), an owner's
damage priority (FC-I10 `wound_tie_break = owner_choice`), split fire and hold fire (FC-I7).

Player1 plays Red, player2 Blue, player3 Green (in Russian); the GM changes settings with
`/campaign settings set`. Faces are scripted in the order the bot rolls them: for each
volley the attack dice, then the defence dice.
"""

from __future__ import annotations

import json

import pytest

from bot.standin import EmbedView
from tests.e2e.test_fleet_combat import refusal

GIVE_ORDERS = "Give orders"
SPLIT = "Blue: destroyer x1, Blue: dreadnought"


@pytest.fixture
async def seated(campaign):
    """Red, Blue and Green joined; Red has 2 cruisers (#1, #2) and Blue 3 destroyers (#3–#5)
    and a dreadnought (#6) at Mecatol."""
    table = campaign
    for player, faction in (("player1", "Red"), ("player2", "Blue"), ("player3", "Green")):
        joined = await table.slash(f"/campaign join faction:{faction}", as_=player)
        assert not joined.ephemeral, joined.text()
    await table.slash("/combat fleet set point:Mecatol ships:2 cruiser", as_="player1")
    await table.slash(
        "/combat fleet set point:Mecatol ships:3 destroyer, 1 dreadnought", as_="player2"
    )
    return table


async def setting(table, name, value):
    """The GM changes one fleet combat setting."""
    changed = await table.slash(
        f"/campaign settings set setting:fleet_combat.{name} value:{value}", as_="gm"
    )
    assert not changed.ephemeral, changed.text()


async def declared(table, point="Mecatol"):
    """Red attacks Blue at the point."""
    reply = await table.slash(f"/combat attack point:{point} targets:Blue", as_="player1")
    assert not reply.ephemeral, reply.text()
    return reply


async def end_turn(table, turn=1):
    """The GM's /turn end; returns the fleet combat summary embed everyone sees."""
    question = await table.slash("/turn end", as_="gm")
    ended = await table.click(question, f"End turn {turn}", as_="gm")
    return next(
        EmbedView(e) for m in ended.followups for e in m.embeds if "Fleet combat" in e["title"]
    )


async def resolve(table, battle, round_number):
    """The GM fights a round at once (with the confirm button); the round's report."""
    question = await table.slash(f"/combat resolve battle:{battle}", as_="gm")
    return await table.click(question, f"Fight round {round_number} of battle #{battle}", as_="gm")


# --- allies (FC-I5) -------------------------------------------------------------------------


async def test_gm_registers_allies_and_allies_cannot_target_each_other(seated):
    """FC-I5: the GM makes Red and Green one side; the battle shows the sides, Green's target
    menu offers only Blue, and a typed order or attack on the ally is refused by clause."""
    await seated.slash("/combat fleet set point:Mecatol ships:2 cruiser", as_="player3")
    await declared(seated)
    await seated.slash("/combat attack point:Mecatol targets:Blue", as_="player3")
    attackable = await seated.autocomplete(
        "/combat attack point:Mecatol targets:Blue, ", as_="player3", focused="targets"
    )
    assert [(c.name, c.value) for c in attackable] == [("Blue, Red", "Blue, Red")]
    offered = await seated.autocomplete(
        "/combat allies battle:1 factions:Red, ", as_="gm", focused="factions"
    )
    assert [c.value for c in offered] == ["Red, Green"]  # Blue declared on Red: never an ally

    allied = await seated.slash("/combat allies battle:1 factions:Red, Green", as_="gm")

    assert not allied.ephemeral
    assert allied.embed.title == "Battle #1 at Mecatol"
    assert allied.embed.description.splitlines()[:3] == [
        "Battle #1: Green, Red fight as allies now.",
        "Fighting: Blue ⚔ Green, Blue ⚔ Red",
        "Sides: Red + Green · Blue",
    ]
    status = await seated.slash("/combat status battle:1", as_="player3")
    assert "Sides: Red + Green · Blue" in status.embed.description  # posted: English
    targets = await seated.autocomplete(
        "/combat order battle:1 class:cruiser target:", as_="player3", focused="target"
    )
    assert [c.value for c in targets] == ["Blue: destroyer", "Blue: dreadnought"]
    at_ally = await seated.slash(
        "/combat order battle:1 class:cruiser target:Red: cruiser", as_="player3"
    )
    assert refusal(at_ally) == "Фракция «Red» — не ваш противник в этом бою (FC-I5)."
    attack_ally = await seated.slash("/combat attack point:Mecatol targets:Red", as_="player3")
    assert refusal(attack_ally) == (
        "Red — ваш союзник в этом бою, а союзники друг с другом не воюют (FC-I5)."
    )
    panel = await seated.click(allied, GIVE_ORDERS, as_="player3")
    assert [o.label for o in panel.selects[0].options] == [
        "Цель выбирается автоматически (FC-I17)",
        "Blue — эсминцы (3, уровень 2)",
        "Blue — дредноуты (1, уровень 4)",
    ]


async def test_allies_refused_for_a_player_a_hostile_pair_and_an_unknown_battle(seated):
    """FC-I5: only a GM registers allies; players who declared on each other cannot be allies;
    refusals are ephemeral, name the clause and change nothing."""
    await seated.slash("/combat fleet set point:Mecatol ships:2 cruiser", as_="player3")
    await declared(seated)
    await seated.slash("/combat attack point:Mecatol targets:Blue", as_="player3")

    player = await seated.slash("/combat allies battle:1 factions:Red, Green", as_="player1")
    hostile = await seated.slash("/combat allies battle:1 factions:Red, Blue", as_="gm")
    unknown = await seated.slash("/combat allies battle:7 factions:Red, Green", as_="gm")
    alone = await seated.slash("/combat allies battle:1 factions:Red", as_="gm")
    twice = await seated.slash("/combat allies battle:1 factions:Red, red", as_="gm")
    outsider = await seated.slash("/combat allies battle:1 factions:Red, Violet", as_="gm")

    assert refusal(player) == "Only a GM registers allies (FC-I5)."
    assert refusal(hostile) == (
        "Blue, Red have declared attacks on each other and cannot be allies (FC-I5)."
    )
    assert refusal(unknown) == "There is no battle #7."
    assert (
        refusal(alone)
        == refusal(twice)
        == ("Name at least two participants of battle #1 to make them allies (FC-I5).")
    )
    assert refusal(outsider).startswith("There is no faction “Violet” in this campaign.")
    status = await seated.slash("/combat status battle:1", as_="player1")
    assert "Sides" not in status.embed.description
    targets = await seated.autocomplete(
        "/combat order battle:1 class:cruiser target:", as_="player3", focused="target"
    )
    assert [c.value for c in targets] == ["Blue: destroyer", "Blue: dreadnought"]


async def test_transports_die_with_their_sides_last_combat_ship(seated):
    """FC-I13 `transport_loss_scope = side`: Green brought only a transport. Allied with Red
    (battle #1), it survives while Red's fighter does; alone (battle #2) it is lost at once,
    its side having no combat ship (FC-5.9);
    when Red's fighter dies, Green's transport goes with it."""
    for point in ("Vega", "Sol"):
        await seated.slash(f"/combat fleet set point:{point} ships:1 fighter", as_="player1")
        await seated.slash(f"/combat fleet set point:{point} ships:1 transport", as_="player3")
        await seated.slash(f"/combat fleet set point:{point} ships:1 cruiser", as_="player2")
        await declared(seated, point)
        await seated.slash(f"/combat attack point:{point} targets:Blue", as_="player3")
    await seated.slash("/combat allies battle:1 factions:Red, Green", as_="gm")

    seated.script_dice([1, 1, 1])  # both rounds: the fighter misses, the cruiser misses
    allied = await resolve(seated, 1, 1)
    seated.script_dice([1, 1, 1])
    alone = await resolve(seated, 2, 1)

    assert allied.embed.field("Losses") == "No ship was destroyed this round."
    assert "Green: 1 transport" in allied.embed.field("Still in the battle")
    assert alone.embed.field("Losses") == (
        "Green loses 1 transport.\n"
        "Transports of Green are destroyed: their side has no combat ships."
    )
    seated.script_dice([1, 6, 1])  # round 2 of battle #1: the cruiser's 6 kills the fighter
    last = await resolve(seated, 1, 2)
    assert last.embed.field("Losses") == (
        "Red loses 1 fighter.\nGreen loses 1 transport.\n"
        "Transports of Green are destroyed with their side's last combat ship."
    )
    assert last.embed.field("After the round") == ("Battle #1 is over; still standing: Blue.")


# --- damage priority (FC-I10) ---------------------------------------------------------------


async def test_priority_list_decides_which_tied_ship_takes_the_wound(seated):
    """FC-I10: Blue lists #5 then #4. With `lowest_id` the list is kept but unused (#3 takes
    the wound, and the answer says so); once the GM sets `owner_choice`, #5 takes it."""
    battle = await declared(seated)
    shown = await seated.slash("/combat priority battle:1", as_="player2")
    assert shown.ephemeral
    assert shown.embed.title == "Damage priority — battle #1 (Blue)"
    assert shown.embed.description.startswith("No list set.\nNot used at present:")
    assert shown.embed.field("Ships: #id (wounds/life)") == (
        "destroyers: #3 (0/1), #4 (0/1), #5 (0/1)\ndreadnoughts: #6 (0/3)"
    )
    offered = await seated.autocomplete(
        "/combat priority battle:1 ships:#5, ", as_="player2", focused="ships"
    )
    assert [(c.name, c.value) for c in offered] == [
        ("#5, #3 destroyer (0/1)", "#5, #3"),
        ("#5, #4 destroyer (0/1)", "#5, #4"),
        ("#5, #6 dreadnought (0/3)", "#5, #6"),
    ]

    listed = await seated.slash("/combat priority battle:1 ships:#5, #4", as_="player2")

    assert listed.ephemeral
    assert listed.embed.description.splitlines() == [
        "Blue's order for taking wounds among equally wounded ships is recorded.",
        "1. #5 destroyer (0/1)",
        "2. #4 destroyer (0/1)",
        "Not used at present: in this campaign the lowest ship id takes the wounds among "
        "equally wounded ships (wound_tie_break = lowest_id). The list is kept and "
        "counts if a GM sets owner_choice.",
    ]
    red = await seated.click(battle, GIVE_ORDERS, as_="player1")
    await seated.select(red, 0, values=["Blue — destroyers (3, level 2)"], as_="player1")
    # Red 4 attack dice (one hit), a destroyer's defence die; Blue's 3 + 3 dice miss.
    seated.script_dice([5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    await end_turn(seated)
    first = await seated.slash("/combat status battle:1", as_="player2")
    assert first.embed.field("End of round: wounds placed") == (
        "Volley 1 → Blue's destroyers: #3 +1 → 1/1, destroyed"
    )
    panel = await seated.slash("/combat orders battle:1", as_="player2")
    assert "damage priority" not in panel.embed.description  # lowest_id: the list is unused

    await setting(seated, "wound_tie_break", "owner_choice")
    now = await seated.slash("/combat priority battle:1", as_="player2")
    assert now.embed.description.splitlines() == [
        "1. #5 destroyer (0/1)",
        "2. #4 destroyer (0/1)",
        "This campaign lets the owner choose (wound_tie_break = owner_choice): among "
        "equally wounded ships of a class the first listed takes the wounds; ships not listed "
        "come after, lowest id first.",
    ]
    panel = await seated.slash("/combat orders battle:1", as_="player2")
    assert panel.ephemeral
    assert panel.embed.description.splitlines()[-1] == (
        "Your damage priority: among equally wounded ships #5, #4 take wounds first "
        "(/combat priority)."
    )
    assert "FC-I10" in panel.embed.footer.split("Rules: ")[1]
    status = await seated.slash("/combat status battle:1", as_="player1")
    assert "#5, #4" not in json.dumps(status.message.all_embeds[-1].raw)  # private to Blue
    await seated.slash("/combat order battle:1 class:cruiser target:Blue: destroyer", as_="player1")
    seated.script_dice([5, 1, 1, 1, 1, 1, 1, 1, 1, 1])  # Blue has 2 destroyers left
    await end_turn(seated, turn=2)
    second = await seated.slash("/combat status battle:1", as_="player2")
    assert second.embed.title == "Battle #1 at Mecatol — round 2, turn 2"
    assert second.embed.field("End of round: wounds placed") == (
        "Volley 1 → Blue's destroyers: #5 +1 → 1/1, destroyed"
    )
    assert "Blue: 1 destroyer, 1 dreadnought" in second.embed.field("Still in the battle")
    gone = await seated.slash("/combat priority battle:1", as_="player2")
    assert gone.embed.description.splitlines()[:2] == [
        "1. #5 — no longer in the fleet",
        "2. #4 destroyer (0/1)",
    ]
    later = await seated.slash("/combat orders battle:1", as_="player2")
    assert "ships #4 take wounds first" in later.embed.description  # #5 is gone


async def test_priority_refusals_and_clearing(seated):
    """Only own ships, only participants; a cleared list says so; all in the reader's language."""
    await declared(seated)
    foreign = await seated.slash("/combat priority battle:1 ships:#1", as_="player2")
    unreadable = await seated.slash("/combat priority battle:1 ships:dreadnought", as_="player2")
    outsider = await seated.slash("/бой приоритет бой:1", as_="player3")
    other = await seated.slash("/combat priority battle:1 ships:#3 faction:Red", as_="player2")

    assert (
        refusal(foreign) == "Blue has no ship #1 in this battle. Its ships there: #3, #4, #5, #6."
    )
    assert refusal(unreadable) == (
        "Cannot read “dreadnought”: list your ships by id, e.g. #6, #3 "
        "(/combat priority shows the ids)."
    )
    assert refusal(outsider) == "Вы не участвуете в бою №1."
    assert "You do not play Red" in refusal(other)
    await seated.slash("/combat priority battle:1 ships:6 3", as_="player2")
    listed = await seated.slash("/combat priority battle:1", as_="player2")
    assert listed.embed.description.splitlines()[:2] == [
        "1. #6 dreadnought (0/3)",
        "2. #3 destroyer (0/1)",
    ]
    both = await seated.slash("/combat priority battle:1 ships:#3 clear:true", as_="player2")
    empty = await seated.slash("/combat priority battle:1 ships:,", as_="player2")
    assert refusal(both) == "Either list ships or clear the list, not both (FC-I10)."
    assert refusal(empty) == (
        "Name at least one of your ships in the battle by id, or clear the list (FC-I10)."
    )
    cleared = await seated.slash("/combat priority battle:1 clear:true", as_="player2")
    assert cleared.embed.description.splitlines()[:2] == [
        "Blue's damage priority list is cleared.",
        "No list set.",
    ]


# --- split fire and hold fire (FC-I7) -------------------------------------------------------


async def test_split_fire_is_refused_while_the_setting_is_off(seated):
    """FC-I7 default: a class fires all its dice at one target; a split or a dice count is
    refused by clause, the autocomplete offers no second part, and the order stays as it was."""
    await declared(seated)
    await seated.slash("/combat order battle:1 class:cruiser target:Blue: destroyer", as_="player1")

    split = await seated.slash(
        f"/combat order battle:1 class:cruiser target:{SPLIT}", as_="player1"
    )
    counted = await seated.slash(
        "/combat order battle:1 class:cruiser target:Blue: dreadnought x4", as_="player1"
    )

    refused = (
        "In this campaign a class fires all its dice at one target (FC-I7). A GM can allow "
        "split fire with `/campaign settings set setting:fleet_combat.allow_split_fire "
        "value:true`."
    )
    assert refusal(split) == refused
    assert refusal(counted) == refused
    second = await seated.autocomplete(
        "/combat order battle:1 class:cruiser target:Blue: destroyer x1, ",
        as_="player1",
        focused="target",
    )
    assert second == []
    panel = await seated.slash("/combat orders battle:1", as_="player1")
    assert panel.embed.description == "1. 2 cruisers (4 dice at 5+) → Blue's destroyers"
    assert "To split" not in panel.embed.footer


async def test_split_fire_resolves_with_the_dice_split_as_ordered(seated):
    """FC-I7 `allow_split_fire`: Red's cruisers put 1 die on the destroyers and the other 3 on
    the dreadnought; the round rolls two volleys of exactly those dice."""
    await setting(seated, "allow_split_fire", "true")
    await declared(seated)
    after_first = await seated.autocomplete(
        "/combat order battle:1 class:cruiser target:Blue: destroyer x1, dre",
        as_="player1",
        focused="target",
    )
    assert [(c.name, c.value) for c in after_first] == [
        ("Blue: destroyer x1, Blue — dreadnoughts (1, level 4)", SPLIT)
    ]
    too_many = await seated.slash(
        "/combat order battle:1 class:cruiser target:Blue: destroyer x4, Blue: dreadnought",
        as_="player1",
    )
    assert refusal(too_many) == (
        "Give a number of dice for every part but the last, fewer than 4 in total (FC-I7)."
    )
    short = await seated.slash(
        "/combat order battle:1 class:cruiser target:Blue: destroyer x1, Blue: dreadnought x2",
        as_="player1",
    )
    assert refusal(short) == (
        "The parts add up to 3 dice, but 2 cruisers roll 4 dice (FC-I7). "
        "Leave the last part without a count: it takes the rest."
    )
    illegal = await seated.slash(
        "/combat order battle:1 class:cruiser target:Blue: destroyer x1, Blue: fighter",
        as_="player1",
    )
    assert refusal(illegal).startswith("Blue has no fighters in this battle."), refusal(illegal)

    ordered = await seated.slash(
        f"/combat order battle:1 class:cruiser target:{SPLIT}", as_="player1"
    )

    assert ordered.embed.description.splitlines() == [
        "Red's fire orders for round 1 of battle #1 are recorded.",
        "1. 2 cruisers (4 dice at 5+) → Blue's destroyers (1 die); Blue's dreadnought (3 dice)",
    ]
    assert "To split a class's dice: /combat order target:Blue: destroyer x1, Blue: cruiser" in (
        ordered.embed.footer
    )
    assert "FC-5.3" in ordered.embed.footer.split("Rules: ")[1]
    # Blue's own panel names Blue's opponent in the example, never Blue itself.
    blue_panel = await seated.slash("/combat orders battle:1", as_="player2")
    assert "/combat order target:Red: destroyer x1, Red: cruiser" in blue_panel.embed.footer
    assert [(o.label, o.default) for o in ordered.selects[0].options][:2] == [
        ("Automatic target (FC-I17)", False),
        ("Split fire as typed with /combat order (FC-I7)", True),
    ]
    kept = await seated.select(ordered, 0, values=["split"], as_="player1")
    assert kept.embed.description.endswith("Blue's dreadnought (3 dice)")
    # Red: 1 die (6) → 1 hit, defence 1; 3 dice (5, 4, 1) → 1 hit, defence 2; Blue misses.
    seated.script_dice([6, 1, 5, 4, 1, 2, 1, 1, 1, 1, 1, 1])

    summary = await end_turn(seated)

    assert summary.description.splitlines()[0] == (
        "Battle #1 at Mecatol, round 1: Red lost no ships; Blue lost 1 destroyer — "
        "still fighting (frozen until the next turn)"
    )
    assert summary.footer.endswith("Rules: FC-5.23")
    report = await seated.slash("/combat status battle:1 round:1", as_="player2")
    assert report.embed.description.split("\n\n")[1:3] == [
        "**1. Red's 2 cruisers → Blue's destroyers**\n"
        "Attack, 1 die at 5+: 6 → 1 hit\nDefence 6+: 1 → 1 wound",
        "**2. Red's 2 cruisers → Blue's dreadnought**\n"
        "Attack, 3 dice at 5+: 5, 4, 1 → 1 hit\nDefence 4+: 2 → 1 wound",
    ]
    assert report.embed.field("End of round: wounds placed") == (
        "Volley 1 → Blue's destroyers: #3 +1 → 1/1, destroyed\n"
        "Volley 2 → Blue's dreadnought: #6 +1 → 1/3"
    )
    assert seated.faces.pending == []


async def test_a_group_holding_fire_is_told_in_its_turn_of_the_round(seated):
    """FC-I7: Red fires first and its cruisers hold fire; the round's log says so where Red's
    fire would stand, before Blue's volleys, not after the whole round's fire."""
    await setting(seated, "allow_hold_fire", "true")
    await declared(seated)
    await seated.slash("/combat order battle:1 class:cruiser target:hold", as_="player1")
    seated.script_dice([1] * 6)  # Blue's destroyers and dreadnought miss

    await end_turn(seated)

    report = (await seated.slash("/combat status battle:1 round:1", as_="player2")).embed
    blocks = report.description.split("\n\n")
    assert blocks[1] == "Red's cruisers held fire as ordered."
    assert blocks[2].startswith("**1. Blue's 3 destroyers → Red's cruisers**")
    assert seated.faces.pending == []


async def test_hold_fire_by_menu_and_by_typing(seated):
    """FC-I7 `allow_hold_fire`: refused by clause while off (no menu option either); once on,
    Blue's destroyers hold by menu and the dreadnought by typing, and neither fires."""
    battle = await declared(seated)
    off = await seated.slash("/combat order battle:1 class:destroyer target:hold", as_="player2")
    assert refusal(off) == (
        "Holding fire is not allowed in this campaign: every group fires (FC-I7). A GM can "
        "allow it with `/campaign settings set setting:fleet_combat.allow_hold_fire value:true`."
    )
    panel = await seated.click(battle, GIVE_ORDERS, as_="player2")
    assert "Hold fire (FC-I7)" not in [o.label for o in panel.selects[0].options]

    await setting(seated, "allow_hold_fire", "true")
    offered = await seated.autocomplete(
        "/combat order battle:1 class:dreadnought target:", as_="player2", focused="target"
    )
    assert (offered[0].name, offered[0].value) == ("Hold fire (FC-I7)", "hold")
    panel = await seated.click(battle, GIVE_ORDERS, as_="player2")
    panel = await seated.select(
        panel, "3 destroyers fire at…", values=["Hold fire (FC-I7)"], as_="player2"
    )
    typed = await seated.slash(
        "/combat order battle:1 class:dreadnought target:hold", as_="player2"
    )
    assert typed.embed.description.splitlines()[1:] == [
        "1. 3 destroyers (3 dice at 5+) → hold fire",
        "2. 1 dreadnought (3 dice at 4+) → hold fire",
    ]
    seated.script_dice([1, 1, 1, 1])  # only Red's cruisers roll

    summary = await end_turn(seated)

    assert summary.description.startswith("Battle #1 at Mecatol, round 1: ")
    report = (await seated.slash("/combat status battle:1 round:1", as_="player2")).embed
    assert "Blue's destroyers held fire as ordered." in report.description
    assert "Blue's dreadnoughts held fire as ordered." in report.description
    assert "Blue's 3 destroyers →" not in report.description
    assert seated.faces.pending == []


async def test_russian_player_holds_fire_and_splits_in_russian(seated):
    """Green (ru) orders with Russian command names and words: «не стрелять», a split."""
    await setting(seated, "allow_hold_fire", "true")
    await setting(seated, "allow_split_fire", "true")
    await seated.slash("/бой флот изменить точка:Вега корабли:2 крейсера, 1 эсминец", as_="player3")
    await seated.slash("/combat fleet set point:Вега ships:3 destroyer, 1 dn", as_="player2")
    await seated.slash("/бой атака точка:Вега цели:Blue", as_="player3")

    held = await seated.slash("/бой приказ бой:1 класс:эсминец цель:не стрелять", as_="player3")
    split = await seated.slash(
        "/бой приказ бой:1 класс:крейсер цель:Blue: эсминец x1, Blue: дредноут", as_="player3"
    )

    assert held.embed.title == "Приказы на стрельбу — бой №1, раунд 1 (Green)"
    assert split.embed.description.splitlines()[1:] == [
        "1. 1 эсминец (1 кубик, атака 5+) → не стрелять",
        "2. 2 крейсера (4 кубика, атака 5+) → Blue, цель — эсминцы (1 кубик); "
        "Blue, цель — дредноут (3 кубика)",
    ]
    assert "последняя получает остальные." in split.embed.footer
    assert "FC-I7" in split.embed.footer.split("Правила: ")[1]
