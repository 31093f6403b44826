// Sampling (architecture.md, *Reasoners*, second choice): a client that declares the `sampling` capability may
// lend its own model. On 2025-era connections the server sends `sampling/createMessage` and waits.
// 2026-era connections are never attached, so their work items stay delegated: there, sampling is
// an input_required result the client answers by retrying the whole tool call, which would turn
// each work item into a retried continue_research — delegation already serves those clients well.
// A client whose sampling fails or is declined once is not asked again while this process runs.
import type { Db } from '../store/database.js';
import { writeTransaction } from '../store/database.js';
import type { Actor } from '../engine/changes.js';
import type { CitationVerifier } from '../engine/hypotheses.js';
import { nextStep } from '../engine/workflow/supervisor.js';
import type { LeaseOwnerProbe } from '../engine/workflow/tasks.js';
import { runAutomaticTask, type AutomaticReasoner, type ReasonerAnswer, type RepairRequest } from './automaticTask.js';
import { parseJsonAnswer, repairPrompt, SYSTEM_PROMPT, workItemPrompt } from './providers/prompt.js';
import type { GroundingSource } from './workItems.js';

interface TextMessage {
  role: 'user' | 'assistant';
  content: { type: 'text'; text: string };
}

/** The parameters of `sampling/createMessage` that we send. */
export interface SamplingParams {
  messages: TextMessage[];
  systemPrompt: string;
  maxTokens: number;
  includeContext: 'none';
  modelPreferences: { intelligencePriority: number; speedPriority: number; costPriority: number };
}

/** The SDK's 2025-era Server, as far as sampling goes (structural, so this layer needs no MCP code). */
export interface LegacySamplingServer {
  getClientCapabilities(): { sampling?: unknown } | undefined;
  createMessage(params: SamplingParams, options?: { signal?: AbortSignal; timeout?: number }): Promise<{ model: string; content: unknown }>;
}

/** Output room for a batch of five detailed hypotheses or reviews. */
const SAMPLING_MAX_TOKENS = 8192;

export class SamplingChannel {
  #server: LegacySamplingServer | null = null;
  #unavailable: string | null = null;

  /** Attaches this process's 2025-era connection; returns the function that detaches it. */
  attach(server: LegacySamplingServer): () => void {
    this.#server = server;
    return () => {
      if (this.#server === server) this.#server = null;
    };
  }

  /** Stops asking this client (it declined, or its sampling failed) until the process restarts. */
  markUnavailable(reason: string): void {
    this.#unavailable = reason;
  }

  /** The client's model as a reasoner, when the connected client declared sampling and has not failed. */
  reasoner(clientId: string, deadline: () => number): AutomaticReasoner | undefined {
    const server = this.#server;
    if (server === null || this.#unavailable !== null || server.getClientCapabilities()?.sampling === undefined) return undefined;
    return samplingReasoner(server, clientId, deadline);
  }
}

function samplingReasoner(server: LegacySamplingServer, clientId: string, deadline: () => number): AutomaticReasoner {
  return {
    label: `sampling:${clientId}`,
    model: null,
    async complete(item, _role, signal, repair?: RepairRequest): Promise<ReasonerAnswer> {
      const messages: TextMessage[] = [text('user', workItemPrompt(item))];
      if (repair !== undefined) messages.push(text('assistant', repair.previousText), text('user', repairPrompt(repair.errors)));
      const timeout = Math.max(1000, deadline() - Date.now());
      const reply = await server.createMessage(
        {
          messages,
          systemPrompt: SYSTEM_PROMPT,
          maxTokens: SAMPLING_MAX_TOKENS,
          // Our own instructions carry all the context a model needs; the client's conversation would only distract it.
          includeContext: 'none',
          modelPreferences: { intelligencePriority: 0.9, speedPriority: 0.3, costPriority: 0.2 },
        },
        { signal, timeout },
      );
      const answerText = textOf(reply.content);
      const parsed = parseJsonAnswer(answerText);
      // Sampling results carry no token counts, and the client pays for them: usage is counted in calls.
      return { result: parsed.value, parseError: parsed.error, text: answerText, model: reply.model, usage: { inputTokens: 0, outputTokens: 0 }, costUsd: null };
    },
  };
}

function text(role: TextMessage['role'], body: string): TextMessage {
  return { role, content: { type: 'text', text: body } };
}

function textOf(content: unknown): string {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks
    .filter((block): block is { type: 'text'; text: string } => typeof block === 'object' && block !== null && (block as { type?: unknown }).type === 'text')
    .map((block) => block.text)
    .join('\n');
}

export interface SampledRunDeps {
  db: Db;
  actor: Actor;
  owner: string;
  ownerAlive: LeaseOwnerProbe;
  verify: CitationVerifier;
  grounding: GroundingSource;
  scrub: (text: string) => string;
}

export interface SampledRun {
  /** Work items the client's model completed, and by which model. */
  tasks: Array<{ task_id: string; kind: string; reasoner: string }>;
  /** Why sampling stopped early, when it failed (the work item then goes to the assistant). */
  failure: string | null;
}

/**
 * Completes the project's work items through the client's model until the project waits for
 * something else, the deadline passes, or sampling fails (the task stays leased to this caller,
 * so the next step hands it to the assistant: delegation is the fallback).
 */
export async function sampleProjectWork(deps: SampledRunDeps, projectId: string, reasoner: AutomaticReasoner, deadline: number, signal: AbortSignal): Promise<SampledRun> {
  const tasks: SampledRun['tasks'] = [];
  while (Date.now() < deadline && !signal.aborted) {
    const step = await writeTransaction(deps.db, async () => await nextStep(deps.db, deps.actor, projectId, deps.owner, deps.ownerAlive));
    if (step.kind !== 'work') break;
    const outcome = await runAutomaticTask(deps, step.task, reasoner, signal);
    if (outcome.kind === 'submitted') tasks.push({ task_id: step.task.id, kind: step.task.kind, reasoner: outcome.reasoner });
    if (outcome.kind === 'submitted' || outcome.kind === 'gone') continue;
    return { tasks, failure: outcome.kind === 'aborted' ? 'the request was cancelled' : outcome.error };
  }
  return { tasks, failure: null };
}
