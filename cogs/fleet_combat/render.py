"""Embeds and views of `/combat`: fleets, the ship table, a battle's status, round reports
told volley by volley, fire-order menus and the odds.

Everything is rebuilt from the engine's data (`BattleStatus`, `RoundReport`, `GroupStatus`),
so any message renders in the reader's language after a click or a restart. Long reports are
cut into pages that respect Discord's limits (4096 per description, 25 fields of 1024, 6000
per message, 10 embeds); restart-safe `fc:` controls page through them.
"""

from __future__ import annotations

from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from functools import partial
from typing import Any

import discord

from bot import controls
from bot.announcements import view_of
from bot.cog_base import Interaction
from bot.controls import Control
from bot.i18n import Msg
from bot.i18n import t
from bot.interactions import NEUTRAL_COLOUR
from bot.interactions import WAITING_COLOUR
from bot.interactions import add_field
from bot.interactions import cite_in_footer
from bot.interactions import clip
from bot.interactions import make_embed
from bot.interactions import outcome_embeds
from bot.rules.fleet_combat import SPEC
from bot.rules.fleet_combat import Battle
from bot.rules.fleet_combat import BattleOutcome
from bot.rules.fleet_combat import BattleStatus
from bot.rules.fleet_combat import FireOrder
from bot.rules.fleet_combat import FireTarget
from bot.rules.fleet_combat import Fleet
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import FleetCombatState
from bot.rules.fleet_combat import GroupStatus
from bot.rules.fleet_combat import LegalTarget
from bot.rules.fleet_combat import RoundReport
from bot.rules.fleet_combat import Ship
from bot.rules.fleet_combat import VolleyReport
from bot.rules.fleet_combat import battle_status
from bot.rules.fleet_combat import class_count
from bot.rules.fleet_combat import class_name
from bot.rules.fleet_combat import ships_msg
from bot.rules.fleet_combat import target_name
from bot.rules.fleet_combat.messages import battle_line
from bot.rules.fleet_combat.messages import counts_msg
from bot.rules.fleet_combat.messages import ending_lines
from bot.rules.fleet_combat.messages import loss_lines
from bot.rules.fleet_combat.messages import result_msg
from bot.rules.fleet_combat.messages import retreated_lines
from bot.rules.fleet_combat.messages import retreating_lines
from bot.rules.fleet_combat.messages import volley_turns
from bot.rules.fleet_combat.models import distinct_points
from bot.rules.fleet_combat.models import same_point
from bot.rules.fleet_combat.odds import OddsResult
from bot.rules.fleet_combat.odds import odds_lines
from bot.text import faces_text
from bot.text import lines_text as shared_lines_text
from bot.text import shown
from bot.text import text as shared_text

C = "combat."
MESSAGE_BUDGET = 5600  # of Discord's 6000 characters per message, with room for footers
DESCRIPTION_LIMIT = 4000
FIELD_LIMIT = 1024
FIELDS_PER_EMBED = 25
EMBEDS_PER_MESSAGE = 10
ROWS = 5
SELECTS_PER_PAGE = 4  # with more groups than rows, a fifth row holds the page buttons
SELECT_OPTIONS = 25
AUTO = "auto"
HOLD = "hold"
SPLIT = "split"


# Engine messages carry the names players gave raw: escaped wherever this cog shows them.
text = partial(shared_text, escape=True)
lines_text = partial(shared_lines_text, escape=True)


def pack(lines: Sequence[str], limit: int, separator: str = "\n") -> list[str]:
    """Lines joined into chunks of at most `limit` characters; a longer line is clipped."""
    chunks: list[str] = []
    current = ""
    for line in lines:
        line = clip(line, limit)
        joined = f"{current}{separator}{line}" if current else line
        if len(joined) > limit:
            chunks.append(current)
            current = line
        else:
            current = joined
    if current:
        chunks.append(current)
    return chunks


# --- restart-safe controls ------------------------------------------------------------------

CombatHandler = Callable[[Interaction, list[int]], Awaitable[None]]


def control_handler(action: str) -> Callable[[CombatHandler], CombatHandler]:
    """Register what a click on (or pick in) a `/combat` control does; its arguments are
    numbers (battle, faction, page…), so the handler gets them as ints."""

    def register(fn: CombatHandler) -> CombatHandler:
        async def dispatch(interaction: Interaction, args: list[str]) -> None:
            await fn(interaction, [int(a) for a in args])

        controls.control(f"{SPEC.key}.{action}")(dispatch)
        return fn

    return register


def control_id(action: str, *args: int) -> str:
    """A `/combat` control's custom_id: everything the handler needs is in it (no state row)."""
    return controls.control_id(f"{SPEC.key}.{action}", *args)


