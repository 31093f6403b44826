-- 0017 (PostgreSQL form of ../0017_usage_totals.sql): the reasoning usage summed per project,
-- role, reasoner and model, kept by triggers; the cost in whole nano-dollars.
--
-- As 0016 does for the counters, the triggers run once per statement over transition tables:
-- `project import` writes a thousand usage rows per statement, and a totals row updated once per
-- row in one transaction would make the load quadratic (each update walks the row's earlier
-- versions). The reference to the project is checked at COMMIT, as project_counts' is (0015): a
-- project's deletion cascades to its usage rows, whose trigger may update a totals row this
-- transaction already wrote, after the project itself is gone.
CREATE TABLE usage_totals (
  project_id    text NOT NULL REFERENCES projects (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  role          text NOT NULL,
  reasoner      text NOT NULL,
  model         text NOT NULL,
  calls         bigint NOT NULL,
  input_tokens  bigint NOT NULL,
  output_tokens bigint NOT NULL,
  priced_calls  bigint NOT NULL,
  cost_nanousd  bigint NOT NULL,
  PRIMARY KEY (project_id, role, reasoner, model)
);

INSERT INTO usage_totals (project_id, role, reasoner, model, calls, input_tokens, output_tokens, priced_calls, cost_nanousd)
SELECT project_id, role, reasoner, model, COUNT(*), SUM(input_tokens), SUM(output_tokens), COUNT(cost_usd),
       COALESCE(SUM(CAST(ROUND(cost_usd * 1000000000) AS bigint)), 0)
  FROM reasoning_usage GROUP BY project_id, role, reasoner, model;

CREATE FUNCTION usage_totals_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_totals AS t (project_id, role, reasoner, model, calls, input_tokens, output_tokens, priced_calls, cost_nanousd)
  SELECT project_id, role, reasoner, model, COUNT(*), SUM(input_tokens), SUM(output_tokens), COUNT(cost_usd),
         COALESCE(SUM(CAST(ROUND(cost_usd * 1000000000) AS bigint)), 0)
    FROM inserted GROUP BY project_id, role, reasoner, model
  ON CONFLICT (project_id, role, reasoner, model) DO UPDATE SET
    calls = t.calls + EXCLUDED.calls,
    input_tokens = t.input_tokens + EXCLUDED.input_tokens,
    output_tokens = t.output_tokens + EXCLUDED.output_tokens,
    priced_calls = t.priced_calls + EXCLUDED.priced_calls,
    cost_nanousd = t.cost_nanousd + EXCLUDED.cost_nanousd;
  RETURN NULL;
END $$;
CREATE TRIGGER usage_totals_on_insert AFTER INSERT ON reasoning_usage
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION usage_totals_on_insert();

CREATE FUNCTION usage_totals_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE usage_totals t SET
    calls = t.calls - d.calls,
    input_tokens = t.input_tokens - d.input_tokens,
    output_tokens = t.output_tokens - d.output_tokens,
    priced_calls = t.priced_calls - d.priced_calls,
    cost_nanousd = t.cost_nanousd - d.cost_nanousd
  FROM (SELECT project_id, role, reasoner, model, COUNT(*) AS calls, SUM(input_tokens) AS input_tokens, SUM(output_tokens) AS output_tokens,
          COUNT(cost_usd) AS priced_calls, COALESCE(SUM(CAST(ROUND(cost_usd * 1000000000) AS bigint)), 0) AS cost_nanousd
        FROM deleted GROUP BY project_id, role, reasoner, model) d
  WHERE t.project_id = d.project_id AND t.role = d.role AND t.reasoner = d.reasoner AND t.model = d.model;
  DELETE FROM usage_totals t USING (SELECT DISTINCT project_id, role, reasoner, model FROM deleted) d
  WHERE t.project_id = d.project_id AND t.role = d.role AND t.reasoner = d.reasoner AND t.model = d.model AND t.calls = 0;
  RETURN NULL;
END $$;
CREATE TRIGGER usage_totals_on_delete AFTER DELETE ON reasoning_usage
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION usage_totals_on_delete();

CREATE FUNCTION reasoning_usage_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'reasoning_usage rows are written once: usage_totals (migration 0017) would not follow an update';
END $$;
CREATE TRIGGER reasoning_usage_append_only BEFORE UPDATE ON reasoning_usage
  FOR EACH ROW EXECUTE FUNCTION reasoning_usage_append_only();
