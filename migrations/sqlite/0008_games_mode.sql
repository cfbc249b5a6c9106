-- no-transaction
-- 0008: games.mode takes any mode key a game kind defines. Never edit a migration once applied;
-- add a new file.
--
-- (The first line must stay exactly the first line: sqlx runs a file that starts with
-- `-- no-transaction` outside its own transaction, which this file needs; see below.)
--
-- Since 0001 games.mode had CHECK (mode IN ('dark', 'reveal', 'open')), which could not hold
-- 双明 (`partners`, kept in game_modes since 0004) nor the modes of the game kinds to come
-- (draughts, naval chess, …: each kind's `ModeDesc.key`s, e.g. `flip` or a kind's own key).
-- SQLite widens a CHECK only by rebuilding the table, after
-- https://www.sqlite.org/lang_altertable.html "Making Other Kinds Of Table Schema Changes":
-- foreign keys off (a no-op inside a transaction, hence `-- no-transaction`), our own
-- transaction, new table, copy, drop, rename, the index back, `foreign_key_check`, commit,
-- foreign keys on. Which modes a game may have is the referee's check, against the modes of the
-- variant, when the game is created (as for `tournaments.mode`, which never had a CHECK).
--
-- Everything else stays as 0001-0007 left it: the same columns, defaults and constraints (the
-- CREATE TABLE is the old text without the mode CHECK, column comments included), the one index
-- on games (games_live; no trigger or view names games), the foreign keys of the eleven tables
-- that name games(id) (they name the table, so they follow the rename), and the AUTOINCREMENT
-- counter (an id once used is never used again).
--
-- partners games get their real mode back in games.mode. game_modes stays, and the store keeps
-- writing it beside games.mode (src/store/seats.rs mode_put) until the referee reads games.mode
-- alone; then a later migration drops it.
--
-- Without sqlx's transaction, sqlx records this migration in _sqlx_migrations only after the
-- COMMIT below. Should the process die in between, the next start runs the file again, which
-- rebuilds the table once more with the same result.

PRAGMA foreign_keys = OFF;

BEGIN IMMEDIATE;

CREATE TABLE new_games (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    server_id    TEXT NOT NULL,
    variant      TEXT NOT NULL,
    mode         TEXT NOT NULL,
    rules        TEXT NOT NULL,          -- RuleOptions in key=value form (only non-defaults)
    per_move     INTEGER,                -- seconds per move; NULL = no time control
    challenger   TEXT NOT NULL,
    invited      TEXT,                   -- NULL for an open challenge
    status       TEXT NOT NULL CHECK (status IN
                   ('challenged', 'deploying', 'playing', 'finished', 'declined', 'expired', 'aborted')),
    first_seat   INTEGER NOT NULL DEFAULT 0,
    draw_offer   INTEGER,                -- seat with a draw offer on the table
    result       TEXT,                   -- 'red_wins:flag_captured', 'draw:agreed', …
    rematch_of   INTEGER REFERENCES games(id),
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
);

INSERT INTO new_games (id, server_id, variant, mode, rules, per_move, challenger, invited, status,
                       first_seat, draw_offer, result, rematch_of, created_at, updated_at)
    SELECT id, server_id, variant,
           COALESCE((SELECT m.mode FROM game_modes m WHERE m.game_id = games.id), mode),
           rules, per_move, challenger, invited, status,
           first_seat, draw_offer, result, rematch_of, created_at, updated_at
    FROM games;

-- The AUTOINCREMENT counter: the copy set new_games' to its largest id, but games' may be higher
-- (a game row deleted at the top). DROP TABLE deletes games' row of sqlite_sequence and RENAME
-- renames new_games' row, so put games' value there first.
DELETE FROM sqlite_sequence WHERE name = 'new_games';
INSERT INTO sqlite_sequence (name, seq) SELECT 'new_games', seq FROM sqlite_sequence WHERE name = 'games';

DROP TABLE games;
ALTER TABLE new_games RENAME TO games;

CREATE INDEX games_live ON games(status) WHERE status IN ('challenged', 'deploying', 'playing');

-- PRAGMA foreign_key_check only lists violations; a migration must fail on one. The CHECK below
-- turns any row it lists into an error, which leaves the transaction uncommitted (SQLite rolls it
-- back when the failed store closes its connection).
CREATE TEMP TABLE migration_0008_fk_check (violations INTEGER NOT NULL CHECK (violations = 0));
INSERT INTO migration_0008_fk_check SELECT COUNT(*) FROM pragma_foreign_key_check;
DROP TABLE migration_0008_fk_check;

COMMIT;

PRAGMA foreign_keys = ON;
