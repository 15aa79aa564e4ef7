"""Commands that remove a record or replace settings ask first, privately: what will
happen, that only a GM's /history undo takes it back, a red button worded for the command
and Cancel. A refusal comes at once, without a question; Cancel changes nothing; only the
asker answers, once; a restart between the question and the click loses nothing."""

from __future__ import annotations

import asyncio
import re

from bot.interactions import ERROR_COLOUR
from bot.interactions import WAITING_COLOUR
from tests.e2e.confirming import clicked_by
from tests.e2e.confirming import confirmed
from tests.e2e.confirming import red_button
from tests.e2e.test_company_raids import LAND
from tests.e2e.test_company_raids import board  # noqa: F401 - a fixture
from tests.e2e.test_company_raids import board_shown
from tests.e2e.test_confirmations_unseen import open_questions
from tests.e2e.test_fleet_combat import seated  # noqa: F401 - a fixture
from tests.e2e.test_naval_orders import WS
from tests.e2e.test_naval_orders import gm_overview
from tests.e2e.test_naval_orders import navy  # noqa: F401
from tests.e2e.test_naval_orders import ordered  # noqa: F401
from tests.e2e.test_naval_orders import text_of
from tests.e2e.test_space_pirates import pirates  # noqa: F401 - a fixture
from tests.e2e.test_undo import undo

UNDO_LINE = "Only a GM's /history undo can take it back."


async def history(table, as_: str = "gm") -> str:
    return (await table.slash("/history list", as_=as_)).text()


async def test_a_gm_removal_asks_the_gm_then_removes(campaign):
    """`/campaign gm remove`: the GM is asked privately, naming the GM by name (a title
    shows a mention as its raw id), nothing changes until the red button; then the channel
    says so in the embed's text, where the mention renders, and the log has one
    `campaign gm remove` entry."""
    await campaign.slash("/campaign gm add user:@player1", as_="gm")
    player1 = campaign.member("player1").id
    asked = await campaign.slash("/campaign gm remove user:@player1", as_="gm")
    assert asked.ephemeral
    assert asked.embed.title == "Remove Player One from this campaign's GMs?"
    assert asked.embed.description == UNDO_LINE
    assert asked.embed.color == WAITING_COLOUR.value
    assert [(b.label, b.style) for b in asked.buttons] == [
        ("Remove", "danger"),
        ("Cancel", "secondary"),
    ]
    assert "campaign gm remove" not in await history(campaign)

    done = await campaign.click(asked, "Remove", as_="gm")
    assert done.embed.title == "✅ Removed — see the answer below"
    assert all(b.disabled for b in done.buttons)
    (posted,) = done.followups
    assert not posted.ephemeral
    assert posted.embed.title is None
    assert posted.embed.description == f"<@{player1}> is no longer a GM of this campaign."
    assert (await history(campaign)).count("campaign gm remove") == 1
    refused = await campaign.slash("/turn end", as_="player1")
    assert refused.ephemeral and "Only a GM" in refused.text()


async def test_a_question_of_a_command_no_longer_asking_still_cancels(campaign, monkeypatch):
    """A question asked before an upgrade that stopped asking for its command: Cancel still
    closes it (it needs no command); its red button is refused and changes nothing."""
    from bot import scaffold

    await campaign.slash("/campaign gm add user:@player1", as_="gm")
    asked = await campaign.slash("/campaign gm remove user:@player1", as_="gm")
    again = await campaign.slash("/campaign gm remove user:@player1", as_="gm")
    monkeypatch.delitem(scaffold._CONFIRMED, "campaign gm remove")
    pressed = await campaign.click(again, "Remove", as_="gm")
    assert pressed.ephemeral and "campaign gm remove" not in await history(campaign)
    cancelled = await campaign.click(asked, "Cancel", as_="gm")
    assert cancelled.embed.title == "Cancelled: nothing was removed"
    assert all(b.disabled for b in cancelled.buttons)


