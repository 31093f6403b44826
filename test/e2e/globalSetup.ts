// Playwright's global setup: the run gets a temp directory of its own, and fails if a test left a
// cosci-* folder in it (test/support/tempDirCheck.ts). Only cosci-* names count here: Chromium and
// Playwright keep their own scratch files in the temp directory and remove them on their schedule.
import { guardRunTempDir } from '../support/tempDirCheck.js';

export default function globalSetup(): () => void {
  return guardRunTempDir((name) => name.startsWith('cosci-'));
}
