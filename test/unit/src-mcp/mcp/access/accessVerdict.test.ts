// A call that only reads starts its reads while its access check still reads the policy
// (mcp/access/accessVerdict.ts). What may not happen before the verdict, and never after a refusal:
// a write, an outside wait, a question to the user, a result reaching the caller. Harness tools
// around callTool, on the test engine's store (both engines in CI).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callTool, DETACHED_CALL, defineTool, type ToolCall, type ToolDefinition } from '../../../../../src-mcp/mcp/toolkit.js';
import type { ClientPolicy } from '../../../../../src-mcp/mcp/access/identity.js';
import { startsBeforeAccess } from '../../../../../src-mcp/mcp/access/accessVerdict.js';
import { appendEvent, eventsAfter } from '../../../../../src-mcp/store/events.js';
import { writeTransaction } from '../../../../../src-mcp/store/database.js';
import { auditRows } from '../../../../../src-mcp/store/audit.js';
import { beforeWaitingOutside } from '../../../../../src-mcp/store/writeObserver.js';
import { flushReadAudit } from '../../../../../src-mcp/mcp/audit/readAudit.js';
import { freshDb } from '../../../../support/engineDriver.js';
import { toolContext } from '../../../../support/toolContext.js';
import { makeTempDir } from '../../../../support/tempDirs.js';
import { readToolError } from '../../../../support/toolErrors.js';

const CLIENT = 'verdict-assistant';

/** A policy read the test lets through when it chooses: the access check waits for it. */
function heldPolicy(scopes: string[]): { policy: () => Promise<ClientPolicy>; release: () => void } {
  let release: () => void = () => undefined;
  const read = new Promise<ClientPolicy>((resolve) => {
    release = () => resolve({ clientId: CLIENT, scopes, ratePerMinute: 10_000, burst: 10_000, mayDecideCheckpoints: false, source: 'stored' });
  });
  return { policy: () => read, release };
}

