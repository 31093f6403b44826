// Records what every client did (architecture.md, *Identity, scopes, audit*): one row per tool call and resource read, and
// for a tool that writes, the row commits with its effects (CallAudit): no effect without its row.
import type { Db } from '../../store/database.js';
import { appendAudit, type AuditEntry, type AuditOutcome } from '../../store/audit.js';
import { publishAuditAnchor } from '../../store/auditAnchor.js';
import { beginHeldWrite, commitHeldWrite, inTransaction, observeWrites, rollbackHeldWrite, type WriteObserver } from '../../store/writeObserver.js';
import type { HeldConnection } from '../../store/unitOfWork.js';
import { appendAfterQueuedReads, appendQueuedReads, recordReadAudit } from './readAudit.js';

const SECRET_KEY = /(api[-_]?key|token|secret|password|passphrase|authorization|cookie|credential)/i;
const MAX_STRING = 2000;
const MAX_DEPTH = 8;

/** Copies arguments for the audit log with secrets masked and very long strings shortened. */
export function redactArguments(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return '[nested too deeply]';
  if (typeof value === 'string') {
    return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}… [${value.length - MAX_STRING} more characters]` : value;
  }
  if (Array.isArray(value)) return value.slice(0, 100).map((item) => redactArguments(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      copy[key] = SECRET_KEY.test(key) ? '[REDACTED]' : redactArguments(item, depth + 1);
    }
    return copy;
  }
  return value;
}

export interface AuditRecord {
  clientId: string;
  action: string;
  target: string | null;
  args: unknown;
  outcome: AuditOutcome;
  errorCode: string | null;
  startedAt: Date;
  durationMs: number;
}

function entryOf(record: AuditRecord): AuditEntry {
  return {
    at: record.startedAt.toISOString(),
    clientId: record.clientId,
    action: record.action,
    target: record.target,
    arguments: JSON.stringify(redactArguments(record.args ?? {})),
    outcome: record.outcome,
    errorCode: record.errorCode,
    durationMs: Math.round(record.durationMs * 1000) / 1000,
  };
}

/**
 * Appends one row in a transaction of its own (or in the caller's, when one is open). A lone audit
 * row is no effect that needs auditing, so a surrounding tool call's CallAudit is not involved.
 */
export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  await appendAfterQueuedReads(db, entryOf(record));
}

/** The row of a call that changed nothing: appended without waiting for the write lock (readAudit.ts). */
export function recordReadOnlyAudit(db: Db, record: AuditRecord): void {
  recordReadAudit(db, entryOf(record));
}

/** The parts of a call's audit row known when it starts. */
export interface CallAuditStart {
  clientId: string;
  /** The call's row, e.g. `tool:start_research`. */
  action: string;
  /** The row that says "this call's writes have committed" when the call's own row cannot go with them, e.g. `tool-write:submit_work`. */
  intentAction: string;
  args: unknown;
  startedAt: Date;
  /** performance.now() at the start, for the duration. */
  started: number;
}

type Phase = 'held' | 'async' | 'done';

const ALLOWED = async (): Promise<void> => undefined;

/**
 * The audit of one tool call (or background provider run), committed in the same SQLite
 * transaction as the call's effects, so a process killed at any instant leaves both or neither.
 *
 * - Until the tool first waits on something outside the database (most tools never do), its first
 *   write transaction takes this process's connection for the call (the unit-of-work lock of
 *   store/unitOfWork.ts), opens BEGIN IMMEDIATE and keeps it open; later writes are savepoints in
 *   it; the call's row goes into it at the end and it commits once. The call's store calls run in
 *   it (they are awaited, but no other call's statement can land in it: the others wait for the
 *   lock). The prev-hash of the row is read under that write lock, so the chain stays linear
 *   across processes. Reads before the first write take no lock.
 * - A tool that waits on a person, the client or a provider (beforeWaitingOutside, in the engine
 *   where it waits) must not hold the lock across that wait: what it wrote so far commits first,
 *   with an intent row (`intentAction`); a write that commits later before any intent row exists
 *   carries one. The call's own row follows at the end, on its own, so every committed effect has
 *   a row before it.
 */
export class CallAudit implements WriteObserver {
  #phase: Phase = 'held';
  #held: HeldConnection | undefined;
  #intentWritten = false;
  #strayWriteNamed = false;

  /**
   * `beforeEffects`: for a call whose reads start while its access check still runs
   * (mcp/access/accessVerdict.ts), waits for the check's verdict and throws on a refusal. Nothing the
   * call does beyond reading (a write, a wait outside the database) happens before it resolves, and
   * none happens at all when it throws.
   */
  constructor(
    private readonly db: Db,
    private readonly start: CallAuditStart,
    private readonly beforeEffects: () => Promise<void> = ALLOWED,
  ) {}

  /** Runs the tool (and all it starts) with this audit watching its writes. */
  run<T>(work: () => T): T {
    return observeWrites(this, work);
  }

  async beforeWrite(db: Db): Promise<void> {
    if (db !== this.db) return;
    await this.beforeEffects();
    if (this.#phase !== 'held' || this.#held !== undefined) return;
    // Reads this process answered before this write began keep their place before its rows.
    const held = await beginHeldWrite(db, () => appendQueuedReads(db));
    // The call began to wait outside (or ended) while this write waited for the connection.
    if (this.#phase !== 'held' || this.#held !== undefined) {
      await rollbackHeldWrite(db, held);
      return;
    }
    this.#held = held;
  }

  async beforeCommit(db: Db): Promise<void> {
    if (db !== this.db || this.#phase !== 'async' || this.#intentWritten) return;
    await this.#append(this.start.intentAction, 'success', null, null);
    this.#intentWritten = true;
  }

  /** The call is about to wait outside the database: commit what it wrote so far with the intent row, before anything is awaited. */
  async beforeWaitingOutside(): Promise<void> {
    await this.beforeEffects();
    if (this.#phase !== 'held') return;
    this.#phase = 'async';
    await this.#commitHeldWithIntent();
  }

  /** The call ends without its own row (it resumes when the client retries): keep what it wrote, with the intent row. */
  async suspend(): Promise<void> {
    await this.#commitHeldWithIntent();
    this.#phase = 'done';
  }

  /**
   * The call's own row. With `rollback`, effects still held are dropped first (an unexpected
   * failure: "nothing was changed" must be true); otherwise they commit with the row, which is what
   * a coded error leaves, as before (a failed write has already rolled back its own savepoint).
   * `args` replaces the start's arguments when the end knows more (a provider run's usage).
   */
  async finish(outcome: AuditOutcome, errorCode: string | null, target: string | null, options: { rollback?: boolean; args?: unknown } = {}): Promise<void> {
    this.#phase = 'done';
    const record = { ...this.#record(this.start.action, outcome, errorCode, target), ...(options.args === undefined ? {} : { args: options.args }) };
    if (this.#held !== undefined && this.#held.within(() => inTransaction(this.db)) && options.rollback !== true) {
      await this.#inHeld(this.#held, async () => {
        await appendAudit(this.db, entryOf(record));
      });
      return;
    }
    // Nothing of this call committed (no intent row, nothing held): a read, whose row need not wait for the lock.
    const changedNothing = !this.#intentWritten && this.#held === undefined && options.rollback !== true;
    await this.#release();
    if (changedNothing) recordReadOnlyAudit(this.db, record);
    else await recordAudit(this.db, record);
  }

  /**
   * A write that bypassed writeTransaction (a bare statement in autocommit) committed on its own,
   * before any audit row could join it. It cannot be undone here; it is a bug to name loudly.
   */
  onStrayWrite(db: Db): void {
    if (db !== this.db || this.#strayWriteNamed) return;
    this.#strayWriteNamed = true;
    console.error(`[co-scientist] audit: ${this.start.action} wrote outside a write transaction; that change committed without its audit row (a bug: route it through writeTransaction)`);
  }

  async #commitHeldWithIntent(): Promise<void> {
    const held = this.#held;
    if (held === undefined) return;
    if (!held.within(() => inTransaction(this.db))) {
      // SQLite rolled the transaction back itself (e.g. disk full): nothing of it committed.
      await this.#release();
      return;
    }
    await this.#inHeld(held, () => this.#append(this.start.intentAction, 'success', null, null));
    this.#intentWritten = true;
  }

  /** Adds to the held transaction and commits it; on any failure rolls it back, so no lock stays held. */
  async #inHeld(held: HeldConnection, add: () => Promise<void>): Promise<void> {
    try {
      await held.within(add);
      await commitHeldWrite(this.db, held);
      this.#held = undefined;
      await publishAuditAnchor(this.db);
    } catch (error) {
      await this.#release();
      throw error;
    }
  }

  async #release(): Promise<void> {
    const held = this.#held;
    this.#held = undefined;
    if (held !== undefined) await rollbackHeldWrite(this.db, held);
  }

  async #append(action: string, outcome: AuditOutcome, errorCode: string | null, target: string | null): Promise<void> {
    await appendAudit(this.db, entryOf(this.#record(action, outcome, errorCode, target)));
  }

  #record(action: string, outcome: AuditOutcome, errorCode: string | null, target: string | null): AuditRecord {
    const { clientId, args, startedAt, started } = this.start;
    return { clientId, action, target, args, outcome, errorCode, startedAt, durationMs: performance.now() - started };
  }
}
