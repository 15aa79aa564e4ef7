"""What a newcomer tripped over in the core: a refusal of someone else's question names
whom it asks, an empty filtered log says that nothing matches the filter, `/help` says who
really may run each command, and the local stand-in's test dice are not sold as fair."""

from __future__ import annotations

from typing import Any

from .play import seat_piracy
from .play import set_up
from .test_fair_dice import fair
from .test_ottoman_piracy import OP_E1
from .test_ottoman_piracy import VP

__all__ = ["fair"]


def user_id(table: Any, name: str) -> int:
    return int(table.member(name).id)


async def test_a_filtered_log_with_no_match_names_the_filter(campaign):
    """An empty filtered page says the filter once, in its sentence (play-test M, finding
    9); a page with entries names its filters in their own field."""
    await campaign.slash("/roll dice:1d6", as_="player1")
    player2 = user_id(campaign, "player2")

    english = await campaign.slash("/history list player:@player2", as_="player1")
    assert english.embed.description == f"No entry matches the filter: <@{player2}>."
    both = await campaign.slash("/history list player:@player2 turn:1", as_="player1")
    assert both.embed.description == f"No entry matches the filter: <@{player2}>, turn 1."

    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    russian = await campaign.slash("/history list ruleset:fleet_combat", as_="player1")
    assert russian.embed.description == "Ни одна запись не подходит под фильтр: Флотский бой."

    assert russian.embed.fields == [], russian.embed.fields  # the filter is named once
    assert russian.text().count("Флотский бой") == 1, russian.text()
    filtered = await campaign.slash("/history list player:@player1", as_="player1")
    assert filtered.embed.field("Фильтры") == f"<@{user_id(campaign, 'player1')}>"

    everything = await campaign.slash("/history list", as_="player1")
    assert "Ни одна запись" not in everything.embed.description
    assert "`#2`" in everything.embed.description


async def test_a_click_on_someone_elses_question_names_whom_it_asks(campaign):
    """The Habsburgs' reward question, clicked by the Ottoman (English) and the French
    (Russian) players: each is told privately whom it is for, and nobody is pinged."""
    await seat_piracy(campaign)
    campaign.script_dice([5, 2, 6, 5])
    question = await campaign.slash(OP_E1, as_="player1")
    owner = user_id(campaign, "player2")

    english = await campaign.click(question, VP, as_="player1")
    assert english.ephemeral
    assert english.embed.description == f"This question is for Habsburgs (<@{owner}>)."
    assert english.pings == frozenset()
    russian = await campaign.click(question, VP, as_="player3")
    assert russian.ephemeral
    assert russian.embed.description == f"На этот вопрос отвечает <@{owner}> (Habsburgs)."
    assert russian.pings == frozenset()

    answered = await campaign.click(question, VP, as_="player2")
    assert not answered.ephemeral, answered.text()


async def who_of(table: Any, command: str, as_: str = "player1") -> str:
    shown = await table.slash(f"/help command:{command}", as_=as_, channel="general")
    assert shown.ephemeral
    return str(shown.embed.field("Кто" if as_ == "player3" else "Who"))


async def test_help_says_who_really_may_run_each_command(table):
    """OP-1.1: only the Ottoman player (or a GM) declares piracy; a GM command whose
    description does not say so is still listed as a GM's; a command anyone may run says so."""
    english = {
        "corsairs piracy": "The Ottoman player, or a GM",
        "corsairs hand": "A power's player, or a GM",
        "corsairs war": "A GM of the campaign",
        "combat turn-order": "A GM of the campaign",
        "combat order": "A player in the battle, or a GM",
        "combat fleet set": "A player, for their own faction, or a GM",
        "company holding": "The Joker's owner, or a GM",
        "navy order": "Its owner, or a GM",
        "pirates offer": "The player it asks, or a GM",
        "reveal": "Whoever rolled it (or made the entry), or a GM",
        "campaign create": "Anyone: they become the campaign's GM",
        "turn end": "A GM of the campaign",
        "roll": "Any player",
        "corsairs status": "Any player",
    }
    for command, who in english.items():
        assert await who_of(table, command) == who, command
    russian = {
        "corsairs piracy": "Игрок за Османов или ведущий",
        "company land": "Игрок, чья это фигура, или ведущий",
        "pirates bribe": "Игрок — за свою фракцию, или ведущий",
        "turn end": "Ведущий кампании",
        "history list": "Любой игрок",
    }
    for command, who in russian.items():
        assert await who_of(table, command, as_="player3") == who, command


