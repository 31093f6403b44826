-- 0012: a list_hypotheses page read from its index alone (issue 17: every page p50 ≤ 2 ms over
-- stdio). A page took most of its SQLite time walking each row's record header past the long texts
-- (rationale, protocol, citations…) to the rating columns stored after them. The list-order index
-- now carries every column a list row shows (a covering index), so a page never visits the table.
-- Same name as before: the query-plan test checks it.
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

-- A new row's count comes from the update trigger below, the one place that counts: setting the
-- column to itself fires it (a trigger's statement fires other triggers; only recursion is off).
CREATE TRIGGER hypotheses_unverified_citations_on_insert AFTER INSERT ON hypotheses
WHEN NEW.citations <> '[]'
BEGIN
  UPDATE hypotheses SET citations = citations WHERE id = NEW.id;
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
-- Only the unfiltered order (the default page): a rating refresh rewrites the index entries of the
-- rows it changes. Re-ranking all 10,000 rows took 1.04-1.34x as long with this wide index (two
-- runs, load 1.9-3.9) but 1.65x with hypotheses_by_status_in_list_order widened too, so pages
-- filtered by status still read the table as before.
DROP INDEX hypotheses_in_list_order;
CREATE INDEX hypotheses_in_list_order ON hypotheses (project_id, (CASE WHEN rank IS NULL THEN 1000000 - elo ELSE rank END), seq,
  id, summary, method, origin, status, gate, parents, elo, bt_score, ci_low, ci_high, p_top_k, rank, matches_played,
  near_duplicate_of, safety_flag, unverified_citations);
