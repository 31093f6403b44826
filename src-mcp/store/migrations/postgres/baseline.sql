-- The schema migrations 0001_initial to 0017_usage_totals make, as pg_dump writes it:
-- a new database is created from it (store/postgres/migrate.ts). Generated; do not edit.
-- After a new step, or to move POSTGRES_BASELINE.version, rewrite it with a cluster running:
--   npx vitest run test/integration/postgres/migrationBaseline.test.ts -u

CREATE FUNCTION audit_log_is_append_only() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END $$;

CREATE FUNCTION board_counts_on_hypothesis_competing() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  delta bigint := CASE WHEN hypothesis_competes(NEW.status, NEW.gate, NEW.safety_flag) THEN 1 ELSE -1 END;
BEGIN
  UPDATE project_counts SET
    competitors = competitors + delta,
    competitor_matches = competitor_matches + delta * competitor_matches_of(NEW.id)
  WHERE project_id = NEW.project_id;
  RETURN NEW;
END $$;

CREATE FUNCTION board_counts_on_hypothesis_delete() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE project_counts SET
    competitors = competitors - 1,
    competitor_matches = competitor_matches - competitor_matches_of(OLD.id)
  WHERE project_id = OLD.project_id;
  RETURN OLD;
END $$;

CREATE FUNCTION competitor_matches_of(hypothesis text) RETURNS bigint
    LANGUAGE sql STABLE
    AS $$
  SELECT COUNT(*) FROM matches m JOIN hypotheses o ON o.id = CASE WHEN m.first_id = hypothesis THEN m.second_id ELSE m.first_id END
  WHERE (m.first_id = hypothesis OR m.second_id = hypothesis) AND hypothesis_competes(o.status, o.gate, o.safety_flag)
$$;

CREATE FUNCTION hypotheses_board_key() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF NEW.rank IS NOT NULL AND hypothesis_competes(NEW.status, NEW.gate, NEW.safety_flag) THEN
    NEW.board_bucket := 0;
    NEW.board_value := NEW.rank;
  ELSE
    NEW.board_bucket := 1;
    NEW.board_value := -NEW.elo;
  END IF;
  RETURN NEW;
END $$;

CREATE FUNCTION hypotheses_unverified_citations() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  NEW.unverified_citations := unverified_citation_count(NEW.citations);
  RETURN NEW;
END $$;

