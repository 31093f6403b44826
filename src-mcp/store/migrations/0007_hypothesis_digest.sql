-- 0007: a short title and a one- or two-sentence core claim per hypothesis (issue 13). Comparison,
-- generation and meta-review work items show these instead of the full text, which stays one call
-- away (hypothesis://{id}, get_hypothesis). Rows written before this migration keep NULL here and
-- are shown with a fallback derived from their summary (engine/hypothesisDigest.ts).
ALTER TABLE hypotheses ADD COLUMN title TEXT;
ALTER TABLE hypotheses ADD COLUMN core_claim TEXT;
