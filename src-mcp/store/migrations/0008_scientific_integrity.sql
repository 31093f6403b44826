-- 0008: scientific integrity (issue 15). First, a `change_request` checkpoint kind: an assistant
-- that asks for more reasoning calls, more hypotheses or a reopened project gets a request the
-- scientist decides in the app, never the effect itself (item 1). SQLite cannot alter a CHECK
-- constraint in place, so the table is rebuilt with the same columns, rows and indexes; no other
-- table references it.
CREATE TABLE checkpoints_0008 (
  id              TEXT PRIMARY KEY,
  project_id      TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  kind            TEXT NOT NULL CHECK (kind IN ('research_plan', 'hypothesis_batch', 'evolution_plan', 'final_report', 'safety_review', 'change_request')),
  payload         TEXT NOT NULL,
  iteration       INTEGER NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('pending', 'decided')),
  created_at      TEXT NOT NULL,
  decision_id     TEXT UNIQUE,
  decision_action TEXT CHECK (decision_action IN ('approve', 'edit', 'reject')),
  decision_data   TEXT,
  decision_note   TEXT,
  decided_by      TEXT,
  decided_at      TEXT
);
INSERT INTO checkpoints_0008 SELECT id, project_id, kind, payload, iteration, status, created_at, decision_id, decision_action, decision_data, decision_note, decided_by, decided_at FROM checkpoints;
DROP TABLE checkpoints;
ALTER TABLE checkpoints_0008 RENAME TO checkpoints;
CREATE INDEX checkpoints_pending ON checkpoints (status, created_at);
CREATE INDEX checkpoints_by_project ON checkpoints (project_id, created_at);

-- The venue (journal, proceedings, publisher) of a knowledge-base document, so that an exported
-- reference carries everything the document it cites has (issue 15 item 5). Documents ingested
-- before this migration get it when their source changes and is ingested again.
ALTER TABLE knowledge_documents ADD COLUMN venue TEXT;
