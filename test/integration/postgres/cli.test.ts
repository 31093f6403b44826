// The command line on PostgreSQL, run as typed in child processes against a real cluster:
// `db migrate --database`, `doctor --database` (connection, schema version, audit chain), and
// `serve` / dist/mcp/server.js / `serve --http` serving from PostgreSQL.
// A password is never printed: the URLs carry one (the test cluster trusts loopback and ignores it).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { hashAuditEntry, GENESIS_HASH, type AuditEntry } from '../../../src-mcp/store/audit.js';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../../src-mcp/store/migrations/index.js';
import { migratePostgres } from '../../../src-mcp/store/postgres/migrate.js';
import { postgresAnchorFile } from '../../../src-mcp/store/auditAnchor.js';
import { assertServerBuilt, REPO_ROOT, SERVER_ENTRY } from '../../support/server.js';
import { makeTempDir } from '../../support/tempDirs.js';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { connectWithToken, startLabServer, stopLabServers } from '../../support/labServer.js';
import { postgresUnavailableReason, usePostgresDatabase } from '../../support/postgresDatabase.js';

const unavailable = postgresUnavailableReason();
const BIN = path.join(REPO_ROOT, 'bin/co-scientist.js');
const PASSWORD = 'hunter2-not-to-be-printed';

/** The URL with a password in it. */
const withPassword = (url: string): string => {
  const parsed = new URL(url);
  parsed.password = PASSWORD;
  return parsed.href;
};

function cli(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: makeTempDir('cosci-pg-cli-home-'), ...env },
    timeout: 60_000,
  });
  expect(`${result.stdout}${result.stderr}`).not.toContain(PASSWORD);
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Appends chained audit rows as the store does (same hash function). */
async function appendAuditRows(client: pg.Client, count: number): Promise<void> {
  let prev = GENESIS_HASH;
  for (let i = 1; i <= count; i += 1) {
    const entry: AuditEntry = { at: `2026-01-01T00:00:0${i}Z`, clientId: 'tester', action: 'tool:list_hypotheses', target: null, arguments: '{}', outcome: 'success', errorCode: null, durationMs: 1.5 * i };
    const hash = hashAuditEntry(prev, entry);
    await client.query(
      'INSERT INTO audit_log (at, client_id, action, target, arguments, outcome, error_code, duration_ms, prev_hash, hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
      [entry.at, entry.clientId, entry.action, entry.target, entry.arguments, entry.outcome, entry.errorCode, entry.durationMs, prev, hash],
    );
    prev = hash;
  }
}

