// The patches in patches/ (docs/architecture.md, *Patched dependencies*): each keeps the
// dependency's contract, and the defect it is there for stays fixed.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REPO_ROOT } from '../support/server.js';

const run = promisify(execFile);

// A server's view of zod: the MCP SDK asks of each request whether it is a result or an error
// response first, so two parses fail per call. The child runs them back to back and V8 reports
// every young-generation GC (--trace-gc-nvp): how much each kept alive.
const FAILING_PARSES = `
import { z } from 'zod';
const response = z.object({ jsonrpc: z.literal('2.0'), id: z.union([z.string(), z.number()]), result: z.record(z.string(), z.unknown()) }).strict();
for (let i = 0; i < 150000; i += 1) {
  const request = JSON.parse('{"jsonrpc":"2.0","id":' + i + ',"method":"tools/call","params":{"name":"get_leaderboard","arguments":{"limit":50}}}');
  if (response.safeParse(request).success) throw new Error('a request parsed as a response');
}`;

/** Mean bytes that survived a scavenge, from V8's name=value GC trace. */
function meanScavengeSurvivors(trace: string): { scavenges: number; meanBytes: number } {
  const survived = trace
    .split('\n')
    .filter((line) => / gc=s /.test(line))
    .map((line) => Number(/ new_space_survived=(\d+)/.exec(line)?.[1]));
  return { scavenges: survived.length, meanBytes: survived.reduce((sum, bytes) => sum + bytes, 0) / Math.max(1, survived.length) };
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
    const { stdout } = await run(process.execPath, ['--trace-gc', '--trace-gc-nvp', '--input-type=module', '-e', FAILING_PARSES], {
      cwd: REPO_ROOT,
      maxBuffer: 64 * 1024 * 1024,
    });
    const { scavenges, meanBytes } = meanScavengeSurvivors(stdout);
    expect(scavenges).toBeGreaterThan(3);
    // Unpatched, about 6 MB survived each scavenge (every failure since the one before); patched,
    // about 0.1 MB. The bound is generous: a GC statistic, not a timing.
    expect(meanBytes).toBeLessThan(1.5e6);
  }, 60_000);
});
