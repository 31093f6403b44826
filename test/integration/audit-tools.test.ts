// The desktop's audit-log tools over real stdio on a real database: hidden from assistants,
// filters and pages that agree with each other, redacted arguments, a chain verification that
// notices tampering, and exports (inline and, when large, to a file) with the right rows.
import { afterEach, describe, expect, it } from 'vitest';
import Ajv from 'ajv/dist/2020.js';
import fs from 'node:fs';
import path from 'node:path';
import { closeDatabase, writeTransaction } from '../../src-mcp/store/database.js';
import { appendAudit } from '../../src-mcp/store/audit.js';
import { tempDataDir } from '../support/server.js';
import { openStoreFor } from '../support/storeEngine.js';
import { inspectStore } from '../support/storeInspector.js';
import { openSession, type McpSession, type Structured } from '../e2e/web/support/researchRun.js';
import { parseCsv } from '../support/csv.js';
import { toolErrorOf } from '../support/toolErrors.js';
import { AUDIT_OUTCOMES } from '../../src-shared/schemas/audit.js';

const ajv = new Ajv({ strict: false, allErrors: true });
const open: McpSession[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((session) => session.close()));
});

interface Entry { id: number; at: string; client_id: string; action: string; arguments: string; outcome: string; error_code: string | null }

async function sessions(dataDir = tempDataDir('cosci-audit')): Promise<{ dataDir: string; assistant: McpSession; desktop: McpSession; call: (name: string, args: Structured) => Promise<Structured> }> {
  const assistant = await openSession(dataDir, 'claude-desktop');
  const desktop = await openSession(dataDir, 'desktop');
  open.push(assistant, desktop);
  const { tools } = await desktop.client.listTools();
  const mine = tools.filter((tool) => ['query_audit_log', 'verify_audit_log', 'export_audit_log'].includes(tool.name));
  const validators = new Map(mine.map((tool) => [tool.name, ajv.compile(tool.outputSchema ?? {})]));
  const call = async (name: string, args: Structured): Promise<Structured> => {
    const structured = await desktop.call(name, args);
    const validate = validators.get(name);
    expect(validate?.(structured), `${name}: ${ajv.errorsText(validate?.errors)}`).toBe(true);
    return structured;
  };
  return { dataDir, assistant, desktop, call };
}

async function failure(session: McpSession, name: string, args: Structured): Promise<{ code: string; message: string }> {
  const result = await session.client.callTool({ name, arguments: args });
  expect(result.isError, `${name} should fail`).toBe(true);
  return toolErrorOf(result);
}

/** Some assistant activity: a project, a status read, and a call with a secret in a wrong argument. */
async function assistantActivity(assistant: McpSession): Promise<void> {
  const started = await assistant.call('start_research', { goal: 'Explain why perovskite solar cells degrade under humid conditions' });
  await assistant.call('get_research_status', { research_id: started.research_id });
  const refused = await assistant.client.callTool({ name: 'get_research_status', arguments: { research_id: started.research_id, api_key: 'sk-live-SECRET' } });
  expect(refused.isError).toBe(true);
}

