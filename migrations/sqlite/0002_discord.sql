-- 0002: marks (a player's private guesses on enemy pieces) and what the Discord adapter must not
-- lose on a restart (where each game and challenge lives, per-server adapter options). Ids of
-- Discord channels and messages are stored as text, like user ids: opaque to the referee.

-- A player's marks in a game. A mark names the point its piece stood on after `ply` plies; the
-- referee follows the piece through the public moves since then (from, to, outcome class) and
-- drops the mark when the piece is removed. Each mark command rewrites a player's marks at the
-- current ply, so rows rarely need following far.
CREATE TABLE marks (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    user_id  TEXT NOT NULL,
    point    TEXT NOT NULL,          -- point name, e.g. 'c9'
    piece    TEXT NOT NULL,          -- the guessed piece's code in the variant's table, e.g. 'a'
    ply      INTEGER NOT NULL CHECK (ply >= 0),
    PRIMARY KEY (game_id, user_id, point)
);

-- Per-server options of the Discord adapter. NULL means "not set": the config's default applies
-- (thread per game), no announcements channel, no default time control.
CREATE TABLE discord_servers (
    server_id        TEXT PRIMARY KEY NOT NULL,
    announcements    TEXT,           -- channel id for notable results
    thread_per_game  INTEGER CHECK (thread_per_game IN (0, 1)),
    default_time     TEXT            -- time control for challenges that give none ('1d', 'none')
);

-- The channel or thread each game is played in (a game's messages go there; a move typed or a
-- command used there means that game).
CREATE TABLE discord_games (
    game_id  INTEGER PRIMARY KEY NOT NULL REFERENCES games(id),
    channel  TEXT NOT NULL
);
CREATE INDEX discord_games_channel ON discord_games(channel);

-- The message carrying each challenge's buttons (edited when it is settled; a game's thread
-- starts from it).
CREATE TABLE discord_challenges (
    game_id  INTEGER PRIMARY KEY NOT NULL REFERENCES games(id),
    channel  TEXT NOT NULL,
    message  TEXT NOT NULL
);
