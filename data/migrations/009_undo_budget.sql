-- 009_undo_budget: how far back a GM can undo is bounded by the bytes the undo journals take,
-- not by a count of commands (issue 17). A journal keeps the whole pre-image of each ruleset
-- state its command changed (a turn end: every ruleset's), so one weighs anything from a few
-- bytes (a roll) to megabytes (an order in a campaign of a thousand fleet battles): a fixed
-- count of 20 either let the file grow by 20 such states or cut undo short in a small
-- campaign. `undo_sizes` keeps each journal's size beside it, so keeping a campaign's journals
-- within the budget reads these small rows, never the journals themselves.
CREATE TABLE IF NOT EXISTS undo_sizes (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    last_seq INTEGER NOT NULL,
    size INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, last_seq)
);

INSERT INTO undo_sizes (campaign_id, last_seq, size)
SELECT u.campaign_id, u.last_seq, length(u.journal) FROM undo_units u
WHERE NOT EXISTS (
    SELECT 1 FROM undo_sizes s WHERE s.campaign_id = u.campaign_id AND s.last_seq = u.last_seq
);
