"""Fleet combat played through Discord: `/combat …` with the real bot on the stand-in.

Player1 plays Red, player2 Blue, player3 Green (in Russian). Faces are scripted in the order
rules/fleet-combat.md rolls them: for each volley the attack dice, then the defence dice.
"""

from __future__ import annotations

import gzip
import hashlib
import json

import pytest

from bot.interactions import NEUTRAL_COLOUR
from bot.interactions import WAITING_COLOUR
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import combat_odds
from bot.rules.fleet_combat import fleet_from_counts
from bot.standin import ClientRefused
from bot.standin import EmbedView
from tests.e2e.confirming import confirmed

GIVE_ORDERS = "Give orders"
# FC-E1: A (Red) has cruisers c1, c2; B (Blue) destroyers d3, d4, d5 and dreadnought D6.
FC_E1_FACES = [5, 2, 6, 1, 3, 5, 6, 5, 4, 2, 6, 4, 1, 3, 1]


@pytest.fixture
async def seated(campaign):
    """Red, Blue and Green joined; Red and Blue have registered the FC-E1 fleets at Mecatol."""
    table = campaign
    for player, faction in (("player1", "Red"), ("player2", "Blue"), ("player3", "Green")):
        joined = await table.slash(f"/campaign join faction:{faction}", as_=player)
        assert not joined.ephemeral, joined.text()
    red = await table.slash("/combat fleet set point:Mecatol ships:2 cruiser", as_="player1")
    assert red.embed.description == "Red's fleet at Mecatol: 2 cruisers."
    blue = await table.slash(
        "/combat fleet set point:mecatol ships:3 destroyers, 1 dreadnought", as_="player2"
    )
    assert blue.embed.description == "Blue's fleet at Mecatol: 3 destroyers, 1 dreadnought."
    assert blue.embed.field("Ships: #id (wounds/life)") == (
        "destroyers: #3 (0/1), #4 (0/1), #5 (0/1)\ndreadnoughts: #6 (0/3)"
    )
    return table


def refusal(reply):
    """The text of an ephemeral refusal (the error embed's description)."""
    assert reply.ephemeral, reply.text()
    return reply.embed.description


async def declared(table):
    """Red attacks Blue at Mecatol: battle #1."""
    reply = await table.slash("/combat attack point:Mecatol targets:Blue", as_="player1")
    assert not reply.ephemeral, reply.text()
    return reply


async def give_fc_e1_orders(table, battle):
    """Red's cruisers at the dreadnought; Blue lists destroyers, then the dreadnought."""
    red = await table.click(battle, GIVE_ORDERS, as_="player1")
    await table.select(red, "2 cruisers fire at…", values=["Blue — dreadnoughts (1, level 4)"])
    blue = await table.click(battle, GIVE_ORDERS, as_="player2")
    blue = await table.select(
        blue, "3 destroyers fire at…", values=["Red — cruisers (2, level 3)"], as_="player2"
    )
    return await table.select(
        blue, "1 dreadnought fires at…", values=["Red — cruisers (2, level 3)"], as_="player2"
    )


async def end_turn(table, turn=1):
    """The GM's /turn end; returns the fleet combat summary embed everyone sees."""
    question = await table.slash("/turn end", as_="gm")
    ended = await table.click(question, f"End turn {turn}", as_="gm")
    return next(
        EmbedView(e) for m in ended.followups for e in m.embeds if "Fleet combat" in e["title"]
    )


