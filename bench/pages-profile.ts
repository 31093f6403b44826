// Where the server's CPU goes on one kind of page (issue 17): the seeded lab-scale project (10,000
// hypotheses, 100,000 matches), one server run under --cpu-prof, one page called many times over
// real stdio, then the server's own profile as self time per function. A diagnosis, not a measure
// (bench/pages-ab.ts judges a change):
//   npm run build:node && node --import tsx bench/pages-profile.ts <page>[,<page>…] [calls] [top]
// Each <page> is one of PAGES below, profiled in a server of its own on one seeding; each profile
// is kept (its path is printed) for a profile viewer.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { SERVER_ENTRY, serverEnvFor } from '../test/support/server.js';
import { seedLargeProject } from './seed.js';

type Args = Record<string, unknown>;

/** The pages bench/pages-ab.ts times, plus the GUI's own chunk (1,000 rows by column, short summaries). */
const PAGES: Record<string, (id: string) => Args> = {
  'leaderboard 50': (id) => ({ research_id: id, limit: 50 }),
  'leaderboard 500': (id) => ({ research_id: id, limit: 500 }),
  'leaderboard 1000 columns': (id) => ({ research_id: id, limit: 1000, format: 'columns', summary_chars: 120 }),
};

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) per function of a V8 CPU profile, largest first. */
function selfTimes(profile: Profile): Array<[string, number]> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    if (frame === undefined) return;
    const key = `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}:${frame.lineNumber + 1}`;
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

async function main(): Promise<void> {
  const [pagesText, callsText, topText] = process.argv.slice(2);
  const pages = (pagesText ?? '').split(',').map((page) => page.trim());
  if (pages.some((page) => PAGES[page] === undefined)) throw new Error(`Usage: pages-profile.ts <${Object.keys(PAGES).join(' | ')}>[,…] [calls] [top]`);
  const calls = Number(callsText ?? 1000);
  const top = Number(topText ?? 30);
  const seeded = await seedLargeProject({ hypotheses: 10_000, matches: 100_000, otherProjects: 2, seed: 20_261_126 });
  try {
    for (const page of pages) await profilePage(page, (PAGES[page] as (id: string) => Args)(seeded.researchId), seeded.dir, calls, top);
  } finally {
    await seeded.dispose();
  }
}

async function profilePage(page: string, a: Args, dataDir: string, calls: number, top: number): Promise<void> {
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'pages-profile-'));
  const args = ['--cpu-prof', '--cpu-prof-dir', profileDir, SERVER_ENTRY, '--data-dir', dataDir, '--client', 'desktop'];
  const transport = new StdioClientTransport({ command: process.execPath, args, env: { ...(process.env as Record<string, string>), ...serverEnvFor('desktop', dataDir) }, stderr: 'inherit' });
  const client = new Client({ name: 'pages-profile', version: '1.0.0' });
  await client.connect(transport);
  await client.listTools();
  const started = performance.now();
  for (let i = 0; i < calls; i += 1) {
    const result = await client.callTool({ name: 'get_leaderboard', arguments: a });
    if (result.isError === true) throw new Error(`get_leaderboard failed: ${JSON.stringify(result).slice(0, 400)}`);
  }
  const elapsed = performance.now() - started;
  // Closing stdin lets the server exit on its own, which is when V8 writes the profile.
  await client.close();
  await new Promise<void>((resolve) => {
    const poll = (): void => (readdirSync(profileDir).some((name) => name.endsWith('.cpuprofile')) ? resolve() : void setTimeout(poll, 100));
    poll();
  });
  const file = path.join(profileDir, readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile')) as string);
  const times = selfTimes(JSON.parse(readFileSync(file, 'utf8')) as Profile);
  const busy = times.filter(([name]) => !name.startsWith('(idle)') && !name.startsWith('(program)')).reduce((sum, [, ms]) => sum + ms, 0);
  process.stdout.write(`\npages-profile: ${page}, ${calls} calls in ${elapsed.toFixed(0)} ms; server self time outside idle/program ${(busy / calls).toFixed(3)} ms a call; load ${os.loadavg()[0]?.toFixed(2)}; ${file}\n`);
  process.stdout.write('| self ms a call | share | function |\n| ---: | ---: | --- |\n');
  for (const [name, ms] of times.slice(0, top)) process.stdout.write(`| ${(ms / calls).toFixed(4)} | ${((100 * ms) / busy).toFixed(1)}% | ${name} |\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`pages-profile: ${String(error instanceof Error ? error.stack : error)}\n`);
  process.exitCode = 1;
});
