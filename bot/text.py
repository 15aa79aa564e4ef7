"""Small helpers for text players type into options."""

from __future__ import annotations


def split_top_level(text: str, separators: str = ",;\n") -> list[str]:
    """Entries split at `separators` outside parentheses, stripped, empty ones dropped.

    `Malta (Hospitallers, besieged), Corfu` gives two entries.
    """
    parts: list[str] = []
    depth = 0
    current = ""
    for char in text:
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        if char in separators and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    parts.append(current.strip())
    return [p for p in parts if p]
