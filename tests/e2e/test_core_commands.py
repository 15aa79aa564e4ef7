"""Every core command through Discord's slash-command path, as players see it."""

from __future__ import annotations

import csv
import gzip
import io
import json

import pytest

from bot.standin import ClientRefused
from tests.e2e.confirming import confirmed


async def test_commands_outside_a_campaign_channel_say_so_ephemerally(table):
    reply = await table.slash("/campaign info", as_="player1", channel="general")
    assert reply.ephemeral
    assert "no campaign in this channel" in reply.text()
    reply = await table.slash("/roll dice:2d6", as_="player1", channel="general")
    assert reply.ephemeral


async def test_create_makes_the_creator_gm_and_info_shows_it(table):
    reply = await table.slash("/campaign create name:Black Sea rulesets:ottoman_piracy", as_="gm")
    assert reply.embed.title == "Campaign “Black Sea” created"
    assert "Ottoman piracy" in reply.embed.description
    info = await table.slash("/campaign info", as_="player1")
    assert info.embed.title == "Campaign “Black Sea”"
    assert info.embed.field("Turn") == "1"
    assert str(table.member("gm").id) in info.embed.field("Game masters")
    again = await table.slash("/campaign create name:Other", as_="player1")
    assert again.ephemeral and "already has a campaign" in again.text()


async def test_a_thread_of_the_campaign_channel_belongs_to_the_campaign(campaign):
    reply = await campaign.slash("/campaign info", as_="player1", channel="campaign-thread")
    assert reply.embed.title == "Campaign “Test Campaign”"


async def test_create_with_an_unknown_ruleset_names_the_allowed_ones(table):
    reply = await table.slash("/campaign create name:X rulesets:chess", as_="gm")
    assert reply.ephemeral
    assert "chess" in reply.text() and "fleet_combat" in reply.text()
    info = await table.slash("/campaign info", as_="gm")
    assert info.ephemeral  # nothing was created


async def test_ruleset_autocomplete_completes_the_last_item(table):
    choices = await table.autocomplete(
        "/campaign create name:X rulesets:ottoman_piracy, fl", as_="gm"
    )
    assert [c.value for c in choices] == ["ottoman_piracy, fleet_combat"]


async def test_join_claims_a_faction_once(campaign):
    joined = await campaign.slash("/campaign join faction:Habsburgs", as_="player1")
    player1 = campaign.member("player1").id
    assert joined.embed.title is None  # a mention renders in the text, not in a title
    assert joined.embed.description == f"<@{player1}> now plays **Habsburgs**."
    taken = await campaign.slash("/campaign join faction:habsburgs", as_="player2")
    assert taken.ephemeral and "already played" in taken.text()
    second = await campaign.slash("/campaign join faction:France", as_="player1")
    assert second.ephemeral and "factions_per_player" in second.text()
    info = await campaign.slash("/campaign info", as_="gm")
    assert "Habsburgs" in info.embed.field("1 faction")


async def test_only_a_gm_changes_settings_and_bad_values_name_the_range(campaign):
    refused = await campaign.slash(
        "/campaign settings set setting:ottoman_piracy.hit_min_face value:4", as_="player1"
    )
    assert refused.ephemeral and "Only a GM" in refused.text()
    bad = await campaign.slash(
        "/campaign settings set setting:ottoman_piracy.hit_min_face value:9", as_="gm"
    )
    assert bad.ephemeral and bad.embed.description == (
        "`9` is not a valid value for `ottoman_piracy.hit_min_face`. Allowed: 1..6."
    )
    good = await campaign.slash(
        "/campaign settings set setting:ottoman_piracy.hit_min_face value:4", as_="gm"
    )
    assert not good.ephemeral and "**4**" in good.embed.title
    shown = await campaign.slash("/campaign settings show ruleset:ottoman_piracy", as_="player1")
    assert "`hit_min_face` = **4**" in shown.embed.description


async def test_setting_name_autocomplete_lists_the_campaigns_settings(campaign):
    choices = await campaign.autocomplete(
        "/campaign settings set setting:ottoman_piracy.hit", as_="gm"
    )
    assert "ottoman_piracy.hit_min_face" in [c.value for c in choices]
    values = await campaign.autocomplete(
        "/campaign settings set setting:ottoman_piracy.require_corsairs value:",
        as_="gm",
        focused="value",
    )
    assert sorted(c.value for c in values) == ["false", "true"]


