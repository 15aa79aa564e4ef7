-- 002_ruleset_archive on PostgreSQL: the archive table of ../002_ruleset_archive.sql. The
-- SQLite migration also moved fleet battle rounds out of states written before it; no
-- PostgreSQL database holds such states (the backend came later, and `copy-db` copies a
-- migrated database), so only the table is made here.

CREATE TABLE ruleset_archive (
    campaign_id BIGINT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    ruleset TEXT NOT NULL,
    key TEXT NOT NULL,
    seq BIGINT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (campaign_id, ruleset, key, seq)
);
