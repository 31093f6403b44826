// Starts one MCP server process over stdio: parse the command line, open the shared database,
// start the change feed, and serve both protocol eras from one factory.
import { parseArgs } from 'node:util';
import { serveStdio, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import { closeDatabase, openStore, writeTransaction, type Db } from '../store/database.js';
import { recordAnchorBreach } from '../store/audit.js';
import { describeBreach, findAnchorBreach } from '../store/auditAnchor.js';
import { dataDirAnnouncement, resolveDataDir } from '../../src-shared/node/dataDir.js';
import { resolveDatabaseLocation, type DatabaseLocation } from '../../src-shared/node/databaseUrl.js';
import { ChangeFeed } from '../mcp/notifications/changeFeed.js';
import type { ServerContext } from '../mcp/context.js';
import { createMcpServer } from './createServer.js';
import { parseClientId, resolvePolicy } from '../mcp/access/identity.js';
import { isWorkerAlive, workerId } from './workerIdentity.js';
import { knowledgeGrounding, knowledgeVerifier } from './knowledgeGrounding.js';
import { TokenBucket } from '../mcp/access/rateLimit.js';
import { ProviderRegistry } from '../reasoners/providers/registry.js';
import { SamplingChannel } from '../reasoners/sampling.js';
import { BackgroundRunner } from './backgroundRunner.js';
import { drainReadAudit } from '../mcp/audit/readAudit.js';
import { WalCheckpointer } from '../store/walCheckpointer.js';
import { FramedStdioTransport } from './stdioTransport.js';
import { checkDesktopClaim } from '../mcp/access/desktopClaim.js';
import { purgeExpiredTrash, TRASH_UNDO_WINDOW_MS } from '../engine/projectTrash.js';
import { UNDO_WINDOW_ENV } from '../../src-shared/serverEnvironment.js';
import { closeOnSignals, startFromArgs } from './processEntry.js';

/** The checkpoint thread starts after the handshake (see WalCheckpointerOptions.delayMs). */
const CHECKPOINTER_DELAY_MS = 300;
/** At close, how long the first append of queued read rows may wait for the lock before the rest of the close goes on. */
const CLOSE_FIRST_DRAIN_MS = 2_000;

export interface ServeOptions {
  clientId: string;
  dataDir: string;
  /** `--database` / COSCI_DATABASE_URL; absent: the SQLite file in the data folder. */
  database?: DatabaseLocation;
  /** How long a project deleted in the app can be restored (engine/projectTrash.ts). */
  undoWindowMs?: number;
}

export const SERVE_USAGE = 'Usage: co-scientist serve [--client <id>] [--data-dir <dir>] [--database <postgres URL>]';

export function parseServeArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): ServeOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      client: { type: 'string' },
      'data-dir': { type: 'string' },
      database: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const dataDir = resolveDataDir({ flag: values['data-dir'], env });
  return {
    clientId: parseClientId(values.client),
    dataDir,
    database: resolveDatabaseLocation({ flag: values.database, env, dataDir }),
    undoWindowMs: parseUndoWindow(env[UNDO_WINDOW_ENV]),
  };
}

function parseUndoWindow(raw: string | undefined): number {
  if (raw === undefined || raw === '') return TRASH_UNDO_WINDOW_MS;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600) {
    throw new Error(`${UNDO_WINDOW_ENV} must be a whole number of seconds from 1 to 3600; it is "${raw}".`);
  }
  return seconds * 1000;
}

export interface RunningServer {
  db: Db;
  checkpointer: WalCheckpointer;
  feed: ChangeFeed;
  handle: StdioServerHandle;
  close(): Promise<void>;
}

