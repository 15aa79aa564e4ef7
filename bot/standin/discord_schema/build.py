"""Discord's request schemas, built on demand from the npm package `discord-api-spec`.

`discord-api-spec` (MIT, built from discord/discord-api-spec) ships Zod schemas generated
from Discord's OpenAPI spec; `export.mjs` turns the ones `operations.SCHEMA_ROOTS` names (and
everything they refer to) into one JSON Schema 2020-12 document with Zod's own converter. The
document is built once per pinned version into a git-ignored cache folder
(`.cache/discord-schema/<version>.json` under the project root, or the folder named by
`PRIVATEER_DISCORD_SCHEMA_CACHE`): `npm install` of the two pinned packages, then `node`.
Later runs read the file. To move to a newer spec, bump `DISCORD_API_SPEC_VERSION`.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from collections.abc import Sequence
from pathlib import Path

from bot.standin.discord_schema.operations import SCHEMA_ROOTS

DISCORD_API_SPEC_VERSION = "10.0.266135"
ZOD_VERSION = "4.6.7"
CACHE_ENV = "PRIVATEER_DISCORD_SCHEMA_CACHE"
EXPORT_SCRIPT = Path(__file__).with_name("export.mjs")
_PROJECT_ROOT = Path(__file__).resolve().parents[3]


class SchemaUnavailable(RuntimeError):
    """Discord's schema is not cached and could not be built here."""


def cache_dir() -> Path:
    """Where built schemas are kept: $PRIVATEER_DISCORD_SCHEMA_CACHE, else under the project."""
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(configured)
    root = _PROJECT_ROOT if (_PROJECT_ROOT / "pyproject.toml").exists() else Path.cwd()
    return root / ".cache" / "discord-schema"


def schema_file(cache: Path | None = None) -> Path:
    """The built document of the pinned version."""
    return (cache or cache_dir()) / f"{DISCORD_API_SPEC_VERSION}.json"


def cached(cache: Path | None = None, roots: Sequence[str] = SCHEMA_ROOTS) -> Path | None:
    """The built document, if it exists and holds every schema `roots` names."""
    path = schema_file(cache)
    try:
        defs = json.loads(path.read_text(encoding="utf-8"))["$defs"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return path if all(name in defs for name in roots) else None


def ensure(cache: Path | None = None, roots: Sequence[str] = SCHEMA_ROOTS) -> Path:
    """The built document, building it first if it is missing (or lacks a schema)."""
    folder = cache or cache_dir()
    found = cached(folder, roots)
    if found is not None:
        return found
    folder.mkdir(parents=True, exist_ok=True)
    with _locked(folder / ".lock"):
        return cached(folder, roots) or build(folder, roots)


def build(cache: Path, roots: Sequence[str] = SCHEMA_ROOTS) -> Path:
    """Install the pinned packages into `cache` and export the schemas `roots` names."""
    npm, node = shutil.which("npm"), shutil.which("node")
    if npm is None or node is None:
        raise SchemaUnavailable(
            "Discord's request schema is not built and cannot be: this machine has no "
            f"{'npm' if npm is None else 'node'} on PATH (needed once to build "
            f"{schema_file(cache)})."
        )
    packages = cache / f"npm-{DISCORD_API_SPEC_VERSION}"
    packages.mkdir(parents=True, exist_ok=True)
    install = [
        npm,
        "install",
        "--prefix",
        str(packages),
        "--no-audit",
        "--no-fund",
        "--save-exact",
        f"discord-api-spec@{DISCORD_API_SPEC_VERSION}",
        f"zod@{ZOD_VERSION}",
    ]
    _run(install, f"npm could not install discord-api-spec@{DISCORD_API_SPEC_VERSION}")
    script = packages / EXPORT_SCRIPT.name
    shutil.copyfile(EXPORT_SCRIPT, script)
    target = schema_file(cache)
    partial = target.with_suffix(f".{os.getpid()}.partial")
    _run([node, str(script), str(partial), *roots], "export.mjs could not export the schemas")
    partial.replace(target)
    return target


def _run(command: list[str], failure: str) -> None:
    try:
        done = subprocess.run(  # noqa: S603 - npm/node from PATH, arguments of our own
            command, capture_output=True, text=True, timeout=600, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise SchemaUnavailable(f"{failure}: {error}") from error
    if done.returncode != 0:
        detail = (done.stderr or done.stdout).strip().splitlines()[-5:]
        raise SchemaUnavailable(f"{failure} (exit {done.returncode}): " + " | ".join(detail))


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """One build at a time per cache folder (parallel test sessions share it)."""
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
