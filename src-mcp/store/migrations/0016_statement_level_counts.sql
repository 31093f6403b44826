-- 0016: nothing changes on SQLite. Its PostgreSQL form (postgres/0016_statement_level_counts.sql)
-- runs the counting triggers on hypotheses and matches once per statement instead of once per row:
-- there, a row updated many times in one transaction costs more with each update (the chain of its
-- versions grows), so a large import was quadratic. SQLite updates the counter row in place, and
-- its row triggers give the same counts the PostgreSQL statement triggers do.
SELECT 1;
