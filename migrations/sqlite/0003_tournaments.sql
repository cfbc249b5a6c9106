-- 0003: ratings and tournaments. Never edit a migration once applied; add a new file.
-- Times are Unix seconds (UTC); user and server ids are the adapter's opaque strings.

-- Glicko-2 ratings per server and per variant (a player's Junqi rating on one server says nothing
-- about another server or another game). games counts the rated games only.
CREATE TABLE ratings (
    server_id   TEXT NOT NULL,
    variant     TEXT NOT NULL,
    user_id     TEXT NOT NULL,
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL CHECK (deviation > 0),
    volatility  REAL NOT NULL CHECK (volatility > 0),
    games       INTEGER NOT NULL DEFAULT 0,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (server_id, variant, user_id)
);
CREATE INDEX ratings_board ON ratings(server_id, variant, rating DESC);

-- Per-server rating rules: no_early_resign = 1 refuses resigning in the first 20 plies.
CREATE TABLE rating_rules (
    server_id        TEXT PRIMARY KEY NOT NULL,
    no_early_resign  INTEGER NOT NULL DEFAULT 0 CHECK (no_early_resign IN (0, 1))
);

-- A tournament: format ('round-robin', 'double-round-robin', 'swiss', 'elimination'), the
-- settings of its games, an optional start time (it starts by itself then) and an optional round
-- time (when it passes, unfinished games are adjudicated and the next round begins).
-- status: 'open' (taking entrants), 'running', 'finished'. round is the current round (0 before
-- the start).
CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    server_id    TEXT NOT NULL,
    name         TEXT NOT NULL,
    organiser    TEXT NOT NULL,
    format       TEXT NOT NULL CHECK (format IN ('round-robin', 'double-round-robin', 'swiss', 'elimination')),
    rounds       INTEGER,                -- Swiss only: the number of rounds
    variant      TEXT NOT NULL,
    mode         TEXT NOT NULL,
    rules        TEXT NOT NULL,
    per_move     INTEGER,
    round_time   INTEGER,
    starts_at    INTEGER,
    status       TEXT NOT NULL CHECK (status IN ('open', 'running', 'finished')),
    round        INTEGER NOT NULL DEFAULT 0,
    created_at   INTEGER NOT NULL
);
CREATE INDEX tournaments_open ON tournaments(starts_at) WHERE status = 'open';

-- Entrants in joining order; seed is fixed at the start (1 = top, by rating then joining order).
-- withdrawn_round is the round from which the player no longer plays.
CREATE TABLE entrants (
    tournament_id    INTEGER NOT NULL REFERENCES tournaments(id),
    user_id          TEXT NOT NULL,
    joined_at        INTEGER NOT NULL,
    seq              INTEGER NOT NULL,
    seed             INTEGER,
    withdrawn_round  INTEGER,
    PRIMARY KEY (tournament_id, user_id)
);

-- The rounds begun: when, until when (NULL without a round time), and when all boards were in.
CREATE TABLE rounds (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id),
    round          INTEGER NOT NULL CHECK (round >= 1),
    started_at     INTEGER NOT NULL,
    due_at         INTEGER,
    finished_at    INTEGER,
    PRIMARY KEY (tournament_id, round)
);
CREATE INDEX rounds_due ON rounds(due_at) WHERE due_at IS NOT NULL AND finished_at IS NULL;

-- One row per board of a round: its players (blue NULL = a bye for red), its game once created,
-- and its result ('red', 'blue', 'draw', 'red-forfeits', 'blue-forfeits', 'both-forfeit').
CREATE TABLE pairings (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id),
    round          INTEGER NOT NULL CHECK (round >= 1),
    board          INTEGER NOT NULL CHECK (board >= 1),
    red            TEXT NOT NULL,
    blue           TEXT,
    game_id        INTEGER REFERENCES games(id),
    result         TEXT,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE UNIQUE INDEX pairings_game ON pairings(game_id) WHERE game_id IS NOT NULL;
