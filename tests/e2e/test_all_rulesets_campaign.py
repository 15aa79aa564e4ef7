"""One campaign played with all five rulesets at once, as a play-by-post group runs it.

The GM creates "Five Seas" with every ruleset. Player1 plays Red: the Ottomans' player, a
naval station at Portsmouth and its Western Squadron, two cruisers at Mecatol, the Broker
piece and the trade route Rich. Player2 plays Blue: the Hapsburgs (at war with the
Ottomans), three destroyers at Mecatol, the Steelworks Company, and a contact with Red to
bribe the pirates. Player3 plays Green (France), reads Discord in Russian and owes nothing.

In turn 1 Red attacks Blue at Mecatol, sends corsairs into the Ionian Sea, lands the Broker
in Blue's Steelworks (a question left open over the turn's end) and orders the squadron to
cruise; Blue places a bribe against Red. The turn's end resolves every ruleset in the
registry's order, each with its own summary, and the next turn waits for Red's answers.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.standin import GuildSpec
from bot.standin import QueuedFaces
from bot.standin import StandIn
from bot.standin import Table
from bot.standin.privateer import privateer_factory
from bot.standin.ratelimits import RateLimits
from tests.e2e.confirming import confirmed

from .play import Clock
from .play import set_up

WS = "Western Squadron"
PAY, CAPTURE = "Pay the fine", "Attempt a capture"
RULESETS_EN = ("Space pirates", "Ottoman piracy", "Naval orders", "Company raids", "Fleet combat")


@pytest.fixture
async def table(
    database_target: Path | str, standin_guild: GuildSpec, dice_faces: QueuedFaces, clock: Clock
) -> AsyncIterator[Table]:
    """The real bot on the stand-in, reading the time from `clock`."""
    standin = StandIn(standin_guild, rate_limits=RateLimits(time_scale=0.01))
    factory = privateer_factory(
        database_path=database_target, guild_id=standin.guild.id, faces=dice_faces, clock=clock
    )
    async with standin, Table(factory, standin=standin, faces=dice_faces) as played:
        yield played
        played.check()


def text_of(message) -> str:
    """Every embed of a message: title, description, fields and footer, as one text."""
    parts = []
    for e in message.embeds:
        parts += [e.get("title") or "", e.get("description") or ""]
        parts += [f"{f['name']}\n{f['value']}" for f in e.get("fields") or []]
        parts.append((e.get("footer") or {}).get("text") or "")
    return "\n".join(parts)


def field(status, title: str) -> str:
    """The value of the status field whose name starts with `title`."""
    return next(f.value for f in status.embed.fields if f.name.startswith(title))


def mention(table: Table, player: str) -> str:
    return f"<@{table.member(player).id}>"


async def create(table: Table, *, russian: bool = False) -> None:
    """The GM creates the campaign with every ruleset (in Russian with `russian`), the three
    players join and each ruleset is set up."""
    lines = [("/campaign create name:Five Seas", "gm")]
    if russian:
        lines.append(("/campaign settings set setting:core.language value:ru", "gm"))
    lines += [
        ("/campaign join faction:Red", "player1"),
        ("/campaign join faction:Blue", "player2"),
        ("/campaign join faction:Green", "player3"),
        ("/corsairs power power:ottoman player:@player1", "gm"),
        ("/corsairs power power:hapsburg player:@player2", "gm"),
        ("/corsairs power power:france player:@player3", "gm"),
        ("/corsairs war power:hapsburg at_war:true", "gm"),
        ("/corsairs impulse power:ottoman", "gm"),
        ("/navy station add name:Portsmouth location:1 naval_station:true owner:Red", "gm"),
        ("/combat fleet set point:Mecatol ships:2 cruiser", "player1"),
        ("/combat fleet set point:Mecatol ships:3 destroyers", "player2"),
        ("/company add-company name:Steelworks fine:180", "player2"),
        ("/company add-piece name:Broker value:300", "player1"),
        ("/pirates route add name:Rich goods:2350", "player1"),
        ("/pirates contacts factions:Red", "player2"),
    ]
    await set_up(table, lines)
    registered = await table.slash(
        f"/navy forces register name:{WS} kind:line location:1 ships:3xIII, V in_port:true",
        as_="player1",
    )
    assert WS in text_of(registered), registered.text()


async def play_turn_one(table: Table):
    """Everything Red and Blue do in turn 1; the Company question Red leaves open."""
    attack = await table.slash("/combat attack point:Mecatol targets:Blue", as_="player1")
    assert not attack.ephemeral and attack.pings == {"player2"}, attack.text()
    piracy = await table.slash(
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2", as_="player1"
    )
    assert not piracy.ephemeral, piracy.text()
    question = await table.slash("/company land piece:Broker company:Steelworks", as_="player1")
    assert not question.ephemeral and question.pings == {"player1"}, question.text()
    form = await table.slash(f"/navy order unit:{WS} order:cruise", as_="player1")
    assert form.modal is not None, form.text()
    ordered = await table.submit_modal(
        form,
        {"navy.form.point": "Ushant", "navy.form.location": "5", "navy.form.turns": "2"},
        as_="player1",
    )
    assert "Cruising" in text_of(ordered), ordered.text()
    quote = await table.slash("/pirates bribe victim:Red", as_="player2")
    placed = await table.click(quote, "Confirm", as_="player2")
    assert placed.ephemeral and "placed" in text_of(placed), placed.text()
    return question


def notified_once(messages, ping, table: Table) -> None:
    """The turn's end pings Blue's player and names Red's, whom the pirates' buy-off question
    it asks pings: each player is notified by one message."""
    assert ping.pings == {"player2"}
    assert mention(table, "player1") in ping.content
    assert [m.pings for m in messages if "player1" in m.pings] == [{"player1"}]


async def end_turn(table: Table, turn: int, label: str = "End turn {turn}"):
    question = await table.slash("/turn end", as_="gm")
    return await table.click(question, label.format(turn=turn), as_="gm")


# --- the turn with everything ------------------------------------------------------------


async def test_one_turn_of_every_ruleset_waits_for_the_right_players_and_ends_for_each(table):
    """The status names each ruleset's wait under its own name and each owing player once;
    the turn's end posts the five summaries in the registry's order, pings Red and Blue (never
    Green, who owes nothing) and carries Red's open questions into turn 2."""
    await create(table)
    await play_turn_one(table)

    status = await table.slash("/turn status", as_="player3")
    assert [f.name for f in status.embed.fields][:5] == list(RULESETS_EN)
    assert "Incident #1: waiting for Red to pay the fine" in field(status, "Company raids")
    assert "no fire orders yet from Red, Blue" in field(status, "Fleet combat")
    assert field(status, "Naval orders") == "Nothing to wait for."  # the squadron has orders
    owed = field(status, "Still owe a move (2)").splitlines()
    red, blue = mention(table, "player1"), mention(table, "player2")
    assert owed[0].startswith(f"• {red} (**Red**): fire orders in battle #1 at Mecatol, round 1")
    assert owed[0].endswith("a choice waiting for an answer (Company raids)")
    assert owed[1].startswith(f"• {blue} (**Blue**): fire orders")
    assert mention(table, "player3") not in str(status.embed.fields)
    # Blue's bribe is hidden until it happens (SP-I33): nothing of it in the public status.
    assert "bribe" not in text_of(status).lower()

    ended = await end_turn(table, 1)

    summaries = [e.get("title") for m in ended.followups for e in m.embeds]
    assert summaries[:5] == [f"{name}: end of turn 1" for name in RULESETS_EN]
    told = "\n".join(text_of(m) for m in ended.followups)
    assert "Incident #1: waiting for Red to pay the fine or attempt a capture." in told
    cruising = "Cruising in location No. 5 (not yet in its location)"  # NO-4.10, NO-I14
    assert f"• Western Squadron: executing its order; {cruising}" in told
    [ping] = [m for m in ended.followups if "concerns you" in (m.content or "")]
    notified_once(ended.followups, ping, table)
    assert "a question waits for your answer (Company raids)" in ping.content
    assert all("player3" not in m.pings for m in ended.followups)

    status = await table.slash("/turn status", as_="gm")
    assert status.embed.title == "Five Seas — end of turn 1 under way"  # the buy-off waits
    [red_owes] = [line for line in field(status, "Still owe").splitlines() if red in line]
    assert "an answer to buy-off offer" in red_owes  # the bribed raid, now Red's question
    assert "battle #1 at Mecatol, round 2" in red_owes
    assert "(Company raids)" in red_owes  # the incident left open in turn 1 is not lost


