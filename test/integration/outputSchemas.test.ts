// Every tool the server lists — assistants' tools and desktop-only ones — is called over real stdio
// with valid arguments in a realistic state (a project driven through the whole workflow, one left
// mid-tournament, a knowledge base with an ingested folder), and every structuredContent is checked
// against the outputSchema that tools/list advertised under JSON Schema draft-07 and 2020-12 (as do
// the JSON Schemas results carry: work items' output_schema, checkpoints' edit_schema). It runs with
// the v2 SDK client (2026 era) and the v1 SDK client (2025 era), which itself refuses any result
// that does not validate in draft-07, as the assistants that embed it do. The tool names come from
// tools/list, so a new tool is covered at once: the scenario calls the tools it knows, a generic
// caller synthesises arguments from the input schema for the rest, and any tool that never
// succeeded fails the test by name.
import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { CLIENT_KINDS, connectServer, tempDataDir, type ConnectedServer, type ConnectOptions, type ServerProcess, type ToolClient } from '../support/server.js';
import { SchemaDialects, type DialectValidator } from '../support/schemaDialects.js';
import { nonPortableParts } from '../../src-mcp/mcp/schemas/schemaPortability.js';
import { fakeResult, hypothesisDraft, type WorkItemLike } from '../support/fakeAssistant.js';
import { writeCorpus } from '../unit/src-mcp/knowledge/helpers.js';
import { describeToolFailure, expectErrorEnvelope } from '../support/toolErrors.js';

type Structured = Record<string, unknown>;
type JsonSchema = {
  type?: string | string[]; const?: unknown; enum?: unknown[]; default?: unknown; anyOf?: JsonSchema[]; oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema;
  minimum?: number; maximum?: number; exclusiveMinimum?: number; minLength?: number; maxLength?: number; minItems?: number; maxItems?: number; format?: string;
};
interface ListedTool { name: string; inputSchema: JsonSchema; outputSchema?: JsonSchema; annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean } }
interface Next { state: string; work_item: WorkItemLike | null; checkpoints: Array<{ checkpoint_id: string; kind: string }> }

