// A leaderboard page that crosses the host as the server's bytes (src-main/host/checkedJson.ts),
// through the router as both hosts call it: what the server wrote reaches invokeWire byte for byte
// and invoke parsed; a failed call, a JSON-RPC error, an answer without the page's members and a
// broken answer each come back as a specific error, with no page at all.
import { describe, expect, it } from 'vitest';
import { CheckedJson } from '../../../../src-main/host/checkedJson.js';
import { UnreadableAnswerError, type UnparsedAnswer } from '../../../../src-main/host/desktopStdioTransport.js';
import { objectMembers } from '../../../../src-main/host/jsonMembers.js';
import { createRouter } from '../../../../src-main/host/router.js';
import { TOOL_ERROR_META_KEY } from '../../../../src-shared/toolErrors.js';
import { routerDeps, scriptedTools, toolSuccess } from './fakes.js';

const PAGE = {
  research_id: 'res_1',
  k: 5,
  certified: false,
  certify_threshold: 0.9,
  matches: 12,
  total: 3,
  movement_window: { matches: 0, judge: null },
  rows: [],
  columns: { id: ['hyp_1', 'hyp_2'], summary: ['Inhibiting “LOXL2” slows fibrosis…', 'A \\ "quoted" claim'] },
  next_cursor: 'WzAsMixd',
};

/** An answer's line as the server writes it (JSON.stringify, src-mcp/runtime/frameEncoding.ts), read as the transport reads it. */
function answerLine(message: Record<string, unknown>): UnparsedAnswer {
  const bytes = Buffer.from(JSON.stringify({ ...message, jsonrpc: '2.0', id: 'cosci-unparsed-1' }), 'utf8');
  return { bytes, members: objectMembers(bytes, { result: { structuredContent: {} } }) };
}

function routerAnswering(answer: () => UnparsedAnswer | Promise<UnparsedAnswer>) {
  const asked: Array<{ name: string; args: Record<string, unknown> }> = [];
  const fallback = scriptedTools(() => toolSuccess({}));
  const router = createRouter({
    ...routerDeps(fallback.callTool),
    callToolUnparsed: async (name, args) => {
      asked.push({ name, args });
      return answer();
    },
  });
  return { router, asked, parsedCalls: fallback.calls };
}

const PAGE_INPUT = { research_id: 'res_1', limit: 2, format: 'columns', summary_chars: 120 };

describe('leaderboard.page as the server wrote it', () => {
  it('reaches invokeWire as the very bytes of the structuredContent the server checked, and invoke as the same page parsed', async () => {
    const line = answerLine({ result: { content: [{ type: 'text', text: 'Leaderboard of res_1 — 2 of 3' }], structuredContent: PAGE } });
    const { router, asked, parsedCalls } = routerAnswering(() => line);
    const wire = await router.invokeWire('leaderboard.page', PAGE_INPUT);
    expect(wire.ok && wire.data).toBeInstanceOf(CheckedJson);
    if (!wire.ok || !(wire.data instanceof CheckedJson)) return;
    expect(wire.data.bytes.toString('utf8')).toBe(JSON.stringify(PAGE));
    expect(line.bytes.includes(wire.data.bytes)).toBe(true);
    expect(await router.invoke('leaderboard.page', PAGE_INPUT)).toEqual({ ok: true, data: PAGE });
    expect(asked[0]).toEqual({ name: 'get_leaderboard', args: PAGE_INPUT });
    // Never through the parsed path.
    expect(parsedCalls).toEqual([]);
  });

  it("reads the next page ahead from the page's own next_cursor, without parsing the page", async () => {
    const { router, asked } = routerAnswering(() => answerLine({ result: { content: [], structuredContent: PAGE } }));
    await router.invokeWire('leaderboard.page', PAGE_INPUT);
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked.map((call) => call.args.cursor)).toEqual([undefined, 'WzAsMixd']);
  });

  it("gives a failed call's coded error as the parsed path does", async () => {
    const failed = answerLine({
      result: { isError: true, content: [{ type: 'text', text: 'Research project res_9 not found.' }], _meta: { [TOOL_ERROR_META_KEY]: { code: 'resource_not_found', message: 'Research project res_9 not found.' } } },
    });
    const { router } = routerAnswering(() => failed);
    expect(await router.invokeWire('leaderboard.page', { ...PAGE_INPUT, research_id: 'res_9' })).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'Research project res_9 not found.' } });
  });

  it('gives a JSON-RPC error as the SDK client would have thrown it', async () => {
    const { router } = routerAnswering(() => answerLine({ error: { code: -32602, message: 'Invalid arguments for tool get_leaderboard: limit: Too big' } }));
    expect(await router.invokeWire('leaderboard.page', PAGE_INPUT)).toEqual({ ok: false, error: { code: 'INVALID_INPUT', message: 'Invalid arguments for tool get_leaderboard: limit: Too big' } });
  });

  it("refuses a page without the members the route's schema requires, naming them", async () => {
    const { columns: _columns, total: _total, next_cursor: _next, ...partial } = PAGE;
    const { router } = routerAnswering(() => answerLine({ result: { content: [], structuredContent: partial } }));
    const result = await router.invokeWire('leaderboard.page', PAGE_INPUT);
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(!result.ok && result.error.message).toMatch(/answer to get_leaderboard is not what this app expects \(missing total, next_cursor\)/);
  });

  it('refuses structured data that is not an object, and a result without any', async () => {
    const notObject = routerAnswering(() => answerLine({ result: { content: [], structuredContent: [PAGE] } }));
    expect(await notObject.router.invokeWire('leaderboard.page', PAGE_INPUT)).toMatchObject({ ok: false, error: { code: 'INTERNAL', message: expect.stringMatching(/structured data that is not an object/) } });
    const none = routerAnswering(() => answerLine({ result: { content: [] } }));
    expect(await none.router.invokeWire('leaderboard.page', PAGE_INPUT)).toMatchObject({ ok: false, error: { code: 'INTERNAL', message: expect.stringMatching(/without structured data/) } });
  });

  it('gives an answer the transport could not read (malformed, oversize) as that reason, with no page', async () => {
    const { router } = routerAnswering(() => Promise.reject(new UnreadableAnswerError("The research server's answer to tools/call is not valid JSON (mismatched bracket at byte 40).")));
    expect(await router.invokeWire('leaderboard.page', PAGE_INPUT)).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: "The research server's answer to tools/call is not valid JSON (mismatched bracket at byte 40)." },
    });
  });
});
