// The server's command line and environment: what `co-scientist serve` accepts, and the clear error
// for what it does not.
import { describe, expect, it } from 'vitest';
import { parseServeArgs } from '../../../../src-mcp/runtime/start.js';
import { TRASH_UNDO_WINDOW_MS } from '../../../../src-mcp/engine/projectTrash.js';
import { forwardedServerEnvironment, UNDO_WINDOW_ENV } from '../../../../src-shared/serverEnvironment.js';

const DATA = { COSCI_DATA_DIR: '/tmp/cosci-serve-args' };

describe('parseServeArgs', () => {
  it('reads the client and the data folder', () => {
    const options = parseServeArgs(['--client', 'claude-code', '--data-dir', '/tmp/elsewhere'], DATA);
    expect(options).toMatchObject({ clientId: 'claude-code', dataDir: '/tmp/elsewhere', undoWindowMs: TRASH_UNDO_WINDOW_MS });
  });

  it('takes the undo window of a delete from the environment, in seconds', () => {
    expect(parseServeArgs([], { ...DATA, [UNDO_WINDOW_ENV]: '60' }).undoWindowMs).toBe(60_000);
    expect(parseServeArgs([], { ...DATA, [UNDO_WINDOW_ENV]: '' }).undoWindowMs).toBe(TRASH_UNDO_WINDOW_MS);
  });

  it.each(['0', '-5', '2.5', 'ten', '3601'])('refuses an undo window of "%s" and says what it must be', (raw) => {
    expect(() => parseServeArgs([], { ...DATA, [UNDO_WINDOW_ENV]: raw })).toThrow(
      `${UNDO_WINDOW_ENV} must be a whole number of seconds from 1 to 3600; it is "${raw}".`,
    );
  });

  it('reads --database (or COSCI_DATABASE_URL), and without either keeps the SQLite file in the data folder', () => {
    expect(parseServeArgs([], DATA).database).toEqual({ engine: 'sqlite', file: '/tmp/cosci-serve-args/co-scientist.db' });
    expect(parseServeArgs(['--database', 'postgres://lab:pw@db/cosci'], DATA).database).toMatchObject({ engine: 'postgres', display: 'postgres://lab:***@db/cosci' });
    expect(parseServeArgs([], { ...DATA, COSCI_DATABASE_URL: 'postgresql://db/cosci' }).database).toMatchObject({ engine: 'postgres' });
    expect(() => parseServeArgs(['--database', 'file:///tmp/x.db'], DATA)).toThrow(/--database has the scheme "file"/);
  });

  it('refuses an unknown flag', () => {
    expect(() => parseServeArgs(['--undo', '5'], DATA)).toThrow(/--undo/);
  });
});

describe('forwardedServerEnvironment', () => {
  it('passes on the undo window when it is set, and nothing else', () => {
    expect(forwardedServerEnvironment({ PATH: '/bin', [UNDO_WINDOW_ENV]: '30' })).toEqual({ [UNDO_WINDOW_ENV]: '30' });
    expect(forwardedServerEnvironment({ PATH: '/bin' })).toEqual({});
  });
});
