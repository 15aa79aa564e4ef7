"""`/corsairs …`: the Ottoman piracy procedure of *Here I Stand* (rules/ottoman-piracy.md).

The Ottoman player declares piracy; the bot rolls both sides, then asks the target's player
for one reward per hit with restart-safe buttons. GMs keep war status, players, VP and
impulses. Each command: check → parse → one unit of work → render → send.
"""

from __future__ import annotations

from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.announcements import Announcement
from bot.campaigns import Choice
from bot.campaigns import Faction
from bot.campaigns import UnitOfWork
from bot.cog_base import BotCog
from bot.cog_base import Choices
from bot.cog_base import FactionName
from bot.cog_base import Interaction
from bot.cog_base import command_group
from bot.dice import Dice
from bot.errors import GameError
from bot.errors import NotAllowed
from bot.factions import resolve_faction
from bot.i18n import t
from bot.interactions import Context
from bot.interactions import acknowledge_slow_writes
from bot.interactions import asked_line
from bot.interactions import choice_handler
from bot.interactions import locale_of
from bot.interactions import reply
from bot.interactions import require_gm
from bot.interactions import settings_followup
from bot.interactions import who
from bot.next_steps import with_next_step
from bot.rules.ottoman_piracy import KNOWN_POWERS
from bot.rules.ottoman_piracy import OTTOMAN
from bot.rules.ottoman_piracy import SPEC
from bot.rules.ottoman_piracy import OttomanPiracySettings
from bot.rules.ottoman_piracy import OttomanPiracyState
from bot.rules.ottoman_piracy import PiracyOutcome
from bot.rules.ottoman_piracy import PiracyRecord
from bot.rules.ottoman_piracy import StateChange
from bot.rules.ottoman_piracy import asked_power
from bot.rules.ottoman_piracy import assign_power
from bot.rules.ottoman_piracy import available_rewards
from bot.rules.ottoman_piracy import check_declarer
from bot.rules.ottoman_piracy import choose_reward
from bot.rules.ottoman_piracy import declare_piracy
from bot.rules.ottoman_piracy import force_default_reward
from bot.rules.ottoman_piracy import piracy_status
from bot.rules.ottoman_piracy import power_key
from bot.rules.ottoman_piracy import power_label
from bot.rules.ottoman_piracy import sea_zone_choices
from bot.rules.ottoman_piracy import set_at_war
from bot.rules.ottoman_piracy import set_hand_size
from bot.rules.ottoman_piracy import set_piracy_vp
from bot.rules.ottoman_piracy import start_impulse
from bot.rules.ottoman_piracy import state_hand_size
from bot.rules.ottoman_piracy.models import Reward
from bot.rules.ottoman_piracy.names import leader_name
from bot.rules.ottoman_piracy.names import power_name
from bot.scaffold import Applied
from bot.scaffold import Asked
from bot.scaffold import ChoiceClaim
from bot.scaffold import Question
from bot.scaffold import RulesetContext
from bot.scaffold import ask_first
from bot.scaffold import confirm_first
from bot.scaffold import confirmed_command
from bot.scaffold import faction_autocomplete
from bot.scaffold import interaction_options
from bot.scaffold import matching_choices
from bot.scaffold import state_for
from bot.scaffold import still_open
from bot.text import message_url
from bot.text import shown
from bot.text import text
from cogs.ottoman_piracy.input import PiracyInput
from cogs.ottoman_piracy.input import build_declaration
from cogs.ottoman_piracy.input import resolve_power
from cogs.ottoman_piracy.render import change_embeds
from cogs.ottoman_piracy.render import hand_embeds
from cogs.ottoman_piracy.render import power_names
from cogs.ottoman_piracy.render import question_view
from cogs.ottoman_piracy.render import settled_embed
from cogs.ottoman_piracy.render import status_embed
from cogs.ottoman_piracy.render import story_embed

REWARD_CHOICE = "op_reward"
C = "corsairs."
# Buttons whose option is the reward itself (squadrons carry an index, cards may need a hand).
PLAIN_REWARDS: dict[str, Reward] = {"card": "card", "vp": "vp"}
Ctx = RulesetContext[OttomanPiracyState, OttomanPiracySettings]
Name = app_commands.Range[str, 1, 60]  # a sea zone's, a power's or a place's name
Count = app_commands.Range[int, 0, 50]  # corsairs, squadrons, ports
Cards = app_commands.Range[int, 0, 30]  # cards in a hand


def claimed_faction(ctx: Ctx, wanted: str | None) -> str | None:
    """The faction the actor answers as (`RulesetContext.claimed_faction`)."""
    return ctx.claimed_faction(wanted)


async def _power_choices(
    interaction: Interaction, current: str, *, ottoman: bool, at_war: bool = False
) -> Choices:
    """Powers with the faction playing each: the Ottomans too when `ottoman`, only those at
    war with them when `at_war`."""
    found = await state_for(interaction, SPEC)
    state = found[1] if found else OttomanPiracyState()
    keys = list(dict.fromkeys([*KNOWN_POWERS, *state.power_factions, *state.at_war_with_ottomans]))
    locale = locale_of(interaction)
    pairs = []
    for key in keys:
        if (key == OTTOMAN and not ottoman) or (at_war and key not in state.at_war_with_ottomans):
            continue
        label = text(power_name(key, state.power_names), locale)  # a choice: unescaped
        faction = state.faction_of(key)
        pairs.append((f"{label} — {faction}" if faction else label, key))
    return matching_choices(pairs, current)


