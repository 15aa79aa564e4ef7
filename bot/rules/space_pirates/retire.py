"""Finished records leave the live state for the ruleset's archive at the start of each
resolution, so the state stays bounded however long the campaign runs: attack-history
records no look-back can reach any more (SP-I38), bribes no longer placed (SP-I33) and
mercenary contracts that ended (SP-I35), these two a resolution after they finished, so the
turn that follows still shows them. The archive keeps them unchanged
(series `history/<faction>`, `bribes`, `contracts`); reports and battle rounds were already
archived when they happened.

What stays in the history is everything a rule still reads (SP-I38): every record of the
look-back windows (locating, hiring, the base fleet: the widest of them, counted from this
resolution, one turn spare), the last `planet_fleet_history_count` route and planet records
both counting and not counting bought-off ones (SP-I20, so flipping
`history_includes_bought_off` later finds the same records), the most recent record that
attacked (SP-I30's fallback), and any record still pending."""

from __future__ import annotations

from bot.rules.space_pirates.models import AttackRecord
from bot.rules.space_pirates.models import PlayerPirates
from bot.rules.space_pirates.models import SpacePiratesState
from bot.rules.space_pirates.settings import SpacePiratesSettings
from bot.rulesets import ArchiveRecord

HISTORY = "history"
BRIBES = "bribes"
CONTRACTS = "contracts"


def history_key(faction: str) -> str:
    """Archive series of one player's retired attack records, in the order appended."""
    return f"{HISTORY}/{faction}"


def _kept(record: PlayerPirates, settings: SpacePiratesSettings, turn: int) -> set[int]:
    """Indexes of the history records a rule may still read (SP-I20, SP-I30, SP-I38)."""
    history = record.history
    window = max(settings.base_history_window_turns, settings.mercenary_window_turns)
    keep = {i for i, r in enumerate(history) if r.outcome == "pending" or r.turn >= turn - window}
    count = settings.planet_fleet_history_count
    for kind in ("route", "planet"):
        done = [i for i, r in enumerate(history) if r.kind == kind and r.outcome != "pending"]
        attacked = [i for i in done if history[i].outcome != "bought_off"]
        keep.update(done[-count:] if count > 0 else [])
        keep.update(attacked[-count:] if count > 0 else [])
    last = [i for i, r in enumerate(history) if r.outcome not in ("pending", "bought_off")]
    keep.update(last[-1:])
    last_any = [i for i, r in enumerate(history) if r.outcome != "pending"]
    keep.update(last_any[-1:])
    return keep


def retire_finished(
    state: SpacePiratesState, settings: SpacePiratesSettings, turn: int
) -> list[ArchiveRecord]:
    """Move what resolution `turn` and later can no longer read to the archive records
    returned (in place). Only between resolutions: a paused one refers to its history
    records by position (SP-I45), so nothing moves while a choice waits."""
    if state.waiting or state.upkeep_due or state.resolution is not None:
        return []
    archive: list[ArchiveRecord] = []
    for faction, record in state.players.items():
        keep = _kept(record, settings, turn)
        if len(keep) == len(record.history):
            continue
        kept: list[AttackRecord] = []
        for index, attack in enumerate(record.history):
            if index in keep:
                kept.append(attack)
            else:
                archive.append(ArchiveRecord(history_key(faction), record.history_archived, attack))
                record.history_archived += 1
        record.history = kept
    placed = []
    for bribe in state.bribes:
        if bribe.status == "placed" or bribe.placed_turn >= turn - 1:
            placed.append(bribe)
        else:
            archive.append(ArchiveRecord(BRIBES, bribe.id, bribe))
    state.bribes = placed
    running = []
    for contract in state.contracts:
        if contract.active or (contract.ended_turn or 0) >= turn - 1 or contract.hired_turn >= turn:
            running.append(contract)
        else:
            archive.append(ArchiveRecord(CONTRACTS, contract.id, contract))
    state.contracts = running
    return archive
