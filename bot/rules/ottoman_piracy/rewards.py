"""The reward step of a piracy (OP-5.3-5.10, OP-I10-I13): options, automatic and forced rewards.

Works in place on a state the caller already copied; `bot.rules.ottoman_piracy` wraps it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.dice import Dice
from bot.errors import Conflict
from bot.errors import NotAllowed
from bot.errors import NotFound
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.rules.ottoman_piracy.models import MAX_HAND
from bot.rules.ottoman_piracy.models import REWARDS
from bot.rules.ottoman_piracy.models import CardLock
from bot.rules.ottoman_piracy.models import HitReward
from bot.rules.ottoman_piracy.models import OttomanPiracySettings
from bot.rules.ottoman_piracy.models import OttomanPiracyState
from bot.rules.ottoman_piracy.models import PiracyRecord
from bot.rules.ottoman_piracy.models import RewardHow
from bot.rules.ottoman_piracy.models import RewardOption
from bot.rules.ottoman_piracy.models import SquadronGroup
from bot.rules.ottoman_piracy.names import OTTOMAN
from bot.rules.ottoman_piracy.names import P
from bot.rules.ottoman_piracy.names import counted
from bot.rules.ottoman_piracy.names import piracy_msg
from bot.rules.ottoman_piracy.names import power_label
from bot.rules.ottoman_piracy.names import power_name
from bot.rules.ottoman_piracy.names import sea_zone_label
from bot.rules.ottoman_piracy.names import sea_zone_name
from bot.text import shown

ROLL_RANDOM_CARD = "ottoman_piracy.roll.random_card"


def vp_value(vp: int, cap: int) -> Msg:
    """The piracy VP against the cap, as the status and a piracy's story show them: "7/10";
    past a cap the GM lowered below the VP already gained, "11 (cap 10 reached)": the VP
    gained stay (OP-5.8), +1 VP is not offered (OP-I13), and nothing reads as more than full."""
    return piracy_msg("status.vp_value_past_cap" if vp > cap else "status.vp_value", vp=vp, cap=cap)


def vp_line(vp: int, cap: int) -> Msg:
    """ "Ottoman piracy VP: 7/10" (`/corsairs status`), "… 11 (cap 10 reached)" past the cap."""
    return piracy_msg("status.vp_past_cap" if vp > cap else "status.vp", vp=vp, cap=cap)


def piracy_done_line(record: PiracyRecord, vp: int, cap: int) -> Msg:
    """A piracy resolved, with the piracy VP it leaves (past a lowered cap: "11 (cap 10
    reached)")."""
    key = "line.piracy_done_past_cap" if vp > cap else "line.piracy_done"
    return piracy_msg(key, piracy=record.id, vp=vp, cap=cap)


def reward_options(
    state: OttomanPiracyState, settings: OttomanPiracySettings, record: PiracyRecord
) -> list[RewardOption]:
    """Rewards possible for the next hit (OP-5.4-5.9, OP-I10, OP-I11, OP-I13)."""
    if record.status == "done" or record.hits_left <= 0:
        return []
    if record.card_chosen and (record.hand_size is None or record.hand_size > 0):
        # the chooser took the card; only the target's hand is still wanted (OP-I12)
        return [RewardOption(reward="card", needs_hand_size=record.hand_size is None)]
    options = [
        RewardOption(reward="squadron", squadron_index=i, squadron=group)
        for i, group in enumerate(record.squadrons_in_range)
        if group.count > 0
    ]
    if record.hand_size is None or record.hand_size > 0:  # OP-5.7
        options.append(RewardOption(reward="card", needs_hand_size=record.hand_size is None))
    if state.piracy_vp < settings.piracy_vp_cap:  # OP-5.8, OP-I13
        options.append(RewardOption(reward="vp"))
    return options


