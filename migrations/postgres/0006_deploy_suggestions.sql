-- 0006 (PostgreSQL): the layout a deployment panel suggests (and the drafts its editor makes).

CREATE TABLE deploy_suggestions (
    game_id  BIGINT NOT NULL REFERENCES games(id),
    user_id  TEXT NOT NULL,
    setup    TEXT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
