-- 0007 (PostgreSQL form of ../0007_hypothesis_digest.sql).
ALTER TABLE hypotheses ADD COLUMN title text;
ALTER TABLE hypotheses ADD COLUMN core_claim text;