type Connected = ConnectedServer<ToolClient, ServerProcess>;
const open: Connected[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

/** Calls tools, validates every success against the advertised outputSchema, and remembers which tools succeeded. */
class Exerciser {
  readonly succeeded = new Set<string>();
  validated = 0;
  readonly lastError = new Map<string, string>();
  private readonly validators = new Map<string, DialectValidator>();
  private readonly dialects = new SchemaDialects();
  /** The JSON Schemas found inside results (as JSON text), each checked once. */
  readonly carriedSchemas = new Set<string>();

  constructor(readonly tools: readonly ListedTool[]) {
    for (const tool of tools) {
      expect(tool.outputSchema, `${tool.name} advertises no outputSchema`).toBeDefined();
      this.validators.set(tool.name, this.dialects.compile((tool.outputSchema ?? {}) as Record<string, unknown>, `${tool.name} outputSchema`));
    }
  }

  /** A schema a result hands to the assistant must be portable and compile in both dialects too. */
  private checkCarriedSchemas(value: unknown, where: string): void {
    if (Array.isArray(value)) return value.forEach((item) => this.checkCarriedSchemas(item, where));
    if (value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if ((key === 'output_schema' || key === 'edit_schema') && inner !== null && typeof inner === 'object') {
        const text = JSON.stringify(inner);
        if (this.carriedSchemas.has(text)) continue;
        this.carriedSchemas.add(text);
        expect(nonPortableParts(inner), `${where} ${key}`).toEqual([]);
        this.dialects.compile(inner as Record<string, unknown>, `${where} ${key}`);
      } else this.checkCarriedSchemas(inner, where);
    }
  }

  /** A call that must succeed and validate. */
  async call(server: Connected, name: string, args: Structured): Promise<Structured> {
    const outcome = await this.attempt(server, name, args);
    if (!outcome.ok) throw new Error(outcome.error);
    return outcome.data;
  }

  /** A call that may fail (the generic sweep tries several argument sets); a success must still validate. */
  async attempt(server: Connected, name: string, args: Structured): Promise<{ ok: true; data: Structured } | { ok: false; error: string }> {
    const result = await server.client.callTool({ name, arguments: args });
    if (result.isError === true) {
      // A failure must still keep the error contract: no structuredContent (it could not match the
      // outputSchema), the coded error in _meta, the same code and message in the text.
      expectErrorEnvelope(result, `${name}(${JSON.stringify(args).slice(0, 300)})`);
      const error = `${name}(${JSON.stringify(args).slice(0, 300)}) failed: ${describeToolFailure(result).slice(0, 500)}`;
      this.lastError.set(name, error);
      return { ok: false, error };
    }
    const validate = this.validators.get(name);
    expect(validate, `${name} was called but tools/list did not advertise it`).toBeDefined();
    expect(validate?.problems(result.structuredContent), `${name}: structuredContent does not match the advertised outputSchema\n${JSON.stringify(result.structuredContent).slice(0, 1500)}`).toEqual([]);
    this.checkCarriedSchemas(result.structuredContent, name);
    const text = ((result.content ?? []) as Array<{ type: string; text?: string }>).filter((block) => block.type === 'text').map((block) => block.text ?? '').join('');
    expect(text.trim().length, `${name} returned no Markdown text block`).toBeGreaterThan(0);
    this.succeeded.add(name);
    this.validated += 1;
    return { ok: true, data: result.structuredContent as Structured };
  }
}

/** Ids of real objects, by the argument names tools use for them. */
interface Pools { research_id: string[]; hypothesis_id: string[]; checkpoint_id: string[]; task_id: string[]; collection: string[]; path: string[]; client: string[] }

function poolFor(key: string, pools: Pools): string[] | undefined {
  if (/research_id|project_id/.test(key)) return pools.research_id;
  if (/hypothesis_id|first_id|winner_id/.test(key)) return pools.hypothesis_id;
  if (/second_id|partner_id/.test(key)) return [...pools.hypothesis_id].reverse();
  if (/checkpoint_id/.test(key)) return pools.checkpoint_id;
  if (/task_id/.test(key)) return pools.task_id;
  if (/collection/.test(key)) return pools.collection;
  if (/path/.test(key)) return pools.path;
  if (/^client(_id)?$/.test(key)) return pools.client;
  return undefined;
}

/** A value valid for `schema`: the first enum value, a number inside the bounds, text long enough, an id from the pools. */
function synthesize(schema: JsonSchema, key: string, pools: Pools, variant: number): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum !== undefined) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options !== undefined) return synthesize(options.find((option) => option.type !== 'null') ?? {}, key, pools, variant);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      const pool = poolFor(key, pools);
      if (pool !== undefined && pool.length > 0) return pool[variant % pool.length];
      if (schema.format === 'date-time' || /since|until|_at$/.test(key)) return /until/.test(key) ? '2100-01-01T00:00:00.000Z' : '2000-01-01T00:00:00.000Z';
      const text = 'Inhibiting regulator R7 in hepatic stellate cells reduces collagen deposition in liver fibrosis models. ';
      const length = Math.min(Math.max(schema.minLength ?? 0, 24), schema.maxLength ?? 200);
      return text.repeat(Math.ceil(length / text.length) + 1).slice(0, length).trim().padEnd(Math.max(schema.minLength ?? 0, 1), 'x');
    }
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum === undefined ? undefined : schema.exclusiveMinimum + (type === 'integer' ? 1 : 0.01));
      let value = 1;
      if (low !== undefined && value < low) value = low;
      if (schema.maximum !== undefined && value > schema.maximum) value = schema.maximum;
      return value;
    }
    case 'boolean':
      return true;
    case 'array': {
      // No tuples: tool schemas stay in the draft-07 ∩ 2020-12 subset (schemaPortability.ts).
      const item = schema.items ?? {};
      const pool = poolFor(key, pools);
      const count = Math.min(Math.max(schema.minItems ?? 0, 1), schema.maxItems ?? 3);
      return Array.from({ length: count }, (_, i) => (pool !== undefined && item.type === 'string' ? pool[i % pool.length] : synthesize(item, key, pools, variant + i)));
    }
    case 'object':
    default: {
      const required = new Set(schema.required ?? []);
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([name]) => required.has(name))
          .map(([name, property]) => [name, synthesize(property, name, pools, variant)]),
      );
    }
  }
}