CREATE FUNCTION hypothesis_competes(status text, gate text, safety_flag text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  SELECT status IN ('reviewed', 'in_tournament', 'evolved') AND gate = 'approved' AND safety_flag IS NULL
$$;

CREATE FUNCTION knowledge_chunks_are_immutable() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  RAISE EXCEPTION 'knowledge_chunks are replaced, never updated';
END $$;

CREATE FUNCTION leaderboard_version_bump() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE project_counts SET leaderboard_version = leaderboard_version + 1 WHERE project_id = NEW.project_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE project_counts SET leaderboard_version = leaderboard_version + 1 WHERE project_id = OLD.project_id;
  ELSE
    -- Both projects when a hypothesis moves between them.
    UPDATE project_counts SET leaderboard_version = leaderboard_version + 1 WHERE project_id IN (OLD.project_id, NEW.project_id);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION project_counts_go_first() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  DELETE FROM project_counts WHERE project_id = OLD.id;
  RETURN OLD;
END $$;

CREATE FUNCTION project_counts_move_status(project text, status text, delta bigint) RETURNS void
    LANGUAGE sql
    AS $$
  UPDATE project_counts SET
    status_pending = status_pending + delta * (status = 'pending')::int,
    status_reviewed = status_reviewed + delta * (status = 'reviewed')::int,
    status_in_tournament = status_in_tournament + delta * (status = 'in_tournament')::int,
    status_evolved = status_evolved + delta * (status = 'evolved')::int,
    status_rejected = status_rejected + delta * (status = 'rejected')::int
  WHERE project_id = project;
$$;

CREATE FUNCTION project_counts_on_hypotheses_inserted() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE project_counts pc SET
    status_pending = pc.status_pending + d.pending,
    status_reviewed = pc.status_reviewed + d.reviewed,
    status_in_tournament = pc.status_in_tournament + d.in_tournament,
    status_evolved = pc.status_evolved + d.evolved,
    status_rejected = pc.status_rejected + d.rejected,
    competitors = pc.competitors + d.competitors,
    leaderboard_version = pc.leaderboard_version + d.written
  FROM (SELECT project_id,
          COUNT(*) FILTER (WHERE status = 'pending') AS pending,
          COUNT(*) FILTER (WHERE status = 'reviewed') AS reviewed,
          COUNT(*) FILTER (WHERE status = 'in_tournament') AS in_tournament,
          COUNT(*) FILTER (WHERE status = 'evolved') AS evolved,
          COUNT(*) FILTER (WHERE status = 'rejected') AS rejected,
          COUNT(*) FILTER (WHERE hypothesis_competes(status, gate, safety_flag)) AS competitors,
          COUNT(*) AS written
        FROM inserted GROUP BY project_id) d
  WHERE pc.project_id = d.project_id;
  RETURN NULL;
END $$;

CREATE FUNCTION project_counts_on_hypothesis_delete() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM project_counts_move_status(OLD.project_id, OLD.status, -1);
  RETURN NULL;
END $$;

CREATE FUNCTION project_counts_on_hypothesis_move() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM project_counts_move_status(OLD.project_id, OLD.status, -1);
  PERFORM project_counts_move_status(NEW.project_id, NEW.status, 1);
  RETURN NULL;
END $$;

CREATE FUNCTION project_counts_on_matches() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  sign bigint := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  UPDATE project_counts pc SET
    matches = pc.matches + sign * d.n,
    competitor_matches = pc.competitor_matches + sign * d.competing,
    leaderboard_version = pc.leaderboard_version + d.n
  FROM (SELECT c.project_id, COUNT(*) AS n,
          COUNT(*) FILTER (WHERE hypothesis_competes(a.status, a.gate, a.safety_flag) AND hypothesis_competes(b.status, b.gate, b.safety_flag)) AS competing
        FROM changed_matches c
        LEFT JOIN hypotheses a ON a.id = c.first_id LEFT JOIN hypotheses b ON b.id = c.second_id
        GROUP BY c.project_id) d
  WHERE pc.project_id = d.project_id;
  RETURN NULL;
END $$;

CREATE FUNCTION project_counts_on_project_insert() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO project_counts (project_id) VALUES (NEW.id);
  RETURN NULL;
END $$;

CREATE FUNCTION project_counts_on_review_delete() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE project_counts pc SET with_review = with_review - lasts.n
  FROM (SELECT d.project_id, COUNT(DISTINCT d.hypothesis_id) AS n FROM deleted d
        WHERE NOT EXISTS (SELECT 1 FROM reviews r WHERE r.hypothesis_id = d.hypothesis_id)
        GROUP BY d.project_id) lasts
  WHERE pc.project_id = lasts.project_id;
  RETURN NULL;
END $$;

CREATE FUNCTION project_counts_on_review_insert() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE project_counts pc SET with_review = with_review + firsts.n
  FROM (SELECT i.project_id, COUNT(DISTINCT i.hypothesis_id) AS n FROM inserted i
        WHERE NOT EXISTS (SELECT 1 FROM reviews r WHERE r.hypothesis_id = i.hypothesis_id AND r.id NOT IN (SELECT id FROM inserted))
        GROUP BY i.project_id) firsts
  WHERE pc.project_id = firsts.project_id;
  RETURN NULL;
END $$;

CREATE FUNCTION reasoning_usage_append_only() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  RAISE EXCEPTION 'reasoning_usage rows are written once: usage_totals (migration 0017) would not follow an update';
END $$;

CREATE FUNCTION unverified_citation_count(citations text) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE
    AS $$
DECLARE
  parsed jsonb;
BEGIN
  BEGIN
    parsed := citations::jsonb;
  EXCEPTION WHEN others THEN
    RETURN 0;
  END;
  IF jsonb_typeof(parsed) IS DISTINCT FROM 'array' THEN
    RETURN 0;
  END IF;
  RETURN (SELECT COUNT(*) FROM jsonb_array_elements(parsed) c(value)
          WHERE jsonb_typeof(c.value) <> 'object'
             OR c.value -> 'verified' IS NULL
             OR c.value -> 'verified' IN ('null'::jsonb, 'false'::jsonb, '""'::jsonb)
             OR (jsonb_typeof(c.value -> 'verified') = 'number' AND (c.value ->> 'verified')::numeric = 0));
END $$;

CREATE FUNCTION usage_totals_on_delete() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE usage_totals t SET
    calls = t.calls - d.calls,
    input_tokens = t.input_tokens - d.input_tokens,
    output_tokens = t.output_tokens - d.output_tokens,
    priced_calls = t.priced_calls - d.priced_calls,
    cost_nanousd = t.cost_nanousd - d.cost_nanousd
  FROM (SELECT project_id, role, reasoner, model, COUNT(*) AS calls, SUM(input_tokens) AS input_tokens, SUM(output_tokens) AS output_tokens,
          COUNT(cost_usd) AS priced_calls, COALESCE(SUM(CAST(ROUND(cost_usd * 1000000000) AS bigint)), 0) AS cost_nanousd
        FROM deleted GROUP BY project_id, role, reasoner, model) d
  WHERE t.project_id = d.project_id AND t.role = d.role AND t.reasoner = d.reasoner AND t.model = d.model;
  DELETE FROM usage_totals t USING (SELECT DISTINCT project_id, role, reasoner, model FROM deleted) d
  WHERE t.project_id = d.project_id AND t.role = d.role AND t.reasoner = d.reasoner AND t.model = d.model AND t.calls = 0;
  RETURN NULL;
END $$;

CREATE FUNCTION usage_totals_on_insert() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO usage_totals AS t (project_id, role, reasoner, model, calls, input_tokens, output_tokens, priced_calls, cost_nanousd)
  SELECT project_id, role, reasoner, model, COUNT(*), SUM(input_tokens), SUM(output_tokens), COUNT(cost_usd),
         COALESCE(SUM(CAST(ROUND(cost_usd * 1000000000) AS bigint)), 0)
    FROM inserted GROUP BY project_id, role, reasoner, model
  ON CONFLICT (project_id, role, reasoner, model) DO UPDATE SET
    calls = t.calls + EXCLUDED.calls,
    input_tokens = t.input_tokens + EXCLUDED.input_tokens,
    output_tokens = t.output_tokens + EXCLUDED.output_tokens,
    priced_calls = t.priced_calls + EXCLUDED.priced_calls,
    cost_nanousd = t.cost_nanousd + EXCLUDED.cost_nanousd;
  RETURN NULL;
END $$;

CREATE TABLE audit_log (
    id bigint NOT NULL,
    at text NOT NULL,
    client_id text NOT NULL,
    action text NOT NULL,
    target text,
    arguments text NOT NULL,
    outcome text NOT NULL,
    error_code text,
    duration_ms double precision NOT NULL,
    prev_hash text NOT NULL,
    hash text NOT NULL,
    CONSTRAINT audit_log_outcome_check CHECK ((outcome = ANY (ARRAY['success'::text, 'error'::text, 'denied'::text])))
);

ALTER TABLE audit_log ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE background_workers (
    worker_id text NOT NULL,
    client_id text NOT NULL,
    providers text NOT NULL,
    started_at text NOT NULL,
    heartbeat_at text NOT NULL
);

CREATE TABLE checkpoints (
    id text NOT NULL,
    project_id text NOT NULL,
    kind text NOT NULL,
    payload text NOT NULL,
    iteration bigint NOT NULL,
    status text NOT NULL,
    created_at text NOT NULL,
    decision_id text,
    decision_action text,
    decision_data text,
    decision_note text,
    decided_by text,
    decided_at text,
    CONSTRAINT checkpoints_decision_action_check CHECK ((decision_action = ANY (ARRAY['approve'::text, 'edit'::text, 'reject'::text]))),
    CONSTRAINT checkpoints_kind_check CHECK ((kind = ANY (ARRAY['research_plan'::text, 'hypothesis_batch'::text, 'evolution_plan'::text, 'final_report'::text, 'safety_review'::text, 'change_request'::text]))),
    CONSTRAINT checkpoints_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'decided'::text])))
);

