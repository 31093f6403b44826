-- 0011: every rename of a hypothesis kept with who made it and when (issue 18 item 1), so its
-- panel can list them (old → new) without scanning the change feed. The renames made before this
-- migration are in the events table as 'hypothesis.retitled' (engine/hypothesisTitle.ts); they are
-- copied here in their order. The rows go with their hypothesis when a project is purged.
CREATE TABLE hypothesis_title_edits (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  hypothesis_id TEXT NOT NULL REFERENCES hypotheses (id) ON DELETE CASCADE,
  at            TEXT NOT NULL,
  client_id     TEXT NOT NULL,
  from_title    TEXT,
  to_title      TEXT NOT NULL
);
CREATE INDEX hypothesis_title_edits_by_hypothesis ON hypothesis_title_edits (hypothesis_id, id);

INSERT INTO hypothesis_title_edits (hypothesis_id, at, client_id, from_title, to_title)
SELECT json_extract(e.data, '$.hypothesis_id'), e.at, e.client_id, json_extract(e.data, '$.from'), json_extract(e.data, '$.to')
FROM events e
WHERE e.kind = 'hypothesis.retitled'
  AND json_extract(e.data, '$.to') IS NOT NULL
  AND EXISTS (SELECT 1 FROM hypotheses h WHERE h.id = json_extract(e.data, '$.hypothesis_id'))
ORDER BY e.id;
