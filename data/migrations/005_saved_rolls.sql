-- 005_saved_rolls: a player's named dice expressions in one campaign (`/rolls save`,
-- `/roll dice:<name>`). Keyed by the name's comparison form (NFKC, case-folded), so
-- "Attack" and "attack" are one saved roll; `name` keeps the spelling last saved.
-- Saved rolls are the player's shortcuts, not game state: they are not in the audit log
-- (the roll entry records the expression actually rolled) and go with their campaign.
-- IF NOT EXISTS: the migration tests re-run every migration after an older one.

CREATE TABLE IF NOT EXISTS saved_rolls (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    name_key TEXT NOT NULL,
    name TEXT NOT NULL,
    expression TEXT NOT NULL,
    saved_at TEXT NOT NULL,
    PRIMARY KEY (campaign_id, user_id, name_key)
) WITHOUT ROWID;
