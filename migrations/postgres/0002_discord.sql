-- 0002 (PostgreSQL): marks and what the Discord adapter must not lose on a restart. See
-- migrations/sqlite/0002_discord.sql for what each table means.

CREATE TABLE marks (
    game_id  BIGINT NOT NULL REFERENCES games(id),
    user_id  TEXT NOT NULL,
    point    TEXT NOT NULL,
    piece    TEXT NOT NULL,
    ply      BIGINT NOT NULL CHECK (ply >= 0),
    PRIMARY KEY (game_id, user_id, point)
);

-- thread_per_game stays 0/1 as in SQLite: the store reads and writes it as an integer.
CREATE TABLE discord_servers (
    server_id        TEXT PRIMARY KEY NOT NULL,
    announcements    TEXT,
    thread_per_game  BIGINT CHECK (thread_per_game IN (0, 1)),
    default_time     TEXT
);

CREATE TABLE discord_games (
    game_id  BIGINT PRIMARY KEY NOT NULL REFERENCES games(id),
    channel  TEXT NOT NULL
);
CREATE INDEX discord_games_channel ON discord_games(channel);

CREATE TABLE discord_challenges (
    game_id  BIGINT PRIMARY KEY NOT NULL REFERENCES games(id),
    channel  TEXT NOT NULL,
    message  TEXT NOT NULL
);
