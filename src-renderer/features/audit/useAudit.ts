// The audit view's host calls. The log grows with every call any client makes, so the view
// refreshes whenever the host announces a change (a project moved, a checkpoint arrived) and on
// request; it does not poll.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { AuditFilter, AuditOutcome, HostEvent } from '../../../src-shared/routes/index';
import { call } from '../../api/cosci';
import { useCosci } from '../../api/CosciProvider';
import { useRoutePages } from '../../api/routePages';
import { useRefetchOnHostEvents } from '../../api/refetchOnHostEvents';

export const auditKeys = {
  all: ['audit'] as const,
  log: (filter: AuditFilter) => ['audit', 'log', filter] as const,
  verify: ['audit', 'verify'] as const,
};

/** The filters as the form holds them: datetime-local values in the scientist's time zone. */
export interface AuditFilterForm {
  client: string;
  action: string;
  outcome: AuditOutcome | '';
  since: string;
  until: string;
  /** A research project's id, or '' for every project. */
  project: string;
  /** The app's own reads outnumber what assistants did, so they are hidden unless asked for. */
  showAppReads: boolean;
}

export const EMPTY_FILTER_FORM: AuditFilterForm = { client: '', action: '', outcome: '', since: '', until: '', project: '', showAppReads: false };

/** Whether the form narrows the log at all (the app-reads toggle aside, which only hides the app's reads). */
export function narrowsLog(form: AuditFilterForm): boolean {
  return form.client !== '' || form.action !== '' || form.outcome !== '' || form.since !== '' || form.until !== '' || form.project !== '';
}

/** Form values to the route's filter: empty means "any", local times become UTC instants. */
export function toAuditFilter(form: AuditFilterForm): AuditFilter {
  const instant = (local: string): string | undefined => {
    if (local === '') return undefined;
    const at = new Date(local);
    return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
  };
  const filter: AuditFilter = {};
  if (form.client !== '') filter.client = form.client;
  if (form.action !== '') filter.action = form.action;
  if (form.outcome !== '') filter.outcome = form.outcome;
  if (form.project !== '') filter.research_id = form.project;
  if (!form.showAppReads) filter.hide_app_reads = true;
  const since = instant(form.since);
  const until = instant(form.until);
  if (since !== undefined) filter.since = since;
  if (until !== undefined) filter.until = until;
  return filter;
}

const PAGE = 200;

export function useAuditLog(filter: AuditFilter) {
  return useRoutePages('audit.query', auditKeys.log(filter), { ...filter, limit: PAGE }, { keepPrevious: true });
}

export function useAuditVerification() {
  const api = useCosci();
  return useQuery({ queryKey: auditKeys.verify, queryFn: () => call(api, 'audit.verify', {}), staleTime: Infinity });
}

export function useAuditExport() {
  const api = useCosci();
  return useMutation({ mutationFn: (input: AuditFilter & { format: 'jsonl' | 'csv' }) => call(api, 'audit.export', input) });
}

const AUDIT_LOG_KEY = ['audit', 'log'] as const;
/** Any event but the server's own state means something happened, and so new rows exist. */
const somethingHappened = (event: HostEvent): boolean => event.kind !== 'server-state';

/** New rows exist whenever anything happened: refetch the log (not the verification) on host events. */
export function useAuditLiveRefresh(): void {
  useRefetchOnHostEvents(AUDIT_LOG_KEY, somethingHappened);
}
