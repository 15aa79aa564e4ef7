-- 004_fair_dice: provably fair dice, secret rolls, and the state each audit entry leaves.
-- Why: the hash chain proved that no entry was edited, but not that the faces were fair (they
-- came from the operating system and were only written down), and nothing covered the
-- campaign state (a ruleset's state, factions, GMs, the turn), so it could be edited freely.
-- turn_seeds keeps each turn's seed: private while the turn is open, its sha256 published when
-- the turn opens, the seed itself revealed in the entry that closes the turn; every die of the
-- turn is derived from it (bot/fair_dice.py). secret_rolls keeps the hidden part of a secret
-- roll until it is revealed (its sha256 is in the public entry). actions gains `dice` (where
-- the entry's faces came from, and the interaction id their derivation names) and `state`
-- (digests of the campaign state the entry leaves). Both are hashed only when present, so
-- older entries (NULL) keep their hashes and still verify.

-- campaigns.secret_rolls_for_players: the core setting letting players (not only GMs) roll
-- in secret.

ALTER TABLE actions ADD COLUMN dice TEXT;
ALTER TABLE campaigns ADD COLUMN secret_rolls_for_players INTEGER NOT NULL DEFAULT 0;
ALTER TABLE actions ADD COLUMN state TEXT;

CREATE TABLE turn_seeds (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    turn INTEGER NOT NULL,
    seed TEXT NOT NULL,
    commitment TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (campaign_id, turn)
) WITHOUT ROWID;

CREATE TABLE secret_rolls (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    turn INTEGER NOT NULL,
    actor_id INTEGER NOT NULL,
    commitment TEXT NOT NULL,
    payload TEXT NOT NULL,
    revealed_seq INTEGER,
    PRIMARY KEY (campaign_id, seq)
) WITHOUT ROWID;
CREATE INDEX secret_rolls_open ON secret_rolls (campaign_id, turn, revealed_seq);
