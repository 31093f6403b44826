// Why a page's p99 over stdio is several times its p50 (issue 17): what survives each young-
// generation GC. V8 reports every scavenge (--trace-gc-nvp); a call's objects should be dead by the
// next one, so what survives is what the scavenge has to copy, and its pause grows with it.
// Each case runs in a child process of its own:
//   - zod-failures: 150,000 failing zod safeParses (what the MCP SDK does twice per request);
//   - sdk-tools-call: the MCP SDK server answering 20,000 tools/call requests with a 50-row page,
//     in process over a transport that hands each response straight back;
//   - sdk-handler-direct: the same handler put in the SDK's handler table directly, past the
//     SDK's own tools/call wrapper (its request and result validation): for comparison only.
//   node --import tsx bench/scavenge-survivors.ts
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { scavengeStats } from '../test/support/gcTrace.js';

type Case = 'zod-failures' | 'sdk-tools-call' | 'sdk-handler-direct';
const CASES: readonly Case[] = ['zod-failures', 'sdk-tools-call', 'sdk-handler-direct'];

function failingParses(): void {
  const response = z.object({ jsonrpc: z.literal('2.0'), id: z.union([z.string(), z.number()]), result: z.record(z.string(), z.unknown()) }).strict();
  for (let i = 0; i < 150_000; i += 1) {
    const request: unknown = JSON.parse(`{"jsonrpc":"2.0","id":${i},"method":"tools/call","params":{"name":"get_leaderboard"}}`);
    if (response.safeParse(request).success) throw new Error('a request parsed as a response');
  }
}

const page = async (): Promise<{ content: Array<{ type: 'text'; text: string }>; structuredContent: Record<string, unknown> }> => ({
  content: [{ type: 'text', text: 'One page of the leaderboard.' }],
  structuredContent: {
    total: 10_000,
    rows: Array.from({ length: 50 }, (_, i) => ({ id: `hyp_${i}`, seq: i, rank: i + 1, summary: `A hypothesis of about a line, number ${i}.`, elo: 1200 + i, parents: [], movement: null })),
  },
});

async function toolCalls(direct: boolean): Promise<void> {
  const mcp = new McpServer({ name: 'bench', version: '1' }, { capabilities: { tools: {} } });
  mcp.server.setRequestHandler('tools/call', page);
  // The comparison case reaches past the SDK's public API on purpose: it isolates the wrapper.
  if (direct) (mcp.server as unknown as { _requestHandlers: Map<string, unknown> })._requestHandlers.set('tools/call', page);
  let answer: ((message: unknown) => void) | undefined;
  const transport = {
    onmessage: undefined as ((message: unknown) => void) | undefined,
    start: async () => undefined,
    close: async () => undefined,
    send: async (message: { id?: unknown }) => {
      if (message.id !== undefined) answer?.(message);
    },
  };
  await mcp.connect(transport as never);
  const request = (id: number, method: string, params: Record<string, unknown>): Promise<unknown> =>
    new Promise((resolve) => {
      answer = resolve;
      transport.onmessage?.({ jsonrpc: '2.0', id, method, params });
    });
  await request(0, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } });
  transport.onmessage?.({ jsonrpc: '2.0', method: 'notifications/initialized' });
  for (let id = 1; id <= 20_000; id += 1) await request(id, 'tools/call', { name: 'page', arguments: {} });
}

const [role, which] = process.argv.slice(2);
if (role === 'child') {
  if (which === 'zod-failures') failingParses();
  else await toolCalls(which === 'sdk-handler-direct');
} else {
  const self = fileURLToPath(import.meta.url);
  process.stdout.write('| case | scavenges | survived per scavenge | mean pause |\n| --- | ---: | ---: | ---: |\n');
  for (const name of CASES) {
    const trace = execFileSync(process.execPath, ['--trace-gc', '--trace-gc-nvp', '--import', 'tsx', self, 'child', name], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const { scavenges, meanSurvivedBytes, meanPauseMs } = scavengeStats(trace);
    process.stdout.write(`| ${name} | ${scavenges} | ${(meanSurvivedBytes / 1e6).toFixed(2)} MB | ${meanPauseMs.toFixed(2)} ms |\n`);
  }
}