async def test_cancel_changes_nothing_and_a_refusal_asks_nothing(campaign):
    """Cancel says nothing was removed, its buttons disabled, and the GM stays one; the
    creator's removal and a user who is no GM are refused at once, with no question."""
    await campaign.slash("/campaign gm add user:@player1", as_="gm")
    asked = await campaign.slash("/campaign gm remove user:@player1", as_="gm")
    cancelled = await campaign.click(asked, "Cancel", as_="gm")
    assert cancelled.embed.title == "Cancelled: nothing was removed"
    assert cancelled.buttons and all(b.disabled for b in cancelled.buttons)
    assert cancelled.followups == []
    assert "campaign gm remove" not in await history(campaign)
    still = await campaign.slash("/turn deadline set when:48h", as_="player1")
    assert not still.ephemeral, still.text()

    creator = await campaign.slash("/campaign gm remove user:@gm", as_="gm")
    assert creator.ephemeral and red_button(creator) is None
    assert "always a GM" in creator.text()
    nobody = await campaign.slash("/campaign gm remove user:@player2", as_="gm")
    assert nobody.ephemeral and red_button(nobody) is None
    assert "is not a GM of this campaign" in nobody.text()


async def test_an_import_refused_when_confirmed_lists_its_problems(campaign, monkeypatch):
    """A file read as valid when asked but refused when the GM confirms (a check added by an
    upgrade in between) is refused on the question with each problem, not only a count."""
    from bot import settings_file
    from bot.i18n import Msg

    files = {"s.toml": b"[ottoman_piracy]\nhit_min_face = 4\n"}
    asked = await campaign.slash("/campaign settings import file:s.toml", as_="gm", files=files)
    problem = settings_file.FileProblem(
        2, Msg("error.settings_file.unknown", line=2, setting="hit_min_face")
    )

    def stricter(text, before):
        raise settings_file.SettingsFileRejected([problem])

    monkeypatch.setattr(settings_file, "read_settings", stricter)
    refused = await campaign.click(asked, "Import", as_="gm")
    assert "Line 2: there is no setting `hit_min_face` here." in refused.embed.description
    assert "campaign settings import" not in await history(campaign)


async def test_a_settings_import_says_what_changes_before_it_applies(campaign):
    """`/campaign settings import`: the question lists each setting old → new; Cancel
    applies nothing; Import applies the file in one `campaign settings import` entry."""
    text = "[ottoman_piracy]\nhit_min_face = 4\n[core]\nfactions_per_player = 2\n"
    files = {"s.toml": text.encode()}
    asked = await campaign.slash("/campaign settings import file:s.toml", as_="gm", files=files)
    assert asked.ephemeral
    assert asked.embed.title == "Import the settings file? It changes 2 settings:"
    assert asked.embed.description.splitlines() == [
        "`ottoman_piracy.hit_min_face`: 5 → **4**",
        "`core.factions_per_player`: 1 → **2**",
        UNDO_LINE,
    ]
    assert [b.label for b in asked.buttons] == ["Import", "Cancel"]
    cancelled = await campaign.click(asked, "Cancel", as_="gm")
    assert cancelled.embed.title == "Cancelled: no setting was changed"
    shown = await campaign.slash("/campaign settings show ruleset:ottoman_piracy", as_="gm")
    assert "`hit_min_face` = **5**" in shown.embed.description

    applied = await confirmed(
        campaign, "/campaign settings import file:s.toml", as_="gm", files=files
    )
    assert not applied.ephemeral
    assert applied.embed.title == "Settings imported: 2 settings changed"
    shown = await campaign.slash("/campaign settings show ruleset:ottoman_piracy", as_="gm")
    assert "`hit_min_face` = **4**" in shown.embed.description
    assert (await history(campaign)).count("campaign settings import") == 1
    same = await campaign.slash("/campaign settings import file:s.toml", as_="gm", files=files)
    assert same.ephemeral and red_button(same) is None  # nothing would change: said at once


