// Cold start: how long an assistant waits from spawning the server until it can use it. Two
// moments, both timed from the spawn: the MCP `initialize` result (the handshake) and the result
// of the first `tools/list` that follows it (when the assistant knows the tools and can call one).
// This is what a scientist feels when an assistant (re)starts its tools. On either engine: the
// server opens (and on a new database migrates) its store before it answers `initialize`, so on
// PostgreSQL the first answer includes connecting to the database (issue 30: ≤ 1.5× SQLite's).
import os from 'node:os';
import { BENCH_ENGINES, ENGINE_NAMES, folderStore, type BenchEngine } from './engineStore.js';
import type { BenchResult } from './result.js';
import { connectServer, tempDataDir } from './server.js';
import { summarize } from './stats.js';

export interface ColdStartOptions {
  repetitions: number;
  /** true: every start creates a new database (first run); false: starts on an existing one (every later run). */
  freshDatabase: boolean;
  /** Where the store lives: the SQLite file in the data folder (the default) or a PostgreSQL database. */
  engine?: BenchEngine;
}

interface Folder {
  dir: string;
  env: Record<string, string>;
  dispose(): Promise<void>;
}

/** A new data folder with its store (on PostgreSQL a new, empty database: made here, untimed). */
async function newFolder(engine: BenchEngine): Promise<Folder> {
  const dataDir = await tempDataDir('cold');
  const store = await folderStore(engine, dataDir.dir, 'cold');
  return {
    dir: dataDir.dir,
    env: store.env,
    dispose: async () => {
      await store.dispose();
      await dataDir.dispose();
    },
  };
}

interface StartSamples {
  toInitialize: bigint[];
  toToolList: bigint[];
}

/**
 * `repetitions` starts on each engine, the engines alternating start by start (and which goes
 * first alternating too), so that other load on the machine falls on each alike.
 */
async function startSamples(engines: readonly BenchEngine[], options: Omit<ColdStartOptions, 'engine'>): Promise<Map<BenchEngine, StartSamples>> {
  const samples = new Map(engines.map((engine) => [engine, { toInitialize: [] as bigint[], toToolList: [] as bigint[] }]));
  const shared = new Map<BenchEngine, Folder>();
  try {
    if (!options.freshDatabase) {
      for (const engine of engines) {
        const folder = await newFolder(engine);
        shared.set(engine, folder);
        // The first start creates and migrates the database; it is not what this row measures.
        const primer = await connectServer(folder.dir, undefined, folder.env);
        await primer.close();
      }
    }
    for (let i = 0; i < options.repetitions; i++) {
      for (const engine of i % 2 === 0 ? engines : [...engines].reverse()) {
        const folder = shared.get(engine) ?? (await newFolder(engine));
        try {
          const into = samples.get(engine) as StartSamples;
          const spawned = process.hrtime.bigint();
          const server = await connectServer(folder.dir, undefined, folder.env);
          into.toInitialize.push(process.hrtime.bigint() - spawned);
          try {
            const { tools } = await server.client.listTools();
            into.toToolList.push(process.hrtime.bigint() - spawned);
            if (tools.length === 0) throw new Error(`tools/list returned no tools\n${server.stderrTail()}`);
          } finally {
            await server.close();
          }
        } finally {
          if (!shared.has(engine)) await folder.dispose();
        }
      }
    }
  } finally {
    for (const folder of shared.values()) await folder.dispose();
  }
  return samples;
}

export async function benchColdStart(options: ColdStartOptions): Promise<{ results: BenchResult[]; appendix: string }> {
  const engine = options.engine ?? 'sqlite';
  const { toInitialize, toToolList } = (await startSamples([engine], options)).get(engine) as StartSamples;
  const database = options.freshDatabase ? 'each start creates and migrates the database' : 'existing database';
  const suffix = `${options.freshDatabase ? ', new database' : ''}${engine === 'sqlite' ? '' : `, ${ENGINE_NAMES[engine]}`}`;
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

const TARGET_RATIO = 1.5;

/** Startup to first answer on PostgreSQL against SQLite, on an existing and on a new database, the engines alternating. */
export async function benchEngineColdStart(options: { repetitions: number } = { repetitions: 20 }): Promise<{ results: BenchResult[]; appendix: string }> {
  const loadBefore = os.loadavg();
  const results: BenchResult[] = [];
  const rows: string[] = [];
  for (const freshDatabase of [false, true]) {
    const samples = await startSamples(BENCH_ENGINES, { repetitions: options.repetitions, freshDatabase });
    const database = freshDatabase ? 'new database (created, untimed, before the spawn; the server migrates it)' : 'existing database';
    for (const [moment, pick] of [['initialize result', (s: StartSamples) => s.toInitialize], ['first tools/list result', (s: StartSamples) => s.toToolList]] as const) {
      const [lite, pg] = BENCH_ENGINES.map((engine) => summarize(pick(samples.get(engine) as StartSamples)));
      if (lite === undefined || pg === undefined) continue;
      for (const [engine, summary] of [['sqlite', lite], ['postgres', pg]] as const) {
        results.push({ name: `Cold start to ${moment}, ${freshDatabase ? 'new' : 'existing'} database (${ENGINE_NAMES[engine]})`, detail: `spawn → ${moment}; ${database} (${options.repetitions} runs, engines alternating)`, summary, reported: ['p50', 'p95', 'max'] });
      }
      const ratio = pg.p50 / lite.p50;
      rows.push(`| ${moment} | ${database} | ${lite.p50.toFixed(0)} / ${lite.p95.toFixed(0)} | ${pg.p50.toFixed(0)} / ${pg.p95.toFixed(0)} | ${ratio.toFixed(2)}× — ${ratio <= TARGET_RATIO ? 'met' : '**missed**'} |`);
    }
  }
  const appendix = [
    '### Startup to first answer, PostgreSQL vs SQLite (bench/cold-start.ts, benchEngineColdStart)',
    '',
    `Target: PostgreSQL p50 ≤ ${TARGET_RATIO}× SQLite's. ${options.repetitions} starts per engine and database state, the engines alternating start by start. The server opens its store (on PostgreSQL: a pool, its first connection, the schema check under the migrator's lock) before it answers initialize. ${os.cpus().length} cores; load average before ${loadBefore.map((v) => v.toFixed(2)).join(' / ')}, after ${os.loadavg().map((v) => v.toFixed(2)).join(' / ')}.`,
    '',
    '| Answer | Database | SQLite p50 / p95 (ms) | PostgreSQL p50 / p95 (ms) | PostgreSQL / SQLite p50 |',
    '| --- | --- | ---: | ---: | --- |',
    ...rows,
    '',
  ].join('\n');
  return { results, appendix };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [repetitions] = process.argv.slice(2).map(Number);
  benchEngineColdStart({ repetitions: repetitions || 20 })
    .then(({ appendix }) => process.stdout.write(`${appendix}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    });
}
