"""Embeds and views of `/corsairs`: the piracy story, its reward question, the status board.

Everything is rebuilt from the engine's records (`PiracyRecord`, `PiracyStatus`), so the
same story renders in the reader's language after any click, restart or forced default.
"""

from __future__ import annotations

from collections.abc import Mapping

import discord

from bot import controls
from bot.campaigns import Faction
from bot.controls import Control
from bot.i18n import Msg
from bot.i18n import t
from bot.interactions import LOSS_COLOUR
from bot.interactions import SUCCESS_COLOUR
from bot.interactions import WAITING_COLOUR
from bot.interactions import add_field
from bot.interactions import choice_button
from bot.interactions import choice_view
from bot.interactions import cite_in_footer
from bot.interactions import clip
from bot.interactions import make_embed
from bot.interactions import outcome_embeds
from bot.rules.ottoman_piracy import HitReward
from bot.rules.ottoman_piracy import OttomanPiracySettings
from bot.rules.ottoman_piracy import OttomanPiracyState
from bot.rules.ottoman_piracy import PiracyOutcome
from bot.rules.ottoman_piracy import PiracyRecord
from bot.rules.ottoman_piracy import PiracyStatus
from bot.rules.ottoman_piracy import RewardOption
from bot.rules.ottoman_piracy import card_lock_lines
from bot.rules.ottoman_piracy import option_label
from bot.rules.ottoman_piracy import power_label
from bot.rules.ottoman_piracy import sea_zone_label
from bot.rules.ottoman_piracy import vp_value
from bot.rules.ottoman_piracy import zones_used_lines
from bot.rules.ottoman_piracy.engine import declaration_lines
from bot.rules.ottoman_piracy.engine import ottoman_count_lines
from bot.rules.ottoman_piracy.engine import source_lines
from bot.rules.ottoman_piracy.names import counted
from bot.rules.ottoman_piracy.names import piracy_msg
from bot.rules.ottoman_piracy.names import power_name
from bot.rules.ottoman_piracy.names import sea_zone_key
from bot.rules.ottoman_piracy.rewards import awaiting_line
from bot.rules.ottoman_piracy.rewards import empty_hand_lines
from bot.rules.ottoman_piracy.rewards import piracy_done_line
from bot.rules.ottoman_piracy.rewards import squadron_line
from bot.scaffold import Applied
from bot.text import faces_text
from bot.text import lines_text
from bot.text import shown
from bot.text import text

C = "corsairs."
# A select holds at most 25 options: hands of 0..24 (a hand of 0 takes no card); a larger
# hand (up to MAX_HAND) is stated with /corsairs hand, as the select's placeholder says.
SELECT_OPTIONS = 25
# Custom powers' names as the GM typed them, by key (the state's `power_names`).
Names = Mapping[str, str] | None


# --- the story of one piracy --------------------------------------------------------------


def target_dice_lines(record: PiracyRecord, names: Names = None) -> list[Msg]:
    """OP-2: each source with its dice (or why it gives none), as the log words them;
    counted fortresses in one line. `names` are the custom powers' (the state's
    `power_names`)."""
    return source_lines(record.target_dice, names)


def anti_piracy_lines(record: PiracyRecord, names: Names = None) -> list[Msg]:
    """OP-3: the target's roll, the corsairs it sank and the hits that were lost."""
    target = power_label(record.target, names)
    lines = target_dice_lines(record, names)
    if not record.anti_piracy_faces:
        lines.append(piracy_msg("line.no_target_dice", target=target))
        return lines
    lines.append(
        piracy_msg(
            "line.anti_piracy_roll",
            faces=faces_text(record.anti_piracy_faces),
            hits=counted("hits", record.anti_piracy_hits),
        )
    )
    lines.append(
        piracy_msg(
            "line.corsairs_sunk",
            sunk=counted("corsairs", record.corsairs_lost),
            left=counted("corsairs", record.corsairs_left),
        )
    )
    if record.ottoman_squadrons_lost:
        lines.append(
            piracy_msg(
                "line.ottoman_squadrons_sunk",
                squadrons=counted("squadrons", record.ottoman_squadrons_lost),
            )
        )
    lost = record.anti_piracy_hits - record.corsairs_lost - record.ottoman_squadrons_lost
    if lost > 0:
        lines.append(piracy_msg("line.extra_hits_lost", hits=counted("hits", lost)))
    return lines


