// The host's own stdio transport (src-main/host/desktopStdioTransport.ts) under the SDK Client,
// against the BUILT server: an unparsed request's answer is the server's line as it wrote it, every
// other message reaches the Client as before; an answer over the frame limit fails its own
// request with the reason and the link goes on; a malformed answer (from a scripted peer, as the
// real server never writes one) fails its request as not valid JSON.
import { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesktopStdioTransport, UnreadableAnswerError } from '../../../src-main/host/desktopStdioTransport.js';
import { spanValue } from '../../../src-main/host/jsonMembers.js';
import { loadSeeder } from '../../../bench/leaderboard.js';
import { SERVER_ENTRY, assertServerBuilt, serverEnvFor, tempDataDir } from '../../support/server.js';

const HYPOTHESES = 1_100;
let dataDir: string;
let researchId: string;

beforeAll(async () => {
  assertServerBuilt();
  dataDir = tempDataDir('cosci-desktop-transport');
  const { seedTournament } = await loadSeeder();
  researchId = (await seedTournament(dataDir, { hypotheses: HYPOTHESES, rounds: 2, seed: 5 })).projectId;
}, 120_000);

async function connect(options: { maxFrameBytes?: number; era?: 'modern' } = {}): Promise<{ client: Client; transport: DesktopStdioTransport }> {
  const transport = new DesktopStdioTransport(
    { command: process.execPath, args: [SERVER_ENTRY, '--data-dir', dataDir, '--client', 'desktop'], env: serverEnvFor('desktop', dataDir) },
    options,
  );
  transport.stderr.on('data', () => undefined);
  const client = new Client(
    { name: 'co-scientist-desktop-test', version: '1.0.0' },
    options.era === 'modern' ? { capabilities: {}, versionNegotiation: { mode: { pin: '2026-07-28' } } } : { capabilities: {} },
  );
  await client.connect(transport);
  return { client, transport };
}

const pageArgs = (limit: number) => ({ research_id: researchId, limit, format: 'columns', summary_chars: 120 });

describe('DesktopStdioTransport against the built server', () => {
  let link: Awaited<ReturnType<typeof connect>>;
  beforeAll(async () => {
    link = await connect();
  });
  afterAll(async () => {
    await link.client.close();
  });

  it("hands an unparsed request the server's line: the same result the SDK Client parses, written as the server wrote it", async () => {
    const answer = await link.transport.requestUnparsed('tools/call', { name: 'get_leaderboard', arguments: pageArgs(1000) });
    const parsedBySdk = await link.client.callTool({ name: 'get_leaderboard', arguments: pageArgs(1000) });
    const structured = answer.members.objects.get('result')?.spans.get('structuredContent');
    expect(structured).toBeDefined();
    if (structured === undefined) return;
    // The server writes exactly JSON.stringify of its message (src-mcp/runtime/frameEncoding.ts).
    expect(answer.bytes.toString('utf8', structured.start, structured.end)).toBe(JSON.stringify(parsedBySdk.structuredContent));
    expect((spanValue(answer.bytes, structured) as { columns: { id: string[] } }).columns.id).toHaveLength(1000);
    // The page's own members are read in the same pass.
    expect([...(answer.members.objects.get('result')?.objects.get('structuredContent')?.spans.keys() ?? [])]).toContain('next_cursor');
  });

  it('keeps the SDK Client working alongside unparsed requests in flight', async () => {
    const [text, listed, parsed] = await Promise.all([
      link.transport.requestUnparsed('tools/call', { name: 'get_leaderboard', arguments: pageArgs(500) }),
      link.client.listTools(),
      link.client.callTool({ name: 'get_leaderboard', arguments: pageArgs(50) }),
    ]);
    expect(text.bytes.length).toBeGreaterThan(10_000);
    expect(listed.tools.map((tool) => tool.name)).toContain('get_leaderboard');
    expect((parsed.structuredContent as { columns: { id: string[] } }).columns.id).toHaveLength(50);
  });
});

describe('in the 2026 protocol era', () => {
  it('answers an unparsed request as it does in the 2025 era the host negotiates today', async () => {
    const { client, transport } = await connect({ era: 'modern' });
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const answer = await transport.requestUnparsed('tools/call', { name: 'get_leaderboard', arguments: pageArgs(50) });
      const structured = answer.members.objects.get('result')?.spans.get('structuredContent');
      expect(structured === undefined ? undefined : (spanValue(answer.bytes, structured) as { total: number }).total).toBe(HYPOTHESES);
    } finally {
      await client.close();
    }
  });
});

describe('an answer over the frame limit', () => {
  it('fails its own request with the reason, answers an SDK request with it too, and the link goes on', async () => {
    const { client, transport } = await connect({ maxFrameBytes: 64 * 1024 });
    try {
      const refused = transport.requestUnparsed('tools/call', { name: 'get_leaderboard', arguments: pageArgs(1000) });
      await expect(refused).rejects.toBeInstanceOf(UnreadableAnswerError);
      await expect(refused).rejects.toThrow(/answer to tools\/call was refused: a \d+-byte answer, over the 65536-byte limit/);
      await expect(client.callTool({ name: 'get_leaderboard', arguments: pageArgs(1000) })).rejects.toThrow(/over the 65536-byte limit/);
      const small = await transport.requestUnparsed('tools/call', { name: 'get_leaderboard', arguments: pageArgs(20) });
      expect(small.members.spans.has('result')).toBe(true);
      const viaSdk = await client.callTool({ name: 'get_leaderboard', arguments: pageArgs(20) });
      expect((viaSdk.structuredContent as { total: number }).total).toBe(HYPOTHESES);
    } finally {
      await client.close();
    }
  });
});

describe('a malformed answer', () => {
  // A peer that answers every request with `reply(id)` (the real server never writes broken JSON).
  const scriptedPeer = (reply: string) =>
    new DesktopStdioTransport({
      command: process.execPath,
      args: ['-e', `require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => { const id = JSON.parse(line).id; process.stdout.write(${reply} + '\\n'); });`],
      env: {},
    });

  it('fails the unparsed request it answers as not valid JSON, naming where', async () => {
    const transport = scriptedPeer('\'{"jsonrpc":"2.0","id":\' + JSON.stringify(id) + \',"result":{"structuredContent":{"rows":[1,2}}}\'');
    await transport.start();
    try {
      const answer = transport.requestUnparsed('tools/call', { name: 'get_leaderboard', arguments: {} });
      await expect(answer).rejects.toBeInstanceOf(UnreadableAnswerError);
      await expect(answer).rejects.toThrow(/answer to tools\/call is not valid JSON \(mismatched bracket at byte \d+\)/);
    } finally {
      await transport.close();
    }
  });

  it('fails an unparsed request with the link when the peer exits without answering', async () => {
    const transport = new DesktopStdioTransport({ command: process.execPath, args: ['-e', 'process.stdin.once("data", () => process.exit(0))'], env: {} });
    await transport.start();
    await expect(transport.requestUnparsed('tools/call', { name: 'get_leaderboard', arguments: {} })).rejects.toThrow(/closed its connection/);
    await transport.close();
  });
});
