-- 0008 (PostgreSQL): nothing. SQLite's 0008 rebuilt games without its mode CHECK; games here
-- never had that CHECK (0001). This file keeps the versions of both folders in step.
SELECT 1;