# --- questions left open over the turn's end ------------------------------------------------


async def test_questions_left_open_are_answered_in_the_next_turn_by_their_player_only(table):
    """Red's Company question of turn 1 still works in turn 2: Blue's and Green's clicks are
    refused privately, each in their own language (Green reads Russian), and Red's capture
    closes it (CR-2.7, scripted Black die 6) while the pirates' buy-off still waits."""
    await create(table)
    question = await play_turn_one(table)
    await end_turn(table, 1)

    refused = await table.click(question, CAPTURE, as_="player2")
    assert refused.ephemeral and "This question is for Red (@player1)." in refused.text()
    refused_ru = await table.click(question, CAPTURE, as_="player3")
    assert refused_ru.ephemeral and "На этот вопрос отвечает @player1 (Red)." in refused_ru.text()

    table.script_dice([6])
    captured = await table.click(question, CAPTURE, as_="player1")
    assert not captured.ephemeral
    assert "Steelworks changes hands: the marker goes from Blue to Red" in text_of(captured)
    assert captured.buttons == []
    status = await table.slash("/turn status", as_="gm")
    assert field(status, "Company raids") == "Nothing to wait for."
    assert "buy-off offer" in field(status, "Space pirates")


# --- undo across rulesets -------------------------------------------------------------------


