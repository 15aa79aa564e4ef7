"""Confirmations pressed hard: questions left open while the campaign moves on, two of them
at once, the wrong hand on the button, long files and hostile names. What a confirm
removes is what its question named, and nothing else."""

from __future__ import annotations

import asyncio
import json
import re

from bot import rulesets
from bot.campaigns import Actor
from bot.interactions import ERROR_COLOUR
from bot.storage.undo import COMMAND_CONFIRMATION
from bot.text import shown
from tests.e2e.confirming import as_confirmed
from tests.e2e.confirming import clicked_by
from tests.e2e.confirming import confirmed
from tests.e2e.confirming import import_refused_after_a_change
from tests.e2e.confirming import red_button
from tests.e2e.test_company_raids import board  # noqa: F401 - a fixture
from tests.e2e.test_company_raids import board_shown
from tests.e2e.test_fleet_combat import declared
from tests.e2e.test_fleet_combat import seated  # noqa: F401 - a fixture
from tests.e2e.test_history_export import read_gz
from tests.e2e.test_space_pirates import pirates  # noqa: F401 - a fixture
from tests.e2e.test_undo import undo
from tests.e2e.test_undo import verified

UNDO_LINE = "Only a GM's /history undo can take it back."


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
    await import_refused_after_a_change(campaign, asked)
    shown = await campaign.slash("/campaign settings show ruleset:ottoman_piracy", as_="gm")
    assert "`piracy_vp_cap` = **7**" in shown.embed.description
    assert "`hit_min_face` = **5**" in shown.embed.description
    assert "campaign settings import" not in await history(campaign)


# --- a long question ---------------------------------------------------------------------------


async def test_an_import_that_changes_every_setting_lists_each_one(table):
    """A file that flips every yes/no setting of every ruleset: the question lists each
    change, none cut, and still says only a GM's undo takes it back."""
    await table.slash("/campaign create name:Everything", as_="gm")
    exported = await table.slash("/campaign settings export", as_="gm")
    text = exported.attachments[0].text
    flipped = re.sub(
        r"^(\w+) = (true|false)$",
        lambda m: f"{m[1]} = {'false' if m[2] == 'true' else 'true'}",
        text,
        flags=re.MULTILINE,
    )
    count = len(re.findall(r"^\w+ = (?:true|false)$", text, flags=re.MULTILINE))
    files = {"s.toml": flipped.encode()}
    asked = await table.slash("/campaign settings import file:s.toml", as_="gm", files=files)
    assert red_button(asked) == "Import", asked.text()
    shown = "\n".join(e.get("description", "") for e in asked.embeds)
    changes = [line for line in shown.splitlines() if " → " in line]
    assert len(changes) == count
    assert not any("…" in line for line in changes)
    assert shown.splitlines()[-1] == UNDO_LINE
    done = await table.click(asked, "Import", as_="gm")
    assert done.followups, done.text()
    assert all(len(e.get("description", "")) <= 4096 for e in done.embeds)


# --- who presses the button --------------------------------------------------------------------


async def test_a_gm_cannot_press_a_players_question_nor_a_player_a_gms(seated):  # noqa: F811
    """The GM's click on a player's question, and a player's on the GM's, are refused as
    someone else's question; both questions still work for their askers."""
    players = await seated.slash("/combat fleet remove point:Mecatol", as_="player2")
    await seated.slash("/combat stats set class:cruiser life:3", as_="gm")
    gms = await seated.slash("/combat stats reset", as_="gm")
    by_gm = await clicked_by(seated, players, "Remove", as_="gm")
    assert by_gm.ephemeral
    player2 = seated.member("player2").id
    assert by_gm.embed.description == f"This question is for Blue (<@{player2}>)."
    by_player = await clicked_by(seated, gms, "Reset", as_="player2")
    assert by_player.embed.description == f"This question is for <@{seated.member('gm').id}>."
    assert "combat fleet remove" not in await history(seated)
    done = await seated.click(players, "Remove", as_="player2")
    assert done.embed.title == "✅ Removed — see the answer below"


# --- two questions at once, and another hand first ----------------------------------------------


