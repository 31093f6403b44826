// Raw frames on the server's stdin: malformed lines must not kill it, stdout carries only JSON-RPC.
// (test/integration/fuzz.test.ts does the same at scale, with seeded random frames.)
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { SERVER_ENTRY, assertServerBuilt, databaseEnvFor, tempDataDir } from '../support/server.js';
import { startRawServer } from '../support/rawServer.js';

describe('server stdin robustness', () => {
  it('survives malformed lines and keeps answering; stdout holds only JSON-RPC frames', async () => {
    const server = await startRawServer({ dataDir: tempDataDir(), client: 'raw-test' });
    for (const garbage of ['this is not json', '{"jsonrpc":"2.0","id":', '[]', '{"jsonrpc":"1.0","id":7,"method":"tools/list"}', '\u0000\u0001', '{}']) {
      await server.sendLine(garbage);
    }
    const listed = await server.request('tools/list');
    expect(server.exitStatus).toBeUndefined();
    const tools = (listed.result as { tools: Array<{ name: string }> }).tools;
    expect(tools.map((tool) => tool.name)).toContain('start_research');
    expect(server.badLines).toEqual([]);
    expect(await server.close()).toEqual({ code: 0, signal: null });
  });

  it('answers every malformed frame as JSON-RPC 2.0 prescribes (-32700, -32600, -32602) and keeps serving', async () => {
    const server = await startRawServer({ dataDir: tempDataDir(), client: 'raw-test' });
    // [frame, expected code, expected id]: before, none of these was answered and the client waited forever.
    const cases: Array<[string, number, string | number | null]> = [
      ['this is not json', -32700, null],
      ['{"jsonrpc":"2.0","id":', -32700, null],
      ['\uFEFF{"jsonrpc":"2.0","id":"bom","method":"ping"}', -32700, null],
      ['{"jsonrpc":"2.0","id":"nul","method":"ping"}\u0000', -32700, null],
      ['\u0000\u0001', -32700, null],
      ['[]', -32600, null],
      ['{}', -32600, null],
      ['42', -32600, null],
      ['"text"', -32600, null],
      ['null', -32600, null],
      ['{"jsonrpc":"1.0","id":"v1","method":"tools/list"}', -32600, 'v1'],
      ['{"id":"nover","method":"tools/list"}', -32600, 'nover'],
      ['{"jsonrpc":"2.0","id":"nummethod","method":42}', -32600, 'nummethod'],
      ['{"jsonrpc":"2.0","id":"emptymethod","method":""}', -32600, 'emptymethod'],
      ['{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}', -32600, null],
      ['{"jsonrpc":"2.0","id":"noresult"}', -32600, 'noresult'],
      ['{"jsonrpc":"2.0","id":"pnull","method":"tools/call","params":null}', -32602, 'pnull'],
      ['{"jsonrpc":"2.0","id":"pstring","method":"tools/call","params":"list_research_projects"}', -32602, 'pstring'],
      ['{"jsonrpc":"2.0","id":"parray","method":"tools/call","params":["list_research_projects"]}', -32602, 'parray'],
      ['{"jsonrpc":"2.0","id":"pnum","method":"tools/list","params":7}', -32602, 'pnum'],
      ['{"jsonrpc":"2.0","id":"noname","method":"tools/call","params":{}}', -32602, 'noname'],
    ];
    for (const [frame] of cases) await server.sendLine(frame);
    const batch = '[{"jsonrpc":"2.0","id":"b1","method":"ping"},{"jsonrpc":"2.0","id":"b2","method":"tools/list"},7]';
    await server.sendLine(batch);
    await expect.poll(() => server.nullIdResponses.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(cases.filter(([, , id]) => id === null).length + 1);
    for (const [frame, code, id] of cases) {
      if (id === null) {
        expect(server.nullIdResponses.some((r) => r.error?.code === code), frame).toBe(true);
        continue;
      }
      const response = await server.waitForResponse(id, 5_000);
      expect(response.error?.code, frame).toBe(code);
    }
    for (const id of ['b1', 'b2']) expect((await server.waitForResponse(id, 5_000)).error?.code).toBe(-32600);
    // A malformed notification is never answered (JSON-RPC §4.1), and the session goes on.
    await server.sendLine('{"jsonrpc":"2.0","method":"notifications/cancelled","params":"x"}');
    expect((await server.request('tools/list')).result).toBeDefined();
    expect(server.badLines).toEqual([]);
    expect(server.exitStatus).toBeUndefined();
    expect(await server.close()).toEqual({ code: 0, signal: null });
  });

  it('answers a line over the frame limit with -32600 for its id, without reading it, and keeps serving', async () => {
    const server = await startRawServer({ dataDir: tempDataDir(), client: 'raw-test' });
    // Before: the SDK's transport closed on a 10 MiB line and the process stayed alive but deaf.
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 'huge', method: 'tools/call', params: { name: 'list_research_projects', arguments: { cursor: 'x'.repeat(11 * 1024 * 1024) } } });
    await server.sendLine(huge);
    const refused = await server.waitForResponse('huge', 15_000);
    expect(refused.error?.code).toBe(-32600);
    expect(refused.error?.message).toMatch(/at most 4,194,304 are accepted/);
    const ping = await server.request('ping', undefined, 5_000);
    expect(ping.result).toEqual({});
    expect(server.badLines).toEqual([]);
    expect(await server.close()).toEqual({ code: 0, signal: null });
  });

  it('refuses an invalid --client with a clear message on stderr and exit code 2', async () => {
    assertServerBuilt();
    const dataDir = tempDataDir();
    const child = spawn(process.execPath, [SERVER_ENTRY, '--client', 'Bad Client!', '--data-dir', dataDir], { env: { ...process.env, ...(await databaseEnvFor(dataDir)) } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(/Invalid --client "Bad Client!"/);
  });
});
