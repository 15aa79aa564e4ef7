-- 008_outbox: what a commit announces is durable (the transactional outbox).
-- Why: commands committed, then replied; a crash or an expired interaction between the two
-- left a roll in the log that no player was shown, a turn end whose reports were never
-- posted, and a reward question nobody could answer. A message a transaction must post is
-- now written in that transaction; a sender posts it and marks it sent (with the message id)
-- in a transaction of its own; at start-up the unsent ones are posted in the channel, oldest
-- first. `interaction_id` names the interaction the message answers (NULL: a channel
-- message); `choice_id` names the pending choice whose payload learns where its question was
-- posted (`channel`, `message`). `payload` is the Discord message body (content, embeds,
-- components, allowed_mentions) as JSON.

CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY,
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,
    interaction_id INTEGER,
    choice_id INTEGER REFERENCES pending_choices(id) ON DELETE SET NULL,
    payload TEXT NOT NULL,
    created_at TEXT NOT NULL,
    sent_at TEXT,
    message_id INTEGER
);
CREATE INDEX IF NOT EXISTS outbox_unsent ON outbox (id) WHERE sent_at IS NULL;
