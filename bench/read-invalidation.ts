// What another process's commit costs a reader (issue 17, concurrent readers): SQLite in WAL mode
// drops a connection's whole page cache when it begins a read and finds that another connection
// committed since its last one, so each read-audit flush of one server (mcp/audit/readAudit.ts) makes the
// next call of every other server read its pages again. One thread, two connections to one real
// database file: connection A answers the benchmark's two reads (the project's status, a page of 20
// hypotheses) back to back while connection B commits one audit row every `every` calls (never, 10,
// 1), in alternating blocks; only A's calls are timed. At 4 servers × 10 flushes/s and ~300 calls/s
// per server, a server meets another's commit about once in 10 calls.
// Run: `npm run build:node && node --import tsx bench/read-invalidation.ts [calls per block] [blocks]`.
import fs from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { connectServer, tempDataDir } from '../test/support/server.js';
import type { Db } from '../src-mcp/store/database.js';
import { median } from './stats.js';

// The store's migrations are .sql files imported as text (the build's esbuild loader, vitest's
// plugin); tsx alone cannot load them, so this script does, before it imports the store.
registerHooks({
  load(url, context, nextLoad) {
    if (!url.endsWith('.sql')) return nextLoad(url, context);
    return { format: 'module', source: `export default ${JSON.stringify(fs.readFileSync(fileURLToPath(url), 'utf8'))};`, shortCircuit: true };
  },
});
const { closeDatabase, openDatabase } = await import('../src-mcp/store/database.js');
const { tryAppendAuditRows } = await import('../src-mcp/store/audit.js');
const { projectStatus } = await import('../src-mcp/engine/projects.js');
const { listHypotheses } = await import('../src-mcp/engine/hypotheses.js');

const EVERY = [Infinity, 10, 1] as const;

async function block(reader: Db, writer: Db, projectId: string, calls: number, every: number): Promise<number> {
  let timedNs = 0n;
  for (let i = 0; i < calls; i += 1) {
    if (i % every === 0 && every !== Infinity) {
      const entry = { at: new Date().toISOString(), clientId: 'bench-other', action: 'tool:get_research_status', target: projectId, arguments: '{}', outcome: 'success' as const, errorCode: null, durationMs: 0.1 };
      if (!(await tryAppendAuditRows(writer, [entry]))) throw new Error('the other connection could not append its row');
    }
    const start = process.hrtime.bigint();
    if (i % 2 === 0) await projectStatus(reader, projectId, 1);
    else await listHypotheses(reader, { projectId, limit: 20 });
    timedNs += process.hrtime.bigint() - start;
  }
  return Number(timedNs) / calls / 1000;
}

async function main(calls: number, blocks: number): Promise<void> {
  const dir = tempDataDir('cosci-bench-invalidation');
  try {
    const setup = await connectServer({ dataDir: dir, client: 'desktop' });
    let projectId: string;
    try {
      const started = await setup.client.callTool({ name: 'start_research', arguments: { goal: 'Find novel therapeutic targets for liver fibrosis (invalidation benchmark)' } });
      projectId = (started.structuredContent as { research_id: string }).research_id;
    } finally {
      await setup.close();
    }
    const reader = await openDatabase(dir);
    const writer = await openDatabase(dir);
    try {
      const perCall = new Map<number, number[]>(EVERY.map((every) => [every, []]));
      await block(reader, writer, projectId, calls, Infinity);
      for (let b = 0; b < blocks; b += 1) for (const every of EVERY) perCall.get(every)?.push(await block(reader, writer, projectId, calls, every));
      const alone = median(perCall.get(Infinity) ?? []);
      process.stdout.write(`${blocks} alternating blocks of ${calls} calls; µs per call of the reading connection (median of blocks):\n`);
      for (const every of EVERY) {
        const us = median(perCall.get(every) ?? []);
        process.stdout.write(`- another connection commits ${every === Infinity ? 'never' : `before every ${every === 1 ? '' : `${every}th `}call`}: ${us.toFixed(1)} µs (${(us / alone).toFixed(2)}×)\n`);
      }
    } finally {
      await closeDatabase(reader);
      await closeDatabase(writer);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const [calls, blocks] = process.argv.slice(2).map(Number);
main(calls || 2000, blocks || 7).catch((error: unknown) => {
  process.stderr.write(`bench: ${String(error)}\n`);
  process.exitCode = 1;
});
