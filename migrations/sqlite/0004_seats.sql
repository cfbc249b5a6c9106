-- 0004: games of more than two seats (四国军棋, rules-junqi4.md). Never edit this file once applied.

-- Who sits where in a game with more than two seats (junqi4: seats 0..4 = S, E, N, W). Two-seat
-- games (junqi, junqi4-duel) keep their players in games.red / games.blue as before, so their
-- rows and every query on them are unchanged. A row appears when a player takes the seat (at the
-- challenge or when joining); one user holds at most one seat of a game.
CREATE TABLE game_seats (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    seat     INTEGER NOT NULL CHECK (seat >= 0 AND seat < 8),
    user_id  TEXT NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);
-- "My games" and vacations look games up by player.
CREATE INDEX game_seats_user ON game_seats(user_id);

-- Visibility modes that games.mode cannot hold. Its CHECK ('dark', 'reveal', 'open') predates
-- 双明 (partners), and SQLite widens a CHECK only by rebuilding the table, which the other tables
-- reference. A partners game therefore stores 'dark' in games.mode (what a spectator and the
-- other team see: partners differs from dark only between partners) and its real mode here.
CREATE TABLE game_modes (
    game_id  INTEGER PRIMARY KEY NOT NULL REFERENCES games(id),
    mode     TEXT NOT NULL CHECK (mode IN ('partners'))
);
