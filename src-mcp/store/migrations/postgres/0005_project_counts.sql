-- 0005 (PostgreSQL form of ../0005_project_counts.sql): per-project counts kept by triggers, and
-- indexes in list_hypotheses' order. A PostgreSQL trigger runs a function; its WHEN condition may
-- not hold a subquery.

CREATE TABLE project_counts (
  project_id             text PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  status_pending         bigint NOT NULL DEFAULT 0,
  status_reviewed        bigint NOT NULL DEFAULT 0,
  status_in_tournament   bigint NOT NULL DEFAULT 0,
  status_evolved         bigint NOT NULL DEFAULT 0,
  status_rejected        bigint NOT NULL DEFAULT 0,
  with_review            bigint NOT NULL DEFAULT 0,
  matches                bigint NOT NULL DEFAULT 0
);

CREATE FUNCTION project_counts_on_project_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_counts (project_id) VALUES (NEW.id);
  RETURN NULL;
END $$;
CREATE TRIGGER project_counts_on_project_insert AFTER INSERT ON projects
  FOR EACH ROW EXECUTE FUNCTION project_counts_on_project_insert();

-- One function moves a hypothesis's status count by `delta` (+1 in, -1 out) in its project.
CREATE FUNCTION project_counts_move_status(project text, status text, delta bigint) RETURNS void LANGUAGE sql AS $$
  UPDATE project_counts SET
    status_pending = status_pending + delta * (status = 'pending')::int,
    status_reviewed = status_reviewed + delta * (status = 'reviewed')::int,
    status_in_tournament = status_in_tournament + delta * (status = 'in_tournament')::int,
    status_evolved = status_evolved + delta * (status = 'evolved')::int,
    status_rejected = status_rejected + delta * (status = 'rejected')::int
  WHERE project_id = project;
$$;

CREATE FUNCTION project_counts_on_hypothesis_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM project_counts_move_status(NEW.project_id, NEW.status, 1);
  RETURN NULL;
END $$;
CREATE TRIGGER project_counts_on_hypothesis_insert AFTER INSERT ON hypotheses
  FOR EACH ROW EXECUTE FUNCTION project_counts_on_hypothesis_insert();

CREATE FUNCTION project_counts_on_hypothesis_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM project_counts_move_status(OLD.project_id, OLD.status, -1);
  RETURN NULL;
END $$;
CREATE TRIGGER project_counts_on_hypothesis_delete AFTER DELETE ON hypotheses
  FOR EACH ROW EXECUTE FUNCTION project_counts_on_hypothesis_delete();

CREATE FUNCTION project_counts_on_hypothesis_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM project_counts_move_status(OLD.project_id, OLD.status, -1);
  PERFORM project_counts_move_status(NEW.project_id, NEW.status, 1);
  RETURN NULL;
END $$;
CREATE TRIGGER project_counts_on_hypothesis_move AFTER UPDATE OF status, project_id ON hypotheses
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.project_id IS DISTINCT FROM NEW.project_id)
  EXECUTE FUNCTION project_counts_on_hypothesis_move();

-- Per statement, over the rows it inserted or deleted: a PostgreSQL row trigger AFTER the statement
-- sees all of its rows (SQLite's sees those before it), so two reviews of a new hypothesis inserted
-- at once would each find the other and neither count it; an INSERT ... ON CONFLICT DO NOTHING
-- leaves a skipped row out of the transition table, where a BEFORE row trigger would count it.
CREATE FUNCTION project_counts_on_review_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_counts pc SET with_review = with_review + firsts.n
  FROM (SELECT i.project_id, COUNT(DISTINCT i.hypothesis_id) AS n FROM inserted i
        WHERE NOT EXISTS (SELECT 1 FROM reviews r WHERE r.hypothesis_id = i.hypothesis_id AND r.id NOT IN (SELECT id FROM inserted))
        GROUP BY i.project_id) firsts
  WHERE pc.project_id = firsts.project_id;
  RETURN NULL;
END $$;
CREATE TRIGGER project_counts_on_review_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION project_counts_on_review_insert();

CREATE FUNCTION project_counts_on_review_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_counts pc SET with_review = with_review - lasts.n
  FROM (SELECT d.project_id, COUNT(DISTINCT d.hypothesis_id) AS n FROM deleted d
        WHERE NOT EXISTS (SELECT 1 FROM reviews r WHERE r.hypothesis_id = d.hypothesis_id)
        GROUP BY d.project_id) lasts
  WHERE pc.project_id = lasts.project_id;
  RETURN NULL;
END $$;
CREATE TRIGGER project_counts_on_review_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION project_counts_on_review_delete();

CREATE FUNCTION project_counts_on_match_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_counts SET matches = matches + 1 WHERE project_id = NEW.project_id;
  RETURN NULL;
END $$;
CREATE TRIGGER project_counts_on_match_insert AFTER INSERT ON matches
  FOR EACH ROW EXECUTE FUNCTION project_counts_on_match_insert();

CREATE FUNCTION project_counts_on_match_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_counts SET matches = matches - 1 WHERE project_id = OLD.project_id;
  RETURN NULL;
END $$;
CREATE TRIGGER project_counts_on_match_delete AFTER DELETE ON matches
  FOR EACH ROW EXECUTE FUNCTION project_counts_on_match_delete();

-- Existing databases: count what is there now.
INSERT INTO project_counts (project_id, status_pending, status_reviewed, status_in_tournament, status_evolved, status_rejected, with_review, matches)
SELECT p.id,
  (SELECT COUNT(*) FROM hypotheses h WHERE h.project_id = p.id AND h.status = 'pending'),
  (SELECT COUNT(*) FROM hypotheses h WHERE h.project_id = p.id AND h.status = 'reviewed'),
  (SELECT COUNT(*) FROM hypotheses h WHERE h.project_id = p.id AND h.status = 'in_tournament'),
  (SELECT COUNT(*) FROM hypotheses h WHERE h.project_id = p.id AND h.status = 'evolved'),
  (SELECT COUNT(*) FROM hypotheses h WHERE h.project_id = p.id AND h.status = 'rejected'),
  (SELECT COUNT(DISTINCT r.hypothesis_id) FROM reviews r WHERE r.project_id = p.id),
  (SELECT COUNT(*) FROM matches m WHERE m.project_id = p.id)
FROM projects p;

CREATE INDEX hypotheses_in_list_order ON hypotheses (project_id, (CASE WHEN rank IS NULL THEN 1000000 - elo ELSE rank END), seq);
CREATE INDEX hypotheses_by_status_in_list_order ON hypotheses (project_id, status, (CASE WHEN rank IS NULL THEN 1000000 - elo ELSE rank END), seq);
DROP INDEX hypotheses_by_project_status;

CREATE INDEX hypotheses_by_project_rank_seq ON hypotheses (project_id, rank, seq);
DROP INDEX hypotheses_by_project_rank;
