// Where the processes of a status call run, and what that does to PostgreSQL's get_research_status
// against SQLite's (issue 30; docs/benchmarks.md, *Where the processes run*). A call on PostgreSQL
// passes client → server → backend → server → backend → server → client, one on SQLite client →
// server → client. On a machine with fewer cores than processes the scheduler decides which of
// them share a core, and a hand-off on one core waits for the sender to block, where on two cores
// the receiver starts at once. This pins the client (this process), each engine's server and the
// server's PostgreSQL backends with taskset, in turn, and times the status over stdio; the layouts
// are interleaved in rounds so that other load falls on all of them.
// A diagnosis beside bench/engine-reads.ts, not the measure of the target: that one leaves the
// scheduler free, as a server is run.
//   npm run build:node && node --import tsx bench/engine-placement.ts [rounds] [calls per series]
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { DESKTOP_CLIENT } from '../src-mcp/mcp/access/identity.js';
import { scalars } from '../src-mcp/store/sql.js';
import { connectServer, type ConnectedServer } from '../test/support/server.js';
import { BENCH_ENGINES, type BenchEngine } from './engineStore.js';
import { ENGINE_READS_DEFAULTS, TARGET_RATIO } from './engine-reads.js';
import { call, series } from './pages.js';
import { seedLargeProject, type SeededData } from './seed.js';
import { median, summarize } from './stats.js';

/** Which cores each process may run on: the benchmark's client, both engines' servers, PostgreSQL's backends. */
interface Layout {
  name: string;
  client: string;
  server: string;
  backend: string;
}

/** Every way to place three processes on two cores (and the scheduler's own choice, first). */
const LAYOUTS: readonly Layout[] = [
  { name: 'free (the scheduler places them)', client: '0,1', server: '0,1', backend: '0,1' },
  { name: 'all on one core', client: '0', server: '0', backend: '0' },
  { name: 'the server alone on a core', client: '0', server: '1', backend: '0' },
  { name: 'the backend alone on a core', client: '0', server: '0', backend: '1' },
  { name: 'the client alone on a core', client: '1', server: '0', backend: '0' },
];

/** The lab-scale project engine-reads.ts measures first, seeded the same way. */
const LAB_SCALE = ENGINE_READS_DEFAULTS.sizes[0] as { hypotheses: number; matches: number };
/** The backends of the database's other connections: the server's pool and its change listener (the benchmark's own handle holds one connection). */
const SERVER_BACKENDS = "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()";
const WARM_UP_CALLS = 2_000;
/** Untimed calls after each re-pinning, so that a series starts in its layout. */
const SETTLE_CALLS = 100;

export interface PlacementOptions {
  rounds: number;
  calls: number;
}

/** Pins every thread of `pid` (-a) to `cpus`. */
function pin(pid: number, cpus: string): void {
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
}

function assertCanPin(): void {
  if (os.cpus().length < 2) throw new Error('bench: engine-placement needs at least 2 cores.');
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
  } catch {
    throw new Error('bench: engine-placement needs taskset (util-linux) on Linux.');
  }
}

function serverPid(server: ConnectedServer): number {
  const pid = server.transport.pid;
  if (pid === null) throw new Error('bench: a server has no process id.');
  return pid;
}