class OttomanPiracyCog(BotCog):
    """The Ottoman piracy ruleset's commands."""

    corsairs = command_group("corsairs", "Ottoman piracy (Here I Stand)")

    # -- the piracy ----------------------------------------------------------------------------

    @who("ottoman")
    @corsairs.command(name="piracy", description="Declare piracy in a sea zone")
    @app_commands.describe(
        zone="The sea zone of the piracy",
        target="The target power: it controls a port adjacent to the zone",
        corsairs="Corsairs in the zone",
        leaders="Naval leaders in the zone: barbarossa, dragut, both",
        squadrons_in_zone="Target's squadrons in the zone (2 dice each)",
        adjacent_squadrons="Target's squadrons in adjacent sea zones and ports (1 die each)",
        adjacent_place="Where those squadrons are, e.g. Messina",
        allied_adjacent_squadrons=(
            "Squadrons of powers at war with the Ottomans nearby (1 die each)"
        ),
        ally="The power at war those squadrons belong to",
        fortresses=(
            "Qualifying fortresses (a number), or a list: Malta (Hospitallers), Corfu (Papacy)"
        ),
        # OP-1.2: a target has at least 1 port there; 1 gives a single base die (OP-4.2).
        ports="Target's ports adjacent to the zone (default 1: then 1 Ottoman base die, OP-4.2)",
        hand="Cards in the target's hand, if known",
        ottoman_squadrons="Ottoman squadrons in the zone (sunk by extra hits only if set, OP-I7)",
        allied_squadrons_in_zone=(
            "Squadrons of the ally at war in the zone itself (dice only if set, OP-I4)"
        ),
    )
    async def piracy(
        self,
        interaction: Interaction,
        zone: Name,
        target: Name,
        corsairs: Count,
        leaders: app_commands.Range[str, 1, 100] | None = None,
        squadrons_in_zone: Count = 0,
        adjacent_squadrons: Count = 0,
        adjacent_place: Name | None = None,
        allied_adjacent_squadrons: Count = 0,
        ally: Name | None = None,
        fortresses: app_commands.Range[str, 1, 500] | None = None,
        ports: Count = 1,
        hand: Cards | None = None,
        ottoman_squadrons: Count = 0,
        allied_squadrons_in_zone: Count = 0,
    ) -> None:
        """OP-1 to OP-5: check the declaration, roll both sides, ask for the first reward."""
        ctx = await RulesetContext.of(interaction, SPEC)
        # The options as the player gave them (PiracyInput's fields are the options above).
        typed = PiracyInput(**interaction_options(interaction))

        def declare(
            state: OttomanPiracyState, settings: OttomanPiracySettings, dice: Dice
        ) -> PiracyOutcome:
            ottoman = state.faction_of(OTTOMAN)
            if ottoman is None and not ctx.is_gm:
                raise NotAllowed(C + "error.no_ottoman_player")
            by_faction = claimed_faction(ctx, ottoman)
            check_declarer(state, by_faction)  # OP-1.1 before the declaration's own checks
            declaration = build_declaration(typed, state, settings, ctx.factions)
            return declare_piracy(
                state, settings, declaration, dice, ctx.campaign.turn, by_faction=by_faction
            )

        async def open_question(uow: UnitOfWork, outcome: PiracyOutcome) -> int | None:
            if not outcome.awaiting:
                return None
            faction = _asked_faction(outcome)
            owner = ctx.user_of(faction)
            # Where the question is posted it learns when its post is marked sent.
            payload = {"piracy": outcome.piracy.id, "hit": outcome.piracy.awaiting_hit}
            return await uow.open_choice(SPEC.key, REWARD_CHOICE, owner, payload, faction=faction)

        def story(done: Applied[PiracyOutcome, OttomanPiracySettings]) -> list[Announcement]:
            outcome = done.outcome
            owner = _asked_user(ctx, outcome)
            content = (
                _ping(outcome.piracy, owner, ctx.public_locale, outcome.state.power_names)
                if done.after
                else None
            )
            return [_story(ctx, done, done.after, content, owner)]

        await ctx.apply(
            declare,
            faction=lambda o: claimed_faction(ctx, o.state.faction_of(OTTOMAN)),
            audit=_outcome_extra,
            then=open_question,
            announce=story,
        )

    @piracy.autocomplete("zone")
    async def zone_autocomplete(self, interaction: Interaction, current: str) -> Choices:
        """The map's sea zones in the player's language; any other name may be typed."""
        return [
            app_commands.Choice(name=name, value=value)
            for name, value in sea_zone_choices(current, locale_of(interaction))
        ]

    @piracy.autocomplete("target")
    async def target_autocomplete(self, interaction: Interaction, current: str) -> Choices:
        """Powers that can be targets (not the Ottomans), with the faction playing each."""
        return await _power_choices(interaction, current, ottoman=False)

    @piracy.autocomplete("ally")
    async def ally_autocomplete(self, interaction: Interaction, current: str) -> Choices:
        """Powers registered at war with the Ottomans."""
        return await _power_choices(interaction, current, ottoman=False, at_war=True)

    @piracy.autocomplete("leaders")
    async def leaders_autocomplete(self, interaction: Interaction, current: str) -> Choices:
        """Each rated naval leader, and all of them together."""
        found = await state_for(interaction, SPEC)
        settings = found[2] if found else OttomanPiracySettings()
        locale = locale_of(interaction)
        ratings = settings.piracy_ratings
        options = [(f"{text(leader_name(k), locale)} (+{r})", k) for k, r in ratings.items()]
        if len(ratings) > 1:
            names = " + ".join(text(leader_name(k), locale) for k in ratings)
            options.append((names, ", ".join(ratings)))
        return matching_choices(options, current)

    # -- rewards -----------------------------------------------------------------------------

    @corsairs.command(
        name="force", description="Force the default reward for a player who is away (GM)"
    )
    @app_commands.describe(hand="Cards in the target's hand, needed if a card is the reward")
    async def force(self, interaction: Interaction, hand: Cards | None = None) -> None:
        """OP-I10: every hit left gets the first possible reward in the forced order, once
        the GM confirms (`_force`); the question in the channel then shows how the piracy
        was settled."""
        await confirm_first(interaction, {"hand": hand})

    # -- status --------------------------------------------------------------------------------

    @corsairs.command(name="status", description="Piracy VP, zones used this turn, stolen cards")
    async def status(self, interaction: Interaction) -> None:
        """What the piracy track shows now."""
        ctx = await RulesetContext.of(interaction, SPEC)
        state, settings = await ctx.read()
        shown = piracy_status(state, settings, ctx.campaign.turn)
        embed = status_embed(shown, state, ctx.factions, ctx.campaign.turn, ctx.public_locale)
        await reply(interaction, embed=embed)

    # -- the GM's bookkeeping ------------------------------------------------------------------

    @corsairs.command(
        name="war", description="Record whether a power is at war with the Ottomans (GM)"
    )
    @app_commands.describe(power="The power", at_war="At war with the Ottomans?")
    async def war(self, interaction: Interaction, power: Name, at_war: bool) -> None:
        """OP-1.3, OP-2.3, OP-2.4: war status decides whose squadrons and fortresses help."""
        ctx = await _gm_context(interaction)
        locale = ctx.public_locale

        def told(done: Applied[StateChange, OttomanPiracySettings]) -> list[Announcement]:
            warring = done.outcome.state.at_war_with_ottomans
            powers = ", ".join(power_names(warring, locale, done.outcome.state.power_names))
            extra = [ctx.pt(C + "war.list", powers=powers or ctx.pt(C + "status.nobody"))]
            embeds = change_embeds(done.outcome.lines, locale, extra=extra)
            return [with_next_step(ctx.base.actor, embeds)]

        def record(state: OttomanPiracyState, _s: OttomanPiracySettings, _d: Dice) -> StateChange:
            # Named as /corsairs piracy's target is (a faction's name stands for the power it
            # plays); a power the bot does not know is refused, not invented by a typo.
            return set_at_war(state, resolve_power(power, state, ctx.factions), at_war)

        await ctx.apply(record, announce=told)

    @corsairs.command(name="power", description="Record who plays a power (GM)")
    @app_commands.autocomplete(faction=faction_autocomplete)
    @app_commands.describe(
        power="The power",
        player="The player: their faction plays the power",
        faction="The faction that plays the power",
    )
    async def power(
        self,
        interaction: Interaction,
        power: Name,
        player: discord.Member | None = None,
        faction: FactionName | None = None,
    ) -> None:
        """A power's player answers its reward questions; with neither option it is cleared.
        The answer names the faction that now plays the power and that faction's player."""
        ctx = await _gm_context(interaction)
        chosen = _faction_for(ctx.factions, player, faction)
        asked: list[Choice] = []  # the reward question the power's new player answers now

        def told(done: Applied[StateChange, OttomanPiracySettings]) -> list[Announcement]:
            names = done.outcome.state.power_names
            label = text(power_label(power_key(power), names), ctx.public_locale)
            line = _played_by(ctx, label, chosen)
            embeds = change_embeds([], ctx.public_locale, extra=[line])
            answer = with_next_step(ctx.base.actor, embeds)
            record = done.outcome.state.in_progress
            if not asked or record is None:
                return [answer]
            redrawn = _asked_now(done, record)
            told = [answer, *_question_redrawn(ctx, asked[0], redrawn)]
            owner = _asked_user(ctx, redrawn.outcome)
            if owner is None or done.after is None:
                return told
            # An edit notifies nobody: the new player is pinged by a message of its own.
            ping = _ping(record, owner, ctx.public_locale, names)
            return [*told, Announcement(content=ping, pinged=[owner], pings=done.after)]

        def record(state: OttomanPiracyState, _s: OttomanPiracySettings, _d: Dice) -> StateChange:
            return assign_power(state, power, chosen)

        async def readdress(uow: UnitOfWork, outcome: StateChange) -> int | None:
            # OP-5.3, OP-I10: the question the power answers is its new player's from now
            # on: asked anew for them (their click answers it, the former player's is
            # refused as not theirs); an undo asks it of the former player again.
            piracy = outcome.state.in_progress
            if piracy is None or piracy.status == "done":
                return None
            if asked_power(piracy) != power_key(power):
                return None
            return await _ask_again(ctx, uow, outcome.state, piracy, asked, readdressed=True)

        await ctx.apply(record, then=readdress, announce=told)

    @corsairs.command(name="vp", description="Set the Ottoman piracy VP (GM)")
    @app_commands.describe(value="Piracy VP, 0 to the cap (10)")
    async def vp(self, interaction: Interaction, value: app_commands.Range[int, 0, 100]) -> None:
        """OP-5.8, OP-I13: the GM's correction of the track. When it takes +1 VP away from
        the piracy's open reward question (the cap reached) or gives it back, the engine
        settles what then needs no choice (OP-5.9) and the question is redrawn in its
        message with the rewards now possible, as for a hand stated (`/corsairs hand`); an
        undo redraws it as it was."""
        ctx = await _gm_context(interaction)
        asked: list[Choice] = []  # the reward question redrawn, when one is open

        def record(
            state: OttomanPiracyState, settings: OttomanPiracySettings, dice: Dice
        ) -> StateChange | PiracyOutcome:
            return set_piracy_vp(state, settings, value, dice)

        def told(
            done: Applied[StateChange | PiracyOutcome, OttomanPiracySettings],
        ) -> list[Announcement]:
            answer = Announcement(embeds=change_embeds(done.outcome.lines, ctx.public_locale))
            if not isinstance(done.outcome, PiracyOutcome):
                return [answer]
            piracy = Applied(done.outcome, done.entry, done.settings, done.after)
            return [answer, *_question_redrawn(ctx, asked[0] if asked else None, piracy)]

        await ctx.apply(
            record,
            audit=lambda o: _outcome_extra(o) if isinstance(o, PiracyOutcome) else {},
            then=_asked_again(ctx, asked),
            announce=told,
        )

    @corsairs.command(
        name="impulse", description="Start an impulse: stolen cards may become playable (GM)"
    )
    @app_commands.describe(power="The active power", cp="CP it has this impulse (optional)")
    async def impulse(
        self,
        interaction: Interaction,
        power: Name,
        cp: app_commands.Range[int, 0, 20] | None = None,
    ) -> None:
        """OP-5.5, OP-I12: a new impulse releases the cards locked until it. The power is
        named as /corsairs piracy's target is: a power the bot does not know is refused,
        so a typo neither starts an impulse of nobody nor releases the stolen cards."""
        ctx = await _gm_context(interaction)

        def started(state: OttomanPiracyState, _s: OttomanPiracySettings) -> StateChange:
            return start_impulse(state, resolve_power(power, state, ctx.factions), cp=cp)

        await _bookkeeping(ctx, started)

    @who("power")
    @corsairs.command(name="hand", description="State how many cards a power holds this impulse")
    @app_commands.describe(cards="Cards in hand", power="The power (default: the one you play)")
    async def hand(self, interaction: Interaction, cards: Cards, power: Name | None = None) -> None:
        """OP-I12: the hand a random card is rolled from; a player states their own. When
        the piracy in progress targets that power, its reward question is redrawn in its
        message for that hand (and what then needs no choice is settled)."""
        ctx = await RulesetContext.of(interaction, SPEC)
        state, _ = await ctx.read()
        key = _own_power(ctx, state, power)
        asked: list[Choice] = []  # the reward question the hand answers for, when one is open

        def stated(
            state: OttomanPiracyState, settings: OttomanPiracySettings, dice: Dice
        ) -> StateChange | PiracyOutcome:
            return state_hand_size(state, settings, key, cards, dice)

        def told(
            done: Applied[StateChange | PiracyOutcome, OttomanPiracySettings],
        ) -> list[Announcement]:
            if not isinstance(done.outcome, PiracyOutcome):
                return [Announcement(embeds=change_embeds(done.outcome.lines, ctx.public_locale))]
            piracy = Applied(done.outcome, done.entry, done.settings, done.after)
            told = Announcement(embeds=hand_embeds(piracy, ctx.public_locale))
            return [told, *_question_redrawn(ctx, asked[0] if asked else None, piracy)]

        await ctx.apply(
            stated,
            options={"power": key, "cards": cards},
            audit=lambda o: _outcome_extra(o) if isinstance(o, PiracyOutcome) else {},
            then=_asked_again(ctx, asked),
            announce=told,
        )

    @war.autocomplete("power")
    @power.autocomplete("power")
    @impulse.autocomplete("power")
    @hand.autocomplete("power")
    async def power_autocomplete(self, interaction: Interaction, current: str) -> Choices:
        """Every power, with the faction playing it."""
        return await _power_choices(interaction, current, ottoman=True)