/** continue_research → work item → fake answer → submit_work, approving every checkpoint on the desktop, until `stop` says so. */
async function drive(x: Exerciser, assistant: Connected, desktop: Connected, researchId: string, stop: (next: Next) => boolean): Promise<Next> {
  let next = (await x.call(assistant, 'continue_research', { research_id: researchId })) as unknown as Next;
  for (let step = 0; step < 300; step += 1) {
    if (stop(next) || next.state === 'completed') return next;
    if (next.state === 'awaiting_decision') {
      const checkpoint = next.checkpoints[0] as Next['checkpoints'][number];
      const decided = await x.call(desktop, 'decide', { checkpoint_id: checkpoint.checkpoint_id, action: 'approve', decision_id: `approve-${checkpoint.checkpoint_id}` });
      expect(decided.applied).toBe(true);
      next = (await x.call(assistant, 'continue_research', { research_id: researchId })) as unknown as Next;
      continue;
    }
    expect(next.state, JSON.stringify(next).slice(0, 500)).toBe('work');
    next = (await submit(x, assistant, researchId, next.work_item as WorkItemLike)).next as Next;
  }
  throw new Error(`project ${researchId} did not reach the wanted state in 300 steps`);
}

async function submit(x: Exerciser, assistant: Connected, researchId: string, item: WorkItemLike): Promise<Structured> {
  const listed = await x.call(assistant, 'list_hypotheses', { research_id: researchId, limit: 200 });
  const summaries = new Map((listed.hypotheses as Array<{ id: string; summary: string }>).map((h) => [h.id, h.summary]));
  return x.call(assistant, 'submit_work', { task_id: item.task_id, result: fakeResult(item, summaries) });
}

async function connect(options: ConnectOptions): Promise<Connected> {
  const server = await connectServer(options);
  open.push(server);
  return server;
}

// The v2 client in the 2025 era is left out here: the server answers it exactly as it answers the
// v1 client, which also speaks the 2025 era and is the stricter validator; the scenario is long.
const KINDS = CLIENT_KINDS.filter((kind) => kind.sdk === 'v1' || kind.era === 'modern');

