// Ingesting files in two steps: prepareFile reads and extracts one file (async, no writes), and
// commitFiles stores a batch of prepared files in ONE write transaction. Each commit makes FTS5
// flush a new index segment, so batching files is what makes folder ingest fast (~2x).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Db } from '../store/database.js';
import { writeTransaction } from '../store/database.js';
import type { DocumentFormat } from '../store/knowledgeDocuments.js';
import type { CollectionRow } from '../store/knowledgeCollections.js';
import { requireCollectionStill } from './collections.js';
import { isUnchanged, storeDocument, storeFileEntries, type StoreOutcome } from './documents.js';
import type { Actor } from './events.js';
import { ExtractionError, titleFromFileName, type ExtractedDocument } from './extract/types.js';
import { MAX_FILE_BYTES } from './formats.js';
import type { FileProblem } from './walk.js';

// The format parsers (marked, yaml, node-html-parser, the BibTeX parser) are imported on first
// use: evaluating them costs ~80 ms, and every assistant's server start would pay it otherwise.

// O_NOFOLLOW: the path was resolved and checked already; a link put in its place since is refused.
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0);

export type PreparedFile = { path: string; bytesRead: number } & (
  | { kind: 'unchanged' }
  | { kind: 'failed'; problem: FileProblem }
  | { kind: 'document'; format: DocumentFormat; document: ExtractedDocument }
  | { kind: 'entries'; format: DocumentFormat; documents: ExtractedDocument[]; warnings: string[] }
);

export interface FileOutcome {
  path: string;
  outcome: StoreOutcome | 'failed';
  documentsWritten: number;
  chunksWritten: number;
  bytesRead: number;
  problems: FileProblem[];
}

export async function prepareFile(db: Db, collectionId: string, filePath: string, format: DocumentFormat): Promise<PreparedFile> {
  let bytes: Buffer;
  try {
    const size = fs.statSync(filePath).size;
    if (size > MAX_FILE_BYTES) {
      return failed(filePath, 'too_large', `is ${(size / 1048576).toFixed(1)} MB; files up to ${MAX_FILE_BYTES / 1048576} MB are ingested. Split it or extract the relevant part.`, 0);
    }
    const descriptor = fs.openSync(filePath, OPEN_FLAGS);
    try {
      bytes = fs.readFileSync(descriptor);
    } finally {
      fs.closeSync(descriptor);
    }
  } catch (error) {
    return failed(filePath, 'unreadable', `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}). Check its permissions.`, 0);
  }
  const fileHash = createHash('sha256').update(bytes).digest('hex');
  const base = { path: filePath, bytesRead: bytes.length };
  try {
    if (format === 'bibtex') {
      const { extractBibtex } = await import('./extract/bibtex.js');
      const { documents, problems } = extractBibtex(decodeText(bytes));
      return { ...base, kind: 'entries', format, documents, warnings: problems.map((problem) => `skipped an entry: ${problem}`) };
    }
    // The common case when re-ingesting a folder: same bytes, nothing to do, no parsing.
    if (await isUnchanged(db, collectionId, filePath, fileHash)) return { ...base, kind: 'unchanged' };
    const document = { ...(await extractSingle(bytes, format, filePath)), contentHash: fileHash };
    if (document.blocks.length === 0) throw new ExtractionError('no_text', 'contains no text to index.');
    return { ...base, kind: 'document', format, document };
  } catch (error) {
    if (error instanceof ExtractionError) return failed(filePath, error.code, error.message, bytes.length);
    // Parsers fail in many ways on damaged files; one bad file must not stop a folder.
    return failed(filePath, 'unreadable', `could not be parsed (${(error as Error).message}).`, bytes.length);
  }
}

/** Stores prepared files in one write transaction; returns one outcome per file, in order. */
export async function commitFiles(db: Db, actor: Actor, collection: Pick<CollectionRow, 'id' | 'name'>, files: readonly PreparedFile[]): Promise<FileOutcome[]> {
  const collectionId = collection.id;
  return await writeTransaction(db, async () => {
    await requireCollectionStill(db, collection);
    const outcomes: FileOutcome[] = [];
    for (const file of files) outcomes.push(await commitFile(file));
    return outcomes;
  });

  async function commitFile(file: PreparedFile): Promise<FileOutcome> {
    const outcome = { path: file.path, bytesRead: file.bytesRead, documentsWritten: 0, chunksWritten: 0, problems: [] as FileProblem[] };
    switch (file.kind) {
      case 'unchanged':
        return { ...outcome, outcome: 'unchanged' };
      case 'failed':
        return { ...outcome, outcome: 'failed', problems: [file.problem] };
      case 'document': {
        const stored = await storeDocument(db, actor, { collectionId, source: file.path, origin: 'file', format: file.format }, file.document);
        return { ...outcome, outcome: stored.outcome, documentsWritten: stored.outcome === 'unchanged' ? 0 : 1, chunksWritten: stored.chunksWritten };
      }
      case 'entries': {
        const stored = await storeFileEntries(db, actor, { collectionId, origin: 'file', format: file.format, filePath: file.path }, file.documents);
        const problems = file.warnings.map((message): FileProblem => ({ path: file.path, code: 'unreadable', message }));
        return { ...outcome, ...stored, problems };
      }
    }
  }
}

async function extractSingle(bytes: Buffer, format: Exclude<DocumentFormat, 'bibtex'>, filePath: string): Promise<ExtractedDocument> {
  const options = { fallbackTitle: titleFromFileName(filePath), sizeBytes: bytes.length };
  switch (format) {
    case 'pdf':
      return (await import('./extract/pdf.js')).extractPdf(bytes, options);
    case 'markdown':
      return (await import('./extract/markdown.js')).extractMarkdown(decodeText(bytes), options);
    case 'html':
      return (await import('./extract/html.js')).extractHtml(decodeText(bytes), options);
    case 'text':
      return (await import('./extract/text.js')).extractText(decodeText(bytes), options);
  }
}

/** UTF-8 text, BOM removed; a NUL byte means a binary file behind a text extension. */
function decodeText(bytes: Buffer): string {
  if (bytes.subarray(0, 8192).includes(0)) {
    throw new ExtractionError('unreadable', 'looks like a binary file, not text; check its extension.');
  }
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

function failed(filePath: string, code: FileProblem['code'], message: string, bytesRead: number): PreparedFile {
  return { path: filePath, bytesRead, kind: 'failed', problem: { path: filePath, code, message } };
}
