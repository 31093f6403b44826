// How a timeline entry reads: "Generated 5 hypotheses (debate) — done by Claude Desktop (in its chat)".
// Pure, so every view (and a test) says the same thing.
import { clientName } from '../../app/clientNames';
import type { TimelineEntry } from '../../../src-shared/routes/index';

const KIND_LABELS: Record<string, string> = {
  research_plan: 'Research plan',
  hypothesis_batch: 'Batch of new hypotheses',
  evolution_plan: 'Evolution plan',
  final_report: 'Final report',
  safety_review: 'Safety review',
};

const DECISIONS = { approve: 'approved', edit: 'edited', reject: 'rejected' } as const;

const words = (value: unknown): string => String(value).replace(/_/g, ' ');
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function taskTitle(entry: TimelineEntry): string {
  const f = entry.facts;
  switch (entry.kind) {
    case 'generate':
      return `Generate ${plural(Number(f.count ?? 0), 'hypothesis', 'hypotheses')}${f.method ? ` (${words(f.method)})` : ''}`;
    case 'review':
      return `Review ${plural(Number(f.hypothesis_ids ?? 1), 'hypothesis', 'hypotheses')}${f.review_type ? ` (${words(f.review_type)})` : ''}`;
    case 'compare':
      return `Tournament: compare ${plural(Number(f.pairs ?? 0), 'pair')}`;
    case 'evolve':
      return `Evolve ${f.hypothesis_id ?? 'a hypothesis'}${f.strategy ? ` (${words(f.strategy)})` : ''}`;
    case 'meta_review':
      return 'Meta-review of the round';
    default:
      return words(entry.kind);
  }
}

const TASK_STATUS: Record<string, string> = { queued: 'waiting for an assistant', leased: 'in progress', done: 'done', failed: 'failed', cancelled: 'cancelled' };

function eventTitle(entry: TimelineEntry): string {
  const f = entry.facts;
  switch (entry.kind) {
    case 'project.created':
      return 'Project started';
    case 'project.archived':
      return 'Project archived';
    case 'project.unarchived':
      return 'Project restored from the archive';
    case 'hypothesis.created':
      return 'The scientist added their own hypothesis';
    case 'review.created':
      return 'The scientist wrote a review';
    case 'project.updated':
      if (f.stop_reason) return `Project paused: ${words(f.stop_reason)}`;
      if (f.status === 'completed') return 'Project completed';
      if (f.status) return `Project ${words(f.status)}`;
      if (f.stage) return `Stage: ${words(f.stage)}${f.iteration ? ` (iteration ${f.iteration})` : ''}`;
      return 'Project updated';
    default:
      return words(entry.kind);
  }
}

export interface EntryText {
  title: string;
  /** Who, and the outcome: "done by Claude Desktop (in its chat)". */
  detail: string;
  tone: 'task' | 'checkpoint' | 'event' | 'reject';
}

export function describeEntry(entry: TimelineEntry, whoLabel: (client: string) => string = (c) => c): EntryText {
  if (entry.source === 'task') {
    const status = entry.status === null ? '' : (TASK_STATUS[entry.status] ?? entry.status);
    const by = entry.by === null ? '' : ` by ${whoLabel(entry.by)}`;
    const asked = entry.requested_by === null ? '' : ` · asked for by ${whoLabel(entry.requested_by)}`;
    return { title: taskTitle(entry), detail: `${status}${by}${asked}`, tone: 'task' };
  }
  if (entry.source === 'checkpoint') {
    const kind = KIND_LABELS[entry.kind] ?? words(entry.kind);
    // Withdrawn by the workflow (what it asked about changed): the note says why.
    if (entry.status === 'withdrawn') return { title: `${kind} withdrawn`, detail: 'closed without a decision', tone: 'checkpoint' };
    if (entry.decision === null) return { title: `${kind}: waiting for your decision`, detail: '', tone: 'checkpoint' };
    const by = entry.by === null ? '' : ` by ${whoLabel(entry.by)}`;
    return { title: `${kind} ${DECISIONS[entry.decision]}`, detail: by.trim(), tone: entry.decision === 'reject' ? 'reject' : 'checkpoint' };
  }
  return { title: eventTitle(entry), detail: entry.by === null ? '' : `by ${whoLabel(entry.by)}`, tone: 'event' };
}

/**
 * When the entry's moment happened: a decided checkpoint is stamped with its decision, not with the
 * moment it started waiting ("Research plan edited" at the project's start time was wrong).
 */
export function entryTime(entry: TimelineEntry): string {
  return entry.source === 'checkpoint' && entry.decision !== null && entry.finished_at !== null ? entry.finished_at : entry.at;
}

/** Client ids as a scientist knows them. */
export function whoLabel(client: string): string {
  if (client === 'desktop') return 'you';
  if (client === 'policy:auto-approve') return 'the project policy';
  // Reasoners are "<how>:<who>": the assistant doing the work itself, MCP sampling, or a provider API.
  const reasoner = /^(delegated|sampling|provider):(.+)$/.exec(client);
  if (reasoner) {
    const who = clientName(reasoner[2] as string);
    if (reasoner[1] === 'delegated') return `${who} (in its chat)`;
    if (reasoner[1] === 'sampling') return `${who}'s model`;
    return `your model provider (${reasoner[2] as string})`;
  }
  // Workers holding a task are "<client>@<host>:<pid>".
  return clientName(client.replace(/@.*$/, ''));
}