async def test_fc_e1_played_through_discord_orders_by_menu_and_the_turn_end(seated):
    """FC-E1 (FC-4.4–5.23, FC-I6, FC-I9, FC-I10): both players order by select, the GM ends
    the turn, both read the round with the exact faces; c1 dies, D6 keeps 1 wound."""
    battle = await declared(seated)
    assert battle.embed.title == "Battle #1 at Mecatol"
    assert battle.embed.description.splitlines()[:2] == [
        "Red attacks Blue at Mecatol: battle #1 begins.",
        "No further movement this turn for: Red, Blue.",
    ]
    assert battle.embed.footer == "Rules: FC-4.1, FC-4.2, FC-I6, FC-6.4, FC-I17"
    assert str(seated.member("player2").id) in battle.content  # the target is pinged
    stats = battle.embed.field("Ship statistics in force")
    assert "**Cruisers** — level 3 · attack 2×5+ · defence 5+ · life 2" in stats
    assert "**Dreadnoughts** — level 4 · attack 3×4+ · defence 4+ · life 3" in stats

    red = await seated.click(battle, GIVE_ORDERS, as_="player1")
    assert red.ephemeral and red.embed.title == "Fire orders — battle #1, round 1 (Red)"
    # FC-5.4: cruisers (level 3) reach destroyers (2) and the dreadnought (4).
    assert [o.label for o in red.selects[0].options] == [
        "Automatic target (FC-I17)",
        "Blue — destroyers (3, level 2)",
        "Blue — dreadnoughts (1, level 4)",
    ]
    blue = await give_fc_e1_orders(seated, battle)
    assert blue.embed.description == (
        "1. 3 destroyers (3 dice at 5+) → Red's cruisers\n"
        "2. 1 dreadnought (3 dice at 4+) → Red's cruisers"
    )
    waiting = await seated.slash("/turn status", as_="gm")
    assert waiting.embed.field("Fleet combat") == "Nothing to wait for."
    seated.script_dice(FC_E1_FACES)

    summary = await end_turn(seated)

    # One line per battle; the volleys are in the battle's log, one command away.
    assert summary.description.splitlines() == [
        "Battle #1 at Mecatol, round 1: Red lost 1 cruiser; Blue lost no ships — "
        "still fighting (frozen until the next turn)",
        "Every volley and wound of a round: /combat status battle:N round:R "
        "(e.g. /combat status battle:1 round:1).",
    ]
    assert summary.footer.endswith("· Rules: FC-5.23")
    assert seated.faces.pending == []
    for player in ("player1", "player2"):
        report = await seated.slash("/combat status battle:1 round:1", as_=player)
        first = report.embed
        assert first.title == "Battle #1 at Mecatol — round 1, turn 1"
        assert first.description.split("\n\n") == [
            "**Battle #1 at Mecatol, round 1: Red lost 1 cruiser; Blue lost no ships — "
            "still fighting (frozen until the next turn)**",
            "**1. Red's 2 cruisers → Blue's dreadnought**\n"
            "Attack, 4 dice at 5+: 5, 2, 6, 1 → 2 hits\nDefence 4+: 3, 5 → 1 wound",
            "**2. Blue's 3 destroyers → Red's cruisers**\n"
            "Attack, 3 dice at 5+: 6, 5, 4 → 2 hits\nDefence 5+: 2, 6 → 1 wound",
            "**3. Blue's 1 dreadnought → Red's cruisers**\n"
            "Attack, 3 dice at 4+: 4, 1, 3 → 1 hit\nDefence 5+: 1 → 1 wound",
        ]
        assert first.field("End of round: wounds placed") == (
            "Volley 1 → Blue's dreadnought: #6 +1 → 1/3\n"
            "Volley 2 → Red's cruisers: #1 +1 → 1/2\n"
            "Volley 3 → Red's cruisers: #1 +1 → 2/2, destroyed"
        )
        assert first.field("Losses") == "Red loses 1 cruiser."
        assert first.field("Still in the battle") == (
            "Red: 1 cruiser\nBlue: 3 destroyers, 1 dreadnought (wounds: 1)"
        )
        now = report.message.all_embeds[-1]
        assert now.title == "Battle #1 at Mecatol"
        assert "Round 2 is fought at the end of this turn;" in now.description
        assert now.field("Red") == "1 cruiser\nNo fire orders yet: automatic targets"
        assert now.footer == "Rules: FC-I6, FC-6.1, FC-I17"