async def made_gm(campaign, who: str, player: str, factions_per_player: int) -> None:
    """The GM adds `who` (user:@… or role:@&…) as a GM; `player` is GM now and may change
    settings."""
    added = await campaign.slash(f"/campaign gm add {who}", as_="gm")
    assert "is now a GM" in added.embed.description
    ok = await campaign.slash(
        f"/campaign settings set setting:core.factions_per_player value:{factions_per_player}",
        as_=player,
    )
    assert not ok.ephemeral


async def test_gm_add_and_remove_by_user_and_role(campaign):
    refused = await campaign.slash("/campaign gm add user:@player2", as_="player1")
    assert refused.ephemeral
    await made_gm(campaign, "user:@player1", "player1", 2)
    removed = await confirmed(campaign, "/campaign gm remove user:@player1", as_="gm")
    assert "no longer a GM" in removed.embed.description
    await made_gm(campaign, "role:@&Players", "player2", 3)
    creator = await confirmed(campaign, "/campaign gm remove user:@gm", as_="gm")
    assert creator.ephemeral and "always a GM" in creator.text()


async def test_roll_shows_faces_total_and_its_log_entry(campaign):
    campaign.script_dice([6, 5, 1, 4])
    reply = await campaign.slash("/roll dice:4d6kh3+2 reason:stats", as_="player1")
    assert reply.embed.title == "🎲 stats: 17"
    assert "~~1~~" in reply.embed.description
    assert "Entry #2" in reply.embed.footer


async def test_a_malformed_roll_explains_where_and_logs_nothing(campaign):
    reply = await campaign.slash("/roll dice:2d6+*3", as_="player1")
    assert reply.ephemeral
    assert "column 5" in reply.text()
    listed = await campaign.slash("/history list", as_="player1")
    assert "roll" not in listed.embed.description


async def test_history_list_pages_newest_first_with_buttons(campaign):
    for _ in range(12):
        await campaign.slash("/roll dice:d20", as_="player1")
    first = await campaign.slash("/history list", as_="player2")
    assert first.embed.description.splitlines()[0].startswith("`#13`")
    assert first.button("◀ Newer").disabled
    older = await campaign.click(first, "Older ▶", as_="player2")
    lines = [line for line in older.embed.description.splitlines() if line.startswith("`#")]
    assert [line.split("`")[1] for line in lines] == ["#3", "#2", "#1"]
    assert older.button("Older ▶").disabled
    newer = await campaign.click(older, "◀ Newer", as_="player2")
    assert newer.embed.description.splitlines()[0].startswith("`#13`")


async def test_history_list_filters_by_player_and_ruleset(campaign):
    await campaign.slash("/roll dice:d20", as_="player1")
    await campaign.slash("/roll dice:d6", as_="player2")
    mine = await campaign.slash("/history list player:@player2", as_="player1")
    entries = [line for line in mine.embed.description.splitlines() if line.startswith("`#")]
    assert len(entries) == 1 and "1d6" in mine.embed.description
    core = await campaign.slash("/history list ruleset:core", as_="player1")
    assert "campaign create" in core.embed.description


async def test_history_show_lists_every_die_with_its_purpose(campaign):
    campaign.script_dice([3, 4])
    await campaign.slash("/roll dice:2d6 reason:boarding", as_="player1")
    shown = await campaign.slash("/history show entry:2", as_="player2")
    assert shown.embed.title == "Entry #2: roll"
    assert shown.embed.field("1. boarding") == "2d6 (3, 4) = 7"
    missing = await campaign.slash("/history show entry:99", as_="player2")
    assert missing.ephemeral and "#99" in missing.text()


async def test_history_export_attaches_csv_json_and_the_self_checking_page(campaign):
    campaign.script_dice([2, 5])
    await campaign.slash("/roll dice:2d6", as_="player1")
    reply = await campaign.slash("/history export", as_="player1")
    files = {a.filename: a.data for a in reply.attachments}
    assert set(files) == {"test-campaign-log.csv.gz", "test-campaign-log.json.gz"}
    table = gzip.decompress(files["test-campaign-log.csv.gz"]).decode()
    rows = list(csv.DictReader(io.StringIO(table)))
    pages = [a for m in reply.followups for a in m.attachments if a.filename.endswith(".html")]
    assert [a.filename for a in pages] == ["test-campaign-log.html"]  # the self-checking page
    assert rows[-1]["faces"] == "2 5" and rows[-1]["notation"] == "2d6"
    data = json.loads(gzip.decompress(files["test-campaign-log.json.gz"]))
    assert [e["seq"] for e in data["entries"]] == [1, 2]


