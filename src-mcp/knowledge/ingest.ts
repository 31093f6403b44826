// Ingesting a file or a folder into a collection. Tools must answer within ~45 s, so a large
// folder is ingested in slices: each call works until its time budget is spent, then returns
// what it did and a cursor. Calling again with the cursor continues; calling again without it
// starts over, which is cheap and safe because unchanged files are recognised by their hash.
// The first slice of a folder ingest also removes the documents of files deleted since (sync.ts).
import path from 'node:path';
import type { Db } from '../store/database.js';
import { writeTransaction } from '../store/database.js';
import { touchCollection, type CollectionRow } from '../store/knowledgeCollections.js';
import { DomainError } from '../engine/errors.js';
import { getCollection } from './collections.js';
import { recordKnowledgeChange, type Actor } from './events.js';
import { describeSupported, formatOf } from './formats.js';
import { commitFiles, prepareFile, type PreparedFile } from './ingestFile.js';
import { effectiveRoots, isInside, resolveAllowedTarget } from './roots.js';
import { removeVanishedDocuments } from './sync.js';
import { listFolder, type FileProblem } from './walk.js';
import { beforeWaitingOutside } from '../store/writeObserver.js';

export const MAX_REPORTED_PROBLEMS = 20;
const PROGRESS_INTERVAL_MS = 200;
// Files are committed in batches (one FTS5 segment per commit instead of one per file). A batch
// holds the database's write lock while it is stored, so it stays small: other assistants'
// servers wait for the lock at most ~100 ms.
const BATCH_BYTES = 1024 * 1024;
const BATCH_FILES = 32;

export interface IngestInput {
  path: string;
  collection: string;
  recursive: boolean;
  /** next_cursor of a previous partial ingest of the same path. */
  cursor?: string | undefined;
}

export interface IngestHooks {
  /** The calling client's MCP roots, allowed in addition to the folders the scientist allowed. */
  clientRoots: readonly string[];
  timeBudgetMs: number;
  signal?: AbortSignal | undefined;
  onProgress?: ((done: number, total: number, message: string) => void) | undefined;
}

export interface IngestReport {
  status: 'complete' | 'partial';
  collection: CollectionRow;
  target: string;
  filesTotal: number;
  /** How many of filesTotal are done, counting earlier slices of this ingest. */
  filesDone: number;
  added: number;
  updated: number;
  unchanged: number;
  failed: number;
  /** Documents removed because their files were deleted or moved out of the folder. */
  removed: number;
  unsupported: number;
  documentsWritten: number;
  chunksWritten: number;
  bytesRead: number;
  durationMs: number;
  nextCursor: string | null;
  problems: FileProblem[];
  problemCount: number;
}

export async function ingestDocuments(db: Db, actor: Actor, input: IngestInput, hooks: IngestHooks): Promise<IngestReport> {
  const started = performance.now();
  const collection = await getCollection(db, input.collection);
  const target = await resolveAllowedTarget(db, input.path, hooks.clientRoots);
  const roots = await effectiveRoots(db, hooks.clientRoots);
  const listing = target.isDirectory
    ? listFolder(target.realPath, roots, input.recursive)
    : { files: [singleFile(input.path, target.realPath)], unsupported: 0, problems: [] };
  const start = input.cursor === undefined ? 0 : resumeIndex(listing.files, decodeCursor(input.cursor, target.realPath));

  const report: IngestReport = {
    status: 'complete',
    collection,
    target: target.realPath,
    filesTotal: listing.files.length,
    filesDone: start,
    added: 0,
    updated: 0,
    unchanged: 0,
    failed: 0,
    removed: 0,
    unsupported: listing.unsupported,
    documentsWritten: 0,
    chunksWritten: 0,
    bytesRead: 0,
    durationMs: 0,
    nextCursor: null,
    problems: [],
    problemCount: 0,
  };
  // Once per ingest (not per slice): the listing is complete before any file is read.
  if (target.isDirectory && input.cursor === undefined) {
    report.removed = await removeVanishedDocuments(db, actor, {
      collectionId: collection.id,
      folder: target.realPath,
      recursive: input.recursive,
      listed: new Set(listing.files),
    });
  }
  const problems: FileProblem[] = [...listing.problems];
  let lastProgress = 0;
  let batch: PreparedFile[] = [];
  let batchBytes = 0;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    for (const result of await commitFiles(db, actor, collection, batch)) {
      report.bytesRead += result.bytesRead;
      if (result.outcome === 'failed') report.failed += 1;
      else report[result.outcome] += 1;
      report.documentsWritten += result.documentsWritten;
      report.chunksWritten += result.chunksWritten;
      problems.push(...result.problems);
    }
    report.filesDone += batch.length;
    const last = batch[batch.length - 1] as PreparedFile;
    batch = [];
    batchBytes = 0;
    const now = performance.now();
    if (now - lastProgress >= PROGRESS_INTERVAL_MS || report.filesDone === listing.files.length) {
      lastProgress = now;
      hooks.onProgress?.(report.filesDone, report.filesTotal, `${path.basename(last.path)} (${report.filesDone}/${report.filesTotal})`);
    }
  };
  for (let index = start; index < listing.files.length; index += 1) {
    const filePath = listing.files[index] as string;
    // Always make progress (one file at least), then stop when the budget is spent or the caller gave up.
    if (index > start && (performance.now() - started > hooks.timeBudgetMs || hooks.signal?.aborted === true)) {
      await flush();
      report.status = 'partial';
      report.nextCursor = encodeCursor(listing.files[index - 1] as string);
      break;
    }
    // Reading and parsing a file (a large PDF takes seconds) holds no connection.
    await beforeWaitingOutside();
    const prepared = await prepareFile(db, collection.id, filePath, formatOf(filePath) ?? 'text');
    batch.push(prepared);
    batchBytes += prepared.bytesRead;
    if (batchBytes >= BATCH_BYTES || batch.length >= BATCH_FILES) await flush();
  }
  await flush();
  if (!target.isDirectory && report.failed === 1 && problems[0] !== undefined) {
    throw new DomainError('invalid_input', `${input.path} ${problems[0].message}`, { field: 'path', problem: problems[0].code });
  }
  if (report.documentsWritten > 0) {
    await writeTransaction(db, async () => {
      await touchCollection(db, collection.id, actor.now().toISOString());
      await recordKnowledgeChange(db, actor, 'knowledge.documents.ingested', collection.id, {
        added: report.added,
        updated: report.updated,
        documents_written: report.documentsWritten,
      });
    });
  }
  report.problems = problems.slice(0, MAX_REPORTED_PROBLEMS);
  report.problemCount = problems.length;
  report.durationMs = Math.round(performance.now() - started);
  return report;
}

function singleFile(raw: string, realPath: string): string {
  if (formatOf(realPath) === undefined) {
    throw new DomainError('invalid_input', `${raw} is not a supported document. Supported: ${describeSupported()}.`, { field: 'path' });
  }
  return realPath;
}

function encodeCursor(lastDone: string): string {
  return Buffer.from(lastDone, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string, target: string): string {
  const lastDone = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!isInside(target, lastDone)) {
    throw new DomainError(
      'invalid_input',
      'This cursor belongs to a different ingest. Pass next_cursor from the previous call with the same path, or omit it to start over (unchanged files are skipped).',
      { field: 'cursor' },
    );
  }
  return lastDone;
}

/** First file after the last one done; files added or removed meanwhile do not shift it. */
function resumeIndex(files: readonly string[], lastDone: string): number {
  let low = 0;
  let high = files.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((files[middle] as string) <= lastDone) low = middle + 1;
    else high = middle;
  }
  return low;
}