async def test_a_player_outside_the_battle_or_not_gm_is_refused_and_nothing_changes(seated):
    """Only participants get an orders panel (their own); only a GM fights a round at once."""
    battle = await declared(seated)
    red = await seated.click(battle, GIVE_ORDERS, as_="player1")
    await seated.select(red, 0, values=["Blue — dreadnoughts (1, level 4)"], as_="player1")

    with pytest.raises(ClientRefused, match="cannot see that message"):
        await seated.select(red, 0, values=["Blue — destroyers (3, level 2)"], as_="player2")
    outsider = await seated.click(battle, GIVE_ORDERS, as_="player3")
    assert "Вы не участвуете в бою №1." in refusal(outsider)
    blue = await seated.click(battle, GIVE_ORDERS, as_="player2")
    assert blue.embed.title == "Fire orders — battle #1, round 1 (Blue)"  # not Red's orders
    typed = await seated.slash(
        "/combat order battle:1 class:cruiser target:Blue: destroyer faction:Red", as_="player2"
    )
    assert "You do not play Red" in refusal(typed)
    question = await seated.slash("/combat resolve battle:1", as_="gm")
    refused = await seated.click(question, "Fight round 1 of battle #1", as_="player1")
    assert "Only a GM" in refusal(refused)

    again = await seated.slash("/combat orders battle:1", as_="player1")
    assert again.embed.description == "1. 2 cruisers (4 dice at 5+) → Blue's dreadnought"
    status = await seated.slash("/combat status battle:1", as_="player1")
    assert "Round 1 is fought" in status.embed.description
    assert status.embed.field("Red").endswith("Fire orders given ✓")


async def test_retreat_in_round_one_is_refused_naming_the_clause(seated):
    """FC-6.4, FC-I15: no retreat in the first round (ephemeral, nothing changes); from round
    2 it is announced, the retreater fires nothing and takes a parting volley (FC-6.2)."""
    await declared(seated)

    refused = await seated.slash("/combat retreat battle:1", as_="player1")

    assert refusal(refused) == (
        "Retreat cannot be declared for round 1: the earliest round for a retreat is 2 "
        "(FC-6.4, FC-I15). A GM sets that round with `/campaign settings set "
        "setting:fleet_combat.retreat_min_round value:…`."
    )
    status = await seated.slash("/combat status battle:1", as_="player2")
    assert "No retreat can be declared for round 1." in status.embed.description
    assert "FC-6.4" in status.embed.footer

    seated.script_dice([1, 1, 1, 1, 1, 1, 1, 1, 1, 1])  # round 1: nobody hits
    await end_turn(seated)
    retreat = await seated.slash("/combat retreat battle:1", as_="player1")
    assert not retreat.ephemeral
    assert "Red will retreat in round 2 of battle #1" in retreat.embed.description
    panel = await seated.slash("/combat orders battle:1", as_="player1")
    assert "You retreat this round" in panel.embed.description and panel.selects == []
    seated.script_dice([1, 1, 1, 1, 1, 1])  # Blue's parting volleys miss

    summary = await end_turn(seated, turn=2)

    lines = summary.description.splitlines()
    assert lines[0] == (
        "Battle #1 at Mecatol, round 2: Blue lost no ships; Red lost no ships; Red retreated"
        " and moves 2 points in any direction (/combat fleet move) — over, Blue won"
    )
    assert summary.footer.endswith("Rules: FC-6.3, FC-I16")
    told = await seated.slash("/combat status battle:1 round:2", as_="player2")
    assert "Red retreats: fires nothing this round and takes a parting volley." in (
        told.embed.description
    )
    volleys = [b.split("**")[1] for b in told.embed.description.split("\n\n") if "→" in b]
    assert volleys == [
        "1. Blue's 3 destroyers → Red's cruisers",
        "2. Blue's 1 dreadnought → Red's cruisers",
    ]
    after = await seated.slash("/combat status battle:1", as_="player2")
    assert after.message.all_embeds[-1].field("Red") == "Left the battle."