async def test_two_questions_for_one_fleet_remove_it_once(seated):  # noqa: F811
    """Two questions for the same fleet: the first Remove removes it, the second is refused
    on its question; a Cancel of one leaves the other working."""
    first = await seated.slash("/combat fleet remove point:Mecatol", as_="player2")
    second = await seated.slash("/combat fleet remove point:Mecatol", as_="player2")
    cancelled = await seated.click(first, "Cancel", as_="player2")
    assert cancelled.embed.title == "Cancelled: nothing was removed"
    done = await seated.click(second, "Remove", as_="player2")
    assert done.embed.title == "✅ Removed — see the answer below"
    third = await seated.slash("/combat fleet set point:Mecatol ships:1 cruiser", as_="player2")
    assert not third.ephemeral, third.text()

    one = await seated.slash("/combat fleet remove point:Mecatol", as_="player2")
    two = await seated.slash("/combat fleet remove point:Mecatol", as_="player2")
    removed = await seated.click(one, "Remove", as_="player2")
    assert removed.embed.title == "✅ Removed — see the answer below"
    late = await seated.click(two, "Remove", as_="player2")
    assert late.embed.title == "Nothing was removed"
    assert "Blue has no fleet at Mecatol" in late.embed.description
    assert late.followups == []
    assert (await history(seated)).count("combat fleet remove") == 2


async def test_two_questions_confirmed_at_once_remove_once(seated):  # noqa: F811
    """Both questions' Remove pressed at the same moment: one removes, the other is refused
    on its question; a Cancel pressed after the Remove changes nothing."""
    one = await seated.slash("/combat fleet remove point:Mecatol", as_="player2")
    two = await seated.slash("/combat fleet remove point:Mecatol", as_="player2")
    first, second = await asyncio.gather(
        seated.click(one, "Remove", as_="player2"), seated.click(two, "Remove", as_="player2")
    )
    titles = sorted([first.embed.title, second.embed.title])
    assert titles == ["Nothing was removed", "✅ Removed — see the answer below"], (
        first.text(),
        second.text(),
    )
    assert (await history(seated)).count("**combat fleet remove**") == 1
    late = await clicked_by(seated, one, "Cancel", as_="player2")
    assert late.ephemeral and "already been answered" in late.text(), late.text()
    assert (await history(seated)).count("**combat fleet remove**") == 1


async def test_a_gm_removes_the_fleet_first(seated):  # noqa: F811
    """The GM removes Blue's fleet while Blue's own question is open: Blue's Remove is
    refused on the question, and one removal is logged."""
    asked = await seated.slash("/combat fleet remove point:Mecatol", as_="player2")
    await confirmed(seated, "/combat fleet remove point:Mecatol faction:Blue", as_="gm")
    late = await seated.click(asked, "Remove", as_="player2")
    assert late.embed.title == "Nothing was removed"
    assert "Blue has no fleet at Mecatol" in late.embed.description
    assert (await history(seated)).count("combat fleet remove") == 1


# --- a question left open while the campaign moves on -------------------------------------------


async def test_a_question_left_open_across_a_turn_end(seated):  # noqa: F811
    """The turn ends while a removal is asked: the turn does not wait for it, and its Remove
    then removes the fleet, logged in the new turn."""
    asked = await seated.slash("/combat fleet remove point:Mecatol", as_="player2")
    status = await seated.slash("/turn status", as_="gm")
    assert "waiting for an answer" not in status.text()
    ended = await seated.click(await seated.slash("/turn end", as_="gm"), "End turn 1", as_="gm")
    assert not ended.ephemeral, ended.text()
    done = await seated.click(asked, "Remove", as_="player2")
    assert done.embed.title == "✅ Removed — see the answer below", done.text()
    log = await history(seated)
    assert re.search(r"turn 2 · \*\*combat fleet remove", log), log


async def test_a_question_left_open_across_an_undo_of_the_fleet(seated):  # noqa: F811
    """The GM undoes Blue's registration while Blue is asked to remove it: the Remove is
    refused on the question (no such fleet), and nothing is logged."""
    asked = await seated.slash("/combat fleet remove point:Mecatol", as_="player2")
    question = await seated.slash("/history undo reason:registered by mistake", as_="gm")
    undone = await seated.click(question, "Undo", as_="gm")
    assert undone.embed.title.startswith("↩️ "), undone.text()
    late = await seated.click(asked, "Remove", as_="player2")
    assert late.embed.title == "Nothing was removed"
    assert "Blue has no fleet at Mecatol" in late.embed.description
    assert "combat fleet remove" not in await history(seated)


async def test_a_click_after_the_campaign_language_changed(seated):  # noqa: F811
    """The campaign moves to Russian while an English player's question is open: the
    question is redrawn in English (the asker's), the channel's answer in Russian."""
    asked = await seated.slash("/combat fleet remove point:Mecatol", as_="player2")
    await seated.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    question = asked.embed.title
    done = await seated.click(asked, "Remove", as_="player2")
    assert done.embed.title == "✅ Removed — see the answer below"
    assert done.embed.description == as_confirmed(question)
    (posted,) = done.followups
    assert posted.embed.description == "Флот фракции «Blue» в точке Mecatol снят с учёта."