CREATE TABLE client_policies (
    client_id text NOT NULL,
    scopes text NOT NULL,
    rate_per_minute bigint DEFAULT 60 NOT NULL,
    burst bigint DEFAULT 10 NOT NULL,
    may_decide_checkpoints bigint DEFAULT 0 NOT NULL,
    updated_at text NOT NULL,
    updated_by text NOT NULL,
    CONSTRAINT client_policies_burst_check CHECK ((burst > 0)),
    CONSTRAINT client_policies_may_decide_checkpoints_check CHECK ((may_decide_checkpoints = ANY (ARRAY[(0)::bigint, (1)::bigint]))),
    CONSTRAINT client_policies_rate_per_minute_check CHECK ((rate_per_minute > 0))
);

CREATE TABLE events (
    id bigint NOT NULL,
    at text NOT NULL,
    client_id text NOT NULL,
    kind text NOT NULL,
    subject_uri text NOT NULL,
    data text DEFAULT '{}'::text NOT NULL
);

ALTER TABLE events ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE hypotheses (
    id text NOT NULL,
    project_id text NOT NULL,
    seq bigint NOT NULL,
    summary text NOT NULL,
    rationale text NOT NULL,
    experimental_protocol text NOT NULL,
    testable_predictions text DEFAULT '[]'::text NOT NULL,
    citations text DEFAULT '[]'::text NOT NULL,
    assumptions text DEFAULT '[]'::text NOT NULL,
    method text NOT NULL,
    origin text NOT NULL,
    status text NOT NULL,
    gate text DEFAULT 'new'::text NOT NULL,
    parents text DEFAULT '[]'::text NOT NULL,
    iteration bigint NOT NULL,
    elo double precision DEFAULT 1000 NOT NULL,
    bt_score double precision,
    ci_low double precision,
    ci_high double precision,
    p_top_k double precision,
    rank bigint,
    matches_played bigint DEFAULT 0 NOT NULL,
    wins bigint DEFAULT 0 NOT NULL,
    near_duplicate_of text,
    safety_flag text,
    batch_task_id text,
    created_by text NOT NULL,
    reasoner text,
    created_at text NOT NULL,
    updated_at text NOT NULL,
    title text,
    core_claim text,
    previous_rank bigint,
    rank_movement bigint,
    unverified_citations bigint DEFAULT 0 NOT NULL,
    board_bucket bigint DEFAULT 1 NOT NULL,
    board_value double precision DEFAULT 0 NOT NULL,
    CONSTRAINT hypotheses_gate_check CHECK ((gate = ANY (ARRAY['new'::text, 'awaiting_approval'::text, 'approved'::text]))),
    CONSTRAINT hypotheses_origin_check CHECK ((origin = ANY (ARRAY['generated'::text, 'evolved'::text, 'human'::text]))),
    CONSTRAINT hypotheses_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'reviewed'::text, 'in_tournament'::text, 'evolved'::text, 'rejected'::text])))
);