describe('desktop audit tools', () => {
  it('are hidden from assistants; an assistant asking is refused, and that refusal is itself logged', async () => {
    const { assistant, desktop, call } = await sessions();
    const names = (await assistant.client.listTools()).tools.map((t) => t.name);
    for (const name of ['query_audit_log', 'verify_audit_log', 'export_audit_log']) {
      expect(names).not.toContain(name);
      expect((await desktop.client.listTools()).tools.some((t) => t.name === name)).toBe(true);
    }
    expect(await failure(assistant, 'query_audit_log', {})).toMatchObject({ code: 'insufficient_permissions', message: expect.stringContaining('desktop app') });
    const denied = await call('query_audit_log', { client: 'claude-desktop', outcome: 'denied' });
    expect((denied.rows as Entry[]).map((r) => r.action)).toEqual(['tool:query_audit_log']);
  });

  it('audits a refused safety approval as denied, and every row with one of the documented outcomes (issue 15 item 8)', async () => {
    const { assistant, desktop, call } = await sessions();
    await desktop.call('set_client_policy', {
      client_id: 'claude-desktop',
      scopes: ['research:write', 'hypotheses:generate', 'reviews:write', 'checkpoints:decide'],
      may_decide_checkpoints: true,
    });
    const started = await assistant.call('start_research', { goal: 'Increase the transmissibility of H5N1 influenza virus between mammals' });
    const status = await assistant.call('get_research_status', { research_id: started.research_id });
    const [safety] = status.pending_checkpoints as Array<{ checkpoint_id: string; kind: string }>;
    expect(safety?.kind).toBe('safety_review');
    expect(await failure(assistant, 'decide', { checkpoint_id: safety?.checkpoint_id, action: 'approve' })).toMatchObject({ code: 'insufficient_permissions' });
    await failure(assistant, 'get_research_status', { research_id: started.research_id, bogus: 1 });

    const denied = (await call('query_audit_log', { client: 'claude-desktop', outcome: 'denied' })).rows as Entry[];
    expect(denied.map((r) => [r.action, r.error_code])).toEqual([['tool:decide', 'insufficient_permissions']]);
    const all = (await call('query_audit_log', { limit: 500 })).rows as Entry[];
    expect(new Set(all.map((r) => r.outcome))).toEqual(new Set(['ok', 'denied', 'invalid_input']));
    for (const outcome of AUDIT_OUTCOMES) {
      // The desktop's own queries are logged as they are answered: compare the rows `all` saw.
      const rows = ((await call('query_audit_log', { outcome, limit: 500 })).rows as Entry[]).filter((r) => r.id <= (all[0]?.id ?? 0));
      expect(rows.map((r) => r.id).sort()).toEqual(all.filter((r) => r.outcome === outcome).map((r) => r.id).sort());
    }
  });

  it('filters by client, action, outcome and time, pages without gaps, and shows arguments redacted', async () => {
    const { assistant, call } = await sessions();
    const before = new Date().toISOString();
    await assistantActivity(assistant);
    const all = await call('query_audit_log', { client: 'claude-desktop', limit: 500 });
    const rows = all.rows as Entry[];
    expect(rows.every((r) => r.client_id === 'claude-desktop')).toBe(true);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    // A call is logged once it is answered: the desktop's own first query is not in its answer yet.
    expect((all.facets as { clients: string[] }).clients).toEqual(['claude-desktop']);
    expect(((await call('query_audit_log', { limit: 1 })).facets as { clients: string[] }).clients).toEqual(['claude-desktop', 'desktop']);

    const refused = (await call('query_audit_log', { client: 'claude-desktop', outcome: 'invalid_input' })).rows as Entry[];
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ action: 'tool:get_research_status', error_code: 'invalid_input' });
    expect(JSON.parse(refused[0]?.arguments ?? '{}')).toMatchObject({ api_key: '[REDACTED]' });
    expect(refused[0]?.arguments).not.toContain('SECRET');

    const started = (await call('query_audit_log', { action: 'tool:start_research' })).rows as Entry[];
    expect(started).toHaveLength(1);
    expect((await call('query_audit_log', { client: 'claude-desktop', since: before })).total).toBe(all.total);
    expect((await call('query_audit_log', { client: 'claude-desktop', until: before })).total).toBe(0);

    const paged: Entry[] = [];
    let cursor: string | null = null;
    do {
      const page: Structured = await call('query_audit_log', { client: 'claude-desktop', limit: 2, ...(cursor ? { cursor } : {}) });
      // Filter menus come with the first page only.
      expect(page.facets === null).toBe(cursor !== null);
      paged.push(...(page.rows as Entry[]));
      cursor = page.next_cursor as string | null;
    } while (cursor !== null);
    expect(paged.map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });

  it('explains bad filters', async () => {
    const { desktop } = await sessions();
    expect(await failure(desktop, 'query_audit_log', { since: 'yesterday' })).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('since') });
    expect(await failure(desktop, 'query_audit_log', { since: '2026-05-02T00:00:00Z', until: '2026-05-01T00:00:00Z' })).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('must be before') });
    expect(await failure(desktop, 'query_audit_log', { cursor: '!!' })).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('next_cursor') });
    expect(await failure(desktop, 'export_audit_log', { format: 'xml' })).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('format') });
  });

  it('verify_audit_log says intact, then names the first row edited behind the app\'s back', async () => {
    const { dataDir, assistant, call } = await sessions();
    await assistantActivity(assistant);
    const intact = await call('verify_audit_log', {});
    expect(intact).toMatchObject({ ok: true, first_broken_id: null, message: expect.stringContaining('intact') });

    const victim = ((await call('query_audit_log', { action: 'tool:start_research' })).rows as Entry[])[0] as Entry;
    // What an attacker with direct access to the store would do: remove the guard, then rewrite history.
    await inspectStore(dataDir, async (raw) => {
      await raw.dropTrigger('audit_log_is_append_only_update', 'audit_log');
      await raw.execute('UPDATE audit_log SET arguments = ? WHERE id = ?', ['{"goal":"something else"}', victim.id]);
    });
    const broken = await call('verify_audit_log', {});
    expect(broken).toMatchObject({ ok: false, first_broken_id: victim.id, reason: expect.stringContaining('edited'), message: expect.stringContaining(`row ${victim.id}`) });
  });

  it('exports JSONL and CSV with exactly the filtered rows, quoting what needs quoting', async () => {
    const { assistant, call } = await sessions();
    await assistantActivity(assistant);
    const expected = ((await call('query_audit_log', { client: 'claude-desktop', limit: 500 })).rows as Entry[]).reverse();

    const jsonl = await call('export_audit_log', { format: 'jsonl', client: 'claude-desktop' });
    expect(jsonl).toMatchObject({ rows: expected.length, path: null, file_name: expect.stringMatching(/^audit-log-.*\.jsonl$/) });
    const lines = (jsonl.content as string).trimEnd().split('\n').map((line) => JSON.parse(line) as { id: number; arguments: unknown });
    expect(lines.map((l) => l.id)).toEqual(expected.map((r) => r.id));
    expect(lines.map((l) => l.arguments)).toEqual(expected.map((r) => JSON.parse(r.arguments)));

    const csv = await call('export_audit_log', { format: 'csv', client: 'claude-desktop' });
    const table = parseCsv(csv.content as string);
    expect(table[0]).toEqual(['id', 'at', 'client_id', 'action', 'target', 'outcome', 'error_code', 'duration_ms', 'arguments', 'prev_hash', 'hash']);
    expect(table.slice(1).map((cells) => Number(cells[0]))).toEqual(expected.map((r) => r.id));
    expect(table.slice(1).map((cells) => cells[8])).toEqual(expected.map((r) => r.arguments));
    expect(csv.content as string).toContain('""goal""');
  });

  it('writes an export too large to return to the data folder\'s exports/ and returns its path', async () => {
    const dataDir = tempDataDir('cosci-audit-large');
    const db = await openStoreFor(dataDir);
    const padding = 'x'.repeat(1500);
    await writeTransaction(db, async () => {
      for (let i = 0; i < 3500; i += 1) {
        await appendAudit(db, { at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), clientId: 'bulk', action: 'tool:list_hypotheses', target: null, arguments: JSON.stringify({ note: padding, i }), outcome: 'success', errorCode: null, durationMs: 1 });
      }
    });
    await closeDatabase(db);
    const { call } = await sessions(dataDir);
    const result = await call('export_audit_log', { format: 'jsonl', client: 'bulk' });
    expect(result).toMatchObject({ rows: 3500, content: null, message: expect.stringContaining('too large') });
    const file = result.path as string;
    expect(path.dirname(file)).toBe(path.join(dataDir, 'exports'));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const written = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(written).toHaveLength(3500);
    expect(fs.statSync(file).size).toBe(result.bytes);
    expect((JSON.parse(written[3499] as string) as { arguments: { i: number } }).arguments.i).toBe(3499);
  });
});
