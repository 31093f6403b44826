// Large writes in one transaction on PostgreSQL against SQLite (issue 30): every hypothesis and
// match written updates the project's one project_counts row through the counting triggers, and
// on PostgreSQL a row updated many times in one transaction gets slower to update each time (each
// update walks the chain of the row's earlier versions), so a large load can grow quadratically.
// Three ways a project's rows arrive in bulk, at a few sizes to show the growth:
// - row at a time: N hypotheses and M matches through the store's named statements
//   (insertHypothesis, insertMatch), one statement per row, all in one write transaction;
// - multi-row statements (insertHypotheses, insertMatchLog: store/bulkInsert.ts), one transaction;
// - `co-scientist project export` from SQLite, then `co-scientist project import` of that file
//   into a fresh SQLite folder and a fresh PostgreSQL database (the CLI a scientist runs, in its
//   own process; the import writes the whole project in one transaction and verifies it).
// The import's verification compares the counts the triggers kept with the exported ones, so a
// PostgreSQL import that miscounted would fail here.
//
//   npm run build:node && node --import tsx bench/bulk-write.ts [hypotheses:matches ...] [--row-limit N]
//   (sizes default to 1000:10000 2000:20000 5000:50000; row at a time on PostgreSQL runs only up
//    to --row-limit hypotheses, 2000 by default: beyond, it runs for minutes)
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { insertHypotheses, insertHypothesis, type HypothesisRow } from '../src-mcp/store/hypotheses.js';
import { insertMatch, insertMatchLog, type MatchRow } from '../src-mcp/store/matches.js';
import { insertProject } from '../src-mcp/store/projects.js';
import { projectCounts } from '../src-mcp/store/projectCounts.js';
import { writeTransaction } from '../src-mcp/store/transactions.js';
import type { Db } from '../src-mcp/store/handle.js';
import { seededRandom } from '../test/support/seededRandom.js';
import { BENCH_ENGINES, ENGINE_NAMES, folderStore, type BenchEngine, type FolderStore } from './engineStore.js';
import type { BenchResult } from './result.js';
import { REPO_ROOT, tempDataDir } from './server.js';
import { summarize } from './stats.js';

const run = promisify(execFile);
const CLI = path.join(REPO_ROOT, 'bin', 'co-scientist.js');

export interface BulkWriteSize {
  hypotheses: number;
  matches: number;
}

export interface BulkWriteOptions {
  sizes: readonly BulkWriteSize[];
  /** Row at a time on PostgreSQL only up to this many hypotheses (see the header). */
  rowAtATimeLimit: number;
  seed: number;
}

export const BULK_WRITE_DEFAULTS: BulkWriteOptions = {
  sizes: [
    { hypotheses: 1_000, matches: 10_000 },
    { hypotheses: 2_000, matches: 20_000 },
    { hypotheses: 5_000, matches: 50_000 },
  ],
  rowAtATimeLimit: 2_000,
  seed: 20_261_129,
};

const PROJECT_ID = 'res_bulkwrite0001';

interface Folder {
  dir: string;
  store: FolderStore;
  dispose(): Promise<void>;
}

/** A data folder with an empty, migrated store on `engine` (`co-scientist db migrate`). */
async function migratedFolder(engine: BenchEngine): Promise<Folder> {
  const dataDir = await tempDataDir('bulk');
  const store = await folderStore(engine, dataDir.dir, 'bulk');
  await cli(['db', 'migrate', '--data-dir', dataDir.dir], store);
  return {
    dir: dataDir.dir,
    store,
    dispose: async () => {
      await store.dispose();
      await dataDir.dispose();
    },
  };
}

