// Keeping a collection in step with a folder on disk: when a folder is ingested again, documents
// whose files were deleted or moved away since are removed (with their passages and index rows,
// which the schema's cascade and FTS triggers take along). Only files that are provably gone are
// removed: a file we merely could not list (a folder without read permission, a listing cut off at
// the file limit) keeps its document, because losing a scientist's library to a permission glitch
// would be far worse than keeping a stale entry.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../store/database.js';
import { writeTransaction } from '../store/database.js';
import { touchCollection } from '../store/knowledgeCollections.js';
import { deleteDocument, documentsWithSourcePrefix, type DocumentRow } from '../store/knowledgeDocuments.js';
import { recordKnowledgeChange, type Actor } from './events.js';
import { formatOf } from './formats.js';

// Removals are committed in small transactions so that other servers never wait long for the lock.
const REMOVE_BATCH = 200;

export interface SyncScope {
  collectionId: string;
  /** Real path of the folder being ingested. */
  folder: string;
  /** Without it only the folder's own files are in scope, not those of its subfolders. */
  recursive: boolean;
  /** Real paths the folder listing found (these exist, no need to look them up again). */
  listed: ReadonlySet<string>;
}

/** The file a stored document came from: its source, or for a BibTeX entry the `.bib` before `#key`. */
export function fileOfDocument(document: Pick<DocumentRow, 'source' | 'format'>): string {
  if (document.format !== 'bibtex') return document.source;
  // Keys may contain "#" and paths may too, so take the first "#" that ends a .bib path.
  for (let index = document.source.indexOf('#'); index >= 0; index = document.source.indexOf('#', index + 1)) {
    const candidate = document.source.slice(0, index);
    if (formatOf(candidate) === 'bibtex') return candidate;
  }
  return document.source;
}

/** Documents of the folder (as ingest saw it) whose files no longer exist. */
export async function vanishedDocuments(db: Db, scope: SyncScope): Promise<DocumentRow[]> {
  const prefix = scope.folder.endsWith(path.sep) ? scope.folder : `${scope.folder}${path.sep}`;
  return (await documentsWithSourcePrefix(db, scope.collectionId, prefix)).filter((document) => {
    if (document.origin !== 'file') return false;
    const file = fileOfDocument(document);
    if (!scope.recursive && path.dirname(file) !== scope.folder) return false;
    return !scope.listed.has(file) && isGone(file);
  });
}

/** Removes the documents of vanished files; returns how many were removed. */
export async function removeVanishedDocuments(db: Db, actor: Actor, scope: SyncScope): Promise<number> {
  const vanished = await vanishedDocuments(db, scope);
  for (let start = 0; start < vanished.length; start += REMOVE_BATCH) {
    const batch = vanished.slice(start, start + REMOVE_BATCH);
    const last = start + REMOVE_BATCH >= vanished.length;
    await writeTransaction(db, async () => {
      for (const document of batch) await deleteDocument(db, document.id);
      if (last) {
        await touchCollection(db, scope.collectionId, actor.now().toISOString());
        await recordKnowledgeChange(db, actor, 'knowledge.documents.removed', scope.collectionId, {
          folder: scope.folder,
          documents_removed: vanished.length,
        });
      }
    });
  }
  return vanished.length;
}

/** True only when the file is certainly not there (not for permission or I/O errors). */
function isGone(file: string): boolean {
  try {
    return !fs.statSync(file).isFile();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR';
  }
}
