// A test run must leave nothing in the system temp directory (issue 16 item 8). The run gets a temp
// directory of its own — TMPDIR, which os.tmpdir() reads and every test process and server it
// spawns inherits — so what is left in it at the end was left by this run, not by another run on
// the same machine. Used as vitest's globalSetup and by Playwright's global setup and teardown.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const RUN_DIR_ENV = 'COSCI_TEST_RUN_TMPDIR';

/** Points TMPDIR at a fresh folder for this run; returns it. */
export function isolateRunTempDir(): string {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cosci-run-'));
  process.env[RUN_DIR_ENV] = runDir;
  process.env.TMPDIR = runDir;
  return runDir;
}

/** Removes the run's temp folder; throws, listing them, if the tests left anything (that `counts`) in it. */
export function checkRunTempDir(runDir = process.env[RUN_DIR_ENV], counts: (name: string) => boolean = () => true): void {
  if (runDir === undefined) return;
  const left = fs.existsSync(runDir) ? fs.readdirSync(runDir).filter(counts) : [];
  fs.rmSync(runDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  if (left.length > 0) {
    throw new Error(`The tests left ${left.length} entries in the temp directory (make them with test/support/tempDirs.ts, which removes them):\n  ${left.sort().join('\n  ')}`);
  }
}

/**
 * Isolates the run's temp directory and returns the teardown that restores TMPDIR and checks it;
 * the check's failure also sets the exit code, because vitest reports an error thrown by a
 * teardown but still exits 0.
 */
export function guardRunTempDir(counts?: (name: string) => boolean): () => void {
  const previous = process.env.TMPDIR;
  const runDir = isolateRunTempDir();
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    try {
      checkRunTempDir(runDir, counts);
    } catch (error) {
      process.exitCode = 1;
      throw error;
    }
  };
}

/** vitest globalSetup: every entry left in the run's temp directory counts. */
export default function setup(): () => void {
  return guardRunTempDir();
}
