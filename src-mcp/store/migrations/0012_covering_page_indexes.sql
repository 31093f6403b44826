-- 0012: a list_hypotheses page read from its index alone (issue 17: every page p50 ≤ 2 ms over
-- stdio). A page took most of its SQLite time walking each row's record header past the long texts
-- (rationale, protocol, citations…) to the rating columns stored after them. The list-order indexes
-- now carry every column a list row shows (covering indexes), so a page never visits the table.
-- Same names as before: the query-plan test checks them.
--
-- Not the board's index (hypotheses_in_board_order): its page orders by the virtual columns of
-- migration 0010, and SQLite counts a query that names a generated column as using every column
-- of the table, so no index can cover it.
--
-- list_hypotheses shows how many of a hypothesis's citations are unverified, which meant parsing
-- the citations JSON of every row. That count is now a column the indexes can carry, kept by the
-- triggers below (the one definition of "unverified": a citation that is not an object, or whose
-- `verified` is missing, false, 0 or empty — JavaScript's `!c.verified`).

ALTER TABLE hypotheses ADD COLUMN unverified_citations INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER hypotheses_unverified_citations_on_insert AFTER INSERT ON hypotheses
WHEN NEW.citations <> '[]'
BEGIN
  UPDATE hypotheses SET unverified_citations = CASE WHEN json_valid(NEW.citations) AND json_type(NEW.citations) = 'array' THEN
    (SELECT COUNT(*) FROM json_each(NEW.citations) c WHERE c.type <> 'object' OR COALESCE(json_extract(c.value, '$.verified'), 0) IN (0, ''))
    ELSE 0 END
  WHERE id = NEW.id;
END;

CREATE TRIGGER hypotheses_unverified_citations_on_update AFTER UPDATE OF citations ON hypotheses
BEGIN
  UPDATE hypotheses SET unverified_citations = CASE WHEN json_valid(NEW.citations) AND json_type(NEW.citations) = 'array' THEN
    (SELECT COUNT(*) FROM json_each(NEW.citations) c WHERE c.type <> 'object' OR COALESCE(json_extract(c.value, '$.verified'), 0) IN (0, ''))
    ELSE 0 END
  WHERE id = NEW.id;
END;

-- Existing rows: the update trigger counts them.
UPDATE hypotheses SET citations = citations WHERE citations <> '[]';

-- list_hypotheses (store/hypothesisList.ts): key columns as in 0005, then what a list row shows.
DROP INDEX hypotheses_in_list_order;
CREATE INDEX hypotheses_in_list_order ON hypotheses (project_id, (CASE WHEN rank IS NULL THEN 1000000 - elo ELSE rank END), seq,
  id, summary, method, origin, status, gate, parents, elo, bt_score, ci_low, ci_high, p_top_k, rank, matches_played,
  near_duplicate_of, safety_flag, unverified_citations);
DROP INDEX hypotheses_by_status_in_list_order;
CREATE INDEX hypotheses_by_status_in_list_order ON hypotheses (project_id, status, (CASE WHEN rank IS NULL THEN 1000000 - elo ELSE rank END), seq,
  id, summary, method, origin, gate, parents, elo, bt_score, ci_low, ci_high, p_top_k, rank, matches_played,
  near_duplicate_of, safety_flag, unverified_citations);
