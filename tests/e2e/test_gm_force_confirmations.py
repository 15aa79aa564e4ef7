"""A GM's action that settles a player's question or closes a battle asks the GM first,
privately, as a removal does: `/corsairs force`, `/company force`, a question's "Force
default (GM)" and `/combat close`. Nothing changes and nothing is logged until the red
button; Cancel changes nothing; only the GM who asked answers, once; a question answered
since it was asked is not forced; confirmed, the action does what it did unasked."""

from __future__ import annotations

from bot.interactions import ERROR_COLOUR
from bot.interactions import WAITING_COLOUR
from tests.e2e.confirming import clicked_by
from tests.e2e.confirming import pressed
from tests.e2e.play import labels
from tests.e2e.play import red_attacks_blue
from tests.e2e.test_company_raids import CAPTURE
from tests.e2e.test_company_raids import FORCE
from tests.e2e.test_company_raids import LAND
from tests.e2e.test_company_raids import PAY
from tests.e2e.test_company_raids import assert_fine_paid
from tests.e2e.test_company_raids import board  # noqa: F401 - a fixture
from tests.e2e.test_ottoman_piracy import OP_E1
from tests.e2e.test_ottoman_piracy import SQUADRON_MESSINA
from tests.e2e.test_ottoman_piracy import VP
from tests.e2e.test_ottoman_piracy import seated  # noqa: F401 - a fixture
from tests.e2e.test_ottoman_piracy import vp_shown

UNDO_LINE = "Only a GM's /history undo can take it back."
CHANGED = "It changed since you were asked."
TWO_LEFT = "Force the default rewards for 2 hits left in piracy #1 on Hapsburgs?"


async def history(table) -> str:
    return (await table.slash("/history list", as_="gm")).text()


def asked_privately(asked, title: str, red: str) -> None:
    """The GM's private question: `title`, the undo line last, the red `red` and Cancel."""
    assert asked.ephemeral, asked.text()
    assert asked.embed.title == title
    assert asked.embed.color == WAITING_COLOUR.value
    assert asked.embed.description.endswith(UNDO_LINE)
    assert [(b.label, b.style) for b in asked.buttons] == [(red, "danger"), ("Cancel", "secondary")]


# -- Ottoman piracy ---------------------------------------------------------------------------


async def test_corsairs_force_asks_the_gm_and_settles_the_piracy_only_when_confirmed(seated):  # noqa: F811
    """OP-I10: `/corsairs force` names the piracy and the hits left; the question keeps its
    buttons, the VP stay, nothing is logged; Cancel leaves it so; another player's click is
    refused; Force settles it as before (the question shows it, the reply says what was
    forced), logged once; a second click is refused as answered."""
    seated.script_dice([5, 2, 6, 5])
    question = await seated.slash(OP_E1, as_="player1")

    asked = await seated.slash("/corsairs force", as_="gm")

    asked_privately(
        asked, "Force the default rewards for 2 hits left in piracy #1 on Hapsburgs?", "Force"
    )
    assert "Waiting for: Habsburgs." in asked.embed.description
    assert labels(question) == [SQUADRON_MESSINA, VP, FORCE]
    assert await vp_shown(seated) == "3/10"
    assert "corsairs force" not in await history(seated)

    cancelled = await seated.click(asked, "Cancel", as_="gm")
    assert cancelled.embed.title == "Cancelled: nothing was forced"
    assert all(b.disabled for b in cancelled.buttons)
    assert labels(question) == [SQUADRON_MESSINA, VP, FORCE]
    assert await vp_shown(seated) == "3/10"
    assert "corsairs force" not in await history(seated)

    again = await seated.slash("/corsairs force", as_="gm")
    other = await clicked_by(seated, again, "Force", as_="player2")
    assert other.ephemeral and "This question is for" in other.text()
    assert labels(question) == [SQUADRON_MESSINA, VP, FORCE]

    forced = await pressed(seated, again, as_="gm")

    assert not forced.ephemeral
    assert "Hit 2: +1 piracy VP, 4 → 5, forced by the GM." in forced.embed.description
    rewards = question.embed.field("Rewards")
    assert "Hit 1: +1 piracy VP, 3 → 4, forced by the GM." in rewards
    assert question.buttons == []
    assert await vp_shown(seated) == "5/10"
    assert (await history(seated)).count("corsairs force") == 1
    twice = await clicked_by(seated, again, "Force", as_="gm")
    assert twice.ephemeral and "already been answered" in twice.text()
    assert (await history(seated)).count("corsairs force") == 1


