// The audit chain of a PostgreSQL database, verified by the store's one chain check
// (AuditChainWalk in store/audit.ts) over rows read here a page at a time, in id order.
import type pg from 'pg';
import { AuditChainWalk, auditRowFromRaw, type ChainVerdict, type RawAudit } from '../audit.js';

const PAGE_ROWS = 1_000;

/** Whether the database has an audit log at all (a schema from before migration 1 has none). */
export async function hasAuditLog(client: pg.ClientBase): Promise<boolean> {
  const found = await client.query<{ found: string | null }>(`SELECT to_regclass('audit_log')::text AS found`);
  return found.rows[0]?.found != null;
}

/**
 * Walks the whole chain. One REPEATABLE READ transaction, so that rows appended meanwhile by a
 * running server are either all seen or not at all: the walk never meets a half-written page.
 */
export async function verifyPostgresAuditChain(client: pg.ClientBase): Promise<ChainVerdict> {
  const walk = new AuditChainWalk();
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    let afterId = 0;
    for (;;) {
      const page = await client.query<RawAudit>(
        'SELECT id, at, client_id, action, target, arguments, outcome, error_code, duration_ms, prev_hash, hash FROM audit_log WHERE id > $1 ORDER BY id LIMIT $2',
        [afterId, PAGE_ROWS],
      );
      for (const raw of page.rows) {
        if (!walk.add(auditRowFromRaw({ ...raw, id: Number(raw.id) }))) return walk.verdict();
      }
      const last = page.rows[page.rows.length - 1];
      if (last === undefined || page.rows.length < PAGE_ROWS) return walk.verdict();
      afterId = Number(last.id);
    }
  } finally {
    await client.query('COMMIT').catch(() => undefined);
  }
}