# --- the rehearsal leaves nothing ---------------------------------------------------------------


async def rows(table) -> dict[str, list[tuple]]:
    """Every row of the tables a command may write, but the pending choices."""
    db = table.bot.service.db
    found = {}
    for name in (
        "actions",
        "campaigns",
        "factions",
        "campaign_gms",
        "rolls",
        "ruleset_archive",
        "ruleset_state",
        "secret_rolls",
        "turn_seeds",
        "turns",
        "outbox",
        "undo_units",
        "undo_sizes",
        "turn_posts",
        "turn_schedules",
    ):
        found[name] = sorted(tuple(map(str, r)) for r in await db.fetchall(f"SELECT * FROM {name}"))
    return found


async def test_a_question_writes_nothing_but_itself(seated):  # noqa: F811
    """Typing each removal asks, and changes nothing else: the same rows everywhere (log,
    states, seeds, outbox, undo journals), the same next die, the same /turn status, no
    post in the channel, the log intact; a restart forgets nothing of it either."""
    await seated.slash("/combat stats set class:cruiser life:3", as_="gm")
    await seated.slash("/campaign gm add user:@player1", as_="gm")
    before = await rows(seated)
    status = (await seated.slash("/turn status", as_="gm")).text()
    posted = len(seated.channel_messages())
    seated.script_dice([4])
    for line, who in (
        ("/combat stats reset", "gm"),
        ("/combat fleet remove point:Mecatol", "player2"),
        ("/campaign gm remove user:@player1", "gm"),
        ("/combat fleet remove point:Mecatol", "player1"),
    ):
        asked = await seated.slash(line, as_=who)
        assert asked.ephemeral and red_button(asked) is not None, asked.text()
    await seated.restart()
    assert await rows(seated) == before
    assert len(seated.channel_messages()) == posted
    assert (await seated.slash("/turn status", as_="gm")).text() == status
    rolled = await seated.slash("/roll dice:1d6", as_="player1")
    assert rolled.embed.title == "🎲 4", rolled.text()
    assert (await verified(seated)).startswith("✅ The log is intact")


async def test_a_removal_typed_while_a_turn_end_runs(seated):  # noqa: F811
    """A removal typed as the GM's turn end runs waits for it and asks; its Remove then
    removes in the new turn. Nothing fails either way."""
    question = await seated.slash("/turn end", as_="gm")
    ended, asked = await asyncio.gather(
        seated.click(question, "End turn 1", as_="gm"),
        seated.slash("/combat fleet remove point:Mecatol", as_="player2"),
    )
    assert not ended.ephemeral, ended.text()
    assert red_button(asked) == "Remove", asked.text()
    done = await seated.click(asked, "Remove", as_="player2")
    assert done.embed.title == "✅ Removed — see the answer below", done.text()
    assert "Blue" not in await fleet_at_mecatol(seated)


# --- the ship table and the settings in a battle -------------------------------------------------


async def test_a_reset_asked_before_a_battle_is_refused_once_it_fights(seated):  # noqa: F811
    """The cruisers were made level 4; the GM is asked to reset the table (back to 3), then
    Red's cruisers go into battle: Reset is refused on the question (FC-I6), and typed again
    it is refused at once, without a question."""
    await seated.slash("/combat stats set class:cruiser level:4", as_="gm")
    asked = await seated.slash("/combat stats reset", as_="gm")
    assert red_button(asked) == "Reset", asked.text()
    await declared(seated)
    late = await seated.click(asked, "Reset", as_="gm")
    assert late.embed.title == "Nothing was reset"
    assert "FC-I6" in late.embed.description, late.text()
    again = await seated.slash("/combat stats reset", as_="gm")
    assert again.ephemeral and red_button(again) is None, again.text()
    assert "combat stats reset" not in await history(seated)