def settle_hits(
    state: OttomanPiracyState,
    settings: OttomanPiracySettings,
    record: PiracyRecord,
    dice: Dice,
    lines: list[Msg],
) -> list[HitReward]:
    """Settle hits that need no choice: one possible reward is applied, none loses the hit.

    OP-5.9: the Ottomans get a reward for each hit as long as one is possible. Stops at the
    first hit with a real choice, or when the only reward left is a card from a hand of
    unknown size (status `awaiting_hand_size`).
    """
    applied: list[HitReward] = []
    while record.hits_left > 0:
        record.status = "awaiting_choice"
        options = reward_options(state, settings, record)
        if not options:
            while record.hits_left > 0:
                lost = HitReward(hit=len(record.rewards) + 1, reward=None, how="lost")
                record.rewards.append(lost)
                applied.append(lost)
                lines.append(piracy_msg("line.reward.lost", hit=lost.hit))
            break
        if len(options) > 1:
            lines.append(awaiting_line(record, state.power_names))
            return applied
        only = options[0]
        if only.needs_hand_size:
            record.status = "awaiting_hand_size"
            lines.append(awaiting_line(record, state.power_names))
            return applied
        applied.append(apply_reward(state, settings, record, only, "automatic", dice, lines))
    record.status = "done"
    if record.hits or record.corsairs_left:
        lines.append(piracy_done_line(record, state.piracy_vp, settings.piracy_vp_cap))
    return applied


def asked_power(record: PiracyRecord) -> str:
    """The power whose player answers the piracy's question now: the target when only its
    hand size is wanted (only it states its hand, OP-I12), else the chooser (OP-I10's
    `reward_chooser`)."""
    return record.target if record.status == "awaiting_hand_size" else record.chooser


def awaiting_line(record: PiracyRecord, names: Mapping[str, str] | None = None) -> Msg:
    """Who the piracy waits for now: the chooser, or the target's hand size; `names` are the
    custom powers' (the state's `power_names`)."""
    if record.status == "awaiting_hand_size":
        target = power_label(record.target, names)
        key = "line.card_chosen_hand" if record.card_chosen else "line.awaiting_hand_size"
        return piracy_msg(key, target=target, hit=record.awaiting_hit)
    return piracy_msg(
        "line.awaiting_choice",
        chooser=power_label(record.chooser, names),
        hit=record.awaiting_hit,
        hits=record.hits,
    )


def hand_size_line(power: str, hand_size: int, names: Mapping[str, str] | None = None) -> Msg:
    """A power's stated hand (OP-I12); an empty one says plainly that no card can be drawn
    from it, and what that means for a hit: another reward, or the hit is lost (OP-5.7,
    OP-5.9, OP-I10)."""
    target = power_label(power, names)
    if hand_size == 0:
        return piracy_msg("line.empty_hand", target=target)
    return piracy_msg("line.hand_size", target=target, cards=counted("cards", hand_size))


def empty_hand_lines(record: PiracyRecord, names: Mapping[str, str] | None = None) -> list[Msg]:
    """The empty-hand line for a piracy whose target holds no cards as stated (OP-5.7,
    OP-I12), told with its rewards; none once a card was taken from the hand (it was not
    empty then) or while the hand is unknown."""
    taken = any(given.reward == "card" for given in record.rewards)
    if record.hand_size != 0 or taken or not record.hits:
        return []
    return [hand_size_line(record.target, 0, names)]


def squadron_line(
    record: PiracyRecord,
    hit: int,
    group: SquadronGroup,
    how: Msg | str,
    names: Mapping[str, str] | None = None,
) -> Msg:
    """A hit's squadron eliminated (OP-5.4), told where it stood: in the piracy zone, named
    as the zone; else at the place registered, else (registered as adjacent, no place named)
    at "an adjacent sea zone or port". `names` are the custom powers'."""
    power = power_label(group.power, names)
    if group.location == "zone":
        zone = sea_zone_label(record.declaration.sea_zone)
        return piracy_msg("line.reward.squadron_in_zone", hit=hit, power=power, zone=zone, how=how)
    place = shown(group.place) if group.place else piracy_msg("place.adjacent")
    return piracy_msg("line.reward.squadron", hit=hit, power=power, place=place, how=how)


