// The audit log's integrity at a glance: the hash chain is verified when the view opens and on
// request, and a broken chain names the first row that does not verify.
import { ErrorNotice } from '../../app/ErrorNotice';
import { auditTime } from './format';
import { useAuditVerification } from './useAudit';

export function ChainStatus() {
  const verdict = useAuditVerification();
  const again = (
    <button type="button" className="button button-secondary" disabled={verdict.isFetching} onClick={() => void verdict.refetch()} data-testid="audit-verify">
      {verdict.isFetching ? 'Verifying…' : 'Verify again'}
    </button>
  );
  if (verdict.isError) {
    return <ErrorNotice error={verdict.error} title="Could not verify the audit log" onRetry={() => void verdict.refetch()} testId="audit-verify-error" />;
  }
  if (!verdict.data) {
    return (
      <div className="notice audit-chain" role="status" aria-busy="true" data-testid="audit-chain" data-state="checking">
        <p className="notice-title">Verifying the hash chain…</p>
      </div>
    );
  }
  const { ok, message, checked_at: checkedAt } = verdict.data;
  return (
    <div className={`notice audit-chain ${ok ? 'notice-success' : 'notice-error'}`} role={ok ? 'status' : 'alert'} data-testid="audit-chain" data-state={ok ? 'intact' : 'broken'}>
      <div>
        <p className="notice-title">{ok ? 'Chain intact' : 'Chain broken'}</p>
        <p className="notice-body" data-testid="audit-chain-message">
          {message} <span className="muted">Checked {auditTime(checkedAt)}.</span>
        </p>
      </div>
      {again}
    </div>
  );
}
