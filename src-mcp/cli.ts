// The `co-scientist` command line (server side): `serve`, `--version`, `help`.
// Registration commands (`register`, `unregister`, `status`) live with the host code in
// src-main/host/registration/cli.ts; bin/co-scientist.js dispatches between the two.
import { SERVE_USAGE, runServerProcess } from './mcp/runtime.js';
import { VERSION } from './version.js';

const HELP = `Co-Scientist ${VERSION}

Usage:
  co-scientist serve [--client <id>] [--data-dir <dir>]   Run the MCP server on stdio
  co-scientist register <client> [--home DIR] [--platform darwin|win32|linux] [--yes]
  co-scientist unregister <client> [--home DIR] [--platform ...] [--yes]
  co-scientist status [<client>] [--home DIR] [--platform ...]
  co-scientist --version

Data directory: --data-dir, else COSCI_DATA_DIR, else the platform default.`;

export function runCli(argv: readonly string[]): void {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      runServerProcess(rest, VERSION);
      return;
    case '--version':
    case '-v':
      process.stdout.write(`${VERSION}\n`);
      return;
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(`${HELP}\n`);
      return;
    default:
      console.error(`Unknown command "${command}".\n\n${HELP}\n\n${SERVE_USAGE}`);
      process.exitCode = 2;
  }
}

runCli(process.argv.slice(2));