async function cli(args: readonly string[], store: FolderStore): Promise<string> {
  const { stdout } = await run(process.execPath, [CLI, ...args], { env: { ...process.env, ...store.env }, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** The project's rows: N hypotheses (one in ten pending, the rest competing) and M matches between them. */
function projectRows(size: BulkWriteSize, seed: number): { hypotheses: HypothesisRow[]; matches: MatchRow[] } {
  const random = seededRandom(seed);
  const at = (offset: number): string => new Date(Date.UTC(2026, 10, 1) + offset * 1000).toISOString();
  const ids = Array.from({ length: size.hypotheses }, (_, i) => `hyp_w${String(i).padStart(11, '0')}`);
  const hypotheses = ids.map((id, i): HypothesisRow => ({
    id, projectId: PROJECT_ID, seq: i + 1,
    summary: `H${i + 1}: inhibiting regulator R${i} in hepatic stellate cells reduces collagen deposition`,
    rationale: `Expression data implicate R${i} in stellate cell activation.`,
    experimentalProtocol: `Treat CCl4 mice with an R${i} inhibitor for eight weeks; quantify hydroxyproline.`,
    testablePredictions: [`Inhibiting R${i} lowers hydroxyproline by at least 30%.`], citations: [], assumptions: [],
    method: 'literature_based', origin: 'generated', status: i % 10 === 0 ? 'pending' : 'in_tournament', gate: 'approved', parents: [], iteration: 1,
    elo: 1400 - (800 * i) / size.hypotheses, btScore: null, ciLow: null, ciHigh: null, pTopK: null, rank: null,
    matchesPlayed: 0, wins: 0, nearDuplicateOf: null, safetyFlag: null, batchTaskId: null,
    createdBy: 'bench', reasoner: 'delegated:bench', createdAt: at(i), updatedAt: at(i),
  }));
  const matches = Array.from({ length: size.matches }, (_, m): MatchRow => {
    const a = Math.floor(random() * size.hypotheses);
    let b = Math.floor(random() * (size.hypotheses - 1));
    if (b >= a) b += 1;
    return {
      id: `mat_w${String(m).padStart(11, '0')}`, projectId: PROJECT_ID, firstId: ids[a] as string, secondId: ids[b] as string, winnerId: ids[Math.min(a, b)] as string,
      judge: 'model', confidence: 0.8, rationale: 'The winner proposes a more specific mechanism.', debate: [],
      taskId: null, pairId: null, createdBy: 'bench', createdAt: at(size.hypotheses + m), seq: m + 1,
    };
  });
  return { hypotheses, matches };
}

type Writer = 'row at a time, one transaction' | 'multi-row statements, one transaction';
const WRITERS: readonly Writer[] = ['row at a time, one transaction', 'multi-row statements, one transaction'];

/** The project and its rows in one write transaction, as `writer` says; returns its duration (ms). */
async function writeProject(db: Db, size: BulkWriteSize, seed: number, writer: Writer): Promise<number> {
  const { hypotheses, matches } = projectRows(size, seed);
  const at = hypotheses[0]?.createdAt ?? new Date().toISOString();
  const started = performance.now();
  await writeTransaction(db, async () => {
    await insertProject(db, {
      id: PROJECT_ID, goal: 'Bulk write benchmark: therapeutic targets for liver fibrosis', domain: 'biomedicine', domainInferred: false,
      status: 'active', hypothesisBudget: 100, progress: 0.5, createdBy: 'bench', createdAt: at, updatedAt: at,
    });
    if (writer === 'multi-row statements, one transaction') {
      await insertHypotheses(db, hypotheses);
      await insertMatchLog(db, matches);
      return;
    }
    for (const hypothesis of hypotheses) await insertHypothesis(db, hypothesis);
    // insertMatch reads the next seq itself, as the tournament does.
    for (const { seq: _seq, ...match } of matches) await insertMatch(db, match);
  });
  const elapsed = performance.now() - started;
  const counts = await projectCounts(db, PROJECT_ID);
  if (counts.total !== size.hypotheses || counts.matches !== size.matches) {
    throw new Error(`counts after the load: ${counts.total} hypotheses, ${counts.matches} matches; expected ${size.hypotheses}, ${size.matches}`);
  }
  return elapsed;
}

interface Row {
  size: BulkWriteSize;
  what: string;
  engine: BenchEngine;
  ms: number | undefined;
}

async function timedCli(args: readonly string[], store: FolderStore): Promise<number> {
  const started = performance.now();
  await cli(args, store);
  return performance.now() - started;
}

export async function benchBulkWrite(options: BulkWriteOptions = BULK_WRITE_DEFAULTS): Promise<{ results: BenchResult[]; appendix: string }> {
  const measured: Row[] = [];
  for (const size of options.sizes) {
    const label = `${size.hypotheses}:${size.matches}`;
    const folders: Folder[] = [];
    try {
      // Each writer on each engine; the SQLite store written with multi-row statements is also the export's source.
      let source: Folder | undefined;
      for (const writer of WRITERS) {
        for (const engine of BENCH_ENGINES) {
          if (writer === 'row at a time, one transaction' && engine === 'postgres' && size.hypotheses > options.rowAtATimeLimit) {
            measured.push({ size, what: writer, engine, ms: undefined });
            continue;
          }
          const folder = await migratedFolder(engine);
          folders.push(folder);
          const handle = await folder.store.open();
          try {
            const ms = await writeProject(handle.db, size, options.seed, writer);
            measured.push({ size, what: writer, engine, ms });
            process.stderr.write(`bench: ${label} ${writer} on ${engine}: ${ms.toFixed(0)} ms\n`);
          } finally {
            await handle.close();
          }
          if (engine === 'sqlite') source = folder;
        }
      }
      if (source === undefined) throw new Error('no SQLite source folder');
      const file = path.join(source.dir, 'project.json');
      const exportMs = await timedCli(['project', 'export', PROJECT_ID, '--out', file, '--data-dir', source.dir], source.store);
      measured.push({ size, what: 'project export', engine: 'sqlite', ms: exportMs });
      for (const engine of BENCH_ENGINES) {
        const target = await migratedFolder(engine);
        folders.push(target);
        const ms = await timedCli(['project', 'import', file, '--data-dir', target.dir], target.store);
        measured.push({ size, what: 'project import (verified)', engine, ms });
        process.stderr.write(`bench: ${label} import into ${engine}: ${ms.toFixed(0)} ms\n`);
      }
    } finally {
      for (const folder of folders) await folder.dispose();
    }
  }
  const results: BenchResult[] = measured
    .filter((row) => row.ms !== undefined)
    .map((row) => ({
      name: `Bulk write, ${ENGINE_NAMES[row.engine]}`,
      detail: `${row.what}: ${row.size.hypotheses.toLocaleString('en')} hypotheses, ${row.size.matches.toLocaleString('en')} matches`,
      summary: summarize([BigInt(Math.round((row.ms as number) * 1e6))]),
      reported: ['p50'],
    }));
  return { results, appendix: renderAppendix(measured, options) };
}

function renderAppendix(measured: readonly Row[], options: BulkWriteOptions): string {
  const cell = (ms: number | undefined): string => (ms === undefined ? `not run (> ${options.rowAtATimeLimit} hypotheses)` : `${(ms / 1000).toFixed(2)} s`);
  const lines = [
    '',
    `Bulk writes in one transaction (bench/bulk-write.ts), ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}:`,
    '',
    '| Size (hypotheses / matches) | Write | SQLite | PostgreSQL |',
    '|---|---|---|---|',
  ];
  for (const size of options.sizes) {
    for (const what of [...WRITERS, 'project export', 'project import (verified)']) {
      const of = (engine: BenchEngine) => measured.find((row) => row.size === size && row.what === what && row.engine === engine);
      const sqlite = of('sqlite');
      const postgres = of('postgres');
      lines.push(`| ${size.hypotheses.toLocaleString('en')} / ${size.matches.toLocaleString('en')} | ${what} | ${sqlite === undefined ? '—' : cell(sqlite.ms)} | ${postgres === undefined ? '—' : cell(postgres.ms)} |`);
    }
  }
  return lines.join('\n');
}

function optionsFromArgs(args: readonly string[]): BulkWriteOptions {
  const limitAt = args.indexOf('--row-limit');
  const rowAtATimeLimit = limitAt === -1 ? BULK_WRITE_DEFAULTS.rowAtATimeLimit : Number(args[limitAt + 1]);
  const sizes = args
    .filter((arg) => /^\d+:\d+$/.test(arg))
    .map((arg) => {
      const [hypotheses, matches] = arg.split(':').map(Number) as [number, number];
      return { hypotheses, matches };
    });
  return { ...BULK_WRITE_DEFAULTS, rowAtATimeLimit, sizes: sizes.length === 0 ? BULK_WRITE_DEFAULTS.sizes : sizes };
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const output = await benchBulkWrite(optionsFromArgs(process.argv.slice(2)));
  process.stdout.write(`${output.appendix}\n`);
}
