// The audit log's tail, anchored outside the database (src-mcp/store/auditAnchor.ts): rows cut
// from the end, a wiped table and an older copy of the database put back are all reported, at
// start-up (stderr, and a row in the log) and by verify_audit_log, with what is missing. Before, with
// the triggers dropped, `DELETE FROM audit_log WHERE id > 9` verified as "intact: all 9 rows verify".
// On both engines: on PostgreSQL the anchor is each server's own, in its data folder, for the
// database's address; the older copy is an older database restored under the same address.
import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { connectServer, tempDataDir, type ConnectedServer } from '../support/server.js';
import { inspectStore, storeScalar, storeScalars } from '../support/storeInspector.js';
import { backUpFolderStore, databaseUrlFor, testEngine } from '../support/testEngine.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

interface Verdict { ok: boolean; rows: number; first_broken_id: number | null; missing_rows?: { from: number; to: number; detected_at: string | null } | null; message: string }

async function verify(server: ConnectedServer): Promise<Verdict> {
  const result = await server.client.callTool({ name: 'verify_audit_log', arguments: {} });
  expect(result.isError).toBeFalsy();
  return result.structuredContent as unknown as Verdict;
}

/** A data folder whose log has some rows from an assistant and the desktop; returns its last row id. */
async function populated(): Promise<{ dataDir: string; head: number }> {
  const dataDir = tempDataDir('cosci-anchor');
  dirs.push(dataDir);
  const assistant = await connectServer({ dataDir, client: 'claude-desktop' });
  for (let i = 0; i < 4; i += 1) await assistant.client.callTool({ name: 'start_research', arguments: { goal: `Anchor test goal number ${i}: how does TGF-beta drive liver fibrosis?` } });
  await assistant.client.callTool({ name: 'list_research_projects', arguments: {} });
  await assistant.close();
  const desktop = await connectServer({ dataDir, client: 'desktop' });
  expect(await verify(desktop)).toMatchObject({ ok: true, missing_rows: null });
  await desktop.close();
  const head = (await storeScalar<number>(dataDir, 'SELECT MAX(id) FROM audit_log')) as number;
  return { dataDir, head };
}

/** What an attacker with the sqlite3 CLI (or psql) does: drop the guard, delete. */
async function tamper(dataDir: string, sql: string): Promise<void> {
  await inspectStore(dataDir, async (db) => {
    await db.dropTrigger('audit_log_is_append_only_delete', 'audit_log');
    await db.execute(sql);
  });
}

describe('the audit log\'s tail', () => {
  it('reports rows cut from the end, at start-up and on verify, and keeps the finding in the log', async () => {
    const { dataDir, head } = await populated();
    await tamper(dataDir, 'DELETE FROM audit_log WHERE id > 2');
    const desktop = await connectServer({ dataDir, client: 'desktop' });
    await expect.poll(() => desktop.stderr()).toMatch(new RegExp(`rows 3–${head} are missing from the end of the audit log`));
    const verdict = await verify(desktop);
    expect(verdict.ok).toBe(false);
    expect(verdict.missing_rows).toMatchObject({ from: 3, to: head });
    expect(verdict.missing_rows?.detected_at).not.toBeNull();
    expect(verdict.message).toMatch(/hash chain is intact.*But rows 3–\d+ are missing/);
    // Later writes do not bury it: the finding is a chained row of the log itself.
    await desktop.client.callTool({ name: 'list_research_projects', arguments: {} });
    expect((await verify(desktop)).missing_rows).toMatchObject({ from: 3, to: head });
    await desktop.close();
  });

  it('reports a wiped table', async () => {
    const { dataDir, head } = await populated();
    await tamper(dataDir, 'DELETE FROM audit_log');
    const desktop = await connectServer({ dataDir, client: 'desktop' });
    const verdict = await verify(desktop);
    expect(verdict).toMatchObject({ ok: false, missing_rows: { from: 1, to: head } });
    expect(verdict.message).toMatch(/the table was wiped or the database replaced/);
    await desktop.close();
  });

  it('reports an older copy of the database put back (the file on SQLite; on PostgreSQL an older database restored under the same address)', async () => {
    const { dataDir } = await populated();
    const restoreOlderCopy = await backUpFolderStore(dataDir);
    const assistant = await connectServer({ dataDir, client: 'claude-desktop' });
    await assistant.client.callTool({ name: 'start_research', arguments: { goal: 'A later project the older copy does not know about at all' } });
    await assistant.close();
    const head = await storeScalar<number>(dataDir, 'SELECT MAX(id) FROM audit_log');
    await restoreOlderCopy();
    const desktop = await connectServer({ dataDir, client: 'desktop' });
    const verdict = await verify(desktop);
    expect(verdict.ok).toBe(false);
    expect(verdict.missing_rows?.to).toBe(head);
    await desktop.close();
  });

  // SQLite's processes share the one file's anchor; PostgreSQL's replicas (other machines) keep one each.
  it.skipIf(testEngine() === 'sqlite')('two replicas on one PostgreSQL database, each with its own data folder, each find a tail cut below what they had seen, once each', async () => {
    const { dataDir, head } = await populated();
    const url = (await databaseUrlFor(dataDir)) as string;
    const replicaDir = tempDataDir('cosci-anchor-replica');
    dirs.push(replicaDir);
    const replica = await connectServer({ dataDir: replicaDir, client: 'cursor', env: { COSCI_DATABASE_URL: url } });
    await replica.client.callTool({ name: 'start_research', arguments: { goal: 'A project started through the second replica of the lab server' } });
    await replica.close();
    const replicaHead = (await storeScalar<number>(dataDir, 'SELECT MAX(id) FROM audit_log')) as number;
    expect(replicaHead).toBeGreaterThan(head);
    expect(fs.readdirSync(replicaDir).filter((name) => name.startsWith('audit-anchor-'))).toHaveLength(1);
    await tamper(dataDir, 'DELETE FROM audit_log WHERE id > 2');

    // Each replica finds it at its start, against its own anchor, and records it once.
    const second = await connectServer({ dataDir: replicaDir, client: 'cursor', env: { COSCI_DATABASE_URL: url } });
    await expect.poll(() => second.stderr()).toMatch(new RegExp(`rows 3–${replicaHead} are missing from the end of the audit log`));
    await second.client.callTool({ name: 'list_research_projects', arguments: {} });
    const desktop = await connectServer({ dataDir, client: 'desktop' });
    await expect.poll(() => desktop.stderr()).toMatch(new RegExp(`rows 3–${head} are missing from the end of the audit log`));
    await desktop.client.callTool({ name: 'list_research_projects', arguments: {} });
    await second.close();
    const targets = await storeScalars<string>(dataDir, "SELECT target FROM audit_log WHERE action = 'audit:tail-missing' ORDER BY id");
    expect(targets.map((target) => Number(target.split(':')[1]))).toEqual([replicaHead, head]);
    const verdict = await verify(desktop);
    expect(verdict.message).toMatch(/^The hash chain is intact/);
    expect(verdict).toMatchObject({ ok: false, missing_rows: { from: 3, to: replicaHead } });
    await desktop.close();
  });
});