describe.each(KINDS)('every tool over stdio validates against its outputSchema ($label)', ({ sdk, era }) => {
  it('calls each listed tool with valid arguments in a realistic state', async () => {
    const dataDir = tempDataDir('cosci-schemas');
    const library = path.join(fs.realpathSync(dataDir), 'library');
    fs.mkdirSync(library);
    writeCorpus(library);
    const desktop = await connect({ dataDir, era, sdk, client: 'desktop' });
    const assistant = await connect({ dataDir, era, sdk, client: 'claude-desktop' });

    const tools = (await desktop.client.listTools()).tools as unknown as ListedTool[];
    const assistantTools = (await assistant.client.listTools()).tools as unknown as ListedTool[];
    // An assistant sees a subset of the desktop's tools, with the very same schemas.
    for (const tool of assistantTools) expect(tools.find((t) => t.name === tool.name), tool.name).toEqual(tool);
    const x = new Exerciser(tools);

    // A project driven through the whole workflow by the assistant, the desktop deciding.
    const started = await x.call(assistant, 'start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 4, constraints: ['Testable in mouse models within 6 months'] });
    const done = started.research_id as string;
    await x.call(assistant, 'list_checkpoints', { research_id: done });
    await x.call(assistant, 'get_research_status', { research_id: done });
    const atTournament = await drive(x, assistant, desktop, done, (next) => next.work_item?.kind === 'compare');
    const ranked = await x.call(assistant, 'rank_hypotheses', { research_id: done, top_n: 5 });
    const board = ranked.leaderboard as Array<{ id: string }>;
    expect(board.length).toBeGreaterThanOrEqual(2);
    const [first, second] = board.map((row) => row.id) as [string, string];
    await x.call(desktop, 'record_judgement', { first_id: first, second_id: second, winner_id: first, rationale: 'Cleaner mechanism, cheaper experiment.' });
    await x.call(assistant, 'get_results', { research_id: done, format: 'detailed', top_n: 3 });
    // Explicit requests outside the supervisor's flow hand out work items too; answer each at once.
    for (const [name, args] of [
      ['review_hypothesis', { hypothesis_id: first, review_type: 'deep_verification' }],
      ['evolve_hypothesis', { hypothesis_id: first, strategy: 'combine', partner_id: second }],
      ['generate_hypotheses', { research_id: done, count: 1, method: 'assumptions' }],
    ] as const) {
      const work = await x.call(assistant, name, args);
      await submit(x, assistant, done, work.work_item as WorkItemLike);
    }
    await submit(x, assistant, done, atTournament.work_item as WorkItemLike).catch(() => undefined);
    expect((await drive(x, assistant, desktop, done, () => false)).state).toBe('completed');
    for (const format of ['markdown', 'json', 'bibtex']) await x.call(assistant, 'export_results', { research_id: done, format });
    for (const format of ['summary', 'nih_aims']) await x.call(assistant, 'get_results', { research_id: done, format });
    await x.call(assistant, 'list_checkpoints', { research_id: done, status: 'decided', limit: 50 });
    await x.call(assistant, 'list_research_projects', { status: 'completed' });

    // A second project left mid-tournament, for the tools that need live competition.
    const live = (await x.call(assistant, 'start_research', { goal: 'Identify drug repurposing candidates for acute myeloid leukemia', hypothesis_count: 3 })).research_id as string;
    await drive(x, assistant, desktop, live, (next) => next.checkpoints.some((c) => c.kind === 'evolution_plan'));
    const liveBoard = ((await x.call(assistant, 'list_hypotheses', { research_id: live })).hypotheses as Array<{ id: string }>).map((h) => h.id);
    await x.call(desktop, 'add_hypothesis', { research_id: live, hypothesis: hypothesisDraft(99, 'acute myeloid leukemia') });
    await x.call(desktop, 'add_review', {
      hypothesis_id: liveBoard[0],
      review_type: 'full',
      scores: { plausibility: 0.8, novelty: 0.6, testability: 0.7, safety: 0.9, overall: 0.75 },
      strengths: ['Existing inhibitor'],
      weaknesses: ['No human data'],
      recommendations: ['Test in patient-derived xenografts'],
    });

    // A third project to pause, resume, archive and delete.
    const spare = (await x.call(assistant, 'start_research', { goal: 'Explain persistence of bacteria under antibiotic exposure' })).research_id as string;
    await x.call(assistant, 'manage_research', { research_id: spare, action: 'pause' });
    await x.call(assistant, 'manage_research', { research_id: spare, action: 'resume', add_reasoning_calls: 5 });

    // The knowledge base: an allowed folder, a linked collection, ingestion, augmentation, search.
    await x.call(desktop, 'manage_knowledge_roots', { action: 'add', path: library });
    await x.call(desktop, 'manage_knowledge_roots', { action: 'list' });
    await x.call(assistant, 'manage_collections', { action: 'create', collection_name: 'Fibrosis', collection_type: 'project-specific', research_id: done });
    await x.call(assistant, 'ingest_documents', { path: library, collection: 'Fibrosis', recursive: true });
    await x.call(assistant, 'augment_knowledge', { content: 'Galectin-3 inhibition reduced fibrosis in a phase 2 trial.', source: 'https://doi.org/10.1000/GAL3', collection: 'Fibrosis', title: 'Galectin-3 trial' });
    const found = await x.call(assistant, 'query_knowledge_base', { query: 'TGF-beta stellate cell activation', research_id: done, top_k: 3 });
    const documentId = (found.results as Array<{ metadata: { document_id: string } }>)[0]?.metadata.document_id;
    await x.call(desktop, 'get_knowledge_document', { document_id: documentId, passages: 2 });
    await x.call(assistant, 'manage_collections', { action: 'info', collection_name: 'Fibrosis', limit: 2 });
    await x.call(assistant, 'manage_collections', { action: 'link', collection_name: 'Fibrosis', research_id: live });
    await x.call(assistant, 'manage_collections', { action: 'unlink', collection_name: 'Fibrosis', research_id: live });
    await x.call(assistant, 'manage_collections', { action: 'create', collection_name: 'Scratch' });
    await x.call(assistant, 'manage_collections', { action: 'list' });
    await x.call(desktop, 'manage_collections', { action: 'delete', collection_name: 'Scratch' });

    // The scientist's policy for another assistant.
    await x.call(desktop, 'set_client_policy', { client_id: 'cursor', scopes: ['research:read', 'hypotheses:read'], rate_per_minute: 30, burst: 5, may_decide_checkpoints: false });

    // The scientist renames a hypothesis (as the title they saw) and deletes the spare project with undo, then undoes it.
    const shown = (await x.call(desktop, 'get_hypothesis', { hypothesis_id: liveBoard[0] })).hypothesis as { title: string; title_given: boolean };
    await x.call(desktop, 'set_hypothesis_title', { hypothesis_id: liveBoard[0], title: 'Regulator R7 inhibition in stellate cells', expected_title: shown.title_given ? shown.title : null });
    await x.call(desktop, 'trash_research', { research_id: spare, trashed: true });
    await x.call(desktop, 'trash_research', { research_id: spare, trashed: false });

    const byScenario = new Set(x.succeeded);

    // Every tool not called above (typically a new one): arguments synthesised from its input
    // schema, with ids of the objects made above, tried as the desktop in a few variants.
    const checkpoints = ((await x.call(assistant, 'list_checkpoints', { status: 'decided', limit: 50 })).checkpoints as Array<{ checkpoint_id: string }>).map((c) => c.checkpoint_id);
    const pools: Pools = {
      research_id: [live, done, spare],
      hypothesis_id: liveBoard,
      checkpoint_id: checkpoints,
      task_id: [],
      collection: ['Fibrosis'],
      path: [library],
      client: ['claude-desktop', 'cursor'],
    };
    // Readers first; tools that change or remove things act on the spare project.
    const rest = tools.filter((t) => !x.succeeded.has(t.name) && !['manage_research', 'decide'].includes(t.name));
    rest.sort((a, b) => Number(b.annotations?.readOnlyHint === true) - Number(a.annotations?.readOnlyHint === true));
    for (const tool of rest) {
      const toolPools = tool.annotations?.readOnlyHint === true ? pools : { ...pools, research_id: [spare, live, done] };
      for (let variant = 0; variant < 3 && !x.succeeded.has(tool.name); variant += 1) {
        await x.attempt(desktop, tool.name, synthesize(tool.inputSchema, '', toolPools, variant) as Structured);
      }
    }
    // Last, the destructive ones, on the spare project.
    await x.call(desktop, 'manage_research', { research_id: spare, action: 'delete' });

    const missed = tools.map((tool) => tool.name).filter((name) => !x.succeeded.has(name));
    expect(
      missed.map((name) => `${name}: ${x.lastError.get(name) ?? 'never called'}`),
      `Tools listed by tools/list that no valid call exercised. Add a call with valid arguments for each to test/integration/outputSchemas.test.ts.`,
    ).toEqual([]);
    expect(x.succeeded.size).toBe(tools.length);
    const synthesised = tools.map((tool) => tool.name).filter((name) => !byScenario.has(name));
    expect(x.carriedSchemas.size, 'work items and checkpoints carry JSON Schemas').toBeGreaterThan(3);
    process.stderr.write(`outputSchemas (${sdk}, ${era}): ${tools.length} tools, ${x.validated} results validated in draft-07 and 2020-12, ${x.carriedSchemas.size} carried schemas; ${byScenario.size} exercised by the scenario, ${synthesised.length} with arguments synthesised from their input schema (${synthesised.join(', ')})\n`);
  }, 120_000);
});
