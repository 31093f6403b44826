// `co-scientist doctor --database postgres://…`: the connection, the schema version and the audit
// log of a PostgreSQL database. Changes nothing (a read-only look; no migration). The audit log gets
// the check SQLite's doctor runs (setupChecks.ts checkAuditLog): the chain walked by the store's one
// check, and its end compared with the anchor this data folder keeps for this database
// (store/auditAnchor.ts: written by a server run with the same data folder and database).
import { LATEST_SCHEMA_VERSION } from '../store/migrations/index.js';
import { connectPostgres } from '../store/postgres/connection.js';
import { postgresSchemaVersion } from '../store/postgres/migrate.js';
import { hasAuditLog } from '../store/postgres/auditChain.js';
import { closeDatabase, inspectPostgresDatabase } from '../store/database.js';
import { StoreError } from '../store/errors.js';
import { checkAuditLog, type DoctorCheck } from './setupChecks.js';

export interface PostgresTarget {
  /** The URL with its password, for the driver only. */
  url: string;
  /** The URL without its password, for the report. */
  display: string;
}

const message = (error: unknown): string => (error instanceof StoreError ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error));

/** `dataDir`: the folder whose anchor for this database the log's end is compared with. */
export async function checkPostgres(target: PostgresTarget, dataDir: string, now: () => Date = () => new Date()): Promise<DoctorCheck[]> {
  const migrateCommand = `co-scientist db migrate --database <URL>`;
  let client;
  try {
    client = await connectPostgres(target.url);
  } catch (error) {
    return [{ name: 'database connection', status: 'fail', detail: message(error), fix: 'Check that PostgreSQL runs and that the URL (host, port, user, password, database) is right.' }];
  }
  try {
    const checks: DoctorCheck[] = [{ name: 'database connection', status: 'ok', detail: `PostgreSQL at ${target.display}`, fix: null }];
    const version = await postgresSchemaVersion(client);
    if (version === LATEST_SCHEMA_VERSION) checks.push({ name: 'database schema', status: 'ok', detail: `schema ${version} (current)`, fix: null });
    else if (version === 0) checks.push({ name: 'database schema', status: 'fail', detail: 'no Co-Scientist schema in this database yet', fix: `Run "${migrateCommand}" to create it.` });
    else if (version < LATEST_SCHEMA_VERSION) checks.push({ name: 'database schema', status: 'fail', detail: `schema ${version}, this program expects ${LATEST_SCHEMA_VERSION}`, fix: `Run "${migrateCommand}" to bring it up to date.` });
    else checks.push({ name: 'database schema', status: 'fail', detail: `schema ${version} was written by a newer Co-Scientist (this one understands up to ${LATEST_SCHEMA_VERSION})`, fix: 'Update Co-Scientist; the database has not been changed.' });
    if (await hasAuditLog(client)) {
      const db = inspectPostgresDatabase(target.url, dataDir);
      try {
        checks.push(await checkAuditLog(db, 'a dump of the database', now()));
      } finally {
        await closeDatabase(db);
      }
    }
    return checks;
  } catch (error) {
    return [{ name: 'database', status: 'fail', detail: `PostgreSQL at ${target.display}: ${message(error)}`, fix: 'See the message; the database has not been changed.' }];
  } finally {
    await client.end().catch(() => undefined);
  }
}
