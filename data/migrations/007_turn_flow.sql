-- 007_turn_flow: play-by-post turn flow (issue 17). A campaign's turn deadline and its
-- reminder schedule live here, so a restart loses nothing: `due_at` is when the scheduler
-- next has something to do for the campaign (NULL: nothing), `reminded_until` the time up to
-- which every reminder point is done (a reminder is claimed in the same transaction that
-- writes its post, so none is posted twice). Players may mute reminders for themselves.
-- `turn_posts` is the outbox of what the scheduler announces: written with the claim,
-- posted by a sender that marks it, re-posted once after a crash. (IF NOT EXISTS: the
-- migration tests replay migrations after 002 on a database that has them.)
--
-- A GM's undo: `undo_units` keeps each command's journal (the pre-image of what it changed)
-- with the span of log entries it appended; `undone_actions` marks undone entries and
-- `undone_choices` the choices their commands opened. The hash-chained `actions` are never
-- updated: the compensating entry lists what it undid, and `verify` checks the marks
-- against it.

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

CREATE TABLE IF NOT EXISTS undo_units (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    first_seq INTEGER NOT NULL,
    last_seq INTEGER NOT NULL,
    journal TEXT NOT NULL,
    PRIMARY KEY (campaign_id, last_seq)
);

CREATE TABLE IF NOT EXISTS undone_actions (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    undone_by INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, seq)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS undone_choices (
    choice_id INTEGER PRIMARY KEY REFERENCES pending_choices(id) ON DELETE CASCADE,
    undone_by INTEGER NOT NULL
);
