// Issue 15 item 9: the server instructions and every prompt name only tools the reader can call.
// For each client role (the desktop app, an assistant, an unidentified process) every tool name
// that appears in its instructions or prompt texts must be in its own tools/list.
import { openFolderStore } from '../support/storeEngine.js';
import { scalar } from '../../src-mcp/store/sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { connectServer, type ConnectedServer } from '../support/server.js';
import { reachCheckpoint, startProject } from '../support/engineDriver.js';
import { closeDatabase } from '../../src-mcp/store/database.js';

let dataDir: string;
let hypothesisId: string;
let allTools: string[];

beforeAll(async () => {
  const { dataDir: folder, db } = await openFolderStore();
  const driver = await startProject(db, { budget: 2 });
  await reachCheckpoint(driver, 'hypothesis_batch');
  hypothesisId = (await scalar<string>(db, 'SELECT id FROM hypotheses WHERE project_id = ? ORDER BY seq LIMIT 1', [driver.projectId])) as string;
  dataDir = folder;
  await closeDatabase(db);
  // The desktop app sees every tool: the vocabulary a text could name.
  const desktop = await connectServer({ dataDir, client: 'desktop' });
  allTools = (await desktop.client.listTools()).tools.map((t) => t.name);
  await desktop.close();
}, 60_000);

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function namedTools(text: string): string[] {
  return allTools.filter((name) => new RegExp(`\\b${name}\\b`).test(text));
}

async function promptText(server: ConnectedServer, name: string, args: Record<string, string>): Promise<string> {
  const prompt = await server.client.getPrompt({ name, arguments: args });
  return prompt.messages.map((m) => ('text' in m.content ? m.content.text : '')).join('\n');
}

const ROLES: Array<[string, string | null]> = [
  ['the desktop app', 'desktop'],
  ['an assistant (claude-desktop)', 'claude-desktop'],
  ['an unidentified process (read-only)', null],
];

describe.each(ROLES)('guidance for %s', (_role, client) => {
  it('names only tools this client can call', async () => {
    const server = await connectServer({ dataDir, client });
    try {
      const callable = new Set((await server.client.listTools()).tools.map((t) => t.name));
      const texts: Array<[string, string]> = [
        ['server instructions', server.client.getInstructions() ?? ''],
        ['research-workflow', await promptText(server, 'research-workflow', {})],
        ['hypothesis-analysis', await promptText(server, 'hypothesis-analysis', { hypothesis_id: hypothesisId })],
        ['literature-review', await promptText(server, 'literature-review', { topic: 'stellate cell senescence' })],
      ];
      for (const [what, text] of texts) {
        expect(text.length, what).toBeGreaterThan(100);
        const foreign = namedTools(text).filter((name) => !callable.has(name));
        expect(foreign, `${what} names tools ${client ?? 'unknown'} cannot call`).toEqual([]);
      }
    } finally {
      await server.close();
    }
  }, 60_000);
});

/** What a template left unfilled looks like in rendered text. */
const PLACEHOLDERS = ['${', '{{', '}}', 'undefined', '[object Object]', 'NaN'];

describe.each(ROLES)('every prompt rendered for %s', (_role, client) => {
  it('fills every placeholder', async () => {
    const server = await connectServer({ dataDir, client });
    try {
      /** A value for each argument a prompt declares; a new argument must be given one here. */
      const values: Record<string, string> = { hypothesis_id: hypothesisId, topic: 'stellate cell senescence' };
      const { prompts } = await server.client.listPrompts();
      expect(prompts.map((p) => p.name).sort()).toEqual(['hypothesis-analysis', 'literature-review', 'research-workflow']);
      for (const prompt of prompts) {
        const args = Object.fromEntries((prompt.arguments ?? []).map((a) => [a.name, values[a.name]]));
        for (const [name, value] of Object.entries(args)) expect(value, `${prompt.name} takes "${name}": give it a value above`).toBeDefined();
        const text = await promptText(server, prompt.name, args as Record<string, string>);
        expect(text.length, prompt.name).toBeGreaterThan(100);
        for (const placeholder of PLACEHOLDERS) expect(text, `${prompt.name} for ${client ?? 'unknown'} shows "${placeholder}"`).not.toContain(placeholder);
      }
    } finally {
      await server.close();
    }
  }, 60_000);
});

it('an assistant is told the scientist decides checkpoints in the app, not to call decide', async () => {
  const server = await connectServer({ dataDir, client: 'claude-desktop' });
  try {
    const text = await promptText(server, 'research-workflow', {});
    expect(text).not.toMatch(/\bdecide\b`/);
    expect(text).toContain('The scientist approves, edits or rejects it in the Co-Scientist app');
    expect(text).toContain('`include_rules: true`');
  } finally {
    await server.close();
  }
}, 60_000);
