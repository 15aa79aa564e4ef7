"""Names and reasons players type, as other players see them (stand-in, real bot)."""

from __future__ import annotations

from tests.e2e.play import refused_alone


async def test_a_right_to_left_override_in_a_roll_reason_does_not_reorder_the_total(campaign):
    campaign.script_dice([3, 4])
    reply = await campaign.slash("/roll dice:2d6 reason:\u202emorale", as_="player1")
    assert reply.embed.title == "🎲 morale: 7"


async def test_a_hebrew_roll_reason_is_isolated_so_the_total_stays_after_it(campaign):
    campaign.script_dice([3, 4])
    reply = await campaign.slash("/roll dice:2d6 reason:שלום", as_="player1")
    assert reply.embed.title == "🎲 \u2068שלום\u2069: 7"


async def test_a_masked_link_in_a_faction_name_shows_literally(campaign):
    joined = await campaign.slash("/campaign join faction:[x](https://evil)", as_="player1")
    assert joined.embed.description.endswith("now plays **\\[x](https://evil)**.")
    info = await campaign.slash("/campaign info", as_="player2")
    assert "**\\[x](https://evil)** — " in info.embed.field("1 faction")


async def test_a_code_fence_in_a_faction_name_shows_literally(campaign):
    joined = await campaign.slash("/campaign join faction:```Blue```", as_="player1")
    assert joined.embed.description.endswith("now plays **\\`\\`\\`Blue\\`\\`\\`**.")


async def test_a_name_with_a_zero_width_space_joins_as_the_plain_name(campaign):
    joined = await campaign.slash("/campaign join faction:Blue\u200b", as_="player1")
    assert joined.embed.description.endswith("now plays **Blue**.")
    taken = await refused_alone(campaign, "/campaign join faction:ＢＬＵＥ", "player2")
    assert "already played" in taken


async def test_a_board_point_named_only_by_a_zero_width_space_is_refused(campaign):
    await campaign.slash("/campaign join faction:Red", as_="player1")
    refused = await refused_alone(
        campaign, "/combat fleet set point:\u200b ships:2 cruiser", "player1"
    )
    assert "A board point needs 1 to 60 visible characters" in refused
    shown = await campaign.slash("/combat fleet show", as_="player1")
    assert "cruiser" not in shown.text()


async def test_a_board_point_with_an_invisible_character_is_the_same_point(campaign):
    await campaign.slash("/campaign join faction:Red", as_="player1")
    await campaign.slash("/combat fleet set point:Mecatol ships:2 cruiser", as_="player1")
    again = await campaign.slash(
        "/combat fleet set point:Meca\u200btol ships:3 cruiser", as_="player1"
    )
    assert again.embed.description == "Red's fleet at Mecatol: 3 cruisers."


async def test_a_role_mention_in_a_faction_name_is_shown_as_text(campaign):
    """A faction named `<@&1>` never renders a role pill (review finding 3)."""
    joined = await campaign.slash("/campaign join faction:<@&1> Guild", as_="player1")
    assert joined.embed.description.endswith("now plays **<\u200b@&1> Guild**.")
    info = await campaign.slash("/campaign info", as_="player2")
    assert "<@&1>" not in info.text()
