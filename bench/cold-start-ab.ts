// Paired A/B of the cold start: two builds' servers started alternately (A B B A …) in the same
// minutes, each on its own existing database, so that a change is judged against the build before
// it on a machine whose load moves by the minute. Spawn → initialize result through the same
// client as cold-start.ts. Each root holds a `dist/` (copy the old build's dist aside first):
//   node --import tsx bench/cold-start-ab.ts .cache/ab/A . 20
// Prints each build's p50 and the ratio B/A, with the load average before and after.
import os from 'node:os';
import path from 'node:path';
import { connectServer, tempDataDir } from './server.js';
import { percentile } from './stats.js';

async function startOnce(entry: string, dataDir: string): Promise<number> {
  const spawned = process.hrtime.bigint();
  const server = await connectServer(dataDir, entry);
  const elapsed = Number(process.hrtime.bigint() - spawned) / 1e6;
  await server.close();
  return elapsed;
}

async function main(): Promise<void> {
  const [rootA, rootB, roundsText] = process.argv.slice(2);
  if (rootA === undefined || rootB === undefined) throw new Error('Usage: cold-start-ab.ts <root of build A> <root of build B> [rounds]');
  const rounds = Number(roundsText ?? 20);
  const builds = [rootA, rootB].map((root) => ({ root, entry: path.resolve(root, 'dist', 'mcp', 'server.js'), samples: [] as number[] }));
  const dirs = await Promise.all(builds.map((_, i) => tempDataDir(`cold-ab-${i}`)));
  const load = (): string => os.loadavg().map((l) => l.toFixed(2)).join(' / ');
  const loadBefore = load();
  try {
    // The first start of each build creates and migrates its database; it is not measured.
    for (const [i, build] of builds.entries()) await startOnce(build.entry, dirs[i]!.dir);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) builds[i]!.samples.push(await startOnce(builds[i]!.entry, dirs[i]!.dir));
    }
  } finally {
    await Promise.all(dirs.map((dir) => dir.dispose()));
  }
  const p50 = builds.map((build) => percentile([...build.samples].sort((x, y) => x - y), 50));
  for (const [i, build] of builds.entries()) {
    process.stdout.write(`${i === 0 ? 'A' : 'B'} ${build.root}: cold start p50 ${p50[i]!.toFixed(0)} ms over ${build.samples.length} starts\n`);
  }
  process.stdout.write(`B/A ${(p50[1]! / p50[0]!).toFixed(2)}; load average (1/5/15 min) ${loadBefore} before, ${load()} after\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`cold-start-ab: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
