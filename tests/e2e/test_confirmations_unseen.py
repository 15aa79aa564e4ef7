"""Confirmations whose question never reaches its player, settings-import questions that keep
what the file sets rather than the file, and the core commands' questions answered as the
rulesets' are."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from contextlib import contextmanager
from types import SimpleNamespace

import discord
import pytest

from bot.standin import InteractionFailed
from bot.storage import database
from bot.storage.audit import canonical
from tests.e2e.confirming import clicked_by
from tests.e2e.confirming import confirmed
from tests.e2e.confirming import import_refused_after_a_change
from tests.e2e.confirming import red_button
from tests.e2e.test_fleet_combat import seated  # noqa: F401 - a fixture
from tests.e2e.test_outbox import hold_campaign
from tests.e2e.test_undo import undo
from tests.e2e.test_undo import verified

NOT_ASKED = (
    "The question could not be shown, so nothing was asked and nothing changed. "
    "Type the command again."
)
IMPORT = "/campaign settings import file:s.toml"


async def history(table, as_: str = "gm") -> str:
    return (await table.slash("/history list", as_=as_)).text()


async def open_questions(table) -> list[dict]:
    """The payloads of the campaign's questions still waiting for an answer."""
    rows = await table.bot.service.db.fetchall(
        "SELECT payload FROM pending_choices WHERE status = 'open' ORDER BY id"
    )
    return [json.loads(row[0]) for row in rows]


def discord_refusal(kind: type[discord.HTTPException], status: int, code: int, text: str):
    """The error discord.py raises when Discord answers a request with `status`."""
    return kind(SimpleNamespace(status=status, reason=text), {"code": code, "message": text})


@contextmanager
def answers_fail(
    monkeypatch: pytest.MonkeyPatch, error: discord.HTTPException, *, only_questions: bool
) -> Iterator[list[str]]:
    """Discord refuses the bot's answers to an interaction (its response and follow-ups)
    with `error`: every one, or only the first message with buttons (a question) and the
    rest go through. Yields what was refused."""
    refused: list[str] = []
    respond = discord.InteractionResponse.send_message
    follow_up = discord.Webhook.send

    def failing(real, name):
        async def send(self, *args, **kwargs):
            if not only_questions or (kwargs.get("view") is not None and not refused):
                refused.append(name)
                raise error
            return await real(self, *args, **kwargs)

        return send

    with monkeypatch.context() as patched:
        patched.setattr(discord.InteractionResponse, "send_message", failing(respond, "response"))
        patched.setattr(discord.Webhook, "send", failing(follow_up, "follow-up"))
        yield refused


async def not_asked(table, monkeypatch: pytest.MonkeyPatch, line: str, as_: str) -> None:
    """`line` typed while Discord fails the question's message (a 503): its player alone is
    told that nothing was asked and to type the command again."""
    unavailable = discord_refusal(discord.DiscordServerError, 503, 0, "Service Unavailable")
    with answers_fail(monkeypatch, unavailable, only_questions=True) as refused:
        told = await table.slash(line, as_=as_)
    assert refused == ["response"]
    assert told.ephemeral and red_button(told) is None
    assert told.embed.description == NOT_ASKED


# --- a question nobody sees -------------------------------------------------------------------


async def test_a_question_discord_refuses_is_closed_and_its_player_told(seated, monkeypatch):  # noqa: F811
    """Discord fails the question's message (a 503): the player is told privately that
    nothing was asked and to type the command again, no question is left open, and typed
    again the removal is asked and done."""
    await not_asked(seated, monkeypatch, "/combat fleet remove point:Mecatol", "player2")
    assert await open_questions(seated) == []
    assert "combat fleet remove" not in await history(seated)

    done = await confirmed(seated, "/combat fleet remove point:Mecatol", as_="player2")
    assert done.embed.description == "Blue's fleet at Mecatol is no longer registered."
    assert await open_questions(seated) == []


