-- 0014: the insertion order of work items, for both engines (issue 30). Tasks created in one step
-- share a timestamp and have random ids, so the queue breaks the tie by the order they were
-- inserted: work is handed out in the order it was planned (store/tasks.ts). In SQLite that order
-- is the rowid every ordinary table already has, so this form changes nothing; PostgreSQL has no
-- rowid and gets a column for it (postgres/0014_task_insertion_order.sql).
SELECT 1;
