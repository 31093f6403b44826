// Runs a small research project to completion over real stdio, as it happens for a scientist:
// an assistant's server (client `claude-desktop`) does the thinking in delegated mode with the
// deterministic fake assistant, and the desktop's server (client `desktop`) approves every
// checkpoint. The result has reviewed, ranked and evolved hypotheses and a certified top-k.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { fakeResult, type WorkItemLike } from '../../../support/fakeAssistant.js';
import { SERVER_ENTRY } from './paths.js';
import { databaseEnvFor, serverEnvFor } from '../../../support/server.js';
import { describeToolFailure } from '../../../support/toolErrors.js';

export type Structured = Record<string, unknown>;

export interface McpSession {
  client: Client;
  call(name: string, args: Structured): Promise<Structured>;
  close(): Promise<void>;
}

export async function openSession(dataDir: string, clientId: string): Promise<McpSession> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [SERVER_ENTRY, '--client', clientId, '--data-dir', dataDir], env: { ...serverEnvFor(clientId, dataDir), ...(await databaseEnvFor(dataDir)) }, stderr: 'pipe' });
  const client = new Client({ name: `e2e-${clientId}`, version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    async call(name, args) {
      const result = await client.callTool({ name, arguments: args });
      if (result.isError === true) throw new Error(`${name} failed: ${describeToolFailure(result)}`);
      return result.structuredContent as Structured;
    },
    close: () => client.close(),
  };
}

interface Next {
  state: string;
  work_item: (WorkItemLike & { task_id: string }) | null;
  checkpoints: Array<{ checkpoint_id: string }>;
}

/** Starts a project as the assistant and drives it until the workflow completes; returns its id. */
export async function runResearchToCompletion(assistant: McpSession, desktop: McpSession, options: { goal: string; hypotheses: number }): Promise<string> {
  // Stop threshold 0: compare until the top-k is certified (not merely settled), which the views under test show.
  const started = await assistant.call('start_research', { goal: options.goal, hypothesis_count: options.hypotheses, ranking_stop_threshold: 0 });
  const researchId = started.research_id as string;
  await driveResearchToCompletion(assistant, desktop, researchId);
  return researchId;
}

/**
 * The assistant's and the desktop's sessions on one data folder for the length of `work`, closed
 * after it whatever happens: the usual way to prepare a project before a test looks at it.
 */
export async function withResearchSessions<T>(dataDir: string, work: (assistant: McpSession, desktop: McpSession) => Promise<T>): Promise<T> {
  const assistant = await openSession(dataDir, 'claude-desktop');
  const desktop = await openSession(dataDir, 'desktop');
  try {
    return await work(assistant, desktop);
  } finally {
    await Promise.all([assistant.close(), desktop.close()]);
  }
}

/** A project run to completion in the data folder, its sessions closed again; returns its id. */
export function completedResearchIn(dataDir: string, options: { goal: string; hypotheses: number }): Promise<string> {
  return withResearchSessions(dataDir, (assistant, desktop) => runResearchToCompletion(assistant, desktop, options));
}

/** Drives a started project until its workflow completes, approving every checkpoint as the desktop. */
export async function driveResearchToCompletion(assistant: McpSession, desktop: McpSession, researchId: string): Promise<void> {
  let next = (await assistant.call('continue_research', { research_id: researchId })) as unknown as Next;
  for (let step = 0; step < 300 && next.state !== 'completed'; step += 1) {
    if (next.state === 'awaiting_decision') {
      for (const checkpoint of next.checkpoints) await desktop.call('decide', { checkpoint_id: checkpoint.checkpoint_id, action: 'approve' });
      next = (await assistant.call('continue_research', { research_id: researchId })) as unknown as Next;
      continue;
    }
    if (next.work_item === null) throw new Error(`The workflow stopped in state ${next.state} without work.`);
    const listed = await assistant.call('list_hypotheses', { research_id: researchId, limit: 200 });
    const summaries = new Map((listed.hypotheses as Array<{ id: string; summary: string }>).map((h) => [h.id, h.summary]));
    const submitted = await assistant.call('submit_work', { task_id: next.work_item.task_id, result: fakeResult(next.work_item, summaries) });
    next = submitted.next as Next;
  }
  if (next.state !== 'completed') throw new Error(`The workflow did not complete (state ${next.state}).`);
}