describe.skipIf(unavailable !== undefined)(`the command line on PostgreSQL${unavailable === undefined ? '' : ` (skipped: ${unavailable})`}`, () => {
  const databases = usePostgresDatabase('cli');
  beforeAll(() => assertServerBuilt());

  it('db migrate --database creates the schema, says which steps it applied, then finds nothing to do', async () => {
    const url = withPassword(await databases.another('migrate'));
    const first = cli(['db', 'migrate', '--database', url]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`migrated from schema 0 to ${LATEST_SCHEMA_VERSION}, applying ${MIGRATIONS.map((m) => m.name).join(', ')}.`);
    expect(first.stdout).toContain('postgres://postgres:***@127.0.0.1:');
    const again = cli(['db', 'migrate'], { COSCI_DATABASE_URL: url });
    expect(again).toMatchObject({ code: 0, stdout: expect.stringContaining(`is at schema ${LATEST_SCHEMA_VERSION} (current): nothing to migrate.`) });
    expect(await withClient(url, async (c) => (await c.query('SELECT count(*)::int AS n FROM schema_version')).rows[0].n)).toBe(LATEST_SCHEMA_VERSION);
  });

  it('db migrate refuses a newer schema, with its code, and changes nothing', async () => {
    const url = withPassword(await databases.another('newer'));
    await withClient(url, async (c) => {
      await migratePostgres(c, 'test', { target: 1 });
      await c.query(`INSERT INTO schema_version (version, name) VALUES (99, 'future')`);
    });
    const result = cli(['db', 'migrate', '--database', url]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`DATABASE_TOO_NEW: The PostgreSQL database postgres://postgres:\\*\\*\\*@.*\\(schema 99; this version understands up to ${LATEST_SCHEMA_VERSION}\\)`));
    expect(await withClient(url, async (c) => (await c.query(`SELECT to_regclass('hypotheses') AS t`)).rows[0].t)).toBeNull();
  });

  it('doctor --database reports the connection, the schema and an intact audit chain', async () => {
    const url = withPassword(await databases.another('doctor'));
    expect(cli(['db', 'migrate', '--database', url]).code).toBe(0);
    await withClient(url, (c) => appendAuditRows(c, 3));
    const dataDir = makeTempDir('cosci-pg-doctor-');
    const result = cli(['doctor', '--database', url, '--data-dir', dataDir]);
    expect(result.stdout).toMatch(/✓ database connection: PostgreSQL at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\//);
    expect(result.stdout).toContain(`✓ database schema: schema ${LATEST_SCHEMA_VERSION} (current)`);
    // Rows written by no server of this data folder: it says the end was not checked, and with what it would have been.
    expect(result.stdout).toContain(`✓ audit log: 3 rows, hash chain intact, its end not checked: no anchor yet at ${path.join(dataDir, postgresAnchorFile(url))}`);
    expect(fs.readdirSync(dataDir)).toEqual([]);
    expect(result.code).toBe(0);
  });

  it('doctor --database names the first altered audit row with the verdict SQLite uses, and fails', async () => {
    const url = withPassword(await databases.another('tampered'));
    expect(cli(['db', 'migrate', '--database', url]).code).toBe(0);
    await withClient(url, async (c) => {
      await appendAuditRows(c, 4);
      // Around the append-only triggers, as an intruder with the table owner's rights would.
      await c.query('ALTER TABLE audit_log DISABLE TRIGGER USER');
      await c.query(`UPDATE audit_log SET outcome = 'denied' WHERE id = 3`);
    });
    const result = cli(['doctor', '--database', url]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✗ audit log: The audit log was altered: row 3 does not verify (content does not match its hash (the row was edited)).');
  });

  it('doctor --database says a database has no schema yet, or is older, and how to fix it', async () => {
    const url = withPassword(await databases.another('empty'));
    const empty = cli(['doctor', '--database', url]);
    expect(empty.code).toBe(1);
    expect(empty.stdout).toContain('✗ database schema: no Co-Scientist schema in this database yet');
    expect(empty.stdout).toContain('co-scientist db migrate --database <URL>');
    await withClient(url, (c) => migratePostgres(c, 'test', { target: 5 }));
    expect(cli(['doctor', '--database', url]).stdout).toContain(`✗ database schema: schema 5, this program expects ${LATEST_SCHEMA_VERSION}`);
  });

  it('doctor --database gives a coded error for a server that is not there, a database that is not there, and a role that may not log in', async () => {
    const url = new URL(databases.url());
    const closedPort = cli(['doctor', '--database', `postgres://postgres:${PASSWORD}@127.0.0.1:1/cosci`]);
    expect(closedPort.code).toBe(1);
    expect(closedPort.stdout).toContain('✗ database connection: DATABASE_UNREACHABLE: PostgreSQL at postgres://postgres:***@127.0.0.1:1/cosci cannot be reached');
    const missing = cli(['doctor', '--database', `postgres://postgres:${PASSWORD}@${url.host}/no_such_database`]);
    expect(missing.stdout).toContain('✗ database connection: DATABASE_MISSING:');
    await withClient(databases.url(), (c) => c.query('DO $$ BEGIN CREATE ROLE cosci_nologin NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$'));
    const refused = cli(['doctor', '--database', `postgres://cosci_nologin:${PASSWORD}@${url.host}${url.pathname}`]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('✗ database connection: DATABASE_AUTH_FAILED: PostgreSQL at postgres://cosci_nologin:***@');
  });

  it('serve, dist/mcp/server.js and serve --http serve from PostgreSQL: a project started through one is in the database and seen by the others; no SQLite file is made', async () => {
    const url = withPassword(await databases.another('serve'));
    const dataDir = makeTempDir('cosci-pg-serve-');
    const env = { PATH: process.env.PATH ?? '', HOME: makeTempDir('cosci-pg-serve-home-') };
    const viaServe = new Client({ name: 'pg-serve', version: '1.0.0' });
    await viaServe.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--client', 'claude-code', '--database', url, '--data-dir', dataDir], env, stderr: 'pipe' }));
    const viaEntry = new Client({ name: 'pg-entry', version: '1.0.0' });
    await viaEntry.connect(new StdioClientTransport({ command: process.execPath, args: [SERVER_ENTRY, '--client', 'cursor', '--data-dir', dataDir], env: { ...env, COSCI_DATABASE_URL: url }, stderr: 'pipe' }));
    const lab = await startLabServer(['--database', url, '--data-dir', dataDir]);
    const viaHttp = await connectWithToken(lab.url, lab.token as string, 'modern');
    try {
      const started = await viaServe.callTool({ name: 'start_research', arguments: { goal: 'Why do tardigrades survive desiccation so well?' } });
      expect(started.isError ?? false, JSON.stringify(started.content)).toBe(false);
      const researchId = (started.structuredContent as { research_id: string }).research_id;
      for (const other of [viaEntry, viaHttp]) {
        const status = await other.callTool({ name: 'get_research_status', arguments: { research_id: researchId } });
        expect(status.isError ?? false, JSON.stringify(status.content)).toBe(false);
      }
      const rows = await withClient(url, async (c) => (await c.query<{ goal: string }>('SELECT goal FROM projects WHERE id = $1', [researchId])).rows);
      expect(rows).toEqual([{ goal: 'Why do tardigrades survive desiccation so well?' }]);
      // Reads are audited in batches shortly after their answers (readAudit.ts).
      await vi.waitFor(async () => {
        const audited = await withClient(url, async (c) => (await c.query<{ client_id: string }>("SELECT DISTINCT client_id FROM audit_log WHERE action = 'tool:get_research_status' ORDER BY client_id")).rows);
        expect(audited.map((r) => r.client_id)).toEqual(['cursor', 'http']);
      }, { timeout: 10_000, interval: 100 });
    } finally {
      await Promise.all([viaServe.close(), viaEntry.close(), viaHttp.close()]);
      await stopLabServers();
    }
    // The data folder holds no SQLite database: the store is PostgreSQL's.
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('co-scientist.db'))).toEqual([]);
    // The three processes keep one anchor for the database in their shared folder, named by its address without the password.
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('audit-anchor'))).toEqual([postgresAnchorFile(url)]);
    const doctor = cli(['doctor', '--database', url, '--data-dir', dataDir]);
    expect(doctor.stdout).toMatch(new RegExp(`✓ audit log: \\d+ rows, hash chain intact, ends where it should \\(at or past row \\d+, the head anchored in ${path.join(dataDir, postgresAnchorFile(url))}\\)`));
  });

  it('serve given an unreachable PostgreSQL says so with a coded message and exit 1, never the password, creating nothing', async () => {
    const dataDir = makeTempDir('cosci-pg-unreachable-');
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, 'serve', '--database', `postgres://cosci:${PASSWORD}@127.0.0.1:1/cosci`, '--data-dir', dataDir], { env: { PATH: process.env.PATH ?? '', HOME: makeTempDir('cosci-pg-serve-home-') }, stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('DATABASE_UNREACHABLE');
    expect(result.stderr).toContain('postgres://cosci:***@127.0.0.1:1/cosci');
    expect(result.stderr).not.toContain(PASSWORD);
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('co-scientist.db'))).toEqual([]);
  });

  it('a URL of another scheme is a usage error (exit 2) naming the accepted forms, never the password', () => {
    const result = cli(['db', 'migrate', '--database', `mysql://root:${PASSWORD}@db/cosci`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^--database has the scheme "mysql", which Co-Scientist does not store in: give a PostgreSQL URL such as postgres:\/\//);
    const doctor = cli(['doctor'], { COSCI_DATABASE_URL: `redis://:${PASSWORD}@cache` });
    expect(doctor.code).toBe(2);
    expect(doctor.stderr).toMatch(/^COSCI_DATABASE_URL has the scheme "redis"/);
  });
});

describe('db migrate on SQLite (no URL)', () => {
  it('creates the file in the data folder at the latest schema, then finds nothing to do', () => {
    const dataDir = makeTempDir('cosci-sqlite-migrate-');
    const first = cli(['db', 'migrate', '--data-dir', dataDir]);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(`SQLite ${path.join(dataDir, 'co-scientist.db')}: migrated from schema 0 to ${LATEST_SCHEMA_VERSION}, applying ${MIGRATIONS.map((m) => m.name).join(', ')}.\n`);
    expect(cli(['db', 'migrate', '--data-dir', dataDir]).stdout).toBe(`SQLite ${path.join(dataDir, 'co-scientist.db')} is at schema ${LATEST_SCHEMA_VERSION} (current): nothing to migrate.\n`);
    expect(cli(['db', 'frobnicate']).code).toBe(2);
  });
});
