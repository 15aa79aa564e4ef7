-- 006_campaign_language on PostgreSQL: as ../006_campaign_language.sql.

ALTER TABLE campaigns ADD COLUMN language TEXT;