# --- helpers behind the commands -----------------------------------------------------------


async def _gm_context(interaction: Interaction) -> Ctx:
    ctx = await RulesetContext.of(interaction, SPEC)
    require_gm(ctx.base)
    return ctx


def _outcome_extra(outcome: PiracyOutcome) -> dict[str, Any]:
    """What a piracy's audit entry keeps beside its summary."""
    return {
        "piracy": outcome.piracy.id,
        "status": outcome.piracy.status,
        "rewards": [r.model_dump(mode="json") for r in outcome.applied],
        "piracy_vp": outcome.state.piracy_vp,
        **outcome.rolled_by,
    }


def _asked_faction(outcome: PiracyOutcome) -> str | None:
    """The faction that answers the piracy's question now (`asked_power`): the chooser's,
    or the target's when only its hand size is wanted (OP-I12)."""
    return outcome.state.faction_of(asked_power(outcome.piracy))


def _asked_user(ctx: Ctx, outcome: PiracyOutcome) -> int | None:
    """The player of `_asked_faction`; None when nobody plays it."""
    return ctx.user_of(_asked_faction(outcome))


def _ping(piracy: PiracyRecord, owner: int | None, locale: str, names: Mapping[str, str]) -> str:
    """Who must answer: the chooser's player, told which power was hit how many times (the
    target, whoever chooses: OP-I10's `reward_chooser`); the target's player when only its
    hand size is wanted (OP-I12); or the GM when nobody plays that power (`names`: the
    custom powers')."""
    target = text(power_label(piracy.target, names), locale)
    if owner is None:
        power = text(power_label(asked_power(piracy), names), locale)
        return t(C + "ping.gm", locale, power=power)
    if piracy.status == "awaiting_hand_size":
        return t(C + "ping.hand", locale, user=f"<@{owner}>", power=target)
    return t(C + "ping.player", locale, user=f"<@{owner}>", power=target, count=piracy.hits)


