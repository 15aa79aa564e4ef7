-- 013_choice_closing_entry on PostgreSQL: the same column and index as
-- ../013_choice_closing_entry.sql (a closed question's closing entry, by its number).
ALTER TABLE pending_choices ADD COLUMN IF NOT EXISTS closed_seq BIGINT;
CREATE INDEX IF NOT EXISTS choices_by_closing ON pending_choices (campaign_id, closed_seq);