async def test_an_import_the_battle_cannot_take_is_refused_at_once(seated):  # noqa: F811
    """A file that puts the fighting cruisers on another level is refused at once mid-battle,
    with no question; a file that changes nothing says so at once; a file over the size
    limit is refused at once."""
    await declared(seated)
    exported = (await seated.slash("/campaign settings export", as_="gm")).attachments[0].text
    moved = exported.replace("cruiser = 3, carrier", "cruiser = 4, carrier")
    assert moved != exported
    files = {"s.toml": moved.encode()}
    refused = await seated.slash("/campaign settings import file:s.toml", as_="gm", files=files)
    assert refused.ephemeral and red_button(refused) is None, refused.text()
    assert "level" in refused.text()
    same = {"s.toml": exported.encode()}
    unchanged = await seated.slash("/campaign settings import file:s.toml", as_="gm", files=same)
    assert unchanged.ephemeral and red_button(unchanged) is None, unchanged.text()
    huge = {"s.toml": ("# padding\n" * 30_000).encode()}
    too_big = await seated.slash("/campaign settings import file:s.toml", as_="gm", files=huge)
    assert too_big.ephemeral and red_button(too_big) is None
    assert "too large" in too_big.text()
    padded = {
        "s.toml": (("# padding\n" * 20_000) + "[ottoman_piracy]\nhit_min_face = 4\n").encode()
    }
    big = await seated.slash("/campaign settings import file:s.toml", as_="gm", files=padded)
    assert big.embed.title == "Import the settings file? It changes 1 setting:", big.text()
    done = await seated.click(big, "Import", as_="gm")
    assert done.embed.title == "✅ Imported — see the answer below"
    assert (await history(seated)).count("campaign settings import") == 1


# --- GMs ------------------------------------------------------------------------------------------


async def test_a_gm_removes_themselves_and_the_creator_stays(campaign):
    """A GM who is not the creator removes themselves: once confirmed they are a player
    again (their next GM command is refused). The creator, the last GM, cannot be removed,
    by themselves or another GM: refused at once."""
    await campaign.slash("/campaign gm add user:@player1", as_="gm")
    creator = await campaign.slash("/campaign gm remove user:@gm", as_="player1")
    assert creator.ephemeral and red_button(creator) is None and "always a GM" in creator.text()
    me = await confirmed(campaign, "/campaign gm remove user:@player1", as_="player1")
    player1 = campaign.member("player1").id
    assert me.embed.description == f"<@{player1}> is no longer a GM of this campaign."
    refused = await campaign.slash("/turn end", as_="player1")
    assert refused.ephemeral and "Only a GM" in refused.text()
    alone = await campaign.slash("/campaign gm remove user:@gm", as_="gm")
    assert alone.ephemeral and red_button(alone) is None and "always a GM" in alone.text()


async def test_a_gm_removed_meanwhile_cannot_confirm(campaign):
    """A GM asked to remove a role loses their GM rights before the click: Remove is refused
    on the question, and the role stays GM."""
    await campaign.slash("/campaign gm add user:@player1", as_="gm")
    await campaign.slash("/campaign gm add role:@&GM", as_="gm")
    asked = await campaign.slash("/campaign gm remove role:@&GM", as_="player1")
    assert asked.embed.title == "Remove @GM from this campaign's GMs?"
    await confirmed(campaign, "/campaign gm remove user:@player1", as_="gm")
    late = await campaign.click(asked, "Remove", as_="player1")
    assert late.embed.title == "Nothing was removed"
    assert "Only a GM" in late.embed.description
    assert (await history(campaign)).count("campaign gm remove") == 1


async def test_the_everyone_role_is_named_with_one_at(campaign):
    """A GM role that is @everyone (named before `/campaign gm add` refused it) reads
    "@everyone" in the removal question (escaped: a title never pings), not "@@everyone"."""
    stored = await campaign.bot.service.by_channel(campaign.channel("campaign").id)
    gm = Actor(user_id=campaign.member("gm").id)
    await campaign.bot.service.set_gm(stored.id, gm, "role", campaign.guild_id, add=True)
    asked = await campaign.slash("/campaign gm remove role:@@everyone", as_="gm")
    assert asked.embed.title == "Remove @\u200beveryone from this campaign's GMs?"


# --- hostile names ------------------------------------------------------------------------------

HOSTILE = "**B_o`l|d** <@&1> @here ||s|| # שלום "


def hostile(limit: int) -> str:
    """A name of `limit` characters with Markdown, mentions, @here and right-to-left text."""
    return (HOSTILE * 4)[:limit].strip()


def raw_leaks(reply, name: str) -> list[str]:
    """The messages of `reply` that show `name` unescaped, or ping anyone."""
    found = []
    for message in reply.messages:
        text = message.content + "".join(
            (e.get("title") or "") + (e.get("description") or "") for e in message.embeds
        )
        if "<@&1>" in text or "@here" in text or "**B" in text or message.pings:
            found.append(text)
    return found


