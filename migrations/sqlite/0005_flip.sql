-- 0005: 翻棋 (junqi-flip) games. Never edit a migration once applied; add a new file.
--
-- A flip game has no deployments: on accept the referee draws a 32-byte seed from the operating
-- system, derives the deal from it (the `shuffle` named here) and posts the commitment. The row
-- below is that secret; it leaves the store only once the game is over (then the seed and the deal
-- are published so anyone can check the commitment). The game itself is rebuilt, as for every
-- game, by replaying the events: a flip is an event of kind 'move' whose body is '+c6=G' (the
-- piece it turned up, checked against the deal on every rebuild), a move is 'c6-c7'.
--
-- The players use the 2-seat columns of `games`: red = P1 (moves first), blue = P2; first_seat is
-- 0. Their colours come later, from the plies (rules-flip.md §2). `games.mode` holds 'open' for a
-- flip game only because its CHECK predates flip; flip has no visibility mode and the referee reads
-- `games.variant` = 'junqi-flip' instead.
CREATE TABLE flip_games (
    game_id     INTEGER PRIMARY KEY NOT NULL REFERENCES games(id),
    shuffle     TEXT NOT NULL,                                  -- 'fy-chacha20/1'
    seed        TEXT NOT NULL CHECK (length(seed) = 64),        -- lower-case hex of 32 bytes
    commitment  TEXT NOT NULL CHECK (length(commitment) = 64),  -- hex SHA-256 of '<seed hex>:<deal>'
    deal        TEXT NOT NULL CHECK (length(deal) = 50)         -- 50 piece letters in deal order
);
-- The deal is fixed before the first ply and never changes (rules-flip.md §1): refuse edits.
CREATE TRIGGER flip_games_no_update BEFORE UPDATE ON flip_games
BEGIN SELECT RAISE(ABORT, 'a flip deal never changes'); END;
CREATE TRIGGER flip_games_no_delete BEFORE DELETE ON flip_games
BEGIN SELECT RAISE(ABORT, 'a flip deal never changes'); END;
