// Plays both sides of delegated research around the GUI: an assistant (its own research server,
// client `claude-desktop`) that does the work items with the deterministic fake reasoner, and,
// for setting the stage quickly, a second desktop-client server standing in for decisions the
// test is not about. Both use the same data dir as the web host under test.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { fakeResult, type WorkItemLike } from '../../../support/fakeAssistant.js';
import { SERVER_ENTRY } from './paths.js';
import { serverEnvFor } from '../../../support/server.js';
import { describeToolFailure } from '../../../support/toolErrors.js';

export type Structured = Record<string, unknown>;

export interface NextStep {
  state: string;
  work_item: (WorkItemLike & { title: string }) | null;
  checkpoints: Array<{ checkpoint_id: string; kind: string; payload: Structured }>;
  /** The result's text block: what the assistant's model reads (the work item's instructions are only here). */
  text?: string;
}

export interface McpSide {
  call(name: string, args: Record<string, unknown>): Promise<Structured>;
  callWithText(name: string, args: Record<string, unknown>): Promise<{ structured: Structured; text: string }>;
  close(): Promise<void>;
}

export interface ResearchAssistant extends McpSide {
  startResearch(goal: string, hypothesisCount: number): Promise<string>;
  /** Does work items until the project waits for the scientist; returns what waits. */
  workUntilDecision(researchId: string): Promise<NextStep['checkpoints']>;
  continueResearch(researchId: string): Promise<NextStep>;
  summaries(researchId: string): Promise<Map<string, string>>;
}

async function connect(dataDir: string, client: string): Promise<McpSide> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [SERVER_ENTRY, '--client', client, '--data-dir', dataDir], env: serverEnvFor(client, dataDir), stderr: 'pipe' });
  const mcp = new Client({ name: `e2e-${client}`, version: '1.0.0' });
  await mcp.connect(transport);
  const callWithText: McpSide['callWithText'] = async (name, args) => {
    const result = await mcp.callTool({ name, arguments: args });
    if (result.isError) throw new Error(`${client} ${name} failed: ${describeToolFailure(result)}`);
    const text = (result.content as Array<{ text?: string }>).map((block) => block.text ?? '').join('\n');
    return { structured: result.structuredContent as Structured, text };
  };
  return {
    callWithText,
    async call(name, args) {
      return (await callWithText(name, args)).structured;
    },
    close: () => mcp.close(),
  };
}

export async function connectResearchAssistant(dataDir: string): Promise<ResearchAssistant> {
  const side = await connect(dataDir, 'claude-desktop');
  const summaries = async (researchId: string) => {
    const listed = await side.call('list_hypotheses', { research_id: researchId, limit: 200 });
    return new Map((listed.hypotheses as Array<{ id: string; summary: string }>).map((h) => [h.id, h.summary]));
  };
  const continueResearch = async (researchId: string): Promise<NextStep> => {
    const { structured, text } = await side.callWithText('continue_research', { research_id: researchId });
    return { ...(structured as unknown as NextStep), text };
  };
  return {
    ...side,
    summaries,
    continueResearch,
    async startResearch(goal, hypothesisCount) {
      return (await side.call('start_research', { goal, hypothesis_count: hypothesisCount })).research_id as string;
    },
    async workUntilDecision(researchId) {
      let next = await continueResearch(researchId);
      for (let step = 0; step < 200 && next.state === 'work'; step += 1) {
        const item = next.work_item as WorkItemLike;
        next = (await side.call('submit_work', { task_id: item.task_id, result: fakeResult(item, await summaries(researchId)) })).next as NextStep;
      }
      if (next.state !== 'awaiting_decision') throw new Error(`expected the project to wait for a decision, but it is ${next.state}`);
      return next.checkpoints;
    },
  };
}

/** A desktop-client server for setup decisions the test is not about (the GUI is tested elsewhere). */
export function connectScientistShortcut(dataDir: string): Promise<McpSide> {
  return connect(dataDir, 'desktop');
}

/** 60 words, as a hypothesis summary must have 50-100. */
export function sixtyWordSummary(topic: string): string {
  const base = `Inhibiting ${topic} in activated hepatic stellate cells reduces collagen deposition and reverses established fibrosis in two mouse models`;
  const filler = 'measured by hydroxyproline content blinded histology scoring and single cell sequencing of the remaining myofibroblast population after eight weeks of treatment with matched vehicle controls and two independent cohorts of animals per arm'.split(' ');
  const words = base.split(' ');
  while (words.length < 60) words.push(filler[(words.length - base.split(' ').length) % filler.length] as string);
  return words.join(' ');
}
