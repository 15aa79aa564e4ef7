"""The registration and correction commands through the outbox (item 3 of issue 11): each
answer is written with its change, so a process that dies between the commit and the post
shows it once after the restart; a private answer cannot be shown then (its interaction is
gone), and its change stands.

One session per cog: every command of it is killed between commit and post in turn (the
posts die, `dies_before_posting`), then one restart posts what they left, in order, each
once. The crash mechanics do not depend on the engine, so these run on SQLite only; the
PostgreSQL run covers them in tests/e2e/test_command_outbox.py (a join killed before its
post, whose "Next step" reads the committed campaign).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.confirming import asks_first
from tests.e2e.confirming import killed_confirm
from tests.e2e.play import struck_answered
from tests.e2e.test_click_outbox import dies_before_posting
from tests.e2e.test_click_outbox import message
from tests.e2e.test_command_outbox import killed
from tests.e2e.test_command_outbox import killed_click
from tests.e2e.test_command_outbox import posted_once
from tests.e2e.test_fleet_combat import GIVE_ORDERS
from tests.e2e.test_fleet_combat import end_turn
from tests.e2e.test_fleet_combat import seated as fleet_seated  # noqa: F401 - a fixture
from tests.e2e.test_help_and_onboarding import mention_of
from tests.e2e.test_ottoman_piracy import OP_E1
from tests.e2e.test_ottoman_piracy import VP
from tests.e2e.test_ottoman_piracy import seated as piracy_seated  # noqa: F401 - a fixture


@pytest.fixture
def database_target(tmp_path: Path) -> Path:
    """SQLite only (see the module's docstring)."""
    return tmp_path / "campaigns.db"


async def test_core_commands_killed_before_their_posts_answer_after_a_restart(table, monkeypatch):
    """`/campaign create`, `join`, `gm add`, `settings set` (a ruleset's and the schedule's),
    `settings import`, `/turn deadline set` and `clear` are posted once after the restart,
    the set-up answers with the next step as the committed campaign reads then, and a
    `/turn end` Cancel redraws its question; the private answers (`/turn reminders mute`,
    `/rolls save`, `/rolls delete`) are not posted, and their changes stand."""
    played = table
    toml = '[ottoman_piracy]\nleader_rating_mode = "max"\n'
    for line, who in (
        ("/campaign create name:Med rulesets:ottoman_piracy, fleet_combat", "gm"),
        ("/campaign join faction:Ottomans", "player1"),
        ("/campaign gm add user:@player2", "gm"),
        ("/campaign settings set setting:ottoman_piracy.hit_min_face value:4", "gm"),
        ("/campaign settings set setting:core.time_zone value:Europe/Berlin", "gm"),
        ("/turn deadline set when:48h", "gm"),
        ("/turn deadline clear", "gm"),
        ("/turn reminders mute", "player1"),
        ("/rolls save name:broadside expression:2d6+1", "player1"),
        ("/rolls save name:boarding expression:1d20", "player1"),
        ("/rolls delete name:boarding", "player1"),
    ):
        await killed(played, monkeypatch, line, who)
    await killed_confirm(
        played,
        monkeypatch,
        "/campaign settings import file:s.toml",
        "gm",
        files={"s.toml": toml.encode()},
    )
    question = await played.slash("/turn end", as_="gm")
    await killed_click(played, monkeypatch, question, "Cancel", "gm")

    created, joined, gm, hit, zone, deadline, cleared, settings = await posted_once(played, 8)
    assert created.embed.title == "Campaign “Med” created"
    assert "rolls test dice" in created.embed.description  # the stand-in's dice
    assert "🔒" not in (created.embed.footer or "")  # no commitment promises test dice
    # The next step as the campaign reads now: Ottomans joined, nobody plays a power yet.
    assert "who plays the Ottomans" in created.embed.field("Next step")
    player1, player2 = (played.member(p).id for p in ("player1", "player2"))
    assert joined.embed.description == f"<@{player1}> now plays **Ottomans**."
    assert mention_of(played, "corsairs power") in joined.embed.field("Next step")
    assert gm.embed.description == f"<@{player2}> is now a GM of this campaign."
    assert hit.embed.title == "`ottoman_piracy.hit_min_face` is now **4**."
    assert zone.embed.title == "`core.time_zone` is now **Europe/Berlin**."
    assert deadline.embed.title == "Deadline set for turn 1"
    assert deadline.embed.description.startswith("Turn 1 ends <t:")
    assert cleared.embed.title == "Turn 1 has no deadline now"
    assert settings.embed.title == "Settings imported: 1 setting changed"
    assert "`ottoman_piracy.leader_rating_mode` = **max**" in settings.embed.description
    cancelled = message(played, question.message.id)  # the Cancel's redraw, in place
    assert cancelled.embed.title == "Ending turn 1 was cancelled."
    assert cancelled.buttons and all(b.disabled for b in cancelled.buttons)

    muted = await played.slash("/turn reminders mute", as_="player1")
    assert "already muted" in muted.embed.title
    listed = await played.slash("/rolls list", as_="player1")
    assert "**broadside** — `2d6+1`" in listed.embed.description
    assert "boarding" not in listed.embed.description


async def test_piracy_bookkeeping_killed_before_its_posts_answers_after_a_restart(
    piracy_seated,  # noqa: F811 - the fixture imported above
    monkeypatch,
):
    """`/corsairs power`, `war`, `vp`, `impulse`, `hand` and a forced reward (OP-I10): each
    answer is posted once after the restart (the set-up ones with the next step), and the
    question `/corsairs force` settled is redrawn without its buttons."""
    played = piracy_seated
    played.script_dice([5, 2, 6, 5])
    question = await played.slash(OP_E1, as_="player1")
    await killed_confirm(played, monkeypatch, "/corsairs force", "gm")
    assert message(played, question.message.id).has_button(VP)
    for line, who in (
        ("/corsairs power power:france player:@player3", "gm"),
        ("/corsairs war power:france at_war:true", "gm"),
        ("/corsairs vp value:6", "gm"),
        ("/corsairs impulse power:hapsburg", "gm"),
        ("/corsairs hand cards:5 power:hapsburg", "gm"),
    ):
        await killed(played, monkeypatch, line, who)

    forced, power, war, vp, impulse, hand = await posted_once(played, 6)
    # The next step as the committed campaign reads at the restart: piracy is set up, the
    # GM's fleets are next.
    fleets = mention_of(played, "combat fleet set")
    assert power.embed.description == (
        f"The power France is now played by the faction France (<@{played.member('player3').id}>)."
    )
    assert fleets in power.embed.field("Next step")
    assert war.embed.description == (
        "France: at war with the Ottomans.\nAt war with the Ottomans: France, Hapsburgs."
    )
    assert fleets in war.embed.field("Next step")
    assert vp.embed.description == "Piracy VP corrected: 5 → 6 (at most 10)."
    assert not vp.embed.has_field("Next step")
    assert impulse.embed.description == "Impulse 2: Hapsburgs."
    assert hand.embed.description == "Hapsburgs: 5 cards in hand."
    rewards = "Hit 1: +1 piracy VP, 3 → 4, forced by the GM."
    assert rewards in forced.embed.description  # the reply: what the GM forced
    settled = message(played, question.message.id)  # redrawn in place, not posted anew
    assert settled.buttons == [] and struck_answered(settled.content, "✅ Answered by the GM.")
    assert rewards in settled.embed.field("Rewards")


async def test_fleet_commands_killed_before_their_posts_answer_after_a_restart(
    fleet_seated,  # noqa: F811 - the fixture imported above
    monkeypatch,
):
    """`/combat fleet set|move|remove`, `stats set|reset`, `turn-order`, `allies`, `order`,
    `priority`, `retreat`, `close`, and a pick in the orders panel: the public answers are
    posted once after the restart, in order, and a `/combat resolve` Cancel redraws its
    question; the private ones (`order`, `priority`, the panel's pick) are not, and their
    changes stand in the log."""
    played = fleet_seated
    await played.slash("/combat fleet set point:Mecatol ships:2 cruiser", as_="player3")
    battle = await played.slash("/combat attack point:Mecatol targets:Blue", as_="player1")
    await played.slash("/combat attack point:Mecatol targets:Blue", as_="player3")
    panel = await played.click(battle, GIVE_ORDERS, as_="player2")
    with dies_before_posting(monkeypatch) as attempts:
        await played.select(
            panel, "3 destroyers fire at…", values=["Red — cruisers (2, level 3)"], as_="player2"
        )
    assert attempts == ["edit"]
    for line, who in (
        ("/combat fleet set point:Rigel ships:2 fighters", "player3"),
        ("/combat fleet move point:Rigel to:Vega", "player3"),
        ("/combat fleet remove point:Vega", "player3"),
        ("/combat stats set class:cruiser life:3", "gm"),
        ("/combat stats reset", "gm"),
        ("/combat turn-order factions:Blue, Red", "gm"),
        ("/combat allies battle:1 factions:Red, Green", "gm"),
        ("/combat order battle:1 class:cruiser target:Blue: destroyer", "player1"),
        ("/combat priority battle:1 ships:#6", "player2"),
    ):
        await (killed_confirm if asks_first(line) else killed)(played, monkeypatch, line, who)
    played.script_dice([1] * 30)  # round 1: nobody hits
    await end_turn(played)
    await killed(played, monkeypatch, "/combat retreat battle:1", "player1")
    question = await played.slash("/combat resolve battle:1", as_="gm")
    await killed_click(played, monkeypatch, question, "Cancel", "gm")
    await killed_confirm(played, monkeypatch, "/combat close battle:1", "gm")

    posts = await posted_once(played, 9)
    placed, moved, removed, stats, reset, order, allied, retreat, closed = posts
    assert placed.embed.description == "Green's fleet at Rigel: 2 fighters."
    assert moved.embed.description == "Green's fleet moved from Rigel to Vega: 2 fighters."
    assert removed.embed.description == "Green's fleet at Vega is no longer registered."
    assert stats.embed.description.startswith("cruisers: new statistics recorded.")
    assert "**Cruisers** — level 3 · attack 2×5+ · defence 5+ · life 3" in stats.embed.description
    assert reset.embed.description.startswith("The campaign is back on the default ship table")
    assert order.embed.description == (
        "Players fire in this order: Blue, Red. Players not listed fire after them."
    )
    assert "FC-I7" in (order.embed.footer or "")  # the clause in the footer
    assert allied.embed.description.startswith("Battle #1: Green, Red fight as allies now.")
    assert "Red will retreat in round 2 of battle #1" in retreat.embed.description
    assert closed.embed.title == "Battle #1 at Mecatol"
    assert closed.embed.description.startswith("The GM closed battle #1")
    cancelled = message(played, question.message.id)  # the Cancel's redraw, in place
    assert cancelled.embed.title == "Battle #1: the round was not fought."
    assert cancelled.buttons == []
    red = (await played.slash("/history list player:@player1 turn:1", as_="gm")).text()
    assert "combat order" in red  # the typed order
    blue = (await played.slash("/history list player:@player2 turn:1", as_="gm")).text()
    assert "combat order" in blue and "combat priority" in blue  # the pick, the priority


async def test_a_language_change_killed_before_its_post_is_noted_in_the_new_language(
    campaign, monkeypatch
):
    """`core.language` set to Russian commits; its post dies. After the restart the answer
    is posted in Russian, and so is the note that it comes after a restart (the campaign
    speaks Russian now), not English before Russian."""
    played = campaign
    await killed(played, monkeypatch, "/campaign settings set setting:core.language value:ru", "gm")
    await played.restart()
    (changed,) = [
        m for m in played.channel_messages() if "restart" in m.content or "перезапуск" in m.content
    ]
    assert "`core.language` теперь **ru**" in changed.embed.title
    assert changed.content == "(отправлено после перезапуска)"
