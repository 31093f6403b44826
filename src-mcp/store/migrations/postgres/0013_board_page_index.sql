-- 0013 (PostgreSQL form of ../0013_board_page_index.sql): the board key as plain columns kept by
-- a trigger. SQLite's AFTER trigger rewrites the row when its stored key is wrong; PostgreSQL's
-- BEFORE trigger sets the key on the row being written, the one place that computes it. The index
-- keeps the key columns only, for the reason given in 0012 (B-tree entry size).

DROP INDEX hypotheses_in_board_order;
ALTER TABLE hypotheses DROP COLUMN board_value;
ALTER TABLE hypotheses DROP COLUMN board_bucket;
ALTER TABLE hypotheses ADD COLUMN board_bucket bigint NOT NULL DEFAULT 1;
ALTER TABLE hypotheses ADD COLUMN board_value double precision NOT NULL DEFAULT 0;

CREATE FUNCTION hypotheses_board_key() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER hypotheses_board_key_on_insert BEFORE INSERT ON hypotheses
  FOR EACH ROW EXECUTE FUNCTION hypotheses_board_key();
CREATE TRIGGER hypotheses_board_key_on_update BEFORE UPDATE OF rank, elo, status, gate, safety_flag ON hypotheses
  FOR EACH ROW EXECUTE FUNCTION hypotheses_board_key();

-- Existing rows, through the update trigger as well.
UPDATE hypotheses SET rank = rank;

CREATE INDEX hypotheses_in_board_order ON hypotheses (project_id, board_bucket, board_value, seq);
