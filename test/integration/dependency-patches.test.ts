// The patches in patches/ (docs/architecture.md, *Patched dependencies*): each keeps the
// dependency's contract, and the defect it is there for stays fixed.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REPO_ROOT } from '../support/server.js';
import { scavengeStats } from '../support/gcTrace.js';

const run = promisify(execFile);

// A server's view of zod, run in a child that has V8 report every young-generation GC
// (--trace-gc-nvp): how much each kept alive. First, the MCP SDK asks of each request whether it is
// a result or an error response, so two parses fail per call.
const FAILING_PARSES = `
import { z } from 'zod';
const response = z.object({ jsonrpc: z.literal('2.0'), id: z.union([z.string(), z.number()]), result: z.record(z.string(), z.unknown()) }).strict();
for (let i = 0; i < 150000; i += 1) {
  const request = JSON.parse('{"jsonrpc":"2.0","id":' + i + ',"method":"tools/call","params":{"name":"get_leaderboard","arguments":{"limit":50}}}');
  if (response.safeParse(request).success) throw new Error('a request parsed as a response');
}`;

// Then it checks each tool result through a superRefine, a transform and a pipe (its wire schema
// for tools/call): here a 50-row page, 20,000 times.
const REFINED_RESULTS = `
import { z } from 'zod';
const result = z.object({ content: z.array(z.object({ type: z.literal('text'), text: z.string() })), structuredContent: z.record(z.string(), z.unknown()) });
const wire = z.unknown().superRefine((value, ctx) => { if (typeof value !== 'object') ctx.addIssue({ code: 'custom', message: 'not an object' }); }).transform((value) => value).pipe(result);
for (let i = 0; i < 20000; i += 1) {
  const rows = Array.from({ length: 50 }, (_, k) => ({ id: 'hyp_' + k, seq: k, summary: 'A hypothesis ' + i + '.', parents: [] }));
  if (!wire.safeParse({ content: [{ type: 'text', text: 'page' }], structuredContent: { rows } }).success) throw new Error('a page failed');
}`;

async function survivorsOf(script: string): Promise<{ scavenges: number; meanBytes: number }> {
  const { stdout } = await run(process.execPath, ['--trace-gc', '--trace-gc-nvp', '--input-type=module', '-e', script], { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 });
  const { scavenges, meanSurvivedBytes } = scavengeStats(stdout);
  return { scavenges, meanBytes: meanSurvivedBytes };
}

describe('zod safeParse failures (patches/zod+4.6.7.patch)', () => {
  it("keep zod's contract: success false and an own, enumerable, lazily built, settable error", async () => {
    const result = z.object({ a: z.string() }).safeParse({ a: 1 });
    expect(result.success).toBe(false);
    expect(Object.keys(result)).toEqual(['success', 'error']);
    const error = result.error;
    expect(error).toBeInstanceOf(z.ZodError);
    expect(error?.issues).toEqual([expect.objectContaining({ code: 'invalid_type', expected: 'string', path: ['a'] })]);
    expect(result.error).toBe(error);
    expect({ ...result }.error).toBe(error);
    const replacement = new z.ZodError([]);
    (result as { error: z.ZodError }).error = replacement;
    expect(result.error).toBe(replacement);

    // Each failure has its own state, and the async path takes the same one.
    const first = z.string().safeParse(1);
    const second = await z.number().safeParseAsync('x');
    expect(first.error?.issues[0]).toMatchObject({ expected: 'string' });
    expect(second.error?.issues[0]).toMatchObject({ expected: 'number' });
    expect(z.string().safeParse('ok')).toEqual({ success: true, data: 'ok' });
  });

  it('do not keep failed parses alive through young-generation GCs', async () => {
    const { scavenges, meanBytes } = await survivorsOf(FAILING_PARSES);
    expect(scavenges).toBeGreaterThan(3);
    // Unpatched, about 6 MB survived each scavenge (every failure since the one before); patched,
    // about 0.1 MB. The bound is generous: a GC statistic, not a timing.
    expect(meanBytes).toBeLessThan(1.5e6);
  }, 60_000);
});

describe("zod's ctx.addIssue in superRefine and transform (patches/zod+4.6.7.patch)", () => {
  it('reports issues as before when called as ctx.addIssue, in either form', () => {
    const refined = z.object({ n: z.number() }).superRefine((value, ctx) => {
      if (value.n < 0) ctx.addIssue({ code: 'custom', message: 'negative', path: ['n'] });
      if (value.n === 0) ctx.addIssue('zero');
    });
    expect(refined.safeParse({ n: 1 }).success).toBe(true);
    expect(refined.safeParse({ n: -1 }).error?.issues).toEqual([{ code: 'custom', message: 'negative', path: ['n'] }]);
    expect(refined.safeParse({ n: 0 }).error?.issues[0]).toMatchObject({ message: 'zero' });

    const parsedNumber = z.string().transform((text, ctx) => {
      const value = Number(text);
      if (Number.isNaN(value)) {
        ctx.addIssue({ code: 'custom', message: `${text} is not a number` });
        return z.NEVER;
      }
      return value;
    });
    expect(parsedNumber.safeParse('12')).toEqual({ success: true, data: 12 });
    expect(parsedNumber.safeParse('twelve').error?.issues).toEqual([{ code: 'custom', message: 'twelve is not a number', path: [] }]);
    // Each parse reports into its own payload: an issue of one never shows in the next.
    expect(parsedNumber.safeParse('3').success).toBe(true);
  });

  it('do not keep every parsed value alive through young-generation GCs', async () => {
    const { scavenges, meanBytes } = await survivorsOf(REFINED_RESULTS);
    expect(scavenges).toBeGreaterThan(3);
    // Unpatched, about 8 MB survived each scavenge (every page parsed since the one before); patched,
    // about 0.05 MB.
    expect(meanBytes).toBeLessThan(1.5e6);
  }, 60_000);
});
