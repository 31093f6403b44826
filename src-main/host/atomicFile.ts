// The one way the host and the Electron main process replace a file: readers (and a crash) see the
// old file or the new one, never half of one. Used for the app's settings and keys and, under a
// lock and with a backup, for assistants' config files (registration/fileSafety.ts).
import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface AtomicWriteOptions {
  /** Permission bits of the result (default 0o600: readable by this user only). */
  mode?: number;
  /** Create the folder first (the app's own files); a config's folder is checked by its caller instead. */
  createDirectory?: boolean;
  /** Last check before the rename; throwing leaves the file as it was. */
  beforeCommit?: () => void | Promise<void>;
}

/**
 * Writes a temporary file in the same folder, syncs it, then renames it over `file`. A symlinked
 * file (dotfile managers) is followed, so the link stays a link. The temporary file is removed if
 * anything fails.
 */
export async function writeFileAtomically(file: string, content: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const target = await fs.realpath(file).catch(() => file);
  const dir = path.dirname(target);
  if (options.createDirectory === true) await fs.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await fs.open(temp, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL, 0o600);
    try {
      await handle.writeFile(content);
      await handle.chmod(options.mode ?? 0o600);
      // On disk before the rename makes it the file: a crash leaves the old or the new, never half.
      await handle.sync();
    } finally {
      await handle.close();
    }
    await options.beforeCommit?.();
    await renameWithRetry(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dir);
}

async function renameWithRetry(from: string, to: string): Promise<void> {
  // On Windows a reader (the assistant, an antivirus scan) briefly holding the file makes the
  // rename fail with EPERM/EBUSY; it succeeds a moment later.
  for (let attempt = 0; ; attempt++) {
    try {
      await fs.rename(from, to);
      return;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const transient = process.platform === 'win32' && (code === 'EPERM' || code === 'EBUSY' || code === 'EACCES');
      if (!transient || attempt >= 10) throw e;
      await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
    }
  }
}

/** Makes the rename itself durable; not possible (and not needed) on Windows. */
async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await fs.open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}
