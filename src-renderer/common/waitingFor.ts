// What a running project waits for when no checkpoint waits for the scientist, in their words:
// "Claude Desktop has 3 comparison items to do — ask it to continue" (issue 18 item 5). The
// overview says the open work items per kind and who did the latest one.
import type { ProjectOverview, ProjectStatus } from '../../src-shared/routes/index';
import { clientName } from '../app/clientNames';

type OpenWork = ProjectOverview['projects'][number]['open_work'];

const WORK_WORDS: Record<OpenWork[number]['kind'], [string, string]> = {
  generate: ['generation item', 'generation items'],
  review: ['review', 'reviews'],
  compare: ['comparison item', 'comparison items'],
  evolve: ['evolution', 'evolutions'],
  meta_review: ['meta-review', 'meta-reviews'],
};

export type ReasonerMode = 'delegated' | 'sampling' | 'provider';

export interface WaitingFor {
  /** "Claude Desktop", "Your model provider" … */
  who: string;
  /** In the background (a provider or the client's model): nothing to ask. */
  background: boolean;
  /** How the latest work was done (the reasoner's kind), or null before any work was done. */
  mode: ReasonerMode | null;
  /** "3 comparison items and 1 review", or '' when nothing is queued yet. */
  work: string;
}

/** `lastWorker` is a reasoner id (`delegated:claude-desktop`); `startedBy` the client that started the project. */
export function waitingFor(openWork: OpenWork, lastWorker: string | null, startedBy: string | null): WaitingFor {
  const reasoner = /^(delegated|sampling|provider):(.+)$/.exec(lastWorker ?? '');
  const how = reasoner?.[1] as ReasonerMode | undefined;
  const client = how === 'provider' ? null : (reasoner?.[2] ?? startedBy);
  const who = how === 'provider' ? 'Your model provider' : client !== null && client !== 'desktop' ? clientName(client) : 'Your assistant';
  const work = openWork.map(({ kind, count }) => `${count} ${WORK_WORDS[kind][count === 1 ? 0 : 1]}`).join(' and ');
  return { who, background: how === 'provider', mode: how ?? null, work };
}

/** One sentence: who has what to do, and what the scientist can do about it. */
export function waitingSentence(waiting: WaitingFor): string {
  if (waiting.background) return `${waiting.who} works on ${waiting.work || 'the next step'} in the background; nothing to do for you until a checkpoint arrives.`;
  const has = waiting.work === '' ? 'has the next step to take' : `has ${waiting.work} to do`;
  return `${waiting.who} ${has} — ask it to continue the Co-Scientist research.`;
}

/**
 * A running project with nothing waiting for the scientist and no provider working on it in the
 * background waits for the scientist to ask their assistant to continue (issue 33 item 7).
 */
export function waitsForAssistant(status: ProjectStatus, flags: Pick<ProjectOverview['projects'][number], 'pending_checkpoints' | 'open_work' | 'last_worker'> | undefined): boolean {
  if (status !== 'active' && status !== 'initializing') return false;
  if (flags === undefined || flags.pending_checkpoints > 0) return false;
  return !waitingFor(flags.open_work, flags.last_worker, null).background;
}