async def asked_and_done(table, line: str, name: str, *, as_: str):
    """Ask `line`, cancel, ask again and confirm: each question and answer shows `name`
    escaped, whole, and pings nobody."""
    literal = shown(name)
    asked = await table.slash(line, as_=as_)
    assert red_button(asked) == "Remove", asked.text()
    question = asked.embed.title or asked.embed.description.splitlines()[0]
    assert literal in question, question
    assert raw_leaks(asked, name) == []
    cancelled = await table.click(asked, "Cancel", as_=as_)
    assert cancelled.embed.description == question
    assert raw_leaks(cancelled, name) == []
    again = await table.slash(line, as_=as_)
    done = await table.click(again, "Remove", as_=as_)
    assert done.embed.title == "✅ Removed — see the answer below", done.text()
    assert done.embed.description == as_confirmed(question)
    assert raw_leaks(done, name) == []
    return done


async def test_hostile_names_in_every_question_and_answer(table):
    """A faction, a force, a port, a Company, a piece, a route and a planet named with
    Markdown, mentions, @here and right-to-left text, at their longest: every question,
    Cancel, Remove and public answer shows them literally and whole, and pings nobody."""
    rulesets = "naval_orders, company_raids, space_pirates, fleet_combat"
    await table.slash(f"/campaign create name:Names rulesets:{rulesets}", as_="gm")
    faction = hostile(64)
    joined = await table.slash(f"/campaign join faction:{faction}", as_="player1")
    assert not joined.ephemeral, joined.text()

    force, port = hostile(80), hostile(79)
    await table.slash(f"/navy station add name:{port} location:7", as_="gm")
    registered = await table.slash(
        f"/navy forces register name:{force} kind:line location:1 ships:3xIII", as_="player1"
    )
    assert "is registered" in registered.text(), registered.text()
    await asked_and_done(table, f"/navy forces remove name:{force}", force, as_="player1")
    await asked_and_done(table, f"/navy station remove name:{port}", port, as_="gm")

    company, piece = hostile(60), hostile(59)
    await table.slash(f"/company add-company name:{company} fine:10", as_="player1")
    await table.slash(f"/company add-piece name:{piece} value:5", as_="player1")
    await asked_and_done(table, f"/company remove-piece name:{piece}", piece, as_="player1")
    await asked_and_done(table, f"/company remove-company name:{company}", company, as_="player1")

    route, planet = hostile(64), hostile(63)
    await table.slash(f"/pirates route add name:{route} goods:100", as_="player1")
    added = await table.slash(f"/pirates planet add name:{planet} income:10", as_="player1")
    number = re.search(r"#(\d+)", added.text()).group(1)
    await asked_and_done(table, "/pirates route remove route:1", route, as_="player1")
    await asked_and_done(table, f"/pirates planet remove planet:{number}", planet, as_="player1")

    point = hostile(60)
    await table.slash(f"/combat fleet set point:{point} ships:1 cruiser", as_="player1")
    await asked_and_done(table, f"/combat fleet remove point:{point}", faction, as_="player1")


# --- the log of a confirmed command -------------------------------------------------------------


async def last_entry(table) -> str:
    log = await history(table)
    return re.search(r"`#(\d+)`", log).group(1)


