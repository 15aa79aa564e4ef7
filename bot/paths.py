"""Where the project's static data lives."""

from __future__ import annotations

from pathlib import Path


def data_dir() -> Path:
    """The data/ folder: beside the package in a checkout, else under the working directory."""
    beside = Path(__file__).resolve().parent.parent / "data"
    if (beside / "locales").is_dir():
        return beside
    return Path.cwd() / "data"
