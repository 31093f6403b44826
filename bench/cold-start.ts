// Cold start: how long an assistant waits from spawning the server until the MCP `initialize`
// result arrives. This is what a scientist feels when an assistant (re)starts its tools.
import type { BenchResult } from './result.js';
import { connectServer, tempDataDir } from './server.js';
import { summarize, timed } from './stats.js';

export interface ColdStartOptions {
  repetitions: number;
  /** true: every start creates a new database (first run); false: starts on an existing one (every later run). */
  freshDatabase: boolean;
}

export async function benchColdStart(options: ColdStartOptions): Promise<BenchResult> {
  const samples: bigint[] = [];
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
        const { value: server, ns } = await timed(() => connectServer(dataDir.dir));
        samples.push(ns);
        await server.close();
      } finally {
        if (!shared) await dataDir.dispose();
      }
    }
  } finally {
    await shared?.dispose();
  }
  return {
    name: options.freshDatabase ? 'Cold start, new database' : 'Cold start',
    detail: options.freshDatabase
      ? `spawn → initialize result; each start creates and migrates the database (${options.repetitions} runs)`
      : `spawn → initialize result on an existing database (${options.repetitions} runs)`,
    summary: summarize(samples),
    reported: ['p50', 'p95', 'max'],
  };
}
