-- 0015 (PostgreSQL form of ../0015_project_counts_reference.sql): a project's deletion cascades to
-- its hypotheses, reviews and matches, whose counting triggers (0005, 0009, 0010) update the
-- project's counter row; a row this transaction already updated has its reference re-checked at
-- each update, and the project is gone by then: "violates foreign key constraint". Checked at
-- COMMIT instead, the reference holds for every row that survives (the counter row itself goes with
-- the project by ON DELETE CASCADE, which is not deferred).
ALTER TABLE project_counts ALTER CONSTRAINT project_counts_project_id_fkey DEFERRABLE INITIALLY DEFERRED;