@asked_line(REWARD_CHOICE)
async def _asked_of(uow: UnitOfWork, choice: Choice, user: int, locale: str) -> str | None:
    """The ping line of a reward question asking `user` (`_ping`): a join gives them the
    question asked of their power while nobody played it (`announcements.hand_over`)."""
    state, _ = await uow.load(SPEC)
    piracy = state.in_progress
    if piracy is None or piracy.id != int(choice.payload["piracy"]):
        return None
    return _ping(piracy, user, locale, state.power_names)


def _faction_for(
    factions: list[Faction],
    player: discord.Member | None,
    faction: str | None,
) -> str | None:
    """The faction named, or the player's only faction; None clears the power's player."""
    if faction:
        return resolve_faction(faction, factions)
    if player is None:
        return None
    theirs = [f.name for f in factions if f.user_id == player.id]
    if not theirs:
        raise GameError(C + "error.player_has_no_faction", user=player.mention)
    if len(theirs) > 1:
        raise GameError(
            C + "error.player_has_several_factions", user=player.mention, factions=", ".join(theirs)
        )
    return theirs[0]


def _played_by(ctx: Ctx, power: str, faction: str | None) -> str:
    """Who now plays `power` (its label): the faction and its player, in the campaign's
    language; nobody when the power's player was cleared."""
    if faction is None:
        return ctx.pt(C + "power.cleared", power=power)
    user = next((f.user_id for f in ctx.factions if f.name == faction), None)
    if user is None:
        return ctx.pt(C + "power.unclaimed", power=power, faction=shown(faction))
    return ctx.pt(C + "power.played_by", power=power, faction=shown(faction), user=f"<@{user}>")


