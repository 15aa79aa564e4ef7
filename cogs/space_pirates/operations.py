"""Operations between turns, each quoted before a confirm button (SP-6, SP-7, SP-9, SP-10):
locate and assault the pirate base, bribe the pirates, hire mercenaries, form and recall
privateers. The quote is read without changing anything (a refusal names the clause); the
confirm button is a pending choice whose payload holds the operation, so it survives a
restart and runs once. The bot reports amounts owed and paid, it keeps no treasury."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot import secret_rolls
from bot.announcements import Announcement
from bot.campaigns import Choice
from bot.campaigns import UnitOfWork
from bot.dice import Dice
from bot.dice_stats import NOBODY
from bot.dice_stats import Credits
from bot.errors import GameError
from bot.i18n import Msg
from bot.interactions import Context
from bot.interactions import cancel_choice
from bot.interactions import choice_button
from bot.interactions import choice_handler
from bot.interactions import choice_view
from bot.interactions import reply
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.space_pirates import SPEC
from bot.rules.space_pirates import SpacePiratesSettings
from bot.rules.space_pirates import SpacePiratesState
from bot.rules.space_pirates.base import apply_locate
from bot.rules.space_pirates.base import check_base_attackers
from bot.rules.space_pirates.base import order_base_attack
from bot.rules.space_pirates.base import quote_base_attack
from bot.rules.space_pirates.base import quote_locate
from bot.rules.space_pirates.bribe import BribeOrder
from bot.rules.space_pirates.bribe import SealedBribers
from bot.rules.space_pirates.bribe import answer_bribe_offer
from bot.rules.space_pirates.bribe import apply_bribe
from bot.rules.space_pirates.bribe import quote_bribe
from bot.rules.space_pirates.bribe import withdraw_bribe
from bot.rules.space_pirates.mercenaries import HireOrder
from bot.rules.space_pirates.mercenaries import apply_hire
from bot.rules.space_pirates.mercenaries import assault_left
from bot.rules.space_pirates.mercenaries import dismiss_contract
from bot.rules.space_pirates.mercenaries import quote_dismiss
from bot.rules.space_pirates.mercenaries import quote_hire
from bot.rules.space_pirates.mercenaries import station_contract
from bot.rules.space_pirates.messages import assault_force_msg
from bot.rules.space_pirates.messages import bribe_target
from bot.rules.space_pirates.messages import fleet_msg
from bot.rules.space_pirates.models import Station
from bot.rules.space_pirates.privateers import PrivateerOrder
from bot.rules.space_pirates.privateers import apply_privateers
from bot.rules.space_pirates.privateers import apply_recall
from bot.rules.space_pirates.privateers import quote_privateers
from bot.rules.space_pirates.privateers import quote_recall
from bot.rules.space_pirates.status import station_msg
from bot.rules.space_pirates.turn import operations_open
from bot.scaffold import Applied
from bot.scaffold import ChoiceClaim
from bot.scaffold import RulesetContext
from bot.secret_rolls import Sealed
from bot.text import shown as shown_name
from cogs.space_pirates.common import C
from cogs.space_pirates.common import Change
from cogs.space_pirates.common import Ctx
from cogs.space_pirates.common import campaign_combat
from cogs.space_pirates.render import lines_embeds

OPERATION = "sp_operation"
Params = dict[str, Any]
# Operations whose story is the briber's and the GMs' only (SP-I33): their audit entry keeps
# no options and a summary that names only the briber (GMs see the bribe in /pirates status),
# and is a hidden entry until the turn ends: the other players' list shows who and when, not
# what, and their export stops before it, without the stored state that holds the bribe's
# victim (SP-I34: the victim learns of the attack when it comes up).
PRIVATE = {"bribe", "offer", "withdraw"}
# Operations of the briber whose entry names no briber unless the GM lets the victim learn
# who paid (`reveal_briber_to_victim`, SP-I33): sealed (bot/secret_rolls.py), the others read
# them as a hidden player's, after the turn's end too; the bribe's state keeps no name either.
SEALED = {"bribe", "withdraw"}
# Operations whose confirmed answer the channel reads too: a contract ended (SP-I35).
PUBLIC = {"dismiss"}
# Operations that cost nothing and run at once, without a quote (`direct`).
DIRECT = {"station", "offer", "withdraw"}
# The slash command each quoted operation is logged as, as players type it (`/pirates base
# locate`: `/history list` names it «пираты база найти» in Russian). Entries logged before
# name the operation alone (`pirates locate`): data/locales/*/history.json labels them.
LOGGED_AS = {
    "locate": "pirates base locate",
    "assault": "pirates base assault",
    "bribe": "pirates bribe",
    "hire": "pirates mercenaries hire",
    "privateers": "pirates privateers form",
    "recall": "pirates privateers recall",
    "dismiss": "pirates mercenaries dismiss",
}
# A dismissal's answer by what it did to the base attack ordered this turn (SP-I31, SP-I35).
DISMISSED = {
    "none": "done.dismiss",
    "leaves": "done.dismiss_leaves_assault",
    "called_off": "done.dismiss_assault_off",
}


@dataclass(frozen=True)
class Operation:
    """An operation as asked: which (`locate`, `bribe`, …), for which faction, in which
    turn, with its options as given."""

    op: str
    faction: str
    turn: int
    params: Params
    sealed: Sealed | None = None  # who pays, kept apart if the briber is to stay hidden


def quote(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    combat: FleetCombatSettings,
    operation: Operation,
) -> list[Msg]:
    """The price of an operation, or the engine's refusal naming the clause (operations wait
    while a resolution runs, SP-I40)."""
    op, faction, turn, p = operation.op, operation.faction, operation.turn, operation.params
    if op == "dismiss":
        contract = int(p["contract"])
        due = quote_dismiss(state, faction, contract, turn)  # the upkeep it ends, if one waits
        upkeep = [] if due is None else [Msg(C + "quote.dismiss_upkeep", upkeep=due.amount)]
        return [Msg(C + "quote.dismiss", id=contract), *upkeep]
    operations_open(state)
    if op == "locate":
        q = quote_locate(state, settings, faction, turn)
        pct = settings.locate_cost_pct  # SP-I30: the campaign's percentage, as charged
        located = Msg(
            C + "quote.locate",
            cost=q.cost,
            pct=pct,
            largest=q.largest_fleet,
            location=p["location"],
        )
        return [located]
    if op == "assault":
        a = quote_base_attack(state, settings, faction, turn)
        check_base_attackers(state, faction, list(p["ships"]), list(p["contracts"]), combat)
        fleet = fleet_msg(a.fleet)
        assault = Msg(C + "quote.assault", value=a.value, fleet=fleet, failed=a.failed_attacks)
        force = Msg(C + "quote.assault_force", force=_assault_force(p))
        return [assault, *a.limit_lines(), force]
    if op == "bribe":
        b = quote_bribe(state, settings, combat, _bribe_order(operation))
        if b.cost is None:
            return [Msg(C + "quote.bribe_rolled", victim=b.victim, pct=b.cost_pct)]
        shown: Msg | str = fleet_msg(b.fleet) if b.fleet else "—"
        bribe = Msg(C + "quote.bribe", victim=b.victim, cost=b.cost, value=b.value, fleet=shown)
        return [bribe, *b.limit_lines()]
    if op == "hire":
        h = quote_hire(state, settings, _hire_order(operation))
        return [
            Msg(
                C + "quote.hire",
                fleet=fleet_msg(h.fleet),
                value=h.value,
                fee=h.fee,
                upkeep=h.upkeep,
                pool=h.pool,
            ),
            *h.limit_lines(),
        ]
    if op == "privateers":
        pq = quote_privateers(state, settings, combat, _privateer_order(operation))
        return [
            Msg(
                C + "quote.privateers",
                count=len(pq.ships),
                target=pq.target,
                turn=pq.active_from,
            )
        ]
    r = quote_recall(state, settings, faction, p["group"], turn, p.get("ships"))
    pct = settings.privateer_recall_cost_pct
    return [Msg(C + "quote.recall", group=r.group, cost=r.cost, value=r.ships_value, pct=pct)]


def _assault_force(p: Params) -> Msg:
    """The ships and contracts an assault order names, as the player confirms them."""
    return assault_force_msg([str(c) for c in p["ships"]], [int(c) for c in p["contracts"]])


def _bribe_order(operation: Operation, sealed: Sealed | None = None) -> BribeOrder:
    p = operation.params
    seal = None if sealed is None else sealed.commitment
    return BribeOrder(
        operation.faction, p["victim"], p["kind"], operation.turn, p.get("target"), seal
    )


def sealing(settings: SpacePiratesSettings, operation: Operation) -> Sealed | None:
    """The sealed part of a briber's operation, unless the victim is to learn who paid
    (SP-I33 `reveal_briber_to_victim`)."""
    return None if settings.reveal_briber_to_victim else operation.sealed


async def sealed_bribers(ctx: Ctx) -> dict[str, str]:
    """Who paid each sealed bribe (`Bribe.sealed` -> briber), for the bot and the GMs."""
    return payers(await secret_rolls.sealed_parts(ctx.service.log, ctx.campaign.id))


def payers(parts: Mapping[int, secret_rolls.Sealed]) -> dict[str, str]:
    """The sealed parts of the campaign's entries as `Bribe.sealed` -> who paid."""
    return {p.commitment: p.faction for p in parts.values() if p.faction is not None}