async def test_a_stats_reset_names_the_classes_it_changes(seated):  # noqa: F811 - the fixture
    """`/combat stats reset`: the question names each class that changes (as it is → as it
    will be); Cancel keeps the table; Reset posts the default table."""
    await seated.slash("/combat stats set class:cruiser life:3", as_="gm")
    asked = await seated.slash("/combat stats reset", as_="gm")
    assert asked.embed.title == "Reset the ship table to the default?"
    assert asked.embed.description.splitlines() == [
        "1 class changes:",
        "**Cruisers** — level 3 · attack 2×5+ · defence 5+ · life 3 → "
        "**Cruisers** — level 3 · attack 2×5+ · defence 5+ · life 2",
        UNDO_LINE,
    ]
    cancelled = await seated.click(asked, "Cancel", as_="gm")
    assert cancelled.embed.title == "Cancelled: nothing was reset"
    kept = await seated.slash("/combat stats show", as_="player1")
    assert "attack 2×5+ · defence 5+ · life 3" in kept.embed.description

    reset = await confirmed(seated, "/combat stats reset", as_="gm")
    assert not reset.ephemeral
    assert reset.embed.description.startswith("The campaign is back on the default ship table")
    assert "**Cruisers** — level 3 · attack 2×5+ · defence 5+ · life 2" in reset.embed.description
    assert (await history(seated)).count("combat stats reset") == 1
    again = await seated.slash("/combat stats reset", as_="gm")  # nothing would change
    assert again.ephemeral and red_button(again) is None
    assert again.embed.description == (
        "The table in force is already the default one: there is nothing to reset."
    )
    assert (await history(seated)).count("combat stats reset") == 1
    player = await seated.slash("/combat stats reset", as_="player1")
    assert player.ephemeral and red_button(player) is None and "Only a GM" in player.text()


async def test_only_the_asker_answers_and_only_once(campaign):
    """Another GM's click on the question is refused as someone else's question; two clicks
    at once remove once, the second refused as answered."""
    await campaign.slash("/campaign gm add user:@player1", as_="gm")
    await campaign.slash("/campaign gm add user:@player2", as_="gm")
    asked = await campaign.slash("/campaign gm remove user:@player1", as_="gm")
    other = await clicked_by(campaign, asked, "Remove", as_="player2")
    assert other.ephemeral
    assert other.embed.description == f"This question is for <@{campaign.member('gm').id}>."
    assert "campaign gm remove" not in await history(campaign)

    first, second = await asyncio.gather(
        campaign.click(asked, "Remove", as_="gm"), campaign.click(asked, "Remove", as_="gm")
    )
    refused = [r for r in (first, second) if not r.followups]
    assert len(refused) == 1, (first.text(), second.text())
    assert "already been answered" in refused[0].text()
    assert (await history(campaign)).count("campaign gm remove") == 1


async def test_a_restart_between_the_question_and_the_click_loses_nothing(campaign):
    """The question is a pending choice: after a restart its red button still removes."""
    await campaign.slash("/campaign gm add user:@player1", as_="gm")
    asked = await campaign.slash("/campaign gm remove user:@player1", as_="gm")
    await campaign.restart()
    done = await campaign.click(asked, "Remove", as_="gm")
    assert done.embed.title == "✅ Removed — see the answer below"
    (posted,) = done.followups
    assert "is no longer a GM" in posted.embed.description
    assert (await history(campaign)).count("campaign gm remove") == 1


async def test_a_confirm_that_no_longer_applies_is_refused_on_the_question(campaign):
    """State moved between the question and the click (another GM removed the same GM,
    through a question of their own): the red button is refused on the question, saying
    why; nothing more is logged and no question is left open."""
    await campaign.slash("/campaign gm add user:@player1", as_="gm")
    await campaign.slash("/campaign gm add user:@player2", as_="gm")
    first = await campaign.slash("/campaign gm remove user:@player1", as_="gm")
    await confirmed(campaign, "/campaign gm remove user:@player1", as_="player2")
    late = await campaign.click(first, "Remove", as_="gm")
    assert late.embed.title == "Nothing was removed"
    assert late.embed.color == ERROR_COLOUR.value
    assert "is not a GM of this campaign" in late.embed.description
    assert late.buttons and all(b.disabled for b in late.buttons)
    assert (await history(campaign)).count("campaign gm remove") == 1
    assert await open_questions(campaign) == []


async def test_the_question_is_in_the_askers_language(campaign):
    """A Russian-reading GM is asked in Russian; the channel's answer stays in the
    campaign's language."""
    await campaign.slash("/campaign gm add user:@player3", as_="gm")
    await campaign.slash("/campaign gm add user:@player1", as_="gm")
    asked = await campaign.slash("/campaign gm remove user:@player1", as_="player3")
    player1 = campaign.member("player1").id
    assert asked.embed.title == "Удалить Player One из ведущих этой кампании?"
    assert asked.embed.description == "Вернуть это сможет только ведущий командой /журнал отменить."
    assert [b.label for b in asked.buttons] == ["Удалить", "Отмена"]
    done = await campaign.click(asked, "Удалить", as_="player3")
    assert done.embed.title == "✅ Удалено — ответ ниже"
    said = done.followups[0].embed.description
    assert said == f"<@{player1}> is no longer a GM of this campaign."


