-- Issue 20: a durable outbox, request ids scoped to their user, and deployment deadlines.
--
-- Every effect the referee produces is stored here in the same transaction as the state change
-- that caused it (a command, a deadline, a reminder, a tournament round), delivered by the
-- adapter, then deleted. At start and after an adapter fault the rows still here are delivered
-- again, in id order (so in order per game). A command's row carries its user and request id:
-- its delivery key is the request's, so a repeat of the request and a redelivery of the row are
-- the same delivery (Discord de-duplicates a post by a nonce made from that key).
CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER,
    user_id     TEXT,
    request_id  TEXT,
    effects     TEXT NOT NULL,
    at          INTEGER NOT NULL,
    CHECK ((user_id IS NULL) = (request_id IS NULL))
);
CREATE UNIQUE INDEX outbox_request ON outbox (user_id, request_id) WHERE request_id IS NOT NULL;

-- A request id belongs to the user who sent it: another user's command with the same id is a
-- different request (before, it was answered with the first user's stored effects, private
-- messages included).
CREATE TABLE requests_by_user (
    user_id     TEXT NOT NULL,
    request_id  TEXT NOT NULL,
    effects     TEXT NOT NULL,
    at          INTEGER NOT NULL,
    PRIMARY KEY (user_id, request_id)
);
INSERT INTO requests_by_user (user_id, request_id, effects, at)
    SELECT user_id, request_id, effects, at FROM requests;
DROP TABLE requests;
ALTER TABLE requests_by_user RENAME TO requests;

-- A deployment has a deadline too (kind 'deploy', no seat: every seat that has not deployed
-- when it passes loses, see the referee's timers).
CREATE TABLE deadlines_any (
    game_id    INTEGER PRIMARY KEY NOT NULL REFERENCES games(id),
    kind       TEXT NOT NULL CHECK (kind IN ('challenge', 'deploy', 'move')),
    seat       INTEGER,
    due_at     INTEGER,
    remind_at  INTEGER,
    remaining  INTEGER
);
INSERT INTO deadlines_any (game_id, kind, seat, due_at, remind_at, remaining)
    SELECT game_id, kind, seat, due_at, remind_at, remaining FROM deadlines;
DROP TABLE deadlines;
ALTER TABLE deadlines_any RENAME TO deadlines;
CREATE INDEX deadlines_due ON deadlines(due_at) WHERE due_at IS NOT NULL;
CREATE INDEX deadlines_remind ON deadlines(remind_at) WHERE remind_at IS NOT NULL;