async def test_a_round_whose_question_discord_refuses_leaves_nothing_open(
    seated,  # noqa: F811
    monkeypatch,
):
    """`/combat resolve` asks as every confirmation does: a question Discord fails is
    closed at once, the GM told privately to type it again, and typed again it is asked by
    a question that works."""
    await seated.slash("/combat attack point:Mecatol targets:Blue", as_="player1")
    await not_asked(seated, monkeypatch, "/combat resolve battle:1", "gm")
    assert await open_questions(seated) == []
    asked = await seated.slash("/combat resolve battle:1", as_="gm")
    assert red_button(asked) == "Fight round 1 of battle #1"


async def test_a_force_whose_question_discord_refuses_leaves_nothing_open(table, monkeypatch):
    """SP-I45: the GM's `/pirates force` list fails: no confirmation stays open, Vega's
    buy-off still waits for her, and typed again the list is asked."""
    await table.slash("/campaign create name:Frontier rulesets:space_pirates", as_="gm")
    await table.slash("/campaign join faction:Vega", as_="player1")
    await table.slash("/pirates route add name:Open goods:160", as_="player1")
    table.script_dice([1, 3])
    await table.click(await table.slash("/turn end", as_="gm"), "End turn 1", as_="gm")
    waiting = await open_questions(table)
    await not_asked(table, monkeypatch, "/pirates force", "gm")
    assert await open_questions(table) == waiting
    asked = await table.slash("/pirates force", as_="gm")
    assert red_button(asked) == "Force 1 answer"


async def test_a_question_whose_interaction_expired_leaves_nothing_open(campaign, monkeypatch):
    """Discord no longer knows the interaction (10062, past its 3 s): nothing can be shown,
    the question is closed all the same, and the GM typing the removal again is asked
    once, by a question that works."""
    await campaign.slash("/campaign gm add user:@player1", as_="gm")
    expired = discord_refusal(discord.NotFound, 404, 10062, "Unknown interaction")
    with (
        answers_fail(monkeypatch, expired, only_questions=False) as refused,
        pytest.raises(InteractionFailed, match="no_response"),
    ):
        await campaign.slash("/campaign gm remove user:@player1", as_="gm")
    assert refused == ["response", "response"]  # the question, then the error's reply
    assert await open_questions(campaign) == []

    asked = await campaign.slash("/campaign gm remove user:@player1", as_="gm")
    assert red_button(asked) == "Remove", asked.text()
    assert len(await open_questions(campaign)) == 1
    done = await campaign.click(asked, "Remove", as_="gm")
    assert done.embed.title == "✅ Removed — see the answer below"
    assert (await history(campaign)).count("campaign gm remove") == 1


async def test_a_question_after_a_slow_write_that_cannot_follow_up(
    campaign, database_target, monkeypatch
):
    """The import waited for the lock (another process held it), so it was acknowledged
    first; its question's follow-up then fails: the GM alone reads that nothing was asked,
    and nothing stays open."""
    files = {"s.toml": b"[ottoman_piracy]\nhit_min_face = 4\n"}
    unavailable = discord_refusal(discord.DiscordServerError, 503, 0, "Service Unavailable")
    monkeypatch.setattr(database, "WRITE_WAIT_NOTICE", 0.05)
    with answers_fail(monkeypatch, unavailable, only_questions=True) as refused:
        async with hold_campaign(database_target, campaign.bot.service, campaign.channel().id):
            answering = asyncio.ensure_future(campaign.slash(IMPORT, as_="gm", files=files))
            while not any(r.response_type == 5 for r in campaign.standin.interactions.values()):
                await campaign.standin.next_change()
        answered = await answering
    assert answered.deferred and refused == ["follow-up"]
    shown = [m for m in answered.messages if not m.deleted]  # "thinking…" is gone
    assert [(m.ephemeral, m.embed.description) for m in shown] == [(True, NOT_ASKED)]
    assert await open_questions(campaign) == []
    assert "campaign settings import" not in await history(campaign)


# --- a settings import keeps what the file sets -----------------------------------------------