# --- fleet combat and naval orders ------------------------------------------------------------


async def test_a_fleet_removal_names_the_fleet_and_a_gm_undo_brings_it_back(
    seated,  # noqa: F811 - the fixture
):
    """`/combat fleet remove`: its player is asked with the fleet's ships; Cancel keeps it;
    Remove posts the removal and logs `combat fleet remove`; the GM's /history undo of it
    registers the fleet again."""
    asked = await seated.slash("/combat fleet remove point:mecatol", as_="player2")
    assert asked.ephemeral
    question = "Remove the fleet of Blue at Mecatol: 3 destroyers, 1 dreadnought?"
    assert asked.embed.title == question
    assert asked.embed.description == UNDO_LINE
    cancelled = await seated.click(asked, "Cancel", as_="player2")
    assert cancelled.embed.title == "Cancelled: nothing was removed"
    assert cancelled.embed.description == question
    shown = await seated.slash("/combat fleet show point:Mecatol", as_="player1")
    assert "Blue: 3 destroyers, 1 dreadnought" in shown.text()
    assert "combat fleet remove" not in await history(seated)

    removed = await confirmed(seated, "/combat fleet remove point:mecatol", as_="player2")
    assert not removed.ephemeral
    assert removed.embed.description == "Blue's fleet at Mecatol is no longer registered."
    log = await history(seated)
    assert log.count("combat fleet remove") == 1
    seq = re.search(r"#(\d+)\D[^\n]*combat fleet remove", log).group(1)
    shown = await seated.slash(f"/history show entry:{seq}", as_="player1")
    assert shown.field("Options") == "**point**: mecatol"  # as the player typed it
    gone = await seated.slash("/combat fleet show point:Mecatol", as_="player1")
    assert "Blue" not in gone.text()

    undone = await undo(seated, "removed by mistake")
    assert undone.embed.title.startswith("↩️ "), undone.text()
    back = await seated.slash("/combat fleet show point:Mecatol", as_="player1")
    assert "Blue: 3 destroyers, 1 dreadnought" in back.text()
    # Its question stays answered: the turn waits for nothing.
    status = await seated.slash("/turn status", as_="gm")
    assert "a choice waiting for an answer" not in status.text()


async def test_another_players_fleet_is_refused_at_once(seated):  # noqa: F811 - the fixture
    """A player who names a faction they do not play, or a point without their fleet, is
    refused with today's text, and nothing is asked."""
    theirs = await seated.slash("/combat fleet remove point:Mecatol faction:Blue", as_="player1")
    assert theirs.ephemeral and red_button(theirs) is None
    assert "You do not play Blue" in theirs.text()
    nothing = await seated.slash("/combat fleet remove point:Rigel", as_="player1")
    assert nothing.ephemeral and red_button(nothing) is None
    assert nothing.embed.description == "Red has no fleet at Rigel. Its fleets are at: Mecatol."


async def test_a_force_removal_asks_its_owner_and_answers_privately(ordered):  # noqa: F811
    """`/navy forces remove`: the owner is asked (the force, its kind and place); Cancel
    keeps it; Strike answers privately as before and logs `navy forces remove`."""
    asked = await ordered.slash(f"/navy forces remove name:{WS}", as_="player1")
    assert asked.embed.title == (
        f"Strike {WS} of Britain (line squadron, location 1) off the register?"
    )
    assert [b.label for b in asked.buttons] == ["Remove", "Cancel"]
    cancelled = await ordered.click(asked, "Cancel", as_="player1")
    assert cancelled.embed.title == "Cancelled: nothing was removed"
    assert WS in await gm_overview(ordered)

    removed = await confirmed(ordered, f"/navy forces remove name:{WS}", as_="player1")
    assert removed.ephemeral
    assert f"{WS} of Britain is struck off the register." in text_of(removed)
    assert "No forces to show." in await gm_overview(ordered)
    assert (await history(ordered)).count("navy forces remove") == 1


