"""What the `/combat` command modules share: the command groups, board points, the faction
a player acts for in a battle, a change made in one battle, and the list autocompletes."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Collection
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import TypeVar

from discord import app_commands

from bot.announcements import Announcement
from bot.campaigns import Campaign
from bot.cog_base import Choices
from bot.cog_base import FactionName
from bot.cog_base import Interaction
from bot.cog_base import command_group
from bot.dice import Dice
from bot.errors import GameError
from bot.errors import NotAllowed
from bot.factions import normal
from bot.i18n import Msg
from bot.interactions import require_gm
from bot.rules.fleet_combat import SPEC
from bot.rules.fleet_combat import Battle
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import FleetCombatState
from bot.rules.fleet_combat import get_battle
from bot.rules.fleet_combat.models import distinct_points
from bot.rulesets import Outcome
from bot.scaffold import Applied
from bot.scaffold import RulesetContext
from bot.scaffold import matching_choices
from bot.scaffold import state_for
from cogs.fleet_combat.input import split_list
from cogs.fleet_combat.input import typed_point

C = "combat."
Ctx = RulesetContext[FleetCombatState, FleetCombatSettings]
OutcomeT = TypeVar("OutcomeT", bound=Outcome[FleetCombatState])
BattleAct = Callable[[FleetCombatState, FleetCombatSettings, Battle, str], OutcomeT]

# The command modules decorate their commands onto these groups as they are imported;
# `FleetCombatCog` holds `combat`, and discord.py copies the tree for each cog it builds.
combat = command_group("combat", "Fleet combat (Twilight Imperium classes)")
fleet = command_group("fleet", "Fleets at board points", parent=combat)
stats = command_group("stats", "Ship classes: attack, defence, life", parent=combat)

# What the commands' signatures and option descriptions name again and again.
Point = app_commands.Range[str, 1, 60]  # a board point's name (autocompleted)
BattleNo = app_commands.Range[int, 1, 1_000_000]  # a battle's number (#)
ListText = app_commands.Range[str, 1, 300]  # a comma-separated list (factions, ship ids)
ActingFaction = FactionName | None  # `faction:`, the one a GM acts for (default: the player's)
POINT = "Board point, e.g. Mecatol Rex"
BATTLE = "Battle number (#)"
AS_FACTION = "The faction (a GM may name any; default: yours)"


@dataclass(frozen=True)
class TableChange:
    """A change of the ship table (FC-I4): the state as it was, the settings with the new
    table, the line that tells it, and the class it changed (None: the whole table)."""

    state: FleetCombatState
    settings: FleetCombatSettings
    lines: list[Msg] = field(default_factory=list)
    ship_class: str | None = None


@dataclass(frozen=True)
class TurnOrderSet:
    """The players' turn order as the GM set it (FC-4.4), told in one line."""

    state: FleetCombatState
    lines: list[Msg]

    @classmethod
    def of(cls, state: FleetCombatState) -> TurnOrderSet:
        """The new state and its line."""
        return cls(state, [Msg(C + "turn_order.set", factions=", ".join(state.turn_order))])


def canonical_point(state: FleetCombatState, typed: str) -> str:
    """A board point as already registered in any spelling of it (`same_point`), else as
    typed (`FleetCombatState.known_point`)."""
    return state.known_point(typed_point(typed))


async def gm_context(interaction: Interaction) -> Ctx:
    """The context of a command only a GM may give (refused to anyone else)."""
    ctx = await RulesetContext.of(interaction, SPEC)
    require_gm(ctx.base)
    return ctx


def battle_faction(ctx: Ctx, battle: Battle, wanted: str | None) -> str:
    """The participant a player acts for in `battle` (a GM names any with `faction:`)."""
    engaged = [p.faction for p in battle.engaged()]
    inside = [f for f in ctx.own_factions() if f in engaged]
    if not wanted and not inside:
        if ctx.is_gm:
            raise GameError("error.gm_names_faction")
        raise NotAllowed(C + "error.not_in_battle", battle=battle.id)
    return ctx.acting_faction(wanted, among=engaged)


async def apply_in_battle(
    ctx: Ctx,
    battle_id: int,
    wanted: str | None,
    act: BattleAct[OutcomeT],
    *,
    command: str | None = None,
    options: dict[str, Any] | None = None,
    secret: bool = False,
    announce: Callable[[Applied[OutcomeT, FleetCombatSettings], str], list[Announcement]],
) -> tuple[Applied[OutcomeT, FleetCombatSettings], str]:
    """`ctx.apply` of a change one participant makes in an active battle: `act` gets the
    battle and the faction acting in it (`battle_faction`), which the entry is recorded for
    and which comes back beside what `apply` did; `announce` builds the answer from what was
    done and that faction (written with the change: bot/announcements.py). A `secret` entry
    (a private fire order) is kept from the other players in the log until the turn ends."""
    acting: list[str] = []

    def change(state: FleetCombatState, settings: FleetCombatSettings, dice: Dice) -> OutcomeT:
        found = get_battle(state, battle_id)
        acting.append(battle_faction(ctx, found, wanted))
        return act(state, settings, found, acting[-1])

    done = await ctx.apply(
        change,
        faction=lambda _: acting[-1],
        command=command,
        options=options,
        secret=secret,
        announce=lambda done: announce(done, acting[-1]),
    )
    return done, acting[-1]


def opponents_of(battle: Battle, faction: str) -> list[str]:
    """Participants still fighting and hostile to `faction`, in turn order."""
    return [
        p.faction
        for p in battle.engaged()
        if p.faction != faction and battle.hostile(faction, p.faction)
    ]


def list_entries(current: str) -> tuple[list[str], str]:
    """A list being typed (`Red, Gr`): the entries before the last comma or semicolon, and
    the last entry, the one being completed."""
    cut = max(current.rfind(","), current.rfind(";"))
    if cut < 0:
        return [], current
    return split_list(current[:cut]), current[cut + 1 :]


def list_choices(
    pairs: Sequence[tuple[str, str]], current: str, *, chosen: Collection[str] = ()
) -> Choices:
    """Complete the last entry of a comma-separated list: the `(label, value)` pairs not yet
    `chosen` that contain what is typed of it, each suggested after the entries before it."""
    done, last = list_entries(current)
    prefix = ", ".join(done) + ", " if done else ""
    needle = normal(last)
    return [
        app_commands.Choice(name=(prefix + label)[:100], value=prefix + value)
        for label, value in pairs
        if value not in chosen
        and (needle in normal(label) or needle in normal(value))
        and len(prefix + value) <= 100
    ][:25]


def option_of(interaction: Interaction, name: str) -> Any:
    """Another option of the command being completed, as typed so far (or None)."""
    return getattr(interaction.namespace, name, None)


async def battle_being_given(
    interaction: Interaction,
) -> tuple[Campaign, FleetCombatState, FleetCombatSettings, Battle] | None:
    """For an autocomplete: the campaign, its fleet combat state and the active battle the
    command's `battle:` option names so far (None when it names none)."""
    found = await state_for(interaction, SPEC)
    if found is None:
        return None
    campaign, state, settings = found
    number = option_of(interaction, "battle")
    battle = state.battle(int(number)) if str(number or "").isdigit() else None
    if battle is None or not battle.active:
        return None
    return campaign, state, settings, battle


async def point_autocomplete(interaction: Interaction, current: str) -> Choices:
    """Board points where fleets are registered."""
    found = await state_for(interaction, SPEC)
    if found is None:
        return []
    points = distinct_points(f.point for f in found[1].fleets)
    return matching_choices([(p, p) for p in points], current)
