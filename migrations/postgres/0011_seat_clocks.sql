-- 0011 (PostgreSQL): each seat's time left under a total-time clock.

CREATE TABLE seat_clocks (
    game_id BIGINT NOT NULL REFERENCES games(id),
    seat BIGINT NOT NULL,
    left_secs BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
