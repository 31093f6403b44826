// Which folders ingestion may read. An assistant names a path; we read it only when, after
// resolving "..", "~" and every symlink, it lies inside a folder the scientist allowed in the
// app (stored in knowledge_roots) or one of the client's own MCP roots. This is what stops a
// prompt-injected assistant from ingesting ~/.ssh or escaping an allowed folder through a symlink.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../store/database.js';
import { writeTransaction } from '../store/database.js';
import { deleteRoot, insertRoot, listRoots, type RootRow } from '../store/knowledgeCollections.js';
import { DomainError } from '../engine/errors.js';
import type { Actor } from './events.js';

const ADD_FOLDER_HINT = 'The scientist can allow it in the Co-Scientist app: Knowledge → Allowed folders → "Allow this folder".';

/** `~` and `~/x` are the home folder, as people and assistants write them. */
function expandHome(raw: string): string {
  const text = raw.trim();
  if (text === '~') return os.homedir();
  if (text.startsWith('~/') || text.startsWith('~\\')) return path.join(os.homedir(), text.slice(2));
  return text;
}

/** The absolute, lexically resolved form of what the caller typed ("~" and ".." applied). */
function absolutePathOf(raw: string, field: string): string {
  const expanded = expandHome(raw);
  if (expanded === '' || !path.isAbsolute(expanded)) {
    throw new DomainError(
      'invalid_input',
      `"${raw}" is not an absolute path. Give the full path of the file or folder (e.g. /Users/ana/papers or C:\\Users\\ana\\papers).`,
      { field },
    );
  }
  return path.resolve(expanded);
}

function missingPathError(raw: string, error: unknown, field: string): DomainError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    return new DomainError('resource_not_found', `There is no file or folder at ${raw}. Check the path for typos.`, { field });
  }
  return new DomainError('invalid_input', `${raw} cannot be opened (${code ?? 'unknown error'}). Check that it exists and is readable.`, {
    field,
  });
}

/** Real path of an absolute path (symlinks resolved), or a coded error a scientist can act on. */
export function realPathOf(raw: string, field = 'path'): string {
  const absolute = absolutePathOf(raw, field);
  try {
    return fs.realpathSync.native(absolute);
  } catch (error) {
    throw missingPathError(raw, error, field);
  }
}

/** True when `target` is `root` or inside it; both must be real paths. */
export function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}

export async function listAllowedRoots(db: Db): Promise<RootRow[]> {
  return await listRoots(db);
}

export async function allowRoot(db: Db, actor: Actor, raw: string): Promise<{ root: RootRow; added: boolean }> {
  const real = realPathOf(raw);
  if (!fs.statSync(real).isDirectory()) {
    throw new DomainError('invalid_input', `${raw} is a file; allow the folder that contains it instead.`, { field: 'path' });
  }
  if (path.parse(real).root === real) {
    throw new DomainError('invalid_input', 'Allowing the whole disk would let assistants read everything; choose the folder that holds your papers.', {
      field: 'path',
    });
  }
  const root: RootRow = { path: real, addedBy: actor.clientId, addedAt: actor.now().toISOString() };
  const added = await writeTransaction(db, async () => await insertRoot(db, root));
  return { root, added };
}

/** Removes an allowed folder, given as stored or as any path that resolves to it. */
export async function disallowRoot(db: Db, raw: string): Promise<boolean> {
  return await writeTransaction(db, async () => {
    if (await deleteRoot(db, expandHome(raw))) return true;
    try {
      return await deleteRoot(db, fs.realpathSync.native(expandHome(raw)));
    } catch {
      return false;
    }
  });
}

/** Real paths of every folder ingestion may read right now; folders that vanished are left out. */
export async function effectiveRoots(db: Db, clientRoots: readonly string[]): Promise<string[]> {
  const roots = new Set<string>();
  for (const candidate of [...(await listRoots(db)).map((root) => root.path), ...clientRoots]) {
    try {
      roots.add(fs.realpathSync.native(candidate));
    } catch {
      // An allowed folder that no longer exists allows nothing.
    }
  }
  return [...roots];
}

export function containingRoot(roots: readonly string[], real: string): string | undefined {
  return roots.find((root) => isInside(root, real));
}

export interface AllowedTarget {
  /** The path with "..", "~" and symlinks resolved. */
  realPath: string;
  /** The allowed folder it lies in. */
  root: string;
  isDirectory: boolean;
}

/** Resolves a path an assistant gave and checks it against the allowed folders. */
export async function resolveAllowedTarget(db: Db, raw: string, clientRoots: readonly string[]): Promise<AllowedTarget> {
  const roots = await effectiveRoots(db, clientRoots);
  const absolute = absolutePathOf(raw, 'path');
  let realPath: string;
  try {
    realPath = fs.realpathSync.native(absolute);
  } catch (error) {
    // Outside the allowed folders, "missing" and "forbidden" must look the same: otherwise the
    // error would tell an assistant which files exist anywhere on the disk. That holds for a
    // dangling symlink inside a folder, too: where it leads decides, not whether that exists.
    const leadsTo = whereItLeads(absolute);
    if (containingRoot(roots, leadsTo) === undefined) throw permissionError(raw, leadsTo, roots);
    throw missingPathError(raw, error, 'path');
  }
  const root = containingRoot(roots, realPath);
  if (root === undefined) throw permissionError(raw, realPath, roots);
  return { realPath, root, isDirectory: fs.statSync(realPath).isDirectory() };
}

const MAX_SYMLINK_HOPS = 40;

/**
 * Where a path that does not (fully) exist leads: symlinks followed component by component up to
 * the first missing one, the rest appended as written. Only for the refusal above.
 */
function whereItLeads(absolute: string, hops = 0): string {
  const { root } = path.parse(absolute);
  const parts = absolute.slice(root.length).split(path.sep).filter((part) => part !== '');
  let current = root;
  for (let index = 0; index < parts.length; index += 1) {
    const next = path.join(current, parts[index] as string);
    let link: string;
    try {
      if (!fs.lstatSync(next).isSymbolicLink()) {
        current = next;
        continue;
      }
      link = fs.readlinkSync(next);
    } catch {
      return path.join(next, ...parts.slice(index + 1));
    }
    if (hops >= MAX_SYMLINK_HOPS) return next;
    current = whereItLeads(path.resolve(current, link), hops + 1);
  }
  return current;
}

function permissionError(raw: string, resolved: string, roots: readonly string[]): DomainError {
  // Say that "..", "~" or a symlink led elsewhere, so the refusal of an innocent-looking path makes
  // sense; never where (that would tell what exists outside the allowed folders).
  const resolvedNote = resolved === expandHome(raw) ? '' : ' (it leads there through "..", "~" or a symbolic link)';
  return new DomainError(
    'insufficient_permissions',
    roots.length === 0
      ? `Co-Scientist may not read ${raw}${resolvedNote}: no folders have been allowed for ingestion yet. ${ADD_FOLDER_HINT}`
      : `Co-Scientist may not read ${raw}${resolvedNote}: it is outside the allowed folders (${roots.join(', ')}). ${ADD_FOLDER_HINT}`,
    { field: 'path', allowed_roots: roots },
  );
}
