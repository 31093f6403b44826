// Every temporary folder a test or a benchmark makes comes from here, so that every one is removed:
// removeTempDirs runs after each vitest file (test/support/vitestSetup.ts), and the run as a whole
// is checked for leftovers (test/support/tempDirCheck.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made: string[] = [];

/**
 * A fresh folder in the system temp directory whose name starts with `prefix` (kept verbatim, so a
 * test can put spaces or non-ASCII characters into the path). Removed by removeTempDirs.
 */
export function makeTempDir(prefix = 'cosci-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every folder makeTempDir made in this process (and not yet removed). */
export function removeTempDirs(): void {
  // Retries: a server that was just stopped may still be closing its database files.
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
}
