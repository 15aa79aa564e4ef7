"""Locating and assaulting the pirate base say what the player confirms (SP-6.3, SP-6.4,
SP-6.6, SP-I31).

A play-test found two quotes that hid what they were about: the locate quote and its answer
never named the place the player had typed, so two quotes in a row read the same and the
one confirmed could not be told apart; the assault quote and its answer named the base's
fleet but not the attacking ships and contracts, and `/pirates status` did not show the
ordered attack at all until the turn's end fought it.

Player1 plays Vega. `base_after_an_undefended_raid` gives the pirates a base of Vega's.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.play import flat

pirates = base.pirates


async def test_the_locate_quote_and_answer_name_where_the_base_is_placed(pirates):
    """SP-6.3, SP-6.4: the quote and the answer both name the location typed."""
    await base.base_after_an_undefended_raid(pirates)

    quote = await pirates.slash("/pirates base locate location:Kuiper belt", as_="player1")
    assert "you place it at Kuiper belt" in flat(quote.embed.description)
    located = await pirates.click(quote, "Confirm", as_="player1")
    told = flat(located.embed.description)
    assert "Vega located the pirate base and placed it at Kuiper belt; owed: 10" in told, told


async def test_a_place_typed_with_invisible_characters_is_stored_as_names_are(pirates):
    """SP-6.4: a place of nothing but a zero-width space is refused at the quote, before any
    Confirm, as an empty one; a right-to-left override typed before the place is dropped,
    so the quote, the answer and `/pirates status` read the place as typed."""
    await base.base_after_an_undefended_raid(pirates)

    empty = await pirates.slash("/pirates base locate location:\u200b", as_="player1")
    assert empty.ephemeral and empty.buttons == [], empty.text()
    assert flat(empty.embed.description) == (
        "Describe the base's place in 1 to 200 characters (SP-6.4)."
    )
    quote = await pirates.slash("/pirates base locate location:\u202eKuiper belt", as_="player1")
    assert "you place it at Kuiper belt" in flat(quote.embed.description), quote.text()
    located = await pirates.click(quote, "Confirm", as_="player1")
    status = await pirates.slash("/pirates status", as_="player1")
    for shown in (quote, located, status):
        assert "\u202e" not in shown.embed.description, shown.text()
    assert "Pirate base at Kuiper belt" in flat(status.embed.description), status.text()


async def test_the_assault_quote_answer_and_status_name_the_attackers(pirates):
    """SP-6.6, SP-I31: the quote lists the ships sent, the answer repeats them, and
    `/pirates status` shows the order until the turn's end fights it."""
    await base.base_after_an_undefended_raid(pirates)
    await pirates.click(
        await pirates.slash("/pirates base locate location:Kuiper belt", as_="player1"),
        "Confirm",
        as_="player1",
    )
    quote = await pirates.slash("/pirates base assault ships:2 cruiser, dreadnought", as_="player1")
    attackers = "2 cruisers, 1 dreadnought"
    assert f"Attacking it: {attackers}" in flat(quote.embed.description)
    ordered = await pirates.click(quote, "Confirm", as_="player1")
    told = flat(ordered.embed.description)
    assert f"attacks the pirate base at the end of the turn with {attackers}" in told, told

    status = await pirates.slash("/pirates status", as_="player1")
    shown = flat(status.embed.description)
    assert f"Your attack on the pirate base at the end of this turn: {attackers}" in shown