async def test_a_restart_between_orders_and_the_end_of_turn_loses_no_order(seated):
    """Orders live in the campaign state and the `fc:` buttons are persistent: after a restart
    the old button still opens the panel, and the end of turn fires as ordered."""
    battle = await declared(seated)
    await give_fc_e1_orders(seated, battle)
    red_panel = await seated.slash("/combat orders battle:1", as_="player1")

    await seated.restart()

    changed = await seated.select(red_panel, 0, values=["Blue — destroyers (3, level 2)"])
    assert changed.embed.description == "1. 2 cruisers (4 dice at 5+) → Blue's destroyers"
    await seated.restart()
    panel = await seated.click(battle, GIVE_ORDERS, as_="player1")
    assert panel.embed.description == "1. 2 cruisers (4 dice at 5+) → Blue's destroyers"
    seated.script_dice([1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    summary = await end_turn(seated)
    assert summary.description.startswith("Battle #1 at Mecatol, round 1: ")
    report = (await seated.slash("/combat status battle:1 round:1", as_="player1")).embed
    assert "**1. Red's 2 cruisers → Blue's destroyers**" in report.description
    assert "Attack, 4 dice at 5+: 1, 1, 1, 1" in report.description
    assert "Blue's 3 destroyers → Red's cruisers" in report.description
    assert "automatic target" not in report.description


async def test_groups_without_orders_are_auto_targeted_and_the_summary_says_who(seated):
    """FC-I7, FC-I17: nobody gave orders; every group fires at the highest eligible level."""
    await declared(seated)
    waiting = await seated.slash("/turn status", as_="player1")
    assert "no fire orders yet from Red, Blue" in waiting.embed.field("Fleet combat")
    seated.script_dice([1] * 10)

    summary = await end_turn(seated)

    assert "Battle #1 at Mecatol, round 1: Red lost no ships; Blue lost no ships" in (
        summary.description
    )
    report = await seated.slash("/combat status battle:1 round:1", as_="player2")
    text = report.embed.description
    assert "**1. Red's 2 cruisers → Blue's dreadnought**" in text
    assert text.count("automatic target, no orders") == 3
    assert "FC-I17" in report.embed.footer


async def test_typed_orders_with_autocomplete_offer_only_legal_targets(seated):
    """FC-5.4–5.7, FC-E5: fighters facing a dreadnought and a war sun may shoot only the
    dreadnought; the typed order names the clause when it breaks the ladder."""
    await seated.slash("/combat fleet set point:Vega ships:3 fighter", as_="player1")
    await seated.slash("/combat fleet set point:Vega ships:dn, ws", as_="player2")
    await seated.slash("/combat attack point:Vega targets:Blue", as_="player1")

    classes = await seated.autocomplete(
        "/combat order battle:1 class:", as_="player1", focused="class"
    )
    assert [(c.name, c.value) for c in classes] == [("3 fighters", "fighter")]
    targets = await seated.autocomplete(
        "/combat order battle:1 class:fighter target:", as_="player1", focused="target"
    )
    assert [(c.name, c.value) for c in targets] == [
        ("Blue — dreadnoughts (1, level 4)", "Blue: dreadnought")
    ]
    battles = await seated.autocomplete("/combat status battle:", as_="player1")
    assert [(c.name, c.value) for c in battles] == [("#1 Vega — Red, Blue (round 1)", 1)]

    refused = await seated.slash(
        "/combat order battle:1 class:fighters target:Blue war sun", as_="player1"
    )
    assert "Allowed: dreadnoughts (FC-5.4, FC-I8)" in refusal(refused)
    ordered = await seated.slash(
        "/combat order battle:1 class:fighters target:Blue: dreadnought", as_="player1"
    )
    assert ordered.ephemeral
    assert ordered.embed.description.splitlines() == [
        "Red's fire orders for round 1 of battle #1 are recorded.",
        "1. 3 fighters (3 dice at 6+) → Blue's dreadnought",
    ]
    assert "FC-5.3" in ordered.embed.footer.split("Rules: ")[1]


async def test_six_classes_get_their_menus_on_two_pages(seated):
    """Discord shows at most five rows: six groups get four menus per page and page buttons."""
    await seated.slash(
        "/combat fleet set point:Vega ships:fighter, destroyer, cruiser, carrier, dn, war sun",
        as_="player1",
    )
    await seated.slash("/combat fleet set point:Vega ships:2 destroyer", as_="player2")
    battle = await seated.slash("/combat attack point:Vega targets:Blue", as_="player1")

    panel = await seated.click(battle, GIVE_ORDERS, as_="player1")

    assert len(panel.embed.description.splitlines()) == 6
    assert [s.placeholder for s in panel.selects] == [
        "1 fighter fires at…",
        "1 destroyer fires at…",
        "1 cruiser fires at…",
        "1 carrier fires at…",
    ]
    assert [(b.label, b.disabled) for b in panel.buttons] == [
        ("Classes 1/2", True),
        ("Classes 2/2", False),
    ]
    second = await seated.click(panel, "Classes 2/2", as_="player1")
    assert [s.placeholder for s in second.selects] == [
        "1 dreadnought fires at…",
        "1 war sun fires at…",
    ]
    ordered = await seated.select(second, 1, values=["Blue — destroyers (2, level 2)"])
    assert ordered.embed.description.splitlines()[0] == (
        "1. 1 war sun (4 dice at 3+) → Blue's destroyers"
    )
    assert ordered.selects[0].placeholder == "1 war sun fires at…"


async def test_fleet_syntax_is_forgiving_and_errors_list_the_classes(seated):
    """Counts before or after, plurals, shorthand and per-ship wounds; errors say what is
    allowed and change nothing (FC-I4, FC-3.1)."""
    edited = await seated.slash(
        "/combat fleet set point:Vega ships:cruiser x2 (1, 0); 1 dread (2 wounds); 2 ff",
        as_="player1",
    )
    assert edited.embed.description == (
        "Red's fleet at Vega: 2 cruisers (wounds: 1, 0), 1 dreadnought (wounds: 2), 2 fighters."
    )
    unknown = await seated.slash("/combat fleet set point:Vega ships:3 frigates", as_="player1")
    assert refusal(unknown).startswith(
        "Unknown ship class “frigates”. Classes: fighters, destroyers, cruisers"
    )
    dead = await seated.slash("/combat fleet set point:Vega ships:1 destroyer (1)", as_="player1")
    assert "its life is 1 (FC-3.1)" in refusal(dead)
    shown = await seated.slash("/combat fleet show faction:Red", as_="player2")
    assert shown.embed.field("Vega") == (
        "Red: 2 cruisers (wounds: 1, 0), 1 dreadnought (wounds: 2), 2 fighters"
    )
    battle = await declared(seated)
    engaged = await seated.slash("/combat fleet set point:Mecatol ships:5 cruiser", as_="player1")
    assert "(FC-I6)" in refusal(engaged)
    assert battle.embed.field("Red").startswith("2 cruisers")


async def test_odds_of_fleets_typed_inline_and_registered(seated):
    """FC-I17 odds: exact for small fleets (FC-P2's pair, fought to the end); only the asker
    sees them unless they ask to post them (checking odds should not announce a plan)."""
    expected = combat_odds(
        fleet_from_counts("A", {"cruiser": 1}),
        fleet_from_counts("B", {"destroyer": 1}),
        FleetCombatSettings(),
    )

    odds = await seated.slash("/combat odds a:1 cruiser b:1 destroyer", as_="player3")

    assert odds.ephemeral
    embed = odds.embed
    assert embed.title == "Шансы: Флот А (стреляет первым) ⚔ Флот Б"
    chance = f"{100 * expected.a_wins:.1f}".replace(".", ",")  # a decimal comma in Russian
    assert f"Флот А — победа: {chance} %" in embed.description
    assert embed.footer.startswith("Точный расчёт")
    registered = await seated.slash(
        "/combat odds a_faction:Blue b_faction:Red public:true", as_="player1"
    )
    assert not registered.ephemeral
    assert registered.embed.title == "Odds: Blue (fires first) against Red"
    assert "Blue wins:" in registered.embed.description
    assert registered.embed.field("Red") == "2 cruisers"
    missing = await seated.slash("/combat odds a:2 cruiser", as_="player1")
    assert "Give fleet B" in refusal(missing)


async def test_russian_player_plays_in_russian(seated):
    """Player3 (ru) registers with Russian class names and Russian commands, attacks, and
    reads the orders panel and refusals in Russian; what is posted for everyone is in the
    campaign's language (the guild's: English, issue 18)."""
    fleet = await seated.slash(
        "/бой флот изменить точка:Мекатол корабли:2 крейсера, 1 дредноут (1 рана)",
        as_="player3",
    )
    assert fleet.embed.description == (
        "Green's fleet at Мекатол: 2 cruisers, 1 dreadnought (wounds: 1)."
    )
    await seated.slash("/combat fleet set point:Мекатол ships:4 destroyer", as_="player1")
    battle = await seated.slash("/бой атака точка:Мекатол цели:Red", as_="player3")
    assert battle.embed.title == "Battle #1 at Мекатол"
    assert "Green attacks Red" in battle.embed.description
    panel = await seated.click(battle, "Give orders", as_="player3")
    assert panel.embed.title == "Приказы на стрельбу — бой №1, раунд 1 (Green)"
    assert [o.label for o in panel.selects[0].options] == [
        "Цель выбирается автоматически (FC-I17)",
        "Red — эсминцы (4, уровень 2)",
    ]
    refused = await seated.slash("/бой отступить бой:1", as_="player3")
    assert "(FC-6.4, FC-I15)" in refusal(refused)
    wrong = await seated.slash("/бой флот изменить точка:Вега корабли:3 фрегата", as_="player3")
    assert "Неизвестный класс кораблей «фрегата»" in refusal(wrong)


async def test_the_gm_sets_and_uploads_the_ship_table(seated):
    """FC-I4: the campaign's own statistics are used and shown in the battle embed; only a
    GM changes them, and a table must keep the classes registered ships use."""
    refused = await seated.slash("/combat stats set class:cruiser attack:3x5+", as_="player1")
    assert "Only a GM" in refusal(refused)
    changed = await seated.slash("/combat stats set class:крейсер attack:3x5+ life:3", as_="gm")
    assert "**Cruisers** — level 3 · attack 3×5+ · defence 5+ · life 3" in (
        changed.embed.description
    )
    assert changed.embed.footer.startswith("This campaign's own table. Attack N×K+")
    assert changed.embed.footer.endswith("Rules: FC-I13, FC-I4")
    battle = await declared(seated)
    assert "**Cruisers** — level 3 · attack 3×5+ · defence 5+ · life 3" in battle.embed.field(
        "Ship statistics in force"
    )

    shown = await seated.slash("/combat stats show", as_="player1")
    table = json.loads(shown.attachments[0].text)
    assert table["classes"]["cruiser"] == {
        "level": 3,
        "attack": "3x5+",
        "defence": "5+",
        "life": 3,
    }
    del table["classes"]["cruiser"]
    dropped = await seated.slash(
        "/combat stats upload file:t.json", as_="gm", files={"t.json": json.dumps(table).encode()}
    )
    assert "cruiser" in refusal(dropped)
    reset = await confirmed(seated, "/combat stats reset", as_="gm")
    assert "attack 2×5+" in reset.embed.description


async def test_a_long_battle_pages_through_its_log_within_discords_limits(seated):
    """A GM's table of 12 heavy classes makes one round far longer than a message holds: the
    report is paged (◀ Newer · Older ▶) and the GM fights the round at once with a confirm."""
    classes = {
        f"class{n:02d}": {"level": 1, "attack": "20x2+", "defence": "6+", "life": 50}
        for n in range(12)
    }
    upload = json.dumps({"classes": classes}).encode()
    await confirmed(seated, "/combat fleet remove point:Mecatol", as_="player1")
    await confirmed(seated, "/combat fleet remove point:Mecatol", as_="player2")
    loaded = await seated.slash(
        "/combat stats upload file:big.json", as_="gm", files={"big.json": upload}
    )
    assert "12 classes" in loaded.embed.description
    ships = ", ".join(f"20 class{n:02d}" for n in range(12))
    await seated.slash(f"/combat fleet set point:Ring ships:{ships}", as_="player1")
    await seated.slash(f"/combat fleet set point:Ring ships:{ships}", as_="player2")
    await seated.slash("/combat attack point:Ring targets:Blue", as_="player1")

    question = await seated.slash("/combat resolve battle:1", as_="gm")
    cancelled = await seated.click(question, "Cancel", as_="gm")
    assert cancelled.embed.title == "Battle #1: the round was not fought."
    question = await seated.slash("/combat resolve battle:1", as_="gm")
    report = await seated.click(question, "Fight round 1 of battle #1", as_="gm")

    assert report.embed.title == "Battle #1 at Ring — round 1, turn 1"
    footer = report.message.all_embeds[-1].footer
    pages = int(footer.split(" · ")[0].rsplit(" ", 1)[1])
    assert footer.startswith(f"Page 1 of {pages} · Rules: ") and pages > 3
    assert sum(len(json.dumps(e)) for e in report.embeds) < 12_000
    seen = [report]
    for _ in range(pages - 1):
        seen.append(await seated.click(seen[-1], "◀ Newer", as_="player2"))
    assert seen[-1].message.all_embeds[-1].title == "Battle #1 at Ring"
    assert seen[-1].button("◀ Newer").disabled
    back = await seated.click(seen[-1], "Older ▶", as_="player1")
    assert back.message.all_embeds[-1].footer.startswith(f"Page {pages - 1} of {pages}")
    twice = await seated.slash("/combat resolve battle:1", as_="gm")
    assert "Fight round 2 of battle #1" in [b.label for b in twice.buttons]


async def test_every_round_stays_in_the_battle_log_across_turns_and_a_restart(seated):
    """FC-I6: each end of turn fights one round; the round reports are kept in the battle's
    log (the ruleset archive, not the state), so after a restart `/combat status` still pages
    from the latest round back to the first, or opens at a round asked for."""
    await declared(seated)
    seated.script_dice([1] * 10)
    await end_turn(seated, turn=1)
    seated.script_dice([1] * 10)
    await end_turn(seated, turn=2)

    await seated.restart()

    status = await seated.slash("/combat status battle:1", as_="player2")
    assert status.embed.title == "Battle #1 at Mecatol — round 2, turn 2"
    assert status.message.all_embeds[-1].title == "Battle #1 at Mecatol"
    older = await seated.click(status, "Older ▶", as_="player1")
    assert older.embed.title == "Battle #1 at Mecatol — round 1, turn 1"
    assert "**1. Red's 2 cruisers → Blue's dreadnought**" in older.embed.description
    assert "Attack, 4 dice at 5+: 1, 1, 1, 1 → 0 hits" in older.embed.description
    assert older.button("Older ▶").disabled
    again = await seated.slash("/combat status battle:1", as_="player1")
    assert again.embed.title == "Battle #1 at Mecatol — round 2, turn 2"
    first = await seated.slash("/combat status battle:1 round:1", as_="player1")
    assert first.embed.title == "Battle #1 at Mecatol — round 1, turn 1"
    assert first.button("Older ▶").disabled and not first.button("◀ Newer").disabled
    ahead = await seated.slash("/combat status battle:1 round:3", as_="player1")
    assert refusal(ahead) == "Battle #1 has no round 3 in its log yet: 2 rounds fought so far."
    nameless = await seated.slash("/бой состояние раунд:1", as_="player3")
    assert refusal(nameless) == "Укажите и бой: /бой состояние бой: раунд:."


async def test_history_verify_catches_an_edited_battle_log(seated):
    """The turn end's audit entry lists each round report it archived with a digest: the
    battle log is part of what `/history verify` proves, and `/history show` of the turn end
    gives the short summary; `/history export` carries the log with what verifies it."""
    await declared(seated)
    seated.script_dice([1] * 10)
    await end_turn(seated)
    ok = await seated.slash("/history verify", as_="player2")
    assert "✅ The log is intact" in ok.text()
    listed = await seated.slash("/history list ruleset:fleet_combat", as_="player1")
    assert "1 round fought in 1 battle; 0 battles ended." in listed.text()

    exported = await seated.slash("/history export", as_="player1")
    data = json.loads(
        gzip.decompress(next(a for a in exported.attachments if a.filename.endswith(".gz")).data)
    )
    (page,) = data["archive"]
    (turn_end,) = [e for e in data["entries"] if e["outcome"].get("archive")]
    assert (page["ruleset"], page["key"], page["seq"]) == ("fleet_combat", "battle/1", 1)
    assert turn_end["outcome"]["archive"] == [
        ["battle/1", 1, hashlib.sha256(page["body"].encode()).hexdigest()]
    ]
    assert json.loads(page["body"])["volleys"][0]["attack_faces"] == [1, 1, 1, 1]

    async with seated.bot.db.transaction() as conn:
        await conn.execute(
            "UPDATE ruleset_archive SET body = replace(body, '\"attack_faces\":[1,1,1,1]', "
            "'\"attack_faces\":[6,6,6,6]')"
        )
    shown = await seated.slash("/combat status battle:1", as_="player1")
    assert "6, 6, 6, 6" in shown.embed.description  # the forged page shows…
    bad = await seated.slash("/history verify", as_="player2")
    assert "tampered" in bad.text()  # …and verify names the entry that wrote it
    assert bad.embed.description.startswith("A record that entry #")
    assert "was changed afterwards" in bad.embed.description


async def test_repeating_an_attack_already_fought_answers_privately_and_pings_nobody(seated):
    """Review #18, FC-4.1: Red attacks Blue at Mecatol, then types the same attack again: the
    answer is Red's alone, names battle #1, posts nothing and pings nobody; the log keeps one
    attack. Green, present but not yet fighting, can still be attacked there."""
    table = seated
    await declared(table)
    posted = len(table.channel_messages())

    again = await table.slash("/combat attack point:mecatol targets:Blue", as_="player1")

    assert refusal(again) == (
        "You are already fighting Blue in battle #1 at Mecatol; nothing changed. Give your"
        " fire orders with /combat orders."
    )
    assert again.pings == frozenset()
    assert len(table.channel_messages()) == posted
    log = await table.slash("/history list", as_="player1")
    assert log.text().count("combat attack") == 1
    await table.slash("/combat fleet set point:Mecatol ships:1 cruiser", as_="player3")
    joined = await table.slash("/combat attack point:Mecatol targets:Blue, Green", as_="player1")
    assert not joined.ephemeral and joined.pings == {"player2", "player3"}


async def test_colour_and_first_line_say_what_a_battle_message_means(seated):
    """Issue 18: an attack waits for the attacked player's orders, its outcome first; a round's
    report opens with what the round came to, neutral (two sides, nobody's gain alone); the
    clauses are in the footer."""
    battle = await declared(seated)
    assert battle.embed.color == WAITING_COLOUR.value
    assert battle.embed.description.splitlines()[0] == (
        "Red attacks Blue at Mecatol: battle #1 begins."
    )
    await give_fc_e1_orders(seated, battle)
    status = await seated.slash("/combat status battle:1", as_="player1")
    assert status.embed.color == NEUTRAL_COLOUR.value  # nothing left to wait for
    seated.script_dice(FC_E1_FACES)
    await end_turn(seated)
    report = (await seated.slash("/combat status battle:1 round:1", as_="player2")).embed
    assert report.color == NEUTRAL_COLOUR.value
    assert report.description.splitlines()[0] == (
        "**Battle #1 at Mecatol, round 1: Red lost 1 cruiser; Blue lost no ships — "
        "still fighting (frozen until the next turn)**"
    )
    assert "(FC-" not in report.description
    assert report.footer == "Rules: FC-5.23, FC-5.21"


async def test_a_battle_label_too_long_for_discord_ends_at_a_whole_faction(campaign):
    """Three factions with long names fight at Vega: the `battle` autocomplete's label keeps
    the factions that fit within Discord's 100 characters, whole, then "…" (in Russian too),
    and still finds the battle by a faction left out."""
    names = [
        f"{colour} Admiralty of the Outer Rim Confederacy" for colour in ("Red", "Blue", "Gold")
    ]
    for player, name in zip(("player1", "player2", "player3"), names, strict=True):
        await campaign.slash(f"/campaign join faction:{name}", as_=player)
        await campaign.slash("/combat fleet set point:Vega ships:1 cruiser", as_=player)
    await campaign.slash(f"/combat attack point:Vega targets:{names[1]}, {names[2]}", as_="player1")

    english = await campaign.autocomplete("/combat status battle:", as_="player1")
    assert [(c.name, c.value) for c in english] == [(f"#1 Vega — {names[0]}, {names[1]}…", 1)]
    russian = await campaign.autocomplete("/combat status battle:", as_="player3")
    assert [c.name for c in russian] == [f"№1 Vega — {names[0]}, {names[1]}…"]
    by_gold = await campaign.autocomplete("/combat status battle:Gold", as_="player1")
    assert [c.value for c in by_gold] == [1]
