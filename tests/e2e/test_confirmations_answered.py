"""A question once answered still reads whole: what happened first, then what was asked,
its lines included (a title that leads into its lines never ends the message on a colon),
in English and Russian; and each Russian question asks with the verb its red button and
its answer use."""

from __future__ import annotations

import pytest

from bot.i18n import t
from tests.e2e.confirming import as_confirmed
from tests.e2e.confirming import red_button

FILE = {"s.toml": b"[ottoman_piracy]\nhit_min_face = 4\n[core]\nfactions_per_player = 2\n"}
CHANGES = ["`ottoman_piracy.hit_min_face`: 5 → **4**", "`core.factions_per_player`: 1 → **2**"]


@pytest.mark.parametrize("button", ["Import", "Cancel"])
async def test_an_answered_import_keeps_the_settings_it_named(campaign, button):
    """The GM imports a file changing two settings, or cancels: the question, redrawn,
    reads the outcome, the question and both changes (quoted under "You confirmed:" once
    imported); no line ends on a colon."""
    asked = await campaign.slash("/campaign settings import file:s.toml", as_="gm", files=FILE)
    answered = await campaign.click(asked, button, as_="gm")
    question = ["Import the settings file? It changes 2 settings:", *CHANGES]
    if button == "Import":
        assert answered.embed.title == "✅ Imported — see the answer below"
        assert answered.embed.description == as_confirmed(*question)
    else:
        assert answered.embed.title == "Cancelled: no setting was changed"
        assert answered.embed.description.splitlines() == question


async def test_an_answered_import_in_russian_keeps_the_settings_it_named(campaign):
    """A Russian-reading GM imports: «Загружено», then the question and the changes, quoted
    under «Вы подтвердили:»."""
    await campaign.slash("/campaign gm add user:@player3", as_="gm")
    asked = await campaign.slash("/campaign settings import file:s.toml", as_="player3", files=FILE)
    answered = await campaign.click(asked, "Загрузить", as_="player3")
    assert answered.embed.title == "✅ Загружено — ответ ниже"
    question = ["Загрузить файл настроек? Изменятся 2 настройки:", *CHANGES]
    assert answered.embed.description == as_confirmed(*question, lead="Вы подтвердили:")


async def test_a_russian_gm_removal_says_remove_throughout(campaign):
    """«Удалить Игрока из ведущих?», the button «Удалить», the answer «Удалено»: one verb.
    The title names the GM by name: a title shows a mention as its raw id."""
    await campaign.slash("/campaign gm add user:@player3", as_="gm")
    await campaign.slash("/campaign gm add user:@player1", as_="gm")
    asked = await campaign.slash("/campaign gm remove user:@player1", as_="player3")
    question = "Удалить Player One из ведущих этой кампании?"
    assert asked.embed.title == question
    assert red_button(asked) == "Удалить"
    done = await campaign.click(asked, "Удалить", as_="player3")
    assert done.embed.title == "✅ Удалено — ответ ниже"
    assert done.embed.description == as_confirmed(question, lead="Вы подтвердили:")


# Each question a confirmation asks, by its verb (`Question.verb`): its Russian text opens
# with the verb its red button says.
QUESTIONS = {
    "remove": [
        "campaign.gm.remove_question",
        "combat.fleet.remove_question",
        "naval_orders.force.remove_question",
        "naval_orders.station.remove_question",
        "company.remove_company_question",
        "company.remove_piece_question",
        "pirates.route.remove_question",
        "pirates.planet.remove_question",
    ],
    "reset": ["combat.stats.reset_question"],
    "import": ["campaign.settings.import_question"],
}


@pytest.mark.parametrize("verb", sorted(QUESTIONS))
def test_every_russian_question_asks_with_its_buttons_verb(verb):
    """«Убрать…?» or «Исключить…?» answered by «Удалить»/«Удалено» reads as two acts."""
    button = t(f"confirm.button.{verb}", "ru")
    for key in QUESTIONS[verb]:
        asked = t(key, "ru", count=2)
        assert asked.startswith(button + " "), (key, asked, button)
