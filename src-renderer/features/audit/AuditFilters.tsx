// The audit log's filters: client, tool (action), outcome and a time window. The menus offer the
// clients and actions that actually occur in the log.
import { useId } from 'react';
import type { AuditOutcome, ProjectSummary } from '../../../src-shared/routes/index';
import { FilterSelect } from '../../common/FilterSelect';
import { clipped } from '../../common/format';
import { OUTCOME_LABELS } from './format';
import { EMPTY_FILTER_FORM, narrowsLog, type AuditFilterForm } from './useAudit';
import { actorName } from './format';

export interface AuditFiltersProps {
  form: AuditFilterForm;
  onChange: (next: AuditFilterForm) => void;
  facets: { clients: string[]; actions: string[] };
  projects: readonly ProjectSummary[];
  /** How many of the app's own reads the current filters hide (shown next to the toggle). */
  hiddenAppReads: number;
}

export function AuditFilters({ form, onChange, facets, projects, hiddenAppReads }: AuditFiltersProps) {
  const id = useId();
  const set = <K extends keyof AuditFilterForm>(key: K, value: AuditFilterForm[K]): void => onChange({ ...form, [key]: value });
  const changed = narrowsLog(form);
  // A value chosen earlier stays selectable even if the current log no longer lists it.
  const clients = form.client === '' || facets.clients.includes(form.client) ? facets.clients : [form.client, ...facets.clients];
  const actions = form.action === '' || facets.actions.includes(form.action) ? facets.actions : [form.action, ...facets.actions];
  const goals = new Map(projects.map((project) => [project.id, project.goal]));
  return (
    <div className="lb-toolbar audit-filters" role="search" aria-label="Filter the audit log">
      <FilterSelect id={`${id}-client`} label="Client" value={form.client} anyValue="" anyLabel="Any client" choices={clients} nameOf={actorName} onChange={(client) => set('client', client)} testId="audit-filter-client" />
      <FilterSelect id={`${id}-action`} label="Tool or action" value={form.action} anyValue="" anyLabel="Any" choices={actions} nameOf={(action) => action.replace(/^tool:/, '')} onChange={(action) => set('action', action)} testId="audit-filter-action" />
      <FilterSelect id={`${id}-project`} label="Project" value={form.project} anyValue="" anyLabel="Any project" choices={projects.map((project) => project.id)} nameOf={(projectId) => clipped(goals.get(projectId) ?? projectId, 48)} onChange={(project) => set('project', project)} testId="audit-filter-project" />
      <FilterSelect id={`${id}-outcome`} label="Outcome" value={form.outcome} anyValue="" anyLabel="Any" choices={Object.keys(OUTCOME_LABELS) as AuditOutcome[]} nameOf={(outcome) => OUTCOME_LABELS[outcome]} onChange={(outcome) => set('outcome', outcome)} testId="audit-filter-outcome" />
      <div className="lb-filter">
        <label htmlFor={`${id}-since`}>From</label>
        <input id={`${id}-since`} type="datetime-local" step={1} value={form.since} onChange={(event) => set('since', event.target.value)} data-testid="audit-filter-since" />
      </div>
      <div className="lb-filter">
        <label htmlFor={`${id}-until`}>Until</label>
        <input id={`${id}-until`} type="datetime-local" step={1} value={form.until} onChange={(event) => set('until', event.target.value)} data-testid="audit-filter-until" />
      </div>
      <div className="lb-filter audit-app-reads">
        <input id={`${id}-reads`} type="checkbox" checked={form.showAppReads} onChange={(event) => set('showAppReads', event.target.checked)} data-testid="audit-show-app-reads" />
        <label htmlFor={`${id}-reads`}>
          Show this app’s own reads
          {!form.showAppReads && hiddenAppReads > 0 ? <span className="muted" data-testid="audit-hidden-reads"> ({hiddenAppReads.toLocaleString()} hidden)</span> : null}
        </label>
      </div>
      <button type="button" className="button button-secondary" disabled={!changed} onClick={() => onChange({ ...EMPTY_FILTER_FORM, showAppReads: form.showAppReads })} data-testid="audit-filters-clear">
        Clear filters
      </button>
    </div>
  );
}
