-- 0008 (PostgreSQL form of ../0008_scientific_integrity.sql). PostgreSQL replaces a CHECK
-- constraint in place, where SQLite rebuilds the table: same columns, rows and indexes either way.
ALTER TABLE checkpoints DROP CONSTRAINT checkpoints_kind_check,
  ADD CONSTRAINT checkpoints_kind_check
    CHECK (kind IN ('research_plan', 'hypothesis_batch', 'evolution_plan', 'final_report', 'safety_review', 'change_request'));

ALTER TABLE knowledge_documents ADD COLUMN venue text;
