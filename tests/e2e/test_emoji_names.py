"""A name with an emoji joined by a zero-width joiner (the pirate flag 🏴‍☠️, a woman mechanic
👩🏽‍🔧) reads as typed wherever the bot shows it, while the invisible characters that could
break a message or hide text are still stripped, a joiner between letters among them."""

from __future__ import annotations

from tests.e2e.play import set_up

ZWJ = "\u200d"
JOLLY = f"🏴{ZWJ}☠\ufe0f Jolly"  # the pirate flag: black flag, joiner, skull and crossbones
MECHANIC = f"👩🏽{ZWJ}🔧 Yard"  # a woman, a skin tone, joiner, wrench


async def test_a_company_and_a_faction_named_with_a_joined_emoji_keep_it(table):
    await set_up(
        table,
        [
            ("/campaign create name:Test rulesets:company_raids", "gm"),
            (f"/campaign join faction:{MECHANIC}", "player1"),
        ],
    )
    added = await table.slash(f"/company add-company name:{JOLLY} fine:3", as_="player1")

    assert added.embed.description.startswith(
        f"Company {JOLLY} registered: owner {MECHANIC}, fine 3"
    ), added.text()
    status = await table.slash("/company status", as_="player1")
    assert JOLLY in status.text() and MECHANIC in status.text()


async def test_hostile_invisible_characters_are_still_stripped_around_emoji(table):
    """A joiner that joins no two emoji (between letters, doubled, at an end, before an
    override, after a presentation selector that follows letters) goes, and so do the
    overrides and zero-width spaces: the names read plainly."""
    await set_up(
        table,
        [
            ("/campaign create name:Test rulesets:company_raids", "gm"),
            ("/campaign join faction:Blue", "player1"),
        ],
    )
    for typed, stored in (
        (f"Bl{ZWJ}ack\u200b Sails", "Black Sails"),
        (f"🏴{ZWJ}{ZWJ}☠ Two", "🏴☠ Two"),
        (f"{ZWJ}🏴 Lead{ZWJ}", "🏴 Lead"),
        (f"🏴{ZWJ}\u202e☠ Flip", "🏴☠ Flip"),
        (f"Red\ufe0f{ZWJ}🏴 Tail", "Red\ufe0f🏴 Tail"),  # a selector after letters joins nothing
    ):
        added = await table.slash(f"/company add-company name:{typed} fine:3", as_="player1")
        assert added.embed.description.startswith(f"Company {stored} registered"), added.text()
