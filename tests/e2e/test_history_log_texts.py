"""What `/history` says of a GM's removal and of a hidden entry once public: the removed GM
by mention (never a raw id), a list line saying what was done, and a hidden entry revealed
early by a GM's `/reveal` told as such, not as published by its turn's end."""

from __future__ import annotations

from tests.e2e.confirming import confirmed
from tests.e2e.play import newest_entry
from tests.e2e.test_sealed_briber_hostile import table3 as table3  # a fixture
from tests.e2e.test_space_pirates_sealed_briber import entry_text
from tests.e2e.test_space_pirates_sealed_briber import frontier as frontier  # a fixture
from tests.e2e.test_space_pirates_sealed_briber import resolve_turn_1
from tests.e2e.test_space_pirates_sealed_briber import vega_bribes


async def test_a_gm_removal_reads_by_mention_and_says_what_it_did(campaign):
    """The GM names player1 a GM, then removes them: both entries' list lines say what was
    done, and `/history show` names player1 by mention under "user" (no id, no kind)."""
    player1 = f"<@{campaign.member('player1').id}>"
    await campaign.slash("/campaign gm add user:@player1", as_="gm")
    await confirmed(campaign, "/campaign gm remove user:@player1", as_="gm")
    page = await campaign.slash("/history list", as_="player2")
    added = newest_entry(page, "campaign gm add")
    removed = newest_entry(page, "campaign gm remove")
    assert f"{player1} is now a GM of this campaign." in entry_text(page, added)
    assert f"{player1} is no longer a GM of this campaign." in entry_text(page, removed)
    shown = await campaign.slash(f"/history show entry:{removed}", as_="player2")
    assert shown.field("Options") == f"**user**: {player1}"
    assert shown.embed.description == f"{player1} is no longer a GM of this campaign."
    assert not shown.pings


async def test_a_role_named_gm_reads_as_the_roles_mention(campaign):
    """A role named GM is shown as that role's mention, under "role"."""
    role = campaign.guild.role("GM")
    await campaign.slash("/campaign gm add role:@&GM", as_="gm")
    page = await campaign.slash("/history list", as_="player2")
    added = newest_entry(page, "campaign gm add")
    assert f"<@&{role.id}> is now a GM of this campaign." in entry_text(page, added)
    shown = await campaign.slash(f"/history show entry:{added}", as_="player2")
    assert shown.field("Options") == f"**role**: <@&{role.id}>"


async def test_a_bribe_revealed_early_by_a_gm_says_so(table3):
    """The GM reveals Vega's sealed bribe while turn 1 runs: `/history show` of the bribe
    says it was revealed early, in the reveal's entry, in English and in Russian, not that
    it was hidden until the turn ended."""
    table = table3
    seq = await vega_bribes(table)
    await table.slash(f"/reveal entry:{seq}", as_="gm")
    reveal = newest_entry(await table.slash("/history list", as_="gm"), "hidden entry revealed")
    shown = await table.slash(f"/history show entry:{seq}", as_="player2")
    assert f"Revealed early with /reveal, in entry #{reveal}." in shown.embed.description
    assert "Hidden until the turn ended" not in shown.text()
    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    shown = await table.slash(f"/history show entry:{seq}", as_="player3")
    assert f"Раскрыта досрочно командой /раскрыть, в записи №{reveal}." in shown.text()


async def test_a_bribe_published_by_its_turns_end_says_so(frontier):
    """Vega's bribe left hidden until turn 1 ends: `/history show` says it was hidden until
    the turn ended, revealed in the turn end's entry."""
    table = frontier
    seq = await vega_bribes(table)
    await resolve_turn_1(table)
    shown = await table.slash(f"/history show entry:{seq}", as_="player2")
    assert "Hidden until the turn ended, revealed in entry #" in shown.embed.description
    assert "Revealed early" not in shown.text()