def control_button(
    action: str,
    args: Sequence[int],
    label: str,
    *,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
    row: int | None = None,
) -> Control:
    """A restart-safe `/combat` button."""
    return controls.button(
        f"{SPEC.key}.{action}", args, label, style=style, disabled=disabled, row=row
    )


# --- the ship table -------------------------------------------------------------------------


def stats_line(settings: FleetCombatSettings, ship_class: str, locale: str) -> str:
    """`Cruisers — level 3 · attack 2×5+ · defence 5+ · life 2` (FC-1…FC-3, FC-I1)."""
    stats = settings.stats_of(ship_class)
    name = class_name(ship_class).render(locale)
    name = shown(name[:1].upper() + name[1:])
    if not settings.is_combat_class(ship_class):
        return t(C + "stats.line_non_combat", locale, name=name, life=stats.life)
    return t(
        C + "stats.line",
        locale,
        name=name,
        level=settings.level_of(ship_class),
        attack=stats.attack_notation,
        defence=stats.defence_notation,
        life=stats.life,
    )


def ordered_classes(settings: FleetCombatSettings, classes: Sequence[str]) -> list[str]:
    """Classes in the ladder's order: level, then the fixed class order; non-combat last."""

    def key(ship_class: str) -> tuple[int, int, tuple[int, int]]:
        combat = settings.is_combat_class(ship_class)
        level = settings.level_of(ship_class) if combat else 0
        return (0 if combat else 1, level, settings.class_rank(ship_class))

    return sorted(dict.fromkeys(c for c in classes if c in settings.ship_stats), key=key)


def is_default_table(settings: FleetCombatSettings) -> bool:
    """Whether the campaign uses the FC-I4 default statistics and FC-I1 ladder."""
    default = FleetCombatSettings()
    return (
        settings.ship_stats == default.ship_stats
        and settings.class_levels == default.class_levels
        and sorted(settings.non_combat_classes) == sorted(default.non_combat_classes)
    )


def stats_embed(
    settings: FleetCombatSettings, locale: str, lines: Sequence[Msg] = ()
) -> discord.Embed:
    """`/combat stats`: every class with its level, attack, defence and life."""
    body = [text(m, locale) for m in lines]
    body += [
        stats_line(settings, c, locale)
        for c in ordered_classes(settings, list(settings.ship_stats))
    ]
    source = "stats.default" if is_default_table(settings) else "stats.custom"
    # FC-I3: what a defence face equal to D does in this campaign.
    legend = "stats.legend" if settings.defence_blocks_on_equal else "stats.legend_strict"
    embed = make_embed(
        t(C + "stats.title", locale),
        "\n".join(body),
        footer=f"{t(C + source, locale)} {t(C + legend, locale)}",
    )
    cite_in_footer(embed, locale)
    return embed


# --- fleets ---------------------------------------------------------------------------------


def fleet_change_embeds(
    lines: Sequence[Msg], fleet: Fleet | None, settings: FleetCombatSettings, locale: str
) -> list[discord.Embed]:
    """The answer to `/combat fleet set|remove|move`: the engine's line first, then the
    ship ids."""
    embeds = change_embeds(lines, locale)
    if fleet is not None and fleet.ships:
        ids = ship_ids_text(fleet.ships, settings, locale)
        add_field(embeds[-1], t(C + "fleet.ids", locale), ids)
    return embeds


def change_embeds(lines: Sequence[Msg | str], locale: str) -> list[discord.Embed]:
    """The answer to a change of the fleets or of the battles' settings (a fleet, the turn
    order): what changed first, the ruleset named in the footer."""
    return outcome_embeds("fleet_combat", [text(m, locale) for m in lines], locale)


def ship_life(settings: FleetCombatSettings, ship: Ship) -> int | str:
    """A ship's life from the table in force (`?` for a class the table no longer has)."""
    return (
        settings.stats_of(ship.ship_class).life if ship.ship_class in settings.ship_stats else "?"
    )


def ship_ids_text(ships: Sequence[Ship], settings: FleetCombatSettings, locale: str) -> str:
    """`destroyers: #3 (0/1), #4 (0/1)` per class: the ids players type (FC-2.3, FC-I10)."""
    by_class: dict[str, list[str]] = {}
    for ship in ships:
        life = ship_life(settings, ship)
        by_class.setdefault(ship.ship_class, []).append(f"#{ship.id} ({ship.wounds}/{life})")
    ids = [f"{text(class_name(c), locale)}: {', '.join(ids)}" for c, ids in by_class.items()]
    return "\n".join(pack(ids, FIELD_LIMIT)[:1])