async def test_undo_walks_back_a_click_then_the_whole_turn_end_of_every_ruleset(table):
    """The GM undoes Red's capture of turn 2 (the Company question is asked again), then the
    end of turn 1, whose confirmation lists every ruleset's part: turn 1 reopens, the battle
    waits for round 1's orders again, the pirates' buy-off that end had asked has lost its
    buttons, and the log still verifies."""
    await create(table)
    question = await play_turn_one(table)
    ended = await end_turn(table, 1)
    [buy_off] = [m for m in ended.followups if any(b.label.startswith("Pay ") for b in m.buttons)]
    table.script_dice([6])
    await table.click(question, CAPTURE, as_="player1")

    asked = await table.slash("/history undo reason:wrong piece", as_="gm")
    undone = await table.click(asked, "Undo", as_="gm")
    assert undone.embed.title.endswith(" undone"), undone.text()
    [reasked] = undone.edited  # the question asked again, its buttons back
    assert [b.label for b in reasked.buttons] == [PAY, CAPTURE, "Force default (GM)"]
    assert "Incident #1: waiting for Red" in text_of(reasked)

    asked = await table.slash("/history undo reason:the turn ended too early", as_="gm")
    listed = text_of(asked)
    for name in RULESETS_EN:  # every ruleset's part of the turn's end is named before it goes
        assert f"**turn end** · @gm · {name}" in listed.replace(mention(table, "gm"), "@gm")
    undone = await table.click(asked, "Undo", as_="gm")
    assert "Turn 1 is open again" in text_of(undone)

    status = await table.slash("/turn status", as_="gm")
    assert status.embed.title == "Five Seas — turn 1"
    assert "battle #1 at Mecatol, round 1" in field(status, "Still owe")
    assert "Incident #1: waiting for Red" in field(status, "Company raids")
    assert field(status, "Space pirates") == "Nothing to wait for."
    assert buy_off.buttons == []
    verified = await table.slash("/history verify", as_="player3")
    assert verified.embed.title.startswith("✅"), verified.text()


# --- the same campaign in Russian -----------------------------------------------------------

RULESETS_RU = (
    "Космические пираты",
    "Османское пиратство",
    "Морские приказы",
    "Рейдерские атаки",
    "Флотский бой",
)


