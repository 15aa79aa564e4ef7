"""What the naval orders commands return: a new state, the narration, archive records."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field

from bot.i18n import Msg
from bot.rules.naval_orders.models import ActiveOrder
from bot.rules.naval_orders.models import CompletedOrder
from bot.rules.naval_orders.models import Force
from bot.rules.naval_orders.models import NavalOrdersState
from bot.rules.naval_orders.models import PacketRelay
from bot.rules.naval_orders.models import Station
from bot.rules.naval_orders.models import archive_key
from bot.rulesets import ArchiveRecord


@dataclass(frozen=True)
class NavalOutcome:
    """A command's result: the new state (the input is never changed), the force or relay it
    concerned, the lines to post and the finished orders to archive."""

    state: NavalOrdersState
    lines: list[Msg] = field(default_factory=list)
    force: Force | None = None
    relay: PacketRelay | None = None
    archive: list[ArchiveRecord] = field(default_factory=list)


def retire_order(
    state: NavalOrdersState, holder: Force | Station, active: ActiveOrder, end: str, turn: int
) -> ArchiveRecord:
    """An order of a force (or a station's build order) leaving the live state, as an archive
    record: the state keeps no history."""
    body = CompletedOrder.model_validate(
        {
            "force": holder.name,
            "owner": holder.owner or "",
            "order": active.order,
            "force_kind": active.force_kind,
            "ships": active.ships,
            "given_turn": active.given_turn,
            "ended_turn": turn,
            "end": end,
            "turns_done": active.turns_done,
            "turns_required": active.turns_required,
            "raid_roll": active.raid_roll,
        }
    )
    seq = state.next_archive_seq
    state.next_archive_seq += 1
    # A force kept apart under its faction-qualified name (`Force.clash`) has its own series.
    series = holder.clash if isinstance(holder, Force) and holder.clash else holder.name
    return ArchiveRecord(key=archive_key(series), seq=seq, body=body)
