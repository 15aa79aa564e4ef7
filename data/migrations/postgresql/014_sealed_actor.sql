-- 014_sealed_actor on PostgreSQL: the same column as ../014_sealed_actor.sql (why is said
-- there): the sealed actor and faction of a hidden entry, never published.
ALTER TABLE secret_rolls ADD COLUMN IF NOT EXISTS sealed TEXT;