async def test_a_russian_campaign_posts_every_ruleset_in_russian_and_answers_privately_in_yours(
    table,
):
    """`core.language = ru`: the status, the five summaries and the ping are Russian; what only
    one player sees (Blue's bribe, a refused click, /help) is in that player's language."""
    await create(table, russian=True)
    question = await play_turn_one(table)  # Red's order and Blue's bribe answered in English
    assert question.embed.title == "Рейдерские атаки — инцидент №1"

    status = await table.slash("/turn status", as_="player2")
    assert [f.name for f in status.embed.fields][:5] == list(RULESETS_RU)
    assert "Инцидент №1: ждём, заплатит ли фракция «Red» штраф" in field(status, "Рейдерские атаки")
    refused = await table.click(question, "Заплатить штраф", as_="player2")
    assert refused.ephemeral and "This question is for Red (@player1)." in refused.text()

    ended = await end_turn(table, 1, "Завершить ход {turn}")

    summaries = [e.get("title") for m in ended.followups for e in m.embeds]
    assert summaries[:5] == [f"{name}: конец хода 1" for name in RULESETS_RU]
    [ping] = [m for m in ended.followups if "Конец хода касается вас:" in (m.content or "")]
    notified_once(ended.followups, ping, table)
    told = "\n".join(text_of(m) for m in ended.followups)
    for english in ("end of turn", "waiting for", "Battle #", "Incident #", "turn 1"):
        assert english not in told, english
    helped = await table.slash("/help", as_="player3")
    assert helped.ephemeral and helped.embed.title == "Команды для игроков"
    # The lists as sent (a terminal's rendering wraps the longer Russian lines).
    embeds = [*helped.embeds, *(e for m in helped.followups for e in m.embeds)]
    shown = "\n".join(e.get("description") or "" for e in embeds)
    for line in ("Ваша фигура останавливается в чужой Компании", "Объявить пиратство"):
        assert line in shown, line


# --- the deadline ---------------------------------------------------------------------------


async def tick(table: Table) -> list:
    """One step of the bot's scheduler; the public messages it posted."""
    assert table.bot is not None
    before = len(table.channel_messages())
    await table.bot.get_cog("TurnCog").scheduler.tick()  # type: ignore[union-attr]
    return table.channel_messages()[before:]


async def test_the_reminder_pings_each_owing_player_once_and_the_deadline_ends_every_ruleset(
    table, clock
):
    """The GM sets a 48 h deadline that ends the turn. The 24 h reminder pings Red (fire
    orders, the Company question) and Blue (fire orders) once each, never Green; the deadline
    resolves all five rulesets as a confirmed end does."""
    await create(table)
    await play_turn_one(table)
    await set_up(
        table,
        [
            ("/campaign settings set setting:core.on_deadline value:end_turn", "gm"),
            ("/turn deadline set when:48h", "gm"),
        ],
    )

    clock.at(24)
    [reminder] = await tick(table)
    assert reminder.pings == {"player1", "player2"}
    lines = reminder.content.splitlines()
    [red] = [line for line in lines if "**Red**" in line]
    assert "battle #1 at Mecatol" in red and "(Company raids)" in red
    [blue] = [line for line in lines if "**Blue**" in line]
    assert "battle #1 at Mecatol" in blue and "Company" not in blue
    assert "Green" not in reminder.content

    clock.at(48)
    posted = await tick(table)
    titles = [e.get("title") for m in posted for e in m.embeds]
    # The message whose id its dice follow, redrawn as the buy-off pauses its end (SP-I45):
    # the end told under way, not ended, once.
    assert [title for title in titles if "⌛" in title] == [
        "⌛ Turn 1 is ending automatically at its deadline",
    ]
    for name in RULESETS_EN:
        assert f"{name}: end of turn 1" in titles
    [pinging] = [m for m in posted if "concerns you" in (m.content or "")]
    notified_once(posted, pinging, table)


async def test_a_russian_campaign_reminds_and_reports_its_deadline_in_russian(table, clock):
    """`core.language = ru` on an English-speaking server: the 24 h reminder and the post at
    the passed deadline (`on_deadline = ping_gms`) are in the campaign's language, as its
    other posts are, not in the server's."""
    await create(table, russian=True)
    await play_turn_one(table)
    await set_up(table, [("/turn deadline set when:48h", "gm")])

    clock.at(24)
    [reminder] = await tick(table)
    assert reminder.content.startswith("⏰ Ход 1 заканчивается"), reminder.content
    assert "Ещё ждём:" in reminder.content
    # round 1 admits no retreat (FC-6.4): fire orders alone are awaited
    assert "приказы на стрельбу в бою №1 в точке Mecatol, раунд 1" in reminder.content
    assert "отступление" not in reminder.content
    assert reminder.pings == {"player1", "player2"}

    clock.at(48)
    [passed] = await tick(table)
    assert passed.content.startswith("⌛ "), passed.content
    for english in ("deadline", "Still awaited", "fire orders"):
        assert english not in passed.content, passed.content
    assert passed.pings == {"gm"}


# --- a busy turn ----------------------------------------------------------------------------