def _own_power(ctx: Ctx, state: OttomanPiracyState, power: str | None) -> str:
    """The power whose hand is stated: named (a GM any, a player their own) or their only one."""
    mine = [p for f in ctx.own_factions() for p in state.powers_of(f)]
    if power:
        key = resolve_power(power, state, ctx.factions)
        if not ctx.is_gm and key not in mine:
            # The refusal escapes the name it quotes (bot/errors.py `typed_params`).
            label = text(power_name(key, state.power_names), ctx.locale)
            raise NotAllowed(C + "error.not_your_power", power=label)
        return key
    if len(mine) == 1:
        return mine[0]
    raise GameError(C + "error.which_power")


async def _bookkeeping(
    ctx: Ctx,
    change: Callable[[OttomanPiracyState, OttomanPiracySettings], StateChange],
    *,
    options: dict[str, Any] | None = None,
) -> None:
    """One bookkeeping change, logged, and its lines as the (public) reply (written with the
    change: bot/announcements.py)."""

    def told(done: Applied[StateChange, OttomanPiracySettings]) -> list[Announcement]:
        return [Announcement(embeds=change_embeds(done.outcome.lines, ctx.public_locale))]

    await ctx.apply(
        lambda state, settings, _dice: change(state, settings), options=options, announce=told
    )