def fleets_embed(
    state: FleetCombatState,
    fleets: Sequence[Fleet],
    locale: str,
    *,
    reserve_of: str | None = None,
    none: str | None = None,
) -> discord.Embed:
    """`/combat fleet show`: fleets by board point (a field per point), within the limits;
    `none` says what was looked for when nothing matched (a point, a faction)."""
    embed = make_embed(t(C + "fleets.title", locale))
    # One field per point, however each fleet's point was written (`same_point`).
    points = distinct_points(f.point for f in fleets)
    listed = 0
    for point in points:
        here = [f for f in fleets if same_point(f.point, point)]
        battle = state.battle_at(point)
        if battle is None:
            groups = [(shown(point), here)]
        else:  # the battle's participants under it, the others at the point apart
            engaged = {p.faction for p in battle.engaged()}
            apart = [f for f in here if f.faction not in engaged]
            groups = [
                (
                    t(C + "fleets.point_battle", locale, point=shown(point), battle=battle.id),
                    [f for f in here if f.faction in engaged],
                ),
                (t(C + "fleets.point_apart", locale, point=shown(point), battle=battle.id), apart),
            ]
        fields = [
            (name, "\n".join(pack([_fleet_line(f, locale) for f in group], FIELD_LIMIT)[:1]))
            for name, group in groups
            if group
        ]
        size = sum(len(name) + len(value) for name, value in fields)
        if (
            len(embed.fields) + len(fields) >= FIELDS_PER_EMBED
            or len(embed) + size > MESSAGE_BUDGET
        ):
            break
        for name, value in fields:
            add_field(embed, name, value)
        listed += 1
    if not points:
        embed.description = none or t(C + "fleets.none", locale)
    elif listed < len(points):
        embed.description = t(C + "fleets.more", locale, count=len(points) - listed)
    if reserve_of is not None:
        reserve = state.reserve.get(reserve_of, {})
        add_field(
            embed,
            t(C + "fleets.reserve", locale, faction=shown(reserve_of)),
            text(counts_msg(reserve), locale),
        )
    cite_in_footer(embed, locale)
    return embed


def _fleet_line(fleet: Fleet, locale: str) -> str:
    """A fleet's line in `/combat fleet show`: its faction and ships."""
    return t(
        C + "fleets.line",
        locale,
        faction=shown(fleet.faction),
        ships=text(ships_msg(fleet.ships), locale),
    )


# --- a battle -------------------------------------------------------------------------------


def participant_line(
    status: BattleStatus, settings: FleetCombatSettings, faction: str, locale: str
) -> str:
    """What a participant is doing this round: orders, retreat, nothing left to fire, or gone."""
    entry = next(p for p in status.participants if p.faction == faction)
    if entry.status == "left":
        return t(C + "battle.left", locale)
    if not status.active:
        return t(C + "battle.fought", locale)
    if entry.retreating:
        return t(C + "battle.retreating", locale, round=status.next_round)
    if not any(_fires(settings, ship.ship_class) for ship in entry.ships):
        # Before its orders: a GM may have removed the ships they were given for.
        return t(C + "battle.unarmed", locale)
    if entry.orders_given:
        return t(C + "battle.orders_given", locale)
    if settings.missing_orders == "hold_fire":  # FC-I7: a group without orders holds fire
        return t(C + "battle.orders_missing_hold", locale)
    return t(C + "battle.orders_missing", locale)


def _fires(settings: FleetCombatSettings, ship_class: str) -> bool:
    """Whether ships of this class roll attack dice (as `/turn status` counts who owes orders)."""
    return settings.is_combat_class(ship_class) and settings.stats_of(ship_class).attack_dice > 0


def sides_text(status: BattleStatus) -> str | None:
    """`Green + Red · Blue`: the battle's sides (FC-I5), or None while nobody has allies."""
    sides: dict[str, list[str]] = {}
    for entry in status.participants:
        if entry.status == "active":
            sides.setdefault(entry.side, []).append(shown(entry.faction))
    if all(len(members) < 2 for members in sides.values()):
        return None
    return " · ".join(" + ".join(members) for members in sides.values())


def status_embed(status: BattleStatus, settings: FleetCombatSettings, locale: str) -> discord.Embed:
    """A battle now: who fights whom, each fleet with its wounds, orders, the stats in force.
    While it goes on, a faction that retreated is no longer fighting (FC-6.3, FC-I15): it is
    left out of the pairs and its field says it left; a battle over lists whom it fought."""
    fighting = {p.faction for p in status.participants if p.status == "active"}
    hostile = [
        (a, b)
        for a, b in status.hostile_pairs
        if not status.active or (a in fighting and b in fighting)
    ]
    pairs = ", ".join(f"{shown(a)} ⚔ {shown(b)}" for a, b in hostile) or "—"
    lines = [
        t(C + ("battle.hostile" if status.active else "battle.fought_pairs"), locale, pairs=pairs)
    ]
    sides = sides_text(status)
    if sides is not None:
        lines.append(t(C + "battle.sides", locale, sides=sides))
    if status.active:
        lines.append(t(C + "battle.next_round", locale, round=status.next_round))
        lines.append(
            t(C + "battle.retreat_open", locale)
            if status.retreat_allowed
            else t(C + "battle.retreat_closed", locale, round=status.next_round)
        )
    elif status.result is not None:
        lines.append(text(result_msg(status.id, status.result), locale))
    embed = make_embed(
        t(C + "battle.title", locale, battle=status.id, point=shown(status.point)),
        "\n".join(lines),
    )
    classes: list[str] = []
    for entry in status.participants:
        ships = text(ships_msg(entry.ships), locale) if entry.status == "active" else ""
        value = "\n".join(
            x for x in (ships, participant_line(status, settings, entry.faction, locale)) if x
        )
        add_field(embed, shown(entry.faction), value, inline=True)
        if entry.status == "active":
            classes += [s.ship_class for s in entry.ships]
    in_force = [stats_line(settings, c, locale) for c in ordered_classes(settings, classes)]
    if in_force:
        add_field(embed, t(C + "battle.stats", locale), "\n".join(pack(in_force, FIELD_LIMIT)[:1]))
    return embed


