// No tool effect without its audit row. What a second connection can read at an instant is exactly
// what survives a kill -9 at that instant (committed WAL transactions survive, nothing else does),
// so these tests look from a second connection at every point where a process could die: after
// each write of a synchronous tool, around the awaits of an asynchronous one, and after failures.
// The tools are harnesses around the real engine (startResearch), callTool, CallAudit and the
// store's write transactions. test/integration/faults.test.ts does the same with real SIGKILLs.
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import path from 'node:path';
import { z } from 'zod';
import { openDatabase, type Db } from '../../../../../src-mcp/store/database.js';
import { verifyAuditChain } from '../../../../../src-mcp/store/audit.js';
import { appendEvent } from '../../../../../src-mcp/store/events.js';
import { DETACHED_CALL, callTool, defineTool, type ToolDefinition, type ToolOutcome } from '../../../../../src-mcp/mcp/toolkit.js';
import { DomainError } from '../../../../../src-mcp/engine/errors.js';
import { startResearch } from '../../../../../src-mcp/engine/projects.js';
import type { ServerContext } from '../../../../../src-mcp/mcp/context.js';
import { readToolError } from '../../../../support/toolErrors.js';
import { makeTempDir } from '../../../../support/tempDirs.js';
import { storedPolicy, toolContext } from '../../../../support/toolContext.js';
import { handleOf, sqlite } from '../../../../../src-mcp/store/handle.js';
import { beforeWaitingOutside } from '../../../../../src-mcp/store/writeObserver.js';

const CLIENT = 'harness-assistant';
const open: Array<{ close(): unknown }> = [];
afterEach(async () => {
  // A write poke drains the change feed on the next turn: let it run before the handles close.
  await new Promise((resolve) => setImmediate(resolve));
  for (const handle of open.splice(0)) handle.close();
});

async function setup(): Promise<{ ctx: ServerContext; look: () => Seen; otherWriterCanLock: () => boolean }> {
  const dataDir = makeTempDir('cosci-callaudit-');
  const db = await openDatabase(dataDir);
  const other = new Database(path.join(dataDir, 'co-scientist.db'));
  other.pragma('busy_timeout = 0');
  open.push(sqlite(db), other);
  const ctx = await toolContext(db, { dataDir, clientId: CLIENT, policy: storedPolicy(CLIENT, ['admin']) });
  return {
    ctx,
    look: () => seenBy(handleOf(other)),
    otherWriterCanLock: () => {
      try {
        other.exec('BEGIN IMMEDIATE');
        other.exec('ROLLBACK');
        return true;
      } catch {
        return false;
      }
    },
  };
}

interface Seen {
  projects: string[];
  rows: Array<{ action: string; outcome: string; error_code: string | null; target: string | null }>;
}

/** What another process reads now, i.e. what a kill -9 at this instant would leave. */
function seenBy(other: Db): Seen {
  return {
    projects: sqlite(other).prepare('SELECT goal FROM projects ORDER BY rowid').pluck().all() as string[],
    rows: sqlite(other).prepare('SELECT action, outcome, error_code, target FROM audit_log ORDER BY id').all() as Seen['rows'],
  };
}

const Out = z.object({ n: z.number() });

function harness(name: string, run: (ctx: ServerContext) => ToolOutcome<{ n: number }> | Promise<ToolOutcome<{ n: number }>>): ToolDefinition {
  return defineTool({
    name,
    title: name,
    description: 'Test harness around the real engine.',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    scopes: ['research:write'],
    input: z.object({}),
    output: Out,
    run: (_args, ctx) => run(ctx),
  });
}

const actor = (ctx: ServerContext) => ({ clientId: ctx.clientId, now: () => ctx.now() });
const start = async (ctx: ServerContext, goal: string): Promise<string> => (await startResearch(ctx.db, actor(ctx), { goal, hypothesisCount: 1 })).id;
const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5));
/** What a tool does before it waits on a person, the client or a provider (engine: beforeWaitingOutside). */
const waitOutside = async (): Promise<void> => {
  await beforeWaitingOutside();
  await tick();
};

