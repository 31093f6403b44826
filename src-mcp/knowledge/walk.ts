// Lists the files of a folder for ingestion, in a stable order (so a partial ingest can continue
// from a cursor), never leaving the allowed folders: a symlink whose target lies outside them is
// skipped and reported, and a symlink loop is visited once.
import fs from 'node:fs';
import path from 'node:path';
import { containingRoot } from './roots.js';
import { formatOf } from './formats.js';

/** A folder of 20,000 papers is a library; anything beyond that is probably the wrong folder. */
export const MAX_FILES_PER_INGEST = 20_000;

export interface FileProblem {
  path: string;
  code: 'outside_allowed_folders' | 'too_large' | 'unreadable' | 'no_text' | 'encrypted' | 'too_many_files';
  message: string;
}

export interface FolderListing {
  /** Real paths of supported files, sorted. */
  files: string[];
  /** Files skipped because their format is not supported. */
  unsupported: number;
  problems: FileProblem[];
}

export function listFolder(folder: string, roots: readonly string[], recursive: boolean): FolderListing {
  const listing: FolderListing = { files: [], unsupported: 0, problems: [] };
  const visited = new Set<string>([folder]);
  const pending = [folder];
  while (pending.length > 0) {
    const directory = pending.pop() as string;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(directory, { withFileTypes: true });
    } catch (error) {
      listing.problems.push({ path: directory, code: 'unreadable', message: `cannot be listed (${(error as NodeJS.ErrnoException).code ?? 'error'}).` });
      continue;
    }
    for (const entry of entries) {
      // Hidden files and folders (.git, .DS_Store, editor swap files) are never documents.
      if (entry.name.startsWith('.')) continue;
      const entryPath = path.join(directory, entry.name);
      let real = entryPath;
      let isDirectory = entry.isDirectory();
      if (entry.isSymbolicLink()) {
        try {
          real = fs.realpathSync.native(entryPath);
          isDirectory = fs.statSync(real).isDirectory();
        } catch {
          continue; // a dangling link points at nothing to read
        }
        if (containingRoot(roots, real) === undefined) {
          listing.problems.push({
            path: entryPath,
            code: 'outside_allowed_folders',
            message: `is a link to ${real}, which is outside the allowed folders; it was skipped.`,
          });
          continue;
        }
      } else if (!isDirectory && !entry.isFile()) {
        continue; // sockets, devices, FIFOs
      }
      if (isDirectory) {
        if (recursive && !visited.has(real)) {
          visited.add(real);
          pending.push(real);
        }
        continue;
      }
      if (formatOf(real) === undefined) {
        listing.unsupported += 1;
        continue;
      }
      if (listing.files.length >= MAX_FILES_PER_INGEST) {
        listing.problems.push({
          path: folder,
          code: 'too_many_files',
          message: `holds more than ${MAX_FILES_PER_INGEST} documents; only the first ${MAX_FILES_PER_INGEST} were considered. Ingest its subfolders one by one.`,
        });
        return finish(listing);
      }
      listing.files.push(real);
    }
  }
  return finish(listing);
}

function finish(listing: FolderListing): FolderListing {
  // Two links to one file would otherwise ingest it twice.
  listing.files = [...new Set(listing.files)].sort();
  return listing;
}
