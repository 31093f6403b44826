// The lab server under load (issue 31): 16 and 64 concurrent clients, each calling
// get_research_status and a 50-row list_hypotheses page in turn over MCP Streamable HTTP
// (2026-07-28), each client a scientist with a token of its own from a loopback issuer (the lab's
// mode: `--issuer`, `--resource`), against 2 lab server replicas on one PostgreSQL database (each with a data folder
// of its own, as on two machines; the project carried there with `co-scientist project export` /
// `project import`) and 2 on one SQLite folder (clients alternate between the replicas, as a load
// balancer would) and, for comparison, 2 PostgreSQL replicas in token mode; side by side in the same run with (a) the stdio server (one
// process per client, as assistants run it) and (b) a floor: a bare Streamable HTTP responder (the
// SDK's handler with a tool that does nothing). Then the cost of verifying a JWT access token per
// call once the issuer's keys are cached (bench/token-verification.ts). Not a timed test: numbers go to docs/benchmarks.md.
// Run: `npm run build:node && node --import tsx bench/team-server.ts [calls per client]`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { REPO_ROOT, SERVER_ENTRY, tempDataDir } from './server.js';
import { startPostgresCluster, stopPostgresCluster, TEST_POSTGRES_URL_ENV, type PostgresCluster } from '../test/support/postgresCluster.js';
import { createTestDatabase, dropTestDatabase } from '../test/support/postgresAdmin.js';
import { summarize, timed, type LatencySummary } from './stats.js';
import { BENCH_RESOURCE, benchTokenVerification, startIssuer, verificationTable, type BenchIssuer } from './token-verification.js';

const CLI = path.join(REPO_ROOT, 'bin', 'co-scientist.js');
const CALLS_PER_CLIENT = Number(process.argv[2] ?? 20);
const MODERN = { versionNegotiation: { mode: { pin: '2026-07-28' as const } } };

interface Seeder {
  seedTournament(dataDir: string, options: { hypotheses: number; rounds: number; seed: number }): Promise<{ projectId: string }>;
}

/** The store imports its migrations as text: bundled as the product build does, into the repository's ignored .cache (so better-sqlite3 resolves). */
async function loadSeeder(): Promise<Seeder> {
  const outfile = path.join(REPO_ROOT, '.cache', 'cosci-bench', 'team-server-seed.mjs');
  await mkdir(path.dirname(outfile), { recursive: true });
  await build({
    entryPoints: [path.join(REPO_ROOT, 'bench', 'leaderboard-seed.ts')], outfile, bundle: true, platform: 'node', target: 'node20', format: 'esm',
    external: ['better-sqlite3'], loader: { '.sql': 'text' }, logLevel: 'warning',
    banner: { js: "import { createRequire as __cosciCreateRequire } from 'node:module'; const require = __cosciCreateRequire(import.meta.url);" },
  });
  return import(`${pathToFileURL(outfile).href}?${Date.now()}`) as Promise<Seeder>;
}

interface Started {
  child: ChildProcess;
  url: string;
  token: string | undefined;
}