export async function benchEnginePlacement(options: PlacementOptions): Promise<string> {
  assertCanPin();
  const loadBefore = os.loadavg();
  const seeded = new Map<BenchEngine, SeededData>();
  const servers = new Map<BenchEngine, ConnectedServer>();
  const pinned: number[] = [process.pid];
  const ratios = new Map<string, Array<{ postgres: number; sqlite: number }>>(LAYOUTS.map((layout) => [layout.name, []]));
  try {
    for (const engine of BENCH_ENGINES) {
      process.stderr.write(`bench:   seeding ${LAB_SCALE.hypotheses.toLocaleString('en')} hypotheses on ${engine}\n`);
      const data = await seedLargeProject({ ...LAB_SCALE, otherProjects: 2, seed: ENGINE_READS_DEFAULTS.seed, engine });
      seeded.set(engine, data);
      servers.set(engine, await connectServer({ dataDir: data.dir, client: DESKTOP_CLIENT, env: data.store.env }));
    }
    const status = (engine: BenchEngine): Promise<unknown> =>
      call(servers.get(engine) as ConnectedServer, 'get_research_status', { research_id: (seeded.get(engine) as SeededData).researchId });
    // The server's pool opens its connections as calls need them: warm first, then find its backends.
    for (const engine of BENCH_ENGINES) for (let i = 0; i < WARM_UP_CALLS; i += 1) await status(engine);
    const postgresData = seeded.get('postgres') as SeededData;
    const handle = await postgresData.store.open();
    let backends: number[];
    try {
      backends = await scalars<number>(handle.db, SERVER_BACKENDS);
    } finally {
      await handle.close();
    }
    const serverPids = BENCH_ENGINES.map((engine) => serverPid(servers.get(engine) as ConnectedServer));
    pinned.push(...serverPids, ...backends);
    for (let round = 0; round < options.rounds; round += 1) {
      for (const layout of LAYOUTS) {
        pin(process.pid, layout.client);
        for (const pid of serverPids) pin(pid, layout.server);
        for (const pid of backends) pin(pid, layout.backend);
        const p50 = new Map<BenchEngine, number>();
        for (const engine of round % 2 === 0 ? BENCH_ENGINES : [...BENCH_ENGINES].reverse()) {
          for (let i = 0; i < SETTLE_CALLS; i += 1) await status(engine);
          p50.set(engine, summarize(await series(options.calls, () => status(engine))).p50);
        }
        ratios.get(layout.name)?.push({ postgres: p50.get('postgres') as number, sqlite: p50.get('sqlite') as number });
        process.stderr.write(`bench:   round ${round + 1}, ${layout.name}: PostgreSQL ${(p50.get('postgres') as number).toFixed(3)} ms, SQLite ${(p50.get('sqlite') as number).toFixed(3)} ms\n`);
      }
    }
  } finally {
    for (const pid of pinned) {
      try {
        pin(pid, `0-${os.cpus().length - 1}`);
      } catch {
        // The process is gone already.
      }
    }
    await Promise.all([...servers.values()].map((server) => server.close()));
    for (const data of seeded.values()) await data.dispose();
  }
  return reportOf(ratios, options, loadBefore);
}

function reportOf(byLayout: Map<string, Array<{ postgres: number; sqlite: number }>>, options: PlacementOptions, loadBefore: number[]): string {
  const rows = LAYOUTS.map((layout) => {
    const runs = byLayout.get(layout.name) ?? [];
    const ratios = runs.map((run) => run.postgres / run.sqlite);
    const under = ratios.filter((ratio) => ratio <= TARGET_RATIO).length;
    return `| ${layout.name} | ${median(runs.map((run) => run.sqlite)).toFixed(3)} | ${median(runs.map((run) => run.postgres)).toFixed(3)} | ${median(ratios).toFixed(2)}× | ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}× | ${under} of ${ratios.length} |`;
  });
  return [
    '### Where the processes run: get_research_status on PostgreSQL vs SQLite (bench/engine-placement.ts)',
    '',
    `${LAB_SCALE.hypotheses.toLocaleString('en')} hypotheses / ${LAB_SCALE.matches.toLocaleString('en')} matches, one desktop server per engine, one call in flight; the client (the benchmark), both servers and the PostgreSQL server's backends pinned with taskset as each row says, the layouts in turn in each of ${options.rounds} rounds, ${options.calls} timed calls per engine and series. Medians over the rounds of each series' p50 over stdio. Load average (1/5/15 min, ${os.cpus().length} cores) before: ${loadBefore.map((v) => v.toFixed(2)).join(' / ')}; after: ${os.loadavg().map((v) => v.toFixed(2)).join(' / ')}.`,
    '',
    `| Layout | SQLite p50 (ms) | PostgreSQL p50 (ms) | PostgreSQL / SQLite | Range over the rounds | Rounds ≤ ${TARGET_RATIO}× |`,
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [rounds, calls] = process.argv.slice(2).map(Number);
  benchEnginePlacement({ rounds: rounds || 6, calls: calls || 600 })
    .then((report) => process.stdout.write(`${report}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    });
}