CREATE TABLE hypothesis_title_edits (
    id bigint NOT NULL,
    hypothesis_id text NOT NULL,
    at text NOT NULL,
    client_id text NOT NULL,
    from_title text,
    to_title text NOT NULL
);

ALTER TABLE hypothesis_title_edits ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME hypothesis_title_edits_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE knowledge_chunks (
    id bigint NOT NULL,
    document_id text NOT NULL,
    collection_id text NOT NULL,
    seq bigint NOT NULL,
    title text NOT NULL,
    header_path text NOT NULL,
    content_type text NOT NULL,
    content text NOT NULL,
    search_vector tsvector GENERATED ALWAYS AS (((setweight(to_tsvector('english'::regconfig, title), 'A'::"char") || setweight(to_tsvector('english'::regconfig, header_path), 'B'::"char")) || setweight(to_tsvector('english'::regconfig, content), 'C'::"char"))) STORED,
    CONSTRAINT knowledge_chunks_content_type_check CHECK ((content_type = ANY (ARRAY['prose'::text, 'code_block'::text, 'table'::text])))
);

ALTER TABLE knowledge_chunks ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME knowledge_chunks_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE knowledge_collection_projects (
    collection_id text NOT NULL,
    project_id text NOT NULL,
    linked_by text NOT NULL,
    linked_at text NOT NULL
);

CREATE TABLE knowledge_collections (
    id text NOT NULL,
    name text NOT NULL,
    kind text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    created_by text NOT NULL,
    created_at text NOT NULL,
    updated_at text NOT NULL,
    CONSTRAINT knowledge_collections_kind_check CHECK ((kind = ANY (ARRAY['fundamental'::text, 'project-specific'::text])))
);

CREATE TABLE knowledge_documents (
    id text NOT NULL,
    collection_id text NOT NULL,
    source text NOT NULL,
    origin text NOT NULL,
    format text NOT NULL,
    title text NOT NULL,
    content_hash text NOT NULL,
    size_bytes bigint NOT NULL,
    doi text,
    pmid text,
    arxiv_id text,
    url text,
    authors text,
    year text,
    chunk_count bigint NOT NULL,
    added_by text NOT NULL,
    created_at text NOT NULL,
    updated_at text NOT NULL,
    venue text,
    CONSTRAINT knowledge_documents_format_check CHECK ((format = ANY (ARRAY['markdown'::text, 'text'::text, 'pdf'::text, 'html'::text, 'bibtex'::text]))),
    CONSTRAINT knowledge_documents_origin_check CHECK ((origin = ANY (ARRAY['file'::text, 'augmented'::text])))
);

CREATE TABLE knowledge_roots (
    path text NOT NULL,
    added_by text NOT NULL,
    added_at text NOT NULL
);

CREATE TABLE matches (
    id text NOT NULL,
    project_id text NOT NULL,
    first_id text NOT NULL,
    second_id text NOT NULL,
    winner_id text NOT NULL,
    judge text NOT NULL,
    confidence double precision,
    rationale text NOT NULL,
    debate text DEFAULT '[]'::text NOT NULL,
    task_id text,
    pair_id text,
    created_by text NOT NULL,
    created_at text NOT NULL,
    seq bigint NOT NULL,
    CONSTRAINT matches_check CHECK (((winner_id = first_id) OR (winner_id = second_id))),
    CONSTRAINT matches_check1 CHECK ((first_id <> second_id)),
    CONSTRAINT matches_judge_check CHECK ((judge = ANY (ARRAY['model'::text, 'human'::text])))
);

CREATE TABLE project_counts (
    project_id text NOT NULL,
    status_pending bigint DEFAULT 0 NOT NULL,
    status_reviewed bigint DEFAULT 0 NOT NULL,
    status_in_tournament bigint DEFAULT 0 NOT NULL,
    status_evolved bigint DEFAULT 0 NOT NULL,
    status_rejected bigint DEFAULT 0 NOT NULL,
    with_review bigint DEFAULT 0 NOT NULL,
    matches bigint DEFAULT 0 NOT NULL,
    leaderboard_version bigint DEFAULT 0 NOT NULL,
    competitors bigint DEFAULT 0 NOT NULL,
    competitor_matches bigint DEFAULT 0 NOT NULL
);

CREATE TABLE project_document_reads (
    project_id text NOT NULL,
    document_id text NOT NULL,
    first_read_at text NOT NULL,
    last_read_at text NOT NULL,
    read_count bigint DEFAULT 1 NOT NULL
);

