// Playwright's global setup: the run gets a temp directory of its own, and fails if a test left a
// cosci-* folder in it (test/support/tempDirCheck.ts). Only cosci-* names count here: Chromium and
// Playwright keep their own scratch files in the temp directory and remove them on their schedule.
import { checkRunTempDir, isolateRunTempDir } from '../support/tempDirCheck.js';

export default function globalSetup(): () => void {
  const previous = process.env.TMPDIR;
  const runDir = isolateRunTempDir();
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    checkRunTempDir(runDir, (name) => name.startsWith('cosci-'));
  };
}
