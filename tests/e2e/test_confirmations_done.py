"""A confirmed question reads as done: what was done first ("✅ Forced — see the answer
below"), then what was confirmed, quoted under "You confirmed:" — never the question's own
words under a bare "Forced", as if it still waited ("…? Waiting for: Habsburgs."). Cancel
says it was cancelled; a second click, or another player's, is refused privately and the
answered panel stays as it was. A question posted before this redraw still answers so."""

from __future__ import annotations

from tests.e2e.confirming import as_confirmed
from tests.e2e.confirming import clicked_by
from tests.e2e.confirming import pressed
from tests.e2e.play import labels
from tests.e2e.play import red_attacks_blue
from tests.e2e.test_company_raids import CAPTURE
from tests.e2e.test_company_raids import FORCE
from tests.e2e.test_company_raids import LAND
from tests.e2e.test_company_raids import PAY
from tests.e2e.test_company_raids import board  # noqa: F401 - a fixture
from tests.e2e.test_controls import as_posted_before_the_upgrade
from tests.e2e.test_ottoman_piracy import OP_E1
from tests.e2e.test_ottoman_piracy import seated  # noqa: F401 - a fixture
from tests.e2e.test_ottoman_piracy import vp_shown

COMPANY_FORCE = [
    "Force the documented answer for incident #1?",
    "Incident #1: waiting for Anna to pay the fine or attempt a capture.",
    "The answer it will get (CR-I19): Pay the fine.",
]
CORSAIRS_FORCE = [
    "Force the default rewards for 2 hits left in piracy #1 on Hapsburgs?",
    "Waiting for: Habsburgs. Each hit left gets the first possible reward in the forced order"
    " (OP-I10).",
]
MILL = "Remove the record of the Company Mill (owner: Boris, fine 40)?"


async def history(table) -> str:
    return (await table.slash("/history list", as_="gm")).text()


def panel(reply) -> tuple[str, str, list[tuple[str, bool]]]:
    """What the asker's panel reads now: its title, its text, its buttons (and whether
    they are disabled)."""
    return (
        reply.embed.title,
        reply.embed.description,
        [(b.label, b.disabled) for b in reply.buttons],
    )


async def test_a_forced_incident_reads_forced_then_what_was_confirmed(board):  # noqa: F811
    """CR-I19: the GM forces incident #1. The panel says it was forced, the answer below,
    then quotes what the GM confirmed; the incident's own question is settled. The GM's
    second click and a player's are refused privately; the panel and the log stay."""
    question = await board.slash(LAND, as_="player1")
    asked = await board.slash("/company force incident:1", as_="gm")

    forced = await pressed(board, asked, as_="gm")

    assert forced.embed.description.startswith("**Fine: Anna pays Boris 180.**")
    done = (
        "✅ Forced — see the answer below",
        as_confirmed(*COMPANY_FORCE),
        [("Force", True), ("Cancel", True)],
    )
    assert panel(asked) == done
    assert labels(question) == []
    twice = await clicked_by(board, asked, "Force", as_="gm")
    assert twice.ephemeral and "already been answered" in twice.text()
    other = await clicked_by(board, asked, "Force", as_="player2")
    assert other.ephemeral and "This question is for" in other.text()
    assert panel(asked) == done
    assert (await history(board)).count("company force") == 1


async def test_a_cancelled_force_says_so_and_a_late_force_changes_nothing(board):  # noqa: F811
    """Cancel: the panel says nothing was forced, over the question, which still waits;
    its Force, clicked after (by a client that kept it), is refused and forces nothing."""
    question = await board.slash(LAND, as_="player1")
    asked = await board.slash("/company force incident:1", as_="gm")

    await board.click(asked, "Cancel", as_="gm")

    cancelled = (
        "Cancelled: nothing was forced",
        "\n".join(COMPANY_FORCE),
        [("Force", True), ("Cancel", True)],
    )
    assert panel(asked) == cancelled
    late = await clicked_by(board, asked, "Force", as_="gm")
    assert late.ephemeral and "already been answered" in late.text()
    assert panel(asked) == cancelled
    assert labels(question) == [PAY, CAPTURE, FORCE]
    assert "company force" not in await history(board)


async def test_a_company_removal_reads_removed_then_what_was_confirmed(board):  # noqa: F811
    """`/company remove-company`: Cancel says nothing was removed; asked again and
    confirmed, the panel says it was removed and quotes the question; the answer below
    names the Company. A second click is refused and removes nothing more."""
    await board.slash("/company add-company name:Mill fine:40", as_="player2")
    first = await board.slash("/company remove-company name:Mill", as_="gm")
    await board.click(first, "Cancel", as_="gm")
    assert panel(first)[:2] == ("Cancelled: nothing was removed", MILL)

    asked = await board.slash("/company remove-company name:Mill", as_="gm")
    removed = await pressed(board, asked, as_="gm")

    assert removed.embed.description.startswith("Company Mill removed."), removed.text()
    done = ("✅ Removed — see the answer below", as_confirmed(MILL))
    assert panel(asked)[:2] == done
    twice = await clicked_by(board, asked, "Remove", as_="gm")
    assert twice.ephemeral and "already been answered" in twice.text()
    assert panel(asked)[:2] == done
    assert (await history(board)).count("company remove-company") == 1


async def test_forced_piracy_rewards_read_forced_not_waiting(seated):  # noqa: F811
    """OP-I10: `/corsairs force` confirmed: the panel says the rewards were forced, then
    quotes the question and whom it waited for; it no longer reads as one still open."""
    seated.script_dice([5, 2, 6, 5])
    await seated.slash(OP_E1, as_="player1")
    asked = await seated.slash("/corsairs force", as_="gm")

    await pressed(seated, asked, as_="gm")

    assert panel(asked)[:2] == ("✅ Forced — see the answer below", as_confirmed(*CORSAIRS_FORCE))
    assert await vp_shown(seated) == "5/10"


async def test_a_closed_battle_in_russian_reads_closed(campaign):
    """`/combat close` confirmed by a Russian-reading GM: «✅ Закрыто — ответ ниже», then
    «Вы подтвердили:» and the question, quoted."""
    await red_attacks_blue(campaign)
    await campaign.slash("/campaign gm add user:@player3", as_="gm")
    asked = await campaign.slash("/combat close battle:1", as_="player3")
    question = [asked.embed.title, *asked.embed.description.splitlines()[:-1]]

    await pressed(campaign, asked, as_="player3")

    done = ("✅ Закрыто — ответ ниже", as_confirmed(*question, lead="Вы подтвердили:"))
    assert panel(asked)[:2] == done


async def test_a_question_posted_before_the_upgrade_reads_as_done(board):  # noqa: F811
    """A force question posted by the previous version (its buttons' old `pc:` ids), then a
    restart: Force still forces, once, and the panel reads as done."""
    await board.slash(LAND, as_="player1")
    asked = await board.slash("/company force incident:1", as_="gm")
    ids = as_posted_before_the_upgrade(board, asked.message)
    assert ids and all(i.startswith("pc:") for i in ids)
    await board.restart()

    forced = await board.click(asked, "Force", as_="gm")

    assert not forced.followups[0].ephemeral, forced.text()
    assert panel(asked)[:2] == ("✅ Forced — see the answer below", as_confirmed(*COMPANY_FORCE))
    twice = await clicked_by(board, asked, "Force", as_="gm")
    assert twice.ephemeral and "already been answered" in twice.text()
    assert (await history(board)).count("company force") == 1
