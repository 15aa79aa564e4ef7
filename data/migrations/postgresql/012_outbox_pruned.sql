-- 012_outbox_pruned on PostgreSQL: the same indexes as ../012_outbox_pruned.sql.
CREATE INDEX IF NOT EXISTS outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS choices_by_resolution ON pending_choices (campaign_id, resolved_at);
