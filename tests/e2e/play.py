"""What the end-to-end tests share: seating the Ottoman piracy cast (each player joins with a
faction and is given a power, the GM records the powers at war with the Ottomans and starts
their impulse), the campaign's language set by the GM, the usual Company raids board (Anna's
Broker, Boris's Steelworks), the usual fleet combat battle (Red attacks Blue at Mecatol), a
refusal answered to its player alone, a ruleset's state as an earlier release saved it,
reading a reply's text (on one line too: the rules tests read an engine message so as well)
and buttons and the entry numbers of a `/history list` page."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from collections.abc import Sequence
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from typing import Any

from bot.standin import Table
from bot.storage.audit import canonical

# (player, faction, power) of the usual cast: the Ottomans, their target, a third power.
PIRACY_CAST = (
    ("player1", "Ottomans", "ottoman"),
    ("player2", "Habsburgs", "hapsburg"),
    ("player3", "France", "france"),
)


async def seat_piracy(
    table: Table,
    cast: tuple[tuple[str, str, str], ...] = PIRACY_CAST,
    at_war: tuple[str, ...] = ("hapsburg",),
    *,
    impulse: bool = True,
) -> None:
    """The cast joins, each is given their power, the GM records who is at war and (with
    `impulse`) starts the Ottoman impulse, in which alone piracy is declared (OP-I2)."""
    lines = [(f"/campaign join faction:{faction}", who) for who, faction, _ in cast]
    lines += [(f"/corsairs power power:{power} player:@{who}", "gm") for who, _, power in cast]
    lines += [(f"/corsairs war power:{power} at_war:true", "gm") for power in at_war]
    if impulse:
        lines.append(("/corsairs impulse power:ottoman", "gm"))
    await set_up(table, lines)


async def set_up(table: Table, lines: Sequence[tuple[str, ...]]) -> None:
    """Each (command, who types it[, what its answer says]) in turn, each answered publicly:
    a refusal fails the set-up, not the test after it."""
    for line, as_, *says in lines:
        answered = await table.slash(line, as_=as_)
        assert not answered.ephemeral, (line, answered.text())
        for text in says:
            assert text in answered.embed.description, (line, answered.text())


async def posting_in(table: Table, language: str) -> None:
    """The GM sets the campaign's language (`core.language`) to `language`, unless it is
    English, the language it posts in unset."""
    if language != "en":
        line = f"/campaign settings set setting:core.language value:{language}"
        await set_up(table, [(line, "gm")])


async def raids_board(table: Table, anna: str = "player1", *, language: str = "en") -> None:
    """A Company raids campaign posting in `language`: `anna` plays Anna, player2 Boris, with
    his Steelworks (fine 180), and Anna's Broker (value 300) is registered, elsewhere on the
    board."""
    await table.slash("/campaign create name:Raids rulesets:company_raids", as_="gm")
    await posting_in(table, language)
    await set_up(
        table,
        [
            ("/campaign join faction:Anna", anna),
            ("/campaign join faction:Boris", "player2"),
            ("/company add-company name:Steelworks fine:180", "player2"),
            ("/company add-piece name:Broker value:300", anna),
        ],
    )


async def red_and_blue_at_mecatol(
    table: Table, *, blue: str = "3 destroyers", green: bool = False
) -> None:
    """Red (player1) and Blue (player2) join, and Green (player3) with `green`; Red has 2
    cruisers (#1, #2) and Blue the ships `blue` (by default 3 destroyers, #3–#5) at
    Mecatol."""
    cast = [("player1", "Red"), ("player2", "Blue")] + ([("player3", "Green")] if green else [])
    await set_up(
        table,
        [(f"/campaign join faction:{faction}", who) for who, faction in cast]
        + [
            ("/combat fleet set point:Mecatol ships:2 cruiser", "player1"),
            (f"/combat fleet set point:Mecatol ships:{blue}", "player2"),
        ],
    )


async def red_attacks_blue(table: Table, *, blue: str = "3 destroyers", green: bool = False) -> Any:
    """Red and Blue (and Green) at Mecatol, as `red_and_blue_at_mecatol` seats them; Red
    attacks Blue there (battle #1). The attack's answer."""
    await red_and_blue_at_mecatol(table, blue=blue, green=green)
    attack = await table.slash("/combat attack point:Mecatol targets:Blue", as_="player1")
    assert not attack.ephemeral, attack.text()
    return attack


async def answered_alone(table: Table, line: str, as_: str) -> Any:
    """`line` typed by `as_` is answered to that player alone, nothing posted in the channel:
    the answer."""
    posted = len(table.channel_messages())
    answer = await table.slash(line, as_=as_)
    assert answer.ephemeral, answer.text()
    assert len(table.channel_messages()) == posted
    return answer


async def refused_alone(table: Table, line: str, as_: str) -> str:
    """`line` typed by `as_` is answered to that player alone, nothing posted in the channel:
    the refusal's text (its embed's description)."""
    return (await answered_alone(table, line, as_)).embed.description


async def refused_alone_flat(table: Table, line: str, as_: str) -> str:
    """As `refused_alone`, the text of every embed of the refusal, on one line (`flat`)."""
    return flat_text_of(await answered_alone(table, line, as_))


async def saved_state(table: Table, ruleset: str, change: Callable[[dict[str, Any]], None]) -> None:
    """The campaign's `ruleset` state as an earlier release saved it: the stored state with
    `change` made to it, written behind the bot's back."""
    found = await table.bot.service.by_channel(table.channel().id)
    assert found is not None
    db = table.bot.service.db
    row = await db.fetchone(
        "SELECT state FROM ruleset_state WHERE campaign_id = ? AND ruleset = ?",
        (found.id, ruleset),
    )
    state = json.loads(row[0])
    change(state)
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE ruleset_state SET state = ? WHERE campaign_id = ? AND ruleset = ?",
            (canonical(state), found.id, ruleset),
        )


def text_of(reply: Any) -> str:
    """Every embed description of a reply, as one text."""
    return "\n".join(e.get("description") or "" for e in reply.embeds)


def flat(text: str) -> str:
    """`text` on one line, as it reads: each run of spaces and line breaks one space, and the
    bar the stand-in draws down an embed's side (`│`, in a reply's `text()`) left out. The
    rules tests read an engine message the same way."""
    return " ".join(text.replace("│", " ").split())


def flat_text_of(reply: Any) -> str:
    """Every embed description of a reply (`text_of`), on one line (`flat`)."""
    return flat(text_of(reply))


def newest_entry(page: Any, command: str) -> int:
    """The number of the newest entry of `command` on a `/history list` page."""
    for line in (page.embed.description or "").splitlines():
        if f"**{command}**" in line:
            found = re.match(r"~*`#(\d+)`", line)
            assert found, line
            return int(found[1])
    raise AssertionError(page.embed.description)


def struck_answered(content: str, note: str = "✅ Answered.") -> bool:
    """Whether a message's text is a ping struck through as answered, with `note` (once its
    question is answered a ping says so, pinging nobody, rather than vanish)."""
    return content.startswith("~~<@") and content.endswith(f"~~ {note}")


def labels(reply: Any) -> list[str]:
    """The labels of a reply's buttons, in order."""
    return [b.label for b in reply.buttons]


async def assert_only_the_asked_answer(
    table: Table,
    question: Any,
    label: str,
    intruders: tuple[tuple[str, str], ...],
    *,
    not_gm: str,
) -> None:
    """Each intruder (player, the refusal in their language) clicking `label` is refused
    privately, and so is `not_gm` clicking the GM's "Force default (GM)"."""
    for intruder, refusal in intruders:
        refused = await table.click(question, label, as_=intruder)
        assert refused.ephemeral and refusal in refused.text()
    forced = await table.click(question, "Force default (GM)", as_=not_gm)
    assert forced.ephemeral and "Only a GM" in forced.text()


START = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def at(self, hours: float) -> None:
        """Move to `hours` after the start."""
        self.now = START + timedelta(hours=hours)