async def _answer(
    ctx: Ctx,
    choice: Choice,
    option: str,
    hand: int | None,
    *,
    announce: Callable[[Applied[PiracyOutcome, OttomanPiracySettings]], list[Announcement]]
    | None = None,
    before: Callable[[UnitOfWork], Awaitable[None]] | None = None,
) -> Applied[PiracyOutcome, OttomanPiracySettings]:
    """Apply one answer to a reward question in one unit of work.

    Options: "vp", "card", "sq.<index>" (a squadron group), "hand" (a hand size from the
    select: the card with that hand, or the hand asked for when only a card is left) and
    "force" (the GM's default for every hit left, OP-I10); `before` runs in its unit of
    work first (the GM's confirmation of a force closed there).
    """
    piracy_id = int(choice.payload["piracy"])
    hit = int(choice.payload["hit"])
    answered_as: list[str | None] = []  # the faction the answer is given as (the log's)
    if option == "force":
        require_gm(ctx.base)
    elif option == "hand" and hand is None:
        raise GameError(C + "error.hand_value")
    elif option not in PLAIN_REWARDS and option != "hand" and not option.startswith("sq."):
        raise GameError("error.choice_not_found")

    def answer(
        state: OttomanPiracyState, settings: OttomanPiracySettings, dice: Dice
    ) -> PiracyOutcome:
        pending = state.in_progress
        answering = asked_power(pending) if pending else ""
        answered_as.append(claimed_faction(ctx, state.faction_of(answering)))
        by_faction = answered_as[-1]
        if option == "force":  # the GM settles whatever hit waits (a question asked by the
            # release before one question a hit may name a later hit than an undo left)
            return force_default_reward(state, settings, piracy_id, dice, hand_size=hand)
        if option == "hand" and pending is not None and pending.status == "awaiting_hand_size":
            assert hand is not None
            return set_hand_size(
                state, settings, piracy_id, hand, dice, hit=hit, by_faction=by_faction
            )
        reward: Reward = "card" if option == "hand" else PLAIN_REWARDS.get(option, "squadron")
        squadron = int(option[3:]) if option.startswith("sq.") else None
        return choose_reward(
            state,
            settings,
            piracy_id,
            reward,
            dice,
            squadron=squadron,
            hand_size=hand,
            hit=hit,
            by_faction=by_faction,
        )

    async def move_question(uow: UnitOfWork, outcome: PiracyOutcome) -> int | None:
        # Each answer closes its question and asks the next one as a new choice, in the same
        # message: an undo of the answer reopens the question it closed and redraws it as it
        # was asked (the earlier hit), instead of leaving the next hit on screen.
        await uow.close_choice(choice.id)
        if not outcome.awaiting:
            return None
        payload = {**choice.payload, "hit": outcome.piracy.awaiting_hit}
        # The chooser again, or the target when only its hand size is wanted (OP-I12).
        faction = _asked_faction(outcome)
        return await uow.open_choice(
            SPEC.key, REWARD_CHOICE, ctx.user_of(faction), payload, faction=faction
        )

    return await ctx.apply(
        answer,
        faction=lambda o: answered_as[-1] if answered_as else None,
        command="corsairs force" if option == "force" else "corsairs reward",
        options={"piracy": piracy_id, "hit": hit, "answer": option, "hand": hand},
        audit=_outcome_extra,
        claim=ChoiceClaim(choice.id, gm=ctx.is_gm),
        before=before,
        then=move_question,
        announce=announce,
    )


def _asked_again(
    ctx: Ctx, asked: list[Choice]
) -> Callable[[UnitOfWork, StateChange | PiracyOutcome], Awaitable[int | None]]:
    """The `then=` of a change that may leave the piracy's open question changed (a hand
    stated, the VP track corrected): when the engine answers with the piracy, its question
    is asked again (`_ask_again`, added to `asked`); a plain change asks nothing."""

    async def ask(uow: UnitOfWork, outcome: StateChange | PiracyOutcome) -> int | None:
        if not isinstance(outcome, PiracyOutcome):
            return None
        return await _ask_again(ctx, uow, outcome.state, outcome.piracy, asked)

    return ask


async def _ask_again(
    ctx: Ctx,
    uow: UnitOfWork,
    state: OttomanPiracyState,
    piracy: PiracyRecord,
    asked: list[Choice],
    *,
    readdressed: bool = False,
) -> int | None:
    """The piracy's open reward question closed (added to `asked`) and, while the piracy
    waits, asked anew in the same message as a new choice of whoever answers it now
    (`asked_power`: the chooser, or the target for its hand, OP-I12), for the awaiting hit.
    An undo reopens the question closed and redraws it as it was. With `readdressed` (its
    power has a new faction) a question already asked of that faction's player stays
    theirs, naming the faction now asked (another of theirs: the one it is for when they
    leave a faction, `CampaignService.leave`, or someone else clicks it, `whose_choice`);
    an undo names the former one again."""
    waiting = [
        c
        for c in await uow.writes.open_choices(uow.campaign.id)
        if c.kind == REWARD_CHOICE and c.payload.get("piracy") == piracy.id
    ]
    faction = state.faction_of(asked_power(piracy))
    if readdressed and (not waiting or waiting[-1].owner_id == ctx.user_of(faction)):
        if waiting and waiting[-1].payload.get("faction") != faction:
            named = {k: v for k, v in waiting[-1].payload.items() if k != "faction"}
            if faction is not None:
                named["faction"] = faction
            await uow.update_choice_payload(waiting[-1].id, named)
        return None
    payload: dict[str, Any] = {"piracy": piracy.id}
    if waiting:  # re-addressed, it is withdrawn unanswered: no ping struck as answered
        asked.append(waiting[-1])
        await uow.close_choice(waiting[-1].id, "cancelled" if readdressed else "done")
        payload = dict(waiting[-1].payload)
    if piracy.status == "done":
        return None
    payload["hit"] = piracy.awaiting_hit
    return await uow.open_choice(
        SPEC.key, REWARD_CHOICE, ctx.user_of(faction), payload, faction=faction
    )


