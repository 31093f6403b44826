// The seeds' contracts where they fit our tools (issue 15, "The seeds' contracts"; the mapping is
// docs/seed-mapping.md): rank_hypotheses takes seed 000's `method`, get_research_status carries seed
// 004's get_session fields, manage_collections takes seed 002's `project_name`, and
// query_knowledge_base returns seed 002's default of 10 passages.
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assistantAndDesktop, callOk as call, type AssistantAndDesktop, type ConnectedServer } from '../support/server.js';

let assistant: ConnectedServer;
let dataDir: string;
let pair: AssistantAndDesktop;

beforeEach(async () => {
  pair = await assistantAndDesktop();
  ({ assistant, dataDir } = pair);
});
afterEach(async () => {
  await pair.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('seed contracts', () => {
  it('rank_hypotheses accepts method, and get_research_status answers get_session\'s questions', async () => {
    const started = await call(assistant, 'start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 3 });
    const researchId = started.research_id as string;
    for (const method of ['tournament', 'direct_comparison']) {
      expect(await call(assistant, 'rank_hypotheses', { research_id: researchId, method })).toMatchObject({ research_id: researchId, work_item: null, position_bias_ci95: null });
    }
    const status = await call(assistant, 'get_research_status', { research_id: researchId });
    expect(status).toMatchObject({ is_complete: false, has_pending_checkpoint: true, current_checkpoint_kind: 'research_plan' });
  }, 60_000);

  it('manage_collections links by project_name, and query_knowledge_base returns 10 passages by default', async () => {
    const started = await call(assistant, 'start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 3 });
    await call(assistant, 'manage_collections', { action: 'create', collection_name: 'Notes' });
    expect(await call(assistant, 'manage_collections', { action: 'link', collection_name: 'Notes', project_name: started.research_id })).toMatchObject({ changed: true });
    for (let i = 0; i < 12; i += 1) {
      await call(assistant, 'augment_knowledge', {
        collection: 'Notes',
        source: `https://example.org/note-${i}`,
        title: `Stellate cell note ${i}`,
        content: `Note ${i}: hepatic stellate cells drive collagen deposition in liver fibrosis through TGF-beta signalling, observation ${i}.`,
      });
    }
    const found = await call(assistant, 'query_knowledge_base', { query: 'stellate cells collagen fibrosis' });
    expect((found.results as unknown[]).length).toBe(10);
  }, 60_000);
});