def bribers_named(lines: Sequence[Msg], sealed: Mapping[str, str]) -> list[Msg]:
    """Lines for the GMs' eyes with a sealed bribe's payer named (`sealed`: commitment ->
    briber, as `sealed_bribers` reads them): a cancelled bribe says who paid (SP-I33)."""
    return [_briber_named(m, sealed) for m in lines]


def _briber_named(line: Msg, sealed: Mapping[str, str]) -> Msg:
    payer = line.params.get("briber")
    if not isinstance(payer, Msg) or payer.key != "space_pirates.bribe.sealed_briber":
        return line
    name = sealed.get(str(payer.params.get("sealed")))
    if not name:
        return line
    named = Msg("space_pirates.bribe.briber_named", faction=name)
    return Msg(line.key, **{**line.params, "briber": named})


def _hire_order(operation: Operation) -> HireOrder:
    p = operation.params
    return HireOrder(operation.faction, operation.turn, p["value"], p["station"], p.get("target"))


def _privateer_order(operation: Operation) -> PrivateerOrder:
    p = operation.params
    return PrivateerOrder(operation.faction, p["target"], operation.turn, p["ships"])


def perform(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    combat: FleetCombatSettings,
    operation: Operation,
    dice: Dice,
) -> Change:
    """Run the confirmed operation in the engine; its lines tell what was paid or owed."""
    op, faction, turn, p = operation.op, operation.faction, operation.turn, operation.params
    if op == "dismiss":
        return act(state, settings, operation)
    operations_open(state)
    if op == "locate":
        new, q = apply_locate(state, settings, faction, turn, p["location"])
        where = p["location"]
        return Change(new, [Msg(C + "done.locate", faction=faction, cost=q.cost, location=where)])
    if op == "assault":
        ships = [str(c) for c in p["ships"]]
        new, a = order_base_attack(state, settings, faction, turn, ships, p["contracts"], combat)
        force = _assault_force(p)
        done = Msg(C + "done.assault", faction=faction, value=a.value, force=force)
        return Change(new, [done])
    if op == "bribe":
        sealed = sealing(settings, operation)
        order = _bribe_order(operation, sealed)
        credits = Credits(dice)
        with credits.by(NOBODY):  # the pirates' target and strength dice are nobody's luck
            new, bribe = apply_bribe(state, settings, combat, order, dice)
        told = Msg(
            C + "done.bribe",
            id=bribe.id,
            victim=bribe.victim,
            cost=bribe.cost,
            kind=Msg(f"space_pirates.kind.{bribe.kind}"),
            target=bribe_target(new, bribe),
            fleet=fleet_msg(bribe.fleet),
        )
        public = Msg(C + "done.bribe_public", faction=faction)
        if sealed is not None:  # what the turn's end publishes names nobody who paid
            public = Msg(C + "done.bribe_sealed")
        return Change(new, [public], private=[told], rolled_by=credits.outcome())
    if op == "hire":
        new, contract, h = apply_hire(state, settings, _hire_order(operation))
        return Change(new, [Msg(C + "done.hire", id=contract.id, fee=h.fee, upkeep=h.upkeep)])
    if op == "privateers":
        new, group = apply_privateers(state, settings, combat, _privateer_order(operation))
        return Change(new, [Msg(C + "done.privateers", id=group.id, target=group.target)])
    new, r, face = apply_recall(state, settings, faction, p["group"], turn, dice, p.get("ships"))
    back = turn + face  # SP-10.8: the 1d6 shown as every answer shows its dice
    told = Msg(C + "done.recall_rolled", group=r.group, cost=r.cost, turn=back, now=turn, face=face)
    return Change(new, [told])


