// How to type the `co-scientist` command where this process runs, for hints in what we print:
// `co-scientist` when it was started by that name (installed on PATH); in a checkout, where that
// name is not on PATH, `node bin/co-scientist.js` (relative to the working folder when inside the
// checkout, absolute otherwise); undefined where there is no command line (the packaged app).
import fs from 'node:fs';
import path from 'node:path';

export interface CliCommandInputs {
  /** The checkout or install root (where bin/co-scientist.js would be). */
  appRoot: string;
  /** process.argv[1]: the script this process was started with. */
  argv1: string | undefined;
  cwd: string;
}

export function cliCommand({ appRoot, argv1, cwd }: CliCommandInputs): string | undefined {
  if (argv1 !== undefined && /^co-scientist(\.cmd)?$/i.test(path.basename(argv1))) return 'co-scientist';
  const bin = path.join(appRoot, 'bin', 'co-scientist.js');
  if (!fs.existsSync(bin)) return undefined;
  const relative = path.relative(cwd, bin);
  const shown = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : bin;
  return `node ${/[\s"'$]/.test(shown) ? JSON.stringify(shown) : shown}`;
}