def battles_embed(state: FleetCombatState, locale: str) -> discord.Embed:
    """`/combat status` without a battle: every battle, active first; an active one with
    the factions still fighting it (one that retreated left it, FC-I15), one over with all
    who fought."""
    embed = make_embed(t(C + "battles.title", locale))
    lines: list[str] = []
    for battle in sorted(state.battles, key=lambda b: (not b.active, -b.id)):
        listed = battle.engaged() if battle.active else battle.participants
        factions = ", ".join(shown(p.faction) for p in listed)
        key = "battles.active" if battle.active else "battles.over"
        lines.append(
            t(
                C + key,
                locale,
                battle=battle.id,
                point=shown(battle.point),
                factions=factions,
                round=battle.next_round,
                count=battle.rounds_fought,
            )
        )
    chunks = pack(lines, DESCRIPTION_LIMIT)
    embed.description = chunks[0] if chunks else t(C + "battles.none", locale)
    cite_in_footer(embed, locale)
    return embed


# --- a round, told like a battle report -----------------------------------------------------

_SOURCE = {
    "automatic": "report.source.automatic",
    "invalid_order": "report.source.invalid_order",
    "retreat_override": "report.source.retreat_override",
}


def volley_block(number: int, volley: VolleyReport, locale: str) -> str:
    """One volley: who fired what at whom, the attack faces and hits, the defence faces and
    wounds (FC-5.10–5.12)."""
    head = t(
        C + "report.volley",
        locale,
        number=number,
        shooter=shown(volley.shooter),
        ships=text(class_count(volley.ship_class, volley.ships), locale),
        target=shown(volley.target),
        target_class=text(target_name(volley.target_class, volley.targets), locale),
    )
    notes = []
    if volley.source in _SOURCE:
        notes.append(t(C + _SOURCE[volley.source], locale))
    elif volley.at_retreater:
        notes.append(t(C + "report.source.parting", locale))
    if notes:
        head = f"{head} — {'; '.join(notes)}"
    attack = t(
        C + "report.attack",
        locale,
        dice=Msg(C + "count.dice", count=volley.attack_dice).render(locale),
        hit_on=volley.hit_on,
        faces=faces_text(volley.attack_faces),
        hits=Msg(C + "count.hits", count=volley.hits).render(locale),
    )
    wounds = Msg(C + "count.wounds", count=volley.wounds).render(locale)
    if volley.hits == 0:
        defence = t(C + "report.no_hits", locale)
    elif volley.defence is None:
        defence = t(C + "report.no_defence", locale, wounds=wounds)
    else:
        # FC-I3 `defence_blocks_on_equal = false`: a face equal to the value wounded.
        strict = volley.blocks_on is not None and volley.blocks_on > volley.defence
        defence = t(
            C + ("report.defence_strict" if strict else "report.defence"),
            locale,
            defence=volley.defence,
            faces=faces_text(volley.defence_faces),
            wounds=wounds,
        )
    return "\n".join((head, attack, defence))


def packet_lines(report: RoundReport, settings: FleetCombatSettings, locale: str) -> list[str]:
    """End of round: where each volley's wounds landed, the cap, burned hits (FC-5.13–5.22)."""
    lines: list[str] = []
    for packet in report.packets:
        if packet.wounds == 0:
            continue
        hits: list[str] = []
        on = packet.target_class
        for hit in packet.hits:
            moved = ""
            if (hit.ship_class or on) != on:  # FC-I12 `burn_excess = false`: the rest moved on
                on = hit.ship_class or on
                target_class = text(class_name(on), locale)
                moved = t(C + "report.moved_on", locale, target_class=target_class) + " "
            life = _life(report, settings, on)
            told = t(
                C + ("report.ship_destroyed" if hit.destroyed else "report.ship_wounded"),
                locale,
                ship=hit.ship_id,
                added=hit.wounds_added,
                wounds=hit.wounds,
                life=life if life is not None else "?",
            )
            hits.append(moved + told)
        extras = []
        if packet.lost_to_cap:
            extras.append(t(C + "report.lost_to_cap", locale, count=packet.lost_to_cap))
        if packet.burned:
            extras.append(t(C + "report.burned", locale, count=packet.burned))
        fired = report.volleys[packet.volley] if packet.volley < len(report.volleys) else None
        aimed = target_name(packet.target_class, fired.targets if fired is not None else None)
        lines.append(
            t(
                C + "report.packet",
                locale,
                number=packet.volley + 1,
                target=shown(packet.target),
                target_class=text(aimed, locale),
                hits="; ".join(hits + extras) or t(C + "report.nothing_placed", locale),
            )
        )
    return lines or [t(C + "report.no_wounds", locale)]


