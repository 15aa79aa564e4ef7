"""The demo bot played through the stand-in: what players see for each kind of interaction."""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.standin import ClientRefused
from bot.standin import InteractionFailed
from bot.standin import StandIn
from bot.standin import Table

from .conftest import demo_factory


async def test_slash_reply_shows_embed_fields_and_footer(demo_table: Table) -> None:
    reply = await demo_table.slash("/roll dice:2d6 reason:a long reason", as_="player1")

    assert reply.embed.title == "Roll 2d6"
    assert reply.embed.description == "a long reason"
    assert reply.field("Total") == "7"
    assert reply.embed.footer == "rolled by player1 (en-US)"
    assert not reply.ephemeral
    assert reply.response_type == 4
    assert reply.message is not None and reply.message.payload["type"] == 20


async def test_player_locale_reaches_the_bot(demo_table: Table) -> None:
    reply = await demo_table.slash("/roll dice:1d6", as_="player3")

    assert reply.embed.footer == "rolled by player3 (ru)"


async def test_every_option_type_is_typed_from_the_synced_schema(demo_table: Table) -> None:
    reply = await demo_table.slash(
        "/echo text:hello world: yes count:3 ratio:2.5 loud:true who:@player2 "
        "where:#campaign-thread role:@&GM thing:@player3 file:notes.txt",
        files={"notes.txt": b"remember"},
    )

    assert reply.field("text") == "'hello world: yes'"
    assert reply.field("count") == "3"
    assert reply.field("ratio") == "2.5"
    assert reply.field("loud") == "True"
    assert reply.field("who") == "player2"
    assert reply.field("where") == "campaign-thread"
    assert reply.field("role") == "GM"
    assert reply.field("thing") == "player3"
    assert reply.field("file") == "notes.txt:remember"


async def test_subcommand_and_group_with_value_containing_spaces(demo_table: Table) -> None:
    created = await demo_table.slash(
        "/campaign create name:My Campaign rulesets:fleet_combat", as_="gm"
    )
    added = await demo_table.slash("/campaign gm add user:@player2", as_="gm")

    assert created.content == "Created 'My Campaign' with fleet_combat"
    assert added.content == "GM added: player2 (roles ['@everyone', 'Players'])"


async def test_choice_can_be_given_by_its_display_name(demo_table: Table) -> None:
    reply = await demo_table.slash('/campaign create name:"Pirates" rulesets:Space pirates')

    assert reply.content == "Created 'Pirates' with space_pirates"


@pytest.mark.parametrize(
    ("line", "complaint"),
    [
        ("/nope", "no synced command /nope"),
        ("/roll", "needs required option(s): dice"),
        ("/roll dice:2d6 reasn:typo", "has no option 'reasn'"),
        ("/roll 2d6", "unexpected text '2d6'"),
        ("/echo text:x count:many", "expects integer"),
        ("/echo text:x loud:maybe", "expects True or False"),
        ("/echo text:x who:@nobody", "no member 'nobody'"),
        ("/campaign", "needs a subcommand: gm, create"),
        ("/campaign create name:x rulesets:chess", "not one of the choices"),
        ("/ru amount:11", "must be at most 10"),
        ("/admin", "hidden from player1"),
    ],
)
async def test_input_discord_client_would_not_send_is_refused(
    demo_table: Table, line: str, complaint: str
) -> None:
    with pytest.raises(ClientRefused, match=re.escape(complaint)):
        await demo_table.slash(line)


async def test_owner_may_use_admin_command(demo_table: Table) -> None:
    reply = await demo_table.slash("/admin", as_="gm")

    assert reply.content == "admin ok"


async def test_autocomplete_returns_choices_for_partial_value(demo_table: Table) -> None:
    choices = await demo_table.autocomplete("/pick fruit:ap")

    assert [(c.name, c.value) for c in choices] == [("Apple", "apple"), ("Apricot", "apricot")]


async def test_click_update_edits_the_clicked_message_for_everyone(demo_table: Table) -> None:
    question = await demo_table.slash("/confirm", as_="player1")

    answer = await demo_table.click(question, "Confirm", as_="gm")

    assert answer.updated_message and answer.response_type == 7
    assert answer.message == question.message
    assert question.embed.title == "Confirmed"
    assert all(b.disabled for b in question.buttons if b.style != "link")
    seen_in_channel = demo_table.channel_messages("campaign", as_="player2")
    assert seen_in_channel[-1].embed.title == "Confirmed"
    with pytest.raises(ClientRefused, match="disabled"):
        await demo_table.click(question, "Confirm", as_="gm")


async def test_click_answered_with_new_ephemeral_message(demo_table: Table) -> None:
    question = await demo_table.slash("/confirm")

    answer = await demo_table.click(question, "Cancel", as_="player2")

    assert answer.content == "Cancelled."
    assert answer.ephemeral
    assert answer.message not in demo_table.channel_messages(as_="player1")
    assert answer.message in demo_table.channel_messages(as_="player2")


async def test_deferred_update_then_edit_changes_the_message(demo_table: Table) -> None:
    question = await demo_table.slash("/confirm")

    answer = await demo_table.click(question, "Later")

    assert answer.response_type == 6
    assert question.content == "Done later."
    assert question.embeds == [] and question.buttons == []


async def test_link_buttons_cannot_be_clicked(demo_table: Table) -> None:
    question = await demo_table.slash("/confirm")

    with pytest.raises(ClientRefused, match="link button"):
        await demo_table.click(question, "Docs")


