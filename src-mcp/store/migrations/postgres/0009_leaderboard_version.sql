-- 0009 (PostgreSQL form of ../0009_leaderboard_version.sql): the per-project leaderboard version,
-- bumped by triggers in the writing statement's own transaction.

ALTER TABLE project_counts ADD COLUMN leaderboard_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION leaderboard_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER leaderboard_version_on_hypothesis_insert AFTER INSERT ON hypotheses
  FOR EACH ROW EXECUTE FUNCTION leaderboard_version_bump();
CREATE TRIGGER leaderboard_version_on_hypothesis_delete AFTER DELETE ON hypotheses
  FOR EACH ROW EXECUTE FUNCTION leaderboard_version_bump();
CREATE TRIGGER leaderboard_version_on_hypothesis_update AFTER UPDATE ON hypotheses
  FOR EACH ROW EXECUTE FUNCTION leaderboard_version_bump();
CREATE TRIGGER leaderboard_version_on_match_insert AFTER INSERT ON matches
  FOR EACH ROW EXECUTE FUNCTION leaderboard_version_bump();
CREATE TRIGGER leaderboard_version_on_match_delete AFTER DELETE ON matches
  FOR EACH ROW EXECUTE FUNCTION leaderboard_version_bump();