def _life(report: RoundReport, settings: FleetCombatSettings, ship_class: str) -> int | None:
    """FC-I4: the class's life as the round counted its wounds; the campaign's current table
    for a round logged before its report kept it (None for a class the table lost)."""
    if report.class_life is not None and ship_class in report.class_life:
        return report.class_life[ship_class]
    return settings.stats_of(ship_class).life if ship_class in settings.ship_stats else None


def _losses(report: RoundReport, settings: FleetCombatSettings, locale: str) -> list[str]:
    lines = [text(m, locale) for m in loss_lines(report)]
    transports = [x for x in report.losses if x.cause == "transport"]
    # FC-I13 `transport_loss_scope`, as the round was fought: with the side's last combat
    # ship, or their own; FC-5.9: a side (or fleet) that had none when the round began lost
    # none with them, and is told so.
    scope = report.transport_loss_scope or settings.transport_loss_scope
    suffix = "_own" if scope == "participant" else ""
    unescorted = set(report.transports_unescorted)
    for key, lost in (
        ("report.transports_lost", [x for x in transports if x.faction not in unescorted]),
        ("report.transports_unescorted", [x for x in transports if x.faction in unescorted]),
    ):
        if lost:
            factions = ", ".join(dict.fromkeys(shown(x.faction) for x in lost))
            lines.append(t(C + key + suffix, locale, factions=factions))
    return lines


def round_outcome(report: RoundReport, locale: str) -> str:
    """The round in one line, as the turn's summary tells it: what each side lost, and
    whether the battle fights on or who holds the point."""
    engaged = list(report.remaining) + [f for f in report.left if f not in report.remaining]
    return text(battle_line([report], engaged), locale, escape=True)


def round_sections(
    report: RoundReport, settings: FleetCombatSettings, locale: str, retreat_distance: int
) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """The report as description blocks (the outcome first, then the volleys) and titled
    sections of lines."""
    blocks = [f"**{round_outcome(report, locale)}**"]
    blocks += [text(m, locale) for m in retreating_lines(report)]
    # Each group that did not fire is told in its turn (FC-I7).
    for held, index, volley in volley_turns(report):
        blocks += [text(m, locale) for m in held]
        if volley is not None:
            blocks.append(volley_block(index + 1, volley, locale))
    if len(blocks) == 1:
        blocks.append(t(C + "report.no_volleys", locale))
    remaining = [
        t(C + "fleets.line", locale, faction=shown(f), ships=text(ships_msg(ships), locale))
        for f, ships in report.remaining.items()
    ]
    told = retreated_lines(report, retreat_distance=retreat_distance) + ending_lines(report)
    result = [text(m, locale) for m in told]
    # FC-I9 `deferred_damage = false`, as the round was fought: the wounds landed as each
    # volley was rolled.
    deferred = report.deferred_damage
    if deferred is None:
        deferred = settings.deferred_damage
    placed = "report.end_of_round" if deferred else "report.each_volley"
    sections = [
        (t(C + placed, locale), packet_lines(report, settings, locale)),
        (t(C + "report.losses", locale), _losses(report, settings, locale)),
        (t(C + "report.remaining", locale), remaining or ["—"]),
        (t(C + "report.result", locale), result),
    ]
    return blocks, sections


