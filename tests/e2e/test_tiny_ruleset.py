"""The plug-in scaffold proven by a ruleset that lives only in the tests (tests/tiny_ruleset):
its own engine, cog and catalogs, registered here, and nothing else edited. A player reaches
the toll bridge, answers a two-button question, and the GM's turn end counts the crossings,
in English and in Russian."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot import i18n
from bot import rulesets
from bot.standin import Table
from tests.tiny_ruleset.engine import SPEC

LOCALES = Path(__file__).resolve().parent.parent / "tiny_ruleset" / "locales"


@contextmanager
def registered() -> Iterator[None]:
    """The test registration: the registry's entry and the ruleset's catalogs."""
    rulesets.register(SPEC, cog="tests.tiny_ruleset.cog")
    i18n.add_catalog_dir(LOCALES)
    try:
        yield
    finally:
        rulesets.unregister(SPEC.key)
        i18n.remove_catalog_dir(LOCALES)


@pytest.fixture(autouse=True)
def toll_bridge() -> Iterator[None]:
    with registered():
        yield


@pytest.fixture
async def bridge(table: Table) -> Table:
    created = await table.slash("/campaign create name:Bridge rulesets:tiny_toll", as_="gm")
    assert not created.ephemeral, created.text()
    await table.slash("/campaign join faction:Red", as_="player1")
    await table.slash("/campaign join faction:Volga", as_="player3")
    return table


async def test_a_player_reaches_the_bridge_and_sneaks_past_by_button(bridge: Table):
    asked = await bridge.slash("/toll reach faction:Red", as_="player1")
    assert asked.embed.title == "Red reaches the bridge: pay the toll or sneak past?"
    refused = await bridge.click(asked, "Sneak past", as_="player2")
    assert refused.ephemeral
    bridge.script_dice([5])
    sneaked = await bridge.click(asked, "Sneak past", as_="player1")
    assert sneaked.embed.title == "Red rolls 5 and sneaks past (TB-2)."
    assert sneaked.buttons == []  # answered: the question keeps no button to click again


async def test_the_setting_flips_the_outcome_and_the_turn_end_counts_crossings(bridge: Table):
    await bridge.slash("/campaign settings set setting:tiny_toll.sneak_on value:6", as_="gm")
    asked = await bridge.slash("/toll reach faction:Red", as_="player1")
    bridge.script_dice([5])
    caught = await bridge.click(asked, "Sneak past", as_="player1")
    assert caught.embed.title == "Red rolls 5, is caught and pays double (TB-2)."
    question = await bridge.slash("/turn end", as_="gm")
    ended = await bridge.click(question, "End turn 1", as_="gm")
    assert "1 crossing this turn; 2 tolls paid so far." in ended.text()


async def test_a_russian_campaign_plays_it_in_russian(bridge: Table):
    """Public messages and their buttons in the campaign's language; a refusal in the
    reader's."""
    await bridge.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    asked = await bridge.slash("/пошлина подойти фракция:Volga", as_="player3")
    assert (
        asked.embed.title == "Фракция «Volga» подходит к мосту: заплатить пошлину или проскочить?"
    )
    paid = await bridge.click(asked, "Заплатить пошлину", as_="player3")
    assert paid.embed.title == "Фракция «Volga» платит пошлину и переходит мост."
    twice = await bridge.slash("/toll reach faction:Volga", as_="player3")
    assert not twice.ephemeral
    refused = await bridge.slash("/toll reach faction:Volga", as_="player3")
    assert refused.ephemeral and "сначала ответьте (TB-1)" in refused.text()


async def test_a_question_killed_before_its_post_is_asked_after_a_restart(
    bridge: Table, monkeypatch
):
    """The question is written with the change (the outbox): the process dies before it is
    posted, the restart posts it once with its buttons, and the player answers it there."""
    from tests.e2e.test_click_outbox import dies_before_posting
    from tests.e2e.test_click_outbox import restart_posts

    with dies_before_posting(monkeypatch) as attempts:
        await bridge.slash("/toll reach faction:Red", as_="player1")
    assert attempts == ["reply"]

    await bridge.restart()
    (asked,) = restart_posts(bridge)
    assert asked.embed.title == "Red reaches the bridge: pay the toll or sneak past?"
    paid = await bridge.click(asked, "Pay the toll", as_="player1")
    assert paid.embed.title == "Red pays the toll and crosses."
