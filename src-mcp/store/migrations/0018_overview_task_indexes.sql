-- 0018: two indexes over tasks for the desktop's project overview (store/desktopOverview.ts),
-- which the app reads again whenever research changes.
--
-- Its open work per project and kind filtered every task by status (tasks_open leads with the
-- project), so it grew with every project's history; and each project's latest reasoner sorted
-- all of the project's finished tasks. The benchmarks' lab-scale project leaves ~14,000 finished
-- work items (a generation and a review item per five hypotheses, a comparison item per ~ten
-- matches); with 100,000 finished tasks in a database the overview took 87 ms on SQLite
-- and 73 ms on PostgreSQL, against 0.5 and 2.3 ms with none (docs/benchmarks.md, *The desktop
-- overview and finished work*). Both reads are now bounded by what they return: the open tasks
-- alone (a partial index, empty once work is done) and one index step per project.
CREATE INDEX tasks_open_work ON tasks (project_id, kind) WHERE status IN ('queued', 'leased');
-- A reasoner is recorded when a task completes, with its completion time; the newest first.
CREATE INDEX tasks_latest_reasoner ON tasks (project_id, completed_at DESC) WHERE reasoner IS NOT NULL;