/** A tool that notes when its work begins and what it got to do; `oneStatementRead` as a tool declares it. */
function harnessTool(readOnly: boolean, work: (call: ToolCall) => Promise<void>, oneStatementRead = false): { tool: ToolDefinition; began: () => boolean } {
  let began = false;
  const tool = defineTool({
    name: readOnly ? 'harness_read' : 'harness_write',
    title: 'Harness',
    description: 'A harness.',
    annotations: { readOnlyHint: readOnly, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    scopes: ['research:read'],
    oneStatementRead,
    input: z.object({}),
    output: z.object({ done: z.boolean() }),
    async run(_args, _ctx, call) {
      began = true;
      await work(call);
      return { data: { done: true }, markdown: 'done' };
    },
  });
  return { tool, began: () => began };
}

async function setup(scopes: string[]) {
  const db = await freshDb();
  const held = heldPolicy(scopes);
  const ctx = await toolContext(db, { dataDir: makeTempDir('cosci-verdict-'), clientId: CLIENT, policy: held.policy });
  const event = () => appendEvent(db, { at: new Date().toISOString(), clientId: CLIENT, kind: 'project.updated', subjectUri: 'research://projects/p', data: {} });
  return { db, ctx, release: held.release, event };
}

/** Lets every pending promise and I/O callback of the early run go as far as it can. */
const settle = async (): Promise<void> => {
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('the access check and the reads of a call that only reads overlap', () => {
  it('a read-only call starts its work before the policy is read, and answers once access is granted', async () => {
    const { ctx, release } = await setup(['research:read']);
    const { tool, began } = harnessTool(true, async () => undefined);
    const answer = callTool(tool, {}, ctx, DETACHED_CALL);
    await settle();
    expect(began()).toBe(true);
    release();
    const result = await answer;
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({ done: true });
  });

  it('a read of one statement starts after its access check, not beside it', async () => {
    const { ctx, release } = await setup(['research:read']);
    const { tool, began } = harnessTool(true, async () => undefined, true);
    const answer = callTool(tool, {}, ctx, DETACHED_CALL);
    await settle();
    expect(began()).toBe(false);
    release();
    const result = await answer;
    expect(began()).toBe(true);
    expect(result.structuredContent).toEqual({ done: true });
  });

  it('a call that writes starts nothing before its access check', async () => {
    const { ctx, release, event } = await setup(['research:read']);
    const { tool, began } = harnessTool(false, async () => {
      await writeTransaction(ctx.db, event);
    });
    const answer = callTool(tool, {}, ctx, DETACHED_CALL);
    await settle();
    expect(began()).toBe(false);
    release();
    expect((await answer).isError).toBeUndefined();
    expect(began()).toBe(true);
  });

  it('refused: the early run may read, but its write never lands, and the caller gets only the refusal', async () => {
    const { db, ctx, release, event } = await setup([]);
    let wrote: 'yes' | 'refused' | 'not yet' = 'not yet';
    const { tool, began } = harnessTool(true, async () => {
      try {
        await writeTransaction(db, event);
        wrote = 'yes';
      } catch {
        wrote = 'refused';
      }
    });
    const answer = callTool(tool, {}, ctx, DETACHED_CALL);
    await settle();
    expect(began()).toBe(true);
    // The write waits for the verdict.
    expect(wrote).toBe('not yet');
    release();
    const result = await answer;
    expect(readToolError(result)?.code).toBe('insufficient_permissions');
    expect(result.structuredContent).toBeUndefined();
    await settle();
    expect(wrote).toBe('refused');
    expect(await eventsAfter(db, 0, 10)).toEqual([]);
    await flushReadAudit(db);
    const rows = await auditRows(db, { limit: 10 });
    expect(rows.map((row) => [row.action, row.outcome, row.errorCode])).toEqual([['tool:harness_read', 'denied', 'insufficient_permissions']]);
  });

  it('refused: the early run neither asks the user nor waits outside the database', async () => {
    const { ctx, release } = await setup([]);
    const asked: string[] = [];
    const call: ToolCall = {
      ...DETACHED_CALL,
      askUser: async () => {
        asked.push('asked');
        return 'unsupported';
      },
    };
    let waitedOutside = false;
    const { tool } = harnessTool(true, async (toolCall) => {
      await Promise.allSettled([
        toolCall.askUser({ key: 'may-i', message: 'May I?', requestedSchema: { type: 'object', properties: {} } }),
        beforeWaitingOutside().then(() => {
          waitedOutside = true;
        }),
      ]);
    });
    const answer = callTool(tool, {}, ctx, call);
    await settle();
    expect(asked).toEqual([]);
    release();
    expect(readToolError(await answer)?.code).toBe('insufficient_permissions');
    await settle();
    expect(asked).toEqual([]);
    expect(waitedOutside).toBe(false);
  });

  it('a write of a read-only call that is let through waits for the verdict, then lands once', async () => {
    const { db, ctx, release, event } = await setup(['research:read']);
    const { tool } = harnessTool(true, async () => {
      await writeTransaction(db, event);
    });
    const answer = callTool(tool, {}, ctx, DETACHED_CALL);
    await settle();
    expect(await eventsAfter(db, 0, 10)).toEqual([]);
    release();
    expect((await answer).isError).toBeUndefined();
    expect(await eventsAfter(db, 0, 10)).toHaveLength(1);
  });

  it('only calls that read more than one statement, cost no rate-limit token and show no audit rows start early', () => {
    const annotations = (readOnlyHint: boolean) => ({ readOnlyHint, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(startsBeforeAccess({ annotations: annotations(true) })).toBe(true);
    expect(startsBeforeAccess({ annotations: annotations(false) })).toBe(false);
    expect(startsBeforeAccess({ annotations: annotations(true), expensive: true })).toBe(false);
    expect(startsBeforeAccess({ annotations: annotations(true), readsAuditLog: true })).toBe(false);
    expect(startsBeforeAccess({ annotations: annotations(true), oneStatementRead: true })).toBe(false);
  });
});