def apply_reward(
    state: OttomanPiracyState,
    settings: OttomanPiracySettings,
    record: PiracyRecord,
    option: RewardOption,
    how: RewardHow,
    dice: Dice,
    lines: list[Msg],
) -> HitReward:
    """Give the Ottomans one reward for the next hit (OP-5.4-5.6)."""
    hit = len(record.rewards) + 1
    record.card_chosen = False  # the hit has its reward: no hand is wanted for it any more
    how_text: Msg | str = piracy_msg(f"how.{how}") if how in ("automatic", "forced") else ""
    target = record.target
    if option.reward == "squadron":
        assert option.squadron_index is not None
        group = record.squadrons_in_range[option.squadron_index]
        record.squadrons_in_range[option.squadron_index] = group.model_copy(
            update={"count": group.count - 1}
        )
        reward = HitReward(
            hit=hit, reward="squadron", how=how, squadron=group.model_copy(update={"count": 1})
        )
        lines.append(squadron_line(record, hit, group, how_text, state.power_names))
    elif option.reward == "card":
        hand = record.hand_size
        index: int | None = None
        lock_text = piracy_msg(f"lock.{settings.stolen_card_lock}")
        if settings.random_card_method == "bot_index_roll":
            assert hand is not None and hand > 0
            index = dice.roll(1, hand, ROLL_RANDOM_CARD, clause="OP-I12")[0]
            lines.append(
                piracy_msg(
                    "line.reward.card_roll",
                    hit=hit,
                    hand=hand,
                    index=index,
                    lock=lock_text,
                    how=how_text,
                )
            )
        else:
            lines.append(
                piracy_msg("line.reward.card_drawn", hit=hit, lock=lock_text, how=how_text)
            )
        if hand is not None:
            record.hand_size = hand - 1
            state.hand_sizes[target] = hand - 1
        if OTTOMAN in state.hand_sizes:
            state.hand_sizes[OTTOMAN] += 1
        state.card_locks.append(
            CardLock(
                piracy_id=record.id,
                hit=hit,
                from_power=target,
                turn=record.turn,
                impulse=state.impulse.number,
                lock=settings.stolen_card_lock,
            )
        )
        reward = HitReward(hit=hit, reward="card", how=how, hand_size=hand, card_index=index)
    else:
        before = state.piracy_vp
        state.piracy_vp = min(settings.piracy_vp_cap, before + 1)  # OP-5.8, OP-I13
        reward = HitReward(hit=hit, reward="vp", how=how, vp_after=state.piracy_vp)
        lines.append(
            piracy_msg(
                "line.reward.vp", hit=hit, before=before, after=state.piracy_vp, how=how_text
            )
        )
    record.rewards.append(reward)
    return reward


def option_label(
    record: PiracyRecord, option: RewardOption, names: Mapping[str, str] | None = None
) -> Msg:
    """A button label for a reward option; squadrons name their power (`names`: the custom
    powers') and place, as typed and unescaped: a label shows no Markdown."""
    if option.reward == "squadron" and option.squadron is not None:
        group = option.squadron
        power = power_name(group.power, names)
        if group.location == "zone" or not group.place:
            zone = sea_zone_name(record.declaration.sea_zone)
            return piracy_msg("reward.squadron_in_zone", power=power, zone=zone)
        return piracy_msg("reward.squadron_at", power=power, place=group.place)
    return piracy_msg(f"reward.{option.reward}")


def logged_answer_label(_command: str, options: Mapping[str, Any]) -> Msg | None:
    """A logged answer to a reward question (`corsairs reward`, `corsairs force`) as its
    button read: "+1 piracy VP", "Give a random card" (also a hand picked from the select),
    "Eliminate a squadron" (the entry's summary says whose and where), the GM's force; None
    for a code no button carries."""
    answer = str(options.get("answer", ""))
    if answer == "force":
        return Msg("corsairs.reward.force")
    if answer.startswith("sq."):
        return piracy_msg("reward.squadron")
    if answer in ("vp", "card", "hand"):
        return piracy_msg("reward.card" if answer == "hand" else f"reward.{answer}")
    return None