CREATE TABLE projects (
    id text NOT NULL,
    goal text NOT NULL,
    domain text NOT NULL,
    domain_inferred bigint DEFAULT 0 NOT NULL,
    status text NOT NULL,
    hypothesis_budget bigint NOT NULL,
    progress double precision DEFAULT 0 NOT NULL,
    created_by text NOT NULL,
    created_at text NOT NULL,
    updated_at text NOT NULL,
    plan text DEFAULT '{}'::text NOT NULL,
    settings text DEFAULT '{}'::text NOT NULL,
    stage text DEFAULT 'plan'::text NOT NULL,
    iteration bigint DEFAULT 1 NOT NULL,
    workflow_step bigint DEFAULT 0 NOT NULL,
    meta_review text,
    reasoning_calls_used bigint DEFAULT 0 NOT NULL,
    stop_reason text,
    CONSTRAINT projects_domain_inferred_check CHECK ((domain_inferred = ANY (ARRAY[(0)::bigint, (1)::bigint]))),
    CONSTRAINT projects_hypothesis_budget_check CHECK (((hypothesis_budget >= 1) AND (hypothesis_budget <= 100))),
    CONSTRAINT projects_progress_check CHECK (((progress >= (0)::double precision) AND (progress <= (1)::double precision))),
    CONSTRAINT projects_stage_check CHECK ((stage = ANY (ARRAY['plan'::text, 'generate'::text, 'review'::text, 'rank'::text, 'evolve'::text, 'report'::text, 'done'::text]))),
    CONSTRAINT projects_status_check CHECK ((status = ANY (ARRAY['initializing'::text, 'active'::text, 'paused'::text, 'completed'::text])))
);

CREATE TABLE reasoning_providers (
    name text NOT NULL,
    kind text NOT NULL,
    base_url text NOT NULL,
    models text NOT NULL,
    concurrency bigint NOT NULL,
    timeout_ms bigint NOT NULL,
    max_retries bigint NOT NULL,
    prices text DEFAULT '{}'::text NOT NULL,
    enabled bigint DEFAULT 1 NOT NULL,
    "position" bigint NOT NULL,
    updated_at text NOT NULL,
    CONSTRAINT reasoning_providers_concurrency_check CHECK (((concurrency >= 1) AND (concurrency <= 64))),
    CONSTRAINT reasoning_providers_kind_check CHECK ((kind = ANY (ARRAY['anthropic'::text, 'openai'::text]))),
    CONSTRAINT reasoning_providers_max_retries_check CHECK (((max_retries >= 0) AND (max_retries <= 10))),
    CONSTRAINT reasoning_providers_timeout_ms_check CHECK ((timeout_ms > 0))
);

CREATE TABLE reasoning_usage (
    id bigint NOT NULL,
    project_id text NOT NULL,
    task_id text,
    role text NOT NULL,
    reasoner text NOT NULL,
    model text NOT NULL,
    input_tokens bigint DEFAULT 0 NOT NULL,
    output_tokens bigint DEFAULT 0 NOT NULL,
    cost_usd double precision,
    outcome text NOT NULL,
    error text,
    at text NOT NULL,
    CONSTRAINT reasoning_usage_outcome_check CHECK ((outcome = ANY (ARRAY['submitted'::text, 'rejected'::text, 'failed'::text]))),
    CONSTRAINT reasoning_usage_role_check CHECK ((role = ANY (ARRAY['generation'::text, 'review'::text, 'judging'::text])))
);

ALTER TABLE reasoning_usage ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME reasoning_usage_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE reviews (
    id text NOT NULL,
    project_id text NOT NULL,
    hypothesis_id text NOT NULL,
    type text NOT NULL,
    plausibility double precision NOT NULL,
    novelty double precision NOT NULL,
    testability double precision NOT NULL,
    safety double precision NOT NULL,
    overall double precision NOT NULL,
    strengths text NOT NULL,
    weaknesses text NOT NULL,
    recommendations text NOT NULL,
    citations text NOT NULL,
    assumption_checks text DEFAULT '[]'::text NOT NULL,
    fundamental_flaw bigint DEFAULT 0 NOT NULL,
    narrative text,
    reviewer text NOT NULL,
    judge text NOT NULL,
    task_id text,
    created_at text NOT NULL,
    CONSTRAINT reviews_judge_check CHECK ((judge = ANY (ARRAY['model'::text, 'human'::text]))),
    CONSTRAINT reviews_novelty_check CHECK (((novelty >= (0)::double precision) AND (novelty <= (1)::double precision))),
    CONSTRAINT reviews_overall_check CHECK (((overall >= (0)::double precision) AND (overall <= (1)::double precision))),
    CONSTRAINT reviews_plausibility_check CHECK (((plausibility >= (0)::double precision) AND (plausibility <= (1)::double precision))),
    CONSTRAINT reviews_safety_check CHECK (((safety >= (0)::double precision) AND (safety <= (1)::double precision))),
    CONSTRAINT reviews_testability_check CHECK (((testability >= (0)::double precision) AND (testability <= (1)::double precision))),
    CONSTRAINT reviews_type_check CHECK ((type = ANY (ARRAY['initial'::text, 'full'::text, 'deep_verification'::text, 'observation'::text, 'simulation'::text, 'tournament'::text])))
);

CREATE TABLE tasks (
    id text NOT NULL,
    project_id text NOT NULL,
    kind text NOT NULL,
    payload text NOT NULL,
    status text NOT NULL,
    lease_owner text,
    lease_expires_at text,
    attempts bigint DEFAULT 0 NOT NULL,
    reasoner text,
    error text,
    created_at text NOT NULL,
    updated_at text NOT NULL,
    completed_at text,
    seq bigint NOT NULL,
    CONSTRAINT tasks_kind_check CHECK ((kind = ANY (ARRAY['generate'::text, 'review'::text, 'compare'::text, 'evolve'::text, 'meta_review'::text]))),
    CONSTRAINT tasks_status_check CHECK ((status = ANY (ARRAY['queued'::text, 'leased'::text, 'done'::text, 'failed'::text, 'cancelled'::text])))
);

