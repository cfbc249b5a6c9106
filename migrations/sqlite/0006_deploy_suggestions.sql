-- 0006: the layout a deployment panel suggests. Never edit a migration once applied; add a new file.
--
-- A player who has no last layout is shown a random one on their private deployment panel, and
-- Confirm submits exactly that layout. It is drawn once per game and player from the operating
-- system's randomness (never from ids or times an opponent knows) and kept here, so the picture,
-- Save and Confirm agree, across restarts too. Like a deployment it is secret to its player.
CREATE TABLE deploy_suggestions (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    user_id  TEXT NOT NULL,
    setup    TEXT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
