"""`/turn status` with every ruleset waiting for a long list, every player owing a long
move and the fair dice line: each part is within its field's 1,024 characters, and the
whole embed within Discord's 6,000 (discord-api.md "all embed text in one message"). The
longest sections give way first, each ending with how many more it waits for."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

import pytest

from bot import rulesets
from bot.i18n import Msg
from bot.rulesets import Awaited
from bot.standin import Table
from cogs.turn import fair_lines

EVERY_RULESET = ("space_pirates", "ottoman_piracy", "naval_orders", "company_raids", "fleet_combat")
FACTIONS = ("Red", "Blue", "Green")
TITLES = ("Space pirates", "Ottoman piracy", "Naval orders", "Company raids", "Fleet combat")


def waits(key: str, count: int) -> list[Msg]:
    """`count` lines of 125 characters a ruleset waits for (free text): eight of them and
    "…and N more" fill a field's 1,024."""
    return [
        Msg("fleet_combat.class.custom", name=f"{key} waits for item {n:02d} ".ljust(125, "·"))
        for n in range(1, count + 1)
    ]


@pytest.fixture
def every_ruleset_waits_long() -> Iterator[None]:
    """Each ruleset waits for 30 long lines (its own number of them: 30, 31, … so the
    sections differ), and every faction owes each ruleset a long move."""
    originals = {key: rulesets.get(key) for key in EVERY_RULESET}
    for i, (key, spec) in enumerate(originals.items()):
        lines = waits(key, 30 + i)
        owes = [
            Awaited(f, Msg("fleet_combat.class.custom", name=f"a very long move {'·' * 300}"))
            for f in FACTIONS
        ]
        rulesets.register(
            replace(
                spec,
                waiting_for=lambda state, settings, turn, lines=lines: lines,
                awaited=lambda state, settings, turn, owes=owes: owes,
            ),
            cog=rulesets.cog_of(key),
        )
    try:
        yield
    finally:
        for key in EVERY_RULESET:
            rulesets.unregister(key)


async def test_the_status_of_a_campaign_waiting_for_everything_fits_one_embed(
    every_ruleset_waits_long: None, table: Table
):
    """Five full ruleset sections, "Still owe" and "Fair dice": the answer is shown, within
    6,000 characters; every ruleset's section shows whole lines and how many more, the
    numbers adding up to what it waits for; every player is still named as owing a move."""
    created = await table.slash("/campaign create name:Everything", as_="gm")
    assert not created.ephemeral, created.text()
    for player, faction in zip(("player1", "player2", "player3"), FACTIONS, strict=True):
        joined = await table.slash(f"/campaign join faction:{faction}", as_=player)
        assert not joined.ephemeral, joined.text()

    status = await table.slash("/turn status", as_="player1")

    assert not status.ephemeral, status.text()
    embed = status.embed
    total = len(embed.title or "") + len(embed.description or "") + len(embed.footer or "")
    total += sum(len(f.name) + len(f.value) for f in embed.fields)
    assert total <= 6000
    names = [f.name for f in embed.fields]
    assert names[:5] == list(TITLES)
    assert names[6] == "Fair dice"
    for i, (key, field) in enumerate(zip(EVERY_RULESET, embed.fields, strict=False)):
        *shown, more = field.value.splitlines()
        assert len(field.value) <= 1024
        assert shown == [m.render("en") for m in waits(key, len(shown))]  # whole lines
        kept_back = re.fullmatch(r"…and (\d+) more", more)
        assert kept_back is not None, more
        assert len(shown) + int(kept_back[1]) == 30 + i
    owing = embed.fields[5].value
    for player in ("player1", "player2", "player3"):
        assert f"<@{table.member(player).id}>" in owing
    assert embed.fields[6].value.startswith("🧪 This local stand-in rolls test dice")


def owing(count: int, owes: str = "move orders for 3 squadrons") -> list[tuple[str, str]]:
    """`count` players, each `• <@id> (**Faction NN**)` owing `owes`."""
    return [(f"• <@{100000000000000000 + n}> (**Faction {n:02d}**)", owes) for n in range(count)]


@pytest.mark.parametrize("players", [2, 12, 30, 45, 1100])
def test_still_owe_never_cuts_a_mention_or_a_faction(players: int):
    """However many players owe a move, "Still owe a move" fits its field, and every line it
    shows names its player and faction whole (a mention cut in two pings nobody and names
    nobody): while each can keep a readable part of what it owes, every player is listed;
    beyond that, whole lines and how many more."""
    text = fair_lines(owing(players), "en")
    assert len(text) <= 1024
    shown_lines = [line for line in text.splitlines() if line.startswith("• ")]
    assert all(
        re.fullmatch(r"• <@\d{18}> \(\*\*Faction \d+\*\*\): .{3,}", line) for line in shown_lines
    )
    if len(shown_lines) < players:
        assert text.endswith(f"…and {players - len(shown_lines)} more")
    else:
        assert len(shown_lines) == players


def test_a_long_owed_text_is_shortened_beside_short_ones():
    """The shortest owed texts keep their length; the long one gives up only what it must."""
    lines = [*owing(2), ("• <@1> (**Red**)", "x" * 2000)]
    text = fair_lines(lines, "en")
    first, second, red = text.splitlines()
    assert first.endswith("move orders for 3 squadrons")
    assert second.endswith("move orders for 3 squadrons")
    assert red.startswith("• <@1> (**Red**): xxx") and red.endswith("…")
    assert len(text) == 1024
