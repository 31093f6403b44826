// The `co-scientist` command line (server side): `serve`, `doctor`, `db migrate`, `project
// export|import`, `--version`, `help`.
// Registration commands (`register`, `unregister`, `status`) live with the host code in
// src-main/host/registration/cli.ts; bin/co-scientist.js dispatches between the two.
// The server and the doctor are imported when their command runs: after the code cache is on,
// and so that `--version` and `help` do not load the whole server.
import { requireSupportedNode } from '../src-shared/node/supportedNode.cjs';
import { enableCompileCache } from './compileCache.js';
import { VERSION } from './version.js';

const HELP = `Co-Scientist ${VERSION}

Usage:
  co-scientist serve [--client <id>] [--data-dir <dir>] [--database <URL>]
                                                         Run the MCP server on stdio
  co-scientist serve --http [--host 127.0.0.1] [--port 8787] [--database <URL>] [--issuer <URL>]... [--resource <URL>] [--data-dir <dir>]
                                                         Run a lab server (MCP over HTTP, OAuth)
  co-scientist register <client|all> [--data-dir DIR] [--home DIR] [--platform darwin|win32|linux] [--yes]
  co-scientist unregister <client|all> [--data-dir DIR] [--home DIR] [--platform ...] [--yes]
  co-scientist status [<client>|all] [--data-dir DIR] [--home DIR] [--platform ...]
  co-scientist doctor [--data-dir <dir>] [--database <URL>]
                                                         Check the data folder, database and setup
  co-scientist db migrate [--data-dir <dir>] [--database <URL>]
                                                         Bring the database to this version's schema
  co-scientist project export <project id> --out <file> [--data-dir <dir>] [--database <URL>]
  co-scientist project import <file> [--data-dir <dir>] [--database <URL>]
                                                         Carry a project between stores (SQLite ⇄ PostgreSQL)
  co-scientist --version

Clients: claude-desktop, claude-code, cursor, vscode, vscode-insiders, vscodium, windsurf, zed,
  gemini-cli, codex, lm-studio, cline, continue, goose ("all": every one found on this computer)

Data directory: --data-dir, else COSCI_DATA_DIR, else the platform default.
Database: --database, else COSCI_DATABASE_URL (postgres://user:password@host:5432/database), else
  the SQLite file in the data directory.`;

export async function runCli(argv: readonly string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve': {
      if (rest.includes('--http')) {
        const { runHttpServerProcess } = await import('./runtime/http/start.js');
        await runHttpServerProcess(rest, VERSION);
        return;
      }
      const { runServerProcess } = await import('./runtime/start.js');
      await runServerProcess(rest, VERSION);
      return;
    }
    case 'doctor': {
      const { runDoctorCommand } = await import('./health/doctorCommand.js');
      process.exitCode = await runDoctorCommand(rest, VERSION);
      return;
    }
    case 'db': {
      const { runDbCommand } = await import('./runtime/dbCommand.js');
      process.exitCode = await runDbCommand(rest);
      return;
    }
    case 'project': {
      const { runProjectCommand } = await import('./runtime/projectCommand.js');
      process.exitCode = await runProjectCommand(rest);
      return;
    }
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
      // The help lists every command, serve's options included: nothing more to add.
      console.error(`Unknown command "${command}".\n\n${HELP}`);
      process.exitCode = 2;
  }
}

// bin/co-scientist.js checked already; dist/mcp/cli.js can also be run by itself.
requireSupportedNode(`co-scientist${process.argv[2] === undefined ? '' : ` ${process.argv[2]}`}`);
enableCompileCache();
await runCli(process.argv.slice(2));
