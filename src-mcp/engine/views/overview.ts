// The desktop app's at-a-glance view of all research: per project whether it is archived and how
// many checkpoints wait in it, the pending checkpoints across projects (the inbox badge), and the
// history of decisions, newest first.
import type { Db } from '../../store/database.js';
import {
  countPendingCheckpoints,
  decisionsNewestFirst,
  openWorkByProject,
  pendingCheckpointsEverywhere,
  projectFlags,
  type DecisionRow,
  type OpenWorkRow,
  type PendingCheckpointRow,
  type ProjectFlagsRow,
} from '../../store/desktopOverview.js';
import { DomainError } from '../errors.js';

export interface DesktopOverview {
  projects: ProjectFlagsRow[];
  pending: PendingCheckpointRow[];
  /** All pending checkpoints of projects not archived, even beyond the listed ones. */
  pendingTotal: number;
  /** Open work items per project and kind, for "your assistant has 3 comparison items to do". */
  openWork: OpenWorkRow[];
}

export async function desktopOverview(db: Db, limit: number): Promise<DesktopOverview> {
  return { projects: await projectFlags(db, limit), pending: await pendingCheckpointsEverywhere(db, limit), pendingTotal: await countPendingCheckpoints(db), openWork: await openWorkByProject(db) };
}

export async function decisionHistory(db: Db, query: { limit: number; cursor?: string | undefined }): Promise<{ decisions: DecisionRow[]; nextCursor: string | null }> {
  const rows = await decisionsNewestFirst(db, { limit: query.limit + 1, before: query.cursor === undefined ? undefined : decodeCursor(query.cursor) });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    decisions: page,
    nextCursor: rows.length > query.limit && last !== undefined ? Buffer.from(JSON.stringify([last.decidedAt, last.id])).toString('base64url') : null,
  };
}

function decodeCursor(cursor: string): { decidedAt: string; id: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((part) => typeof part === 'string')) {
      return { decidedAt: parsed[0] as string, id: parsed[1] as string };
    }
  } catch {
    // reported below
  }
  throw new DomainError('invalid_input', 'The cursor is not one this server issued. Pass next_cursor from the previous result unchanged.', { field: 'cursor' });
}
