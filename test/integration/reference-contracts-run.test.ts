// The reference contracts over a whole delegated project (issue 32 §2): a scripted assistant runs a
// 20-hypothesis project start → final report over real stdio, and then every client generation
// reads its results. Progress never goes back; every result of get_results and export_results, in
// every format and option, stays within 20,000 characters in each block; the counts of a detailed
// answer are the project's, not the shown subset's.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScriptedProject, type ProjectLedger } from '../support/scriptedAssistant.js';
import { CLIENT_KINDS, connectServer, tempDataDir, type ConnectedServer, type ServerProcess, type ToolClient } from '../support/server.js';
import { describeToolFailure } from '../support/toolErrors.js';

/** The most characters either block of one tool result may hold (Claude Code files away results past 25k tokens; we stay far below). */
const RESULT_BLOCK_LIMIT = 20_000;

let dataDir: string;
let ledger: ProjectLedger;

beforeAll(async () => {
  dataDir = tempDataDir('cosci-contracts-run');
  ledger = await runScriptedProject({ hypotheses: 20, seed: 7, dataDir });
}, 120_000);

function nonDecreasing(values: readonly number[]): boolean {
  return values.every((value, i) => i === 0 || value >= (values[i - 1] as number));
}

describe('progress over a delegated project', () => {
  it('never decreases and ends at 1', () => {
    expect(ledger.progress.length).toBeGreaterThan(20);
    expect(nonDecreasing(ledger.progress), ledger.progress.join(' → ')).toBe(true);
    expect(ledger.progress.at(-1)).toBe(1);
  });

  it('never decreases, whatever the project draws (other seeds)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 10_000 }), async (seed) => {
        const run = await runScriptedProject({ hypotheses: 6, seed });
        expect(nonDecreasing(run.progress), `seed ${seed}: ${run.progress.join(' → ')}`).toBe(true);
      }),
      { numRuns: 2, seed: 32 },
    );
  }, 120_000);
});

function textOf(result: { content?: unknown }): string {
  return (result.content as Array<{ type: string; text?: string }>).map((block) => block.text ?? '').join('\n');
}

/** Every option of get_results and export_results: each format with no top_n and with each top_n from 1 to 20. */
const RESULT_CALLS: Array<[string, Record<string, unknown>]> = [
  ...(['summary', 'detailed', 'nih_aims'] as const).flatMap((format): Array<[string, Record<string, unknown>]> => [
    ['get_results', { format }],
    ...Array.from({ length: 20 }, (_, i): [string, Record<string, unknown>] => ['get_results', { format, top_n: i + 1 }]),
  ]),
  ['get_results', {}],
  ...(['markdown', 'json', 'bibtex'] as const).map((format): [string, Record<string, unknown>] => ['export_results', { format }]),
  ['export_results', {}],
];

describe.each(CLIENT_KINDS)('results of a 20-hypothesis project ($label)', ({ sdk, era }) => {
  let server: ConnectedServer<ToolClient, ServerProcess>;

  beforeAll(async () => {
    server = await connectServer({ dataDir, client: 'claude-desktop', sdk, era });
  }, 30_000);
  afterAll(async () => {
    await server?.close();
  });

  it('no result of get_results or export_results exceeds 20,000 characters in either block, in any format or option', async () => {
    const oversize: string[] = [];
    for (const [tool, args] of RESULT_CALLS) {
      const result = await server.client.callTool({ name: tool, arguments: { research_id: ledger.researchId, ...args } });
      expect(result.isError, `${tool} ${JSON.stringify(args)}: ${describeToolFailure(result)}`).not.toBe(true);
      const text = textOf(result).length;
      const structured = JSON.stringify(result.structuredContent ?? null).length;
      if (text > RESULT_BLOCK_LIMIT || structured > RESULT_BLOCK_LIMIT) oversize.push(`${tool} ${JSON.stringify(args)}: text ${text}, structured ${structured}`);
    }
    expect(oversize).toEqual([]);
  }, 60_000);

  it('a detailed answer too large for one result shows what fits and links the whole report', async () => {
    const result = await server.client.callTool({ name: 'get_results', arguments: { research_id: ledger.researchId, format: 'detailed', top_n: 20 } });
    const uri = `research://projects/${ledger.researchId}/report`;
    expect(textOf(result)).toContain(`did not fit in one answer (20,000 characters): read the whole report at ${uri}`);
    expect(result.content).toContainEqual(expect.objectContaining({ type: 'resource_link', uri }));
    const whole = (await server.client.readResource({ uri })).contents[0] as { text: string };
    expect(whole.text.length).toBeGreaterThan(RESULT_BLOCK_LIMIT);
    expect(whole.text).toContain('## Ranked hypotheses');
  }, 30_000);

  it('a detailed answer counts the project, not the hypotheses it shows', async () => {
    const status = await server.client.callTool({ name: 'get_research_status', arguments: { research_id: ledger.researchId } });
    const total = (status.structuredContent as { hypotheses_generated: number }).hypotheses_generated;
    expect(total).toBeGreaterThan(20);
    for (const top_n of [1, 3, 5]) {
      const detailed = await server.client.callTool({ name: 'get_results', arguments: { research_id: ledger.researchId, format: 'detailed', top_n } });
      expect(textOf(detailed)).toContain(`**Hypotheses:** ${total} (`);
      const summary = await server.client.callTool({ name: 'get_results', arguments: { research_id: ledger.researchId, format: 'summary', top_n } });
      expect(textOf(summary)).toContain(`${total} hypotheses over`);
    }
  }, 60_000);
});