ALTER TABLE tasks ALTER COLUMN seq ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME tasks_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE usage_totals (
    project_id text NOT NULL,
    role text NOT NULL,
    reasoner text NOT NULL,
    model text NOT NULL,
    calls bigint NOT NULL,
    input_tokens bigint NOT NULL,
    output_tokens bigint NOT NULL,
    priced_calls bigint NOT NULL,
    cost_nanousd bigint NOT NULL
);

ALTER TABLE ONLY audit_log
    ADD CONSTRAINT audit_log_hash_key UNIQUE (hash);

ALTER TABLE ONLY audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);

ALTER TABLE ONLY background_workers
    ADD CONSTRAINT background_workers_pkey PRIMARY KEY (worker_id);

ALTER TABLE ONLY checkpoints
    ADD CONSTRAINT checkpoints_decision_id_key UNIQUE (decision_id);

ALTER TABLE ONLY checkpoints
    ADD CONSTRAINT checkpoints_pkey PRIMARY KEY (id);

ALTER TABLE ONLY client_policies
    ADD CONSTRAINT client_policies_pkey PRIMARY KEY (client_id);

ALTER TABLE ONLY events
    ADD CONSTRAINT events_pkey PRIMARY KEY (id);

ALTER TABLE ONLY hypotheses
    ADD CONSTRAINT hypotheses_pkey PRIMARY KEY (id);

ALTER TABLE ONLY hypotheses
    ADD CONSTRAINT hypotheses_project_id_seq_key UNIQUE (project_id, seq);

ALTER TABLE ONLY hypothesis_title_edits
    ADD CONSTRAINT hypothesis_title_edits_pkey PRIMARY KEY (id);

ALTER TABLE ONLY knowledge_chunks
    ADD CONSTRAINT knowledge_chunks_document_id_seq_key UNIQUE (document_id, seq);

ALTER TABLE ONLY knowledge_chunks
    ADD CONSTRAINT knowledge_chunks_pkey PRIMARY KEY (id);

ALTER TABLE ONLY knowledge_collection_projects
    ADD CONSTRAINT knowledge_collection_projects_pkey PRIMARY KEY (collection_id, project_id);

ALTER TABLE ONLY knowledge_collections
    ADD CONSTRAINT knowledge_collections_pkey PRIMARY KEY (id);

ALTER TABLE ONLY knowledge_documents
    ADD CONSTRAINT knowledge_documents_collection_id_source_key UNIQUE (collection_id, source);

ALTER TABLE ONLY knowledge_documents
    ADD CONSTRAINT knowledge_documents_pkey PRIMARY KEY (id);

ALTER TABLE ONLY knowledge_roots
    ADD CONSTRAINT knowledge_roots_pkey PRIMARY KEY (path);

ALTER TABLE ONLY matches
    ADD CONSTRAINT matches_pkey PRIMARY KEY (id);

ALTER TABLE ONLY matches
    ADD CONSTRAINT matches_project_id_seq_key UNIQUE (project_id, seq);

ALTER TABLE ONLY matches
    ADD CONSTRAINT matches_task_id_pair_id_key UNIQUE (task_id, pair_id);

ALTER TABLE ONLY project_counts
    ADD CONSTRAINT project_counts_pkey PRIMARY KEY (project_id);

ALTER TABLE ONLY project_document_reads
    ADD CONSTRAINT project_document_reads_pkey PRIMARY KEY (project_id, document_id);

ALTER TABLE ONLY projects
    ADD CONSTRAINT projects_pkey PRIMARY KEY (id);

ALTER TABLE ONLY reasoning_providers
    ADD CONSTRAINT reasoning_providers_pkey PRIMARY KEY (name);

ALTER TABLE ONLY reasoning_usage
    ADD CONSTRAINT reasoning_usage_pkey PRIMARY KEY (id);

ALTER TABLE ONLY reviews
    ADD CONSTRAINT reviews_pkey PRIMARY KEY (id);

ALTER TABLE ONLY reviews
    ADD CONSTRAINT reviews_task_id_hypothesis_id_key UNIQUE (task_id, hypothesis_id);

ALTER TABLE ONLY tasks
    ADD CONSTRAINT tasks_pkey PRIMARY KEY (id);

ALTER TABLE ONLY usage_totals
    ADD CONSTRAINT usage_totals_pkey PRIMARY KEY (project_id, role, reasoner, model);

CREATE INDEX audit_by_client_time ON audit_log USING btree (client_id, at);

CREATE INDEX checkpoints_by_project ON checkpoints USING btree (project_id, created_at);

CREATE INDEX checkpoints_pending ON checkpoints USING btree (status, created_at);

CREATE INDEX hypotheses_by_project_rank_seq ON hypotheses USING btree (project_id, rank, seq);

