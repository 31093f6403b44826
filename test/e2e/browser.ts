// Which Chromium the web suite drives. Playwright's own browser download is not used (it cannot
// run everywhere this project is tested), so the browser comes from the environment: COSCI_CHROMIUM
// if set, otherwise the first Chromium-family browser on PATH. Without one the suite stops with
// what to do instead of a launch error deep inside a test.
import path from 'node:path';
import { isExecutableFile } from '../../src-main/host/executables.js';

const ON_PATH = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

export function chromiumExecutable(env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env.COSCI_CHROMIUM;
  if (chosen !== undefined && chosen !== '') {
    if (!isExecutableFile(chosen)) throw new Error(`COSCI_CHROMIUM is ${chosen}, which is not an executable file. Point it at a Chromium or Chrome binary.`);
    return chosen;
  }
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const name of ON_PATH) {
      const candidate = path.join(dir, name);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  throw new Error(`No Chromium found for the UI tests: set COSCI_CHROMIUM to a Chromium or Chrome executable, or put one of ${ON_PATH.join(', ')} on PATH (Debian: apt-get install chromium).`);
}