async def test_an_import_question_keeps_what_the_file_sets_not_the_file(campaign):
    """A long commented file that changes one setting: the question waiting for the GM
    keeps the settings the file names and their values, not its comments; Import applies
    it as asked."""
    exported = (await campaign.slash("/campaign settings export", as_="gm")).attachments[0].text
    padding = "".join(f"# note {n}: keep the corsairs in check\n" for n in range(4000))
    text = padding + exported.replace("hit_min_face = 5", "hit_min_face = 4")
    asked = await campaign.slash(IMPORT, as_="gm", files={"s.toml": text.encode()})
    assert asked.embed.title == "Import the settings file? It changes 1 setting:"
    assert asked.embed.description.splitlines()[0] == "`ottoman_piracy.hit_min_face`: 5 → **4**"
    (kept,) = await open_questions(campaign)
    stored = canonical(kept)
    assert "keep the corsairs in check" not in stored
    assert len(stored) < len(exported) < len(text) // 10
    assert "hit_min_face = 4" in kept["params"]["applies"]

    done = await campaign.click(asked, "Import", as_="gm")
    assert done.embed.title == "✅ Imported — see the answer below"
    (posted,) = done.followups
    assert posted.embed.title == "Settings imported: 1 setting changed"
    assert (await history(campaign)).count("campaign settings import") == 1


async def as_asked_before_the_upgrade(table, text: str) -> None:
    """Give the one open import question the payload a question asked before this version
    kept: the file's whole text."""
    db = table.bot.service.db
    row = await db.fetchone("SELECT id, payload FROM pending_choices WHERE status = 'open'")
    payload = json.loads(row[1])
    payload["params"] = {"text": text}
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE pending_choices SET payload = ? WHERE id = ?", (canonical(payload), row[0])
        )


async def test_an_import_asked_before_the_upgrade_still_imports_its_file(campaign):
    """A question posted by the previous version keeps the file itself: its Import applies
    that file as asked, and one whose settings changed since is refused as before."""
    text = "# my edits\n[ottoman_piracy]\nhit_min_face = 4\n[core]\nfactions_per_player = 2\n"
    files = {"s.toml": text.encode()}
    asked = await campaign.slash(IMPORT, as_="gm", files=files)
    await as_asked_before_the_upgrade(campaign, text)
    done = await campaign.click(asked, "Import", as_="gm")
    assert done.embed.title == "✅ Imported — see the answer below", done.text()
    assert done.followups[0].embed.title == "Settings imported: 2 settings changed"
    shown = await campaign.slash("/campaign settings show ruleset:ottoman_piracy", as_="gm")
    assert "`hit_min_face` = **4**" in shown.embed.description

    back = "[ottoman_piracy]\nhit_min_face = 5\npiracy_vp_cap = 10\n"
    stale = await campaign.slash(IMPORT, as_="gm", files={"s.toml": back.encode()})
    await as_asked_before_the_upgrade(campaign, back)
    await import_refused_after_a_change(campaign, stale)
    assert (await history(campaign)).count("campaign settings import") == 1


async def test_an_import_refused_when_confirmed_names_the_files_lines(campaign, monkeypatch):
    """A check added between the question and the click (an upgrade) refuses the kept
    settings: each problem is named at its line in the GM's file, as the file reads."""
    from bot import settings_file
    from bot.i18n import Msg

    text = "# my campaign\n# edited by hand\n\n[core]\nfactions_per_player = 2\n"
    text += "[ottoman_piracy]\n# the corsairs hit harder\nhit_min_face = 4\n"
    asked = await campaign.slash(IMPORT, as_="gm", files={"s.toml": text.encode()})
    assert red_button(asked) == "Import", asked.text()
    read = settings_file.read_settings

    def stricter(given, current):
        found = settings_file.key_lines(given)[("ottoman_piracy", "hit_min_face")]
        read(given, current)
        narrower = Msg(
            "error.settings_file.value",
            line=found,
            setting="ottoman_piracy.hit_min_face",
            value="4",
            allowed="5..6",
        )
        raise settings_file.SettingsFileRejected([settings_file.FileProblem(found, narrower)])

    monkeypatch.setattr(settings_file, "read_settings", stricter)
    refused = await campaign.click(asked, "Import", as_="gm")
    assert refused.embed.title == "No setting was changed"
    assert refused.embed.description.splitlines()[:2] == [
        "The settings file was not applied: 1 problem.",
        "Line 8: `ottoman_piracy.hit_min_face = 4` is not allowed. Allowed: 5..6",
    ]
    assert "campaign settings import" not in await history(campaign)


