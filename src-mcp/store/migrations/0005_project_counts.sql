-- 0005: per-project counts kept by triggers, and an index in list_hypotheses' order.
--
-- get_research_status and list_hypotheses are what an assistant polls. Counting a project's
-- hypotheses, reviews and matches with COUNT(*) costs a scan per poll (10,000 hypotheses and
-- 100,000 matches took ~18 ms); these counters make every count one row read. They are kept only
-- by the triggers below, inside the writing statement's own transaction, so no code path can
-- forget them and a rolled-back write rolls them back too.

CREATE TABLE project_counts (
  project_id             TEXT PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  -- Hypotheses by status (the five values of hypotheses.status); their sum is the total.
  status_pending         INTEGER NOT NULL DEFAULT 0,
  status_reviewed        INTEGER NOT NULL DEFAULT 0,
  status_in_tournament   INTEGER NOT NULL DEFAULT 0,
  status_evolved         INTEGER NOT NULL DEFAULT 0,
  status_rejected        INTEGER NOT NULL DEFAULT 0,
  -- Hypotheses with at least one review.
  with_review            INTEGER NOT NULL DEFAULT 0,
  matches                INTEGER NOT NULL DEFAULT 0
);

CREATE TRIGGER project_counts_on_project_insert AFTER INSERT ON projects
BEGIN
  INSERT INTO project_counts (project_id) VALUES (NEW.id);
END;

CREATE TRIGGER project_counts_on_hypothesis_insert AFTER INSERT ON hypotheses
BEGIN
  UPDATE project_counts SET
    status_pending = status_pending + (NEW.status = 'pending'),
    status_reviewed = status_reviewed + (NEW.status = 'reviewed'),
    status_in_tournament = status_in_tournament + (NEW.status = 'in_tournament'),
    status_evolved = status_evolved + (NEW.status = 'evolved'),
    status_rejected = status_rejected + (NEW.status = 'rejected')
  WHERE project_id = NEW.project_id;
END;

CREATE TRIGGER project_counts_on_hypothesis_delete AFTER DELETE ON hypotheses
BEGIN
  UPDATE project_counts SET
    status_pending = status_pending - (OLD.status = 'pending'),
    status_reviewed = status_reviewed - (OLD.status = 'reviewed'),
    status_in_tournament = status_in_tournament - (OLD.status = 'in_tournament'),
    status_evolved = status_evolved - (OLD.status = 'evolved'),
    status_rejected = status_rejected - (OLD.status = 'rejected')
  WHERE project_id = OLD.project_id;
END;

-- Only a change of status or project moves a count: rating updates (every hypothesis of a project
-- after a judgement) do not fire this trigger at all.
CREATE TRIGGER project_counts_on_hypothesis_move AFTER UPDATE OF status, project_id ON hypotheses
WHEN OLD.status IS NOT NEW.status OR OLD.project_id IS NOT NEW.project_id
BEGIN
  UPDATE project_counts SET
    status_pending = status_pending - (OLD.status = 'pending'),
    status_reviewed = status_reviewed - (OLD.status = 'reviewed'),
    status_in_tournament = status_in_tournament - (OLD.status = 'in_tournament'),
    status_evolved = status_evolved - (OLD.status = 'evolved'),
    status_rejected = status_rejected - (OLD.status = 'rejected')
  WHERE project_id = OLD.project_id;
  UPDATE project_counts SET
    status_pending = status_pending + (NEW.status = 'pending'),
    status_reviewed = status_reviewed + (NEW.status = 'reviewed'),
    status_in_tournament = status_in_tournament + (NEW.status = 'in_tournament'),
    status_evolved = status_evolved + (NEW.status = 'evolved'),
    status_rejected = status_rejected + (NEW.status = 'rejected')
  WHERE project_id = NEW.project_id;
END;

-- A hypothesis counts as reviewed from its first review until its last one is gone. The review's
-- own project_id is used both ways (it is always its hypothesis's project), so a review removed by
-- the cascade of a hypothesis or project deletion is counted off whether or not its parent row is
-- still there. reviews_by_hypothesis makes the "any other review" probe an index seek.
CREATE TRIGGER project_counts_on_review_insert AFTER INSERT ON reviews
WHEN NOT EXISTS (SELECT 1 FROM reviews WHERE hypothesis_id = NEW.hypothesis_id AND id <> NEW.id)
BEGIN
  UPDATE project_counts SET with_review = with_review + 1 WHERE project_id = NEW.project_id;
END;

CREATE TRIGGER project_counts_on_review_delete AFTER DELETE ON reviews
WHEN NOT EXISTS (SELECT 1 FROM reviews WHERE hypothesis_id = OLD.hypothesis_id)
BEGIN
  UPDATE project_counts SET with_review = with_review - 1 WHERE project_id = OLD.project_id;
END;

CREATE TRIGGER project_counts_on_match_insert AFTER INSERT ON matches
BEGIN
  UPDATE project_counts SET matches = matches + 1 WHERE project_id = NEW.project_id;
END;

CREATE TRIGGER project_counts_on_match_delete AFTER DELETE ON matches
BEGIN
  UPDATE project_counts SET matches = matches - 1 WHERE project_id = OLD.project_id;
END;

-- Existing databases: count what is there now.
INSERT INTO project_counts (project_id, status_pending, status_reviewed, status_in_tournament, status_evolved, status_rejected, with_review, matches)
SELECT p.id,
  (SELECT COUNT(*) FROM hypotheses h WHERE h.project_id = p.id AND h.status = 'pending'),
  (SELECT COUNT(*) FROM hypotheses h WHERE h.project_id = p.id AND h.status = 'reviewed'),
  (SELECT COUNT(*) FROM hypotheses h WHERE h.project_id = p.id AND h.status = 'in_tournament'),
  (SELECT COUNT(*) FROM hypotheses h WHERE h.project_id = p.id AND h.status = 'evolved'),
  (SELECT COUNT(*) FROM hypotheses h WHERE h.project_id = p.id AND h.status = 'rejected'),
  (SELECT COUNT(DISTINCT r.hypothesis_id) FROM reviews r WHERE r.project_id = p.id),
  (SELECT COUNT(*) FROM matches m WHERE m.project_id = p.id)
FROM projects p;

-- list_hypotheses' order — tournament rank, then unranked ones by Elo, then seq — as indexes, so a
-- page is read in order and stops after `limit` rows instead of sorting the whole project: one for
-- the whole project, one per status (it also serves every (project_id, status) lookup, so it
-- replaces hypotheses_by_project_status). SQLite uses an expression index only for the same
-- expression: keep it identical to LIST_ORDER in store/hypotheses.ts (a unit test checks the plan).
CREATE INDEX hypotheses_in_list_order ON hypotheses (project_id, (CASE WHEN rank IS NULL THEN 1000000 - elo ELSE rank END), seq);
CREATE INDEX hypotheses_by_status_in_list_order ON hypotheses (project_id, status, (CASE WHEN rank IS NULL THEN 1000000 - elo ELSE rank END), seq);
DROP INDEX hypotheses_by_project_status;

-- The status poll's top five (ORDER BY rank, seq): with seq in the index the first five entries are
-- the answer; (project_id, rank) alone sorted each rank's rows in a temporary B-tree first.
CREATE INDEX hypotheses_by_project_rank_seq ON hypotheses (project_id, rank, seq);
DROP INDEX hypotheses_by_project_rank;