async def test_history_verify_reports_ok_then_the_edited_entry(campaign):
    await campaign.slash("/roll dice:2d6", as_="player1")
    ok = await campaign.slash("/history verify", as_="player2")
    assert "intact: 2 entries verified" in ok.text()
    bot = campaign.bot
    async with bot.db.transaction() as conn:
        await conn.execute("UPDATE rolls SET faces = '6,6'")
    bad = await campaign.slash("/history verify", as_="player2")
    assert "tampered" in bad.text() and "#2 was edited" in bad.text()


async def test_history_stats_shows_mean_and_fairness_per_player(campaign):
    campaign.script_dice([1, 2, 3, 4, 5, 6] * 10)
    await campaign.slash("/roll dice:60d6", as_="player1")
    reply = await campaign.slash("/history stats", as_="player1")
    (field,) = reply.embed.fields
    assert "60 dice rolled" in field.value
    assert "mean 3.50 (expected 3.50)" in field.value
    assert "Looks fair" in field.value


async def test_turn_status_and_turn_end_with_confirmation(campaign):
    status = await campaign.slash("/turn status", as_="player1")
    assert status.embed.title == "Test Campaign — turn 1"
    refused = await campaign.slash("/turn end", as_="player1")
    assert refused.ephemeral and "Only a GM" in refused.text()
    question = await campaign.slash("/turn end", as_="gm")
    assert question.embed.title == "End turn 1?"
    wrong = await campaign.click(question, "End turn 1", as_="player1")
    assert wrong.ephemeral and "Only a GM" in wrong.text()
    done = await campaign.click(question, "End turn 1", as_="gm")
    assert done.embed.title == "Turn 1 has ended"
    assert all(b.disabled for b in done.buttons)
    told = [(e["title"], e.get("description")) for f in done.followups for e in f.embeds]
    # Neither ruleset had anything to do: one line says so (their entries keep their lines).
    assert ("Nothing happened between turns", None) in told
    assert "Turn 1 has ended" not in [title for title, _ in told]  # the confirmation says it
    assert "Fleet combat: end of turn 1" not in [title for title, _ in told]
    status = await campaign.slash("/turn status", as_="player1")
    assert status.embed.title == "Test Campaign — turn 2"


async def test_a_second_confirmation_for_the_same_turn_resolves_nothing(campaign):
    first = await campaign.slash("/turn end", as_="gm")
    second = await campaign.slash("/turn end", as_="gm")
    await campaign.click(first, "End turn 1", as_="gm")
    again = await campaign.click(second, "End turn 1", as_="gm")
    assert again.ephemeral and "already been resolved" in again.text()
    status = await campaign.slash("/turn status", as_="gm")
    assert status.embed.title.endswith("turn 2")
    with pytest.raises(ClientRefused):
        await campaign.click(first, "End turn 1", as_="gm")


async def test_cancel_closes_the_question_and_ends_nothing(campaign):
    question = await campaign.slash("/turn end", as_="gm")
    cancelled = await campaign.click(question, "Cancel", as_="gm")
    assert "cancelled" in cancelled.embed.title
    status = await campaign.slash("/turn status", as_="gm")
    assert status.embed.title.endswith("turn 1")


async def test_a_confirmation_still_works_after_a_restart(campaign):
    question = await campaign.slash("/turn end", as_="gm")
    await campaign.restart()
    done = await campaign.click(question, "End turn 1", as_="gm")
    assert done.embed.title == "Turn 1 has ended"


async def test_russian_players_read_private_replies_in_russian_and_public_ones_in_the_campaigns(
    campaign,
):
    """Issue 18: public messages use the campaign's language, private replies the reader's."""
    info = await campaign.slash("/campaign info", as_="player3")
    assert info.embed.title == "Campaign “Test Campaign”"  # the guild's preferred locale
    refused = await campaign.slash("/turn end", as_="player3")
    assert refused.ephemeral and "Это может сделать только ведущий" in refused.text()
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    info = await campaign.slash("/campaign info", as_="player1")
    assert info.embed.title == "Кампания «Test Campaign»"
    assert info.embed.field("Ход") == "1"


async def test_russian_command_names_are_synced(table):
    campaign_cmd = table.command("campaign")
    assert campaign_cmd["name_localizations"]["ru"] == "кампания"
    assert table.command("roll")["description_localizations"]["ru"]


async def test_commands_sync_once_and_not_again_after_a_restart_when_unchanged(table):
    assert table.standin.sync_count == 1
    await table.restart()
    assert table.standin.sync_count == 1
    reply = await table.slash("/campaign create name:After restart", as_="gm")
    assert not reply.ephemeral
