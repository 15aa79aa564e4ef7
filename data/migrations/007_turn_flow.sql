-- 007_turn_flow: play-by-post turn flow (issue 17). A campaign's turn deadline and its
-- reminder schedule live here, so a restart loses nothing: `due_at` is when the scheduler
-- next has something to do for the campaign (NULL: nothing), `reminded_until` the time up to
-- which every reminder point is done (a reminder is claimed in the same transaction that
-- writes its post, so none is posted twice). Players may mute reminders for themselves.
-- `turn_posts` is the outbox of what the scheduler announces: written with the claim,
-- posted by a sender that marks it, re-posted once after a crash. (IF NOT EXISTS: the
-- migration tests replay migrations after 002 on a database that has them.)

CREATE TABLE IF NOT EXISTS turn_schedules (
    campaign_id INTEGER PRIMARY KEY REFERENCES campaigns(id) ON DELETE CASCADE,
    time_zone TEXT NOT NULL DEFAULT 'UTC',
    reminder_minutes TEXT NOT NULL DEFAULT '[1440,60]',
    on_deadline TEXT NOT NULL DEFAULT 'ping_gms' CHECK (on_deadline IN ('ping_gms', 'end_turn')),
    turn INTEGER,
    deadline_at INTEGER,
    reminded_until INTEGER,
    due_at INTEGER
);
CREATE INDEX IF NOT EXISTS turn_schedules_due ON turn_schedules (due_at) WHERE due_at IS NOT NULL;

CREATE TABLE IF NOT EXISTS reminder_mutes (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, user_id)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS turn_posts (
    id INTEGER PRIMARY KEY,
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('reminder', 'deadline')),
    payload TEXT NOT NULL,
    created_at TEXT NOT NULL,
    posted_at TEXT
);
CREATE INDEX IF NOT EXISTS turn_posts_unposted ON turn_posts (id) WHERE posted_at IS NULL;
