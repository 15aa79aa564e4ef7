"""Headless Chromium for the browser tests: open a page from a file URL, let its scripts run,
return the DOM. Missing Chromium fails the test with how to install it (never a skip)."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

INSTALL = (
    "The browser tests need Chromium. On Debian or Ubuntu, as root: "
    "apt-get update && apt-get install -y chromium (the CI script .ci/run does this)."
)


def chromium() -> str:
    """The Chromium executable, or the test fails saying how to install it."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    pytest.fail(INSTALL, pytrace=False)


def rendered_dom(page: Path, budget_ms: int = 20_000) -> str:
    """The page's DOM once its scripts have finished (headless, offline, a fresh profile)."""
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run(
            [
                chromium(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                f"--user-data-dir={profile}",
                f"--virtual-time-budget={budget_ms}",
                "--dump-dom",
                page.resolve().as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    if done.returncode != 0 or "<html" not in done.stdout:
        pytest.fail(f"chromium exited {done.returncode}: {done.stderr[-2000:]}", pytrace=False)
    return done.stdout


class _Verdict(HTMLParser):
    """Collects the #verdict element's attributes and its paragraphs."""

    def __init__(self) -> None:
        super().__init__()
        self.attrs: dict[str, str] = {}
        self.lines: list[str] = []
        self.marks: dict[str, str] = {}
        self._depth = 0
        self._line: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if tag == "tr" and "data-seq" in found:
            self.marks[found["data-seq"]] = found.get("data-check", "")
        if found.get("id") == "verdict":
            self.attrs = found
            self._depth = 1
        elif self._depth:
            self._depth += 1
            if tag == "p":
                self._line = []

    def handle_endtag(self, tag: str) -> None:
        if self._depth:
            self._depth -= 1
            if tag == "p" and self._line is not None:
                self.lines.append("".join(self._line))
                self._line = None

    def handle_data(self, data: str) -> None:
        if self._line is not None:
            self._line.append(data)


def page_verdict(page: Path) -> tuple[dict[str, str], list[str], dict[str, str]]:
    """The verdict element's attributes (data-state, data-kind, data-seq), its lines, and
    each table row's mark (entry number → verified/failed/unchecked)."""
    parser = _Verdict()
    parser.feed(rendered_dom(page))
    return parser.attrs, parser.lines, parser.marks