/** Spawns a process and waits for the line announcing its URL (and token). */
function startProcess(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Started> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const url = /listening on (\S+)/.exec(out)?.[1];
      const done = /^(Bearer token|Issuers|Floor)/m.test(out);
      if (url !== undefined && done) resolve({ child, url, token: /^Bearer token: (\S+)$/m.exec(out)?.[1] });
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

const FLOOR_SCRIPT = `
import http from 'node:http';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { z } from 'zod';
const factory = () => {
  const mcp = new McpServer({ name: 'floor', version: '1' });
  for (const name of ['get_research_status', 'list_hypotheses']) mcp.registerTool(name, { inputSchema: z.object({}).passthrough() }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
  return mcp;
};
const handle = toNodeHandler(createMcpHandler(factory));
const server = http.createServer((req, res) => void handle(req, res));
server.listen(0, '127.0.0.1', () => { process.stdout.write('listening on http://127.0.0.1:' + server.address().port + '/mcp\\nFloor\\n'); });
`;

interface Scenario {
  label: string;
  clients: number;
  connect(index: number): Promise<Client>;
}

interface Outcome {
  label: string;
  clients: number;
  calls: number;
  errors: number;
  perSecond: number;
  summary: LatencySummary;
}

async function run(scenario: Scenario, researchId: string): Promise<Outcome> {
  // Connected one after another: 16 processes starting at once on 2 cores miss the SDK's negotiation timeout.
  const clients: Client[] = [];
  for (let i = 0; i < scenario.clients; i++) clients.push(await scenario.connect(i));
  // One warm-up round per client (tool modules load on first call).
  await Promise.all(clients.map((c) => c.callTool({ name: 'get_research_status', arguments: { research_id: researchId } })));
  const samples: bigint[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      for (let i = 0; i < CALLS_PER_CLIENT; i++) {
        const call = i % 2 === 0
          ? { name: 'get_research_status', arguments: { research_id: researchId } }
          : { name: 'list_hypotheses', arguments: { research_id: researchId, limit: 50 } };
        try {
          const { value, ns } = await timed(() => client.callTool(call));
          samples.push(ns);
          if (value.isError === true) errors += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  return { label: scenario.label, clients: scenario.clients, calls: samples.length, errors, perSecond: samples.length / seconds, summary: summarize(samples) };
}

/** Runs `co-scientist …` to completion; throws with its stderr when it fails. */
function cosci(args: string[]): void {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`co-scientist ${args.join(' ')} exited ${result.status}: ${result.stderr.trim()}`);
}

/** The run's PostgreSQL: the cluster CI started (its URL in the environment), else a throwaway one. */
async function postgresForRun(): Promise<{ cluster: PostgresCluster | undefined; url: string }> {
  const given = process.env[TEST_POSTGRES_URL_ENV];
  const cluster = given === undefined ? await startPostgresCluster() : undefined;
  if (cluster !== undefined) process.env[TEST_POSTGRES_URL_ENV] = cluster.url;
  return { cluster, url: await createTestDatabase('team_bench') };
}

const LAB_ENV = { ...process.env, COSCI_HTTP_REQUESTS_PER_MINUTE: '1000000' };

async function main(): Promise<void> {
  const data = await tempDataDir('team-server');
  const children: ChildProcess[] = [];
  const folders = [await tempDataDir('team-server-pg-1'), await tempDataDir('team-server-pg-2')];
  let postgres: { cluster: PostgresCluster | undefined; url: string } | undefined;
  let issuer: BenchIssuer | undefined;
  try {
    // The database is created by the first replica; the tournament is written into it after.
    // The lab's own mode: tokens from its identity provider (a loopback issuer here), verified per
    // call with the keys cached, the scopes read from the token, no stored policy.
    issuer = await startIssuer();
    const oauth = ['--issuer', issuer.issuer, '--resource', BENCH_RESOURCE];
    const first = await startProcess([CLI, 'serve', '--http', '--port', '0', ...oauth, '--data-dir', data.dir], LAB_ENV);
    children.push(first.child);
    const { projectId } = await (await loadSeeder()).seedTournament(data.dir, { hypotheses: 200, rounds: 3, seed: 31 });
    const second = await startProcess([CLI, 'serve', '--http', '--port', '0', ...oauth, '--data-dir', data.dir], LAB_ENV);
    children.push(second.child);
    // The same project on PostgreSQL, carried over as a scientist would take a pilot to the lab.
    postgres = await postgresForRun();
    const exported = path.join(data.dir, 'project.json');
    cosci(['project', 'export', projectId, '--out', exported, '--data-dir', data.dir]);
    cosci(['project', 'import', exported, '--database', postgres.url, '--data-dir', folders[0]!.dir]);
    const pgFirst = await startProcess([CLI, 'serve', '--http', '--port', '0', ...oauth, '--database', postgres.url, '--data-dir', folders[0]!.dir], LAB_ENV);
    children.push(pgFirst.child);
    const pgSecond = await startProcess([CLI, 'serve', '--http', '--port', '0', ...oauth, '--database', postgres.url, '--data-dir', folders[1]!.dir], LAB_ENV);
    children.push(pgSecond.child);
    // The same replicas in token mode (loopback, the printed token, the stored policy read per request), for comparison.
    const pgTokenFirst = await startProcess([CLI, 'serve', '--http', '--port', '0', '--database', postgres.url, '--data-dir', folders[0]!.dir], LAB_ENV);
    children.push(pgTokenFirst.child);
    const pgTokenSecond = await startProcess([CLI, 'serve', '--http', '--port', '0', '--resource', pgTokenFirst.url, '--database', postgres.url, '--data-dir', folders[1]!.dir], LAB_ENV);
    children.push(pgTokenSecond.child);
    const floor = await startProcess(['--input-type=module', '-e', FLOOR_SCRIPT], process.env);
    children.push(floor.child);
    const labIssuer = issuer;
    const http2replicas = (clients: number, replicas: readonly Started[], label: string): Scenario => ({
      label: `lab server, 2 replicas, ${label}`, clients,
      connect: async (i) => {
        const replica = replicas[i % 2] as Started;
        // Each client a scientist of its own: in OAuth mode a token from the issuer, else the replica's printed token.
        const token = replica.token ?? (await labIssuer.sign(`scientist-${i}`, 'research:read hypotheses:read'));
        const client = new Client({ name: 'bench', version: '1' }, MODERN);
        await client.connect(new StreamableHTTPClientTransport(new URL(replica.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
        return client;
      },
    });
    const floorScenario = (clients: number): Scenario => ({
      label: 'floor (bare SDK HTTP responder)', clients,
      connect: async () => {
        const client = new Client({ name: 'bench', version: '1' }, MODERN);
        await client.connect(new StreamableHTTPClientTransport(new URL(floor.url)));
        return client;
      },
    });
    const stdioScenario = (clients: number): Scenario => ({
      label: 'stdio server (a process per client)', clients,
      connect: async () => {
        const client = new Client({ name: 'bench', version: '1' }, MODERN);
        await client.connect(new StdioClientTransport({ command: process.execPath, args: [SERVER_ENTRY, '--client', 'bench', '--data-dir', data.dir], stderr: 'pipe' }));
        return client;
      },
    });
    const outcomes: Outcome[] = [];
    const attempt = async (scenario: Scenario): Promise<void> => {
      try {
        outcomes.push(await run(scenario, projectId));
      } catch (error) {
        process.stderr.write(`${scenario.label}, ${scenario.clients} clients: ${(error as Error).message}\n`);
      }
    };
    for (const clients of [16, 64]) {
      await attempt(floorScenario(clients));
      await attempt(http2replicas(clients, [pgFirst, pgSecond], 'PostgreSQL'));
      await attempt(http2replicas(clients, [first, second], 'SQLite'));
      await attempt(http2replicas(clients, [pgTokenFirst, pgTokenSecond], 'PostgreSQL, token mode'));
      // 64 stdio processes would not fit beside everything else on this 2-core machine.
      if (clients === 16) await attempt(stdioScenario(clients));
    }
    const verification = await benchTokenVerification(1_000);
    const f = (n: number) => n.toFixed(2);
    process.stdout.write(`Team server benchmark — ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ${CALLS_PER_CLIENT} calls per client (get_research_status and a 50-row list_hypotheses page in turn, 200 hypotheses)\n\n`);
    process.stdout.write('| Server | Clients | Calls | Errors | Calls/s | p50 ms | p99 ms | p50 ÷ floor |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n');
    for (const o of outcomes) {
      const floorP50 = outcomes.find((candidate) => candidate.clients === o.clients && candidate.label.startsWith('floor'))?.summary.p50;
      const ratio = floorP50 === undefined ? '–' : `${(o.summary.p50 / floorP50).toFixed(2)}×`;
      process.stdout.write(`| ${o.label} | ${o.clients} | ${o.calls} | ${o.errors} | ${o.perSecond.toFixed(0)} | ${f(o.summary.p50)} | ${f(o.summary.p99)} | ${ratio} |\n`);
    }
    process.stdout.write(`\nToken verification once the keys are cached (RS256, in-process; bench/token-verification.ts):\n\n${verificationTable(verification)}\n`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    issuer?.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await data.dispose();
    for (const folder of folders) await folder.dispose();
    if (postgres?.cluster !== undefined) stopPostgresCluster(postgres.cluster.dir);
    else if (postgres !== undefined) await dropTestDatabase(postgres.url);
  }
}

await main();
