-- 0005 (PostgreSQL): nothing. SQLite's 0005 created flip_games, which its 0007 folded into
-- game_secrets (created here by 0007); this file keeps the versions of both folders in step.
SELECT 1;
