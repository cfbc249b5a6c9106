-- 0004 (PostgreSQL): who sits where, for any number of seats (SQLite's shape after 0007, when
-- every game's players moved here). game_modes is kept as SQLite keeps it: the store still
-- writes partners games there beside games.mode (src/store/seats.rs mode_put).

CREATE TABLE game_seats (
    game_id  BIGINT NOT NULL REFERENCES games(id),
    seat     BIGINT NOT NULL CHECK (seat >= 0 AND seat < 8),
    user_id  TEXT NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);
CREATE INDEX game_seats_user ON game_seats(user_id);

CREATE TABLE game_modes (
    game_id  BIGINT PRIMARY KEY NOT NULL REFERENCES games(id),
    mode     TEXT NOT NULL CHECK (mode IN ('partners'))
);
