-- 0002: the research engine — plans, hypotheses, reviews, tournament matches, checkpoints and the
-- durable task queue. JSON columns hold small structured values that are read whole.

ALTER TABLE projects ADD COLUMN plan TEXT NOT NULL DEFAULT '{}';
ALTER TABLE projects ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
ALTER TABLE projects ADD COLUMN stage TEXT NOT NULL DEFAULT 'plan'
  CHECK (stage IN ('plan', 'generate', 'review', 'rank', 'evolve', 'report', 'done'));
ALTER TABLE projects ADD COLUMN iteration INTEGER NOT NULL DEFAULT 1;
ALTER TABLE projects ADD COLUMN workflow_step INTEGER NOT NULL DEFAULT 0;
ALTER TABLE projects ADD COLUMN meta_review TEXT;
ALTER TABLE projects ADD COLUMN reasoning_calls_used INTEGER NOT NULL DEFAULT 0;
ALTER TABLE projects ADD COLUMN stop_reason TEXT;

CREATE TABLE hypotheses (
  id                   TEXT PRIMARY KEY,
  project_id           TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  seq                  INTEGER NOT NULL,
  summary              TEXT NOT NULL,
  rationale            TEXT NOT NULL,
  experimental_protocol TEXT NOT NULL,
  testable_predictions TEXT NOT NULL DEFAULT '[]',
  citations            TEXT NOT NULL DEFAULT '[]',
  assumptions          TEXT NOT NULL DEFAULT '[]',
  method               TEXT NOT NULL,
  origin               TEXT NOT NULL CHECK (origin IN ('generated', 'evolved', 'human')),
  status               TEXT NOT NULL CHECK (status IN ('pending', 'reviewed', 'in_tournament', 'evolved', 'rejected')),
  -- The scientist's gate: new → awaiting_approval (in an open hypothesis_batch checkpoint) → approved.
  gate                 TEXT NOT NULL DEFAULT 'new' CHECK (gate IN ('new', 'awaiting_approval', 'approved')),
  parents              TEXT NOT NULL DEFAULT '[]',
  iteration            INTEGER NOT NULL,
  elo                  REAL NOT NULL DEFAULT 1000,
  bt_score             REAL,
  ci_low               REAL,
  ci_high              REAL,
  p_top_k              REAL,
  rank                 INTEGER,
  matches_played       INTEGER NOT NULL DEFAULT 0,
  wins                 INTEGER NOT NULL DEFAULT 0,
  near_duplicate_of    TEXT,
  safety_flag          TEXT,
  batch_task_id        TEXT,
  created_by           TEXT NOT NULL,
  reasoner             TEXT,
  created_at           TEXT NOT NULL,
  updated_at           TEXT NOT NULL,
  UNIQUE (project_id, seq)
);
CREATE INDEX hypotheses_by_project_rank ON hypotheses (project_id, rank);
CREATE INDEX hypotheses_by_project_status ON hypotheses (project_id, status);

CREATE TABLE reviews (
  id                TEXT PRIMARY KEY,
  project_id        TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  hypothesis_id     TEXT NOT NULL REFERENCES hypotheses (id) ON DELETE CASCADE,
  type              TEXT NOT NULL CHECK (type IN ('initial', 'full', 'deep_verification', 'observation', 'simulation', 'tournament')),
  plausibility      REAL NOT NULL CHECK (plausibility BETWEEN 0 AND 1),
  novelty           REAL NOT NULL CHECK (novelty BETWEEN 0 AND 1),
  testability       REAL NOT NULL CHECK (testability BETWEEN 0 AND 1),
  safety            REAL NOT NULL CHECK (safety BETWEEN 0 AND 1),
  overall           REAL NOT NULL CHECK (overall BETWEEN 0 AND 1),
  strengths         TEXT NOT NULL,
  weaknesses        TEXT NOT NULL,
  recommendations   TEXT NOT NULL,
  citations         TEXT NOT NULL,
  assumption_checks TEXT NOT NULL DEFAULT '[]',
  fundamental_flaw  INTEGER NOT NULL DEFAULT 0,
  narrative         TEXT,
  reviewer          TEXT NOT NULL,
  judge             TEXT NOT NULL CHECK (judge IN ('model', 'human')),
  task_id           TEXT,
  created_at        TEXT NOT NULL,
  -- A task's result is applied once: the same review can never be stored twice.
  UNIQUE (task_id, hypothesis_id)
);
CREATE INDEX reviews_by_hypothesis ON reviews (hypothesis_id, created_at);

CREATE TABLE matches (
  id          TEXT PRIMARY KEY,
  project_id  TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  first_id    TEXT NOT NULL REFERENCES hypotheses (id) ON DELETE CASCADE,
  second_id   TEXT NOT NULL REFERENCES hypotheses (id) ON DELETE CASCADE,
  winner_id   TEXT NOT NULL,
  judge       TEXT NOT NULL CHECK (judge IN ('model', 'human')),
  confidence  REAL,
  rationale   TEXT NOT NULL,
  debate      TEXT NOT NULL DEFAULT '[]',
  task_id     TEXT,
  pair_id     TEXT,
  created_by  TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  seq         INTEGER NOT NULL,
  CHECK (winner_id IN (first_id, second_id)),
  CHECK (first_id <> second_id),
  -- A judgement is recorded once, even if a crashed process's task is submitted again.
  UNIQUE (task_id, pair_id),
  UNIQUE (project_id, seq)
);
CREATE INDEX matches_by_project ON matches (project_id, seq);

CREATE TABLE checkpoints (
  id              TEXT PRIMARY KEY,
  project_id      TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  kind            TEXT NOT NULL CHECK (kind IN ('research_plan', 'hypothesis_batch', 'evolution_plan', 'final_report', 'safety_review')),
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
CREATE INDEX checkpoints_pending ON checkpoints (status, created_at);
CREATE INDEX checkpoints_by_project ON checkpoints (project_id, created_at);

-- The durable work queue (architecture.md, *Workflow, tasks and checkpoints*). Any live server process may lease a task; a lease
-- that expires, or whose owner process died, can be taken over.
CREATE TABLE tasks (
  id               TEXT PRIMARY KEY,
  project_id       TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  kind             TEXT NOT NULL CHECK (kind IN ('generate', 'review', 'compare', 'evolve', 'meta_review')),
  payload          TEXT NOT NULL,
  status           TEXT NOT NULL CHECK (status IN ('queued', 'leased', 'done', 'failed', 'cancelled')),
  lease_owner      TEXT,
  lease_expires_at TEXT,
  attempts         INTEGER NOT NULL DEFAULT 0,
  reasoner         TEXT,
  error            TEXT,
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL,
  completed_at     TEXT
);
CREATE INDEX tasks_open ON tasks (project_id, status, created_at);