def find_piracy(state: OttomanPiracyState, piracy_id: int) -> PiracyRecord:
    """The piracy awaiting rewards, by id: a resolved one is a Conflict (a second answer),
    an id never declared `NotFound`."""
    record = state.pending_piracy
    if record is not None and record.id == piracy_id:
        return record
    if 0 < piracy_id <= state.last_piracy_id:
        raise Conflict(P + "error.no_hit_awaiting", piracy=piracy_id)
    raise NotFound(P + "error.unknown_piracy", piracy=piracy_id)


def awaiting_piracy(state: OttomanPiracyState, piracy_id: int, hit: int | None) -> PiracyRecord:
    """The piracy, if it has a hit awaiting; a second answer for a hit is a Conflict."""
    record = find_piracy(state, piracy_id)
    if record.status == "done":
        raise Conflict(P + "error.no_hit_awaiting", piracy=piracy_id)
    if hit is not None and hit != record.awaiting_hit:
        raise Conflict(P + "error.stale_hit", piracy=piracy_id, hit=hit)
    return record


def check_faction(
    state: OttomanPiracyState, power: str, by_faction: str | None, key: str, clause: str
) -> None:
    """`by_faction` (None: the GM) must play `power` when the power's faction is known; the
    refusal names that faction."""
    owner = state.faction_of(power)
    if by_faction is not None and owner is not None and by_faction != owner:
        raise NotAllowed(P + key, clause=clause, faction=shown(owner))


def pick_option(
    state: OttomanPiracyState,
    settings: OttomanPiracySettings,
    record: PiracyRecord,
    reward: str,
    squadron: int | None,
) -> RewardOption:
    """The option matching the chooser's answer, or the rule that forbids it."""
    if reward not in REWARDS:
        raise NotFound(P + "error.unknown_reward", reward=reward)
    options = [o for o in reward_options(state, settings, record) if o.reward == reward]
    if reward == "vp" and not options:
        if state.piracy_vp > settings.piracy_vp_cap:  # a cap lowered below the VP gained
            raise RuleViolation(
                P + "error.vp_past_cap",
                clause="OP-I13",
                vp=state.piracy_vp,
                cap=settings.piracy_vp_cap,
            )
        raise RuleViolation(P + "error.vp_capped", clause="OP-5.8", cap=settings.piracy_vp_cap)
    if reward == "card":
        if not options:
            raise RuleViolation(P + "error.empty_hand", clause="OP-5.7")
        if options[0].needs_hand_size and settings.random_card_method == "bot_index_roll":
            raise RuleViolation(P + "error.hand_size_needed", clause="OP-I12")
    if reward == "squadron":
        if not options:
            raise RuleViolation(P + "error.no_squadron_in_range", clause="OP-5.4")
        if squadron is None:
            if len(options) > 1:
                raise RuleViolation(P + "error.which_squadron", clause="OP-5.4")
            return options[0]
        for option in options:
            if option.squadron_index == squadron:
                return option
        raise RuleViolation(P + "error.no_squadron_in_range", clause="OP-5.4")
    return options[0]


def check_hand_size(hand_size: int) -> None:
    """A hand size the players state must be a plausible number of cards."""
    if not 0 <= hand_size <= MAX_HAND:
        raise RuleViolation(P + "error.hand_size_range", clause="OP-I12", max=MAX_HAND)


def forced_option(
    options: list[RewardOption], settings: OttomanPiracySettings
) -> RewardOption | None:
    """OP-I10: the first possible reward in `forced_reward_order` (VP, squadron, card); None
    when it is a card from a hand of unknown size, which is asked first (OP-I12), rather
    than forcing a reward that comes later in the order."""
    for kind in settings.forced_reward_order:
        for option in options:
            if option.reward != kind:
                continue
            if option.needs_hand_size and settings.random_card_method == "bot_index_roll":
                return None
            return option
    return None
