"""Commands that ask before they remove or replace: type one and answer its private
question (the red button, or Cancel)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from bot.standin import Reply
from bot.standin import Table


def as_confirmed(*asked: str, lead: str = "You confirmed:") -> str:
    """A confirmed question's redrawn text: `lead`, then what it asked (its title, then its
    lines), quoted."""
    return "\n".join([lead, *(f"> {line}" for line in asked)])


def red_button(asked: Reply) -> str | None:
    """The label of the question's red button; None when the command was refused at once."""
    if asked.message is None:
        return None
    return next((b.label for b in asked.buttons if b.style == "danger"), None)


async def refused_at_once(table: Table, line: str, *, as_: str) -> Reply:
    """`line` typed by `as_` is refused at once, to that player alone, nothing asked."""
    refused = await table.slash(line, as_=as_)
    assert red_button(refused) is None and refused.ephemeral, refused.text()
    return refused


async def confirmed(
    table: Table,
    line: str,
    *,
    as_: str | None = None,
    files: Mapping[str, bytes] | None = None,
    channel: str | None = None,
) -> Reply:
    """Type `line` and press the red button of the question it asks: the reply reads what
    the command answered once confirmed (its public answer, or its private one), the
    question redrawn left out. A command refused at once (nothing asked), or a confirm
    refused on the question, is returned as it is."""
    asked = await table.slash(line, as_=as_, files=files, channel=channel)
    return await pressed(table, asked, as_=as_)


async def forced_by_button(
    table: Table, question: Reply, *, as_: str = "gm", label: str = "Force default (GM)"
) -> Reply:
    """A GM's click on a player's question's "Force default (GM)", then on the red Force
    of the private question it asks: the reply reads as `confirmed`'s (the public answer
    first); the player's question is redrawn in place."""
    return await pressed(table, await table.click(question, label, as_=as_), as_=as_)


async def pressed(table: Table, asked: Reply, *, as_: str | None = None) -> Reply:
    """The red button of the private question `asked` pressed: the command's answer once
    confirmed, the question redrawn left out (`asked` itself when nothing was asked)."""
    label = red_button(asked)
    if label is None:
        return asked
    assert asked.ephemeral, asked.text()
    clicked = await table.click(asked, label, as_=as_)
    if not clicked.followups:
        return clicked
    return Reply(
        action=clicked.action,
        player=clicked.player,
        interaction_id=clicked.interaction_id,
        response_type=clicked.response_type,
        message=clicked.followups[0],
        followups=clicked.followups[1:],
        posted=clicked.posted,
        edited=clicked.edited,
    )


# The commands that ask first, as typed in English.
ASKING = (
    "/campaign gm remove",
    "/campaign settings import",
    "/combat stats reset",
    "/combat fleet remove",
    "/navy forces remove",
    "/navy station remove",
    "/company remove-company",
    "/company remove-piece",
    "/pirates route remove",
    "/pirates planet remove",
    "/corsairs force",
    "/company force",
    "/combat close",
)


def asks_first(line: str) -> bool:
    """Whether the typed command asks before it changes anything."""
    return line.startswith(ASKING)


async def killed_confirm(
    played: Table,
    monkeypatch: pytest.MonkeyPatch,
    line: str,
    as_: str,
    *,
    files: Mapping[str, bytes] | None = None,
) -> None:
    """Type `line` and press its question's red button; the change commits, then every
    post of its answer dies, starting with the question's redraw."""
    from tests.e2e.test_click_outbox import dies_before_posting

    asked = await played.slash(line, as_=as_, files=files)
    label = red_button(asked)
    assert label is not None, asked.text()
    with dies_before_posting(monkeypatch) as attempts:
        await played.click(asked, label, as_=as_)
    assert attempts == ["edit"], line


async def clicked_by(table: Table, asked: Reply, label: str, *, as_: str) -> Reply:
    """A click on `label` of the private question `asked` by another player, who cannot see
    it (as a client that kept the button's id would send it)."""
    from bot.standin import kinds as K
    from bot.standin.state import MESSAGE_COMPONENT

    member = table.member(as_)
    assert asked.message is not None
    button = asked.message.button(label)
    data = {"custom_id": button.custom_id, "component_type": K.BUTTON}
    return await table._interact(
        f"click {label!r} as {member.username}",
        MESSAGE_COMPONENT,
        member,
        table.channel(),
        data,
        message=asked.message,
    )


async def import_refused_after_a_change(table: Table, asked: Reply) -> None:
    """While the import question waits a GM sets `piracy_vp_cap` to 7 (applied, in public);
    the question's Import is then refused as asked before a change, nothing imported."""
    done = await table.slash(
        "/campaign settings set setting:ottoman_piracy.piracy_vp_cap value:7", as_="gm"
    )
    assert not done.ephemeral, done.text()
    late = await table.click(asked, "Import", as_="gm")
    assert late.embed.title == "No setting was changed"
    assert "changed since you were asked" in late.embed.description