def paginate(
    title: str, blocks: Sequence[str], sections: Sequence[tuple[str, list[str]]], locale: str
) -> list[list[discord.Embed]]:
    """Blocks as descriptions and sections as fields, cut into messages Discord accepts."""
    items: list[tuple[str, str]] = [
        ("", chunk) for chunk in pack(blocks, DESCRIPTION_LIMIT, "\n\n")
    ]
    for heading, lines in sections:
        for index, chunk in enumerate(pack(lines, FIELD_LIMIT)):
            name = heading if index == 0 else t(C + "report.continued", locale, heading=heading)
            items.append((name, chunk))
    pages: list[list[discord.Embed]] = []
    page: list[discord.Embed] = []
    used = 0

    def new_embed(description: str | None) -> discord.Embed:
        nonlocal used
        heading = title if not page else None
        embed = discord.Embed(title=heading, description=description, colour=NEUTRAL_COLOUR)
        page.append(embed)
        used += len(embed)
        return embed

    for name, value in items:
        size = len(name) + len(value) + (len(title) if not page else 0)
        last = page[-1] if page else None
        needs_embed = not name or last is None or len(last.fields) >= FIELDS_PER_EMBED
        if page and (
            used + size > MESSAGE_BUDGET or (needs_embed and len(page) >= EMBEDS_PER_MESSAGE)
        ):
            pages.append(page)
            page, used = [], 0
        if not name:
            new_embed(value)
            continue
        embed = page[-1] if page and len(page[-1].fields) < FIELDS_PER_EMBED else new_embed(None)
        embed.add_field(name=clip(name, 256), value=value or "—", inline=False)
        used += len(name) + len(value)
    if page:
        pages.append(page)
    return pages


def round_pages(
    report: RoundReport, settings: FleetCombatSettings, locale: str
) -> list[list[discord.Embed]]:
    """One round's report as one or more messages."""
    title = t(
        C + "report.title",
        locale,
        battle=report.battle_id,
        point=shown(report.point),
        round=report.round,
    )
    if report.turn is not None:
        title = t(C + "report.title_turn", locale, title=title, turn=report.turn)
    # The round tells its own retreat distance; the current one reads a round logged before.
    blocks, sections = round_sections(report, settings, locale, settings.retreat_distance_points)
    return paginate(title, blocks, sections, locale)


def battle_pages(
    reports: Sequence[RoundReport], status: BattleStatus, settings: FleetCombatSettings, locale: str
) -> list[list[discord.Embed]]:
    """The battle's log: every round in order, then the battle as it stands (added to the last
    round's page when both fit in one message)."""
    pages: list[list[discord.Embed]] = []
    for report in reports:
        pages += round_pages(report, settings, locale)
    current = status_embed(status, settings, locale)
    last = pages[-1] if pages else None
    if (
        last is not None
        and len(last) < EMBEDS_PER_MESSAGE
        and sum(len(e) for e in last) + len(current) <= MESSAGE_BUDGET
    ):
        last.append(current)
    else:
        pages.append([current])
    total = len(pages)
    if total > 1:
        for number, page in enumerate(pages, start=1):
            page[-1].set_footer(text=t(C + "log.page", locale, page=number, pages=total))
    for page in pages:
        for embed in page:
            cite_in_footer(embed, locale)
    return pages


def round_page_index(
    reports: Sequence[RoundReport], round_number: int, settings: FleetCombatSettings, locale: str
) -> int:
    """The index of a round's first page in `battle_pages` (in the reader's language)."""
    index = 0
    for report in reports:
        if report.round == round_number:
            return index
        index += len(round_pages(report, settings, locale))
    return index


def outcome_message(
    outcome: BattleOutcome, settings: FleetCombatSettings, locale: str
) -> tuple[discord.Embed, discord.ui.View | None]:
    """The reply to a command that changes who fights whom (`/combat attack`, `allies`):
    the command's lines above the battle's status, and the battle's buttons."""
    status = battle_status(outcome.state, settings, outcome.battle.id)
    embed = status_embed(status, settings, locale)
    embed.description = "\n".join([lines_text(outcome.lines, locale), embed.description or ""])
    embed.colour = battle_colour(status)
    cite_in_footer(embed, locale)
    return embed, battle_view(outcome.battle, 0, 1, locale)


def battle_colour(status: BattleStatus) -> discord.Colour:
    """Waiting while a participant of the coming round has given no fire orders (the
    attacked players are asked for theirs); neutral otherwise."""
    waiting = status.active and any(
        p.status == "active" and not p.retreating and not p.orders_given
        for p in status.participants
    )
    return WAITING_COLOUR if waiting else NEUTRAL_COLOUR


def battle_view(
    battle: Battle, page: int, pages: int, locale: str, *, orders: bool = True
) -> discord.ui.View | None:
    """ "◀ Newer" and "Older ▶" through the log (the convention of every pager, `/history
    list` too: newer to the left), and "Give orders" while the battle is on."""
    items: list[discord.ui.Item[Any]] = []
    if pages > 1:
        items.append(
            control_button(
                "log",
                (battle.id, min(page + 1, pages - 1), 1),
                t(C + "log.newer", locale),
                disabled=page >= pages - 1,
            )
        )
        items.append(
            control_button(
                "log",
                (battle.id, max(page - 1, 0), 0),
                t(C + "log.older", locale),
                disabled=page <= 0,
            )
        )
    if orders and battle.active:
        items.append(
            control_button(
                "orders",
                (battle.id,),
                t(C + "orders.button", locale),
                style=discord.ButtonStyle.primary,
            )
        )
    return view_of(items)


# --- fire orders ----------------------------------------------------------------------------