async def test_the_log_shows_each_confirmed_command_as_typed_and_a_gm_undoes_it(table):
    """Each confirmed command is logged under its slash command's name with its options as
    typed (/history show), the GM's undo of it brings the record back, and the log stays
    intact."""
    rulesets = "naval_orders, company_raids, space_pirates, fleet_combat"
    await table.slash(f"/campaign create name:Log rulesets:{rulesets}", as_="gm")
    await table.slash("/campaign join faction:Vega", as_="player1")
    await table.slash("/campaign gm add user:@player2", as_="gm")
    # Naval orders public: the register's entries are then not hidden until the turn ends,
    # so the export below holds them.
    await table.slash(
        "/campaign settings set setting:naval_orders.orders_public value:true", as_="gm"
    )
    await table.slash("/navy station add name:Brest location:7", as_="gm")
    await table.slash(
        "/navy forces register name:Fox kind:line location:1 ships:3xIII", as_="player1"
    )
    await table.slash("/company add-company name:Steel fine:10", as_="player1")
    await table.slash("/company add-piece name:Broker value:5", as_="player1")
    await table.slash("/pirates route add name:Rich goods:100", as_="player1")
    added = await table.slash("/pirates planet add name:Home income:10", as_="player1")
    planet = re.search(r"#(\d+)", added.text()).group(1)
    await table.slash("/combat fleet set point:Rigel ships:1 cruiser", as_="player1")
    await table.slash("/combat stats set class:cruiser life:3", as_="gm")

    cases = [
        ("navy forces remove", "name:fox", "player1", "**name**: fox"),
        ("navy station remove", "name:brest", "gm", "**name**: brest"),
        ("company remove-piece", "name:broker", "player1", "**name**: broker"),
        ("company remove-company", "name:steel", "player1", "**name**: steel"),
        ("pirates route remove", "route:1", "player1", "**route**: 1"),
        ("pirates planet remove", f"planet:{planet}", "player1", f"**planet**: {planet}"),
        ("combat fleet remove", "point:rigel", "player1", "**point**: rigel"),
    ]
    for command, typed, who, options in cases:
        done = await confirmed(table, f"/{command} {typed}", as_=who)
        assert done.embed.title != "Nothing was removed", done.text()
        seq = await last_entry(table)
        shown_entry = await table.slash(f"/history show entry:{seq}", as_="player1")
        assert command in shown_entry.text(), (command, shown_entry.text())
        assert shown_entry.field("Options") == options, (command, shown_entry.text())

    await table.slash("/combat stats set class:cruiser life:3", as_="gm")
    reset = await confirmed(table, "/combat stats reset", as_="gm")
    assert not reset.ephemeral, reset.text()
    seq = await last_entry(table)
    shown_entry = await table.slash(f"/history show entry:{seq}", as_="player1")
    assert "combat stats reset" in shown_entry.text()

    exported = read_gz(await table.slash("/history export", as_="player1"))
    logged = {e["command"]: e["options"] for e in exported["entries"]}
    for command, typed, _who, _options in cases:
        name, _, value = typed.partition(":")
        assert logged[command] == {name: int(value) if value.isdigit() else value}, command

    # The GM undoes the newest commands (the reset, the change before it, then the
    # removals), one by one: each record comes back.
    for _ in range(4):
        undone = await undo(table, "by mistake")
        assert undone.embed.title.startswith("↩️ "), undone.text()
    fleets = await table.slash("/combat fleet show point:Rigel", as_="gm")
    assert "Vega: 1 cruiser" in fleets.text()
    planets = await table.slash("/pirates planets", as_="player1")
    assert "Home" in planets.embed.description
    assert (await verified(table)).startswith("✅ The log is intact")


async def test_a_gm_undo_of_a_removal_does_not_reopen_its_question(seated):  # noqa: F811
    """The GM undoes Blue's confirmed removal: the fleet is back, and the old question stays
    answered: its Remove (from a client that kept the button) is refused and removes
    nothing; typed again, the removal is asked anew."""
    asked = await seated.slash("/combat fleet remove point:Mecatol", as_="player2")
    await seated.click(asked, "Remove", as_="player2")
    question = await seated.slash("/history undo reason:removed by mistake", as_="gm")
    undone = await seated.click(question, "Undo", as_="gm")
    assert undone.embed.title.startswith("↩️ "), undone.text()
    assert all(b.disabled for b in asked.buttons)
    again = await clicked_by(seated, asked, "Remove", as_="player2")
    assert again.ephemeral
    assert "already been answered" in again.text(), again.text()
    assert "Blue: 3 destroyers, 1 dreadnought" in await fleet_at_mecatol(seated)
    assert (await history(seated)).count("**combat fleet remove**") == 1
    anew = await confirmed(seated, "/combat fleet remove point:Mecatol", as_="player2")
    assert anew.embed.description == "Blue's fleet at Mecatol is no longer registered."


def test_the_undo_knows_a_confirmation_by_its_kind():
    """The undo keeps a confirmation answered by the kind the questions are opened with."""
    assert rulesets.CONFIRMATION == COMMAND_CONFIRMATION