async def test_twenty_open_company_questions_are_all_named_in_the_status_and_the_summary(table):
    """Red lands twenty pieces in twenty of Blue's Companies and answers none, beside a
    battle: `/turn status` (a field of 1,024 characters) names every incident, #1 to #20,
    instead of cutting the list after the fifteenth, and so does the turn's summary."""
    await create(table)
    await play_turn_one(table)  # incident #1: the Broker in Steelworks
    for i in range(2, 21):
        await set_up(
            table,
            [
                (f"/company add-company name:Mill {i} fine:{10 * i}", "player2"),
                (f"/company add-piece name:Clerk {i} value:{20 * i}", "player1"),
                (f"/company land piece:Clerk {i} company:Mill {i}", "player1"),
            ],
        )

    status = await table.slash("/turn status", as_="player3")
    waits = field(status, "Company raids")
    assert waits.splitlines() == [
        "Incidents #1–20 (20): waiting for Red to pay the fine or attempt a capture in each.",
        "20 choices are waiting for an answer.",
    ]
    ended = await end_turn(table, 1)
    titled = {e.get("title"): e for m in ended.followups for e in m.embeds}
    summary = titled["Company raids: end of turn 1"]
    assert summary["description"].startswith("Incidents #1–20 (20): waiting for Red")
    seventh = next(m for m in table.channel_messages() if "Incident #7:" in text_of(m))
    paid = await table.click(seventh, PAY, as_="player1")
    assert not paid.ephemeral, paid.text()
    status = await table.slash("/turn status", as_="player3")
    assert field(status, "Company raids").splitlines()[0] == (
        "Incidents #1–6, 8–20 (19): waiting for Red to pay the fine or attempt a capture in each."
    )


async def test_a_player_owing_much_leaves_room_in_the_status_for_every_other_player(table):
    """Red registers twenty squadrons with long names and orders none (NO-I18): `/turn
    status`, which everyone reads, counts them without naming them (their names are Red's
    and the GM's), and still names Blue, who owes fire orders at Mecatol (FC-I7)."""
    await create(table)
    await play_turn_one(table)
    for i in range(20):
        registered = await table.slash(
            f"/navy forces register name:Squadron {i} of the Western Approaches and Channel"
            " kind:line location:1 ships:3xIII",
            as_="player1",
        )
        assert "registered" in text_of(registered), registered.text()

    status = await table.slash("/turn status", as_="player3")
    owed = field(status, "Still owe a move (2)").splitlines()
    red, blue = mention(table, "player1"), mention(table, "player2")
    assert [line.split(" (**")[0] for line in owed] == [f"• {red}", f"• {blue}"]
    assert owed[0].startswith(f"• {red} (**Red**): 20 forces lack orders for turn 1;")
    assert "Western Approaches" not in status.text()
    assert owed[1] == (f"• {blue} (**Blue**): fire orders in battle #1 at Mecatol, round 1 (FC-I7)")


async def test_a_ruleset_waiting_for_many_battles_says_how_many_more_it_cannot_show(table):
    """Red attacks Blue at fourteen points with long names: the Fleet combat part of
    `/turn status` shows whole battles and ends with how many more there are, instead of
    stopping in the middle of a battle's name and leaving the rest unsaid (FC-I7)."""
    await create(table)
    await play_turn_one(table)  # battle #1 at Mecatol
    for i in range(2, 16):
        point = f"Point {i} beyond the Wormhole Nexus and the Rift"
        await set_up(
            table,
            [
                (f"/combat fleet set point:{point} ships:2 cruiser", "player1"),
                (f"/combat fleet set point:{point} ships:3 destroyers", "player2"),
                (f"/combat attack point:{point} targets:Blue", "player1"),
            ],
        )

    status = await table.slash("/turn status", as_="player3")
    battles = field(status, "Fleet combat").splitlines()
    for line in battles[:-1]:
        assert line.startswith("Battle #") and line.endswith("(FC-I7, FC-I17)."), line
    shown = len(battles) - 1
    assert battles[-1] == f"…and {15 - shown} more"


# --- the log ---------------------------------------------------------------------------------


