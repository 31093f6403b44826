-- 0016 (PostgreSQL only; ../0016_statement_level_counts.sql changes nothing on SQLite): the
-- counting triggers on hypotheses and matches run once per statement, not once per row.
--
-- Why: every one of them updates the project's one project_counts row (0005, 0009, 0010). On
-- PostgreSQL an UPDATE writes a new version of the row, and the next update of that row in the same
-- transaction first walks the chain of its earlier versions, none of which can be pruned before the
-- transaction ends. A transaction writing N rows therefore costs O(N²): 1,000 hypotheses and 10,000
-- matches took 19 s (SQLite: 0.8 s) and 10,000 / 100,000 ran past ten minutes, which is exactly what
-- `project import` of a large project into a lab server does (docs/benchmarks.md, *Bulk writes*).
-- SQLite updates the row in place and never had this cost; its triggers stay as they are.
--
-- How, keeping every count exact and transactional: AFTER ... FOR EACH STATEMENT triggers with
-- transition tables (REFERENCING NEW/OLD TABLE) add up what the statement changed per project and
-- update each affected counter row once, in the writing statement's own transaction. A statement of
-- a thousand rows (store/bulkInsert.ts: `project import`, the benchmarks' seed) then costs one
-- counter update. Chosen over a per-transaction delta table folded at commit: that would make every
-- reader add up pending deltas, on one engine only, where this keeps project_counts the one answer.
-- The results equal the row triggers', row for row:
-- * status and competitor counts: the statement's new rows counted in, its old rows counted out;
-- * competitor_matches on an UPDATE: the matches of the hypotheses whose "competes" changed, counted
--   with both ends competing after the statement minus with both ends competing before it (an end's
--   state before is its old row if the statement changed it, else its row as it is): what SQLite's
--   row-by-row additions sum to, and it needs no BEFORE trigger to see "the earlier rows" (0010);
-- * leaderboard_version rises by the statement's rows in each project (a cache stamp: it must move
--   whenever the board may have changed, by how much is no one's concern);
-- * a match inserted or deleted counts for competitor_matches when both ends compete now (a match
--   deleted with one of its hypotheses finds that end gone: the hypothesis's own trigger counted it).
-- PostgreSQL allows no column list (UPDATE OF ...) on a trigger with transition tables, so the
-- UPDATE trigger runs for every UPDATE of hypotheses; its work is proportional to the rows the
-- statement changed, and only hypotheses whose "competes" changed read their matches.
--
-- Hypotheses are deleted only with their project (store/projectState.ts), so their DELETE triggers
-- stay per row; instead the project's counter row now goes first (project_counts_go_first), which
-- turns every counter update of the cascade into a no-op on a row no longer there: deleting a large
-- project no longer updates its counter row once per hypothesis and match.

DROP TRIGGER project_counts_on_hypothesis_insert ON hypotheses;
DROP TRIGGER project_counts_on_hypothesis_move ON hypotheses;
DROP TRIGGER project_counts_on_match_insert ON matches;
DROP TRIGGER project_counts_on_match_delete ON matches;
DROP TRIGGER leaderboard_version_on_hypothesis_insert ON hypotheses;
DROP TRIGGER leaderboard_version_on_hypothesis_update ON hypotheses;
DROP TRIGGER leaderboard_version_on_match_insert ON matches;
DROP TRIGGER leaderboard_version_on_match_delete ON matches;
DROP TRIGGER board_counts_on_hypothesis_insert ON hypotheses;
DROP TRIGGER board_counts_on_hypothesis_competing ON hypotheses;
DROP TRIGGER board_counts_on_match_insert ON matches;
DROP TRIGGER board_counts_on_match_delete ON matches;
DROP FUNCTION project_counts_on_hypothesis_insert();
DROP FUNCTION project_counts_on_hypothesis_move();
DROP FUNCTION project_counts_on_match_insert();
DROP FUNCTION project_counts_on_match_delete();
DROP FUNCTION board_counts_on_hypothesis_insert();
DROP FUNCTION board_counts_on_hypothesis_competing();
DROP FUNCTION board_counts_on_match();

-- Hypotheses inserted by one statement: their statuses and competitors counted in.
CREATE FUNCTION project_counts_on_hypotheses_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER project_counts_on_hypotheses_inserted AFTER INSERT ON hypotheses
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION project_counts_on_hypotheses_inserted();

-- Hypotheses updated by one statement: old rows counted out and new rows in (nothing moves unless a
-- status, project or "competes" changed), their competitors' matches recounted, the board version
-- raised once per row in each project the row was or is in.
CREATE FUNCTION project_counts_on_hypotheses_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH sides AS (
    SELECT project_id, -1 AS sign, status, hypothesis_competes(status, gate, safety_flag) AS competes FROM old_rows
    UNION ALL
    SELECT project_id, 1, status, hypothesis_competes(status, gate, safety_flag) FROM new_rows
  ),
  flipped AS (
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE hypothesis_competes(n.status, n.gate, n.safety_flag) IS DISTINCT FROM hypothesis_competes(o.status, o.gate, o.safety_flag)
  ),
  touched AS (
    SELECT m.project_id, m.first_id, m.second_id FROM matches m
    WHERE m.first_id IN (SELECT id FROM flipped) OR m.second_id IN (SELECT id FROM flipped)
  ),
  pairs AS (
    SELECT t.project_id,
      (hypothesis_competes(fa.status, fa.gate, fa.safety_flag) AND hypothesis_competes(sa.status, sa.gate, sa.safety_flag)) AS both_after,
      (CASE WHEN fb.id IS NULL THEN hypothesis_competes(fa.status, fa.gate, fa.safety_flag) ELSE hypothesis_competes(fb.status, fb.gate, fb.safety_flag) END
        AND CASE WHEN sb.id IS NULL THEN hypothesis_competes(sa.status, sa.gate, sa.safety_flag) ELSE hypothesis_competes(sb.status, sb.gate, sb.safety_flag) END) AS both_before
    FROM touched t
    JOIN hypotheses fa ON fa.id = t.first_id JOIN hypotheses sa ON sa.id = t.second_id
    LEFT JOIN old_rows fb ON fb.id = t.first_id LEFT JOIN old_rows sb ON sb.id = t.second_id
  ),
  deltas AS (
    SELECT project_id,
      SUM(sign * (status = 'pending')::int) AS pending,
      SUM(sign * (status = 'reviewed')::int) AS reviewed,
      SUM(sign * (status = 'in_tournament')::int) AS in_tournament,
      SUM(sign * (status = 'evolved')::int) AS evolved,
      SUM(sign * (status = 'rejected')::int) AS rejected,
      SUM(sign * competes::int) AS competitors,
      0 AS competitor_matches, 0 AS touched_rows
    FROM sides GROUP BY project_id
    UNION ALL
    SELECT project_id, 0, 0, 0, 0, 0, 0, SUM(both_after::int - both_before::int), 0 FROM pairs GROUP BY project_id
    UNION ALL
    SELECT project_id, 0, 0, 0, 0, 0, 0, 0, COUNT(*)
    FROM (SELECT id, project_id FROM old_rows UNION SELECT id, project_id FROM new_rows) rows_in_project GROUP BY project_id
  )
  UPDATE project_counts pc SET
    status_pending = pc.status_pending + d.pending,
    status_reviewed = pc.status_reviewed + d.reviewed,
    status_in_tournament = pc.status_in_tournament + d.in_tournament,
    status_evolved = pc.status_evolved + d.evolved,
    status_rejected = pc.status_rejected + d.rejected,
    competitors = pc.competitors + d.competitors,
    competitor_matches = pc.competitor_matches + d.competitor_matches,
    leaderboard_version = pc.leaderboard_version + d.touched_rows
  FROM (SELECT project_id, SUM(pending) AS pending, SUM(reviewed) AS reviewed, SUM(in_tournament) AS in_tournament, SUM(evolved) AS evolved,
          SUM(rejected) AS rejected, SUM(competitors) AS competitors, SUM(competitor_matches) AS competitor_matches, SUM(touched_rows) AS touched_rows
        FROM deltas GROUP BY project_id) d
  WHERE pc.project_id = d.project_id;
  RETURN NULL;
END $$;
CREATE TRIGGER project_counts_on_hypotheses_updated AFTER UPDATE ON hypotheses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_counts_on_hypotheses_updated();

-- Matches inserted or deleted by one statement (both triggers name their rows changed_matches).
CREATE FUNCTION project_counts_on_matches() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER project_counts_on_matches_inserted AFTER INSERT ON matches
  REFERENCING NEW TABLE AS changed_matches FOR EACH STATEMENT EXECUTE FUNCTION project_counts_on_matches();
CREATE TRIGGER project_counts_on_matches_deleted AFTER DELETE ON matches
  REFERENCING OLD TABLE AS changed_matches FOR EACH STATEMENT EXECUTE FUNCTION project_counts_on_matches();

-- Before a project's rows cascade away, its counter row goes: their counting triggers then find no
-- row to update (the counts leave with the project in any case).
CREATE FUNCTION project_counts_go_first() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM project_counts WHERE project_id = OLD.id;
  RETURN OLD;
END $$;
CREATE TRIGGER project_counts_go_first BEFORE DELETE ON projects
  FOR EACH ROW EXECUTE FUNCTION project_counts_go_first();
