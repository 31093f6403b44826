// How the inbox orders, filters and batches what waits: grouped by project (the project whose
// checkpoint has waited longest first, oldest first inside it), narrowed by project and kind, and
// which shown checkpoints are alike enough to approve together.
import type { CheckpointKind, CheckpointView } from '../../../src-shared/routes/index';

export interface InboxFilter {
  projectId: string;
  kind: CheckpointKind | '';
}

export const NO_INBOX_FILTER: InboxFilter = { projectId: '', kind: '' };

export function filterCheckpoints(list: readonly CheckpointView[], filter: InboxFilter): CheckpointView[] {
  return list.filter((c) => (filter.projectId === '' || c.research_id === filter.projectId) && (filter.kind === '' || c.kind === filter.kind));
}

/** Groups by project, keeping each group's oldest-first order; groups follow their oldest member. */
export function groupByProject(list: readonly CheckpointView[]): CheckpointView[] {
  const oldest = new Map<string, string>();
  for (const c of list) {
    const seen = oldest.get(c.research_id);
    if (seen === undefined || c.created_at < seen) oldest.set(c.research_id, c.created_at);
  }
  return [...list].sort(
    (a, b) =>
      (oldest.get(a.research_id) as string).localeCompare(oldest.get(b.research_id) as string) ||
      a.research_id.localeCompare(b.research_id) ||
      a.created_at.localeCompare(b.created_at),
  );
}

/**
 * The kind shared by every shown checkpoint when they can be approved together: two or more of
 * one kind. Safety reviews are never batched: each flagged text deserves its own look.
 */
export function bulkApprovableKind(shown: readonly CheckpointView[]): CheckpointKind | null {
  const kind = shown[0]?.kind;
  if (kind === undefined || kind === 'safety_review' || shown.length < 2) return null;
  return shown.every((c) => c.kind === kind) ? kind : null;
}
