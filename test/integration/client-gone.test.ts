// A client that dies without closing the server's stdin — killed while another process (a
// grandchild, a test runner's worker) still holds that pipe — leaves the server with a broken
// stdout and stderr and no end of input. Found on this machine: such servers spun at a quarter of a
// core for hours. Each write of an answer or a change-feed notification failed with EPIPE, the
// transport logged it to the dead stderr, that write's EPIPE had no listener and became an uncaught
// exception, whose handler logged to the dead stderr again… The server must instead end the session
// as if stdin had ended (queued audit rows appended, database closed) and exit.
import { afterEach, describe, expect, it } from 'vitest';
import { startRawServer, type Exit, type RawServer } from '../support/rawServer.js';
import { tempDataDir } from '../support/server.js';
import { inspectStore, storeScalars } from '../support/storeInspector.js';

/** Generous: the close waits for the audit queue and the checkpoint thread on a loaded machine. */
const EXIT_DEADLINE_MS = 15_000;
/** Calls answered before the client died, and calls whose answers found it gone. */
const ANSWERED = 3;
const IN_FLIGHT = 3;
const MALFORMED = 3;

const servers: RawServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.kill()));
});

async function start(dataDir: string, client: string): Promise<RawServer> {
  const server = await startRawServer({ dataDir, client });
  servers.push(server);
  return server;
}

/** The client's process dies; its end of our stdin stays open in another process. */
function breakOutput(server: RawServer, which: 'stdout and stderr' | 'stderr'): void {
  if (which === 'stdout and stderr') server.child.stdout.destroy();
  server.child.stderr.destroy();
}

/** The server's exit, or 'still running' once the deadline has passed. */
function exitWithin(server: RawServer, ms: number): Promise<Exit | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'still running'>((resolve) => {
    timer = setTimeout(() => resolve('still running'), ms);
  });
  return Promise.race([server.exited, deadline]).finally(() => clearTimeout(timer));
}

async function auditRows(dataDir: string, client: string, action: string, args: Record<string, unknown>): Promise<number> {
  const rows = await storeScalars<string>(dataDir, 'SELECT arguments FROM audit_log WHERE client_id = ? AND action = ?', [client, action]);
  return rows.filter((row) => JSON.stringify(JSON.parse(row)) === JSON.stringify(args)).length;
}

describe('a client that is gone while its end of stdin stays open', () => {
  it('ends the session when answers cannot be written: queued audit rows appended, exit 0', async () => {
    const dataDir = tempDataDir('cosci-client-gone-answer');
    const server = await start(dataDir, 'claude-desktop');
    // Another process holds the write lock, so the answered reads' audit rows wait in the queue
    // (mcp/audit/readAudit.ts) and only the close can append them.
    await inspectStore(dataDir, (other) =>
      other.holdingWriteLock(async () => {
        for (let i = 0; i < ANSWERED; i += 1) await server.call('list_research_projects', { limit: 1 });
        breakOutput(server, 'stdout and stderr');
        // Calls in flight when the client died: their answers are the first writes to fail.
        for (let i = 0; i < IN_FLIGHT; i += 1) {
          await server.send({ jsonrpc: '2.0', id: `in-flight-${i}`, method: 'tools/call', params: { name: 'list_research_projects', arguments: { limit: 2 } } });
        }
      }),
    );
    expect(await exitWithin(server, EXIT_DEADLINE_MS)).toEqual({ code: 0, signal: null });
    expect(await auditRows(dataDir, 'claude-desktop', 'tool:list_research_projects', { limit: 1 })).toBe(ANSWERED);
  }, 40_000);

  it('ends the session when a change-feed notification cannot be written', async () => {
    const dataDir = tempDataDir('cosci-client-gone-feed');
    const server = await start(dataDir, 'claude-desktop');
    const writer = await start(dataDir, 'cursor');
    breakOutput(server, 'stdout and stderr');
    // A project created through another process: the change feed sends resources/list_changed.
    await writer.call('start_research', { goal: 'Does sleep deprivation impair hippocampal memory consolidation?' });
    expect(await exitWithin(server, EXIT_DEADLINE_MS)).toEqual({ code: 0, signal: null });
    expect(await writer.close()).toEqual({ code: 0, signal: null });
  }, 40_000);

  it('ignores a broken stderr: the protocol goes on and the end of stdin still ends the process', async () => {
    const dataDir = tempDataDir('cosci-client-gone-stderr');
    const server = await start(dataDir, 'claude-desktop');
    breakOutput(server, 'stderr');
    // Each malformed frame is answered on stdout and logged on stderr (runtime/stdioTransport.ts).
    // Node's console swallows the first failed write to stderr; the second, in a later tick, was an
    // uncaught exception, and the loop began.
    for (let i = 1; i <= MALFORMED; i += 1) {
      await server.sendLine(`not JSON ${i}`);
      await expect.poll(() => server.nullIdResponses.length, { timeout: 10_000 }).toBe(i);
    }
    expect(await server.call('list_research_projects', {})).toMatchObject({ total: 0 });
    expect(await server.close(EXIT_DEADLINE_MS)).toEqual({ code: 0, signal: null });
  }, 40_000);
});
