// Say each hypothesis once (docs/work-items.md): a review item names the hypotheses its assistant
// wrote (one line each in a written_by="you" block) and says how to get them in full; the same item
// for another assistant, or asked for with include_text=true, carries every text in full.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectServer, tempDataDir, type ConnectedServer } from '../support/server.js';
import { fakeHypothesis, fitToSchema, wordSource } from '../support/fakeScientist.js';

type Json = Record<string, unknown>;
interface Item { task_id: string; kind: string; output_schema?: Json }
interface Step { state: string; work_item: Item | null; checkpoints: Array<{ checkpoint_id: string; kind: string }> }

/** The scientist rewrites one hypothesis's rationale at the batch checkpoint: it is no longer its writer's text. */
const EDITED_RATIONALE = 'Rewritten by the scientist: stellate cell senescence, not apoptosis, is the step that lets the scar regress in adult livers.';

const textOf = (result: { content: unknown }): string => (result.content as Array<{ text?: string }>).map((b) => b.text ?? '').join('\n');

/** The block that names the reader's own hypotheses, one line each (label, id, title). */
const ownBlock = (text: string): string => /<untrusted_data kind="hypotheses" written_by="you">\n([^<]*)<\/untrusted_data>/.exec(text)?.[1] ?? '';

describe('a review item names the hypotheses its reader wrote', () => {
  const dataDir = tempDataDir('cosci-own-text');
  let writer: ConnectedServer;
  let other: ConnectedServer;
  let desktop: ConnectedServer;
  let researchId = '';
  const summaries = new Map<string, string>();
  let edited = '';
  const seen: string[] = [];

  const call = async (server: ConnectedServer, name: string, args: Json) => {
    const result = await server.client.callTool({ name, arguments: args });
    if (result.isError === true) throw new Error(`${name}: ${textOf(result)}`);
    return { text: textOf(result), data: result.structuredContent as Json };
  };

  /** The writer does the work until a review item is handed out (to the `reviewer`), approving checkpoints in the app. */
  const untilReview = async (reviewer: ConnectedServer) => {
    const words = wordSource(3);
    for (let i = 0; i < 40; i += 1) {
      const turn = reviewer;
      const next = await call(turn, 'continue_research', { research_id: researchId, wait_seconds: 5 });
      const step = next.data as unknown as Step;
      if (step.state === 'awaiting_decision') {
        const checkpoint = step.checkpoints[0] as Step['checkpoints'][number];
        if (checkpoint.kind === 'hypothesis_batch' && edited === '') {
          edited = [...summaries.keys()][0] as string;
          await call(desktop, 'decide', { checkpoint_id: checkpoint.checkpoint_id, action: 'edit', data: { hypotheses: [{ id: edited, rationale: EDITED_RATIONALE }] } });
        } else {
          await call(desktop, 'decide', { checkpoint_id: checkpoint.checkpoint_id, action: 'approve' });
        }
        continue;
      }
      const item = step.work_item as Item;
      if (item.kind === 'review') return { item, text: next.text };
      if (item.kind !== 'generate' || turn !== writer) throw new Error(`unexpected ${item.kind}`);
      const schema = (await call(writer, 'continue_research', { research_id: researchId, include_rules: true })).data as unknown as Step;
      const json = schema.work_item?.output_schema as Json;
      const count = Number(((step.work_item as unknown as { context: Json }).context).count);
      const result = fitToSchema({ hypotheses: Array.from({ length: count }, () => fakeHypothesis(words)) }, json) as { hypotheses: Json[] };
      const stored = await call(writer, 'submit_work', { task_id: item.task_id, result });
      (stored.data.created_ids as string[]).forEach((id, n) => summaries.set(id, result.hypotheses[n]?.summary as string));
    }
    throw new Error('no review item');
  };

  beforeAll(async () => {
    writer = await connectServer({ dataDir, client: 'claude-desktop' });
    other = await connectServer({ dataDir, client: 'cursor' });
    desktop = await connectServer({ dataDir, client: 'desktop' });
    researchId = (await call(writer, 'start_research', { goal: 'Find therapeutic targets that reverse liver fibrosis', hypothesis_count: 10 })).data.research_id as string;
  }, 60_000);

  afterAll(async () => {
    await Promise.all([writer?.close(), other?.close(), desktop?.close()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('names them to the assistant that wrote them, and include_text brings them in full', async () => {
    const { item, text } = await untilReview(writer);
    const ids = (item as unknown as { context: { hypothesis_ids: string[] } }).context.hypothesis_ids;
    seen.push(text);
    for (const id of ids.filter((x) => x !== edited)) {
      expect(ownBlock(text)).toMatch(new RegExp(`^H\\d+ ${id}: .+$`, 'm'));
      expect(text).not.toContain(summaries.get(id));
    }
    expect(text).toContain(`continue_research(research_id="${researchId}", include_text=true)`);
    const full = await call(writer, 'continue_research', { research_id: researchId, include_text: true });
    expect((full.data as unknown as Step).work_item?.task_id).toBe(item.task_id);
    for (const id of ids) expect(full.text).toContain(summaries.get(id));
    expect(full.text).not.toContain('written_by="you"');
  }, 120_000);

  it('shows them in full to another assistant', async () => {
    const next = await call(other, 'continue_research', { research_id: researchId });
    const step = next.data as unknown as Step;
    expect(step.work_item?.kind).toBe('review');
    const ids = (step.work_item as unknown as { context: { hypothesis_ids: string[] } }).context.hypothesis_ids;
    for (const id of ids) expect(next.text).toContain(summaries.get(id));
    expect(next.text).not.toContain('written_by="you"');
    seen.push(next.text);
  }, 60_000);

  it('shows a hypothesis the scientist edited in full, also to the assistant that wrote it', () => {
    expect(seen[0]).toContain(`id="${edited}"`);
    // It is in the first review item, the writer's, where it would otherwise be named.
    const shownIn = seen[0];
    expect(shownIn).toBeDefined();
    expect(shownIn).toContain(EDITED_RATIONALE);
    expect(ownBlock(shownIn ?? '')).not.toContain(edited);
  });
});
