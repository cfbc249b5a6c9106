-- 0007: the store keyed by game kind and seat, for any number of seats. Never edit a migration
-- once applied; add a new file.
--
-- Until now two-seat games (junqi, junqi4-duel, junqi-flip) kept their players in games.red /
-- games.blue and only games of more seats used game_seats; the 翻棋 deal had a table of its own;
-- saved and last layouts carried no game kind. From here on:
--   * every game's players are in game_seats (seat 0 = the old red / 翻棋 P1, seat 1 = blue / P2);
--   * secrets are rows of game_secrets keyed by game, kind and seat (NULL = game-wide);
--   * layouts and last_layouts are keyed by the layout family of the variant they fit.

-- 1. Seats. 0004 guaranteed that no two-seat game has game_seats rows yet, so these inserts meet
-- no existing key.
INSERT INTO game_seats (game_id, seat, user_id) SELECT id, 0, red FROM games WHERE red IS NOT NULL;
INSERT INTO game_seats (game_id, seat, user_id) SELECT id, 1, blue FROM games WHERE blue IS NOT NULL;
-- No index, constraint, trigger or view names red or blue, so SQLite can drop them in place
-- (no table rebuild, which the foreign keys onto games would forbid inside this transaction).
-- Dropping them rather than leaving them stale makes any reader that was missed fail loudly.
ALTER TABLE games DROP COLUMN red;
ALTER TABLE games DROP COLUMN blue;

-- 2. Secrets. kind says what body is: 'deal' = a 翻棋 deal (game-wide: seat NULL; the 50 piece
-- letters in deal order, with the shuffle that derives it from seed and the commitment posted at
-- the start). kind has no CHECK list on purpose: a CHECK can only be widened by rebuilding the
-- table (the trap games.mode fell into); the checks below constrain the kinds that exist.
-- Deployments stay in `deployments`: it is already keyed by game and seat, a player may replace
-- theirs until the start (a deal never changes), and every 2- and 4-player path reads it.
CREATE TABLE game_secrets (
    game_id     INTEGER NOT NULL REFERENCES games(id),
    seat        INTEGER CHECK (seat IS NULL OR seat >= 0),
    kind        TEXT NOT NULL,
    body        TEXT NOT NULL,
    shuffle     TEXT,
    seed        TEXT,
    commitment  TEXT,
    CHECK (kind <> 'deal' OR (seat IS NULL AND shuffle IS NOT NULL AND length(seed) = 64
                              AND length(commitment) = 64 AND length(body) = 50))
);
-- One secret of a kind per game and seat; NULL seats compare equal here (plain UNIQUE would let
-- two game-wide rows in, as SQL NULLs are distinct).
CREATE UNIQUE INDEX game_secrets_key ON game_secrets(game_id, kind, ifnull(seat, -1));
INSERT INTO game_secrets (game_id, seat, kind, body, shuffle, seed, commitment)
    SELECT game_id, NULL, 'deal', deal, shuffle, seed, commitment FROM flip_games;
-- A deal is fixed before the first ply and never changes (rules-flip.md §1): refuse edits, as
-- flip_games did. Its triggers go with it.
CREATE TRIGGER game_secrets_deal_no_update BEFORE UPDATE ON game_secrets WHEN OLD.kind = 'deal'
BEGIN SELECT RAISE(ABORT, 'a flip deal never changes'); END;
CREATE TRIGGER game_secrets_deal_no_delete BEFORE DELETE ON game_secrets WHEN OLD.kind = 'deal'
BEGIN SELECT RAISE(ABORT, 'a flip deal never changes'); END;
DROP TABLE flip_games;

-- 3. Layouts by family: the variants whose layouts are interchangeable (same pieces, same
-- territory shape). junqi, junqi4 and junqi4-duel all take the same 25 codes in the same
-- deployment order for every seat, so they are one family, 'junqi', and every existing row
-- (2-player or 4-player, indistinguishable) belongs to it. A 35-piece 陆海空 family will get its
-- own name. No table references these two, so they are rebuilt with the wider keys.
CREATE TABLE layouts_new (
    user_id  TEXT NOT NULL,
    family   TEXT NOT NULL,
    name     TEXT NOT NULL,
    setup    TEXT NOT NULL,
    PRIMARY KEY (user_id, family, name)
);
INSERT INTO layouts_new (user_id, family, name, setup) SELECT user_id, 'junqi', name, setup FROM layouts;
DROP TABLE layouts;
ALTER TABLE layouts_new RENAME TO layouts;

CREATE TABLE last_layouts_new (
    user_id  TEXT NOT NULL,
    family   TEXT NOT NULL,
    setup    TEXT NOT NULL,
    PRIMARY KEY (user_id, family)
);
INSERT INTO last_layouts_new (user_id, family, setup) SELECT user_id, 'junqi', setup FROM last_layouts;
DROP TABLE last_layouts;
ALTER TABLE last_layouts_new RENAME TO last_layouts;

-- games.mode keeps its CHECK ('dark', 'reveal', 'open') and partners games keep game_modes:
-- widening it means rebuilding games, which six tables reference, and SQLite only allows that with
-- foreign keys off, which cannot be switched inside the transaction a migration runs in.