CREATE INDEX hypotheses_by_status_in_list_order ON hypotheses USING btree (project_id, status, (
CASE
    WHEN (rank IS NULL) THEN ((1000000)::double precision - elo)
    ELSE (rank)::double precision
END), seq);

CREATE INDEX hypotheses_competing ON hypotheses USING btree (project_id, status, gate, safety_flag) WHERE ((status = ANY (ARRAY['reviewed'::text, 'in_tournament'::text, 'evolved'::text])) AND (gate = 'approved'::text) AND (safety_flag IS NULL));

CREATE INDEX hypotheses_in_board_order ON hypotheses USING btree (project_id, board_bucket, board_value, seq);

CREATE INDEX hypotheses_in_list_order ON hypotheses USING btree (project_id, (
CASE
    WHEN (rank IS NULL) THEN ((1000000)::double precision - elo)
    ELSE (rank)::double precision
END), seq);

CREATE INDEX hypothesis_title_edits_by_hypothesis ON hypothesis_title_edits USING btree (hypothesis_id, id);

CREATE INDEX knowledge_chunks_search ON knowledge_chunks USING gin (search_vector);

CREATE UNIQUE INDEX knowledge_collections_name_nocase ON knowledge_collections USING btree (lower(name));

CREATE INDEX knowledge_documents_by_arxiv ON knowledge_documents USING btree (arxiv_id) WHERE (arxiv_id IS NOT NULL);

CREATE INDEX knowledge_documents_by_collection ON knowledge_documents USING btree (collection_id, title);

CREATE INDEX knowledge_documents_by_doi ON knowledge_documents USING btree (doi) WHERE (doi IS NOT NULL);

CREATE INDEX knowledge_documents_by_pmid ON knowledge_documents USING btree (pmid) WHERE (pmid IS NOT NULL);

CREATE INDEX knowledge_documents_by_title ON knowledge_documents USING btree (lower(title));

CREATE INDEX knowledge_documents_by_url ON knowledge_documents USING btree (url) WHERE (url IS NOT NULL);

CREATE INDEX knowledge_links_by_project ON knowledge_collection_projects USING btree (project_id);

CREATE INDEX matches_by_first ON matches USING btree (first_id);

CREATE INDEX matches_by_project ON matches USING btree (project_id, seq);

CREATE INDEX matches_by_second ON matches USING btree (second_id);

CREATE INDEX project_document_reads_by_document ON project_document_reads USING btree (document_id);

CREATE INDEX projects_by_created ON projects USING btree (created_at DESC, id DESC);

CREATE INDEX projects_by_status_created ON projects USING btree (status, created_at DESC, id DESC);

CREATE INDEX reasoning_usage_by_project ON reasoning_usage USING btree (project_id, role);

CREATE INDEX reasoning_usage_by_task ON reasoning_usage USING btree (task_id);

CREATE INDEX reviews_by_hypothesis ON reviews USING btree (hypothesis_id, created_at);

CREATE INDEX tasks_open ON tasks USING btree (project_id, status, created_at);

CREATE TRIGGER audit_log_is_append_only_delete BEFORE DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();

CREATE TRIGGER audit_log_is_append_only_update BEFORE UPDATE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();

CREATE TRIGGER board_counts_on_hypothesis_competing BEFORE UPDATE OF status, gate, safety_flag ON hypotheses FOR EACH ROW WHEN ((hypothesis_competes(old.status, old.gate, old.safety_flag) IS DISTINCT FROM hypothesis_competes(new.status, new.gate, new.safety_flag))) EXECUTE FUNCTION board_counts_on_hypothesis_competing();

CREATE TRIGGER board_counts_on_hypothesis_delete BEFORE DELETE ON hypotheses FOR EACH ROW WHEN (hypothesis_competes(old.status, old.gate, old.safety_flag)) EXECUTE FUNCTION board_counts_on_hypothesis_delete();

CREATE TRIGGER hypotheses_board_key_on_insert BEFORE INSERT ON hypotheses FOR EACH ROW EXECUTE FUNCTION hypotheses_board_key();

CREATE TRIGGER hypotheses_board_key_on_update BEFORE UPDATE OF rank, elo, status, gate, safety_flag ON hypotheses FOR EACH ROW EXECUTE FUNCTION hypotheses_board_key();

CREATE TRIGGER hypotheses_unverified_citations_on_insert BEFORE INSERT ON hypotheses FOR EACH ROW WHEN ((new.citations <> '[]'::text)) EXECUTE FUNCTION hypotheses_unverified_citations();

CREATE TRIGGER hypotheses_unverified_citations_on_update BEFORE UPDATE OF citations ON hypotheses FOR EACH ROW EXECUTE FUNCTION hypotheses_unverified_citations();

CREATE TRIGGER knowledge_chunks_are_immutable BEFORE UPDATE ON knowledge_chunks FOR EACH ROW EXECUTE FUNCTION knowledge_chunks_are_immutable();

CREATE TRIGGER leaderboard_version_on_hypothesis_delete AFTER DELETE ON hypotheses FOR EACH ROW EXECUTE FUNCTION leaderboard_version_bump();

