-- 004_fair_dice on PostgreSQL: as ../004_fair_dice.sql (why is said there).

ALTER TABLE actions ADD COLUMN dice TEXT;
ALTER TABLE campaigns ADD COLUMN secret_rolls_for_players BIGINT NOT NULL DEFAULT 0;
ALTER TABLE actions ADD COLUMN state TEXT;

CREATE TABLE turn_seeds (
    campaign_id BIGINT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    turn BIGINT NOT NULL,
    seed TEXT NOT NULL,
    commitment TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (campaign_id, turn)
);

CREATE TABLE secret_rolls (
    campaign_id BIGINT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    seq BIGINT NOT NULL,
    turn BIGINT NOT NULL,
    actor_id BIGINT NOT NULL,
    commitment TEXT NOT NULL,
    payload TEXT NOT NULL,
    revealed_seq BIGINT,
    PRIMARY KEY (campaign_id, seq)
);
CREATE INDEX secret_rolls_open ON secret_rolls (campaign_id, turn, revealed_seq);
