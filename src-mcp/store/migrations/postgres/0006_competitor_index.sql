-- 0006 (PostgreSQL form of ../0006_competitor_index.sql): the partial index of competitors.
CREATE INDEX hypotheses_competing ON hypotheses (project_id, status, gate, safety_flag)
  WHERE status IN ('reviewed', 'in_tournament', 'evolved') AND gate = 'approved' AND safety_flag IS NULL;
