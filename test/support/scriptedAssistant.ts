// A scripted assistant that runs a complete delegated project exactly as the server instructions
// and the research-workflow prompt say, and counts what lands in its context: tool definitions,
// instructions, every result's text block and structuredContent, and its own arguments
// (tokens ≈ characters / 4). The scientist approves each checkpoint from the desktop app (a second
// server with client `desktop`); the hidden quality of every hypothesis stays outside the protocol.
import { connectServer, tempDataDir, type ConnectedServer } from './server.js';
import { fakeHypothesis, fakeReview, fitToSchema, wordSource, type Words } from './fakeScientist.js';
import fs from 'node:fs';

type Json = Record<string, unknown>;

export const CHARS_PER_TOKEN = 4;

export interface CallRecord {
  tool: string;
  /** The work the arguments belong to (e.g. the kind of a submitted item). */
  phase: string;
  /** What the result carries: the kind of the work item it hands out, a checkpoint, or `phase`. */
  resultPhase: string;
  args: number;
  text: number;
  structured: number;
}

export interface ProjectLedger {
  hypotheses: number;
  seed: number;
  definitions: number;
  outputSchemas: number;
  instructions: number;
  calls: CallRecord[];
  largestResult: { tool: string; phase: string; chars: number };
  topRecall: number;
  /** Calls for the full text of hypotheses an item named as the assistant's own but that it no longer had. */
  textReads: number;
  /** The project's progress as each result reported it (continue_research, submit_work's next step), in call order. */
  progress: number[];
  /** The project the run created. */
  researchId: string;
}

export function tokens(chars: number): number {
  return Math.round(chars / CHARS_PER_TOKEN);
}

/** Context cost without structuredContent (what Claude Desktop and Claude Code put in context) and with it. */
export function totals(ledger: ProjectLedger): { base: number; withStructured: number; args: number } {
  const sum = (pick: (c: CallRecord) => number) => ledger.calls.reduce((acc, c) => acc + pick(c), 0);
  const fixed = ledger.definitions + ledger.instructions;
  const base = fixed + sum((c) => c.text + c.args);
  return { base: tokens(base), withStructured: tokens(base + ledger.outputSchemas + sum((c) => c.structured)), args: tokens(sum((c) => c.args)) };
}

interface WorkItem {
  task_id: string;
  kind: 'generate' | 'review' | 'compare' | 'evolve' | 'meta_review';
  context: Json;
  /** Sent with the rules (include_rules=true): the same for every item of a kind. */
  output_schema?: Json;
  rules?: { version: string; included: boolean };
}

interface NextStep {
  state: string;
  work_item: WorkItem | null;
  checkpoints: Array<{ checkpoint_id: string; kind: string }>;
}

const JUDGE_ACCURACY = 0.85;

/**
 * `env`: more environment for both servers, e.g. COSCI_DATABASE_URL naming the PostgreSQL database
 * a benchmark made for the folder; without it a test's servers get the run's engine's store for
 * the folder (server.ts: its PostgreSQL database in the PostgreSQL pass).
 */
