-- 0002 (PostgreSQL form of ../0002_research_engine.sql). The checkpoint kind check is named, so
-- that 0008 can replace it in place (SQLite has to rebuild the table).

ALTER TABLE projects ADD COLUMN plan text NOT NULL DEFAULT '{}';
ALTER TABLE projects ADD COLUMN settings text NOT NULL DEFAULT '{}';
ALTER TABLE projects ADD COLUMN stage text NOT NULL DEFAULT 'plan'
  CHECK (stage IN ('plan', 'generate', 'review', 'rank', 'evolve', 'report', 'done'));
ALTER TABLE projects ADD COLUMN iteration bigint NOT NULL DEFAULT 1;
ALTER TABLE projects ADD COLUMN workflow_step bigint NOT NULL DEFAULT 0;
ALTER TABLE projects ADD COLUMN meta_review text;
ALTER TABLE projects ADD COLUMN reasoning_calls_used bigint NOT NULL DEFAULT 0;
ALTER TABLE projects ADD COLUMN stop_reason text;

CREATE TABLE hypotheses (
  id                   text PRIMARY KEY,
  project_id           text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  seq                  bigint NOT NULL,
  summary              text NOT NULL,
  rationale            text NOT NULL,
  experimental_protocol text NOT NULL,
  testable_predictions text NOT NULL DEFAULT '[]',
  citations            text NOT NULL DEFAULT '[]',
  assumptions          text NOT NULL DEFAULT '[]',
  method               text NOT NULL,
  origin               text NOT NULL CHECK (origin IN ('generated', 'evolved', 'human')),
  status               text NOT NULL CHECK (status IN ('pending', 'reviewed', 'in_tournament', 'evolved', 'rejected')),
  gate                 text NOT NULL DEFAULT 'new' CHECK (gate IN ('new', 'awaiting_approval', 'approved')),
  parents              text NOT NULL DEFAULT '[]',
  iteration            bigint NOT NULL,
  elo                  double precision NOT NULL DEFAULT 1000,
  bt_score             double precision,
  ci_low               double precision,
  ci_high              double precision,
  p_top_k              double precision,
  rank                 bigint,
  matches_played       bigint NOT NULL DEFAULT 0,
  wins                 bigint NOT NULL DEFAULT 0,
  near_duplicate_of    text,
  safety_flag          text,
  batch_task_id        text,
  created_by           text NOT NULL,
  reasoner             text,
  created_at           text NOT NULL,
  updated_at           text NOT NULL,
  UNIQUE (project_id, seq)
);
CREATE INDEX hypotheses_by_project_rank ON hypotheses (project_id, rank);
CREATE INDEX hypotheses_by_project_status ON hypotheses (project_id, status);

CREATE TABLE reviews (
  id                text PRIMARY KEY,
  project_id        text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  hypothesis_id     text NOT NULL REFERENCES hypotheses (id) ON DELETE CASCADE,
  type              text NOT NULL CHECK (type IN ('initial', 'full', 'deep_verification', 'observation', 'simulation', 'tournament')),
  plausibility      double precision NOT NULL CHECK (plausibility BETWEEN 0 AND 1),
  novelty           double precision NOT NULL CHECK (novelty BETWEEN 0 AND 1),
  testability       double precision NOT NULL CHECK (testability BETWEEN 0 AND 1),
  safety            double precision NOT NULL CHECK (safety BETWEEN 0 AND 1),
  overall           double precision NOT NULL CHECK (overall BETWEEN 0 AND 1),
  strengths         text NOT NULL,
  weaknesses        text NOT NULL,
  recommendations   text NOT NULL,
  citations         text NOT NULL,
  assumption_checks text NOT NULL DEFAULT '[]',
  fundamental_flaw  bigint NOT NULL DEFAULT 0,
  narrative         text,
  reviewer          text NOT NULL,
  judge             text NOT NULL CHECK (judge IN ('model', 'human')),
  task_id           text,
  created_at        text NOT NULL,
  -- NULLs are distinct in a UNIQUE constraint on both engines: reviews without a task never collide.
  UNIQUE (task_id, hypothesis_id)
);
CREATE INDEX reviews_by_hypothesis ON reviews (hypothesis_id, created_at);

CREATE TABLE matches (
  id          text PRIMARY KEY,
  project_id  text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  first_id    text NOT NULL REFERENCES hypotheses (id) ON DELETE CASCADE,
  second_id   text NOT NULL REFERENCES hypotheses (id) ON DELETE CASCADE,
  winner_id   text NOT NULL,
  judge       text NOT NULL CHECK (judge IN ('model', 'human')),
  confidence  double precision,
  rationale   text NOT NULL,
  debate      text NOT NULL DEFAULT '[]',
  task_id     text,
  pair_id     text,
  created_by  text NOT NULL,
  created_at  text NOT NULL,
  seq         bigint NOT NULL,
  CHECK (winner_id IN (first_id, second_id)),
  CHECK (first_id <> second_id),
  UNIQUE (task_id, pair_id),
  UNIQUE (project_id, seq)
);
CREATE INDEX matches_by_project ON matches (project_id, seq);

CREATE TABLE checkpoints (
  id              text PRIMARY KEY,
  project_id      text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  kind            text NOT NULL CONSTRAINT checkpoints_kind_check
                    CHECK (kind IN ('research_plan', 'hypothesis_batch', 'evolution_plan', 'final_report', 'safety_review')),
  payload         text NOT NULL,
  iteration       bigint NOT NULL,
  status          text NOT NULL CHECK (status IN ('pending', 'decided')),
  created_at      text NOT NULL,
  decision_id     text UNIQUE,
  decision_action text CHECK (decision_action IN ('approve', 'edit', 'reject')),
  decision_data   text,
  decision_note   text,
  decided_by      text,
  decided_at      text
);
CREATE INDEX checkpoints_pending ON checkpoints (status, created_at);
CREATE INDEX checkpoints_by_project ON checkpoints (project_id, created_at);

CREATE TABLE tasks (
  id               text PRIMARY KEY,
  project_id       text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  kind             text NOT NULL CHECK (kind IN ('generate', 'review', 'compare', 'evolve', 'meta_review')),
  payload          text NOT NULL,
  status           text NOT NULL CHECK (status IN ('queued', 'leased', 'done', 'failed', 'cancelled')),
  lease_owner      text,
  lease_expires_at text,
  attempts         bigint NOT NULL DEFAULT 0,
  reasoner         text,
  error            text,
  created_at       text NOT NULL,
  updated_at       text NOT NULL,
  completed_at     text
);
CREATE INDEX tasks_open ON tasks (project_id, status, created_at);
