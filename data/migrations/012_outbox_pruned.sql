-- 012_outbox_pruned: posted messages are pruned. Why: every message the bot ever posted stayed
-- in the outbox, so the table (and the file) grew for ever. The turn scheduler's sweep now
-- deletes, a bounded batch at a time, the posted rows older than a week that no undo can
-- redraw (bot/storage/outbox.py `prune`). `outbox_sent` lets a batch read only the oldest
-- posted rows; `choices_by_resolution` lets it find a campaign's questions closed since the
-- oldest command an undo can reach without reading all the campaign's questions.
CREATE INDEX IF NOT EXISTS outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS choices_by_resolution ON pending_choices (campaign_id, resolved_at);
