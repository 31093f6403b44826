-- 0009: a per-project leaderboard version, bumped by triggers whenever anything a leaderboard page
-- shows may have changed (a hypothesis inserted, updated or deleted; a match inserted or deleted).
--
-- get_leaderboard orders every hypothesis of a project (ranked ones by rank, the rest by Elo) and
-- measures rank movement over the latest judging round, which needs the whole match log. At
-- 10,000 hypotheses and 100,000 matches that is hundreds of milliseconds, and the desktop asks for
-- ten pages in a row. The server keeps the ordered board in memory keyed by this version: a page
-- reads one counter row and slices, and only the first read after a change pays for the ordering.
-- Triggers keep it inside the writing statement's own transaction, so no code path can forget to
-- bump it and another process's write is seen by the next read of every process.

ALTER TABLE project_counts ADD COLUMN leaderboard_version INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER leaderboard_version_on_hypothesis_insert AFTER INSERT ON hypotheses
BEGIN
  UPDATE project_counts SET leaderboard_version = leaderboard_version + 1 WHERE project_id = NEW.project_id;
END;

CREATE TRIGGER leaderboard_version_on_hypothesis_delete AFTER DELETE ON hypotheses
BEGIN
  UPDATE project_counts SET leaderboard_version = leaderboard_version + 1 WHERE project_id = OLD.project_id;
END;

-- Any column may be on the board (summary, status, gate, ratings, lineage...), so every update
-- counts; both projects when a hypothesis moves between them.
CREATE TRIGGER leaderboard_version_on_hypothesis_update AFTER UPDATE ON hypotheses
BEGIN
  UPDATE project_counts SET leaderboard_version = leaderboard_version + 1 WHERE project_id IN (OLD.project_id, NEW.project_id);
END;

CREATE TRIGGER leaderboard_version_on_match_insert AFTER INSERT ON matches
BEGIN
  UPDATE project_counts SET leaderboard_version = leaderboard_version + 1 WHERE project_id = NEW.project_id;
END;

CREATE TRIGGER leaderboard_version_on_match_delete AFTER DELETE ON matches
BEGIN
  UPDATE project_counts SET leaderboard_version = leaderboard_version + 1 WHERE project_id = OLD.project_id;
END;