@settings_followup(SPEC.key)
async def _settings_redrawn(
    interaction: Interaction, base: Context, uow: UnitOfWork, outcome: object
) -> list[Announcement]:
    """New settings that changed the rewards the piracy's open question may offer (a cap
    lowered to the VP gained, OP-I13: `settings_changed`): the question is asked again
    (`_ask_again`) and redrawn in its message with the rewards now possible, or without
    buttons once what needed no choice settled it, as a VP correction does (`/corsairs vp`);
    an undo of the settings redraws it as it was."""
    if not isinstance(outcome, PiracyOutcome):
        return []
    ctx = Ctx(interaction, base, SPEC, await uow.writes.factions(uow.campaign.id))
    asked: list[Choice] = []
    after = await _ask_again(ctx, uow, outcome.state, outcome.piracy, asked)
    _, settings = await uow.load(SPEC)
    entry = next(e for e in reversed(uow.entries) if e.ruleset == SPEC.key)
    done = Applied(outcome, entry, settings, after)
    return _question_redrawn(ctx, asked[0] if asked else None, done)


def _story(
    ctx: Ctx,
    done: Applied[PiracyOutcome, OttomanPiracySettings],
    choice_id: int | None,
    content: str | None,
    chooser: int | None,
) -> Announcement:
    """The story of the piracy; with the reward question's buttons when `choice_id` is
    asked, pinging the chooser (written with the change: posted once, even after a crash)."""
    outcome = done.outcome
    embed = story_embed(
        outcome.piracy, outcome.state, done.settings, ctx.public_locale, entry_seq=done.entry.seq
    )
    if choice_id is None:
        return Announcement(embeds=[embed])
    view = question_view(
        choice_id, outcome.piracy, outcome.options, ctx.public_locale, outcome.state.power_names
    )
    return Announcement(
        embeds=[embed],
        content=content,
        view=view,
        pinged=[chooser] if chooser else [],
        choice_id=choice_id,
    )


def _asked_now(
    done: Applied[StateChange, OttomanPiracySettings], record: PiracyRecord
) -> Applied[PiracyOutcome, OttomanPiracySettings]:
    """A change that was not an answer (who plays a power, the piracy VP) read as the piracy
    in progress `record` now asks: the rewards possible now, for the question `done.after`
    asks anew (`_question_redrawn`)."""
    state = done.outcome.state
    options = available_rewards(state, done.settings, record.id)
    piracy = PiracyOutcome(state, record, [], options, [])
    return Applied(piracy, done.entry, done.settings, done.after)


def _question_redrawn(
    ctx: Ctx,
    question: Choice | None,
    done: Applied[PiracyOutcome, OttomanPiracySettings],
    *,
    asks_anew: bool = False,
) -> list[Announcement]:
    """The piracy's question, redrawn in the message it was asked in after a change that
    was not its answer (a hand stated with /corsairs hand): the story as it now stands, with
    the question still waiting (`done.after`), or without buttons once settled; posted as a
    new message with its ping when its post is not known. With `asks_anew` (a GM's force
    that answered the question and asks again, for the hand a card needs) the old ping line
    is struck as answered by the GM and whoever is asked now is pinged by a message of its
    own (an edit notifies nobody; the answer marks that ping answered)."""
    outcome = done.outcome
    owner = _asked_user(ctx, outcome)
    channel_id = question.payload.get("channel") if question is not None else None
    message_id = question.payload.get("message") if question is not None else None
    content = _ping(outcome.piracy, owner, ctx.public_locale, outcome.state.power_names)
    if not channel_id or not message_id:
        if done.after is None:
            return []
        return [_story(ctx, done, done.after, content, owner)]
    embed = story_embed(
        outcome.piracy, outcome.state, done.settings, ctx.public_locale, entry_seq=done.entry.seq
    )
    edits, channel = int(message_id), int(channel_id)
    if done.after is None:  # settled: the buttons go, the ping line is struck answered
        return [Announcement(embeds=[embed], edits=edits, channel_id=channel)]
    view = question_view(
        done.after, outcome.piracy, outcome.options, ctx.public_locale, outcome.state.power_names
    )
    pinged = [owner] if owner is not None else []
    redrawn = Announcement(
        embeds=[embed],
        content=None if asks_anew else content,
        view=view,
        pinged=[] if asks_anew else pinged,  # still their ping: an undo pings them anew
        choice_id=done.after,
        edits=edits,
        channel_id=channel,
    )
    if not asks_anew:
        return [redrawn]
    return [redrawn, Announcement(content=content, pinged=pinged, pings=done.after)]


async def _forced_question(ctx: Ctx, wanted: int | None) -> Choice:
    """The reward question a force settles: the one the GM was asked about (`wanted`), or,
    when typed, the newest waiting; a question answered since it was asked is refused."""
    if wanted is not None:
        return await still_open(ctx.base, wanted, REWARD_CHOICE)
    waiting = [
        c for c in await ctx.service.open_choices(ctx.campaign.id) if c.kind == REWARD_CHOICE
    ]
    if not waiting:
        raise GameError(C + "error.nothing_to_force")
    return waiting[-1]


