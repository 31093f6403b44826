-- 0013: a leaderboard page read from its index alone (issue 17: every page p50 ≤ 2 ms over stdio),
-- as 0012 did for list_hypotheses. The board order of migration 0010 lived in two VIRTUAL generated
-- columns; SQLite counts a query that names a generated column as using every column of the table,
-- so no index could cover a page and each row was read from the table, past the long texts
-- (rationale, protocol, citations…) stored before the rating columns.
--
-- The two columns are now plain columns with the same names and meaning, kept by the triggers
-- below: board_bucket is 0 for a ranked competitor, 1 for everyone else; board_value is its rank,
-- or minus its Elo. The hot writer, a rating refresh (store/hypotheses.ts updateRatings), sets them
-- in its own statement, so the update trigger finds them right and does not write the row twice;
-- every other change that moves a row on the board (status, gate, safety flag, a new row) is
-- caught by the triggers.

DROP INDEX hypotheses_in_board_order;
ALTER TABLE hypotheses DROP COLUMN board_value;
ALTER TABLE hypotheses DROP COLUMN board_bucket;
ALTER TABLE hypotheses ADD COLUMN board_bucket INTEGER NOT NULL DEFAULT 1;
ALTER TABLE hypotheses ADD COLUMN board_value REAL NOT NULL DEFAULT 0;

-- A new row's key comes from the update trigger below, the one place that computes it (as 0012's
-- insert trigger does): setting rank to itself fires it, and its WHEN writes the key.
CREATE TRIGGER hypotheses_board_key_on_insert AFTER INSERT ON hypotheses
BEGIN
  UPDATE hypotheses SET rank = rank WHERE id = NEW.id;
END;

-- Only when the stored key is wrong: a rating refresh has already written the right one.
CREATE TRIGGER hypotheses_board_key_on_update AFTER UPDATE OF rank, elo, status, gate, safety_flag ON hypotheses
WHEN NEW.board_bucket IS NOT (CASE WHEN NEW.rank IS NOT NULL AND NEW.status IN ('reviewed', 'in_tournament', 'evolved') AND NEW.gate = 'approved' AND NEW.safety_flag IS NULL THEN 0 ELSE 1 END)
  OR NEW.board_value IS NOT (CASE WHEN NEW.rank IS NOT NULL AND NEW.status IN ('reviewed', 'in_tournament', 'evolved') AND NEW.gate = 'approved' AND NEW.safety_flag IS NULL THEN NEW.rank ELSE -NEW.elo END)
BEGIN
  UPDATE hypotheses SET
    board_bucket = CASE WHEN rank IS NOT NULL AND status IN ('reviewed', 'in_tournament', 'evolved') AND gate = 'approved' AND safety_flag IS NULL THEN 0 ELSE 1 END,
    board_value = CASE WHEN rank IS NOT NULL AND status IN ('reviewed', 'in_tournament', 'evolved') AND gate = 'approved' AND safety_flag IS NULL THEN rank ELSE -elo END
  WHERE id = NEW.id;
END;

-- Existing rows, through the update trigger as well.
UPDATE hypotheses SET rank = rank;

-- The board's order (key columns as in 0010), then every column a board row shows
-- (store/boardQueries.ts BOARD_COLUMNS): a page never visits the table. Same name as before: the
-- query-plan test checks it.
CREATE INDEX hypotheses_in_board_order ON hypotheses (project_id, board_bucket, board_value, seq,
  id, summary, status, origin, method, gate, safety_flag, parents, iteration, elo, bt_score, ci_low, ci_high, p_top_k, rank,
  matches_played, wins, previous_rank, rank_movement);