export async function runScriptedProject(options: { hypotheses: number; seed: number; dataDir?: string; env?: Record<string, string> }): Promise<ProjectLedger> {
  const dataDir = options.dataDir ?? tempDataDir('cosci-context');
  const env = options.env === undefined ? {} : { env: options.env };
  const assistant = await connectServer({ dataDir, client: 'claude-desktop', ...env });
  const desktop = await connectServer({ dataDir, client: 'desktop', ...env });
  try {
    return await drive(assistant, desktop, options.hypotheses, options.seed);
  } finally {
    await Promise.all([assistant.close(), desktop.close()]);
    if (options.dataDir === undefined) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function drive(assistant: ConnectedServer, desktop: ConnectedServer, count: number, seed: number): Promise<ProjectLedger> {
  const words = wordSource(seed);
  const { tools } = await assistant.client.listTools();
  // What Claude Desktop and Claude Code hand the model for each tool: name, description and input
  // schema (title and annotations are read by the client, the output schema is counted below).
  const definitions = tools.reduce((sum, tool) => sum + JSON.stringify({ name: tool.name, description: tool.description, input_schema: tool.inputSchema }).length, 0);
  const outputSchemas = tools.reduce((sum, tool) => sum + JSON.stringify(tool.outputSchema ?? null).length, 0);
  const prompt = await assistant.client.getPrompt({ name: 'research-workflow', arguments: {} });
  const promptText = prompt.messages.map((m) => ('text' in m.content ? m.content.text : '')).join('\n');
  const ledger: ProjectLedger = {
    hypotheses: count,
    seed,
    definitions,
    outputSchemas,
    instructions: (assistant.client.getInstructions() ?? '').length + promptText.length,
    calls: [],
    largestResult: { tool: '', phase: '', chars: 0 },
    topRecall: 0,
    textReads: 0,
    progress: [],
    researchId: '',
  };
  /** The hypotheses this conversation wrote (submit_work's created_ids): their text is in its context. */
  const mine = new Set<string>();
  let lastText = '';
  const quality = new Map<string, number>();
  const written = new Map<string, number>();
  /** Each kind's output schema, as the rules brought it (an assistant keeps what it read). */
  const schemas = new Map<string, Json>();

  const call = async (tool: string, args: Json, phase: string): Promise<Json> => {
    const result = await assistant.client.callTool({ name: tool, arguments: args });
    lastText = (result.content as Array<{ type: string; text?: string }>).map((block) => block.text ?? '').join('\n');
    const text = lastText.length;
    const structured = result.structuredContent === undefined ? 0 : JSON.stringify(result.structuredContent).length;
    const resultPhase = phaseOfResult(result.structuredContent as Json | undefined) ?? phase;
    // CONTEXT_COST_DUMP=<file> appends every exchange, to read what the assistant actually saw.
    if (process.env.CONTEXT_COST_DUMP) fs.appendFileSync(process.env.CONTEXT_COST_DUMP, `\n=== ${tool} ${JSON.stringify(args)}\n--- text\n${(result.content as Array<{ text?: string }>).map((b) => b.text ?? '').join('\n')}\n--- structured\n${JSON.stringify(result.structuredContent)}\n`);
    ledger.calls.push({ tool, phase, resultPhase, args: JSON.stringify(args).length, text, structured });
    const biggest = Math.max(text, structured);
    if (biggest > ledger.largestResult.chars) ledger.largestResult = { tool, phase: resultPhase, chars: biggest };
    if (result.isError === true) throw new Error(`${tool} failed: ${JSON.stringify(result.content).slice(0, 2000)}`);
    const reported = (result.structuredContent as Json | undefined)?.progress ?? ((result.structuredContent as Json | undefined)?.next as Json | undefined)?.progress;
    if (typeof reported === 'number') ledger.progress.push(reported);
    return result.structuredContent as Json;
  };

  await call('list_research_projects', {}, 'setup');
  const started = await call('start_research', { goal: 'Find novel therapeutic targets that reverse liver fibrosis in adults', hypothesis_count: count }, 'setup');
  const researchId = started.research_id as string;
  ledger.researchId = researchId;
  let next = (await call('continue_research', { research_id: researchId }, 'setup')) as unknown as NextStep;
  for (let step = 0; step < 2000 && next.state !== 'completed'; step += 1) {
    if (next.state === 'awaiting_decision') {
      const checkpoint = next.checkpoints[0] as NextStep['checkpoints'][number];
      await callOk(desktop, 'decide', { checkpoint_id: checkpoint.checkpoint_id, action: 'approve' });
      next = (await call('continue_research', { research_id: researchId, wait_seconds: 5 }, `checkpoint:${checkpoint.kind}`)) as unknown as NextStep;
      continue;
    }
    if (next.state !== 'work' || next.work_item === null) throw new Error(`unexpected state ${next.state}`);
    let item = next.work_item;
    const itemText = lastText;
    // An item names its rules; an assistant that has not read them in this conversation asks once per kind.
    if (item.output_schema === undefined && !schemas.has(item.kind)) {
      const again = (await call('continue_research', { research_id: researchId, include_rules: true }, item.kind)) as unknown as NextStep;
      item = again.work_item as WorkItem;
    }
    // An item names the hypotheses this assistant wrote (written_by="you") instead of re-sending them;
    // one it does not have in this conversation is read in full, as the item says.
    const named = [...itemText.matchAll(/<untrusted_data kind="hypotheses" written_by="you">([^<]*)</g)].flatMap((m) => [...(m[1] as string).matchAll(/\bhyp_[0-9a-f]+/g)].map((id) => id[0]));
    if (named.some((id) => !mine.has(id))) {
      ledger.textReads += 1;
      await call('continue_research', { research_id: researchId, include_text: true }, item.kind);
    }
    if (item.output_schema !== undefined) schemas.set(item.kind, item.output_schema);
    const schema = schemas.get(item.kind) as Json;
    await refreshQualities(desktop, researchId, written, quality);
    const result = fitToSchema(answer(item, schema, words, quality, written), schema);
    const submitted = await call('submit_work', { task_id: item.task_id, result }, item.kind);
    for (const id of submitted.created_ids as string[]) mine.add(id);
    next = submitted.next as NextStep;
  }
  if (next.state !== 'completed') throw new Error('the project did not complete');
  await call('get_results', { research_id: researchId }, 'report');
  await refreshQualities(desktop, researchId, written, quality);
  ledger.topRecall = await topRecall(desktop, researchId, quality);
  return ledger;
}

function phaseOfResult(structured: Json | undefined): string | undefined {
  const next = (structured?.next ?? structured) as Partial<NextStep> | undefined;
  if (next?.work_item != null) return next.work_item.kind;
  const checkpoint = next?.checkpoints?.[0];
  return checkpoint !== undefined ? `checkpoint:${checkpoint.kind}` : undefined;
}

async function callOk(server: ConnectedServer, tool: string, args: Json): Promise<Json> {
  const result = await server.client.callTool({ name: tool, arguments: args });
  if (result.isError === true) throw new Error(`${tool} failed: ${JSON.stringify(result.content).slice(0, 2000)}`);
  return result.structuredContent as Json;
}

/** The oracle (outside the protocol): which stored hypothesis is which of the drafts we wrote. */
async function refreshQualities(desktop: ConnectedServer, researchId: string, written: Map<string, number>, quality: Map<string, number>): Promise<void> {
  if (quality.size === written.size) return;
  for (let cursor: string | null = null, first = true; first || cursor !== null; first = false) {
    const page = await callOk(desktop, 'list_hypotheses', { research_id: researchId, limit: 200, ...(cursor !== null ? { cursor } : {}) });
    for (const h of page.hypotheses as Array<{ id: string; summary: string }>) {
      const q = written.get(h.summary);
      if (q !== undefined) quality.set(h.id, q);
    }
    cursor = page.next_cursor as string | null;
  }
}

function answer(item: WorkItem, schema: Json, words: Words, quality: Map<string, number>, written: Map<string, number>): Json {
  const draft = (q: number) => {
    const h = fakeHypothesis(words);
    written.set((fitToSchema(h, hypothesisSchemaOf(item.kind, schema), schema) as Json).summary as string, q);
    return h;
  };
  switch (item.kind) {
    case 'generate':
      return { hypotheses: Array.from({ length: Number(item.context.count) }, () => draft(words.next())) };
    case 'review':
      return { reviews: (item.context.hypothesis_ids as string[]).map((id) => fakeReview(words, id, quality.get(id) ?? 0.5)) };
    case 'compare': {
      const pairs = item.context.pairs as Array<{ pair_id: string; first: string; second: string; debate?: boolean }>;
      return {
        judgements: pairs.map((pair) => {
          const firstBetter = (quality.get(pair.first) ?? 0) >= (quality.get(pair.second) ?? 0);
          const right = words.next() < JUDGE_ACCURACY;
          return {
            pair_id: pair.pair_id,
            winner: firstBetter === right ? 'first' : 'second',
            confidence: Math.round((0.6 + words.next() * 0.3) * 100) / 100,
            rationale: words.sentence(80),
            ...(pair.debate === true ? { debate: Array.from({ length: 4 }, (_, i) => ({ speaker: ['advocate of first', 'advocate of second', 'neutral expert', 'neutral expert'][i], argument: words.sentence(60) })) } : {}),
          };
        }),
      };
    }
    case 'evolve': {
      const parents = [item.context.hypothesis_id, item.context.partner_id].filter((id): id is string => typeof id === 'string');
      const best = Math.max(...parents.map((id) => quality.get(id) ?? 0.5));
      return { hypothesis: draft(Math.min(1, best + (words.next() - 0.3) * 0.1)), changes: words.sentence(60) };
    }
    case 'meta_review':
      return {
        recurring_critiques: Array.from({ length: 6 }, () => words.sentence(25)),
        feedback_for_generation: words.sentence(90),
        feedback_for_review: words.sentence(70),
        research_overview: Array.from({ length: 4 }, () => words.sentence(75)).join(' '),
      };
  }
}

/** The hypothesis draft's schema inside a generation or evolution output schema (to fit the summary we remember). */
function hypothesisSchemaOf(kind: WorkItem['kind'], schema: Json): unknown {
  const properties = (schema.properties ?? {}) as Json;
  return kind === 'generate' ? (properties.hypotheses as Json | undefined)?.items : properties.hypothesis;
}

async function topRecall(desktop: ConnectedServer, researchId: string, quality: Map<string, number>): Promise<number> {
  const listed = await callOk(desktop, 'list_hypotheses', { research_id: researchId, limit: 200 });
  const ranked = (listed.hypotheses as Array<{ id: string; rank: number | null }>).filter((h) => h.rank !== null);
  const top = new Set(
    [...ranked]
      .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0))
      .slice(0, 5)
      .map((h) => h.id),
  );
  const truth = [...ranked].sort((a, b) => (quality.get(b.id) ?? 0) - (quality.get(a.id) ?? 0)).slice(0, 5);
  return truth.filter((h) => top.has(h.id)).length / Math.min(5, truth.length);
}
