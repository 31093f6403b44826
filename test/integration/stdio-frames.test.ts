// Raw frames on the server's stdin: malformed lines must not kill it, stdout carries only JSON-RPC.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { SERVER_ENTRY, assertServerBuilt, tempDataDir, waitFor } from '../support/server.js';

function startRaw(dataDir: string) {
  assertServerBuilt();
  const child = spawn(process.execPath, [SERVER_ENTRY, '--client', 'raw-test', '--data-dir', dataDir], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      lines.push(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
    }
  });
  const send = (line: string): void => {
    child.stdin.write(`${line}\n`);
  };
  const responseTo = (id: number) => lines.map((line) => JSON.parse(line) as { id?: number }).find((message) => message.id === id);
  return { child, lines, send, responseTo };
}

describe('server stdin robustness', () => {
  it('survives malformed lines and keeps answering; stdout holds only JSON-RPC frames', async () => {
    const server = startRaw(tempDataDir());
    server.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }));
    await waitFor(() => server.responseTo(1) !== undefined, 10_000, 'initialize result');
    server.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    for (const garbage of ['this is not json', '{"jsonrpc":"2.0","id":', '[]', '{"jsonrpc":"1.0","id":7,"method":"tools/list"}', '\u0000\u0001', '{}']) {
      server.send(garbage);
    }
    server.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    await waitFor(() => server.responseTo(2) !== undefined, 10_000, 'tools/list after garbage');
    expect(server.child.exitCode).toBeNull();
    const tools = (server.responseTo(2) as { result: { tools: Array<{ name: string }> } }).result.tools;
    expect(tools.map((tool) => tool.name)).toContain('start_research');
    for (const line of server.lines) {
      expect(() => JSON.parse(line), line).not.toThrow();
      expect((JSON.parse(line) as { jsonrpc: string }).jsonrpc).toBe('2.0');
    }
    server.child.stdin.end();
    await new Promise((resolve) => server.child.once('exit', resolve));
    expect(server.child.exitCode).toBe(0);
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
