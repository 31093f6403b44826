// How audit facts read in the GUI. Pure, so the table, the details and exports agree.
import type { AuditOutcome } from '../../../src-shared/routes/index';
import { clientName } from '../../app/clientNames';

/** One label per outcome (AUDIT_OUTCOMES, src-shared/schemas/audit.ts): an outcome without one fails the typecheck. */
export const OUTCOME_LABELS: Record<AuditOutcome, string> = { ok: 'Succeeded', denied: 'Denied', rate_limited: 'Rate limited', invalid_input: 'Invalid input', error: 'Failed' };

/** An outcome in the colours of the app's badges: a success as done, a refusal as a warning, a failure as needing attention. */
export const OUTCOME_BADGES: Record<AuditOutcome, string> = { ok: 'badge-completed', denied: 'badge-initializing', rate_limited: 'badge-initializing', invalid_input: 'badge-initializing', error: 'badge-waiting' };

export function outcomeLabel(outcome: AuditOutcome): string {
  return OUTCOME_LABELS[outcome];
}

const TIME = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Local date and time to the second: audit rows are often seconds apart. */
export function auditTime(iso: string): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : TIME.format(at);
}

/** Stored arguments (JSON text) pretty-printed; text that is not JSON is shown as it is. */
export function prettyArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** "12.3 kB", "4.1 MB": export sizes for people. */
export function byteSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** Who made a call, by name: the scientist in this app, or an assistant by its product name. */
export function actorName(clientId: string): string {
  return clientId === 'desktop' ? 'You (in the app)' : clientName(clientId);
}

/**
 * What follows the header's one count: "rows", or — when the filters show fewer than the whole
 * log — "rows shown of 132 in the log", the number the chain's verification speaks of.
 */
export function shownRowsSuffix(shown: number, inLog: number | null): string {
  const rows = shown === 1 ? 'row' : 'rows';
  return inLog === null || inLog === shown ? rows : `${rows} shown of ${inLog.toLocaleString()} in the log`;
}
