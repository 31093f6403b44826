-- 0010: the leaderboard as a read model kept in the write transaction, so that any page — also the
-- first one after a judgement — reads its own rows from an index and a counter row, never the whole
-- project (issue 17: the first read after a change re-ordered 10,000 hypotheses and refitted rank
-- movement over 100,000 matches, about a second on a quiet machine and 9 s on a loaded one).
--
-- * Rank movement is stored with the ranks: the rating refresh that writes `rank` also writes the
--   rank before the latest judging round and the places moved in it (engine/ranking.ts).
-- * project_counts gains the number of competitors (k = min(top-k, competitors)) and of matches
--   between competitors (what the board reports), kept by the triggers below like the other counts
--   of migration 0005.
-- * An index in the board's own order: ranked competitors by rank, then everyone else by Elo,
--   creation order breaking ties (store/boardQueries.ts reads it; a unit test checks the plan).

ALTER TABLE hypotheses ADD COLUMN previous_rank INTEGER;
ALTER TABLE hypotheses ADD COLUMN rank_movement INTEGER;
ALTER TABLE project_counts ADD COLUMN competitors INTEGER NOT NULL DEFAULT 0;
ALTER TABLE project_counts ADD COLUMN competitor_matches INTEGER NOT NULL DEFAULT 0;

-- The board's order as two virtual columns (computed on read, stored only in the index): a cursor
-- continues with a row-value comparison on (board_bucket, board_value, seq), which SQLite turns
-- into an index range only on plain columns — on the same expressions it scanned the project from
-- the top and filtered, so a page deep in the board cost its position.
ALTER TABLE hypotheses ADD COLUMN board_bucket INTEGER GENERATED ALWAYS AS
  (CASE WHEN rank IS NOT NULL AND status IN ('reviewed', 'in_tournament', 'evolved') AND gate = 'approved' AND safety_flag IS NULL THEN 0 ELSE 1 END) VIRTUAL;
ALTER TABLE hypotheses ADD COLUMN board_value REAL GENERATED ALWAYS AS
  (CASE WHEN rank IS NOT NULL AND status IN ('reviewed', 'in_tournament', 'evolved') AND gate = 'approved' AND safety_flag IS NULL THEN rank ELSE -elo END) VIRTUAL;
CREATE INDEX hypotheses_in_board_order ON hypotheses (project_id, board_bucket, board_value, seq);

-- A hypothesis's matches, from either side: the competitor-match count below, and the foreign-key
-- checks of a hypothesis deletion, which otherwise scan the project's whole match log.
CREATE INDEX matches_by_first ON matches (first_id);
CREATE INDEX matches_by_second ON matches (second_id);

CREATE TRIGGER board_counts_on_hypothesis_insert AFTER INSERT ON hypotheses
WHEN NEW.status IN ('reviewed', 'in_tournament', 'evolved') AND NEW.gate = 'approved' AND NEW.safety_flag IS NULL
BEGIN
  UPDATE project_counts SET competitors = competitors + 1 WHERE project_id = NEW.project_id;
END;

-- Before the row goes: its matches are still there to count (the cascade deletes them after, and
-- by then neither side's row tells the match trigger that it was between competitors).
CREATE TRIGGER board_counts_on_hypothesis_delete BEFORE DELETE ON hypotheses
WHEN OLD.status IN ('reviewed', 'in_tournament', 'evolved') AND OLD.gate = 'approved' AND OLD.safety_flag IS NULL
BEGIN
  UPDATE project_counts SET
    competitors = competitors - 1,
    competitor_matches = competitor_matches - (
      SELECT COUNT(*) FROM matches m JOIN hypotheses o ON o.id = CASE WHEN m.first_id = OLD.id THEN m.second_id ELSE m.first_id END
      WHERE (m.first_id = OLD.id OR m.second_id = OLD.id)
        AND o.status IN ('reviewed', 'in_tournament', 'evolved') AND o.gate = 'approved' AND o.safety_flag IS NULL)
  WHERE project_id = OLD.project_id;
END;

-- Joining or leaving the tournament (reviewed, approved, flagged, rejected...): the competitor and
-- its matches against other competitors are counted in or out.
CREATE TRIGGER board_counts_on_hypothesis_competing AFTER UPDATE OF status, gate, safety_flag ON hypotheses
WHEN (OLD.status IN ('reviewed', 'in_tournament', 'evolved') AND OLD.gate = 'approved' AND OLD.safety_flag IS NULL)
  IS NOT (NEW.status IN ('reviewed', 'in_tournament', 'evolved') AND NEW.gate = 'approved' AND NEW.safety_flag IS NULL)
BEGIN
  UPDATE project_counts SET
    competitors = competitors + CASE WHEN NEW.status IN ('reviewed', 'in_tournament', 'evolved') AND NEW.gate = 'approved' AND NEW.safety_flag IS NULL THEN 1 ELSE -1 END,
    competitor_matches = competitor_matches
      + CASE WHEN NEW.status IN ('reviewed', 'in_tournament', 'evolved') AND NEW.gate = 'approved' AND NEW.safety_flag IS NULL THEN 1 ELSE -1 END
      * (SELECT COUNT(*) FROM matches m JOIN hypotheses o ON o.id = CASE WHEN m.first_id = NEW.id THEN m.second_id ELSE m.first_id END
         WHERE (m.first_id = NEW.id OR m.second_id = NEW.id)
           AND o.status IN ('reviewed', 'in_tournament', 'evolved') AND o.gate = 'approved' AND o.safety_flag IS NULL)
  WHERE project_id = NEW.project_id;
END;

CREATE TRIGGER board_counts_on_match_insert AFTER INSERT ON matches
WHEN (SELECT COUNT(*) FROM hypotheses h WHERE h.id IN (NEW.first_id, NEW.second_id)
      AND h.status IN ('reviewed', 'in_tournament', 'evolved') AND h.gate = 'approved' AND h.safety_flag IS NULL) = 2
BEGIN
  UPDATE project_counts SET competitor_matches = competitor_matches + 1 WHERE project_id = NEW.project_id;
END;

-- A match deleted on its own (a hypothesis's cascade finds its row gone, already counted above).
CREATE TRIGGER board_counts_on_match_delete AFTER DELETE ON matches
WHEN (SELECT COUNT(*) FROM hypotheses h WHERE h.id IN (OLD.first_id, OLD.second_id)
      AND h.status IN ('reviewed', 'in_tournament', 'evolved') AND h.gate = 'approved' AND h.safety_flag IS NULL) = 2
BEGIN
  UPDATE project_counts SET competitor_matches = competitor_matches - 1 WHERE project_id = OLD.project_id;
END;

-- Existing databases: count what is there now (rank movement appears with the next rating refresh).
UPDATE project_counts SET
  competitors = (SELECT COUNT(*) FROM hypotheses h WHERE h.project_id = project_counts.project_id
    AND h.status IN ('reviewed', 'in_tournament', 'evolved') AND h.gate = 'approved' AND h.safety_flag IS NULL),
  competitor_matches = (SELECT COUNT(*) FROM matches m
    JOIN hypotheses a ON a.id = m.first_id JOIN hypotheses b ON b.id = m.second_id
    WHERE m.project_id = project_counts.project_id
      AND a.status IN ('reviewed', 'in_tournament', 'evolved') AND a.gate = 'approved' AND a.safety_flag IS NULL
      AND b.status IN ('reviewed', 'in_tournament', 'evolved') AND b.gate = 'approved' AND b.safety_flag IS NULL);