def ottoman_dice_lines(record: PiracyRecord) -> list[Msg]:
    """OP-4, OP-5.1-5.2: the base dice, each leader's rating, the roll."""
    dice = record.ottoman_dice
    if dice is None:
        return [piracy_msg("line.all_corsairs_sunk")]
    lines = ottoman_count_lines(dice, record.corsairs_left)
    lines.append(
        piracy_msg(
            "line.piracy_roll",
            faces=faces_text(record.piracy_faces),
            hits=counted("hits", record.hits),
        )
    )
    return lines


def reward_line(
    record: PiracyRecord,
    reward: HitReward,
    state: OttomanPiracyState,
    settings: OttomanPiracySettings,
) -> Msg:
    """One hit's reward as the engine words it (OP-5.4-5.6, OP-5.9)."""
    how: Msg | str = (
        piracy_msg(f"how.{reward.how}") if reward.how in ("automatic", "forced") else ""
    )
    if reward.reward is None:
        return piracy_msg("line.reward.lost", hit=reward.hit)
    if reward.reward == "squadron" and reward.squadron is not None:
        return squadron_line(record, reward.hit, reward.squadron, how, state.power_names)
    if reward.reward == "card":
        kind = next(
            (
                lock.lock
                for lock in state.card_locks
                if lock.piracy_id == record.id and lock.hit == reward.hit
            ),
            settings.stolen_card_lock,
        )
        lock = piracy_msg(f"lock.{kind}")
        if reward.card_index is None:
            return piracy_msg("line.reward.card_drawn", hit=reward.hit, lock=lock, how=how)
        return piracy_msg(
            "line.reward.card_roll",
            hit=reward.hit,
            hand=reward.hand_size,
            index=reward.card_index,
            lock=lock,
            how=how,
        )
    after = reward.vp_after if reward.vp_after is not None else state.piracy_vp
    return piracy_msg("line.reward.vp", hit=reward.hit, before=after - 1, after=after, how=how)


def reward_lines(
    record: PiracyRecord, state: OttomanPiracyState, settings: OttomanPiracySettings
) -> list[Msg]:
    """Every reward so far, after the target's empty hand when it holds no cards (OP-5.7,
    OP-I12), then who the piracy waits for or that it is resolved."""
    lines = empty_hand_lines(record, state.power_names)
    lines += [reward_line(record, r, state, settings) for r in record.rewards]
    if record.status != "done":
        lines.append(awaiting_line(record, state.power_names))
    elif record.hits or record.corsairs_left:
        lines.append(piracy_done_line(record, state.piracy_vp, settings.piracy_vp_cap))
    return lines


def story_outcome(record: PiracyRecord, locale: str, names: Names = None) -> str:
    """The first line of the story: how many hits, and who must choose or what was taken."""
    target = text(power_label(record.target, names), locale)
    if record.ottoman_dice is None and record.corsairs_lost:
        # OP-4.1, OP-I7: the anti-piracy roll sank every corsair; the Ottomans never rolled.
        return t(C + "story.outcome.all_sunk", locale, count=record.corsairs_lost)
    if record.hits == 0:
        return t(C + "story.outcome.no_hits", locale)
    if record.status != "done":
        chooser = text(power_label(record.chooser, names), locale)
        if not record.rewards:
            return t(C + "story.outcome.awaiting", locale, count=record.hits, chooser=chooser)
        # some hits are settled already: the rewards still to choose are counted
        hits = text(counted("hits", record.hits), locale)
        key = C + "story.outcome.awaiting_rest"
        return t(key, locale, count=record.hits_left, hits=hits, chooser=chooser)
    taken = rewards_taken(record)
    if taken == record.hits:
        return t(C + "story.outcome.done", locale, count=record.hits, target=target)
    # OP-5.9: hits with no possible reward are lost; they are not told as rewards taken.
    hits = text(counted("hits", record.hits), locale)
    if taken == 0:
        return t(C + "story.outcome.done_none", locale, hits=hits, target=target)
    rewards = t(C + "count.rewards", locale, count=taken)
    return t(C + "story.outcome.done_some_lost", locale, hits=hits, rewards=rewards, target=target)


def rewards_taken(record: PiracyRecord) -> int:
    """How many hits earned a reward (the others were lost, OP-5.9)."""
    return sum(1 for given in record.rewards if given.reward is not None)


def story_colour(record: PiracyRecord) -> discord.Colour:
    """Waiting while a reward is to be chosen; success when a reward was taken; loss when
    the piracy took nothing."""
    if record.status != "done":
        return WAITING_COLOUR
    return SUCCESS_COLOUR if rewards_taken(record) else LOSS_COLOUR


