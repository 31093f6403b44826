-- 0012 (PostgreSQL form of ../0012_covering_page_indexes.sql): the unverified-citation count as a
-- column kept by a trigger, and the list-order index.
--
-- * SQLite computes the count in an AFTER trigger that updates the row again; PostgreSQL sets it
--   on the row being written (a BEFORE trigger), with the same definition of "unverified": a
--   citation that is not an object, or whose `verified` is missing, null, false, 0 or "".
--   Citations that are not a JSON array count 0, as json_valid/json_type make them in SQLite.
-- * The index is not widened into a covering one: a B-tree entry of PostgreSQL may not exceed
--   ~2.7 kB, so a long summary would make its hypothesis impossible to store; the rows of a page are
--   read from the table (heap) instead, which PostgreSQL's index scan does cheaply.

ALTER TABLE hypotheses ADD COLUMN unverified_citations bigint NOT NULL DEFAULT 0;

CREATE FUNCTION unverified_citation_count(citations text) RETURNS bigint LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  parsed jsonb;
BEGIN
  BEGIN
    parsed := citations::jsonb;
  EXCEPTION WHEN others THEN
    RETURN 0;
  END;
  IF jsonb_typeof(parsed) IS DISTINCT FROM 'array' THEN
    RETURN 0;
  END IF;
  RETURN (SELECT COUNT(*) FROM jsonb_array_elements(parsed) c(value)
          WHERE jsonb_typeof(c.value) <> 'object'
             OR c.value -> 'verified' IS NULL
             OR c.value -> 'verified' IN ('null'::jsonb, 'false'::jsonb, '""'::jsonb)
             OR (jsonb_typeof(c.value -> 'verified') = 'number' AND (c.value ->> 'verified')::numeric = 0));
END $$;

CREATE FUNCTION hypotheses_unverified_citations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.unverified_citations := unverified_citation_count(NEW.citations);
  RETURN NEW;
END $$;
CREATE TRIGGER hypotheses_unverified_citations_on_insert BEFORE INSERT ON hypotheses
  FOR EACH ROW WHEN (NEW.citations <> '[]') EXECUTE FUNCTION hypotheses_unverified_citations();
CREATE TRIGGER hypotheses_unverified_citations_on_update BEFORE UPDATE OF citations ON hypotheses
  FOR EACH ROW EXECUTE FUNCTION hypotheses_unverified_citations();

-- Existing rows: the update trigger counts them.
UPDATE hypotheses SET citations = citations WHERE citations <> '[]';

-- Same name and key as before (see the note above on covering columns).
DROP INDEX hypotheses_in_list_order;
CREATE INDEX hypotheses_in_list_order ON hypotheses (project_id, (CASE WHEN rank IS NULL THEN 1000000 - elo ELSE rank END), seq);