async def test_help_lists_a_gm_command_among_the_gms_whatever_its_description(table):
    shown = await table.slash("/help", as_="player1", channel="general")
    embeds = [*shown.embeds, *(e for m in shown.followups for e in m.embeds)]
    players = "\n".join(
        e.get("description") or "" for e in embeds if e["title"] == "Commands for players"
    )
    gms = "\n".join(
        e.get("description") or "" for e in embeds if e["title"] == "Commands for game masters"
    )
    assert "The players' turn order: who fires first" in gms
    assert "The players' turn order: who fires first" not in players
    assert "Declare piracy in a sea zone" in players


TEST_DICE = "🧪 This local stand-in rolls test dice: they cannot be verified"
TEST_DICE_RU = "🧪 Эта локальная замена Discord бросает тестовые кубики: их нельзя проверить"


async def test_the_local_stand_in_says_its_dice_are_test_dice(table):
    """The stand-in's bot rolls seeded or scripted dice: its answers say so instead of
    promising dice derived from the committed seed, and name the real bot. The campaign's
    answer posts no 🔒 commitment of turn 1 under that sentence, nor the turn end's reveal
    one of turn 2 (its footer anchors the chain head only): /history verify counts none, and
    says the open turn's test dice will not be checked."""
    created = await table.slash("/campaign create name:Black Sea", as_="gm")
    assert TEST_DICE in created.embed.description
    assert "secret seed" not in created.embed.description
    assert "The real bot (`python -m bot`) rolls dice anyone can verify." in (
        created.embed.description
    )
    assert "🔒" not in created.text(), created.text()
    verified = await table.slash("/history verify", as_="gm")
    told = (verified.followups[0] if verified.followups else verified).embed.description
    assert "🧪 Turn 1 is open, but this local stand-in rolls test dice" in told, told
    assert "chain heads: 0, commitments: 0." in told, told
    status = await table.slash("/turn status", as_="player1")
    assert status.embed.field("Fair dice").startswith(TEST_DICE)
    await set_up(table, [("/campaign join faction:Vega", "player1")])
    ask = await table.slash("/turn end", as_="gm")
    ended = await table.click(ask, "End turn 1", as_="gm")
    posted = [e for m in [*ended.messages, *ended.posted] for e in m.embeds]
    (fair,) = [e for e in posted if e.get("title") == "🎲 Fair dice: turn 1 revealed"]
    assert "This local stand-in rolled test dice" in fair["description"]
    assert "Anyone can re-derive every die" not in fair["description"]
    assert fair["footer"]["text"].startswith("⛓ #") and "🔒" not in fair["footer"]["text"]

    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    russian = await table.slash("/turn status", as_="player1")
    assert russian.embed.field("Честные кубики").startswith(TEST_DICE_RU)


async def test_the_real_bots_dice_texts_stay_as_they_were(fair):
    """A bot rolling dice derived from the committed seed (the real bot) keeps its promise:
    the seed's commitment, and the turn's dice re-derived once it ends."""
    created = await fair.slash("/campaign create name:Black Sea", as_="gm", channel="general")
    assert "🔒 Dice of turn 1 are derived from a secret seed committed as `" in (
        created.embed.description
    )
    assert "test dice" not in created.embed.description
    assert created.embed.footer.startswith("🔒 T1 "), created.embed.footer
    status = await fair.slash("/turn status", as_="player1")
    assert status.embed.field("Fair dice").startswith("🔒 Turn 1's seed is committed as `")


async def test_the_turn_status_of_a_ruleset_nobody_set_up_says_how_to_start(table):
    """A ruleset that waits for nothing because nothing is registered yet says what to set up
    first, with the commands, in the campaign's language; once anyone has set it up it waits
    for nothing again."""
    await table.slash("/campaign create name:Frontier rulesets:space_pirates", as_="gm")
    await table.slash("/campaign join faction:Vega", as_="player1")

    fresh = await table.slash("/turn status", as_="player2")
    assert fresh.embed.field("Space pirates").startswith(
        "Still to set up: register your trade routes with "
    )
    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    russian = await table.slash("/turn status", as_="player2")
    assert russian.embed.fields[0].value.startswith("Осталось подготовить: ")

    await table.slash("/pirates route add name:Rich goods:100", as_="player1")
    ready = await table.slash("/turn status", as_="player2")
    assert ready.embed.fields[0].value == "Пока ничего не ждём."
