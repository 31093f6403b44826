-- 0004: reasoning providers (architecture.md, *Reasoners*). LLM APIs the scientist configured in the app, the
-- usage every reasoner call cost, and which server processes run provider work in the background.
-- API keys are never stored here: the desktop app keeps them (Electron safeStorage) and hands
-- them to its own server process, which holds them in memory only.

CREATE TABLE reasoning_providers (
  name        TEXT PRIMARY KEY,
  kind        TEXT NOT NULL CHECK (kind IN ('anthropic', 'openai')),
  base_url    TEXT NOT NULL,
  -- {"generation": "...", "review": "...", "judging": "..."}: the model each role uses.
  models      TEXT NOT NULL,
  concurrency INTEGER NOT NULL CHECK (concurrency BETWEEN 1 AND 64),
  timeout_ms  INTEGER NOT NULL CHECK (timeout_ms > 0),
  max_retries INTEGER NOT NULL CHECK (max_retries BETWEEN 0 AND 10),
  -- {"<model>": {"input_per_1k": 0.003, "output_per_1k": 0.015}}: USD per 1000 tokens.
  prices      TEXT NOT NULL DEFAULT '{}',
  enabled     INTEGER NOT NULL DEFAULT 1,
  -- Providers are tried in this order for each role.
  position    INTEGER NOT NULL,
  updated_at  TEXT NOT NULL
);

-- One row per reasoner call (a provider request, a repair request, a sampling request), written
-- in the same transaction as the submission or the failure it led to.
CREATE TABLE reasoning_usage (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id    TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  task_id       TEXT,
  role          TEXT NOT NULL CHECK (role IN ('generation', 'review', 'judging')),
  reasoner      TEXT NOT NULL,
  model         TEXT NOT NULL,
  input_tokens  INTEGER NOT NULL DEFAULT 0,
  output_tokens INTEGER NOT NULL DEFAULT 0,
  -- Estimated from the provider's price table; NULL when no price is configured for the model.
  cost_usd      REAL,
  -- submitted: the result was stored; rejected: it failed validation; failed: no usable answer.
  outcome       TEXT NOT NULL CHECK (outcome IN ('submitted', 'rejected', 'failed')),
  error         TEXT,
  at            TEXT NOT NULL
);
CREATE INDEX reasoning_usage_by_project ON reasoning_usage (project_id, role);
CREATE INDEX reasoning_usage_by_task ON reasoning_usage (task_id);

-- Server processes that currently run provider work in the background (normally the desktop
-- app's). Assistants' servers read it to leave such projects to the background instead of
-- handing their work items out in chat.
CREATE TABLE background_workers (
  worker_id    TEXT PRIMARY KEY,
  client_id    TEXT NOT NULL,
  providers    TEXT NOT NULL,
  started_at   TEXT NOT NULL,
  heartbeat_at TEXT NOT NULL
);
