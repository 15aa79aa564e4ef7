"""The digest of the campaign state an audit entry leaves: campaign row, GMs, factions,
each ruleset's stored state and settings, and the core settings kept outside the campaign's
part (its language, its turn schedule's time zone, reminders and `on_deadline`).

Every entry carries these digests (`state`), and `/history verify` checks the stored state
against the newest entry's: an edit of the state in the database, which no entry would cover
otherwise, is named. A ruleset's part is recomputed only when its row version moved since the
previous entry (the stored text can be large); the small parts are recomputed every time.

Versions: an entry whose digests name no `version` was written before the `core` part existed
(version 1) and is compared without it, so a database written then still verifies; entries
written since say `"version": 2` and carry `core`, so a language or schedule setting changed
in the database, or the entry that set it cut, is named.
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

# Version 2 added the `core` part (entries of version 1 carry no `version`).
DIGEST_VERSION = 2
# A campaign with no `turn_schedules` row has these settings (the table's defaults, and
# `bot.storage.schedule.Schedule`'s): no row and a row of defaults are the same state.
SCHEDULE_DEFAULTS = ("UTC", [1440, 60], "ping_gms")


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def ruleset_digest(schema_version: int, state: str, settings: str) -> str:
    """One ruleset's part: sha256 of "<schema version>\\n<state JSON>\\n<settings JSON>"."""
    return _sha(f"{schema_version}\n{state}\n{settings}")


def core_settings(language: str | None, schedule: Any) -> dict[str, Any]:
    """The `core` part's contents: the campaign's `core.language` (None: the guild's locale)
    and its turn schedule's settings, from a `turn_schedules` row's (time zone, reminders as
    stored JSON text, on_deadline), or None when it has none."""
    time_zone, reminders, on_deadline = SCHEDULE_DEFAULTS if schedule is None else schedule
    minutes = json.loads(reminders) if isinstance(reminders, str) else list(reminders)
    return {
        "language": language,
        "time_zone": time_zone,
        "reminder_minutes": minutes,
        "on_deadline": on_deadline,
    }


def digests(snapshot: Mapping[str, Any]) -> dict[str, Any]:
    """The parts of a state snapshot (as `snapshot` builds it and the export carries it);
    `core` only when the snapshot has it (an export written before version 2 has not)."""
    core = {} if "core" not in snapshot else {"core": _sha(canonical(snapshot["core"]))}
    return {
        **core,
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
    """The first part whose digest differs (row versions aside), or None when they agree.
    `core` counts only for an entry of version 2 or later (see the module's docstring)."""
    parts: tuple[str, ...] = ("campaign", "gms", "factions")
    if int(entry.get("version", 1)) >= DIGEST_VERSION:
        parts += ("core",)
    for part in parts:
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
    schedules = list(
        await fetch(
            "SELECT time_zone, reminder_minutes, on_deadline FROM turn_schedules "
            "WHERE campaign_id = ?",
            (campaign_id,),
        )
    )
    schedule = None
    if schedules:
        found = schedules[0]
        schedule = (found["time_zone"], found["reminder_minutes"], found["on_deadline"])
    core = core_settings(row["language"], schedule)
    return {"campaign": campaign, "gms": gms, "factions": factions, "core": core}


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


# The campaign's schedule settings as a JSON array text (NULL when it has no schedule row).
_SCHEDULE_ROW = {
    "sqlite": (
        "(SELECT json_array(time_zone, reminder_minutes, on_deadline) "
        "FROM turn_schedules s WHERE s.campaign_id = c.id)"
    ),
    "postgresql": (
        "(SELECT json_build_array(time_zone, reminder_minutes, on_deadline)::text "
        "FROM turn_schedules s WHERE s.campaign_id = c.id)"
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
    schedule = _SCHEDULE_ROW[dialect]
    return (
        f"c.*, {previous} AS previous_state, {gms} AS gm_list, "
        f"{factions} AS faction_list, {versions} AS versions, {schedule} AS schedule_row"
    )


async def entry_state(fetch: Fetch, campaign_id: int, row: Any) -> dict[str, Any]:
    """The parts for a new entry from a row with `state_columns`; ruleset parts whose row
    version has not moved since the previous entry's are taken from it (the state text is not
    read again)."""
    campaign = {name: row[name] for name in CAMPAIGN_FIELDS}
    campaign["rulesets"] = json.loads(row["rulesets"])
    schedule = None if row["schedule_row"] is None else json.loads(row["schedule_row"])
    parts: dict[str, Any] = {
        "version": DIGEST_VERSION,
        "core": _sha(canonical(core_settings(row["language"], schedule))),
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
