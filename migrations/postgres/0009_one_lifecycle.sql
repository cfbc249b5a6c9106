-- 0009 (PostgreSQL): nothing. SQLite's 0009 rewrote old rows (flip modes, draw-offer masks);
-- a PostgreSQL database has only rows written in the new form. Kept so the versions stay in step.
SELECT 1;