async def test_the_log_of_a_turn_with_every_ruleset_lists_shows_verifies_and_exports(table):
    """After the turn's end the log names each ruleset's entries (filterable by ruleset), shows
    one turn-end part with its dice, verifies every die of the revealed turn, and exports it
    all: the JSON and CSV files and the page that checks itself."""
    await create(table)
    await play_turn_one(table)
    await end_turn(table, 1)

    listed = await table.slash("/history list ruleset:company_raids", as_="player3")
    assert not listed.ephemeral
    lines = listed.embed.description
    assert "**turn end** · " in lines and "**company land** · " in lines
    assert "Fleet combat" not in lines and "**combat attack**" not in lines
    everything = text_of(await table.slash("/history list", as_="player3"))
    assert "**turn end**" in everything and "Space pirates" in everything

    ends = [
        line.split("`")[1]
        for line in everything.splitlines()
        if "**turn end**" in line and "Fleet combat" in line
    ]
    shown = await table.slash(f"/history show entry:{ends[0].lstrip('#')}", as_="player2")
    assert shown.embed.title.endswith(": turn end"), shown.text()
    assert "FC-" in text_of(shown)  # every die with its clause

    verified = await table.slash("/history verify", as_="player3")
    assert verified.embed.title.startswith("✅ The log is intact"), verified.text()
    exported = await table.slash("/history export", as_="player1")
    names = {a.filename for m in exported.messages for a in m.attachments}
    assert {"five-seas-log.json.gz", "five-seas-log.csv.gz", "five-seas-log.html"} <= names


# --- settings of several rulesets ------------------------------------------------------------


async def test_one_settings_file_changes_several_rulesets_mid_turn_and_the_gm_force_follows_it(
    table,
):
    """With Red's Company question open, the GM imports one file changing Company raids (the
    answer a GM forces is a capture, CR-I19; a d4 Black die, CR-I1) and Naval orders: one log
    entry, a warning for the face the d4 cannot show, and the forced answer is a capture."""
    await create(table)
    await play_turn_one(table)
    exported = await table.slash("/campaign settings export", as_="player3")
    assert exported.ephemeral
    text = exported.attachments[0].text
    for section in ("[space_pirates]", "[ottoman_piracy]", "[naval_orders]", "[company_raids]"):
        assert section in text, section
    edited = (
        text.replace('forced_trespasser_choice = "pay"', 'forced_trespasser_choice = "capture"')
        .replace("black_die_faces = 6", "black_die_faces = 4")
        .replace("orders_public = false", "orders_public = true")
    )
    refused = await confirmed(
        table,
        "/campaign settings import file:s.toml",
        as_="player1",
        files={"s.toml": edited.encode()},
    )
    assert refused.ephemeral and "Only a GM" in refused.text()
    applied = await confirmed(
        table, "/campaign settings import file:s.toml", as_="gm", files={"s.toml": edited.encode()}
    )
    assert not applied.ephemeral, applied.text()
    assert applied.embed.title == "Settings imported: 3 settings changed"
    said = applied.embed.description
    assert "`naval_orders.orders_public` = **true**" in said
    assert "`company_raids.forced_trespasser_choice` = **capture**" in said
    assert "⚠️ capture_faces: face 6 cannot come up on a 4-sided Black die" in said

    table.script_dice([4])  # a capture on 4 (CR-I2), the d4's highest face
    forced = await confirmed(table, "/company force incident:1", as_="gm")
    told = text_of(forced)
    assert "The GM (forced answer) chooses to attempt a capture." in told
    assert "Capture roll, BD 4: the Company is captured." in told
    listed = await table.slash("/history list", as_="player3")
    assert listed.embed.description.count("**campaign settings import**") == 1


async def test_a_restart_after_the_turn_end_loses_none_of_the_questions_left_open(table):
    """The bot restarts after the end of turn 1: Red still answers the pirates' buy-off and
    the Company question from their messages, and the turn then waits for nothing of
    theirs but fire orders."""
    await create(table)
    question = await play_turn_one(table)
    ended = await end_turn(table, 1)
    [buy_off] = [m for m in ended.followups if any(b.label.startswith("Pay ") for b in m.buttons)]

    await table.restart()

    paid = await table.click(buy_off, buy_off.buttons[0].label, as_="player1")
    assert not paid.ephemeral, paid.text()
    fined = await table.click(question, PAY, as_="player1")
    assert "Fine: Red pays Blue 180." in text_of(fined), fined.text()
    status = await table.slash("/turn status", as_="gm")
    [red] = [line for line in field(status, "Still owe").splitlines() if "**Red**" in line]
    assert red.endswith("fire orders or a retreat in battle #1 at Mecatol, round 2 (FC-I7)")
