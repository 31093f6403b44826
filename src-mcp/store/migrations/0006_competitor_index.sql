-- 0006: an index of the hypotheses that take part in their project's tournament (a competing
-- status, approved by the scientist, not flagged by the safety screen; store/competitors.ts).
-- Every human vote asks whether its project's tournament is large; counting 500 competitors
-- through hypotheses_by_project_status read each of their rows to check the gate and the safety
-- flag (~0.15 ms of a ~0.5 ms vote at 10,000 hypotheses). This partial index holds exactly the
-- competitors, so the count reads index entries only (the columns of the condition are in it too:
-- SQLite checks the query's terms against the entries, and would otherwise read each row). The
-- query in competitors.ts names this index, which SQLite accepts only while its WHERE clause
-- implies this one.
CREATE INDEX hypotheses_competing ON hypotheses (project_id, status, gate, safety_flag)
  WHERE status IN ('reviewed', 'in_tournament', 'evolved') AND gate = 'approved' AND safety_flag IS NULL;
