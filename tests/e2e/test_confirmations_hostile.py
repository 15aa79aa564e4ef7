"""Confirmations pressed hard: questions left open while the campaign moves on, two of them
at once, the wrong hand on the button, long files and hostile names. What a confirm
removes is what its question named, and nothing else."""

from __future__ import annotations

from bot.interactions import ERROR_COLOUR
from tests.e2e.confirming import confirmed
from tests.e2e.test_company_raids import board, board_shown  # noqa: F401 - a fixture
from tests.e2e.test_fleet_combat import seated  # noqa: F401 - a fixture


async def history(table, as_: str = "gm") -> str:
    return (await table.slash("/history list", as_=as_)).text()


async def fleet_at_mecatol(table) -> str:
    return (await table.slash("/combat fleet show point:Mecatol", as_="gm")).text()


# --- a question left open while its record changes ------------------------------------------


async def test_a_fleet_changed_after_the_question_is_not_removed(seated):  # noqa: F811
    """The question named 3 destroyers and a dreadnought; the player then registers a war
    sun there instead: the old question's Remove is refused on the question, saying it
    changed, and the war sun stays registered."""
    asked = await seated.slash("/combat fleet remove point:Mecatol", as_="player2")
    assert asked.embed.title == "Remove the fleet of Blue at Mecatol: 3 destroyers, 1 dreadnought?"
    changed = await seated.slash("/combat fleet set point:Mecatol ships:1 war sun", as_="player2")
    assert not changed.ephemeral, changed.text()

    late = await seated.click(asked, "Remove", as_="player2")
    assert late.embed.title == "Nothing was removed"
    assert late.embed.color == ERROR_COLOUR.value
    assert "changed since you were asked" in late.embed.description
    assert all(b.disabled for b in late.buttons)
    assert late.followups == []
    assert "Blue: 1 war sun" in await fleet_at_mecatol(seated)
    assert "combat fleet remove" not in await history(seated)

    # Asked again, the question names the fleet as it is now, and its Remove removes it.
    again = await confirmed(seated, "/combat fleet remove point:Mecatol", as_="player2")
    assert again.embed.description == "Blue's fleet at Mecatol is no longer registered."


async def test_a_company_edited_after_the_question_is_not_removed(board):  # noqa: F811
    """The question named Steelworks with its fine 180; the GM then sets the fine to 500:
    the old question's Remove is refused, and the Company stays."""
    asked = await board.slash("/company remove-company name:Steelworks", as_="player2")
    assert "fine 180" in asked.embed.title
    edited = await board.slash("/company edit-company name:Steelworks fine:500", as_="gm")
    assert not edited.ephemeral, edited.text()
    late = await board.click(asked, "Remove", as_="player2")
    assert late.embed.title == "Nothing was removed"
    assert "changed since you were asked" in late.embed.description
    assert "Steelworks" in await board_shown(board)
    assert "company remove-company" not in await history(board)


async def test_a_ship_table_changed_after_the_question_is_not_reset(seated):  # noqa: F811
    """The reset question named the cruisers' life; another GM then changes the fighters
    too: the old question's Reset is refused, and both changes stay."""
    await seated.slash("/combat stats set class:cruiser life:3", as_="gm")
    asked = await seated.slash("/combat stats reset", as_="gm")
    assert asked.embed.description.startswith("1 class changes:")
    await seated.slash("/combat stats set class:fighter life:4", as_="gm")
    late = await seated.click(asked, "Reset", as_="gm")
    assert late.embed.title == "Nothing was reset"
    assert "changed since you were asked" in late.embed.description
    shown = (await seated.slash("/combat stats show", as_="gm")).embed.description
    assert "life 3" in shown and "life 4" in shown
    assert "combat stats reset" not in await history(seated)


async def test_a_setting_changed_after_an_import_question_is_not_overwritten(campaign):
    """The import question said it changes one setting; a GM then sets another setting the
    file also names: the old question's Import is refused, and the GM's change stays."""
    exported = await campaign.slash("/campaign settings export", as_="gm")
    text = exported.attachments[0].text
    edited = text.replace("hit_min_face = 5", "hit_min_face = 4")
    files = {"s.toml": edited.encode()}
    asked = await campaign.slash("/campaign settings import file:s.toml", as_="gm", files=files)
    assert asked.embed.title == "Import the settings file? It changes 1 setting:"
    done = await campaign.slash(
        "/campaign settings set setting:ottoman_piracy.piracy_vp_cap value:7", as_="gm"
    )
    assert not done.ephemeral, done.text()
    late = await campaign.click(asked, "Import", as_="gm")
    assert late.embed.title == "No setting was changed"
    assert "changed since you were asked" in late.embed.description
    shown = await campaign.slash("/campaign settings show ruleset:ottoman_piracy", as_="gm")
    assert "`piracy_vp_cap` = **7**" in shown.embed.description
    assert "`hit_min_face` = **5**" in shown.embed.description
    assert "campaign settings import" not in await history(campaign)