def class_index(settings: FleetCombatSettings, ship_class: str) -> int:
    """A class's position in the campaign's table (custom ids carry it, not the name)."""
    return list(settings.ship_stats).index(ship_class)


def class_at(settings: FleetCombatSettings, index: int) -> str | None:
    """The class at a table position, if any."""
    classes = list(settings.ship_stats)
    return classes[index] if 0 <= index < len(classes) else None


def target_label(target: LegalTarget, locale: str) -> str:
    """`Blue — dreadnoughts (1, level 4)` for a select option."""
    key = "orders.option_retreating" if target.retreating else "orders.option"
    return t(
        C + key,
        locale,
        opponent=target.opponent,
        target_class=class_name(target.target_class).render(locale),
        ships=target.ships,
        level=target.level,
    )


def target_option_value(settings: FleetCombatSettings, target: LegalTarget) -> str:
    """A select value: `<class index>:<opponent>` (at most 100 characters)."""
    return f"{class_index(settings, target.target_class)}:{target.opponent}"[:100]


# How many combat ships of each class each participant has at a battle's point, by
# (faction, class): `target_counts`.
ShipCounts = Mapping[tuple[str, str], int]


def aim_text(target: FireTarget, counts: ShipCounts, locale: str) -> str:
    """`Blue's dreadnoughts`, or `Blue's dreadnought` while Blue has one there: the target
    named as the round's report will name it (`target_name`, FC-5.2)."""
    ships = counts.get((target.opponent, target.target_class))
    return t(
        C + "orders.aim",
        locale,
        opponent=shown(target.opponent),
        target_class=text(target_name(target.target_class, ships), locale),
    )


def split_aim(order: FireOrder, total_dice: int, counts: ShipCounts, locale: str) -> str:
    """`Blue's destroyers (1 die); Blue's dreadnought (3 dice)`: a split order (FC-I7); the
    last part takes the dice the others leave."""
    parts: list[str] = []
    left = total_dice
    for index, target in enumerate(order.targets):
        last = index == len(order.targets) - 1
        dice = left if last or target.dice is None else min(target.dice, left)
        left -= dice
        aim = aim_text(target, counts, locale)
        count = Msg(C + "count.dice", count=dice).render(locale)
        parts.append(t(C + "orders.aim_part", locale, aim=aim, dice=count))
    return "; ".join(parts)


def order_line(
    group: GroupStatus, number: int, counts: ShipCounts, locale: str, *, holds: bool = False
) -> str:
    """`1. 2 cruisers (4 dice, 5+) → Blue's dreadnoughts`, or the automatic target; with
    `holds` (`missing_orders = hold_fire`, FC-I7) a group without orders holds fire. The
    target is named by how many ships of its class the opponent has (`counts`)."""
    ships = text(class_count(group.ship_class, group.ships), locale)
    dice = Msg(C + "count.dice", count=group.attack_dice).render(locale)
    if group.order is not None and group.order.hold:
        aim = t(C + "orders.hold", locale)
    elif group.order is not None and group.order.targets and group.aim != "no_target":
        if len(group.order.targets) > 1:
            aim = split_aim(group.order, group.attack_dice, counts, locale)
        else:
            aim = aim_text(group.order.targets[0], counts, locale)
        # As the round reads the order (`GroupStatus.aim`): a GM's correction took a target
        # away, so the round aims automatically (FC-I8), or a parting volley turns it on the
        # retreaters (FC-6.2).
        if group.aim == "invalid_order":
            aim = t(C + "orders.aim_invalid", locale, aim=aim)
        elif group.aim == "retreat_override":
            aim = t(C + "orders.aim_retreat_override", locale, aim=aim)
    elif group.aim == "no_target":
        aim = t(C + "orders.no_target", locale)
    elif holds:
        aim = t(C + "orders.no_order_hold", locale)
    else:
        aim = t(C + "orders.automatic", locale)
    hit_on = f"{group.hit_on}+" if group.hit_on is not None else "—"
    return t(
        C + "orders.line", locale, number=number, ships=ships, dice=dice, hit_on=hit_on, aim=aim
    )


def orders_embed(
    battle: Battle,
    faction: str,
    groups: Sequence[GroupStatus],
    counts: ShipCounts,
    locale: str,
    *,
    retreating: bool,
    holds: bool = False,
) -> discord.Embed:
    """The participant's groups in firing order with their orders (FC-5.1–5.3, FC-I7), each
    target named by the ships of its class there (`counts`, `target_counts`); with `holds`
    (`missing_orders = hold_fire`) a group without orders is told it holds fire."""
    title = t(
        C + "orders.title",
        locale,
        battle=battle.id,
        round=battle.next_round,
        faction=shown(faction),
    )
    if retreating:
        body = t(C + "orders.retreating", locale)
    elif not groups:
        body = t(C + "orders.no_groups", locale)
    else:
        body = "\n".join(
            pack(
                [order_line(g, i + 1, counts, locale, holds=holds) for i, g in enumerate(groups)],
                DESCRIPTION_LIMIT,
            )[:1]
        )
    footer = t(C + ("orders.footer_hold" if holds else "orders.footer"), locale)
    return make_embed(title, body, footer=footer)


