"""Who the turn waits for and whom its end pings, as the players read it (review #8, #25,
#36): each awaited player once with what they owe, never a player's own abandoned preview,
and a ping that says why.

Space pirates: player1 plays Vega, player2 Orion, player3 Lyra. Fleet combat: player1 Red,
player2 Blue.
"""

from __future__ import annotations

import pytest

from tests.e2e.play import posting_in


async def end_turn(table, turn):
    question = await table.slash("/turn end", as_="gm")
    return await table.click(question, f"End turn {turn}", as_="gm")


async def start(table, ruleset, *factions):
    """A campaign of one ruleset; player1, player2, player3 join as `factions`."""
    await table.slash(f"/campaign create name:Test rulesets:{ruleset}", as_="gm")
    for i, faction in enumerate(factions, start=1):
        await table.slash(f"/campaign join faction:{faction}", as_=f"player{i}")


def owed_field(status):
    """The "Still owe a move" field: its title and its lines."""
    field = next(f for f in status.embed.fields if f.name.startswith("Still owe"))
    return field.name, field.value.splitlines()


@pytest.fixture
async def pirates(table):
    """Space pirates: Orion quotes a bribe against Vega twice and confirms neither (private
    previews); Vega's rich route is raided at the end of turn 1 (d20 1, 2d6 4, 6 → 600
    buy-off, SP-E2's numbers) and her answer is pending."""
    await start(table, "space_pirates", "Vega", "Orion", "Lyra")
    await table.slash("/pirates route add name:Rich goods:2350", as_="player1")
    await table.slash("/pirates route add name:Guarded goods:100 ships:2 cruiser", as_="player2")
    await table.slash("/pirates contacts factions:Vega", as_="player2")
    for _ in range(2):
        quote = await table.slash("/pirates bribe victim:Vega", as_="player2")
        assert quote.ephemeral and [b.label for b in quote.buttons] == ["Confirm", "Cancel"]
    table.script_dice([1, 4, 6, 20])
    await end_turn(table, 1)
    return table


async def test_turn_status_names_the_awaited_player_once_and_not_the_previews(pirates):
    """Review #8, SP-I45: Vega owes the buy-off answer and appears once with what it is;
    Orion's two abandoned bribe quotes are no owed move and no pending choice."""
    status = await pirates.slash("/turn status", as_="gm")
    title, lines = owed_field(status)
    vega = f"<@{pirates.member('player1').id}>"
    assert title == "Still owes a move (1)"
    assert lines == [f"• {vega} (**Vega**): an answer to buy-off offer #1 (route raid, Rich, 600)"]
    assert str(pirates.member("player2").id) not in str(status.embed.fields)
    assert "choice" not in str(status.embed.fields)


async def test_the_turn_end_pings_no_briber_for_a_quote_or_a_hidden_bribe(pirates):
    """Review #36, SP-I33: Vega pays her buy-off; Orion, whose two quotes of turn 1 are
    still open, places a bribe against Vega (private to Orion and the GMs until it
    happens). The end of turn 2 pings nobody for Orion: no quote is a question, and the
    bribe stays hidden; it names what Vega owes."""
    table = pirates
    question = next(
        m for m in table.channel_messages() if any(b.label == "Pay 600" for b in m.buttons)
    )
    await table.click(question, "Pay 600", as_="player1")
    quote = await table.slash("/pirates bribe victim:Vega", as_="player2")
    table.script_dice([4, 6])
    placed = await table.click(quote, "Confirm", as_="player2")
    assert placed.ephemeral, placed.text()
    table.script_dice([20, 20])  # neither Vega nor Orion is raided (SP-I1)
    ended = await end_turn(table, 2)
    orion = str(table.member("player2").id)
    assert "bribed" in "".join(e.get("description") or "" for e in ended.followups[0].embeds)
    assert all("player2" not in m.pings for m in ended.followups)
    assert all(orion not in (m.content or "") for m in ended.followups)
    # The ping names Vega's answer to the new offer; the offer's own message notifies her.
    [ping] = [m for m in ended.followups if "concerns you" in (m.content or "")]
    assert "awaited from you (Space pirates): an answer to buy-off offer" in ping.content
    assert not ping.pings


async def red_attacks_blue_at_mecatol(table):
    """Fleet combat: Red (player1), Blue (player2) and Green (player3) join; Red attacks
    Blue's 6 cruisers with 6 cruisers at Mecatol (battle #1)."""
    await start(table, "fleet_combat", "Red", "Blue", "Green")
    await table.slash("/combat fleet set point:Mecatol ships:6 cruiser", as_="player1")
    await table.slash("/combat fleet set point:Mecatol ships:6 cruiser", as_="player2")
    await table.slash("/combat attack point:Mecatol targets:Blue", as_="player1")