async def test_the_force_button_asks_first_and_a_question_answered_since_is_not_forced(seated):  # noqa: F811
    """The question's "Force default (GM)" asks the GM privately as `/corsairs force` does,
    the question untouched. Habsburgs answer hit 1 meanwhile: the GM's Force is then refused
    on the question (it changed since), nothing forced and nothing logged; the button asked
    again and confirmed forces the hit left."""
    seated.script_dice([5, 2, 6, 5])
    question = await seated.slash(OP_E1, as_="player1")

    asked = await seated.click(question, FORCE, as_="gm")

    asked_privately(
        asked, "Force the default rewards for 2 hits left in piracy #1 on Hapsburgs?", "Force"
    )
    assert labels(question) == [SQUADRON_MESSINA, VP, FORCE]
    answered = await seated.click(question, VP, as_="player2")
    assert "hit 2 of 2" in answered.embed.field("Rewards")

    late = await seated.click(asked, "Force", as_="gm")

    assert late.embed.title == "Nothing was forced"
    assert late.embed.color == ERROR_COLOUR.value
    assert CHANGED in late.embed.description
    assert all(b.disabled for b in late.buttons)
    assert labels(question) == [SQUADRON_MESSINA, VP, FORCE]
    assert await vp_shown(seated) == "4/10"
    assert "corsairs force" not in await history(seated)

    again = await seated.click(question, FORCE, as_="gm")
    assert again.embed.title == "Force the default reward for 1 hit left in piracy #1 on Hapsburgs?"
    await pressed(seated, again, as_="gm")
    assert "Hit 2: +1 piracy VP, 4 → 5, forced by the GM." in question.embed.field("Rewards")
    assert question.buttons == []
    assert (await history(seated)).count("corsairs force") == 1


# -- Company raids ----------------------------------------------------------------------------


async def test_company_force_asks_the_gm_and_settles_the_incident_only_when_confirmed(board):  # noqa: F811
    """CR-I19: `/company force` names the incident and whose answer it waits for; Cancel
    leaves Anna's question with its buttons and nothing logged; Force makes Anna pay as
    before, the question redrawn settled, logged once."""
    question = await board.slash(LAND, as_="player1")

    asked = await board.slash("/company force incident:1", as_="gm")

    asked_privately(asked, "Force the documented answer for incident #1?", "Force")
    assert "Incident #1: waiting for Anna to pay the fine or attempt a capture." in (
        asked.embed.description
    )
    cancelled = await board.click(asked, "Cancel", as_="gm")
    assert cancelled.embed.title == "Cancelled: nothing was forced"
    assert labels(question) == [PAY, CAPTURE, FORCE]
    assert "company force" not in await history(board)

    again = await board.slash("/company force", as_="gm")
    forced = await pressed(board, again, as_="gm")

    assert forced.embed.description.startswith("**Fine: Anna pays Boris 180.**")
    assert_fine_paid(question, "The GM (forced answer) chooses to pay the fine.")
    assert (await history(board)).count("company force") == 1


async def test_the_company_force_button_asks_first_and_an_answer_since_wins(board):  # noqa: F811
    """The step's "Force default (GM)" asks the GM privately; Anna pays herself meanwhile:
    the GM's Force is refused on the question, nothing forced and nothing logged."""
    question = await board.slash(LAND, as_="player1")

    asked = await board.click(question, FORCE, as_="gm")

    asked_privately(asked, "Force the documented answer for incident #1?", "Force")
    assert labels(question) == [PAY, CAPTURE, FORCE]
    paid = await board.click(question, PAY, as_="player1")
    assert_fine_paid(paid, "Anna chooses to pay the fine.")

    late = await board.click(asked, "Force", as_="gm")

    assert late.embed.title == "Nothing was forced"
    assert CHANGED in late.embed.description
    assert "company force" not in await history(board)


