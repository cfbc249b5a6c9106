-- Total-time clocks (a chess clock per seat: `time=10m+30s`, issue 21). Each seat's time left,
-- in seconds, as it stood when its last turn ended (the running turn's time is the move
-- deadline: `deadlines.due_at` less now, or `deadlines.remaining` while paused). A seat with no
-- row has its whole total left.
CREATE TABLE seat_clocks (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    left_secs INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
