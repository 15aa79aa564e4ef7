-- 001_initial: the first schema.
-- Campaigns and what every ruleset shares (factions, GMs, turns), the hash-chained audit log
-- (actions + rolls), typed ruleset state as JSON with schema and row versions, pending choices,
-- and a key/value table for process metadata (the command-sync hash).

CREATE TABLE campaigns (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL UNIQUE,
    name TEXT NOT NULL,
    rulesets TEXT NOT NULL,
    turn INTEGER NOT NULL DEFAULT 1,
    created_by INTEGER NOT NULL,
    factions_per_player INTEGER NOT NULL DEFAULT 1,
    log_count INTEGER NOT NULL DEFAULT 0,
    log_head TEXT NOT NULL,
    created_at TEXT NOT NULL
);

CREATE TABLE campaign_gms (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('user', 'role')),
    target_id INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, kind, target_id)
);

CREATE TABLE factions (
    id INTEGER PRIMARY KEY,
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    name TEXT NOT NULL COLLATE NOCASE,
    user_id INTEGER,
    UNIQUE (campaign_id, name)
);
CREATE INDEX factions_by_user ON factions (campaign_id, user_id);

CREATE TABLE turns (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    resolved_at TEXT NOT NULL,
    resolved_by INTEGER NOT NULL,
    action_id INTEGER NOT NULL REFERENCES actions(id),
    PRIMARY KEY (campaign_id, number)
);

CREATE TABLE actions (
    id INTEGER PRIMARY KEY,
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
    seq INTEGER NOT NULL,
    turn INTEGER NOT NULL,
    ruleset TEXT NOT NULL,
    command TEXT NOT NULL,
    actor_id INTEGER NOT NULL,
    faction TEXT,
    options TEXT NOT NULL,
    outcome TEXT NOT NULL,
    created_at TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL,
    UNIQUE (campaign_id, seq)
);
CREATE INDEX actions_by_actor ON actions (campaign_id, actor_id, seq);
CREATE INDEX actions_by_ruleset ON actions (campaign_id, ruleset, seq);
CREATE INDEX actions_by_turn ON actions (campaign_id, turn, seq);

CREATE TABLE rolls (
    action_id INTEGER NOT NULL REFERENCES actions(id) DEFERRABLE INITIALLY DEFERRED,
    idx INTEGER NOT NULL,
    purpose TEXT NOT NULL,
    clause TEXT,
    notation TEXT NOT NULL,
    sides INTEGER NOT NULL,
    faces TEXT NOT NULL,
    modifier INTEGER NOT NULL,
    total INTEGER NOT NULL,
    target TEXT,
    successes INTEGER,
    PRIMARY KEY (action_id, idx)
) WITHOUT ROWID;

CREATE TABLE ruleset_state (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    ruleset TEXT NOT NULL,
    schema_version INTEGER NOT NULL,
    row_version INTEGER NOT NULL,
    state TEXT NOT NULL,
    settings TEXT NOT NULL,
    PRIMARY KEY (campaign_id, ruleset)
);

CREATE TABLE pending_choices (
    id INTEGER PRIMARY KEY,
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    ruleset TEXT NOT NULL,
    kind TEXT NOT NULL,
    owner_id INTEGER,
    payload TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done', 'cancelled')),
    created_at TEXT NOT NULL,
    resolved_at TEXT,
    resolved_by INTEGER
);
CREATE INDEX open_choices ON pending_choices (campaign_id, status);

CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