async def test_an_import_keeps_the_files_order_and_a_tables_entries(campaign):
    """The question and the channel list the changes in the file's order, a table's
    entries in the order the file gives them; Import applies exactly that."""
    text = (
        "[ottoman_piracy]\n"
        "piracy_ratings = { zeki = 3, barbarossa = 1, dragut = 2 }\n"
        "hit_min_face = 4\n"
        "[core]\nfactions_per_player = 2\n"
    )
    asked = await campaign.slash(IMPORT, as_="gm", files={"s.toml": text.encode()})
    lines = asked.embed.description.splitlines()
    assert lines[:3] == [
        "`ottoman_piracy.hit_min_face`: 5 → **4**",
        "`ottoman_piracy.piracy_ratings`: { barbarossa = 1, dragut = 2 } → "
        "**{ zeki = 3, barbarossa = 1, dragut = 2 }**",
        "`core.factions_per_player`: 1 → **2**",
    ]
    done = await campaign.click(asked, "Import", as_="gm")
    assert done.embed.title == "✅ Imported — see the answer below", done.text()
    assert done.followups[0].embed.description.splitlines() == [
        "`ottoman_piracy.hit_min_face` = **4**",
        "`ottoman_piracy.piracy_ratings` = **{ zeki = 3, barbarossa = 1, dragut = 2 }**",
        "`core.factions_per_player` = **2**",
    ]


# --- the core commands' questions, answered as the rulesets' are -------------------------------


async def test_two_imports_confirmed_at_once_import_once(campaign):
    """Both Import clicks of one question at the same moment: one imports, the other is
    refused as answered; a GM's undo of the import leaves the question answered."""
    files = {"s.toml": b"[ottoman_piracy]\nhit_min_face = 4\n"}
    asked = await campaign.slash(IMPORT, as_="gm", files=files)
    first, second = await asyncio.gather(
        campaign.click(asked, "Import", as_="gm"), campaign.click(asked, "Import", as_="gm")
    )
    refused = [r for r in (first, second) if not r.followups]
    assert len(refused) == 1, (first.text(), second.text())
    assert refused[0].ephemeral and "already been answered" in refused[0].text()
    assert (await history(campaign)).count("campaign settings import") == 1

    undone = await undo(campaign, "by mistake")
    assert undone.embed.title.startswith("↩️ "), undone.text()
    again = await clicked_by(campaign, asked, "Import", as_="gm")
    assert "already been answered" in again.text(), again.text()
    shown = await campaign.slash("/campaign settings show ruleset:ottoman_piracy", as_="gm")
    assert "`hit_min_face` = **5**" in shown.embed.description
    assert await open_questions(campaign) == []
    assert (await verified(campaign)).startswith("✅ The log is intact")


async def test_a_cancel_and_a_removal_at_once_answer_once(campaign):
    """Cancel and Remove of one GM-removal question pressed at once: one answers it, the
    other is refused as answered, and the GM is removed only when Remove answered."""
    await campaign.slash("/campaign gm add user:@player1", as_="gm")
    asked = await campaign.slash("/campaign gm remove user:@player1", as_="gm")
    removing, cancelling = await asyncio.gather(
        campaign.click(asked, "Remove", as_="gm"), campaign.click(asked, "Cancel", as_="gm")
    )
    refused = [r for r in (removing, cancelling) if "already been answered" in r.message.text()]
    assert len(refused) == 1, (removing.text(), cancelling.text())
    removed = refused[0] is cancelling
    answered = removing if removed else cancelling
    assert answered.embed.title == (
        "✅ Removed — see the answer below" if removed else "Cancelled: nothing was removed"
    )
    assert (await history(campaign)).count("campaign gm remove") == int(removed)
    still = await campaign.slash("/turn deadline set when:48h", as_="player1")
    assert still.ephemeral == removed, still.text()
    assert await open_questions(campaign) == []
