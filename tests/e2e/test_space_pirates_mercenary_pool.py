"""SP-9.2, SP-I35 through Discord: a hire the pool refuses says why: no pirate fleet attacked
the player lately (one bought off does not count), or how the pool was reckoned.

Player1 plays Vega. Faces are scripted in the order the engine rolls them.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.play import flat
from tests.e2e.play import refused_alone
from tests.e2e.test_space_pirates import raided_undefended

pirates = base.pirates
HIRE = "/pirates mercenaries hire value:100"


async def test_no_mercenaries_after_a_raid_bought_off_says_why(pirates):
    """SP-I35: Vega bought the only raid off, so no fleet attacked Vega in the window: the
    hire says no mercenaries are for hire and why, not "exceeds the 0 available"."""
    await raided_undefended(pirates, "Pay 15")

    told = flat(await refused_alone(pirates, HIRE, "player1"))
    assert (
        "No mercenaries are for hire: they come from the pirate fleets that attacked Vega in the "
        "last 3 resolutions, and none did; a fleet bought off does not count (SP-I35). A GM "
        "sets how many resolutions count with `/campaign settings set "
        "setting:space_pirates.mercenary_window_turns value:…`."
    ) in told, told


async def test_no_mercenaries_is_told_in_russian_with_the_setting_a_gm_types(pirates):
    """SP-I35: nothing attacked Lyra, whose player reads Russian: told so in Russian, counting
    the resolutions of the window, and the setting that changes it is named as the GM types
    it, in the Russian command list's words, the key in code; with a window of 1 it reads «за
    последний розыгрыш хода», of 21 «за последние 21 розыгрыш хода»."""
    told = flat(await refused_alone(pirates, HIRE, "player3"))
    assert told == (
        "Нанять наёмников нельзя: их набирают из пиратских флотов, атаковавших фракцию «Lyra» "
        "за последние 3 розыгрыша хода, а таких не было; откупленный флот не считается "
        "(SP-I35). Сколько последних розыгрышей учитывать, ведущий задаёт командой "
        "`/кампания настройки изменить настройка:space_pirates.mercenary_window_turns "
        "значение:…`."
    ), told

    await pirates.slash(
        "/campaign settings set setting:space_pirates.mercenary_window_turns value:1", as_="gm"
    )
    told = flat(await refused_alone(pirates, HIRE, "player3"))
    assert "за последний розыгрыш хода, а таких не было" in told, told

    await pirates.slash(
        "/campaign settings set setting:space_pirates.mercenary_window_turns value:21", as_="gm"
    )
    told = flat(await refused_alone(pirates, HIRE, "player3"))
    assert "за последние 21 розыгрыш хода, а таких не было" in told, told


async def test_a_hire_above_the_pool_says_how_the_pool_was_reckoned(pirates):
    """SP-9.2, SP-I35: a raider of value 150 attacked Vega: the pool is 150 ÷ 3 = 50, and a
    contract worth 100 is refused naming those numbers."""
    await raided_undefended(pirates, "Refuse")

    told = flat(await refused_alone(pirates, HIRE, "player1"))
    assert (
        "A contract worth 100 exceeds the 50 available for hire: the largest fleet that "
        "attacked you lately (150) ÷ 3, less 0 already hired this turn (SP-I35)."
    ) in told, told
