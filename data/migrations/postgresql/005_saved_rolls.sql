-- 005_saved_rolls on PostgreSQL: as ../005_saved_rolls.sql.

CREATE TABLE IF NOT EXISTS saved_rolls (
    campaign_id BIGINT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    name_key TEXT NOT NULL,
    name TEXT NOT NULL,
    expression TEXT NOT NULL,
    saved_at TEXT NOT NULL,
    PRIMARY KEY (campaign_id, user_id, name_key)
);
