-- 0001: the referee's initial schema. Never edit a migration once applied; add a new file.
-- Times are Unix seconds (UTC). User ids and server ids are opaque strings from the adapter.

-- Per-server settings: the default locale of public messages and private ones to users who
-- chose none, the monthly vacation allowance and how long an open challenge waits.
CREATE TABLE servers (
    server_id      TEXT PRIMARY KEY NOT NULL,
    locale         TEXT NOT NULL DEFAULT 'en',
    vacation_days  INTEGER NOT NULL DEFAULT 7 CHECK (vacation_days >= 0),
    challenge_ttl  INTEGER NOT NULL DEFAULT 86400 CHECK (challenge_ttl > 0)
);

-- Per-user preferences and vacation bookkeeping. vacation_month is 'YYYY-MM' of the month the
-- used seconds belong to; vacation_since is set while the user is on vacation.
CREATE TABLE users (
    user_id         TEXT PRIMARY KEY NOT NULL,
    locale          TEXT,
    vacation_month  TEXT NOT NULL DEFAULT '',
    vacation_used   INTEGER NOT NULL DEFAULT 0,
    vacation_since  INTEGER,
    vacation_until  INTEGER
);

-- One row per game, from challenge to result. The position is NOT stored here: it is rebuilt by
-- replaying the deployments and the append-only event log through the rules core.
CREATE TABLE games (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    server_id    TEXT NOT NULL,
    variant      TEXT NOT NULL,
    mode         TEXT NOT NULL CHECK (mode IN ('dark', 'reveal', 'open')),
    rules        TEXT NOT NULL,          -- RuleOptions in key=value form (only non-defaults)
    per_move     INTEGER,                -- seconds per move; NULL = no time control
    challenger   TEXT NOT NULL,
    invited      TEXT,                   -- NULL for an open challenge
    red          TEXT,                   -- seated players, once accepted
    blue         TEXT,
    status       TEXT NOT NULL CHECK (status IN
                   ('challenged', 'deploying', 'playing', 'finished', 'declined', 'expired', 'aborted')),
    first_seat   INTEGER NOT NULL DEFAULT 0,
    draw_offer   INTEGER,                -- seat with a draw offer on the table
    result       TEXT,                   -- 'red_wins:flag_captured', 'draw:agreed', …
    rematch_of   INTEGER REFERENCES games(id),
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
);
CREATE INDEX games_live ON games(status) WHERE status IN ('challenged', 'deploying', 'playing');

-- The secret deployments (normalised 25-code strings). They leave the store only towards their
-- owner until the game is over; the referee enforces that.
CREATE TABLE deployments (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    user_id  TEXT NOT NULL,
    setup    TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- The append-only event log of a game: moves (kind 'move', body 'c6-c7'), 'resign', 'timeout',
-- 'draw' (agreed). Replaying it from the deployments rebuilds the game.
CREATE TABLE events (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    seq      INTEGER NOT NULL CHECK (seq >= 1),
    kind     TEXT NOT NULL,
    seat     INTEGER,
    body     TEXT NOT NULL DEFAULT '',
    at       INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
);
-- Append-only means append-only: the database itself refuses edits of history.
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;

-- Every applied command's request id with the effects it produced (JSON), so that a repeated
-- request is answered again and never applied twice.
CREATE TABLE requests (
    request_id  TEXT PRIMARY KEY NOT NULL,
    user_id     TEXT NOT NULL,
    effects     TEXT NOT NULL,
    at          INTEGER NOT NULL
);

-- Saved layouts per user (by name) and the last layout each user deployed.
CREATE TABLE layouts (
    user_id  TEXT NOT NULL,
    name     TEXT NOT NULL,
    setup    TEXT NOT NULL,
    PRIMARY KEY (user_id, name)
);
CREATE TABLE last_layouts (
    user_id  TEXT PRIMARY KEY NOT NULL,
    setup    TEXT NOT NULL
);

-- Pending deadlines, one per game: a challenge's expiry (seat NULL) or the per-move deadline of
-- the seat to move. due_at is NULL while paused (the player is on vacation); remaining then holds
-- the seconds left. remind_at is cleared once the reminder has gone out.
CREATE TABLE deadlines (
    game_id    INTEGER PRIMARY KEY NOT NULL REFERENCES games(id),
    kind       TEXT NOT NULL CHECK (kind IN ('challenge', 'move')),
    seat       INTEGER,
    due_at     INTEGER,
    remind_at  INTEGER,
    remaining  INTEGER
);
CREATE INDEX deadlines_due ON deadlines(due_at) WHERE due_at IS NOT NULL;
CREATE INDEX deadlines_remind ON deadlines(remind_at) WHERE remind_at IS NOT NULL;
