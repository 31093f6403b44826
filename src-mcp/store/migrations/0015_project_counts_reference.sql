-- 0015: nothing changes on SQLite. Its PostgreSQL form (postgres/0015_project_counts_reference.sql)
-- defers the counter row's reference to its project to the end of the transaction: there, a
-- project's deletion cascades to its hypotheses, whose counting triggers update a counter row the
-- same transaction already touched, and PostgreSQL re-checks such a row's reference at once —
-- against a project already gone. SQLite checks foreign keys per statement and never met this.
SELECT 1;