CREATE TRIGGER leaderboard_version_on_hypothesis_update AFTER UPDATE ON hypotheses FOR EACH ROW EXECUTE FUNCTION leaderboard_version_bump();

CREATE TRIGGER project_counts_go_first BEFORE DELETE ON projects FOR EACH ROW EXECUTE FUNCTION project_counts_go_first();

CREATE TRIGGER project_counts_on_hypotheses_inserted AFTER INSERT ON hypotheses REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION project_counts_on_hypotheses_inserted();

CREATE TRIGGER project_counts_on_hypothesis_delete AFTER DELETE ON hypotheses FOR EACH ROW EXECUTE FUNCTION project_counts_on_hypothesis_delete();

CREATE TRIGGER project_counts_on_hypothesis_move AFTER UPDATE OF status, project_id ON hypotheses FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) OR (old.project_id IS DISTINCT FROM new.project_id))) EXECUTE FUNCTION project_counts_on_hypothesis_move();

CREATE TRIGGER project_counts_on_matches_deleted AFTER DELETE ON matches REFERENCING OLD TABLE AS changed_matches FOR EACH STATEMENT EXECUTE FUNCTION project_counts_on_matches();

CREATE TRIGGER project_counts_on_matches_inserted AFTER INSERT ON matches REFERENCING NEW TABLE AS changed_matches FOR EACH STATEMENT EXECUTE FUNCTION project_counts_on_matches();

CREATE TRIGGER project_counts_on_project_insert AFTER INSERT ON projects FOR EACH ROW EXECUTE FUNCTION project_counts_on_project_insert();

CREATE TRIGGER project_counts_on_review_delete AFTER DELETE ON reviews REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION project_counts_on_review_delete();

CREATE TRIGGER project_counts_on_review_insert AFTER INSERT ON reviews REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION project_counts_on_review_insert();

CREATE TRIGGER reasoning_usage_append_only BEFORE UPDATE ON reasoning_usage FOR EACH ROW EXECUTE FUNCTION reasoning_usage_append_only();

CREATE TRIGGER usage_totals_on_delete AFTER DELETE ON reasoning_usage REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION usage_totals_on_delete();

CREATE TRIGGER usage_totals_on_insert AFTER INSERT ON reasoning_usage REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION usage_totals_on_insert();

ALTER TABLE ONLY checkpoints
    ADD CONSTRAINT checkpoints_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE;

ALTER TABLE ONLY hypotheses
    ADD CONSTRAINT hypotheses_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE;

ALTER TABLE ONLY hypothesis_title_edits
    ADD CONSTRAINT hypothesis_title_edits_hypothesis_id_fkey FOREIGN KEY (hypothesis_id) REFERENCES hypotheses(id) ON DELETE CASCADE;

ALTER TABLE ONLY knowledge_chunks
    ADD CONSTRAINT knowledge_chunks_document_id_fkey FOREIGN KEY (document_id) REFERENCES knowledge_documents(id) ON DELETE CASCADE;

ALTER TABLE ONLY knowledge_collection_projects
    ADD CONSTRAINT knowledge_collection_projects_collection_id_fkey FOREIGN KEY (collection_id) REFERENCES knowledge_collections(id) ON DELETE CASCADE;

ALTER TABLE ONLY knowledge_collection_projects
    ADD CONSTRAINT knowledge_collection_projects_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE;

ALTER TABLE ONLY knowledge_documents
    ADD CONSTRAINT knowledge_documents_collection_id_fkey FOREIGN KEY (collection_id) REFERENCES knowledge_collections(id) ON DELETE CASCADE;

ALTER TABLE ONLY matches
    ADD CONSTRAINT matches_first_id_fkey FOREIGN KEY (first_id) REFERENCES hypotheses(id) ON DELETE CASCADE;

ALTER TABLE ONLY matches
    ADD CONSTRAINT matches_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE;

ALTER TABLE ONLY matches
    ADD CONSTRAINT matches_second_id_fkey FOREIGN KEY (second_id) REFERENCES hypotheses(id) ON DELETE CASCADE;

ALTER TABLE ONLY project_counts
    ADD CONSTRAINT project_counts_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED;

ALTER TABLE ONLY project_document_reads
    ADD CONSTRAINT project_document_reads_document_id_fkey FOREIGN KEY (document_id) REFERENCES knowledge_documents(id) ON DELETE CASCADE;

ALTER TABLE ONLY project_document_reads
    ADD CONSTRAINT project_document_reads_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE;

ALTER TABLE ONLY reasoning_usage
    ADD CONSTRAINT reasoning_usage_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE;

ALTER TABLE ONLY reviews
    ADD CONSTRAINT reviews_hypothesis_id_fkey FOREIGN KEY (hypothesis_id) REFERENCES hypotheses(id) ON DELETE CASCADE;

ALTER TABLE ONLY reviews
    ADD CONSTRAINT reviews_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE;

ALTER TABLE ONLY tasks
    ADD CONSTRAINT tasks_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE;

ALTER TABLE ONLY usage_totals
    ADD CONSTRAINT usage_totals_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED;