async def test_a_port_removal_asks_the_gm(navy):  # noqa: F811 - the fixture
    """`/navy station remove`: the GM is asked; Cancel keeps the port; Remove takes it off
    the list in the channel and logs `navy station remove`; a player is refused at once."""
    player = await navy.slash("/navy station remove name:Plymouth", as_="player1")
    assert player.ephemeral and red_button(player) is None and "Only a GM" in player.text()
    asked = await navy.slash("/navy station remove name:Plymouth", as_="gm")
    assert asked.embed.title == "Take Plymouth (location 2) off the list of ports?"
    await navy.click(asked, "Cancel", as_="gm")
    listed = await navy.slash("/navy station list", as_="player1")
    assert "Plymouth" in text_of(listed)

    removed = await confirmed(navy, "/navy station remove name:Plymouth", as_="gm")
    assert not removed.ephemeral
    assert "Plymouth is taken off the list of ports." in text_of(removed)
    listed = await navy.slash("/navy station list", as_="player1")
    assert "Plymouth" not in text_of(listed)
    assert (await history(navy)).count("navy station remove") == 1


# --- company raids and space pirates ----------------------------------------------------------


async def test_a_company_removal_asks_its_owner(board):  # noqa: F811 - the fixture
    """`/company remove-company`: its owner is asked (owner, fine); Cancel keeps it; Remove
    deletes the record in the channel, logged as `company remove-company`. Another player's
    Company is refused at once."""
    theirs = await board.slash("/company remove-company name:Steelworks", as_="player1")
    assert theirs.ephemeral and red_button(theirs) is None
    asked = await board.slash("/company remove-company name:Steelworks", as_="player2")
    assert asked.embed.title == (
        "Remove the record of the Company Steelworks (owner: Boris, fine 180)?"
    )
    await board.click(asked, "Cancel", as_="player2")
    assert "Steelworks" in await board_shown(board)

    removed = await confirmed(board, "/company remove-company name:Steelworks", as_="player2")
    assert not removed.ephemeral
    assert "Company Steelworks removed." in removed.embed.description
    assert "Steelworks" not in await board_shown(board)
    assert (await history(board)).count("company remove-company") == 1


async def test_an_unowned_company_removal_names_nobody_as_its_owner(board):  # noqa: F811
    """`/company remove-company` of a Company the GM registered without an owner: the GM's
    question names nobody as its owner; a Russian reader removing her own Company is asked
    in Russian, with her faction as the owner."""
    await board.slash("/company add-company name:Mill fine:40", as_="gm")
    asked = await board.slash("/company remove-company name:Mill", as_="gm")
    assert asked.embed.title == "Remove the record of the Company Mill (owner: nobody, fine 40)?"
    removed = await confirmed(board, "/company remove-company name:Mill", as_="gm")
    assert "Company Mill removed." in removed.embed.description

    await board.slash("/company add-company name:Docks fine:2500", as_="player3")
    theirs = await board.slash("/company remove-company name:Docks", as_="player3")
    title = "Удалить запись о Компании Docks (владелец: Vera, штраф 2\u00a0500)?"
    assert theirs.embed.title == title


async def test_a_piece_in_an_open_incident_is_refused_at_once(board):  # noqa: F811
    """`/company remove-piece`: refused without a question while its incident is open;
    once it is over, asked (owner, value) and removed."""
    question = await board.slash(LAND, as_="player1")
    busy = await board.slash("/company remove-piece name:Broker", as_="player1")
    assert busy.ephemeral and red_button(busy) is None
    assert "is in incident #1, which is still open" in busy.text()
    await board.click(question, "Pay the fine", as_="player1")

    asked = await board.slash("/company remove-piece name:Broker", as_="player1")
    assert asked.embed.title == "Remove the record of the piece Broker (Anna, value 300)?"
    cancelled = await board.click(asked, "Cancel", as_="player1")
    assert cancelled.embed.title == "Cancelled: nothing was removed"
    assert "Broker" in await board_shown(board)
    removed = await confirmed(board, "/company remove-piece name:Broker", as_="player1")
    assert "Piece Broker removed." in removed.embed.description
    assert (await history(board)).count("company remove-piece") == 1


