// Audit log exports (architecture.md, *Identity, scopes, audit*: "the GUI verifies the chain and exports JSONL/CSV").
//
// Where the export goes: up to INLINE_LIMIT_BYTES the content is returned in the tool result and
// the desktop app offers it as a download. Beyond that it is written to `<data dir>/exports/` and
// only the path is returned: a result travels as one JSON-RPC message over stdio, through the
// host and into the renderer's memory, which is the wrong road for hundreds of megabytes, while
// a file is what the scientist wants from an export that size anyway.
import fs from 'node:fs';
import path from 'node:path';
import type { AuditRow } from '../../store/audit.js';
import { visitAuditRowsMatching, type AuditFilter } from '../../store/auditQueries.js';
import type { Db } from '../../store/database.js';

export type AuditExportFormat = 'jsonl' | 'csv';

export const INLINE_LIMIT_BYTES = 4 * 1024 * 1024;

export const CSV_COLUMNS = ['id', 'at', 'client_id', 'action', 'target', 'outcome', 'error_code', 'duration_ms', 'arguments', 'prev_hash', 'hash'] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe: the arguments come from assistants, and opening an export must not execute them.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvHeader(): string {
  return `${CSV_COLUMNS.join(',')}\r\n`;
}

export function csvLine(row: AuditRow): string {
  const cells = [row.id, row.at, row.clientId, row.action, row.target, row.outcome, row.errorCode, row.durationMs, row.arguments, row.prevHash, row.hash];
  return `${cells.map(csvField).join(',')}\r\n`;
}

/** One JSON object per line; the arguments as the object they were, not as a string. */
export function jsonlLine(row: AuditRow): string {
  return `${JSON.stringify({
    id: row.id,
    at: row.at,
    client_id: row.clientId,
    action: row.action,
    target: row.target,
    outcome: row.outcome,
    error_code: row.errorCode,
    duration_ms: row.durationMs,
    arguments: parseArguments(row.arguments),
    prev_hash: row.prevHash,
    hash: row.hash,
  })}\n`;
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface AuditExport {
  rows: number;
  bytes: number;
  fileName: string;
  /** The export itself, when it is small enough to return. */
  content: string | null;
  /** Where it was written, when it was too large to return. */
  path: string | null;
}

/** Writes in chunks of this size once an export has spilled to a file. */
const FLUSH_BYTES = 256 * 1024;

export async function exportAuditLog(db: Db, dataDir: string, format: AuditExportFormat, filter: AuditFilter, now: Date, inlineLimit = INLINE_LIMIT_BYTES): Promise<AuditExport> {
  const fileName = `audit-log-${now.toISOString().replace(/[:.]/g, '-')}.${format}`;
  const line = format === 'csv' ? csvLine : jsonlLine;
  let pending: string[] = format === 'csv' ? [csvHeader()] : [];
  let pendingBytes = pending.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  let bytes = pendingBytes;
  let rows = 0;
  // Assigned in the visitor: typed so that the checks after it are not narrowed to null.
  let file = null as { fd: number; path: string } | null;
  try {
    await visitAuditRowsMatching(db, filter, (row) => {
      const text = line(row);
      const size = Buffer.byteLength(text);
      pending.push(text);
      pendingBytes += size;
      bytes += size;
      rows += 1;
      if (file === null && bytes > inlineLimit) file = openExportFile(dataDir, fileName);
      if (file !== null && pendingBytes >= FLUSH_BYTES) {
        fs.writeSync(file.fd, pending.join(''));
        pending = [];
        pendingBytes = 0;
      }
    });
    if (file === null) return { rows, bytes, fileName, content: pending.join(''), path: null };
    fs.writeSync(file.fd, pending.join(''));
    return { rows, bytes, fileName, content: null, path: file.path };
  } finally {
    if (file !== null) fs.closeSync(file.fd);
  }
}

/**
 * A new file in the data folder's exports/ (this process's own folder, whichever engine holds the
 * log), readable by the scientist alone (the log names every call).
 */
function openExportFile(dataDir: string, fileName: string): { fd: number; path: string } {
  const folder = path.join(dataDir, 'exports');
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const { name, ext } = path.parse(fileName);
  // Never overwrite an earlier export: two in the same millisecond get numbered names.
  for (let attempt = 1; ; attempt += 1) {
    const target = path.join(folder, attempt === 1 ? fileName : `${name}-${attempt}${ext}`);
    try {
      return { fd: fs.openSync(target, 'wx', 0o600), path: target };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 100) throw error;
    }
  }
}
