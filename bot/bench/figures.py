"""Figures every benchmark prints beside its own: memory and a CPU reference."""

from __future__ import annotations

import timeit
from pathlib import Path


def rss_mb() -> float:
    """This process's resident memory in MB (Linux /proc; 0 elsewhere)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cpu_reference() -> float:
    """Microseconds for sum(range(100)) (about 0.4 on a recent desktop), to compare machines."""
    return min(timeit.repeat("sum(range(100))", number=100_000, repeat=5)) / 100_000 * 1e6