export async function startStdioServer(options: ServeOptions, version: string): Promise<RunningServer> {
  // The change feed below tails the store from the start: PostgreSQL's listener connects meanwhile.
  const db = await openStore(options.dataDir, options.database, { watchChanges: true });
  try {
    await checkDesktopClaim(db, options.clientId, options.dataDir);
  } catch (error) {
    await closeDatabase(db);
    throw error;
  }
  await reportAuditTail(db);
  await purgeExpiredTrashAtStart(db, options.clientId);
  // WAL checkpoints in a helper thread, so no tool call pays for one (see walCheckpointer.ts).
  const checkpointer = new WalCheckpointer(db, { delayMs: CHECKPOINTER_DELAY_MS }).start();
  const feed = await ChangeFeed.open(db);
  const initialPolicy = await resolvePolicy(db, options.clientId);
  const providers = new ProviderRegistry();
  const ctx: ServerContext = {
    db,
    dataDir: options.dataDir,
    clientId: options.clientId,
    policy: async () => await resolvePolicy(db, options.clientId),
    feed,
    now: () => new Date(),
    trashUndoWindowMs: options.undoWindowMs ?? TRASH_UNDO_WINDOW_MS,
    workerId: workerId(options.clientId),
    ownerAlive: (owner) => isWorkerAlive(owner),
    grounding: knowledgeGrounding(db),
    rateLimit: new TokenBucket(initialPolicy.ratePerMinute, initialPolicy.burst),
    verifyCitation: knowledgeVerifier(db),
    providers,
    sampling: new SamplingChannel(),
  };
  feed.start();
  // Idle until the desktop app activates this process with provider credentials (configure_providers).
  const runner = new BackgroundRunner(ctx, providers);
  runner.start();
  // Our transport answers malformed and oversize frames instead of dropping them (stdioTransport.ts).
  const transport = new FramedStdioTransport(process.stdin, process.stdout, {
    onRejected: (what) => console.error(`[co-scientist] stdio: ${what}`),
  });
  const handle = serveStdio(({ era }) => createMcpServer(ctx, era, version), {
    transport,
    onerror: (error) => console.error(`[co-scientist] stdio: ${error.message}`),
  });
  const drainAudit = async (when: 'yet' | 'at exit', patienceMs?: number): Promise<void> => {
    try {
      const left = await drainReadAudit(db, patienceMs);
      if (left > 0) console.error(`[co-scientist] audit: ${left} queued read rows could not be appended ${when}`);
    } catch (error) {
      console.error(`[co-scientist] audit: queued read rows could not be appended ${when}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const closeOnce = async (): Promise<void> => {
    // Once stdin has ended, nothing else keeps this process alive (the checkpoint thread and every
    // timer here are unref'd): without this handle Node exits mid-close as soon as the event loop
    // runs dry, e.g. while the checkpoint thread finishes a long pass, and queued read rows are
    // lost with exit code 0.
    const keepAlive = setInterval(() => undefined, 1_000);
    try {
      // The rows at risk go first: a client gives a closing server only seconds before SIGKILL
      // (the MCP SDKs: 2 s after stdin ends, then SIGTERM, then 2 s more).
      await drainAudit('yet', CLOSE_FIRST_DRAIN_MS);
      // Calls in flight are cancelled and their tasks handed back while the database is open.
      await runner.stop();
      feed.stop();
      await handle.close().catch(() => undefined);
      await checkpointer.stop();
      // What the cancelled calls queued, and anything the first drain could not append.
      await drainAudit('at exit');
      await closeDatabase(db);
    } finally {
      clearInterval(keepAlive);
    }
  };
  // One close, however many ask: a SIGTERM that arrives while the end of stdin is still closing
  // must wait for it (queued read audits and the database), not exit under it.
  let closing: Promise<void> | undefined;
  const close = async (): Promise<void> => (closing ??= closeOnce());
  // The client closing our stdin ends the session (MCP stdio binding): release the database.
  process.stdin.once('end', () => void close());
  console.error(dataDirAnnouncement(options.clientId, options.dataDir));
  return { db, checkpointer, feed, handle, close };
}

/** At start-up: a cut audit-log tail is said on stderr and written into the log (store/auditAnchor.ts). */
export async function reportAuditTail(db: Db): Promise<void> {
  // A read first: the write lock is taken only when there is something to record.
  if ((await findAnchorBreach(db)) === undefined) return;
  const breach = await writeTransaction(db, async () => await recordAnchorBreach(db));
  if (breach !== undefined) console.error(`[co-scientist] audit: ${describeBreach(breach)}. The finding is recorded in the audit log.`);
}

/**
 * At start-up: projects deleted in the app whose undo window ran out while no app was there to
 * purge them (the window was closed) go for good now (engine/projectTrash.ts).
 */
async function purgeExpiredTrashAtStart(db: Db, clientId: string): Promise<void> {
  try {
    const purged = await purgeExpiredTrash(db, { clientId, now: () => new Date() });
    if (purged.length > 0) console.error(`[co-scientist] deleted ${purged.length} project(s) whose undo window had run out: ${purged.join(', ')}`);
  } catch (error) {
    // The next start or the app's next delete tries again; serving must not wait on it.
    console.error(`[co-scientist] could not purge deleted projects: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Logs go to stderr (architecture.md, *Processes*), whose reader may be gone with the client: a log
 * line must then cost one failed write and nothing more. Without a listener Node makes a failed
 * write to stderr an uncaught exception (the console swallows only the first), which the handler in
 * runServerProcess logs to the same pipe, and so on: orphaned servers spun at a quarter of a core
 * for hours.
 */
/** The process entry used by both `dist/mcp/server.js` and `co-scientist serve`. */
export async function runServerProcess(argv: readonly string[], version: string): Promise<void> {
  const started = await startFromArgs(argv, parseServeArgs, SERVE_USAGE, (options) => startStdioServer(options, version));
  if (started === null) return;
  const shutdown = closeOnSignals(() => started.running.close());
  // A client that died without closing our stdin (another process still holds that pipe: a
  // grandchild, a test runner's worker) shows only when an answer or a change-feed notification
  // cannot be written. Its session is over as surely as at the end of stdin, which may never come:
  // close as at SIGTERM (queued audit rows appended, database closed) and exit. Left to itself the
  // process either ran dry without the close (its queued audit rows lost) or spun on its logs.
  process.stdout.on('error', () => {
    console.error('[co-scientist] stdout failed: the client is gone; closing.');
    shutdown();
  });
}
