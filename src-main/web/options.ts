// Command line of the web host: `node dist/main/web.js [--data-dir <dir>] [--database <URL>] [--port <n>]`.
import { parseArgs } from 'node:util';

export interface WebOptions {
  /** Explicit data dir; otherwise COSCI_DATA_DIR or the per-OS default (resolveDataDir). */
  dataDir: string | undefined;
  /** `--database`: a PostgreSQL URL for the app's server (resolved with COSCI_DATABASE_URL in main.ts). */
  database: string | undefined;
  /** 0 lets the OS pick a free port. */
  port: number;
  help: boolean;
}

export const USAGE = `Usage: node dist/main/web.js [--data-dir <dir>] [--database <URL>] [--port <n>]

Serves the Co-Scientist GUI to your browser on 127.0.0.1 and prints the address to open.
  --data-dir <dir>  Folder holding co-scientist.db (default: COSCI_DATA_DIR or the per-user data folder)
  --database <URL>  A PostgreSQL database instead (postgres://user:password@host:5432/database;
                    default: COSCI_DATABASE_URL, else the SQLite file in the data folder)
  --port <n>        Port to listen on (default 0: any free port)
  --help            Show this text`;

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function parseWebOptions(argv: readonly string[]): WebOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        'data-dir': { type: 'string' },
        database: { type: 'string' },
        port: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const portText = values.port ?? '0';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535 (got "${portText}").`);
  }
  const dataDir = values['data-dir'];
  if (dataDir !== undefined && dataDir.trim() === '') throw new UsageError('--data-dir must name a folder.');
  return { dataDir, database: values.database, port, help: values.help ?? false };
}
