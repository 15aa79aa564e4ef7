"""The permanent log of a piracy words what the Ottoman player registered (OP-2.3, OP-2.4,
OP-5.4) as the piracy's story does: a Habsburg squadron registered as adjacent, at no place
named, and a fortress given only as a count. Player1 plays the Ottomans, player2 the
Habsburgs."""

from __future__ import annotations

import re

import pytest

from bot.i18n import msg_from_json

PIRACY = (
    "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2 leaders:barbarossa "
    "adjacent_squadrons:1 fortresses:1 ports:2"
)
ELIMINATE = "Eliminate a squadron (Hapsburgs) nearby"


def entry_of(reply) -> str:
    return re.search(r"#(\d+)", reply.embed.footer).group(1)


async def test_an_unnamed_adjacent_squadron_and_a_counted_fortress_read_as_registered(seated):
    """OP-2.3, OP-2.4, OP-5.4: the log's dice entry says "in adjacent sea zones or ports" and
    "1 qualifying fortress", as the story does (not "the adjacent port" nor the fortress's
    number), and the reward entry eliminates the squadron "at an adjacent sea zone or port",
    not in the piracy zone; in Russian as well."""
    seated.script_dice([5, 2, 6, 5])
    asked = await seated.slash(PIRACY, as_="player1")
    dice = asked.embed.field("Dice against the pirates — Hapsburgs: 2 dice")
    assert "1 squadron (Hapsburgs) in adjacent sea zones or ports: 1 die" in dice
    assert "1 qualifying fortress: 1 die" in dice
    piracy = entry_of(asked)
    answered = await seated.click(asked, ELIMINATE, as_="player2")

    declared = await seated.slash(f"/history show entry:{piracy}", as_="player1")
    logged = declared.embed.description
    assert "• 1 squadron (Hapsburgs) in adjacent sea zones or ports: 1 die (OP-2.3)" in logged
    assert "• 1 qualifying fortress: 1 die (OP-2.4)" in logged
    assert "adjacent port" not in logged and "\\#1" not in logged and " :" not in logged
    rewarded = await seated.slash(f"/history show entry:{entry_of(answered)}", as_="player1")
    assert (
        "Hit 1: a squadron (Hapsburgs) at an adjacent sea zone or port is eliminated (OP-5.4)."
        in rewarded.embed.description
    )

    await seated.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    declared = await seated.slash(f"/history show entry:{piracy}", as_="player1")
    logged = declared.embed.description
    assert "• 1 эскадра (Габсбурги) в соседних морских зонах или портах: 1 кость" in logged
    assert "• 1 подходящая крепость: 1 кость (OP-2.4)" in logged
    rewarded = await seated.slash(f"/history show entry:{entry_of(answered)}", as_="player1")
    assert "уничтожена эскадра (Габсбурги) — соседняя морская зона или порт" in (
        rewarded.embed.description
    )


# Lines of a dice entry as an earlier version logged them (audit JSON, hash-chained).
HAPSBURG = {"key": "ottoman_piracy.power.hapsburg", "params": {}}
ONE_DIE = {"key": "ottoman_piracy.count.dice", "params": {"count": 1}}
ONE_SQUADRON = {"key": "ottoman_piracy.count.squadrons", "params": {"count": 1}}
LOGGED_BEFORE = [
    {
        "key": "ottoman_piracy.line.source",
        "params": {
            "clause": "OP-2.3",
            "dice": ONE_DIE,
            "source": {
                "key": "ottoman_piracy.source.squadron_adjacent_port",
                "params": {"place": "", "power": HAPSBURG, "squadrons": ONE_SQUADRON},
            },
        },
    },
    {
        "key": "ottoman_piracy.line.source",
        "params": {
            "clause": "OP-2.4",
            "dice": ONE_DIE,
            "source": {
                "key": "ottoman_piracy.source.fortified_space",
                "params": {"place": "\\#1", "power": HAPSBURG},
            },
        },
    },
]


@pytest.mark.parametrize("locale", ["en", "ru"])
def test_entries_logged_before_still_read(locale):
    """An entry logged before the change (its words are hash-chained: it cannot change)
    still reads whole in both languages: every key it names is still in the catalogs."""
    for line in LOGGED_BEFORE:
        text = msg_from_json(line).render(locale)
        assert "ottoman_piracy." not in text and "{" not in text, text
        assert text.startswith("• 1 ") or text.startswith("• \\#1"), text
        assert text.endswith(
            ("1 die (OP-2.3)", "1 die (OP-2.4)", "1 кость (OP-2.3)", "1 кость (OP-2.4)")
        ), text


async def test_history_show_gives_an_answer_as_its_button_read(seated):
    """OP-5.4, OP-5.6: `/history show` of a reward answered by a button gives the answer as
    the button read ("+1 piracy VP", "Eliminate a squadron"), not the code the button
    carries ("vp", "sq.0"); in Russian as well."""
    seated.script_dice([5, 2, 6, 5])
    asked = await seated.slash(PIRACY, as_="player1")
    first = await seated.click(asked, "+1 piracy VP", as_="player2")
    vp_entry = entry_of(first)
    squadron_entry = entry_of(await seated.click(first, ELIMINATE, as_="player2"))

    vp = await seated.slash(f"/history show entry:{vp_entry}", as_="player1")
    assert "**answer**: +1 piracy VP" in vp.embed.field("Options")
    squadron = await seated.slash(f"/history show entry:{squadron_entry}", as_="player1")
    assert "**answer**: Eliminate a squadron\n" in squadron.embed.field("Options")

    await seated.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    vp = await seated.slash(f"/history show entry:{vp_entry}", as_="player1")
    assert "**ответ**: +1 VP за пиратство" in vp.embed.field("Параметры")
    squadron = await seated.slash(f"/history show entry:{squadron_entry}", as_="player1")
    assert "**ответ**: Уничтожить эскадру\n" in squadron.embed.field("Параметры")