async def offer(ctx: Ctx, op: str, faction: str, params: Params) -> None:
    """Quote the operation privately with confirm and cancel buttons (a pending choice)."""
    combat = await campaign_combat(ctx)
    state, settings = await ctx.read()
    lines = quote(state, settings, combat, Operation(op, faction, ctx.campaign.turn, params))
    payload = {"op": op, "faction": faction, "params": params, "locale": ctx.locale}
    if await close_quotes(ctx, ctx.user_id):  # a new quote replaces the player's earlier ones
        lines = [*lines, Msg(C + "replaces")]
    async with ctx.service.work(ctx.campaign.id, ctx.base.actor) as uow:
        choice_id = await uow.open_choice(SPEC.key, OPERATION, ctx.user_id, payload)
    view = choice_view(
        [
            choice_button(
                choice_id, "confirm", ctx.t(C + "confirm"), style=discord.ButtonStyle.primary
            ),
            choice_button(choice_id, "cancel", ctx.t(C + "cancel")),
        ]
    )
    embeds = lines_embeds(C + f"op.{op}", lines, ctx.locale, faction=faction)
    await reply(ctx.interaction, embeds=embeds, view=view, ephemeral=True)


async def close_quotes(ctx: Ctx, user_id: int) -> int:
    """Close the player's open operation quotes nobody confirmed, replaced by the new one
    (a click on them says so), so a private quote left behind is not counted as a choice
    its player still owes. Returns how many were closed."""
    open_quotes = [
        c
        for c in await ctx.service.open_choices(ctx.campaign.id)
        if c.kind == OPERATION and c.owner_id == user_id
    ]
    if not open_quotes:
        return 0
    async with ctx.service.work(ctx.campaign.id, ctx.base.actor) as uow:
        for quote in open_quotes:
            await uow.replace_choice(quote)
    return len(open_quotes)


