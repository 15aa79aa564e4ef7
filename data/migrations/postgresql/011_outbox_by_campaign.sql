-- 011_outbox_by_campaign on PostgreSQL: the same index as ../011_outbox_by_campaign.sql.
CREATE INDEX IF NOT EXISTS outbox_by_campaign ON outbox (campaign_id, id);
