"""Whether a reveal entry was written by a turn's end, as `/history list` and `/history show`
name it ("the end of turn 1, ended by …"): one rule (`reveal_by_turn_end`), which `/history
list` gives the placings it has read, so a turn end's run of reveals walks the log once."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bot.campaigns import CORE
from bot.secret_rolls import ENTRY_REVEAL
from bot.storage.audit import AuditEntry
from cogs.history import reveal_by_turn_end


def logged(seq: int, command: str, ruleset: str = CORE) -> AuditEntry:
    return AuditEntry(
        id=seq,
        campaign_id=1,
        seq=seq,
        turn=1,
        ruleset=ruleset,
        command=command,
        actor_id=1,
        faction=None,
        options={},
        outcome={},  # a hidden entry's reveal: it does not say who wrote it
        created_at="2026-12-04T00:00:00+00:00",
        hash="0" * 64,
    )


class Log:
    """The log's entries by number, counting each read."""

    def __init__(self, entries: list[AuditEntry]) -> None:
        self.entries = {e.seq: e for e in entries}
        self.reads = 0

    async def entry(self, _campaign_id: int, seq: int) -> AuditEntry | None:
        self.reads += 1
        return self.entries.get(seq)


def read(log: Log) -> Any:
    """A campaign's context as far as reading its log goes."""
    return SimpleNamespace(campaign=SimpleNamespace(id=1), service=SimpleNamespace(log=log))


# #1 a roll; #2–#5 the reveals the turn's end wrote, before its closing entry #6; #7 a roll,
# #8 a /reveal while turn 2 ran, #9 a roll.
LOG = [
    logged(1, "roll"),
    *(logged(seq, ENTRY_REVEAL) for seq in range(2, 6)),
    logged(6, "turn end"),
    logged(7, "roll"),
    logged(8, ENTRY_REVEAL),
    logged(9, "roll"),
]
PLACED = {2: True, 3: True, 4: True, 5: True, 8: False}


@pytest.mark.parametrize("order", [[8, 5, 4, 3, 2], [2, 3, 4, 5, 8]])
async def test_a_run_of_reveals_is_placed_once_and_as_each_alone(order):
    """Newest first (a page) or oldest first (the page before it): the reveals of a turn
    end's run read as written by it, the /reveal as not, with or without the placings kept;
    kept, the run walks the log once (one read past #5) and the /reveal twice (#9, #7)."""
    alone, kept = Log(LOG), Log(LOG)
    placed: dict[int, bool] = {}
    each = {seq: await reveal_by_turn_end(read(alone), LOG[seq - 1]) for seq in order}
    run = {seq: await reveal_by_turn_end(read(kept), LOG[seq - 1], placed) for seq in order}

    assert each == run == PLACED
    assert kept.reads == (1 if order[0] == 8 else 4) + 2 < alone.reads