def act(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    operation: Operation,
    bribers: SealedBribers | None = None,
) -> Change:
    """What costs nothing: stationing a contract (SP-I35), the victim's answer to a bribed
    attack offered at placement (SP-I34) and withdrawing a bribe after its roll (SP-I33,
    `bribe_withdraw_after_roll`; `bribers` names who paid the sealed bribes) run at once
    (`direct`); dismissing a contract (SP-I35) runs once its player confirms (`perform`)."""
    op, faction, turn, p = operation.op, operation.faction, operation.turn, operation.params
    if op == "offer":  # an answer to a pending choice: taken even while a resolution runs
        new = answer_bribe_offer(state, settings, p["bribe"], faction, p["accept"])
        key = "done.offer_accepted" if p["accept"] else "done.offer_declined"
        told = Msg(C + key, bribe=p["bribe"])
        return Change(new, [Msg(C + "done.offer_public", faction=faction)], private=[told])
    operations_open(state)
    if op == "withdraw":
        new = withdraw_bribe(state, settings, faction, p["bribe"], turn, bribers)
        told = Msg(C + "done.withdraw", bribe=p["bribe"])
        public = Msg(C + "done.withdraw_public", faction=faction)
        if sealing(settings, operation) is not None:
            public = Msg(C + "done.withdraw_sealed")
        return Change(new, [public], private=[told])
    if op == "station":
        new = station_contract(state, faction, p["contract"], p["station"], p.get("target"))
        where = station_msg(Station(kind=p["station"], target=p.get("target")))
        return Change(new, [Msg(C + "done.station", id=p["contract"], station=where)])
    new = dismiss_contract(state, faction, p["contract"], turn)
    key = DISMISSED[assault_left(state, new, p["contract"], turn)]
    return Change(new, [Msg(C + key, id=p["contract"], faction=shown_name(faction))])


