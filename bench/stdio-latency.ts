// Tool-call latency over real stdio: one server, one project, `get_research_status` called
// back to back (one call in flight). Covers the JSON-RPC round trip, the scope check, the
// database read and the audit-log write that every call makes.
import type { BenchResult } from './result.js';
import { connectServer, tempDataDir, type ConnectedServer } from './server.js';
import { summarize, timed } from './stats.js';

export interface ToolLatencyOptions {
  warmup: number;
  calls: number;
}

export async function benchToolLatency(options: ToolLatencyOptions): Promise<BenchResult> {
  const dataDir = await tempDataDir('latency');
  try {
    const server = await connectServer(dataDir.dir);
    try {
      const researchId = await startProject(server);
      const call = () => getStatus(server, researchId);
      for (let i = 0; i < options.warmup; i++) await call();
      const samples: bigint[] = [];
      for (let i = 0; i < options.calls; i++) samples.push((await timed(call)).ns);
      return {
        name: 'Tool call latency',
        detail: `get_research_status over stdio, ${options.calls} sequential calls after ${options.warmup} warm-up`,
        summary: summarize(samples),
        reported: ['p50', 'p95', 'p99', 'max'],
      };
    } finally {
      await server.close();
    }
  } finally {
    await dataDir.dispose();
  }
}

async function startProject(server: ConnectedServer): Promise<string> {
  const result = await server.client.callTool({
    name: 'start_research',
    arguments: { goal: 'Benchmark: why do some bacteria survive antibiotic exposure without resistance genes?' },
  });
  const id = (result.structuredContent as { research_id?: unknown } | undefined)?.research_id;
  if (result.isError || typeof id !== 'string') {
    throw new Error(`start_research failed: ${JSON.stringify(result.content)}\n${server.stderrTail()}`);
  }
  return id;
}

async function getStatus(server: ConnectedServer, researchId: string): Promise<void> {
  const result = await server.client.callTool({ name: 'get_research_status', arguments: { research_id: researchId } });
  // A refused or failed call (e.g. a rate limit) would make the numbers meaningless: stop instead.
  if (result.isError) throw new Error(`get_research_status failed: ${JSON.stringify(result.content)}`);
}
