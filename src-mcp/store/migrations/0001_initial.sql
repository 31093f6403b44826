-- 0001: the foundation tables. Timestamps are ISO 8601 UTC strings.

CREATE TABLE projects (
  id                TEXT PRIMARY KEY,
  goal              TEXT NOT NULL,
  domain            TEXT NOT NULL,
  domain_inferred   INTEGER NOT NULL DEFAULT 0 CHECK (domain_inferred IN (0, 1)),
  status            TEXT NOT NULL CHECK (status IN ('initializing', 'active', 'paused', 'completed')),
  hypothesis_budget INTEGER NOT NULL CHECK (hypothesis_budget BETWEEN 1 AND 100),
  progress          REAL NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 1),
  created_by        TEXT NOT NULL,
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL
);
-- Listing is newest first, optionally filtered by status; (created_at, id) is the cursor.
CREATE INDEX projects_by_created ON projects (created_at DESC, id DESC);
CREATE INDEX projects_by_status_created ON projects (status, created_at DESC, id DESC);

-- The change feed: every write a client may care about appends one row. Server processes
-- tail it to send MCP notifications; ids only grow, so "id > last seen" is a cheap cursor.
CREATE TABLE events (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  at          TEXT NOT NULL,
  client_id   TEXT NOT NULL,
  kind        TEXT NOT NULL,
  subject_uri TEXT NOT NULL,
  data        TEXT NOT NULL DEFAULT '{}'
);

-- The audit log is hash-chained: each row stores the previous row's hash and its own hash over
-- its content, so any edit, insertion or deletion in the middle breaks verification.
CREATE TABLE audit_log (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  at          TEXT NOT NULL,
  client_id   TEXT NOT NULL,
  action      TEXT NOT NULL,
  target      TEXT,
  arguments   TEXT NOT NULL,
  outcome     TEXT NOT NULL CHECK (outcome IN ('success', 'error', 'denied')),
  error_code  TEXT,
  duration_ms REAL NOT NULL,
  prev_hash   TEXT NOT NULL,
  hash        TEXT NOT NULL UNIQUE
);
CREATE INDEX audit_by_client_time ON audit_log (client_id, at);

-- The program never rewrites history; these triggers make an accidental (or injected) UPDATE or
-- DELETE through our own connection fail loudly. Verification catches edits made around them.
CREATE TRIGGER audit_log_is_append_only_update BEFORE UPDATE ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
CREATE TRIGGER audit_log_is_append_only_delete BEFORE DELETE ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;

-- What each assistant may do. Clients without a row get the built-in default for their kind.
CREATE TABLE client_policies (
  client_id              TEXT PRIMARY KEY,
  scopes                 TEXT NOT NULL,
  rate_per_minute        INTEGER NOT NULL DEFAULT 60 CHECK (rate_per_minute > 0),
  burst                  INTEGER NOT NULL DEFAULT 10 CHECK (burst > 0),
  may_decide_checkpoints INTEGER NOT NULL DEFAULT 0 CHECK (may_decide_checkpoints IN (0, 1)),
  updated_at             TEXT NOT NULL,
  updated_by             TEXT NOT NULL
);
