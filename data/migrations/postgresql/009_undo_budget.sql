-- 009_undo_budget on PostgreSQL: as ../009_undo_budget.sql (undo bounded by journal bytes).
CREATE TABLE IF NOT EXISTS undo_sizes (
    campaign_id BIGINT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    last_seq BIGINT NOT NULL,
    size BIGINT NOT NULL,
    PRIMARY KEY (campaign_id, last_seq)
);

INSERT INTO undo_sizes (campaign_id, last_seq, size)
SELECT u.campaign_id, u.last_seq, length(u.journal) FROM undo_units u
WHERE NOT EXISTS (
    SELECT 1 FROM undo_sizes s WHERE s.campaign_id = u.campaign_id AND s.last_seq = u.last_seq
);
