// Rows for the migration tests, written in SQL that both engines run as is (literal values, the
// columns of the version they belong to). A database migrated step by step gets each group at its
// version, before the later migrations' backfills run over it; a fresh database gets them all at
// the latest version, plus what the latest program writes itself where a backfill used to do it.
// Both must then hold the same derived values (counts, board keys, citation counts, title edits,
// usage totals),
// which `derivedState` reads with the same queries on both engines.

/** Statements to run once the database is at `version` (the step-by-step path runs each group there). */
export const FIXTURE_BY_VERSION: ReadonlyMap<number, readonly string[]> = new Map([
  [
    2,
    [
      `INSERT INTO projects (id, goal, domain, status, hypothesis_budget, created_by, created_at, updated_at)
       VALUES ('res_1', 'Why do stellate cells activate?', 'biology', 'active', 10, 'tester', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
      ...(
        [
          // id, seq, status, gate, rank, elo, safety_flag, citations
          ['hyp_1', 1, 'reviewed', 'approved', '1', 1100, 'NULL', `'[{"verified":true},{"verified":false},"loose"]'`],
          ['hyp_2', 2, 'in_tournament', 'approved', '2', 1050, 'NULL', `'[]'`],
          ['hyp_3', 3, 'pending', 'new', 'NULL', 990, 'NULL', `'[{"doi":"10.1/x"}]'`],
          ['hyp_4', 4, 'reviewed', 'approved', 'NULL', 1010, `'dual_use'`, `'not json'`],
        ] as const
      ).map(
        ([id, seq, status, gate, rank, elo, flag, citations]) =>
          `INSERT INTO hypotheses (id, project_id, seq, summary, rationale, experimental_protocol, citations, method, origin, status, gate, iteration, elo, rank, safety_flag, created_by, created_at, updated_at)
           VALUES ('${id}', 'res_1', ${seq}, 'Summary ${seq}', 'Because ${seq}', 'Protocol ${seq}', ${citations}, 'literature', 'generated', '${status}', '${gate}', 1, ${elo}, ${rank}, ${flag}, 'tester', '2026-01-01T00:00:0${seq}Z', '2026-01-01T00:00:0${seq}Z')`,
      ),
      ...['hyp_1', 'hyp_1', 'hyp_2'].map(
        (hypothesis, index) =>
          `INSERT INTO reviews (id, project_id, hypothesis_id, type, plausibility, novelty, testability, safety, overall, strengths, weaknesses, recommendations, citations, reviewer, judge, created_at)
           VALUES ('rev_${index + 1}', 'res_1', '${hypothesis}', 'initial', 0.5, 0.5, 0.5, 0.9, 0.6, '[]', '[]', '[]', '[]', 'tester', 'model', '2026-01-02T00:00:0${index}Z')`,
      ),
      ...(
        [
          ['hyp_1', 'hyp_2'],
          ['hyp_1', 'hyp_4'],
          ['hyp_2', 'hyp_3'],
          ['hyp_3', 'hyp_4'],
        ] as const
      ).map(
        ([first, second], index) =>
          `INSERT INTO matches (id, project_id, first_id, second_id, winner_id, judge, rationale, created_by, created_at, seq)
           VALUES ('mat_${index + 1}', 'res_1', '${first}', '${second}', '${first}', 'model', 'stronger', 'tester', '2026-01-03T00:00:0${index}Z', ${index + 1})`,
      ),
      `INSERT INTO events (at, client_id, kind, subject_uri, data)
       VALUES ('2026-01-04T00:00:00Z', 'tester', 'hypothesis.retitled', 'hypothesis://hyp_1', '{"hypothesis_id":"hyp_1","from":"Old title","to":"New title"}')`,
    ],
  ],
  [
    3,
    [
      `INSERT INTO knowledge_collections (id, name, kind, created_by, created_at, updated_at) VALUES ('col_1', 'Liver', 'fundamental', 'tester', '2026-01-05T00:00:00Z', '2026-01-05T00:00:00Z')`,
      `INSERT INTO knowledge_documents (id, collection_id, source, origin, format, title, content_hash, size_bytes, chunk_count, added_by, created_at, updated_at)
       VALUES ('doc_1', 'col_1', 'liver.md', 'file', 'markdown', 'Stellate cells', 'abc', 42, 1, 'tester', '2026-01-05T00:00:00Z', '2026-01-05T00:00:00Z')`,
      `INSERT INTO knowledge_chunks (document_id, collection_id, seq, title, header_path, content_type, content)
       VALUES ('doc_1', 'col_1', 0, 'Stellate cells', 'Intro', 'prose', 'A quiescent cell stores vitamin A.')`,
    ],
  ],
  [
    4,
    (
      [
        // role, reasoner, model, input tokens, output tokens, cost
        ['generation', 'provider:a', 'm1', 100, 10, '0.1'],
        ['generation', 'provider:a', 'm1', 50, 5, 'NULL'],
        ['review', 'provider:a', 'm1', 7, 3, '0.2'],
        ['judging', 'sampling', 'm2', 1, 1, 'NULL'],
      ] as const
    ).map(
      ([role, reasoner, model, input, output, cost], index) =>
        `INSERT INTO reasoning_usage (project_id, role, reasoner, model, input_tokens, output_tokens, cost_usd, outcome, at)
         VALUES ('res_1', '${role}', '${reasoner}', '${model}', ${input}, ${output}, ${cost}, 'submitted', '2026-01-07T00:00:0${index}Z')`,
    ),
  ],
]);

/** What the latest program writes itself where the step-by-step path has a backfill do it (0011's title edits). */
export const FIXTURE_AT_LATEST_ONLY: readonly string[] = [
  `INSERT INTO hypothesis_title_edits (hypothesis_id, at, client_id, from_title, to_title) VALUES ('hyp_1', '2026-01-04T00:00:00Z', 'tester', 'Old title', 'New title')`,
];

/**
 * Writes whose trigger bookkeeping differs between "after each row" (SQLite) and "after the
 * statement" (PostgreSQL) when one statement touches several rows: both engines must end equal.
 */
export const MULTI_ROW_WRITES: readonly string[] = [
  // hyp_3 and hyp_4 join the tournament in one statement; they played each other once.
  `UPDATE hypotheses SET status = 'reviewed', gate = 'approved', safety_flag = NULL WHERE id IN ('hyp_3', 'hyp_4')`,
  // Two first reviews of one hypothesis in one statement count it once.
  `INSERT INTO reviews (id, project_id, hypothesis_id, type, plausibility, novelty, testability, safety, overall, strengths, weaknesses, recommendations, citations, reviewer, judge, created_at)
   VALUES ('rev_4', 'res_1', 'hyp_3', 'initial', 0.5, 0.5, 0.5, 0.9, 0.6, '[]', '[]', '[]', '[]', 'tester', 'model', '2026-01-06T00:00:00Z'),
          ('rev_5', 'res_1', 'hyp_3', 'full', 0.5, 0.5, 0.5, 0.9, 0.6, '[]', '[]', '[]', '[]', 'tester', 'model', '2026-01-06T00:00:01Z')`,
  // Both reviews of hyp_1 go in one statement: it counts as unreviewed once.
  `DELETE FROM reviews WHERE hypothesis_id = 'hyp_1'`,
  // A competitor goes, with its matches (the cascade).
  `DELETE FROM hypotheses WHERE id = 'hyp_2'`,
  `UPDATE hypotheses SET citations = '[{"verified":1},{"verified":0}]' WHERE id = 'hyp_4'`,
  // Two calls of one group in one statement, then a whole group's calls deleted in one.
  `INSERT INTO reasoning_usage (project_id, role, reasoner, model, input_tokens, output_tokens, cost_usd, outcome, at)
   VALUES ('res_1', 'judging', 'sampling', 'm2', 2, 2, 0.3, 'submitted', '2026-01-08T00:00:00Z'),
          ('res_1', 'judging', 'sampling', 'm2', 3, 3, NULL, 'failed', '2026-01-08T00:00:01Z')`,
  `DELETE FROM reasoning_usage WHERE role = 'generation'`,
];

/** Queries of derived state, the same text on both engines (leaderboard_version counts writes, so it differs by history and is left out). */
export const DERIVED_STATE_QUERIES: Readonly<Record<string, string>> = {
  counts: `SELECT project_id, status_pending, status_reviewed, status_in_tournament, status_evolved, status_rejected, with_review, matches, competitors, competitor_matches FROM project_counts ORDER BY project_id`,
  hypotheses: `SELECT id, status, gate, rank, board_bucket, board_value, unverified_citations FROM hypotheses ORDER BY id`,
  titleEdits: `SELECT hypothesis_id, at, client_id, from_title, to_title FROM hypothesis_title_edits ORDER BY id`,
  matches: `SELECT id FROM matches ORDER BY id`,
  chunks: `SELECT document_id, seq, title FROM knowledge_chunks ORDER BY document_id, seq`,
  usage: `SELECT project_id, role, reasoner, model, calls, input_tokens, output_tokens, priced_calls, cost_nanousd FROM usage_totals ORDER BY project_id, role, reasoner, model`,
};

/** The derived state the fixture must produce, worked out by hand (so that two equal wrong answers still fail). */
export const EXPECTED_COUNTS_AFTER_FIXTURE = {
  project_id: 'res_1',
  status_pending: 1,
  status_reviewed: 2,
  status_in_tournament: 1,
  status_evolved: 0,
  status_rejected: 0,
  with_review: 2,
  matches: 4,
  // hyp_1 and hyp_2 (hyp_3 is pending, hyp_4 flagged); one match between them.
  competitors: 2,
  competitor_matches: 1,
};

/** The usage totals (0017) of the fixture's four calls: summed by the step's backfill, or by the triggers as they arrive. */
export const EXPECTED_USAGE_AFTER_FIXTURE = [
  { project_id: 'res_1', role: 'generation', reasoner: 'provider:a', model: 'm1', calls: 2, input_tokens: 150, output_tokens: 15, priced_calls: 1, cost_nanousd: 100_000_000 },
  { project_id: 'res_1', role: 'judging', reasoner: 'sampling', model: 'm2', calls: 1, input_tokens: 1, output_tokens: 1, priced_calls: 0, cost_nanousd: 0 },
  { project_id: 'res_1', role: 'review', reasoner: 'provider:a', model: 'm1', calls: 1, input_tokens: 7, output_tokens: 3, priced_calls: 1, cost_nanousd: 200_000_000 },
];

/** After the multi-row writes: two more judging calls, and the generation group gone with its calls. */
export const EXPECTED_USAGE_AFTER_MULTI_ROW_WRITES = [
  { project_id: 'res_1', role: 'judging', reasoner: 'sampling', model: 'm2', calls: 3, input_tokens: 6, output_tokens: 6, priced_calls: 1, cost_nanousd: 300_000_000 },
  { project_id: 'res_1', role: 'review', reasoner: 'provider:a', model: 'm1', calls: 1, input_tokens: 7, output_tokens: 3, priced_calls: 1, cost_nanousd: 200_000_000 },
];

export const EXPECTED_COUNTS_AFTER_MULTI_ROW_WRITES = {
  project_id: 'res_1',
  status_pending: 0,
  status_reviewed: 3,
  status_in_tournament: 0,
  status_evolved: 0,
  status_rejected: 0,
  // hyp_3 (two new reviews); hyp_1 lost both; hyp_2 is gone.
  with_review: 1,
  // mat_1 and mat_3 went with hyp_2.
  matches: 2,
  // hyp_1, hyp_3, hyp_4 compete; their matches: hyp_1-hyp_4, hyp_3-hyp_4.
  competitors: 3,
  competitor_matches: 2,
};
