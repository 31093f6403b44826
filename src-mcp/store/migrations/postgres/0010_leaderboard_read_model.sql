-- 0010 (PostgreSQL form of ../0010_leaderboard_read_model.sql): rank movement columns, competitor
-- counts kept by triggers, and the board-order index.
--
-- Differences from SQLite, each keeping its meaning:
-- * The board key columns are STORED generated columns (PostgreSQL 15 has no VIRTUAL ones); 0013
--   replaces them with plain columns on both engines.
-- * "Is a competitor" is one SQL function (hypothesis_competes), the WHEN conditions call it.
-- * SQLite runs a row's AFTER trigger right after that row, so it sees earlier rows of the statement
--   but not later ones; a PostgreSQL AFTER row trigger runs at the end of the statement and sees all
--   of them, so two hypotheses approved in one UPDATE would each count their match against the
--   other. The competing trigger therefore runs BEFORE the row is written, where PostgreSQL shows
--   exactly the earlier rows (the row itself is counted from NEW, as SQLite's AFTER sees it).

ALTER TABLE hypotheses ADD COLUMN previous_rank bigint;
ALTER TABLE hypotheses ADD COLUMN rank_movement bigint;
ALTER TABLE project_counts ADD COLUMN competitors bigint NOT NULL DEFAULT 0;
ALTER TABLE project_counts ADD COLUMN competitor_matches bigint NOT NULL DEFAULT 0;

CREATE FUNCTION hypothesis_competes(status text, gate text, safety_flag text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT status IN ('reviewed', 'in_tournament', 'evolved') AND gate = 'approved' AND safety_flag IS NULL
$$;

ALTER TABLE hypotheses ADD COLUMN board_bucket bigint GENERATED ALWAYS AS
  (CASE WHEN rank IS NOT NULL AND status IN ('reviewed', 'in_tournament', 'evolved') AND gate = 'approved' AND safety_flag IS NULL THEN 0 ELSE 1 END) STORED;
ALTER TABLE hypotheses ADD COLUMN board_value double precision GENERATED ALWAYS AS
  (CASE WHEN rank IS NOT NULL AND status IN ('reviewed', 'in_tournament', 'evolved') AND gate = 'approved' AND safety_flag IS NULL THEN rank ELSE -elo END) STORED;
CREATE INDEX hypotheses_in_board_order ON hypotheses (project_id, board_bucket, board_value, seq);

CREATE INDEX matches_by_first ON matches (first_id);
CREATE INDEX matches_by_second ON matches (second_id);

-- Matches of hypothesis `hypothesis` against opponents that compete now.
CREATE FUNCTION competitor_matches_of(hypothesis text) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT COUNT(*) FROM matches m JOIN hypotheses o ON o.id = CASE WHEN m.first_id = hypothesis THEN m.second_id ELSE m.first_id END
  WHERE (m.first_id = hypothesis OR m.second_id = hypothesis) AND hypothesis_competes(o.status, o.gate, o.safety_flag)
$$;

CREATE FUNCTION board_counts_on_hypothesis_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_counts SET competitors = competitors + 1 WHERE project_id = NEW.project_id;
  RETURN NULL;
END $$;
CREATE TRIGGER board_counts_on_hypothesis_insert AFTER INSERT ON hypotheses
  FOR EACH ROW WHEN (hypothesis_competes(NEW.status, NEW.gate, NEW.safety_flag))
  EXECUTE FUNCTION board_counts_on_hypothesis_insert();

-- Before the row goes: its matches are still there to count.
CREATE FUNCTION board_counts_on_hypothesis_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_counts SET
    competitors = competitors - 1,
    competitor_matches = competitor_matches - competitor_matches_of(OLD.id)
  WHERE project_id = OLD.project_id;
  RETURN OLD;
END $$;
CREATE TRIGGER board_counts_on_hypothesis_delete BEFORE DELETE ON hypotheses
  FOR EACH ROW WHEN (hypothesis_competes(OLD.status, OLD.gate, OLD.safety_flag))
  EXECUTE FUNCTION board_counts_on_hypothesis_delete();

CREATE FUNCTION board_counts_on_hypothesis_competing() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := CASE WHEN hypothesis_competes(NEW.status, NEW.gate, NEW.safety_flag) THEN 1 ELSE -1 END;
BEGIN
  UPDATE project_counts SET
    competitors = competitors + delta,
    competitor_matches = competitor_matches + delta * competitor_matches_of(NEW.id)
  WHERE project_id = NEW.project_id;
  RETURN NEW;
END $$;
CREATE TRIGGER board_counts_on_hypothesis_competing BEFORE UPDATE OF status, gate, safety_flag ON hypotheses
  FOR EACH ROW WHEN (hypothesis_competes(OLD.status, OLD.gate, OLD.safety_flag) IS DISTINCT FROM hypothesis_competes(NEW.status, NEW.gate, NEW.safety_flag))
  EXECUTE FUNCTION board_counts_on_hypothesis_competing();

-- Matches only change one at a time per row and read hypotheses, which the statement does not
-- change: AFTER row triggers see the same as SQLite's.
CREATE FUNCTION board_counts_on_match() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  project text;
  first_side text;
  second_side text;
  delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    project := NEW.project_id; first_side := NEW.first_id; second_side := NEW.second_id; delta := 1;
  ELSE
    project := OLD.project_id; first_side := OLD.first_id; second_side := OLD.second_id; delta := -1;
  END IF;
  IF (SELECT COUNT(*) FROM hypotheses h WHERE h.id IN (first_side, second_side) AND hypothesis_competes(h.status, h.gate, h.safety_flag)) = 2 THEN
    UPDATE project_counts SET competitor_matches = competitor_matches + delta WHERE project_id = project;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER board_counts_on_match_insert AFTER INSERT ON matches
  FOR EACH ROW EXECUTE FUNCTION board_counts_on_match();
-- A match deleted on its own (a hypothesis's cascade finds its row gone, already counted above).
CREATE TRIGGER board_counts_on_match_delete AFTER DELETE ON matches
  FOR EACH ROW EXECUTE FUNCTION board_counts_on_match();

-- Existing databases: count what is there now.
UPDATE project_counts SET
  competitors = (SELECT COUNT(*) FROM hypotheses h WHERE h.project_id = project_counts.project_id
    AND hypothesis_competes(h.status, h.gate, h.safety_flag)),
  competitor_matches = (SELECT COUNT(*) FROM matches m
    JOIN hypotheses a ON a.id = m.first_id JOIN hypotheses b ON b.id = m.second_id
    WHERE m.project_id = project_counts.project_id
      AND hypothesis_competes(a.status, a.gate, a.safety_flag) AND hypothesis_competes(b.status, b.gate, b.safety_flag));