describe('a tool call and its audit row', () => {
  it('synchronous tool: nothing is visible before its row; its writes and its one row commit together, and no lock is taken before the first write', async () => {
    const { ctx, look, otherWriterCanLock } = await setup();
    const during: Seen[] = [];
    let lockFreeBeforeWrite = false;
    const tool = harness('two_projects', async (c) => {
      lockFreeBeforeWrite = otherWriterCanLock();
      await start(c, 'First project of a synchronous tool call');
      during.push(look());
      await start(c, 'Second project of a synchronous tool call');
      during.push(look());
      return { data: { n: 2 }, markdown: 'ok', target: 'research://projects' };
    });
    const result = await callTool(tool, {}, ctx, DETACHED_CALL);
    expect(result.isError).toBeFalsy();
    expect(lockFreeBeforeWrite).toBe(true);
    expect(during).toEqual([{ projects: [], rows: [] }, { projects: [], rows: [] }]);
    expect(look()).toEqual({
      projects: ['First project of a synchronous tool call', 'Second project of a synchronous tool call'],
      rows: [{ action: 'tool:two_projects', outcome: 'success', error_code: null, target: 'research://projects' }],
    });
    expect(otherWriterCanLock()).toBe(true);
    expect(await verifyAuditChain(ctx.db)).toEqual({ ok: true, rows: 1 });
  });

  it('a coded error keeps what was written before it (as a failed write rolls back only itself) and commits the error row with it', async () => {
    const { ctx, look, otherWriterCanLock } = await setup();
    const tool = harness('write_then_refuse', async (c) => {
      await start(c, 'Written before a coded error');
      // A failing engine write: rolled back on its own, the earlier write stays.
      await expect(start(c, 'short')).rejects.toThrow(DomainError);
      throw new DomainError('conflict', 'Refused after the first write.');
    });
    const result = await callTool(tool, {}, ctx, DETACHED_CALL);
    expect(readToolError(result)?.code).toBe('conflict');
    expect(look()).toEqual({ projects: ['Written before a coded error'], rows: [{ action: 'tool:write_then_refuse', outcome: 'error', error_code: 'conflict', target: null }] });
    expect(otherWriterCanLock()).toBe(true);
  });

  it('an unexpected failure after a write changes nothing ("Nothing was changed" is true) and is audited', async () => {
    const { ctx, look, otherWriterCanLock } = await setup();
    const tool = harness('write_then_crash', async (c) => {
      await start(c, 'Written before an unexpected failure');
      throw new TypeError('a bug');
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const result = await callTool(tool, {}, ctx, DETACHED_CALL);
      expect(readToolError(result)?.code).toBe('internal_error');
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
    expect(look()).toEqual({ projects: [], rows: [{ action: 'tool:write_then_crash', outcome: 'error', error_code: 'internal_error', target: null }] });
    expect(otherWriterCanLock()).toBe(true);
  });

  it('output that does not match the schema after a write: rolled back too', async () => {
    const { ctx, look } = await setup();
    const tool = harness('bad_output', async (c) => {
      await start(c, 'Written by a tool whose answer is malformed');
      return { data: { n: 'two' } as unknown as { n: number }, markdown: 'bad' };
    });
    const original = console.error;
    console.error = () => undefined;
    try {
      expect(readToolError(await callTool(tool, {}, ctx, DETACHED_CALL))?.code).toBe('internal_error');
    } finally {
      console.error = original;
    }
    expect(look().projects).toEqual([]);
  });

  it('asynchronous tool: each write becomes visible only together with the call\'s intent row, which precedes its final row', async () => {
    const { ctx, look, otherWriterCanLock } = await setup();
    const during: Seen[] = [];
    let lockFreeWhileAwaiting = false;
    const tool = harness('awaiting_tool', async (c) => {
      await start(c, 'Written before the first await');
      during.push(look()); // still held: the call has not waited outside the database yet
      await waitOutside();
      lockFreeWhileAwaiting = otherWriterCanLock();
      during.push(look());
      await start(c, 'Written after an await');
      during.push(look());
      await waitOutside();
      return { data: { n: 2 }, markdown: 'ok', target: 'research://projects' };
    });
    const result = await callTool(tool, {}, ctx, DETACHED_CALL);
    expect(result.isError).toBeFalsy();
    expect(lockFreeWhileAwaiting).toBe(true);
    const intent = { action: 'tool-write:awaiting_tool', outcome: 'success', error_code: null, target: null };
    expect(during).toEqual([
      { projects: [], rows: [] },
      { projects: ['Written before the first await'], rows: [intent] },
      { projects: ['Written before the first await', 'Written after an await'], rows: [intent] },
    ]);
    expect(look().rows).toEqual([intent, { action: 'tool:awaiting_tool', outcome: 'success', error_code: null, target: 'research://projects' }]);
    expect(await verifyAuditChain(ctx.db)).toEqual({ ok: true, rows: 2 });
  });

  it('asynchronous tool whose first write follows an await: the write carries the intent row; a tool that writes nothing gets one row', async () => {
    const { ctx, look } = await setup();
    const seen: Seen[] = [];
    const late = harness('late_writer', async (c) => {
      await waitOutside();
      await start(c, 'First written after an await');
      seen.push(look());
      return { data: { n: 1 }, markdown: 'ok' };
    });
    const reader = harness('no_writes', async () => {
      await waitOutside();
      return { data: { n: 0 }, markdown: 'ok' };
    });
    await callTool(late, {}, ctx, DETACHED_CALL);
    await callTool(reader, {}, ctx, DETACHED_CALL);
    expect(seen).toEqual([{ projects: ['First written after an await'], rows: [{ action: 'tool-write:late_writer', outcome: 'success', error_code: null, target: null }] }]);
    // A call that changed nothing is a read: its row follows with the next batch (mcp/audit/readAudit.ts).
    expect(look().rows.map((row) => row.action)).toEqual(['tool-write:late_writer', 'tool:late_writer']);
    await expect.poll(() => look().rows.map((row) => row.action), { timeout: 5_000 }).toEqual(['tool-write:late_writer', 'tool:late_writer', 'tool:no_writes']);
  });

  it('a read answered before a write keeps its place: the write appends the queued read rows before its own transaction', async () => {
    const { ctx, look } = await setup();
    const reader = harness('only_reads', () => ({ data: { n: 0 }, markdown: 'ok' }));
    const writer = harness('then_writes', async (c) => {
      await start(c, 'Written after two reads were answered');
      return { data: { n: 1 }, markdown: 'ok' };
    });
    await callTool(reader, {}, ctx, DETACHED_CALL);
    await callTool(reader, {}, ctx, DETACHED_CALL);
    expect(look().rows).toEqual([]);
    await callTool(writer, {}, ctx, DETACHED_CALL);
    expect(look().rows.map((row) => row.action)).toEqual(['tool:only_reads', 'tool:only_reads', 'tool:then_writes']);
    expect(await verifyAuditChain(ctx.db)).toEqual({ ok: true, rows: 3 });
  });

  it('a tool that shows the audit log sees the caller\'s earlier reads (readsAuditLog appends the queue first)', async () => {
    const { ctx } = await setup();
    const reader = harness('only_reads', () => ({ data: { n: 0 }, markdown: 'ok' }));
    const counting = (readsAuditLog: boolean): ToolDefinition => ({
      ...harness(readsAuditLog ? 'shows_the_log' : 'counts_rows', (c) => ({ data: { n: sqlite(c.db).prepare('SELECT COUNT(*) FROM audit_log').pluck().get() as number }, markdown: 'ok' })),
      readsAuditLog,
    });
    await callTool(reader, {}, ctx, DETACHED_CALL);
    // Without the flag the queued row is not in the table yet: the flag is what makes the difference.
    expect((await callTool(counting(false), {}, ctx, DETACHED_CALL)).structuredContent).toEqual({ n: 0 });
    expect((await callTool(counting(true), {}, ctx, DETACHED_CALL)).structuredContent).toEqual({ n: 2 });
  });

  it('names a write that bypassed the write transactions (it committed before any row could join it)', async () => {
    const { ctx } = await setup();
    const stray = harness('stray_writer', async (c) => {
      // A store write called outside writeTransaction commits in autocommit, on its own.
      await appendEvent(c.db, { at: new Date().toISOString(), clientId: 'x', kind: 'project.updated', subjectUri: 'research://projects/p', data: {} });
      await start(c, 'Written properly after a stray write');
      return { data: { n: 1 }, markdown: 'ok' };
    });
    const clean = harness('clean_writer', async (c) => {
      await start(c, 'Written properly and only properly');
      return { data: { n: 1 }, markdown: 'ok' };
    });
    const logged: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args.map(String).join(' '));
    try {
      await callTool(clean, {}, ctx, DETACHED_CALL);
      expect(logged).toEqual([]);
      await callTool(stray, {}, ctx, DETACHED_CALL);
    } finally {
      console.error = original;
    }
    expect(logged).toEqual([expect.stringContaining('tool:stray_writer wrote outside a write transaction')]);
  });

  it('concurrent asynchronous calls in one process: each write is attributed to its own call', async () => {
    const { ctx, look } = await setup();
    const tool = (name: string, goal: string): ToolDefinition =>
      harness(name, async (c) => {
        await waitOutside();
        await start(c, goal);
        await waitOutside();
        return { data: { n: 1 }, markdown: 'ok' };
      });
    const sync = harness('sync_between', async (c) => {
      await start(c, 'A synchronous call between the awaits');
      return { data: { n: 1 }, markdown: 'ok' };
    });
    await Promise.all([
      callTool(tool('call_a', 'Written by concurrent call A'), {}, ctx, DETACHED_CALL),
      callTool(tool('call_b', 'Written by concurrent call B'), {}, ctx, DETACHED_CALL),
      (async () => {
        await tick();
        return await callTool(sync, {}, ctx, DETACHED_CALL);
      })(),
    ]);
    const actions = look().rows.map((row) => row.action);
    expect(actions.filter((a) => a.startsWith('tool-write:')).sort()).toEqual(['tool-write:call_a', 'tool-write:call_b']);
    expect(actions.filter((a) => a.startsWith('tool:')).sort()).toEqual(['tool:call_a', 'tool:call_b', 'tool:sync_between']);
    for (const name of ['call_a', 'call_b']) expect(actions.indexOf(`tool-write:${name}`)).toBeLessThan(actions.indexOf(`tool:${name}`));
    expect(look().projects).toHaveLength(3);
    expect(await verifyAuditChain(ctx.db)).toMatchObject({ ok: true, rows: 5 });
  });
  it('the unit-of-work lock: a call that awaits while holding its write keeps a concurrent call out of its transaction, so its rollback neither takes nor commits the other\'s writes', async () => {
    const { ctx, look } = await setup();
    let wrote!: () => void;
    const firstWrote = new Promise<void>((resolve) => (wrote = resolve));
    // Awaits between its write and its failure without waiting outside the database: its transaction stays open.
    const failing = harness('write_await_fail', async (c) => {
      await start(c, 'Written by the call that then fails');
      wrote();
      await tick();
      await tick();
      throw new TypeError('a bug after the write');
    });
    const succeeding = harness('write_meanwhile', async (c) => {
      await start(c, 'Written meanwhile by another call');
      return { data: { n: 1 }, markdown: 'ok' };
    });
    const [failed, succeeded] = await Promise.all([
      callTool(failing, {}, ctx, DETACHED_CALL),
      // Starts while the first call's transaction is open (between its awaits).
      firstWrote.then(() => callTool(succeeding, {}, ctx, DETACHED_CALL)),
    ]);
    expect(readToolError(failed)?.code).toBe('internal_error');
    expect(succeeded.isError).toBeFalsy();
    // Without the lock the second call's statements ran inside the first call's transaction: lost with its rollback, or refused.
    expect(look().projects).toEqual(['Written meanwhile by another call']);
    // The failed call's row waits its turn behind the call that was waiting for the connection.
    expect(look().rows.map((row) => `${row.action} ${row.outcome}`).sort()).toEqual(['tool:write_await_fail error', 'tool:write_meanwhile success']);
    expect(await verifyAuditChain(ctx.db)).toEqual({ ok: true, rows: 2 });
  });
});