async def direct(ctx: Ctx, op: str, faction: str, params: Params) -> None:
    """Run a free operation (`act`); a bribe's story is told only to the player and the GMs
    (SP-I33), the rest in the channel, in the campaign's language; written with the change
    (the outbox: a public one is posted after a restart too)."""
    private = op in PRIVATE
    sealed = Sealed(ctx.user_id, faction) if op in SEALED else None
    bribers = await sealed_bribers(ctx) if op == "withdraw" else None

    def shown(done: Applied[Change, SpacePiratesSettings]) -> list[Announcement]:
        told = done.outcome.private if private else done.outcome.lines
        locale = ctx.locale if private else ctx.public_locale
        embeds = lines_embeds(C + f"op.{op}", told, locale, faction=faction)
        return [Announcement(embeds=embeds, ephemeral=private)]

    def run(state: SpacePiratesState, settings: SpacePiratesSettings, _d: Dice) -> Change:
        # The turn as the transaction read it (ctx.campaign is refreshed inside apply).
        operation = Operation(op, faction, ctx.campaign.turn, params, sealed)
        return act(state, settings, operation, bribers)

    await ctx.apply(
        run,
        faction=faction,
        options={} if private else params,
        secret=private,
        sealed=lambda settings, _o: None if settings.reveal_briber_to_victim else sealed,
        announce=shown,
    )


@choice_handler(OPERATION)
async def confirm_operation(
    interaction: discord.Interaction[Any], base: Context, choice: Choice, option: str
) -> None:
    """Confirm runs the quoted operation (quoted again inside the transaction: a price that
    moved is the engine's to refuse); cancel closes the question."""
    ctx = await RulesetContext.within(interaction, base, SPEC)
    op, faction = str(choice.payload["op"]), str(choice.payload["faction"])
    params: Params = dict(choice.payload["params"])
    locale = str(choice.payload.get("locale") or ctx.locale)
    if option == "cancel":
        embeds = lines_embeds(C + f"op.{op}", [Msg(C + "cancelled")], locale, faction=faction)
        await cancel_choice(interaction, ctx.base, choice, embeds, keep_buttons=False, gm=ctx.is_gm)
        return
    if option != "confirm":
        raise GameError("error.choice_not_found")
    claim = ChoiceClaim(choice.id, gm=ctx.is_gm)
    if op == "dismiss" and await _ends_upkeep(ctx, faction, params, claim, locale):
        return
    combat = await campaign_combat(ctx)

    async def close(uow: UnitOfWork, _outcome: Change) -> None:
        await uow.close_choice(choice.id)

    private = op in PRIVATE  # the audit summary says only that a bribe was placed
    sealed = Sealed(ctx.user_id, faction) if op in SEALED else None

    def shown(done: Applied[Change, SpacePiratesSettings]) -> list[Announcement]:
        told = done.outcome.private or done.outcome.lines
        embeds = lines_embeds(C + f"op.{op}", told, locale, faction=faction)
        answered = [Announcement(edit=True, embeds=embeds, view=None)]
        if op in PUBLIC:  # the channel reads it too, in the campaign's language
            public = lines_embeds(C + f"op.{op}", told, ctx.public_locale, faction=faction)
            answered.append(Announcement(embeds=public))
        return answered

    await ctx.apply(
        lambda state, settings, dice: perform(
            state,
            settings,
            combat,
            Operation(op, faction, ctx.campaign.turn, params, sealed),
            dice,
        ),
        faction=faction,
        command=LOGGED_AS.get(op, f"pirates {op}"),
        options={} if private else params,
        audit=lambda change: change.rolled_by,
        secret=private,
        sealed=lambda settings, _o: None if settings.reveal_briber_to_victim else sealed,
        claim=claim,
        then=close,
        announce=shown,
    )


async def _ends_upkeep(
    ctx: Ctx, faction: str, params: Params, claim: ChoiceClaim, locale: str
) -> bool:
    """A confirmed dismissal of a contract whose upkeep the resolution waits on answers that
    upkeep "end the contract" (SP-I35), closing the confirmation; False when none waits."""
    from cogs.space_pirates.choices import dismiss_with_upkeep  # it imports this module

    closing = ChoiceClaim(claim.choice_id, gm=claim.gm, close=True)
    return await dismiss_with_upkeep(
        ctx, faction, int(params["contract"]), confirmed=(closing, locale)
    )
