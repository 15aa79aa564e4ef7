-- 011_outbox_by_campaign: a campaign's posted messages by campaign. An undo looks through the
-- campaign's kept posts for the questions it reopens (bot/storage/outbox.py `asked`); without
-- this index that read went through every campaign's posts.
CREATE INDEX IF NOT EXISTS outbox_by_campaign ON outbox (campaign_id, id);
