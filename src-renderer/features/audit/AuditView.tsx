// The Audit section: what every client did, filterable, with each call's redacted arguments, the
// hash chain's verification and exports (JSON Lines, CSV) of exactly what the filters show.
import { useCallback, useMemo, useState } from 'react';
import type { AuditEntry } from '../../../src-shared/routes/index';
import { ErrorNotice } from '../../app/ErrorNotice';
import { AuditDetail } from './AuditDetail';
import { AuditFilters } from './AuditFilters';
import { AuditTable } from './AuditTable';
import { ChainStatus } from './ChainStatus';
import { downloadText } from '../../common/download';
import { byteSize, shownRowsSuffix } from './format';
import { useProjects } from '../../api/queries';
import { EMPTY_FILTER_FORM, narrowsLog, toAuditFilter, useAuditExport, useAuditLiveRefresh, useAuditLog, useAuditVerification, type AuditFilterForm } from './useAudit';
import { Loading, skeletonRows } from '../../app/Loading';
import '../../common/dataTable.css';
import './audit.css';

const NO_FACETS = { clients: [], actions: [] };

export function AuditView() {
  useAuditLiveRefresh();
  const [form, setForm] = useState<AuditFilterForm>(EMPTY_FILTER_FORM);
  const filter = useMemo(() => toAuditFilter(form), [form]);
  const log = useAuditLog(filter);
  const projects = useProjects();
  const [selected, setSelected] = useState<AuditEntry | null>(null);
  const exporter = useAuditExport();
  const rows = useMemo(() => log.data?.pages.flatMap((page) => page.rows) ?? [], [log.data]);
  const head = log.data?.pages[0];
  // A row the filters no longer show has no details to keep open.
  const selectedShown = selected !== null && rows.some((row) => row.id === selected.id) ? selected : null;
  // The chain's verification counts the whole log (the same query ChainStatus shows).
  const verdict = useAuditVerification();
  const inLog = verdict.data?.ok === true ? verdict.data.rows : null;
  // Every first page carries the filter menus' values; while a new filter loads, the previous one shows.
  const facets = head?.facets ?? NO_FACETS;

  const { fetchNextPage } = log;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const exportAs = (format: 'jsonl' | 'csv'): void =>
    exporter.mutate(
      { ...filter, format },
      {
        onSuccess: (result) => {
          if (result.content !== null) downloadText(result.file_name, result.content, format === 'csv' ? 'text/csv;charset=utf-8' : 'application/x-ndjson;charset=utf-8');
        },
      },
    );

  return (
    <div className="fill-view audit-view" data-testid="audit-view">
      <div className="pane-header">
        <h1>
          Audit log
          {head ? (
            <span className="count audit-count" data-testid="audit-count-label">
              <span data-testid="audit-count">{head.total.toLocaleString()}</span> {shownRowsSuffix(head.total, inLog)}
            </span>
          ) : null}
        </h1>
        <div className="audit-actions">
          <button type="button" className="button button-secondary" onClick={() => void log.refetch()} disabled={log.isFetching} data-testid="audit-refresh">
            Refresh
          </button>
          <button type="button" className="button button-secondary" onClick={() => exportAs('jsonl')} disabled={exporter.isPending} data-testid="audit-export-jsonl">
            Export JSONL
          </button>
          <button type="button" className="button button-secondary" onClick={() => exportAs('csv')} disabled={exporter.isPending} data-testid="audit-export-csv">
            Export CSV
          </button>
        </div>
      </div>
      <ChainStatus />
      {exporter.isError ? <ErrorNotice error={exporter.error} title="The export failed" testId="audit-export-error" /> : null}
      {exporter.data ? (
        <p className="muted audit-export-note" role="status" data-testid="audit-export-note">
          {exporter.data.path === null
            ? `Exported ${exporter.data.rows.toLocaleString()} rows (${byteSize(exporter.data.bytes)}) as ${exporter.data.file_name}.`
            : `Exported ${exporter.data.rows.toLocaleString()} rows (${byteSize(exporter.data.bytes)}): too large to download here, so it was saved as ${exporter.data.path}.`}
        </p>
      ) : null}
      <AuditFilters form={form} onChange={setForm} facets={facets} projects={projects.data?.projects ?? []} hiddenAppReads={head?.hidden_app_reads ?? 0} />
      {log.isError && !log.data ? (
        <ErrorNotice error={log.error} title="Could not load the audit log" onRetry={() => void log.refetch()} testId="audit-error" />
      ) : !log.data ? (
        <Loading label="Loading the audit log" className="lb-skeleton" testId="audit-loading" shapes={skeletonRows(3)} />
      ) : rows.length === 0 ? (
        <div className="empty-state" data-testid="audit-empty">
          <p>{narrowsLog(form) ? 'No calls match these filters.' : (head?.hidden_app_reads ?? 0) > 0 ? 'No assistant has called Co-Scientist yet.' : 'The audit log is empty.'}</p>
          <p className="muted">
            {narrowsLog(form)
              ? 'Widen the time window or choose another client, tool or project, or clear the filters.'
              : 'Every tool call an assistant or this app makes is logged here, with its arguments and outcome.'}
            {!narrowsLog(form) && !form.showAppReads ? ' This app’s own reads are hidden unless you tick “Show this app’s own reads”.' : null}
          </p>
        </div>
      ) : (
        <div className="audit-body">
          <AuditTable
            rows={rows}
            total={head?.total ?? rows.length}
            selectedId={selectedShown?.id ?? null}
            onSelect={setSelected}
            hasMore={log.hasNextPage}
            loadingMore={log.isFetchingNextPage}
            onLoadMore={loadMore}
          />
          <AuditDetail row={selectedShown} />
        </div>
      )}
    </div>
  );
}