async def test_dynamic_button_checks_who_clicks(demo_table: Table) -> None:
    offer = await demo_table.slash("/choice", as_="player1")

    refused = await demo_table.click(offer, "Pick 2", as_="player2")
    picked = await demo_table.click(offer, "Pick 2", as_="player1")

    assert refused.ephemeral and refused.content == "This choice is not yours."
    assert picked.content == "player1 picked 2"


async def test_persistent_button_works_after_restart(demo_table: Table) -> None:
    offer = await demo_table.slash("/choice", as_="player1")
    synced_before = demo_table.standin.sync_count

    await demo_table.restart()
    picked = await demo_table.click(offer, "Pick 1", as_="player1")

    assert picked.content == "player1 picked 1"
    assert demo_table.standin.sync_count == synced_before + 1


async def test_select_by_placeholder_with_values_or_labels(demo_table: Table) -> None:
    menu = await demo_table.slash("/menu")

    fruit = await demo_table.select(menu, "Choose fruit", ["apple", "Cherry"])
    player = await demo_table.select(menu, "Choose player", ["@player2"])

    assert fruit.content == "chose apple, cherry"
    assert player.content == "picked player2"
    with pytest.raises(ClientRefused, match="takes 1 to 2 values"):
        await demo_table.select(menu, "Choose fruit", ["apple", "banana", "cherry"])


async def test_modal_opens_and_submits(demo_table: Table) -> None:
    opened = await demo_table.slash("/feedback", as_="player2")

    assert opened.modal is not None and opened.modal.title == "Feedback"
    with pytest.raises(ClientRefused, match="'Topic' is required"):
        await demo_table.submit_modal(opened, {"Details": "x"}, as_="player2")
    with pytest.raises(ClientRefused, match="shown to player2"):
        await demo_table.submit_modal(opened, {"Topic": "dice"}, as_="player1")
    submitted = await demo_table.submit_modal(
        opened, {"Topic": "dice", "Details": "more"}, as_="player2"
    )

    assert submitted.content == "Thanks for 'dice': 'more'"
    assert submitted.ephemeral


async def test_deferred_response_is_replaced_by_first_followup(demo_table: Table) -> None:
    reply = await demo_table.slash("/slow")

    assert reply.deferred
    assert reply.content == "first result"
    assert not reply.message.loading  # type: ignore[union-attr]
    assert [m.content for m in reply.followups] == ["second result"]
    assert reply.followups[0].ephemeral


async def test_original_response_can_be_edited_and_deleted(demo_table: Table) -> None:
    reply = await demo_table.slash("/temp")

    assert reply.message is not None and reply.message.deleted
    assert reply.content == "going"
    assert reply.message not in demo_table.channel_messages()


async def test_file_attachment_arrives_with_its_bytes(demo_table: Table) -> None:
    reply = await demo_table.slash("/export")

    assert reply.content == "Here is the log"
    assert reply.attachments[0].filename == "log.csv"
    assert reply.attachments[0].text == "turn,vp\n1,3\n"


async def test_channel_post_is_seen_by_everyone(demo_table: Table) -> None:
    reply = await demo_table.slash("/announce text:Turn 3 begins", as_="gm")

    assert reply.ephemeral and reply.content == "Posted."
    assert [m.embed.description for m in reply.posted] == ["Turn 3 begins"]
    assert demo_table.last_message().embed.title == "Announcement"


async def test_command_waiting_on_its_view_resumes_after_click(demo_table: Table) -> None:
    question = await demo_table.slash("/ask", as_="player1")

    answered = await demo_table.click(question, "Yes", as_="player1")

    assert question.content == "Answered."
    assert [m.content for m in answered.posted] == ["You said yes"]


async def test_command_that_never_answers_fails_for_the_player(demo_table: Table) -> None:
    with pytest.raises(InteractionFailed, match=r"interaction\.no_response"):
        await demo_table.slash("/silent")


async def test_crashing_command_reports_the_bots_error(demo_table: Table) -> None:
    with pytest.raises(InteractionFailed, match="boom in the command"):
        await demo_table.slash("/crash")


async def test_late_initial_response_is_rejected_after_deadline() -> None:
    standin = StandIn(response_deadline=0.2)
    async with standin, Table(demo_factory(standin), standin=standin) as table:
        bot = table.bot
        assert bot is not None
        deadline = r"no initial response within 0\.2 s"
        with pytest.raises(InteractionFailed, match=deadline) as failure:
            await table.slash("/held")
        gate = bot.gate  # type: ignore[attr-defined]
        assert gate.entered.is_set()
        gate.release.set()
        await table.standin.next_change()
        assert failure.value.rules == ["interaction.deadline"]
        late = table.take_problems()
        assert [(p.rule, p.code) for p in late] == [("interaction.deadline", 10062)]


async def test_unknown_button_after_restart_without_handler_fails(demo_table: Table) -> None:
    menu = await demo_table.slash("/ask")
    await demo_table.restart()

    with pytest.raises(InteractionFailed, match="no handler"):
        await demo_table.click(menu, "Yes")


async def test_players_may_act_at_the_same_time(demo_table: Table) -> None:
    first, second = await asyncio.gather(
        demo_table.slash("/roll dice:1d6", as_="player1"),
        demo_table.slash("/roll dice:1d8", as_="player2"),
    )

    assert first.embed.footer == "rolled by player1 (en-US)"
    assert second.embed.title == "Roll 1d8"


async def test_lowercase_words_with_colons_inside_values_are_unknown_options(
    demo_table: Table,
) -> None:
    kept = await demo_table.slash("/roll dice:2d6 reason:Note: see https://x.org")

    assert kept.embed.description == "Note: see https://x.org"
    with pytest.raises(ClientRefused, match="has no option 'note'"):
        await demo_table.slash("/roll dice:2d6 reason:remember note:this")
