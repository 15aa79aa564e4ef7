"""The layers of DESIGN.md hold: SQL only in bot/storage/, rules engines free of Discord and
the database, cogs speaking to storage only through the campaign service, and no import
cycle between the benchmarks and the runtime package."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SQL = re.compile(
    r"\b(SELECT\s+[\w*]|INSERT\s+(OR\s+\w+\s+)?INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b"
)


def sources(*folders: str) -> list[Path]:
    return [p for folder in folders for p in sorted((ROOT / folder).rglob("*.py"))]


def test_sql_is_spoken_only_in_bot_storage() -> None:
    outside = [
        str(p.relative_to(ROOT))
        for p in sources("bot", "cogs")
        if "storage" not in p.parts and "standin" not in p.parts and SQL.search(p.read_text())
    ]
    assert outside == []


def test_rules_engines_import_neither_discord_nor_the_database() -> None:
    forbidden = re.compile(r"^\s*(import|from)\s+(discord|aiosqlite|bot\.storage|cogs)\b", re.M)
    offenders = [
        str(p.relative_to(ROOT)) for p in sources("bot/rules") if forbidden.search(p.read_text())
    ]
    assert offenders == []


def imports_of(path: Path) -> set[str]:
    pattern = r"^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w.]+))"
    found = re.findall(pattern, path.read_text(), re.M)
    return {a or b for a, b in found}


def test_cogs_never_import_the_storage_package() -> None:
    """Cogs read and write through `CampaignService` and its `AuditLog` (bot/campaigns.py
    re-exports the records they need), so storage can change behind that one interface."""
    offenders = [
        f"{p.relative_to(ROOT)}: {m}"
        for p in sources("cogs")
        for m in sorted(imports_of(p))
        if m == "bot.storage" or m.startswith("bot.storage.")
    ]
    assert offenders == []


def test_cogs_hand_the_database_only_to_the_outbox() -> None:
    """The one use of the service's database a cog keeps: handing a committed command's
    outbox rows to `announcements.deliver`, the outbox's own API (bot/scaffold.py does
    the same)."""
    reach = re.compile(r"\bservice(?:_of\([^)]*\))?\.db\b")
    offenders = [
        f"{p.relative_to(ROOT)}: {line.strip()}"
        for p in sources("cogs")
        for line in p.read_text().splitlines()
        if reach.search(line) and "announcements.deliver(" not in line
    ]
    assert offenders == []


def test_the_running_bot_never_imports_the_benchmarks() -> None:
    """Only the command line (`python -m bot bench`) reaches into bot/bench/."""
    runtime = [
        p for p in sources("bot", "cogs") if "bench" not in p.parts and p.name != "__main__.py"
    ]
    offenders = [
        str(p.relative_to(ROOT))
        for p in runtime
        if any(m == "bot.bench" or m.startswith("bot.bench.") for m in imports_of(p))
    ]
    assert offenders == []


def test_the_benchmark_modules_import_each_other_without_a_cycle() -> None:
    modules = {f"bot.bench.{p.stem}": p for p in sources("bot/bench") if p.stem != "__init__"}
    graph = {
        name: {m for m in imports_of(path) if m in modules and m != name}
        for name, path in modules.items()
    }

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(n == goal or reaches(n, goal, seen | {n}) for n in graph[start] - seen)

    assert [name for name in graph if reaches(name, name, set())] == []
