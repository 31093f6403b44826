// Cold start: how long an assistant waits from spawning the server until it can use it. Two
// moments, both timed from the spawn: the MCP `initialize` result (the handshake) and the result
// of the first `tools/list` that follows it (when the assistant knows the tools and can call one).
// This is what a scientist feels when an assistant (re)starts its tools.
import type { BenchResult } from './result.js';
import { connectServer, tempDataDir } from './server.js';
import { summarize } from './stats.js';

export interface ColdStartOptions {
  repetitions: number;
  /** true: every start creates a new database (first run); false: starts on an existing one (every later run). */
  freshDatabase: boolean;
}

export async function benchColdStart(options: ColdStartOptions): Promise<{ results: BenchResult[]; appendix: string }> {
  const toInitialize: bigint[] = [];
  const toToolList: bigint[] = [];
  const shared = options.freshDatabase ? null : await tempDataDir('cold');
  try {
    if (shared) {
      // The first start creates and migrates the database; it is not what this row measures.
      const primer = await connectServer(shared.dir);
      await primer.close();
    }
    for (let i = 0; i < options.repetitions; i++) {
      const dataDir = shared ?? (await tempDataDir('cold-fresh'));
      try {
        const spawned = process.hrtime.bigint();
        const server = await connectServer(dataDir.dir);
        toInitialize.push(process.hrtime.bigint() - spawned);
        try {
          const { tools } = await server.client.listTools();
          toToolList.push(process.hrtime.bigint() - spawned);
          if (tools.length === 0) throw new Error(`tools/list returned no tools\n${server.stderrTail()}`);
        } finally {
          await server.close();
        }
      } finally {
        if (!shared) await dataDir.dispose();
      }
    }
  } finally {
    await shared?.dispose();
  }
  const database = options.freshDatabase ? 'each start creates and migrates the database' : 'existing database';
  const suffix = options.freshDatabase ? ', new database' : '';
  return {
    results: [
      {
        name: `Cold start${suffix}`,
        detail: `spawn → initialize result; ${database} (${options.repetitions} runs)`,
        summary: summarize(toInitialize),
        reported: ['p50', 'p95', 'max'],
      },
      {
        name: `Cold start to tools/list${suffix}`,
        detail: `spawn → result of the first tools/list after initialize; ${database} (${options.repetitions} runs)`,
        summary: summarize(toToolList),
        reported: ['p50', 'p95', 'max'],
      },
    ],
    appendix: '',
  };
}