async def test_a_route_and_a_planet_removal_ask_their_owner(pirates):  # noqa: F811
    """`/pirates route remove` and `/pirates planet remove`: the owner is asked with the
    number and name; Cancel keeps it; Remove posts the removal, logged under the command."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    home = await pirates.slash("/pirates planet add name:Home income:100", as_="player1")
    planet = re.search(r"#(\d+)", home.text()).group(1)
    asked = await pirates.slash("/pirates route remove route:1", as_="player1")
    assert asked.embed.title == "Remove trade route #1 “Rich” (Vega)?"
    await pirates.click(asked, "Cancel", as_="player1")
    routes = await pirates.slash("/pirates routes", as_="player1")
    assert "Rich" in routes.embed.description
    removed = await confirmed(pirates, "/pirates route remove route:1", as_="player1")
    assert not removed.ephemeral
    assert "Route #1 Rich (Vega) removed" in removed.text()

    asked = await pirates.slash(f"/pirates planet remove planet:{planet}", as_="player1")
    assert asked.embed.title == f"Remove planet #{planet} “Home” (Vega)?"
    await pirates.click(asked, "Cancel", as_="player1")
    planets = await pirates.slash("/pirates planets", as_="player1")
    assert "Home" in planets.embed.description
    removed = await confirmed(pirates, f"/pirates planet remove planet:{planet}", as_="player1")
    assert f"Planet #{planet} Home (Vega) removed" in removed.text()
    log = await history(pirates)
    assert log.count("pirates route remove") == 1 and log.count("pirates planet remove") == 1
    far = await pirates.slash("/pirates planet add name:Far income:10", as_="player1")
    number = re.search(r"#(\d+)", far.text()).group(1)
    theirs = await pirates.slash(f"/pirates planet remove planet:{number}", as_="player2")
    assert theirs.ephemeral and red_button(theirs) is None
    assert f"Planet #{number} is not one of yours." in theirs.text()


async def test_names_in_a_question_read_as_typed(table):
    """A faction, a point and a Company named with Markdown and mentions read literally in
    the question, escaped once, and in its answers."""
    hostile = "**B_o`l|d** ~~x~~ <@&1> @everyone ||spoiler|| # Head"
    literal = (
        "\\*\\*B\\_o\\`l\\|d\\*\\* \\~\\~x\\~\\~ <\u200b@&1> @\u200beveryone "
        "\\|\\|spoiler\\|\\| # Head"
    )
    await table.slash("/campaign create name:Test rulesets:fleet_combat, company_raids", as_="gm")
    await table.slash(f"/campaign join faction:{hostile}", as_="player1")
    await table.slash(f"/combat fleet set point:{hostile} ships:2 cruiser", as_="player1")
    asked = await table.slash(f"/combat fleet remove point:{hostile}", as_="player1")
    question = f"Remove the fleet of {literal} at {literal}: 2 cruisers?"
    assert asked.embed.title == question
    cancelled = await table.click(asked, "Cancel", as_="player1")
    assert cancelled.embed.description == question

    await table.slash(f"/company add-company name:{hostile} fine:10", as_="player1")
    asked = await table.slash(f"/company remove-company name:{hostile}", as_="player1")
    assert asked.embed.title == (
        f"Remove the record of the Company {literal} (owner: {literal}, fine 10)?"
    )


async def test_a_question_too_long_for_a_title_is_the_first_line_whole(table):
    """A fleet with long names and every class: the question is the description's first
    line, not cut."""
    faction, point = "F" * 64, "P" * 60
    await table.slash("/campaign create name:Test rulesets:fleet_combat", as_="gm")
    await table.slash(f"/campaign join faction:{faction}", as_="player1")
    ships = (
        "2 fighter, 3 destroyer, 2 cruiser (1 wound), 2 carrier, "
        "2 dreadnought (2 wounds), 1 war sun, 2 transport, 1 colonizer"
    )
    registered = await table.slash(f"/combat fleet set point:{point} ships:{ships}", as_="player1")
    assert not registered.ephemeral, registered.text()
    asked = await table.slash(f"/combat fleet remove point:{point}", as_="player1")
    first, *rest = asked.embed.description.splitlines()
    assert first.startswith(f"Remove the fleet of {faction} at {point}: ") and first.endswith("?")
    assert len(first) > 256 and "…" not in first
    assert rest == [UNDO_LINE]
    assert [b.label for b in asked.buttons] == ["Remove", "Cancel"]


async def test_a_fleet_question_in_russian(seated):  # noqa: F811 - the fixture
    """A Russian-reading player is asked in Russian, with the ships in Russian."""
    await seated.slash("/combat fleet set point:Rigel ships:2 cruiser", as_="player3")
    asked = await seated.slash("/combat fleet remove point:Rigel", as_="player3")
    assert asked.embed.title == "Удалить флот фракции «Green» в точке Rigel: 2 крейсера?"
    cancelled = await seated.click(asked, "Отмена", as_="player3")
    assert cancelled.embed.title == "Отменено: ничего не удалено"
