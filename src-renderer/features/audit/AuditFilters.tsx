// The audit log's filters: client, tool (action), outcome and a time window. The menus offer the
// clients and actions that actually occur in the log.
import { useId } from 'react';
import type { AuditOutcome, ProjectSummary } from '../../../src-shared/routes/index';
import { OUTCOME_LABELS } from './format';
import { EMPTY_FILTER_FORM, narrowsLog, type AuditFilterForm } from './useAudit';
import { actorName } from './format';

const OUTCOMES = (Object.entries(OUTCOME_LABELS) as Array<[AuditOutcome, string]>).map(([value, label]) => ({ value, label }));

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
  return (
    <div className="lb-toolbar audit-filters" role="search" aria-label="Filter the audit log">
      <div className="lb-filter">
        <label htmlFor={`${id}-client`}>Client</label>
        <select id={`${id}-client`} value={form.client} onChange={(event) => set('client', event.target.value)} data-testid="audit-filter-client">
          <option value="">Any client</option>
          {clients.map((client) => (
            <option key={client} value={client}>
              {actorName(client)}
            </option>
          ))}
        </select>
      </div>
      <div className="lb-filter">
        <label htmlFor={`${id}-action`}>Tool or action</label>
        <select id={`${id}-action`} value={form.action} onChange={(event) => set('action', event.target.value)} data-testid="audit-filter-action">
          <option value="">Any</option>
          {actions.map((action) => (
            <option key={action} value={action}>
              {action.replace(/^tool:/, '')}
            </option>
          ))}
        </select>
      </div>
      <div className="lb-filter">
        <label htmlFor={`${id}-project`}>Project</label>
        <select id={`${id}-project`} value={form.project} onChange={(event) => set('project', event.target.value)} data-testid="audit-filter-project">
          <option value="">Any project</option>
          {projects.map((project) => (
            <option key={project.id} value={project.id}>
              {project.goal.length > 48 ? `${project.goal.slice(0, 47)}…` : project.goal}
            </option>
          ))}
        </select>
      </div>
      <div className="lb-filter">
        <label htmlFor={`${id}-outcome`}>Outcome</label>
        <select id={`${id}-outcome`} value={form.outcome} onChange={(event) => set('outcome', event.target.value as AuditFilterForm['outcome'])} data-testid="audit-filter-outcome">
          <option value="">Any</option>
          {OUTCOMES.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
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
