-- 0018 (PostgreSQL form of ../0018_overview_task_indexes.sql): the desktop overview's two task
-- indexes. The latest reasoner is read newest first with NULLs last (`DESC NULLS LAST`, SQLite's
-- order for DESC): PostgreSQL's index says so, or it could not serve that order.
CREATE INDEX tasks_open_work ON tasks (project_id, kind) WHERE status IN ('queued', 'leased');
CREATE INDEX tasks_latest_reasoner ON tasks (project_id, completed_at DESC NULLS LAST) WHERE reasoner IS NOT NULL;
