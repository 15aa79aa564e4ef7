"""The end of a turn paused on a question (a Space pirates buy-off offer, SP-I34, SP-I40,
SP-I45): what the GM who confirmed it reads, and what the deadline's automatic end posts,
is that the end is under way, whose answer it waits for and that the next turn has begun,
as `/turn status` tells it; a turn end nothing pauses still reads as ended."""

from __future__ import annotations

from bot.command_names import command_msg
from bot.i18n import t
from tests.e2e.play import set_up
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_turn_flow import table  # noqa: F401 - the clock-reading table
from tests.e2e.test_turn_flow import tick

UNDER_WAY = (
    "⏳ Space pirates: the end of turn 1 is not finished yet, it waits for an answer from "
    "<@{player}> (**Orion**). Turn 2 has begun meanwhile."
)


async def raid_ahead(table, language: str = "en") -> None:  # noqa: F811 - the fixture
    """Orion's only route will be raided at the end of turn 1 and offered a buy-off."""
    lines = [
        ("/campaign create name:Med rulesets:space_pirates, fleet_combat", "gm"),
        ("/campaign join faction:Orion", "player1"),
        ("/pirates route add name:Line goods:200", "player1"),
    ]
    if language != "en":
        lines.append((f"/campaign settings set setting:core.language value:{language}", "gm"))
    await set_up(table, lines)
    table.script_dice([1, 3, 3])


async def test_the_gm_reads_the_end_under_way_and_whose_answer_it_waits_for(table):  # noqa: F811
    await raid_ahead(table)
    player = table.member("player1").id

    ended = await end_turn(table, 1)

    assert ended.embed.title == "End of turn 1 under way"
    assert ended.embed.description == UNDER_WAY.format(player=player)
    status = await table.slash("/turn status", as_="gm")
    assert status.embed.description.splitlines()[0] == ended.embed.description
    titles = [e.get("title") or "" for m in table.channel_messages() for e in m.embeds]
    assert not [title for title in titles if "has ended" in title]


async def test_in_russian_the_gm_reads_the_same(table):  # noqa: F811
    await raid_ahead(table, "ru")
    player = table.member("player1").id

    ended = await end_turn(table, 1, label="Завершить ход")

    assert ended.embed.title == "Завершается ход 1"
    assert ended.embed.description == (
        f"⏳ Космические пираты: конец хода 1 ещё не завершён, ждём ответа от <@{player}> "
        "(**Orion**). Тем временем уже идёт ход 2."
    )


async def test_a_turn_end_nothing_pauses_reads_as_ended(table):  # noqa: F811
    await set_up(table, [("/campaign create name:Med rulesets:space_pirates", "gm")])

    ended = await end_turn(table, 1)

    assert ended.embed.title == "Turn 1 has ended"
    assert not ended.embed.description


async def test_the_deadline_end_posts_it_under_way(table, clock):  # noqa: F811
    await raid_ahead(table)
    await set_up(
        table,
        [
            ("/campaign settings set setting:core.on_deadline value:end_turn", "gm"),
            ("/turn deadline set when:2h", "gm"),
        ],
    )
    player = table.member("player1").id

    clock.at(2)
    posted = await tick(table)

    # The message its dice follow, redrawn: the end under way first, then the dice's source.
    header = posted[0].embeds[0]
    assert header["title"] == "⌛ Turn 1 is ending automatically at its deadline"
    assert header["description"].split("\n\n")[0] == UNDER_WAY.format(player=player)
    assert header["footer"]["text"].startswith("⛓ #")
    assert not posted[0].pings  # the line names the player; the pings come after it


async def test_a_faction_nobody_plays_is_told_as_such_with_the_gms_command(table):  # noqa: F811
    """SP-I45: Orion's player leaves while the end waits for Orion's buy-off answer (the
    question stays with the faction): `/turn status` pings and names no player for it, but
    says Orion has no player and that a GM can answer with `/pirates force`, which does."""
    await raid_ahead(table)
    await end_turn(table, 1)
    left = await table.slash("/campaign leave", as_="player1")
    assert not left.ephemeral, left.text()

    status = await table.slash("/turn status", as_="gm")

    assert status.embed.description.splitlines()[0] == (
        "⏳ Space pirates: the end of turn 1 is not finished yet, it waits for an answer. "
        "Turn 2 has begun meanwhile. **Orion** has no player: a GM can answer for it with "
        "/pirates force."
    )
    assert "<@" not in status.embed.description.splitlines()[0]
    listed = await table.slash("/pirates force", as_="gm")
    await table.click(listed, "Force 1 answer", as_="gm")
    status = await table.slash("/turn status", as_="gm")
    assert "⏳" not in (status.embed.description or ""), status.text()


async def test_in_russian_a_faction_nobody_plays_names_the_same_command(table):  # noqa: F811
    """The same in Russian: the command it names is `/pirates force` by its Russian name,
    which a GM types to answer."""
    await raid_ahead(table, "ru")
    await end_turn(table, 1, label="Завершить ход")
    await table.slash("/campaign leave", as_="player1")

    status = await table.slash("/turn status", as_="gm")

    assert status.embed.description.splitlines()[0] == (
        "⏳ Космические пираты: конец хода 1 ещё не завершён, ждём ответа. Тем временем уже "
        "идёт ход 2. У фракции **Orion** нет игрока: ведущий может ответить за неё командой "
        "/пираты по_умолчанию."
    )
    for language in ("en", "ru"):  # the command named is the one the command list has
        named = t("turn.status.gm_answers.space_pirates", language)
        assert named == "/" + command_msg("pirates force").render(language), named
