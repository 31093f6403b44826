// get_leaderboard's optional `search` and `summary_chars` (src-mcp/mcp/tools/desktop/boardRows.ts)
// over real stdio, with both SDK generations' clients: the app reads the board with table-length
// summaries and asks the server to search, so a word at the very end of a long summary is found
// although the page carries only the summary's start; without the new parameters a page is as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantAndDesktop, callError, callOk, CLIENT_KINDS, connectServer, type AssistantAndDesktop, type ConnectedServer, type ServerProcess, type ToolClient } from '../support/server.js';
import { hypothesisDraft } from '../support/fakeAssistant.js';
import type { LeaderboardColumns } from '../../src-shared/schemas/tournament.js';

const TAIL_WORD = 'zyxquorumsensing';
let pair: AssistantAndDesktop;
let researchId: string;
let tailId: string;

beforeAll(async () => {
  pair = await assistantAndDesktop();
  const started = await callOk(pair.assistant, 'start_research', { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesis_count: 3 });
  researchId = started.research_id as string;
  for (const variant of [1, 2, 3]) {
    const draft = hypothesisDraft(variant);
    // Hypothesis 2's summary ends in a word no other summary has.
    const summary = variant === 2 ? `${(draft.summary as string).split(' ').slice(0, -1).join(' ')} ${TAIL_WORD}` : draft.summary;
    const added = await callOk(pair.desktop, 'add_hypothesis', { research_id: researchId, hypothesis: { ...draft, summary } });
    if (variant === 2) tailId = added.hypothesis_id as string;
  }
}, 60_000);

afterAll(async () => {
  await pair.close();
});

interface ColumnPage {
  rows: unknown[];
  columns: LeaderboardColumns;
  total: number;
  next_cursor: string | null;
}

describe.each(CLIENT_KINDS)('get_leaderboard search and summary_chars ($label)', ({ sdk, era }) => {
  let desktop: ConnectedServer<ToolClient, ServerProcess>;
  beforeAll(async () => {
    desktop = (await connectServer({ dataDir: pair.dataDir, client: 'desktop', sdk, era })) as ConnectedServer<ToolClient, ServerProcess>;
  });
  afterAll(async () => {
    await desktop.close();
  });
  const page = async (args: Record<string, unknown>): Promise<ColumnPage> =>
    (await callOk(desktop, 'get_leaderboard', { research_id: researchId, format: 'columns', ...args })) as unknown as ColumnPage;

  it('cuts summaries to summary_chars at a word, marked with an ASCII "...", and leaves short ones whole', async () => {
    const full = await page({});
    const cut = await page({ summary_chars: 120 });
    expect(cut.columns.id).toEqual(full.columns.id);
    cut.columns.summary.forEach((summary, i) => {
      const whole = full.columns.summary[i] as string;
      expect(whole.length).toBeGreaterThan(120);
      expect(summary.length).toBeLessThanOrEqual(120);
      expect(summary.endsWith('...')).toBe(true);
      expect(whole.startsWith(summary.slice(0, -3))).toBe(true);
    });
    const roomy = await page({ summary_chars: 10_000 });
    expect(roomy.columns.summary).toEqual(full.columns.summary);
  });

  it('finds a word that is only in the tail of a long summary, also when summaries are cut', async () => {
    const whole = await page({ search: `  ${TAIL_WORD.toUpperCase()} ` });
    expect(whole.columns.id).toEqual([tailId]);
    expect(whole.columns.summary[0]?.endsWith(TAIL_WORD)).toBe(true);
    const cut = await page({ search: TAIL_WORD, summary_chars: 60 });
    expect(cut.columns.id).toEqual([tailId]);
    expect(cut.columns.summary[0]).not.toContain(TAIL_WORD);
    // Every term must occur; "h<number>" and the id are searched too.
    expect((await page({ search: `${TAIL_WORD} fibrosis` })).columns.id).toEqual([tailId]);
    expect((await page({ search: `${TAIL_WORD} nosuchword` })).columns.id).toEqual([]);
    expect((await page({ search: tailId })).columns.id).toEqual([tailId]);
    const all = await page({ search: 'variant' });
    expect(all.columns.id).toHaveLength(3);
    expect(all.total).toBe(3);
  });

  it('keeps the row format and its default output unchanged, and refuses a bad summary_chars', async () => {
    const rows = (await callOk(desktop, 'get_leaderboard', { research_id: researchId })) as { rows: Array<{ id: string; summary: string }> };
    expect(rows.rows.find((row) => row.id === tailId)?.summary.endsWith(TAIL_WORD)).toBe(true);
    const searched = (await callOk(desktop, 'get_leaderboard', { research_id: researchId, search: TAIL_WORD })) as { rows: Array<{ id: string }> };
    expect(searched.rows.map((row) => row.id)).toEqual([tailId]);
    expect(await callError(desktop, 'get_leaderboard', { research_id: researchId, summary_chars: 5 })).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('summary_chars') });
  });
});
