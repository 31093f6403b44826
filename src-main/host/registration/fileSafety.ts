// File-level safety for editing files other programs own: a lock between Co-Scientist processes,
// a timestamped backup, an atomic replace that keeps permission bits, and a check that nobody
// rewrote the file while we were working on it. Knows nothing about JSON.
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import lockfile from 'proper-lockfile';
import { writeFileAtomically } from '../atomicFile.js';
import { ioError, RegistrationError } from './errors.js';

/** A lock older than this is considered left behind by a crashed process and taken over. */
export const LOCK_STALE_MS = 10_000;

export interface LockHandle {
  /** Throws if the lock was lost (e.g. taken over as stale) since it was acquired. */
  assertHeld(): void;
}

/**
 * The lock of a file an assistant's own CLI edits for us. Claude Code (2.1.3xx) takes
 * `<file>.lock` itself while `claude mcp add-json` saves ~/.claude.json and gives up when it is
 * held, so Co-Scientist processes meet on a lock of their own name there instead.
 */
export function ownLockPath(file: string): string {
  return `${file}.co-scientist.lock`;
}

export interface LockOptions {
  /** The lock's path; default `<file>.lock`. */
  lockfilePath?: string;
}

/**
 * Runs `work` while holding `<file>.lock` (or `options.lockfilePath`). It only keeps Co-Scientist
 * processes (the app, the CLI, a second window) from interleaving edits; the assistant itself does
 * not take this lock, which is why the atomic replace also checks the file is unchanged before committing.
 */
export async function withFileLock<T>(file: string, work: (lock: LockHandle) => Promise<T>, options: LockOptions = {}): Promise<T> {
  let lost: Error | undefined;
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(file, {
      realpath: false, // the file may not exist yet
      ...(options.lockfilePath ? { lockfilePath: options.lockfilePath } : {}),
      stale: LOCK_STALE_MS,
      retries: { retries: 8, factor: 1.5, minTimeout: 50, maxTimeout: 1_000 },
      // The default throws from a timer, which would crash the host process.
      onCompromised: (err) => {
        lost = err;
      },
    });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new RegistrationError(
        'CONFIG_LOCKED',
        `Another Co-Scientist process is editing ${file} right now. Wait a few seconds and try again.`,
        { configPath: file, cause: e },
      );
    }
    throw ioError('lock', file, e);
  }
  const handle: LockHandle = {
    assertHeld() {
      if (lost) {
        throw new RegistrationError('CONFIG_LOCKED', `Lost the lock on ${file} while editing it; nothing was written. Try again.`, {
          configPath: file,
          cause: lost,
        });
      }
    },
  };
  try {
    return await work(handle);
  } finally {
    await release().catch(() => undefined); // a lost lock is already reported through assertHeld
  }
}

export interface ExistingFile {
  bytes: Buffer;
  /** Permission bits (`mode & 0o7777`). */
  mode: number;
}

/**
 * The file's bytes and permission bits, or undefined when there is none. Anything but a regular
 * file (after symlinks) is refused before it is opened: reading a named pipe blocks until someone
 * writes to it, which would hang register and unregister.
 */
export async function readExistingFile(file: string): Promise<ExistingFile | undefined> {
  let stat: Awaited<ReturnType<typeof fs.stat>>;
  try {
    stat = await fs.stat(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw ioError('read', file, e);
  }
  if (!stat.isFile()) throw notARegularFile(file, stat);
  try {
    // O_NONBLOCK: should a pipe appear between the check and the open, the read fails instead of waiting.
    const handle = await fs.open(file, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0));
    try {
      const opened = await handle.stat();
      if (!opened.isFile()) throw notARegularFile(file, opened);
      return { bytes: await handle.readFile(), mode: opened.mode & 0o7777 };
    } finally {
      await handle.close();
    }
  } catch (e) {
    if (e instanceof RegistrationError) throw e;
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw ioError('read', file, e);
  }
}

function notARegularFile(file: string, stat: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean }): RegistrationError {
  const kind = stat.isDirectory() ? 'a folder' : stat.isFIFO() ? 'a named pipe' : stat.isSocket() ? 'a socket' : 'not a regular file';
  return new RegistrationError(
    'NOT_A_REGULAR_FILE',
    `${file} is ${kind}, not a config file, so Co-Scientist left it untouched. Remove or rename it, then try again.`,
    { configPath: file },
  );
}

/**
 * A config the scientist made read-only stays unchanged: an atomic rename would replace it
 * regardless of its permission bits, so we check them ourselves first. A file without any write
 * bit counts as read-only even for an administrator, who could write it anyway.
 */
export async function assertWritable(file: string): Promise<void> {
  let cause: unknown;
  try {
    const stat = await fs.stat(file);
    if ((stat.mode & 0o222) === 0) cause = new Error('no write permission bits');
    else await fs.access(file, fsConstants.W_OK);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    cause = e;
  }
  if (cause === undefined) return;
  throw new RegistrationError(
    'IO_ERROR',
    `${file} is read-only, so Co-Scientist left it untouched. Make it writable (or add the entry by hand) and try again.`,
    { configPath: file, cause },
  );
}

export async function ensureDirectory(dir: string): Promise<void> {
  // 0o700 when we have to create it: these folders hold config that may carry API keys.
  await fs.mkdir(dir, { recursive: true, mode: 0o700 }).catch((e: unknown) => {
    throw ioError('create the folder', dir, e);
  });
}

/** `20250131T235959Z`: sorts by time and is safe in file names on every OS. */
export function backupStamp(at: Date): string {
  return at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Writes `bytes` (what we read and based our edit on) to `<file>.bak-<stamp>` with the original's
 * permission bits, never overwriting an earlier backup. Returns the backup's path.
 */
export async function writeBackup(file: string, original: ExistingFile, at: Date = new Date()): Promise<string> {
  const base = `${file}.bak-${backupStamp(at)}`;
  for (let n = 1; n < 100; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    try {
      await fs.writeFile(candidate, original.bytes, { flag: 'wx', mode: 0o600 });
      await fs.chmod(candidate, original.mode);
      return candidate;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw ioError('write the backup', candidate, e);
    }
  }
  throw ioError('write a backup of', file, new Error('too many backups with the same time stamp'));
}

export interface ReplaceOptions {
  /** Permission bits of the result: the original file's, or 0o600 for a new file. */
  mode: number;
  /** The bytes the file must still hold before we replace it; null: it must still not exist; omitted: no check. */
  expected?: Buffer | null;
  /** Last check before the rename, e.g. that the lock is still ours. */
  beforeCommit?: () => void;
}

async function sameAsExpected(file: string, expected: Buffer | null): Promise<boolean> {
  const now = await readExistingFile(file);
  return expected === null ? now === undefined : now !== undefined && now.bytes.equals(expected);
}

/**
 * Replaces `file` with `content` atomically (../atomicFile.ts), after checking that nobody rewrote
 * it meanwhile; every failure becomes a RegistrationError that names the file.
 */
export async function replaceFileAtomically(file: string, content: string | Uint8Array, options: ReplaceOptions): Promise<void> {
  try {
    await writeFileAtomically(file, content, {
      mode: options.mode,
      beforeCommit: async () => {
        if (options.expected !== undefined && !(await sameAsExpected(file, options.expected))) {
          throw new RegistrationError(
            'CONCURRENT_EDIT',
            `${file} was changed by another program while Co-Scientist was editing it; nothing was written. Try again.`,
            { configPath: file },
          );
        }
        options.beforeCommit?.();
      },
    });
  } catch (e) {
    throw ioError('write', file, e);
  }
}