def story_embed(
    record: PiracyRecord,
    state: OttomanPiracyState,
    settings: OttomanPiracySettings,
    locale: str,
    *,
    entry_seq: int | None = None,
) -> discord.Embed:
    """The piracy told like the rulebook's example (OP-6): dice by source, rolls, rewards."""
    declaration = record.declaration
    zone = sea_zone_label(declaration.sea_zone)
    names = state.power_names
    target = power_label(record.target, names)
    intro = declaration_lines(record.id, declaration, names, record.cp_cost, record.cp_left)
    embed = make_embed(
        t(C + "story.title", locale, piracy=record.id, zone=text(zone, locale)),
        f"**{story_outcome(record, locale, names)}**\n" + lines_text(intro, locale),
        colour=story_colour(record),
    )
    add_field(
        embed,
        t(
            C + "story.target_dice",
            locale,
            target=text(target, locale),
            dice=counted("dice", record.target_dice_total).render(locale),
        ),
        lines_text(anti_piracy_lines(record, names), locale),
    )
    ottoman_dice = record.ottoman_dice.total if record.ottoman_dice is not None else 0
    add_field(
        embed,
        t(C + "story.ottoman_dice", locale, dice=counted("dice", ottoman_dice).render(locale)),
        lines_text(ottoman_dice_lines(record), locale),
    )
    if record.hits:
        add_field(
            embed,
            t(C + "story.rewards", locale),
            lines_text(reward_lines(record, state, settings), locale),
        )
    add_field(
        embed,
        t(C + "story.vp", locale),
        vp_value(state.piracy_vp, settings.piracy_vp_cap).render(locale),
        inline=True,
    )
    # OP-I3: a turn's end removes the marker; a piracy still open then says so (OP-I10).
    key = sea_zone_key(record.declaration.sea_zone)
    placed = any(m.turn == record.turn and m.zone_key == key for m in state.piracy_markers)
    marker = C + ("story.marker_value" if placed else "story.marker_removed")
    add_field(
        embed,
        t(C + "story.marker", locale),
        t(marker, locale, zone=text(zone, locale), turn=record.turn),
        inline=True,
    )
    footer = [t(C + "story.footer", locale, seq=entry_seq)] if entry_seq is not None else []
    cite_in_footer(embed, locale, footer=footer)
    return embed


# --- the reward question ------------------------------------------------------------------


def _button_label(record: PiracyRecord, option: RewardOption, locale: str, names: Names) -> str:
    if option.reward == "card" and record.chooser != record.target:  # the Ottomans take it
        power = text(power_name(record.target, names), locale)  # a label: unescaped
        return t(C + "reward.card_their_hand", locale, power=power)
    group = option.squadron
    if (
        option.reward == "squadron"
        and group is not None
        and group.location != "zone"
        and not group.place
    ):
        return t(
            C + "reward.squadron_adjacent",
            locale,
            power=text(power_name(group.power, names), locale),  # a label: unescaped
        )
    return option_label(record, option, names).render(locale)


def _hand_select(choice_id: int, placeholder: str, first: int, locale: str) -> Control:
    """A select of hand sizes; it answers the pending choice like a button (option "hand")."""
    numbers = range(first, first + SELECT_OPTIONS)
    return controls.select(
        "choice",
        (choice_id, "hand"),
        [
            discord.SelectOption(label=counted("cards", n).render(locale), value=str(n))
            for n in numbers
        ],
        placeholder=clip(placeholder, 150),
    )


def question_view(
    choice_id: int,
    record: PiracyRecord,
    options: list[RewardOption],
    locale: str,
    names: Names = None,
) -> discord.ui.View:
    """Buttons for the rewards still possible (OP-5.7-5.9) and the GM's forced default;
    `names` are the custom powers' (the state's `power_names`).

    A card from a hand of unknown size is a select of hand sizes for the target: one pick
    states the hand and takes the card (OP-I12). When the Ottomans choose (OP-I10
    `reward_chooser`) it is a button: only the target states its hand, so it is asked next.
    Only the chooser (the target, for its hand) or a GM can answer (the core checks).
    """
    buttons: list[Control] = []
    select: Control | None = None
    for option in options:
        own_hand = record.status == "awaiting_hand_size" or record.chooser == record.target
        if option.reward == "card" and option.needs_hand_size and own_hand:
            # OP-5.7: a hand of 0 takes no card; the other rewards settle (or the hit is lost)
            if record.status == "awaiting_hand_size":  # the target's own hand (OP-I12)
                key = "reward.hand_size"
            else:
                key = "reward.card_hand"
            placeholder = t(C + key, locale, most=SELECT_OPTIONS - 1)
            select = _hand_select(choice_id, placeholder, 0, locale)
            continue
        key = f"sq.{option.squadron_index}" if option.reward == "squadron" else option.reward
        buttons.append(
            choice_button(
                choice_id,
                key,
                _button_label(record, option, locale, names),
                style=discord.ButtonStyle.primary,
            )
        )
    buttons.append(choice_button(choice_id, "force", t(C + "reward.force", locale)))
    view = choice_view(buttons)
    if select is not None:
        view.add_item(select)
    return view