async def test_a_reset_of_a_large_ship_table_lists_every_class(seated):  # noqa: F811
    """A GM's table with sixty more classes, long-named: the reset question lists each class
    it removes, whole, as many as one message holds and how many more, and ends with the
    undo line; Reset resets it."""
    table = json.loads((await seated.slash("/combat stats show", as_="gm")).attachments[0].text)
    for n in range(60):
        name = f"heavy_monitor_of_the_outer_rim_{n:02d}"
        table["classes"][name] = {"level": 2, "attack": "1x6+", "defence": "6+", "life": 2}
    files = {"t.json": json.dumps(table).encode()}
    uploaded = await seated.slash("/combat stats upload file:t.json", as_="gm", files=files)
    assert not uploaded.ephemeral, uploaded.text()
    asked = await seated.slash("/combat stats reset", as_="gm")
    assert red_button(asked) == "Reset", asked.text()
    assert asked.embed.title == "Reset the ship table to the default?"
    shown = [line for e in asked.embeds for line in e.get("description", "").splitlines()]
    assert shown[0] == "60 classes change:"
    removed = [line for line in shown if line.endswith("(removed)")]
    assert all(line.startswith("**Heavy") for line in removed)
    more = int(re.fullmatch(r"…and (\d+) more\.", shown[-2]).group(1))
    assert len(removed) + more == 60
    assert shown[-1] == UNDO_LINE
    assert (
        sum(len(e.get("title", "")) + len(e.get("description", "")) for e in asked.embeds) <= 6000
    )
    cancelled = await seated.click(asked, "Cancel", as_="gm")
    assert [e["title"] for e in cancelled.embeds] == ["Cancelled: nothing was reset"]
    asked = await seated.slash("/combat stats reset", as_="gm")
    done = await seated.click(asked, "Reset", as_="gm")
    assert [e["title"] for e in done.embeds] == ["✅ Reset — see the answer below"], done.text()
    assert all(len(e.get("description", "")) <= 4096 for e in done.embeds)


async def test_a_gm_undoes_a_gm_removal_and_an_import(campaign):
    """The GM's undo of a confirmed import puts the settings back, and of a confirmed GM
    removal makes them GM again; neither question can be pressed again."""
    await campaign.slash("/campaign gm add user:@player1", as_="gm")
    files = {"s.toml": b"[ottoman_piracy]\nhit_min_face = 4\n"}
    imported = await campaign.slash("/campaign settings import file:s.toml", as_="gm", files=files)
    await campaign.click(imported, "Import", as_="gm")
    removed = await campaign.slash("/campaign gm remove user:@player1", as_="gm")
    await campaign.click(removed, "Remove", as_="gm")
    for _ in range(2):
        question = await campaign.slash("/history undo reason:by mistake", as_="gm")
        undone = await campaign.click(question, "Undo", as_="gm")
        assert undone.embed.title.startswith("↩️ "), undone.text()
    shown = await campaign.slash("/campaign settings show ruleset:ottoman_piracy", as_="gm")
    assert "`hit_min_face` = **5**" in shown.embed.description
    still = await campaign.slash("/turn deadline set when:48h", as_="player1")
    assert not still.ephemeral, still.text()
    for asked, label in ((imported, "Import"), (removed, "Remove")):
        again = await clicked_by(campaign, asked, label, as_="gm")
        assert "already been answered" in again.text(), again.text()
    assert (await verified(campaign)).startswith("✅ The log is intact")


async def open_questions(table) -> int:
    db = table.bot.service.db
    row = await db.fetchone("SELECT COUNT(*) FROM pending_choices WHERE status = 'open'")
    return int(row[0])


async def test_no_question_is_left_open(seated):  # noqa: F811
    """A removal refused at once opens no question; a question cancelled, confirmed, or
    refused on its question because the fleet changed is closed."""
    assert await open_questions(seated) == 0
    refused = await seated.slash("/combat fleet remove point:Rigel", as_="player2")
    assert red_button(refused) is None
    assert await open_questions(seated) == 0
    cancelled = await seated.slash("/combat fleet remove point:Mecatol", as_="player2")
    await seated.click(cancelled, "Cancel", as_="player2")
    stale = await seated.slash("/combat fleet remove point:Mecatol", as_="player2")
    await seated.slash("/combat fleet set point:Mecatol ships:1 war sun", as_="player2")
    assert (await seated.click(stale, "Remove", as_="player2")).embed.title == "Nothing was removed"
    assert await open_questions(seated) == 0
    await confirmed(seated, "/combat fleet remove point:Mecatol", as_="player2")
    assert await open_questions(seated) == 0


