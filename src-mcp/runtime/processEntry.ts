// What every server process entry does around its own start (the stdio server, `serve --http`):
// a bad argument exits 2 with the usage, a failed start exits 1 naming the failure's code; once
// running, SIGINT/SIGTERM close it (queued audit rows appended, database closed) before exiting, and
// one bad request's exception is logged instead of taking down every conversation the process serves.
import { failureText } from './failureText.js';

/**
 * Parses `argv` and starts the server; null (with the exit code set and the reason on stderr) when
 * the arguments are wrong or the start failed.
 */
export async function startFromArgs<Options, Running>(argv: readonly string[], parse: (argv: readonly string[]) => Options, usage: string, start: (options: Options) => Promise<Running>): Promise<{ options: Options; running: Running } | null> {
  // A parent that closed our stderr must not crash the server through a write to it.
  process.stderr.on('error', () => undefined);
  let options: Options;
  try {
    options = parse(argv);
  } catch (error) {
    console.error(`[co-scientist] ${(error as Error).message}\n${usage}`);
    process.exitCode = 2;
    return null;
  }
  try {
    return { options, running: await start(options) };
  } catch (error) {
    console.error(`[co-scientist] cannot start: ${failureText(error)}`);
    process.exitCode = 1;
    return null;
  }
}

/** Closes on SIGINT/SIGTERM and exits; returns that shutdown for other reasons to close (a client gone). */
export function closeOnSignals(close: () => Promise<void>): () => void {
  const shutdown = (): void => {
    void close().finally(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  // One bad request must not take down every other conversation this process serves.
  process.on('uncaughtException', (error) => console.error('[co-scientist] uncaught exception:', error));
  process.on('unhandledRejection', (reason) => console.error('[co-scientist] unhandled rejection:', reason));
  return shutdown;
}