# -- Fleet combat -----------------------------------------------------------------------------


async def test_combat_close_asks_the_gm_and_closes_the_battle_only_when_confirmed(campaign):
    """FC-I16: `/combat close` names the battle; the battle fights on after Cancel, nothing
    logged; Close ends it as before (survivors named), logged once; a second question asked
    before it is then refused on its Close (the battle is over), nothing more logged. A
    player is refused at once, without a question."""
    await red_attacks_blue(campaign)
    refused = await campaign.slash("/combat close battle:1", as_="player1")
    assert refused.ephemeral and "Only a GM" in refused.text() and refused.buttons == []

    asked = await campaign.slash("/combat close battle:1", as_="gm")

    asked_privately(asked, "Close battle #1 at Mecatol now?", "Close")
    assert "0 rounds fought." in asked.embed.description
    cancelled = await campaign.click(asked, "Cancel", as_="gm")
    assert cancelled.embed.title == "Cancelled: nothing was closed"
    status = await campaign.slash("/combat status battle:1", as_="player2")
    assert status.message.all_embeds[-1].description.startswith("Fighting: Blue ⚔ Red")
    assert "combat close" not in await history(campaign)

    first = await campaign.slash("/combat close battle:1", as_="gm")
    second = await campaign.slash("/combat close battle:1", as_="gm")
    closed = await pressed(campaign, first, as_="gm")

    assert not closed.ephemeral
    assert closed.embed.title == "Battle #1 at Mecatol"
    assert closed.embed.description == "The GM closed battle #1; still standing: Red, Blue."
    status = await campaign.slash("/combat status battle:1", as_="player2")
    assert status.message.all_embeds[-1].description.startswith("Fought: Blue ⚔ Red")
    assert (await history(campaign)).count("combat close") == 1
    late = await campaign.click(second, "Close", as_="gm")
    assert late.embed.title == "Nothing was closed"
    assert late.embed.description.startswith("Battle #1 is already over (FC-I16).")
    assert (await history(campaign)).count("combat close") == 1


async def test_a_russian_gm_is_asked_in_russian(campaign):
    """The question speaks the asking GM's language: player3 (Russian), made a GM, closes
    the battle in an English campaign."""
    await red_attacks_blue(campaign)
    await campaign.slash("/campaign gm add user:@player3", as_="gm")

    asked = await campaign.slash("/combat close battle:1", as_="player3")

    assert asked.embed.title == "Закрыть бой №1 в точке Mecatol сейчас?"
    assert asked.embed.description.startswith("Разыграно 0 раундов.")
    assert [b.label for b in asked.buttons] == ["Закрыть", "Отмена"]


async def test_a_force_confirmed_as_the_player_answers_is_refused_on_the_question(
    seated,  # noqa: F811
    monkeypatch,
):
    """The race the checks before the change cannot see: Habsburgs answer hit 1 just after
    the GM's Force read the question as asked and open. The force is refused on the GM's
    question (it changed since), with no live button left on it, nothing forced and nothing
    logged."""
    import cogs.ottoman_piracy.commands as piracy_commands
    from bot.scaffold import Asked

    seated.script_dice([5, 2, 6, 5])
    question = await seated.slash(OP_E1, as_="player1")
    (waiting,) = await seated.bot.service.open_choices(1)
    asked = await seated.click(question, FORCE, as_="gm")
    await seated.click(question, VP, as_="player2")

    async def found_open(base, choice_id, kind):
        return waiting  # as read a moment before the answer was committed

    monkeypatch.setattr(piracy_commands, "still_open", found_open)
    monkeypatch.setattr(Asked, "still_asked", lambda self, now: None)
    late = await seated.click(asked, "Force", as_="gm")

    assert late.embed.title == "Nothing was forced"
    assert CHANGED in late.embed.description
    assert all(b.disabled for b in late.buttons)
    assert await vp_shown(seated) == "4/10"
    assert "corsairs force" not in await history(seated)
