"""The next set-up step of company raids, for `/campaign join` and `/campaign info`: each
player registers their Companies (CR-I4) and the pieces that raid them."""

from __future__ import annotations

from collections.abc import Sequence

from bot.rules.company_raids.models import CompanyRaidsState
from bot.rulesets import SetupNeed
from bot.text import name_key

COMMANDS = {"companies": "company add-company", "pieces": "company add-piece"}


def setup_step(state: CompanyRaidsState, factions: Sequence[str]) -> SetupNeed | None:
    """Companies first, then pieces: for the reader's factions, or for anyone at all when
    the reader plays none (a GM); None once both are registered, or once pieces are (a
    faction may play without a Company of its own, e.g. after losing it: its pieces show
    it is set up)."""
    mine = {name_key(f) for f in factions}

    def owned(owner: str | None) -> bool:
        return owner is not None and (not mine or name_key(owner) in mine)

    if any(owned(p.owner) for p in state.pieces.values()):
        return None
    if not any(owned(c.owner) for c in state.companies.values()):
        return SetupNeed("next.company_raids.companies", COMMANDS)
    return SetupNeed("next.company_raids.pieces", COMMANDS)