# --- status and bookkeeping ---------------------------------------------------------------


def status_embed(
    status: PiracyStatus,
    state: OttomanPiracyState,
    factions: list[Faction],
    turn: int,
    locale: str,
) -> discord.Embed:
    """`/corsairs status`: VP, markers of this turn, locked cards, who is at war, who plays."""
    embed = make_embed(t(C + "status.title", locale, turn=turn))
    add_field(
        embed,
        t(C + "status.vp", locale),
        vp_value(status.piracy_vp, status.piracy_vp_cap).render(locale),
        inline=True,
    )
    if status.impulse.active_power is not None:
        add_field(
            embed,
            t(C + "status.impulse", locale),
            t(
                C + "status.impulse_value",
                locale,
                impulse=status.impulse.number,
                power=text(power_label(status.impulse.active_power, state.power_names), locale),
            ),
            inline=True,
        )
    zones = zones_used_lines(status.zones_used)
    add_field(embed, t(C + "status.zones", locale), lines_text(zones, locale))
    cards = card_lock_lines(status.card_locks, state.power_names)
    add_field(embed, t(C + "status.cards", locale), lines_text(cards, locale))
    pending = status.in_progress
    if pending is not None:
        waiting = status.lines[-1]
        add_field(embed, t(C + "status.waiting", locale), waiting.render(locale))
    at_war = ", ".join(power_names(status.at_war_with_ottomans, locale, state.power_names))
    add_field(embed, t(C + "status.at_war", locale), at_war or t(C + "status.nobody", locale))
    users = {f.name: f.user_id for f in factions}
    players = [
        t(
            C + "status.player_line",
            locale,
            power=name,
            faction=shown(faction),
            user=f"<@{users[faction]}>" if users.get(faction) else "—",
        )
        for name, faction in sorted(
            (
                (text(power_label(p, state.power_names), locale), f)
                for p, f in state.power_factions.items()
            ),
            key=lambda pair: pair[0].casefold(),
        )
    ]
    add_field(
        embed,
        t(C + "status.players", locale),
        "\n".join(players) or t(C + "status.no_players", locale),
    )
    cite_in_footer(embed, locale)
    return embed


def power_names(powers: list[str], locale: str, names: Names = None) -> list[str]:
    """Powers as the reader reads them, in the order of their names in that language
    (`names`: the custom powers')."""
    return sorted((text(power_label(p, names), locale) for p in powers), key=str.casefold)


def settled_embed(
    done: Applied[PiracyOutcome, OttomanPiracySettings], question_url: str, locale: str
) -> discord.Embed:
    """The reply to the GM's forced rewards (`/corsairs force`): the piracy's outcome, what
    the answer did, and a link to the question, which shows the whole story."""
    record = done.outcome.piracy
    zone = sea_zone_label(record.declaration.sea_zone)
    outcome = f"**{story_outcome(record, locale, done.outcome.state.power_names)}**"
    told = [outcome, *(m.render(locale) for m in done.outcome.lines)]
    told.append(t("question.settled_there", locale, url=question_url))
    embed = make_embed(
        t(C + "story.title", locale, piracy=record.id, zone=text(zone, locale)),
        "\n".join(told),
        colour=story_colour(record),
    )
    cite_in_footer(embed, locale, footer=[t(C + "story.footer", locale, seq=done.entry.seq)])
    return embed


def change_embeds(
    lines: list[Msg], locale: str, *, extra: list[str] | None = None
) -> list[discord.Embed]:
    """The answer to a GM's bookkeeping command (war, players, VP, impulse, hand): what
    changed first, the ruleset named in the footer."""
    body = [m.render(locale) for m in lines] + (extra or [])
    return outcome_embeds("ottoman_piracy", body, locale)


def hand_embeds(
    done: Applied[PiracyOutcome, OttomanPiracySettings], locale: str
) -> list[discord.Embed]:
    """The answer to the hand-size question of a piracy in progress (`/corsairs hand`,
    OP-I12): the hand stated and what it settled, under a title naming the piracy and the
    hand, so that an undo strikes a recognisable title (`undone_edit`)."""
    record = done.outcome.piracy
    power = text(power_label(record.target, done.outcome.state.power_names), locale)
    embeds = change_embeds(done.outcome.lines, locale)
    embeds[0].title = t(C + "hand.title", locale, piracy=record.id, power=power)
    return embeds