async def test_an_imported_value_reads_as_typed(campaign):
    """A GM's file names a leader with Markdown, a mention, @everyone and a spoiler: the
    question and the channel's answer show the value literally (escaped once), and the
    old value is shown the same way when it is imported again."""
    leader = '"<@&1> **x** @everyone ||s||"'
    text = f"[ottoman_piracy]\npiracy_ratings = {{ barbarossa = 1, dragut = 2, {leader} = 3 }}\n"
    files = {"s.toml": text.encode()}
    asked = await campaign.slash("/campaign settings import file:s.toml", as_="gm", files=files)
    escaped = '"<\u200b@&1>\\_\\*\\*x\\*\\*\\_@\u200beveryone\\_\\|\\|s\\|\\|"'
    change, _ = asked.embed.description.splitlines()
    assert change == (
        "`ottoman_piracy.piracy_ratings`: { barbarossa = 1, dragut = 2 } → "
        f"**{{ barbarossa = 1, dragut = 2, {escaped} = 3 }}**"
    )
    done = await campaign.click(asked, "Import", as_="gm")
    (posted,) = done.followups
    assert posted.embed.description == (
        f"`ottoman_piracy.piracy_ratings` = **{{ barbarossa = 1, dragut = 2, {escaped} = 3 }}**"
    )
    back = "[ottoman_piracy]\npiracy_ratings = { barbarossa = 1, dragut = 2 }\n"
    again = await campaign.slash(
        "/campaign settings import file:s.toml", as_="gm", files={"s.toml": back.encode()}
    )
    assert again.embed.description.splitlines()[0] == (
        f"`ottoman_piracy.piracy_ratings`: {{ barbarossa = 1, dragut = 2, {escaped} = 3 }} → "
        "**{ barbarossa = 1, dragut = 2 }**"
    )


async def test_an_undo_that_brings_back_another_fleet_is_not_removed(seated):  # noqa: F811
    """Blue re-registers its fleet as a war sun and asks to remove it; the GM undoes the
    re-registration (the 3 destroyers and the dreadnought are back): the question's Remove
    is refused, in the asker's language for a Russian reader too."""
    await seated.slash("/combat fleet set point:Mecatol ships:1 war sun", as_="player2")
    asked = await seated.slash("/combat fleet remove point:Mecatol", as_="player2")
    assert asked.embed.title == "Remove the fleet of Blue at Mecatol: 1 war sun?"
    question = await seated.slash("/history undo reason:wrong fleet", as_="gm")
    await seated.click(question, "Undo", as_="gm")
    late = await seated.click(asked, "Remove", as_="player2")
    assert late.embed.title == "Nothing was removed"
    assert "changed since you were asked" in late.embed.description
    assert "Blue: 3 destroyers, 1 dreadnought" in await fleet_at_mecatol(seated)

    await seated.slash("/combat fleet set point:Rigel ships:2 cruiser", as_="player3")
    asked = await seated.slash("/combat fleet remove point:Rigel", as_="player3")
    await seated.slash("/combat fleet set point:Rigel ships:3 cruiser", as_="player3")
    late = await seated.click(asked, "Удалить", as_="player3")
    assert late.embed.title == "Ничего не удалено"
    assert late.embed.description.startswith("Это изменилось с тех пор, как вас спросили.")


async def test_a_renamed_planet_is_not_removed_by_the_old_question(pirates):  # noqa: F811
    """The question named planet “Home”; its owner renames it “Haven”: the old question's
    Remove is refused, and Haven stays."""
    added = await pirates.slash("/pirates planet add name:Home income:100", as_="player1")
    number = re.search(r"#(\d+)", added.text()).group(1)
    asked = await pirates.slash(f"/pirates planet remove planet:{number}", as_="player1")
    assert "“Home”" in asked.embed.title
    await pirates.slash(f"/pirates planet edit planet:{number} name:Haven", as_="player1")
    late = await pirates.click(asked, "Remove", as_="player1")
    assert late.embed.title == "Nothing was removed"
    assert "changed since you were asked" in late.embed.description
    planets = await pirates.slash("/pirates planets", as_="player1")
    assert "Haven" in planets.embed.description


async def test_an_import_asked_before_a_battle_is_refused_once_it_fights(seated):  # noqa: F811
    """The GM is asked to import a file that puts cruisers on level 4; Red's cruisers then go
    into battle: Import is refused on the question with the guard's reason (FC-I6), and
    the ladder stays."""
    exported = (await seated.slash("/campaign settings export", as_="gm")).attachments[0].text
    moved = exported.replace("cruiser = 3, carrier", "cruiser = 4, carrier")
    files = {"s.toml": moved.encode()}
    asked = await seated.slash("/campaign settings import file:s.toml", as_="gm", files=files)
    assert red_button(asked) == "Import", asked.text()
    await declared(seated)
    late = await seated.click(asked, "Import", as_="gm")
    assert late.embed.title == "No setting was changed"
    assert "FC-I6" in late.embed.description, late.text()
    assert all(b.disabled for b in late.buttons)
    assert "campaign settings import" not in await history(seated)
