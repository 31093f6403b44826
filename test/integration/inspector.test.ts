// The public MCP Inspector CLI (`@modelcontextprotocol/inspector --cli`, v2, a devDependency) lists
// and calls our tools against the BUILT server: an independent client implementation agrees with
// ours. It validates every result against the tool's outputSchema, error results included, which is
// why our errors carry no structuredContent (see src-shared/toolErrors.ts).
// It runs on the project's Node (24 LTS, which its engines accept); without the package the tests
// report themselves skipped with the reason.
import { beforeAll, describe, expect, it } from 'vitest';
import Ajv from 'ajv/dist/2020.js';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { connectServer, databaseEnvFor, SERVER_ENTRY, assertServerBuilt, tempDataDir } from '../support/server.js';
import { expectErrorEnvelope } from '../support/toolErrors.js';
import { makeTempDir } from '../support/tempDirs.js';
import { storeScalar } from '../support/storeInspector.js';

const PACKAGE = '@modelcontextprotocol/inspector';
const INSPECTED_CLIENT = 'claude-desktop';

interface Inspector { cli: string; version: string }

/** The installed Inspector's CLI, or why it cannot run here. */
function locateInspector(): Inspector | { skip: string } {
  let manifestPath: string;
  try {
    manifestPath = createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`);
  } catch {
    return { skip: `skipped: ${PACKAGE} not installed (run npm ci: it is a devDependency)` };
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as { version: string; bin?: string | Record<string, string> };
  if (Number(manifest.version.split('.')[0]) < 2) return { skip: `skipped: ${PACKAGE}@${manifest.version} is a v1 CLI; these tests use the v2 command line` };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.['mcp-inspector'] ?? Object.values(manifest.bin ?? {})[0];
  if (bin === undefined) return { skip: `skipped: ${PACKAGE}@${manifest.version} declares no CLI bin` };
  return { cli: path.join(path.dirname(manifestPath), bin), version: manifest.version };
}

interface Run { code: number; stdout: string; stderr: string }

/** `mcp-inspector --cli <our server and its flags> -- <inspector options>` (the v2 order). */
async function inspect(inspector: Inspector, dataDir: string, options: string[]): Promise<Run> {
  const home = makeTempDir('cosci-inspector-home-');
  // On a PostgreSQL run the server the Inspector starts gets the folder's database, as connectServer's
  // do: the Inspector hands its server only the environment named with -e.
  const databaseEnv = Object.entries(await databaseEnvFor(dataDir)).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
  // As an assistant: the Inspector, not this process, starts the server, so it cannot be the desktop app's.
  const target = [process.execPath, SERVER_ENTRY, '--client', INSPECTED_CLIENT, '--data-dir', dataDir];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [inspector.cli, '--cli', ...target, '--', ...options, ...databaseEnv, '--format', 'json'],
      // Its own catalog and storage go to a throwaway home, never the developer's.
      { env: { ...process.env, HOME: home, MCP_CATALOG_PATH: '', MCP_AUTO_OPEN_ENABLED: 'false' }, timeout: 60_000, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr }),
    );
  });
}

function resultOf(run: Run): Record<string, unknown> {
  expect(run.code, `inspector exited ${run.code}: ${run.stderr.slice(-2000)}`).toBe(0);
  const parsed = JSON.parse(run.stdout) as { result?: Record<string, unknown> };
  return parsed.result ?? (parsed as Record<string, unknown>);
}

const located = locateInspector();

describe(`MCP Inspector CLI against the built server (${'skip' in located ? located.skip : `${PACKAGE}@${located.version}`})`, () => {
  let dataDir: string;
  beforeAll(() => {
    assertServerBuilt();
    dataDir = tempDataDir('cosci-inspector');
  });

  it('lists the same tools our own client sees, each with an outputSchema', async (ctx) => {
    if ('skip' in located) return ctx.skip(located.skip);
    const listed = resultOf(await inspect(located, dataDir, ['--method', 'tools/list']));
    const names = (listed.tools as Array<{ name: string; outputSchema?: unknown }>).map((tool) => tool.name).sort();
    const ours = await connectServer({ dataDir, client: INSPECTED_CLIENT });
    try {
      expect(names).toEqual((await ours.client.listTools()).tools.map((tool) => tool.name).sort());
    } finally {
      await ours.close();
    }
    for (const tool of listed.tools as Array<{ name: string; outputSchema?: unknown }>) expect(tool.outputSchema, tool.name).toBeDefined();
  });

  it('calls tools: results validate against the advertised outputSchema, a bad call exits 5 with an error envelope', async (ctx) => {
    if ('skip' in located) return ctx.skip(located.skip);
    const tools = resultOf(await inspect(located, dataDir, ['--method', 'tools/list'])).tools as Array<{ name: string; outputSchema: object }>;
    const ajv = new Ajv({ strict: false, allErrors: true });
    const validate = (name: string, structured: unknown): void => {
      const check = ajv.compile(tools.find((tool) => tool.name === name)?.outputSchema ?? {});
      expect(check(structured), `${name}: ${ajv.errorsText(check.errors)}`).toBe(true);
    };

    const started = resultOf(await inspect(located, dataDir, ['--method', 'tools/call', '--tool-name', 'start_research', '--tool-args-json', JSON.stringify({ goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 3 })]));
    validate('start_research', started.structuredContent);
    const researchId = (started.structuredContent as { research_id: string }).research_id;
    expect(researchId).toMatch(/^res_/);
    // Written to the folder's store on this run's engine (its PostgreSQL database on a PostgreSQL run).
    expect(await storeScalar(dataDir, 'SELECT goal FROM projects WHERE id = ?', [researchId])).toBe('Find novel therapeutic targets for liver fibrosis');

    const status = resultOf(await inspect(located, dataDir, ['--method', 'tools/call', '--tool-name', 'get_research_status', '--tool-arg', `research_id=${researchId}`]));
    validate('get_research_status', status.structuredContent);
    expect(status.structuredContent).toMatchObject({ research_id: researchId, status: 'initializing' });
    const listed = resultOf(await inspect(located, dataDir, ['--method', 'tools/call', '--tool-name', 'list_research_projects', '--tool-args-json', '{}']));
    validate('list_research_projects', listed.structuredContent);

    const refused = await inspect(located, dataDir, ['--method', 'tools/call', '--tool-name', 'start_research', '--tool-args-json', JSON.stringify({ goal: 'short' })]);
    expect(refused.code, refused.stderr).toBe(5);
    const refusal = (JSON.parse(refused.stdout) as { result: Record<string, unknown> }).result;
    expect(expectErrorEnvelope(refusal, 'start_research with a short goal')).toMatchObject({ code: 'invalid_input', details: { field: 'goal' } });
  });
});