# What the turn end's ping says to Red's and Blue's players after round 1 at Mecatol, in the
# campaign's language: the label that ends turn 1, the ping's first line, and each player's
# line ({who} their mention, {faction} their fleet).
TURN_END_PING = {
    "en": (
        "End turn 1",
        "The turn's end concerns you:",
        "{who} — Fleet combat: Battle #1 at Mecatol, round 1: {faction} lost 1 cruiser — still"
        " fighting (frozen until the next turn, FC-5.23); awaited from you: fire orders or a"
        " retreat in battle #1 at Mecatol, round 2 (FC-I7)",
    ),
    "ru": (
        "Завершить ход 1",
        "Конец хода касается вас:",
        "{who} — Флотский бой: Бой №1 в точке Mecatol, раунд 1: потери фракции «{faction}»: 1"
        " крейсер — бой продолжается (заморожен до следующего хода, FC-5.23); от вас ждут:"
        " приказы на стрельбу или отступление в бою №1 в точке Mecatol, раунд 2 (FC-I7)",
    ),
}


@pytest.mark.parametrize("language", sorted(TURN_END_PING))
async def test_the_turn_end_ping_says_for_each_player_what_concerns_them(table, language):
    """Review #36: the end of turn 1 fights a round at Mecatol (FC-I7: no orders, automatic
    targets); the ping gives Red's and Blue's players a line each, in the campaign's
    language, with what their fleet lost and the fire orders they now owe for round 2, and
    pings not Green's; the status before lists each once with the fire orders they owe
    (round 1 admits no retreat, FC-6.4), without the faction twice (review #25)."""
    end_label, heading, owes = TURN_END_PING[language]
    await red_attacks_blue_at_mecatol(table)
    status = await table.slash("/turn status", as_="gm")
    title, lines = owed_field(status)
    red, blue = (f"<@{table.member(p).id}>" for p in ("player1", "player2"))
    assert title == "Still owe a move (2)"
    assert lines == [
        f"• {who} (**{faction}**): fire orders in battle #1 at Mecatol, round 1 (FC-I7)"
        for who, faction in ((red, "Red"), (blue, "Blue"))
    ]
    await posting_in(table, language)

    question = await table.slash("/turn end", as_="gm")
    ended = await table.click(question, end_label, as_="gm")

    [line] = [m for m in ended.followups if m.pings]
    assert line.content.splitlines() == [
        heading,
        owes.format(who=red, faction="Red"),
        owes.format(who=blue, faction="Blue"),
    ]
    assert line.pings == {"player1", "player2"}


def test_the_space_pirates_quotes_are_declared_previews():
    """The kinds the operations' quotes and the GM's force-every-question panel are opened
    under are the ones the spec declares previews (the cog and the rules package name them
    apart)."""
    from bot.rules.space_pirates import SPEC
    from cogs.space_pirates.choices import FORCE_ALL
    from cogs.space_pirates.operations import OPERATION

    assert SPEC.previews == frozenset({OPERATION, FORCE_ALL})


async def test_a_point_named_in_markdown_reads_literally_where_the_turn_end_tells_it(table):
    """A point typed with Markdown and mentions reads as typed, pinging nobody, in the
    fire orders owed (/turn status, the turn end's ping) and in the turn's summary."""
    await start(table, "fleet_combat", "Red", "Blue", "Green")
    point = "**Ve_ga** <@&1> @everyone"
    await table.slash(f"/combat fleet set point:{point} ships:6 cruiser", as_="player1")
    await table.slash(f"/combat fleet set point:{point} ships:6 cruiser", as_="player2")
    await table.slash(f"/combat attack point:{point} targets:Blue", as_="player1")
    literal = "\\*\\*Ve\\_ga\\*\\* <\u200b@&1> @\u200beveryone"

    _, lines = owed_field(await table.slash("/turn status", as_="gm"))
    assert all(f"battle #1 at {literal}, round 1 (FC-I7)" in line for line in lines)
    ended = await end_turn(table, 1)
    [line] = [m for m in ended.followups if m.pings]
    assert line.content.count(f"battle #1 at {literal}, round 2 (FC-I7)") == 2
    assert line.pings == {"player1", "player2"}
    summary = ended.followups[0].embed.description
    assert summary.startswith(f"Battle #1 at {literal}, round 1: Red lost")


async def test_a_route_named_in_markdown_reads_literally_in_the_answer_owed(table):
    """SP-I45: the buy-off answer Vega owes names her route as she typed it."""
    await start(table, "space_pirates", "Vega", "Orion", "Lyra")
    await table.slash("/pirates route add name:**Ri_ch** goods:2350", as_="player1")
    table.script_dice([1, 4, 6])
    await end_turn(table, 1)
    _, lines = owed_field(await table.slash("/turn status", as_="gm"))
    assert lines == [
        f"• <@{table.member('player1').id}> (**Vega**): an answer to buy-off offer #1"
        " (route raid, \\*\\*Ri\\_ch\\*\\*, 600)"
    ]
