// "Default outputs well under 10k tokens" (issue 4): every read an assistant makes with default
// arguments, on a large finished project (100 hypotheses of 70-word summaries, their reviews,
// matches and checkpoints), stays under 8,000 tokens counted at ~4 characters each — text and
// structuredContent together, since a client may hand the model either or both.
import { openFolderStore } from '../support/storeEngine.js';
import { scalar } from '../../src-mcp/store/sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectServer, type ConnectedServer } from '../support/server.js';
import { reachCheckpoint, startProject } from '../support/engineDriver.js';
import { describeToolFailure } from '../support/toolErrors.js';
import { closeDatabase } from '../../src-mcp/store/database.js';

const TOKEN_BUDGET = 8_000;
const CHARS_PER_TOKEN = 4;

let server: ConnectedServer;
let dataDir: string;
let researchId: string;
let hypothesisId: string;
let checkpointId: string;
/** A second project, waiting for the scientist at a batch of 100 new hypotheses. */
let waitingId: string;
let batchId: string;

beforeAll(async () => {
  const { dataDir: folder, db } = await openFolderStore();
  const driver = await startProject(db, { budget: 100 });
  // Approved, so that export_results (completed projects only) is measured too.
  await driver.approve(await reachCheckpoint(driver, 'final_report'));
  researchId = driver.projectId;
  hypothesisId = (await scalar<string>(db, 'SELECT id FROM hypotheses WHERE project_id = ? ORDER BY seq LIMIT 1', [researchId])) as string;
  checkpointId = (await scalar<string>(db, "SELECT id FROM checkpoints WHERE project_id = ? AND kind = 'hypothesis_batch' LIMIT 1", [researchId])) as string;
  const waiting = await startProject(db, { budget: 100, goal: 'Explain why perovskite solar cells degrade under humidity' });
  const batch = await reachCheckpoint(waiting, 'hypothesis_batch');
  waitingId = waiting.projectId;
  batchId = batch.id;
  expect((batch.payload.hypothesis_ids as string[]).length).toBeGreaterThanOrEqual(50);
  dataDir = folder;
  await closeDatabase(db);
  server = await connectServer({ dataDir, client: 'claude-desktop' });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const reads: Array<[string, () => Record<string, unknown>]> = [
  ['list_research_projects', () => ({})],
  ['get_research_status', () => ({ research_id: researchId })],
  ['list_hypotheses', () => ({ research_id: researchId })],
  ['list_checkpoints', () => ({ research_id: researchId })],
  ['get_results', () => ({ research_id: researchId })],
  ['get_results', () => ({ research_id: researchId, format: 'detailed' })],
  ['get_results', () => ({ research_id: researchId, format: 'nih_aims' })],
  ['export_results', () => ({ research_id: researchId, format: 'markdown' })],
  ['export_results', () => ({ research_id: researchId, format: 'json' })],
  ['list_checkpoints', () => ({ research_id: waitingId })],
  ['continue_research', () => ({ research_id: waitingId })],
];

describe('default outputs on a large project', () => {
  it.each(reads)('%s stays under the token budget', async (name, args) => {
    const result = await server.client.callTool({ name, arguments: args() });
    expect(result.isError, describeToolFailure(result)).not.toBe(true);
    const chars = JSON.stringify(result.content).length + JSON.stringify(result.structuredContent ?? null).length;
    expect(Math.round(chars / CHARS_PER_TOKEN), `${name}(${JSON.stringify(args())}) ≈ ${Math.round(chars / CHARS_PER_TOKEN)} tokens`).toBeLessThan(TOKEN_BUDGET);
  });
});

describe('resources on a large project', () => {
  const resources: Array<[string, () => string]> = [
    ['research://projects', () => 'research://projects'],
    ['research://projects/{id}', () => `research://projects/${researchId}`],
    ['hypothesis://{id}', () => `hypothesis://${hypothesisId}`],
    ['checkpoint://{id}', () => `checkpoint://${checkpointId}`],
    ['checkpoint://{id} of a 100-hypothesis batch', () => `checkpoint://${batchId}`],
  ];
  it.each(resources)('%s stays under the token budget', async (_template, uri) => {
    const read = await server.client.readResource({ uri: uri() });
    const chars = read.contents.reduce((sum, content) => sum + ('text' in content ? content.text.length : 0), 0);
    expect(chars).toBeGreaterThan(0);
    expect(Math.round(chars / CHARS_PER_TOKEN), `${uri()} ≈ ${Math.round(chars / CHARS_PER_TOKEN)} tokens`).toBeLessThan(TOKEN_BUDGET);
  });
});

describe('a large batch shown to an assistant', () => {
  it('inlines its first hypotheses, keeps every id and links the whole batch; the app still gets all of it', async () => {
    const listed = await server.client.callTool({ name: 'list_checkpoints', arguments: { research_id: waitingId } });
    const [shown] = (listed.structuredContent as { checkpoints: Array<{ payload: Record<string, unknown> }> }).checkpoints;
    const ids = shown?.payload.hypothesis_ids as string[];
    expect((shown?.payload.hypotheses as unknown[]).length).toBe(10);
    expect(shown?.payload).toMatchObject({ hypotheses_not_shown: ids.length - 10, all_hypotheses: `checkpoint://${batchId}` });
    const desktop = await connectServer({ dataDir, client: 'desktop' });
    try {
      const full = await desktop.client.callTool({ name: 'list_checkpoints', arguments: { research_id: waitingId } });
      const [whole] = (full.structuredContent as { checkpoints: Array<{ payload: Record<string, unknown> }> }).checkpoints;
      expect((whole?.payload.hypotheses as unknown[]).length).toBe(ids.length);
      expect(whole?.payload).not.toHaveProperty('hypotheses_not_shown');
    } finally {
      await desktop.close();
    }
  });
});
