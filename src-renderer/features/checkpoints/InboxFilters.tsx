// Narrows the inbox to one project and/or one kind of checkpoint. The menus offer only what waits.
import { useId } from 'react';
import type { CheckpointKind, CheckpointView } from '../../../src-shared/routes/index';
import { KIND_LABELS } from './checkpointKinds';
import type { InboxFilter } from './inboxModel';
import { clipped } from '../../common/format';
import '../../common/dataTable.css';

export function InboxFilters({
  checkpoints,
  goals,
  filter,
  onChange,
}: {
  checkpoints: readonly CheckpointView[];
  goals: ReadonlyMap<string, string>;
  filter: InboxFilter;
  onChange: (next: InboxFilter) => void;
}) {
  const id = useId();
  const projectIds = [...new Set(checkpoints.map((c) => c.research_id))];
  const kinds = [...new Set(checkpoints.map((c) => c.kind))];
  return (
    <div className="inbox-filters" role="search" aria-label="Filter the checkpoints">
      <div className="lb-filter">
        <label htmlFor={`${id}-project`}>Project</label>
        <select id={`${id}-project`} value={filter.projectId} onChange={(event) => onChange({ ...filter, projectId: event.target.value })} data-testid="inbox-filter-project">
          <option value="">All projects</option>
          {projectIds.map((projectId) => (
            <option key={projectId} value={projectId}>
              {clipped(goals.get(projectId) ?? projectId, 60)}
            </option>
          ))}
        </select>
      </div>
      <div className="lb-filter">
        <label htmlFor={`${id}-kind`}>Kind</label>
        <select id={`${id}-kind`} value={filter.kind} onChange={(event) => onChange({ ...filter, kind: event.target.value as CheckpointKind | '' })} data-testid="inbox-filter-kind">
          <option value="">All kinds</option>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
