"""`/history undo reason`: a GM reverts the campaign's newest command or turn end, after a
confirmation that shows what will be reverted (bot/undo.py does the work).

The command joins the `/history` group of cogs/history.py when this extension loads.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot import announcements
from bot.anchors import commitment_anchor
from bot.anchors import head_anchor
from bot.announcements import Announcement
from bot.app import PrivateerBot
from bot.campaigns import Choice
from bot.campaigns import UnitOfWork
from bot.interactions import Context
from bot.interactions import ask_to_confirm
from bot.interactions import campaign_context
from bot.interactions import cancel_choice
from bot.interactions import choice_handler
from bot.interactions import clip
from bot.interactions import disabled_copy
from bot.interactions import make_embed
from bot.interactions import require_gm
from bot.interactions import service_of
from bot.text import message_url
from bot.text import shown
from bot.turn_flow import clock_of
from bot.undo import DEADLINE_KEPT
from bot.undo import DEADLINE_PASSED
from bot.undo import REASON_MAX
from bot.undo import UNDO_CHOICE
from bot.undo import KeptQuestion
from bot.undo import UndoDone
from bot.undo import UndoService
from cogs.turn import when_text


@app_commands.describe(reason="Why (kept in the log with the undo)")
async def history_undo(
    interaction: discord.Interaction[Any], reason: app_commands.Range[str, 1, REASON_MAX]
) -> None:
    """Show what the undo would revert, with Undo and Cancel buttons (GM only)."""
    from bot.log_text import command_label
    from cogs.history import REVEALS  # the loaded extension's module
    from cogs.history import entry_line
    from cogs.history import reveal_by_turn_end

    ctx = await campaign_context(interaction)
    require_gm(ctx)
    target, choice_id = await UndoService(service_of(interaction)).ask(
        ctx.campaign.id, ctx.actor, reason
    )
    # Posted in the channel, and any GM may answer: the campaign's language throughout. A
    # secret roll's reveal a turn's end wrote reads as that end's, as `/history` tells it.
    ended = {
        e.seq for e in target.entries if e.command in REVEALS and await reveal_by_turn_end(ctx, e)
    }
    lines = [entry_line(e, ctx.public_locale, by_turn_end=e.seq in ended) for e in target.entries]
    if target.turn_end is None:
        # The newest command's entries, and only them: what the GM confirms.
        command = command_label(target.entries[-1].command, ctx.public_locale)
        first, last = target.first_seq, target.last_seq
        title = (
            ctx.pt("undo.question.title", seq=last, command=command)
            if first == last
            else ctx.pt("undo.question.title_span", first=first, last=last, command=command)
        )
        body = ctx.pt("undo.question.body", reason=shown(reason))
    else:  # what the turn end did, then each entry (a ruleset's end: its battles, …)
        turn = target.turn_end
        title = ctx.pt(
            "undo.question.turn_end_title", turn=turn, first=target.first_seq, last=target.last_seq
        )
        done = [
            ctx.pt("undo.turn_end.entries", count=len(target.entries)),
            ctx.pt("undo.turn_end.dice", count=target.dice),
        ]
        if target.questions:
            done.append(ctx.pt("undo.turn_end.questions", count=target.questions))
        body = ctx.pt(
            "undo.question.turn_end", turn=turn, done=", ".join(done), reason=shown(reason)
        )
    embed = make_embed(title, clip(body + "\n\n" + "\n".join(lines), 4096))
    confirm, cancel = ctx.pt("undo.confirm"), ctx.pt("undo.cancel")
    await ask_to_confirm(interaction, ctx, choice_id, [embed], confirm, cancel)


@choice_handler(UNDO_CHOICE)
async def answer_undo(
    interaction: discord.Interaction[Any], ctx: Context, choice: Choice, option: str
) -> None:
    """Confirm reverts the command the question named (refused if the log moved on)."""
    require_gm(ctx)
    seq = int(choice.payload["seq"])
    if option == "cancel":
        # The entries the question named (a question asked before "first" was kept: its last).
        first = int(choice.payload.get("first", seq))
        entries = span_text(ctx, first, seq)
        await cancel_choice(
            interaction, ctx, choice, make_embed(ctx.pt("undo.cancelled", entries=entries))
        )
        return
    written = []

    async def announce(uow: UnitOfWork, done: UndoDone) -> None:
        unshown = [q for c in done.unshown if (q := await uow.writes.choice(ctx.campaign.id, c))]
        names = [question_name(ctx, q) for q in unshown]
        if done.unshown_kept:
            users = {f.name: f.user_id for f in await uow.writes.factions(ctx.campaign.id)}
            names += [kept_question_name(ctx, q, users) for q in done.unshown_kept]
        redrawn = Announcement(
            edit=True,
            embeds=[_undone_embed(ctx, choice, done, names)],
            view=disabled_copy(interaction.message),
        )
        written.extend(
            await announcements.write(uow, interaction, [redrawn], locale=ctx.public_locale)
        )

    done = await UndoService(ctx.service).undo(
        ctx.campaign.id,
        ctx.actor,
        seq,
        str(choice.payload["reason"]),
        choice_id=choice.id,
        announce=announce,
        now=clock_of(interaction.client),
    )
    # The confirmation's redraw answers the click; then each reopened question is redrawn
    # as it was asked, with its working buttons (written after it: the same order after a
    # restart).
    await announcements.deliver(interaction, ctx.service.db, [*written, *done.redraws])


def _undone_embed(
    ctx: Context, choice: Choice, done: UndoDone, unshown: list[str]
) -> discord.Embed:
    """The confirmation redrawn: what was undone, by whom and why, the questions open again
    without their buttons (`unshown`, by name), and how many of its messages could not be
    marked undone; for a turn end, the reopened turn's new
    commitment, anchored in the footer (read back by /history verify) with the chain head
    the undo leaves; test dice (the local stand-in's) do not come from that seed: only the
    chain head is anchored, no 🔒."""
    first, last = done.undid[0], done.undid[-1]
    body = ctx.pt(
        "undo.done.body",
        who=f"<@{ctx.actor.user_id}>",
        reason=shown(str(choice.payload["reason"])),
        seq=done.entry.seq,
    )
    if unshown:
        choices = "; ".join(unshown)
        body += "\n" + ctx.pt("undo.done.reopened_unshown", count=len(unshown), choices=choices)
    if done.unmarked:
        body += "\n" + ctx.pt("undo.done.unmarked", count=done.unmarked)
    if done.dropped is not None:
        turn, deadline = done.dropped
        body += "\n" + ctx.pt("undo.done.deadline_dropped", turn=turn, when=when_text(deadline))
    title = (
        ctx.pt("undo.done.title", seq=first)
        if first == last
        else ctx.pt("undo.done.title_span", first=first, last=last)
    )
    embed = make_embed(title, body)
    if done.turn_end is not None and done.commitment is not None:
        embed.description = (
            body
            + "\n"
            + ctx.pt("undo.done.turn_end", turn=done.turn_end, commitment=done.commitment)
        )
        if done.deadline is not None:
            embed.description += "\n" + deadline_line(ctx, done.turn_end, *done.deadline)
        anchored = [head_anchor(done.entry.seq, done.entry.hash)]
        if ctx.service.dice_factory is None:
            anchored.append(commitment_anchor(done.turn_end, done.commitment))
        embed.set_footer(text=" · ".join(anchored))
    return embed


def span_text(ctx: Context, first: int, last: int) -> str:
    """Entries `first` to `last` as an undo names them: "#4", or "#2–#3"."""
    if first == last:
        return ctx.pt("undo.done.one", seq=first)
    return ctx.pt("undo.done.span", first=first, last=last)


def deadline_line(ctx: Context, turn: int, what: str, deadline: int) -> str:
    """What became of the reopened turn's deadline (`reopen_deadline`): ahead, it stands
    again; passed while the turn was closed, or reached before its end, the turn has none
    and stays open for a GM's /turn end."""
    if what == DEADLINE_KEPT:
        return ctx.pt("undo.done.deadline_kept", turn=turn, when=when_text(deadline))
    if what == DEADLINE_PASSED:
        return ctx.pt("undo.done.deadline_passed", turn=turn, when=when_text(deadline))
    return ctx.pt("undo.done.deadline_cleared", turn=turn)


def question_name(ctx: Context, choice: Choice) -> str:
    """A question as players know it: its ruleset's question to whom it waits for (a
    player, or the GMs), linked to the message it was asked in when that post is known."""
    question = ctx.pt("undo.done.question", ruleset=ctx.pt(f"ruleset.{choice.ruleset}"))
    channel, message = choice.payload.get("channel"), choice.payload.get("message")
    if isinstance(channel, int) and isinstance(message, int):
        url = message_url(ctx.campaign.guild_id, channel, message)
        question = f"[{question}]({url})"
    who = ctx.pt("undo.done.gms") if choice.owner_id is None else f"<@{choice.owner_id}>"
    return ctx.pt("undo.done.question_to", question=question, who=who)


def kept_question_name(ctx: Context, kept: KeptQuestion, users: dict[str, int | None]) -> str:
    """A question kept in a ruleset's state, named as a pending choice is: its ruleset's
    question to the player of the faction it waits for (its post is not known)."""
    question = ctx.pt("undo.done.question", ruleset=ctx.pt(f"ruleset.{kept.ruleset}"))
    user = users.get(kept.faction) if kept.faction is not None else None
    if user is not None:
        who = f"<@{user}>"
    elif kept.faction is not None:
        who = shown(kept.faction)
    else:
        return question
    return ctx.pt("undo.done.question_to", question=question, who=who)


async def setup(bot: PrivateerBot) -> None:
    """Add `/history undo` to the history group."""
    group = bot.tree.get_command("history")
    assert isinstance(group, app_commands.Group), "cogs.history loads before cogs.undo"
    group.add_command(
        app_commands.Command(
            name="undo",
            description="Undo the campaign's newest command or turn end (GM)",
            callback=history_undo,
        )
    )
