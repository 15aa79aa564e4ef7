"""A piracy's question and its replies read as it stands (play-test, small text points):
a squadron in the piracy zone is named with the zone, a reply that settled some hits counts
the rewards still to choose, and a VP change that takes +1 VP away redraws the question
without that button. Player1 plays the Ottomans, player2 the Habsburgs."""

from __future__ import annotations

import pytest

from tests.e2e.confirming import confirmed
from tests.e2e.play import labels
from tests.e2e.test_ottoman_piracy import FORCE
from tests.e2e.test_ottoman_piracy import OP_E1
from tests.e2e.test_ottoman_piracy import SQUADRON_MESSINA
from tests.e2e.test_ottoman_piracy import VP
from tests.e2e.test_ottoman_piracy import seated
from tests.e2e.test_ottoman_piracy import squadron_then_card_at_the_cap

__all__ = ["seated"]

IN_ZONE = "Eliminate a squadron (Hapsburgs) in the piracy zone, Tyrrhenian Sea"
PIRACY = "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2 leaders:barbarossa"


@pytest.mark.parametrize(
    ("language", "button", "told", "field"),
    [
        (
            "en",
            IN_ZONE,
            "Hit 1: a squadron (Hapsburgs) in the piracy zone, Tyrrhenian Sea, is eliminated.",
            "Rewards",
        ),
        (
            "ru",
            "Уничтожить эскадру (Габсбурги) в зоне пиратства — Тирренское море",
            "Удар 1: уничтожена эскадра (Габсбурги) в зоне пиратства — Тирренское море.",
            "Награды",
        ),
    ],
)
async def test_a_squadron_in_the_piracy_zone_is_named_with_the_zone(
    seated, language, button, told, field
):
    """OP-5.4: the button and the story name the piracy zone as the zone, not "at Tyrrhenian
    Sea", as a place; in an English and in a Russian campaign."""
    await seated.slash(f"/campaign settings set setting:core.language value:{language}", as_="gm")
    asked = await squadron_then_card_at_the_cap(seated, [1, 2, 5, 6])
    assert labels(asked)[0] == button
    answered = await seated.click(asked, button, as_="player2")
    assert told in answered.embed.field(field)


@pytest.mark.parametrize(
    ("language", "title"),
    [
        ("en", "**2 hits — 1 reward left for Hapsburgs to choose**"),
        ("ru", "**2 удара — держава «Габсбурги» выбирает ещё 1 награду**"),
    ],
)
async def test_a_force_that_leaves_a_hit_counts_the_rewards_left(seated, language, title):
    """OP-I10, OP-I12: VP at 9, two hits, no squadron, the hand unknown: the force gives
    +1 VP for hit 1 and stops at the card hit 2 needs. Its reply's title counts the one
    reward left, not "2 rewards … to choose"; in English and in Russian."""
    await seated.slash(f"/campaign settings set setting:core.language value:{language}", as_="gm")
    await seated.slash("/corsairs vp value:9", as_="gm")
    seated.script_dice([6, 6])
    await seated.slash(PIRACY, as_="player1")
    forced = await confirmed(seated, "/corsairs force", as_="gm")
    assert forced.embed.description.startswith(title), forced.embed.description


async def test_vp_set_to_the_cap_redraws_the_question_without_its_vp_button(seated):
    """OP-5.8, OP-I13: the GM sets the piracy VP to 10 while the Habsburgs choose: a squadron
    and a card from their unknown hand stay possible (OP-5.9: a real choice, nothing is
    settled), so the question is redrawn without "+1 piracy VP" (its ping still waits), and
    a squadron answers it; an undo of the VP change brings the button back."""
    seated.script_dice([5, 2, 6, 5])
    question = await seated.slash(OP_E1, as_="player1")
    assert labels(question) == [SQUADRON_MESSINA, VP, FORCE]

    told = await seated.slash("/corsairs vp value:10", as_="gm")
    assert "Hapsburgs: choose the reward for hit 1 of 2." in told.embed.description
    assert labels(question) == [SQUADRON_MESSINA, FORCE]
    assert question.content.startswith("<@") and "Answered" not in question.content

    undo = await seated.slash("/history undo reason:wrong VP", as_="gm")
    await seated.click(undo, "Undo", as_="gm")
    assert labels(question) == [SQUADRON_MESSINA, VP, FORCE]

    await seated.slash("/corsairs vp value:10", as_="gm")
    answered = await seated.click(question, SQUADRON_MESSINA, as_="player2")
    assert "Hit 1: a squadron (Hapsburgs) at Messina is eliminated." in answered.embed.field(
        "Rewards"
    )
    assert VP not in labels(answered)


async def test_vp_set_to_the_cap_settles_the_hits_that_need_no_choice(seated):
    """OP-5.8, OP-5.9, OP-I13: the Habsburgs hold no cards (stated), so a squadron and +1 VP
    are the rewards; the GM sets the piracy VP to 10: the squadron is hit 1's only possible
    reward and is taken, hit 2 has none and is lost, as a hand stated settles them, and the
    question is redrawn without buttons. An undo of the VP change asks it again."""
    await seated.slash("/corsairs hand cards:0", as_="player2")
    seated.script_dice([5, 2, 6, 5])
    question = await seated.slash(OP_E1, as_="player1")
    assert labels(question) == [SQUADRON_MESSINA, VP, FORCE]

    told = await seated.slash("/corsairs vp value:10", as_="gm")
    assert told.embed.description.startswith("Piracy VP corrected: 3 → 10 (at most 10).")
    rewards = question.embed.field("Rewards")
    only = "Hit 1: a squadron (Hapsburgs) at Messina is eliminated, the only possible reward."
    assert only in rewards
    assert "Hit 2: no reward is possible, the hit is lost." in rewards
    assert labels(question) == []

    undo = await seated.slash("/history undo reason:wrong VP", as_="gm")
    await seated.click(undo, "Undo", as_="gm")
    assert labels(question) == [SQUADRON_MESSINA, VP, FORCE]
