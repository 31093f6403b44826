// Whether a PostgreSQL database has an audit log at all, asked before the doctor walks it (the walk
// itself is the store's one chain check, verifyAuditChain in store/audit.ts, on either engine).
import type pg from 'pg';

/** Whether the database has an audit log at all (a schema from before migration 1 has none). */
export async function hasAuditLog(client: pg.ClientBase): Promise<boolean> {
  const found = await client.query<{ found: string | null }>(`SELECT to_regclass('audit_log')::text AS found`);
  return found.rows[0]?.found != null;
}
