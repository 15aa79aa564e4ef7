"""`/history export` of a 1M-entry log: time and peak memory (prints figures, asserts nothing).

    .venv/bin/python tests/bench/bench_history_export.py              # 1,000,000 entries
    .venv/bin/python tests/bench/bench_history_export.py -n 100000 --limit-mib 8

The log is built with `bot/storage/bulk.py` `fill_log` (placeholder hashes: fine for timing).
The export runs in a fresh child process so its peak RSS is the export's own, not the fill's;
target: peak RSS <= 150 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.history_export import write_export
from bot.storage.audit import GENESIS
from bot.storage.bulk import fill_log
from bot.storage.database import Database
from bot.storage.log import AuditLog
from bot.storage.verify import export_extras

TARGET_PEAK_MB = 150


def current_rss_mb() -> float:
    """This process's resident memory now (Linux /proc; 0 elsewhere)."""
    status = Path("/proc/self/status")
    if not status.exists():
        return 0.0
    for line in status.read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def peak_rss_mb() -> float:
    """This process's peak resident memory (Linux reports KiB): imports included, so when it
    equals the figure taken before the export, the export itself never went higher."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def export_once(db_path: Path, folder: Path, limit: int) -> dict[str, float]:
    """Stream campaign 1's log to gzip parts, as `/history export` does."""
    before = peak_rss_mb()
    start = time.perf_counter()
    db = await Database.open(db_path)
    log = AuditLog(db)
    extras = await export_extras(db, 1)
    written = await write_export(
        log.entries(1),
        log.archive(1),
        directory=folder,
        stem="bench",
        limit=limit,
        prev_hash=GENESIS,
        last_seq=int(extras["head"][0]),
        document={"campaign": "bench", "anchors": {"heads": [], "commitments": []}, **extras},
    )
    await db.close()
    elapsed = time.perf_counter() - start
    return {
        "export_entries": written.entries,
        "export_seconds": elapsed,
        "export_entries_per_s": written.entries / elapsed,
        "export_json_parts": len(written.json_parts),
        "export_csv_parts": len(written.csv_parts),
        "export_json_gz_mb": sum(p.stat().st_size for p in written.json_parts) / 2**20,
        "export_csv_gz_mb": sum(p.stat().st_size for p in written.csv_parts) / 2**20,
        "rss_before_export_mb": before,
        "rss_after_export_mb": current_rss_mb(),
        "peak_rss_mb": peak_rss_mb(),
    }


async def fill(db_path: Path, entries: int) -> float:
    db = await Database.open(db_path)
    start = time.perf_counter()
    await fill_log(db, 1, 2 * entries)  # the first campaign gets half the rows
    await db.close()
    return time.perf_counter() - start


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", "--entries", type=int, default=1_000_000)
    parser.add_argument("--limit-mib", type=float, default=10, help="upload limit per file")
    parser.add_argument("--export-only", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    limit = int(args.limit_mib * 2**20)
    if args.export_only is not None:  # the child: export and print its figures as JSON
        with tempfile.TemporaryDirectory() as folder:
            figures = asyncio.run(export_once(args.export_only, Path(folder), limit))
        print(json.dumps(figures))
        return 0
    with tempfile.TemporaryDirectory() as folder:
        db_path = Path(folder) / "history.db"
        fill_seconds = asyncio.run(fill(db_path, args.entries))
        child = subprocess.run(
            [
                sys.executable,
                __file__,
                "--export-only",
                str(db_path),
                "--limit-mib",
                str(args.limit_mib),
            ],
            check=True,
            capture_output=True,
            text=True,
        )
    figures = {"fill_seconds": fill_seconds, **json.loads(child.stdout.strip().splitlines()[-1])}
    for name, value in figures.items():
        print(
            f"{name:24s} {value:12.2f}" if isinstance(value, float) else f"{name:24s} {value:12d}"
        )
    verdict = "within" if figures["peak_rss_mb"] <= TARGET_PEAK_MB else "OVER"
    print(f"peak memory {verdict} the {TARGET_PEAK_MB} MB target")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
