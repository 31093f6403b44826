// One audit row in full: who did what to which target, how it ended, the arguments as recorded
// (secrets were replaced by [REDACTED] before the row was written) and the row's place in the chain.
import type { AuditEntry } from '../../../src-shared/routes/index';
import { Fact } from '../../app/Facts';
import { actorName, auditTime, OUTCOME_BADGES, outcomeLabel, prettyArguments } from './format';

export function AuditDetail({ row }: { row: AuditEntry | null }) {
  if (row === null) {
    return (
      <aside className="card audit-detail audit-detail-empty" data-testid="audit-detail-empty">
        <p className="muted">Choose a row to see its arguments, outcome and hashes.</p>
      </aside>
    );
  }
  const redacted = row.arguments.includes('[REDACTED]');
  return (
    // Focusable: it scrolls on its own (long arguments), and a keyboard must be able to scroll it.
    <aside className="card audit-detail" aria-labelledby="audit-detail-title" data-testid="audit-detail" tabIndex={0}>
      <h2 id="audit-detail-title">
        #{row.id} {row.action}
      </h2>
      <dl className="facts facts-compact">
        <Fact label="Time">
          <time dateTime={row.at}>{auditTime(row.at)}</time>
        </Fact>
        <Fact label="Client">
          {actorName(row.client_id)} <span className="muted">({row.client_id})</span>
        </Fact>
        <Fact label="Target">{row.target ?? '—'}</Fact>
        <Fact label="Outcome">
          <span className={`chip ${OUTCOME_BADGES[row.outcome]}`}>{outcomeLabel(row.outcome)}</span>
          {row.error_code === null ? null : <code className="audit-error-code"> {row.error_code}</code>}
        </Fact>
        <Fact label="Duration">{row.duration_ms} ms</Fact>
      </dl>
      <section>
        <h3>Arguments</h3>
        {redacted ? <p className="hint">Secrets in these arguments were replaced by [REDACTED] before they were logged.</p> : null}
        <pre className="audit-arguments" data-testid="audit-detail-arguments">
          {prettyArguments(row.arguments)}
        </pre>
      </section>
      <section>
        <h3>Chain</h3>
        <dl className="facts facts-compact audit-hashes">
          <Fact label="Hash">
            <code>{row.hash}</code>
          </Fact>
          <Fact label="Previous">
            <code>{row.prev_hash}</code>
          </Fact>
        </dl>
      </section>
    </aside>
  );
}
