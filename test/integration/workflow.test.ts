// The whole co-scientist workflow over real stdio in delegated mode: an assistant's server does the
// thinking, the desktop's server decides checkpoints, both on one database.
import { describe, expect, it } from 'vitest';
import { parse as parseBibtex } from '@retorquere/bibtex-parser';
import { assistantAndDesktop, callOk as call, type ConnectedServer, type Structured } from '../support/server.js';
import { serversClosedAfterEach } from '../support/closedAfterEach.js';
import { fakeResult, type WorkItemLike } from '../support/fakeAssistant.js';

const open = serversClosedAfterEach();

interface Next {
  state: string;
  stage: string;
  work_item: (WorkItemLike & { rules: { version: string; included: boolean }; output_schema?: Structured }) | null;
  checkpoints: Array<{ checkpoint_id: string; kind: string; payload: Structured }>;
}

async function summariesOf(server: ConnectedServer, researchId: string): Promise<Map<string, string>> {
  const listed = await call(server, 'list_hypotheses', { research_id: researchId, limit: 200 });
  return new Map((listed.hypotheses as Array<{ id: string; summary: string }>).map((h) => [h.id, h.summary]));
}

describe('research workflow in delegated mode', () => {
  it('runs start → plan → generate → batch → review → rank to certification → evolve → final report → export', async () => {
    const { assistant, desktop } = await assistantAndDesktop();
    open.push(assistant, desktop);

    const started = await call(assistant, 'start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 6 });
    const researchId = started.research_id as string;
    expect(started.next_step).toMatch(/research plan waits/);

    const decisions: string[] = [];
    const kindsSeen = new Set<string>();
    let next = (await call(assistant, 'continue_research', { research_id: researchId })) as unknown as Next;
    for (let step = 0; step < 200 && next.state !== 'completed'; step += 1) {
      if (next.state === 'awaiting_decision') {
        const checkpoint = next.checkpoints[0] as Next['checkpoints'][number];
        // The assistant cannot decide: the scientist does, in the app (the desktop client).
        const denied = await assistant.client.callTool({ name: 'decide', arguments: { checkpoint_id: checkpoint.checkpoint_id, action: 'approve' } });
        expect(denied.isError).toBe(true);
        await call(desktop, 'decide', { checkpoint_id: checkpoint.checkpoint_id, action: 'approve' });
        decisions.push(checkpoint.kind);
        next = (await call(assistant, 'continue_research', { research_id: researchId })) as unknown as Next;
        continue;
      }
      expect(next.state).toBe('work');
      let item = next.work_item as NonNullable<Next['work_item']>;
      // Self-describing without the text: kind, ids in context, the rules by version; the output
      // schema comes with the rules, once per kind (an item without them does not repeat it).
      expect(item.rules.version).toMatch(new RegExp(`^${item.kind}-[0-9a-f]{8}$`));
      expect(item).not.toHaveProperty('output_schema');
      if (!kindsSeen.has(item.kind)) {
        const withRules = (await call(assistant, 'continue_research', { research_id: researchId, include_rules: true })) as unknown as Next;
        item = withRules.work_item as NonNullable<Next['work_item']>;
        expect(item.rules.included).toBe(true);
        expect(item.output_schema?.type).toBe('object');
      }
      kindsSeen.add(item.kind);
      expect(item).not.toHaveProperty('instructions');
      const submitted = await call(assistant, 'submit_work', { task_id: item.task_id, result: fakeResult(item, await summariesOf(assistant, researchId)) });
      next = submitted.next as Next;
    }
    expect(next.state).toBe('completed');
    // Generation comes in two work items (5 + 1) but the scientist approves one batch; evolved
    // hypotheses were approved through the evolution plan and skip the batch gate.
    expect(decisions).toEqual(['research_plan', 'hypothesis_batch', 'evolution_plan', 'final_report']);
    expect([...kindsSeen].sort()).toEqual(['compare', 'evolve', 'generate', 'meta_review', 'review']);

    const status = await call(assistant, 'get_research_status', { research_id: researchId });
    expect(status).toMatchObject({ status: 'completed', progress: 1 });

    const ranked = await call(assistant, 'rank_hypotheses', { research_id: researchId });
    // Comparisons ended by the stop rule (certified, or settled within the threshold), not by the budget.
    expect(ranked.stop_reason).not.toBeNull();
    const hypotheses = await call(assistant, 'list_hypotheses', { research_id: researchId, limit: 200 });
    const list = hypotheses.hypotheses as Array<{ id: string; origin: string; parents: string[]; summary: string; rank: number | null }>;
    expect(list.filter((h) => h.origin === 'evolved').length).toBeGreaterThanOrEqual(1);
    for (const evolved of list.filter((h) => h.origin === 'evolved')) {
      for (const parent of evolved.parents) expect(list.some((h) => h.id === parent)).toBe(true);
    }

    // An export small enough to inline is the text block (once); a larger one is a link to the export resource.
    const exported = async (format: string): Promise<{ text: string; uri: string }> => {
      const result = await assistant.client.callTool({ name: 'export_results', arguments: { research_id: researchId, format } });
      const data = result.structuredContent as { inline: boolean; content: string | null; resource_uri: string };
      expect(data.content).toBeNull();
      const text = data.inline
        ? (result.content as Array<{ type: string; text?: string }>)[0]?.text ?? ''
        : ((await assistant.client.readResource({ uri: data.resource_uri })).contents[0] as { text: string }).text;
      return { text, uri: data.resource_uri };
    };
    const bibtex = await exported('bibtex');
    // The same export is readable as the resource export_results links to.
    const linked = await assistant.client.readResource({ uri: bibtex.uri });
    const withoutHeader = (text: string) => text.split('\n').filter((line) => !line.startsWith('%')).join('\n');
    expect(withoutHeader((linked.contents[0] as { text: string }).text)).toBe(withoutHeader(bibtex.text));
    const parsed = parseBibtex(bibtex.text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.entries.length).toBeGreaterThan(0);
    const json = JSON.parse((await exported('json')).text) as { hypotheses: unknown[] };
    expect(json.hypotheses.length).toBe(list.length);
    expect((await exported('markdown')).text).toContain('liver fibrosis');
    const aims = await assistant.client.callTool({ name: 'get_results', arguments: { research_id: researchId, format: 'nih_aims' } });
    expect((aims.content as Array<{ text?: string }>)[0]?.text).toMatch(/Specific Aims/i);
  }, 120_000);
});
