-- 0016 (PostgreSQL only; ../0016_statement_level_counts.sql changes nothing on SQLite): the
-- counting triggers for inserted hypotheses and for inserted or deleted matches run once per
-- statement, not once per row.
--
-- Why: every one of them updates the project's one project_counts row (0005, 0009, 0010). On
-- PostgreSQL an UPDATE writes a new version of the row, and the next update of that row in the same
-- transaction first walks the chain of its earlier versions, none of which can be pruned before the
-- transaction ends. A transaction writing N rows therefore cost O(N²): 1,000 hypotheses and 10,000
-- matches took 19 s (SQLite: 0.8 s), 4,000 / 40,000 imported in 325 s, and 10,000 / 100,000 ran past
-- ten minutes, which is what `project import` of a large project into a lab server does
-- (docs/benchmarks.md, *Bulk writes*). SQLite updates the row in place and never had this cost; its
-- triggers stay as they are.
--
-- How, keeping every count exact and transactional: AFTER ... FOR EACH STATEMENT triggers with
-- transition tables (REFERENCING NEW/OLD TABLE) add up what the statement wrote per project and
-- update each affected counter row once, in the writing statement's own transaction; the bulk paths
-- write up to a thousand rows per statement (store/bulkInsert.ts: `project import`, the seeds), so
-- a 100,000-match import moves the counter row a hundred times, not 300,000. Chosen over a
-- per-transaction delta table folded at commit, which would make every reader add up pending
-- deltas, on one engine only; here project_counts stays the one answer. The counts equal the row
-- triggers' (and SQLite's):
-- * inserted hypotheses: their statuses and competitors counted in (a new hypothesis has no match);
-- * inserted or deleted matches: the match count, and competitor_matches for those whose two ends
--   compete now (a match deleted with one of its hypotheses finds that end gone: the hypothesis's
--   own BEFORE DELETE trigger of 0010 counted it out);
-- * leaderboard_version rises by the statement's rows in each project (a cache stamp: it must move
--   whenever the board may have changed, by how much is no one's concern).
-- A single-row statement costs no more than before: 2,000 one-row inserts, each its own
-- transaction, took 605 ms for hypotheses and 634 ms for matches against 919 and 1,288 ms with the
-- row triggers (three of them per row).
--
-- Not changed: the UPDATE triggers on hypotheses (status moves, competing, the board version) stay
-- per row. The store updates hypotheses one row or a handful of ids per statement (a rating
-- refresh is one statement per hypothesis), where a statement trigger over transition tables cost
-- 3.5 times the row trigger (4,000 one-row updates in one transaction: 2.25 s against 0.64 s).
-- Hypotheses are deleted only with their project (store/projectState.ts), so their DELETE triggers
-- stay per row too; instead the project's counter row now goes first (project_counts_go_first),
-- which turns every counter update of the cascade into a no-op on a row no longer there: deleting a
-- project of 1,000 hypotheses and 10,000 matches took 6.9 s before and 0.23 s after.

DROP TRIGGER project_counts_on_hypothesis_insert ON hypotheses;
DROP TRIGGER project_counts_on_match_insert ON matches;
DROP TRIGGER project_counts_on_match_delete ON matches;
DROP TRIGGER leaderboard_version_on_hypothesis_insert ON hypotheses;
DROP TRIGGER leaderboard_version_on_match_insert ON matches;
DROP TRIGGER leaderboard_version_on_match_delete ON matches;
DROP TRIGGER board_counts_on_hypothesis_insert ON hypotheses;
DROP TRIGGER board_counts_on_match_insert ON matches;
DROP TRIGGER board_counts_on_match_delete ON matches;
DROP FUNCTION project_counts_on_hypothesis_insert();
DROP FUNCTION project_counts_on_match_insert();
DROP FUNCTION project_counts_on_match_delete();
DROP FUNCTION board_counts_on_hypothesis_insert();
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
