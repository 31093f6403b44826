// A call that only reads starts its reads while its access check still reads the client's policy
// (toolkit.ts, checkedCall): on PostgreSQL the policy's read is a wait on the database, and a
// polled page (list_hypotheses, a leaderboard page) paid it before its own, in a row; a read of
// one statement (get_research_status) does not start early (startsBeforeAccess). What the early
// run reads reaches the caller only once the check lets the call through; before the verdict it
// cannot write, wait outside the database, ask the user or send progress, and after a refusal it
// cannot do any of these at all (CallAudit's `beforeEffects`, toolkit.ts's afterAccess).

/** The access check's verdict, decided once: later decisions are ignored. */
export interface AccessVerdict {
  /** Resolves to whether the call may proceed. */
  readonly granted: Promise<boolean>;
  /** The verdict once decided; undefined until then. */
  readonly known: boolean | undefined;
  decide(granted: boolean): void;
}

export function accessVerdict(): AccessVerdict {
  let settle: (granted: boolean) => void = () => undefined;
  let known: boolean | undefined;
  const granted = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  return {
    granted,
    get known() {
      return known;
    },
    decide(value) {
      if (known !== undefined) return;
      known = value;
      settle(value);
    },
  };
}

/** Ends the work of a call whose reads began before its access check refused it. */
export class AccessRefused extends Error {
  constructor(action: string) {
    super(`${action} was refused access: its work stops before any write or outside wait`);
    this.name = 'AccessRefused';
  }
}

/** Waits for the verdict; a refusal ends the work here (the caller's answer is the refusal, given already). */
export async function untilGranted(granted: Promise<boolean>, action: string): Promise<void> {
  if (!(await granted)) throw new AccessRefused(action);
}

/**
 * Whether the tool's work may start before its access check ends: it only reads (readOnlyHint),
 * costs no rate-limit token (the charge follows the check, and a costly run must not begin before
 * it), shows no audit rows (those first append this process's queued reads, which is a write), and
 * reads more than one statement. A read of one statement loses by starting early: on PostgreSQL
 * its statement and the policy's, sent at once, wake two backends on the machine's two cores, and
 * get_research_status answered in 0.74× the time when it waited for the verdict instead (paired,
 * docs/benchmarks.md *The status poll waits for its access check*). The pages, whose reads take
 * several statements, answer in 0.85–0.88× the time by starting early.
 */
export function startsBeforeAccess(tool: { annotations: { readOnlyHint: boolean }; expensive?: boolean; readsAuditLog?: boolean; oneStatementRead?: boolean }): boolean {
  return tool.annotations.readOnlyHint && tool.expensive !== true && tool.readsAuditLog !== true && tool.oneStatementRead !== true;
}