def orders_view(
    battle: Battle,
    faction_id: int,
    groups: Sequence[GroupStatus],
    settings: FleetCombatSettings,
    locale: str,
    page: int = 0,
) -> discord.ui.View | None:
    """One select per group listing only its legal targets (FC-5.4–5.8, FC-I8), ≤ 5 rows.
    Every control carries the round the panel is drawn for: a pick after that round was
    fought is refused, not taken for the next one (FC-5.3)."""
    armed = [g for g in groups if g.legal_targets]
    if not armed:
        return None
    # What picking "no order" does: an automatic target, or hold fire (FC-I7 `missing_orders`).
    hold = settings.missing_orders == "hold_fire"
    no_order = "orders.option_no_order_hold" if hold else "orders.option_auto"
    per_page = ROWS if len(armed) <= ROWS else SELECTS_PER_PAGE
    pages = (len(armed) + per_page - 1) // per_page
    page = min(max(page, 0), pages - 1)
    view = discord.ui.View(timeout=None)
    for group in armed[page * per_page : (page + 1) * per_page]:
        split = group.order is not None and len(group.order.targets) > 1
        current = (
            group.order.targets[0] if group.order and group.order.targets and not split else None
        )
        options = [
            discord.SelectOption(
                label=clip(t(C + no_order, locale), 100),
                value=AUTO,
                default=group.order is None,
            )
        ]
        if split:
            # A split order is typed with /combat order (FC-I7); the menu shows it as picked.
            options.append(
                discord.SelectOption(
                    label=clip(t(C + "orders.option_split", locale), 100),
                    value=SPLIT,
                    default=True,
                )
            )
        if settings.allow_hold_fire:
            options.append(
                discord.SelectOption(
                    label=clip(t(C + "orders.option_hold", locale), 100),
                    value=HOLD,
                    default=group.order is not None and group.order.hold,
                )
            )
        for target in group.legal_targets[: SELECT_OPTIONS - len(options)]:
            options.append(
                discord.SelectOption(
                    label=clip(target_label(target, locale), 100),
                    value=target_option_value(settings, target),
                    default=current is not None
                    and (current.opponent, current.target_class)
                    == (target.opponent, target.target_class),
                )
            )
        placeholder = t(
            # "1 dreadnought fires at…", "2 cruisers fire at…"
            C + ("orders.placeholder_one" if group.ships == 1 else "orders.placeholder"),
            locale,
            ships=class_count(group.ship_class, group.ships).render(locale),
        )
        view.add_item(
            controls.select(
                f"{SPEC.key}.ord",
                (
                    battle.id,
                    faction_id,
                    class_index(settings, group.ship_class),
                    battle.next_round,
                ),
                options,
                placeholder=clip(placeholder, 150),
            )
        )
    if pages > 1:
        for number in range(pages):
            view.add_item(
                control_button(
                    "ordp",
                    (battle.id, faction_id, number, battle.next_round),
                    t(C + "orders.page", locale, page=number + 1, pages=pages),
                    disabled=number == page,
                    row=ROWS - 1,
                )
            )
    return view


# --- odds -----------------------------------------------------------------------------------


def odds_embed(
    result: OddsResult,
    name_a: str,
    name_b: str,
    fleet_a: Fleet,
    fleet_b: Fleet,
    settings: FleetCombatSettings,
    locale: str,
) -> discord.Embed:
    """`/combat odds`: the chances, expected survivors, the method and its margin (FC-I17)."""
    lines = odds_lines(result, name_a, name_b)
    embed = make_embed(
        text(lines[0], locale),
        lines_text(lines[1:-1], locale),
        footer=text(lines[-1], locale),
    )
    add_field(embed, shown(name_a), text(ships_msg(fleet_a.ships), locale), inline=True)
    add_field(embed, shown(name_b), text(ships_msg(fleet_b.ships), locale), inline=True)
    classes = [s.ship_class for s in fleet_a.ships + fleet_b.ships]
    in_force = [stats_line(settings, c, locale) for c in ordered_classes(settings, classes)]
    add_field(embed, t(C + "battle.stats", locale), "\n".join(pack(in_force, FIELD_LIMIT)[:1]))
    cite_in_footer(embed, locale)
    return embed


def plain_embed(title: str, lines: Sequence[Msg | str], locale: str) -> discord.Embed:
    """A titled list of lines (attack declared, retreat, turn order, ...)."""
    embed = make_embed(title, lines_text(lines, locale) or None)
    cite_in_footer(embed, locale)
    return embed
