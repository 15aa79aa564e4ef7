"""The core commands that ask first, `/campaign gm remove` and `/campaign settings import`,
answered as every ruleset's question is (`Asked`): a second click is refused as answered,
another GM's click on an import as not theirs, an import made stale by a change in between
is refused on the question (on a GM removal, both: tests/e2e/test_confirmations.py), and a
confirm that dies before its commit leaves the question open, to be confirmed again, once,
after the restart."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from tests.e2e.confirming import clicked_by
from tests.e2e.test_confirmations_unseen import open_questions
from tests.e2e.test_undo import verified

IMPORT = "/campaign settings import file:s.toml"
FILE = {"s.toml": b"[ottoman_piracy]\nhit_min_face = 4\n"}


async def history(table) -> str:
    return (await table.slash("/history list", as_="gm")).text()


async def is_gm(table, who: str) -> bool:
    """Whether `who` may do what only a GM does (set the turn's deadline)."""
    return not (await table.slash("/turn deadline set when:48h", as_=who)).ephemeral


async def hit_min_face(table) -> str:
    shown = await table.slash("/campaign settings show ruleset:ottoman_piracy", as_="gm")
    return shown.embed.description.split("`hit_min_face` = **", 1)[1].split("**", 1)[0]


@contextmanager
def dies_before_commit(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The process dies inside the confirm's transaction, after the question was claimed
    and the change made, while its answer is written: nothing of it commits."""
    from bot import announcements

    attempts: list[str] = []

    async def die(*args: object, **kwargs: object) -> None:
        attempts.append("write")
        raise ConnectionAbortedError("the process died before the commit")

    with monkeypatch.context() as patched:
        patched.setattr(announcements, "write", die)
        yield attempts


# --- /campaign gm remove --------------------------------------------------------------------


async def test_a_gm_removal_pressed_twice_removes_once(campaign):
    await campaign.slash("/campaign gm add user:@player1", as_="gm")
    asked = await campaign.slash("/campaign gm remove user:@player1", as_="gm")
    done = await campaign.click(asked, "Remove", as_="gm")
    assert done.embed.title == "✅ Removed — see the answer below"
    again = await clicked_by(campaign, asked, "Remove", as_="gm")
    assert again.ephemeral and "already been answered" in again.text()
    assert (await history(campaign)).count("campaign gm remove") == 1


async def test_a_gm_removal_that_dies_before_its_commit_is_asked_still(campaign, monkeypatch):
    """The Remove click dies inside its transaction: the GM sees an error, nothing is
    removed nor logged, and after the restart the same question removes, once."""
    await campaign.slash("/campaign gm add user:@player1", as_="gm")
    asked = await campaign.slash("/campaign gm remove user:@player1", as_="gm")
    with dies_before_commit(monkeypatch) as attempts:
        died = await campaign.click(asked, "Remove", as_="gm")
    assert attempts == ["write"] and died.ephemeral
    await campaign.restart()
    assert "campaign gm remove" not in await history(campaign)
    assert await is_gm(campaign, "player1")
    assert len(await open_questions(campaign)) == 1

    done = await campaign.click(asked, "Remove", as_="gm")
    assert done.embed.title == "✅ Removed — see the answer below"
    assert not await is_gm(campaign, "player1")
    assert (await history(campaign)).count("campaign gm remove") == 1
    assert (await verified(campaign)).startswith("✅ The log is intact")


# --- /campaign settings import --------------------------------------------------------------


async def test_an_import_pressed_twice_imports_once(campaign):
    asked = await campaign.slash(IMPORT, as_="gm", files=FILE)
    first = await campaign.click(asked, "Import", as_="gm")
    assert first.followups, first.text()
    await campaign.slash(
        "/campaign settings set setting:ottoman_piracy.hit_min_face value:6", as_="gm"
    )
    again = await clicked_by(campaign, asked, "Import", as_="gm")
    assert again.ephemeral and "already been answered" in again.text()
    assert await hit_min_face(campaign) == "6"
    assert (await history(campaign)).count("campaign settings import") == 1


async def test_another_gm_cannot_answer_an_import(campaign):
    await campaign.slash("/campaign gm add user:@player1", as_="gm")
    asked = await campaign.slash(IMPORT, as_="gm", files=FILE)
    other = await clicked_by(campaign, asked, "Import", as_="player1")
    assert other.ephemeral
    assert other.embed.description == f"This question is for <@{campaign.member('gm').id}>."
    assert await hit_min_face(campaign) == "5"
    assert "campaign settings import" not in await history(campaign)


async def test_an_import_asked_before_a_change_is_refused_on_the_question(campaign):
    """The GM sets the setting the file changes to another value meanwhile: the Import is
    refused on the question, and the GM's value stays."""
    asked = await campaign.slash(IMPORT, as_="gm", files=FILE)
    await campaign.slash(
        "/campaign settings set setting:ottoman_piracy.hit_min_face value:6", as_="gm"
    )
    late = await campaign.click(asked, "Import", as_="gm")
    assert late.embed.title == "No setting was changed"
    assert "changed since you were asked" in late.embed.description
    assert await hit_min_face(campaign) == "6"
    assert await open_questions(campaign) == []


async def test_an_import_that_dies_before_its_commit_is_asked_still(campaign, monkeypatch):
    """The Import click dies inside its transaction: nothing is imported nor logged, and
    after the restart the same question imports, once, even pressed twice at once."""
    asked = await campaign.slash(IMPORT, as_="gm", files=FILE)
    with dies_before_commit(monkeypatch) as attempts:
        died = await campaign.click(asked, "Import", as_="gm")
    assert attempts == ["write"] and died.ephemeral
    await campaign.restart()
    assert await hit_min_face(campaign) == "5"
    assert "campaign settings import" not in await history(campaign)

    first, second = await asyncio.gather(
        campaign.click(asked, "Import", as_="gm"), campaign.click(asked, "Import", as_="gm")
    )
    assert sum(bool(r.followups) for r in (first, second)) == 1, (first.text(), second.text())
    assert await hit_min_face(campaign) == "4"
    assert (await history(campaign)).count("campaign settings import") == 1
    assert await open_questions(campaign) == []
