"""The digest of the campaign state an audit entry leaves: campaign row, GMs, factions and
each ruleset's stored state and settings.

Every entry carries these digests (`state`), and `/history verify` checks the stored state
against the newest entry's: an edit of the state in the database, which no entry would cover
otherwise, is named. A ruleset's part is recomputed only when its row version moved since the
previous entry (the stored text can be large); the small parts are recomputed every time.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from typing import Any

from bot.storage.audit import canonical

Fetch = Callable[[str, tuple[Any, ...]], Awaitable[Iterable[Any]]]

CAMPAIGN_FIELDS = (
    "id",
    "guild_id",
    "channel_id",
    "name",
    "turn",
    "created_by",
    "factions_per_player",
    "secret_rolls_for_players",
)


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def ruleset_digest(schema_version: int, state: str, settings: str) -> str:
    """One ruleset's part: sha256 of "<schema version>\\n<state JSON>\\n<settings JSON>"."""
    return _sha(f"{schema_version}\n{state}\n{settings}")


def digests(snapshot: Mapping[str, Any]) -> dict[str, Any]:
    """The parts of a state snapshot (as `snapshot` builds it and the export carries it)."""
    return {
        "campaign": _sha(canonical(snapshot["campaign"])),
        "gms": _sha(canonical(snapshot["gms"])),
        "factions": _sha(canonical(snapshot["factions"])),
        "rulesets": {
            r["ruleset"]: [
                r["row_version"],
                ruleset_digest(r["schema_version"], r["state"], r["settings"]),
            ]
            for r in snapshot["rulesets"]
        },
    }


def differing_part(stored: Mapping[str, Any], entry: Mapping[str, Any]) -> str | None:
    """The first part whose digest differs (row versions aside), or None when they agree."""
    for part in ("campaign", "gms", "factions"):
        if stored.get(part) != entry.get(part):
            return part
    mine = {k: v[1] for k, v in dict(stored.get("rulesets", {})).items()}
    theirs = {k: v[1] for k, v in dict(entry.get("rulesets", {})).items()}
    for key in sorted(set(mine) | set(theirs)):
        if mine.get(key) != theirs.get(key):
            return f"ruleset {key}"
    return None


async def _small_parts(fetch: Fetch, campaign_id: int) -> dict[str, Any]:
    rows = list(await fetch("SELECT * FROM campaigns WHERE id = ?", (campaign_id,)))
    row = rows[0]
    campaign = {name: row[name] for name in CAMPAIGN_FIELDS}
    campaign["rulesets"] = json.loads(row["rulesets"])
    gms = [
        [r["kind"], r["target_id"]]
        for r in await fetch(
            "SELECT kind, target_id FROM campaign_gms WHERE campaign_id = ? "
            "ORDER BY kind, target_id",
            (campaign_id,),
        )
    ]
    factions = [
        [r["id"], r["name"], r["user_id"]]
        for r in await fetch(
            "SELECT id, name, user_id FROM factions WHERE campaign_id = ? ORDER BY id",
            (campaign_id,),
        )
    ]
    return {"campaign": campaign, "gms": gms, "factions": factions}


async def snapshot(fetch: Fetch, campaign_id: int) -> dict[str, Any]:
    """The whole stored state of a campaign (verify, export)."""
    found = await _small_parts(fetch, campaign_id)
    found["rulesets"] = [
        {
            "ruleset": r["ruleset"],
            "schema_version": r["schema_version"],
            "row_version": r["row_version"],
            "state": r["state"],
            "settings": r["settings"],
        }
        for r in await fetch(
            "SELECT * FROM ruleset_state WHERE campaign_id = ? ORDER BY ruleset", (campaign_id,)
        )
    ]
    return found


# The columns `entry_state` reads, selected from `campaigns c` together with the log head, so
# an append reads the campaign, its GMs, factions, ruleset row versions and the previous
# entry's digests in the query it makes anyway. Each list is JSON text on both engines, in
# the same order, so the digests are the same whichever engine stored the campaign.
_STATE_LISTS = {
    "sqlite": (
        "(SELECT json_group_array(json_array({columns})) FROM (SELECT {columns} "
        "FROM {table} WHERE campaign_id = c.id ORDER BY {order}))"
    ),
    "postgresql": (
        "(SELECT COALESCE(json_agg(json_build_array({columns}) ORDER BY {order}), '[]')::text "
        "FROM {table} WHERE campaign_id = c.id)"
    ),
}


@functools.cache
def state_columns(dialect: str) -> str:
    """The state columns' SQL for one engine ("sqlite" or "postgresql")."""
    lists = _STATE_LISTS[dialect]
    gms = lists.format(columns="kind, target_id", table="campaign_gms", order="kind, target_id")
    factions = lists.format(columns="id, name, user_id", table="factions", order="id")
    versions = lists.format(columns="ruleset, row_version", table="ruleset_state", order="ruleset")
    previous = "(SELECT state FROM actions a WHERE a.campaign_id = c.id AND a.seq = c.log_count)"
    return (
        f"c.*, {previous} AS previous_state, {gms} AS gm_list, "
        f"{factions} AS faction_list, {versions} AS versions"
    )


async def entry_state(fetch: Fetch, campaign_id: int, row: Any) -> dict[str, Any]:
    """The parts for a new entry from a row with `state_columns`; ruleset parts whose row
    version has not moved since the previous entry's are taken from it (the state text is not
    read again)."""
    campaign = {name: row[name] for name in CAMPAIGN_FIELDS}
    campaign["rulesets"] = json.loads(row["rulesets"])
    parts: dict[str, Any] = {
        "campaign": _sha(canonical(campaign)),
        "gms": _sha(canonical(json.loads(row["gm_list"]))),
        "factions": _sha(canonical(json.loads(row["faction_list"]))),
        "rulesets": {},
    }
    previous = None if row["previous_state"] is None else json.loads(row["previous_state"])
    known = dict(previous.get("rulesets", {})) if previous else {}
    for ruleset, row_version in json.loads(row["versions"]):
        carried = known.get(ruleset)
        if carried is not None and carried[0] == row_version:
            parts["rulesets"][ruleset] = carried
            continue
        found = await fetch(
            "SELECT schema_version, state, settings FROM ruleset_state "
            "WHERE campaign_id = ? AND ruleset = ?",
            (campaign_id, ruleset),
        )
        full = next(iter(found))
        parts["rulesets"][ruleset] = [
            row_version,
            ruleset_digest(full["schema_version"], full["state"], full["settings"]),
        ]
    return parts
