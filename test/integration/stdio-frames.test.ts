// Raw frames on the server's stdin: malformed lines must not kill it, stdout carries only JSON-RPC.
// (test/integration/fuzz.test.ts does the same at scale, with seeded random frames.)
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { SERVER_ENTRY, assertServerBuilt, tempDataDir } from '../support/server.js';
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
    for (const line of server.lines) expect((JSON.parse(line) as { jsonrpc: string }).jsonrpc).toBe('2.0');
    expect(await server.close()).toEqual({ code: 0, signal: null });
  });

  it('ends the session, without hanging, on a line over the stdio transport\'s 10 MiB limit', async () => {
    const server = await startRawServer({ dataDir: tempDataDir(), client: 'raw-test' });
    // The SDK's StdioServerTransport refuses to buffer more than 10 MiB of one line and closes the
    // connection; the request is never answered, the process exits and the client sees the pipe close.
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 'huge', method: 'tools/call', params: { name: 'list_research_projects', arguments: { cursor: 'x'.repeat(11 * 1024 * 1024) } } });
    await server.sendLine(huge);
    await expect(server.waitForResponse('huge', 15_000)).rejects.toThrow(/exited/);
    expect(server.exitStatus).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toMatch(/exceeded maximum size/);
  });

  it('refuses an invalid --client with a clear message on stderr and exit code 2', async () => {
    assertServerBuilt();
    const child = spawn(process.execPath, [SERVER_ENTRY, '--client', 'Bad Client!', '--data-dir', tempDataDir()]);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(/Invalid --client "Bad Client!"/);
  });
});