async def _force_question(ctx: Ctx, asked: Asked, choice: Choice) -> Question:
    """What the GM confirms (OP-I10): the piracy, its target, the hits left and who has
    not chosen, in the GM's language."""
    state, _ = await ctx.read()
    piracy = state.in_progress
    if piracy is None or piracy.id != int(choice.payload["piracy"]):
        raise GameError(C + "error.nothing_to_force")
    names = state.power_names
    title = asked.t(
        C + "force.question",
        piracy=piracy.id,
        power=power_label(piracy.target, names),
        count=piracy.hits_left,
    )
    waiting = asked_power(piracy)  # the target, when only its hand size is wanted (OP-I12)
    faction = state.faction_of(waiting)
    chooser = shown(faction) if faction else power_label(waiting, names)
    return Question(title, [asked.t(C + "force.question_line", chooser=chooser)], verb="force")


@confirmed_command("corsairs force")
async def _force(asked: Asked) -> None:
    """OP-I10 behind the GM's confirmation, from `/corsairs force` or a question's "Force
    default (GM)": asked, it names the piracy and the hits left; confirmed, it settles that
    question (refused when it was answered since), closing the confirmation in the same
    unit of work; the log's entry is written only then."""
    ctx = await RulesetContext.within(asked.interaction, asked.base, SPEC)
    require_gm(ctx.base)
    wanted = asked.params.get("question")
    choice = await _forced_question(ctx, int(wanted) if wanted is not None else None)
    given = asked.params.get("hand")
    hand = int(given) if given is not None else None
    piracy = int(choice.payload["piracy"])
    if await asked.asked_first(  # a card from a hand of unknown size (OP-I12): refused at once
        ctx,
        await _force_question(ctx, asked, choice),
        lambda s, st, dice: force_default_reward(s, st, piracy, dice, hand_size=hand),
        {"question": choice.id},
    ):
        return

    def story(done: Applied[PiracyOutcome, OttomanPiracySettings]) -> list[Announcement]:
        channel_id = choice.payload.get("channel")
        message_id = choice.payload.get("message")
        if not channel_id or not message_id:  # never posted: the reply tells the story
            # A card from an unknown hand is left: the question is asked again, here.
            return [asked.redrawn(), _story(ctx, done, done.after, None, None)]
        url = message_url(ctx.campaign.guild_id, int(channel_id), int(message_id))
        short = settled_embed(done, url, ctx.public_locale)
        # The question shows the piracy as it now stands (or asks again, there, for the
        # hand a card needs); the reply says in a few lines what the GM's answer did.
        return [
            asked.redrawn(),
            Announcement(embeds=[short]),
            *_question_redrawn(ctx, choice, done, asks_anew=True),
        ]

    await _answer(ctx, choice, "force", hand, announce=story, before=asked.claim)


@choice_handler(REWARD_CHOICE)
async def answer_reward(
    interaction: Interaction, base: Context, choice: Choice, option: str
) -> None:
    """A click on a reward button (or a pick in the hand select): apply it and redraw the
    story in the campaign's language (it is public, and its buttons are the target's)."""
    if option == "force":  # the GM's default, asked first as /corsairs force asks
        await ask_first(interaction, base, "corsairs force", {"hand": None, "question": choice.id})
        return
    acknowledge_slow_writes(interaction)
    ctx = await RulesetContext.within(interaction, base, SPEC)
    hand: int | None = None
    if option == "hand":
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values") or []]
        hand = int(values[0]) if values and values[0].isdigit() else None
    locale = ctx.public_locale

    def redrawn(done: Applied[PiracyOutcome, OttomanPiracySettings]) -> list[Announcement]:
        outcome = done.outcome
        embed = story_embed(
            outcome.piracy, outcome.state, done.settings, locale, entry_seq=done.entry.seq
        )
        if done.after is not None:  # the next question, with its ping
            view = question_view(
                done.after, outcome.piracy, outcome.options, locale, outcome.state.power_names
            )
            owner = _asked_user(ctx, outcome)
            if owner != choice.owner_id:
                # The target is asked its hand size now (OP-I12), not the Ottoman chooser:
                # the old ping line is struck as answered, and the target is pinged by a
                # message of its own (an edit notifies nobody).
                ping = _ping(outcome.piracy, owner, locale, outcome.state.power_names)
                return [
                    Announcement(edit=True, embeds=[embed], view=view, choice_id=done.after),
                    Announcement(content=ping, pinged=[owner] if owner else [], pings=done.after),
                ]
            # The ping line still asks the same player (a reward for each hit): it stays a
            # ping of theirs, for an undo to ping them anew (bot/undo.py `redraw_question`).
            asked = interaction.message.content if interaction.message else None
            return [
                Announcement(
                    edit=True,
                    content=asked or None,
                    embeds=[embed],
                    view=view,
                    pinged=[choice.owner_id] if asked and choice.owner_id else [],
                    choice_id=done.after,
                )
            ]
        # resolved: the buttons go; the ping line is struck as answered (`_mark_answered`)
        return [Announcement(edit=True, embeds=[embed])]

    await _answer(ctx, choice, option, hand, announce=redrawn)
