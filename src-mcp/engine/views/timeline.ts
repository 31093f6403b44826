// A project's workflow as it happened, for the scientist: what ran (tasks), what waited for them
// (checkpoints and their decisions) and the key moments in between (stage changes, pauses, their
// own hypotheses and reviews), oldest first and paged with a cursor.
import type { Db } from '../../store/database.js';
import { timelinePage, type TimelinePosition, type TimelineSource } from '../../store/timeline.js';
import { projectUri } from '../changes.js';
import { DomainError } from '../errors.js';
import { loadResearch } from '../projectRecord.js';

/** Change events that mark a moment of the workflow (the rest repeat what tasks and checkpoints say). */
export const TIMELINE_EVENT_KINDS = ['project.created', 'project.updated', 'project.archived', 'project.unarchived'] as const;
/** Shown only when the scientist made them; reasoners' ones are already visible as their tasks. */
export const HUMAN_EVENT_KINDS = ['hypothesis.created', 'review.created'] as const;

export const TIMELINE_DEFAULT_LIMIT = 100;

export type TimelineFact = string | number | boolean;

export interface TimelineEntry {
  source: TimelineSource;
  /** Task or checkpoint id, or `evt_<n>` for a change event. */
  id: string;
  at: string;
  kind: string;
  status: string | null;
  /** Who did it: the reasoner of a task (or the worker holding it), who decided a checkpoint, the client behind an event. */
  by: string | null;
  /** The client that asked for a task outside the normal flow (e.g. the desktop app's "Review"). */
  requestedBy: string | null;
  finishedAt: string | null;
  decision: 'approve' | 'edit' | 'reject' | null;
  note: string | null;
  /** Small facts to describe the entry: counts, method, stage, strategy… */
  facts: Record<string, TimelineFact>;
}

export interface TimelinePageResult {
  entries: TimelineEntry[];
  nextCursor: string | null;
}

export async function projectTimeline(db: Db, projectId: string, query: { limit: number; cursor?: string | undefined }): Promise<TimelinePageResult> {
  await loadResearch(db, projectId);
  const rows = await timelinePage(db, {
    projectId,
    subjectUri: projectUri(projectId),
    eventKinds: TIMELINE_EVENT_KINDS,
    humanKinds: HUMAN_EVENT_KINDS,
    limit: query.limit + 1,
    after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map((row) => ({
      source: row.source,
      id: row.source === 'event' ? `evt_${Number(row.ref)}` : row.ref,
      at: row.at,
      kind: row.kind,
      // A checkpoint closed with no decision was withdrawn by the workflow (store/checkpoints.ts withdrawCheckpoint).
      status: row.source === 'checkpoint' && row.status === 'decided' && row.action === null ? 'withdrawn' : row.status,
      by: row.by,
      requestedBy: typeof row.data.requested_by === 'string' ? row.data.requested_by : null,
      finishedAt: row.finishedAt,
      decision: row.action === 'approve' || row.action === 'edit' || row.action === 'reject' ? row.action : null,
      note: row.note,
      facts: factsOf(row.data),
    })),
    nextCursor: rows.length > query.limit && last !== undefined ? encodeCursor({ at: last.at, source: last.source, ref: last.ref }) : null,
  };
}

// Scalars worth showing; lists become their length (a review of 5 hypotheses, 5 pairs to compare).
const SCALAR_FACTS = ['method', 'count', 'review_type', 'strategy', 'hypothesis_id', 'partner_id', 'iteration', 'stage', 'status', 'stop_reason', 'origin', 'approved', 'certified'];
const LIST_FACTS = ['hypothesis_ids', 'pairs', 'review_ids'];

function factsOf(data: Record<string, unknown>): Record<string, TimelineFact> {
  const facts: Record<string, TimelineFact> = {};
  for (const key of SCALAR_FACTS) {
    const value = data[key];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') facts[key] = value;
  }
  for (const key of LIST_FACTS) {
    const value = data[key];
    if (Array.isArray(value)) facts[key] = value.length;
  }
  return facts;
}

function encodeCursor(position: TimelinePosition): string {
  return Buffer.from(JSON.stringify([position.at, position.source, position.ref]), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): TimelinePosition {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 3 && parsed.every((part) => typeof part === 'string') && ['checkpoint', 'event', 'task'].includes(parsed[1] as string)) {
      return { at: parsed[0] as string, source: parsed[1] as TimelineSource, ref: parsed[2] as string };
    }
  } catch {
    // reported below
  }
  throw new DomainError('invalid_input', 'The cursor is not one this server issued. Pass next_cursor from the previous get_project_timeline result unchanged, or omit it to start at the beginning.', { field: 'cursor' });
}
