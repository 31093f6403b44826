-- 0017: the reasoning usage summed per project, role, reasoner and model, kept by triggers.
--
-- get_research_status shows a project's reasoning usage (its totals, per role, per reasoner) on
-- every poll, and every automatic provider call checks the token and cost budgets against the
-- totals. Both summed the project's reasoning_usage rows, one per reasoner call, so they cost
-- O(calls): with 120,000 rows (the benchmarks' lab-scale project, 10,000 hypotheses and 100,000
-- matches, reasoned by a provider) a status poll took 94 ms on SQLite and 77 on PostgreSQL, against ~0.5 and ~1 without usage (docs/benchmarks.md, *The
-- status poll and the usage it sums*). The totals below are a handful of rows per project, kept
-- only by the triggers, inside the writing statement's own transaction (as project_counts, 0005).
--
-- The cost is summed in whole nano-dollars (each call's estimate rounded to 1e-9 USD, far below
-- any price a provider quotes): integer sums are exact and do not depend on the order of the
-- additions, so the totals are the same however the rows were written — one at a time by the
-- workflow, a thousand per statement by `project import`, on either engine. `priced_calls`
-- counts the calls that had a price: with none, the cost reads as NULL ("no price configured"), as
-- SUM(cost_usd) did.
--
-- reasoning_usage rows are written once and leave only with their project (ON DELETE CASCADE):
-- an UPDATE, which the totals would not follow, is refused.
CREATE TABLE usage_totals (
  project_id    TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  role          TEXT NOT NULL,
  reasoner      TEXT NOT NULL,
  model         TEXT NOT NULL,
  calls         INTEGER NOT NULL,
  input_tokens  INTEGER NOT NULL,
  output_tokens INTEGER NOT NULL,
  priced_calls  INTEGER NOT NULL,
  cost_nanousd  INTEGER NOT NULL,
  PRIMARY KEY (project_id, role, reasoner, model)
) WITHOUT ROWID;

INSERT INTO usage_totals (project_id, role, reasoner, model, calls, input_tokens, output_tokens, priced_calls, cost_nanousd)
SELECT project_id, role, reasoner, model, COUNT(*), SUM(input_tokens), SUM(output_tokens), COUNT(cost_usd),
       COALESCE(SUM(CAST(ROUND(cost_usd * 1000000000) AS INTEGER)), 0)
  FROM reasoning_usage GROUP BY project_id, role, reasoner, model;

CREATE TRIGGER usage_totals_on_insert AFTER INSERT ON reasoning_usage
BEGIN
  INSERT INTO usage_totals (project_id, role, reasoner, model, calls, input_tokens, output_tokens, priced_calls, cost_nanousd)
  VALUES (NEW.project_id, NEW.role, NEW.reasoner, NEW.model, 1, NEW.input_tokens, NEW.output_tokens, NEW.cost_usd IS NOT NULL,
          COALESCE(CAST(ROUND(NEW.cost_usd * 1000000000) AS INTEGER), 0))
  ON CONFLICT (project_id, role, reasoner, model) DO UPDATE SET
    calls = calls + 1,
    input_tokens = input_tokens + excluded.input_tokens,
    output_tokens = output_tokens + excluded.output_tokens,
    priced_calls = priced_calls + excluded.priced_calls,
    cost_nanousd = cost_nanousd + excluded.cost_nanousd;
END;

-- A project's rows cascade away with it, and so does its totals row; whichever goes first, the
-- other finds nothing left to count.
CREATE TRIGGER usage_totals_on_delete AFTER DELETE ON reasoning_usage
BEGIN
  UPDATE usage_totals SET
    calls = calls - 1,
    input_tokens = input_tokens - OLD.input_tokens,
    output_tokens = output_tokens - OLD.output_tokens,
    priced_calls = priced_calls - (OLD.cost_usd IS NOT NULL),
    cost_nanousd = cost_nanousd - COALESCE(CAST(ROUND(OLD.cost_usd * 1000000000) AS INTEGER), 0)
  WHERE project_id = OLD.project_id AND role = OLD.role AND reasoner = OLD.reasoner AND model = OLD.model;
  DELETE FROM usage_totals
  WHERE project_id = OLD.project_id AND role = OLD.role AND reasoner = OLD.reasoner AND model = OLD.model AND calls = 0;
END;

CREATE TRIGGER reasoning_usage_append_only BEFORE UPDATE ON reasoning_usage
BEGIN
  SELECT RAISE(ABORT, 'reasoning_usage rows are written once: usage_totals (migration 0017) would not follow an update');
END;
