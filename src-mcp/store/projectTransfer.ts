// A project carried between stores and engines (`co-scientist project export|import`, docs/
// architecture.md, *PostgreSQL engine*): a scientist takes a pilot project from the laptop's SQLite
// to the lab's PostgreSQL, or back. The bundle is the project's rows, table by table, as the
// store holds them — both engines share one schema (the paired migrations), so the rows read and
// write alike — with the knowledge collections linked to it and its audit rows.
//
// What makes it safe to run against a store that holds other people's work:
// - import adds, never replaces: a project id already there is refused, as is a linked collection
//   whose name another collection has; a collection already there with the same id is linked, not
//   copied, when its documents match (by content hash), and refused otherwise;
// - one write transaction: a refusal or a failure leaves the store as it was;
// - ids the database assigns (audit, usage, title-edit and chunk rows) are assigned afresh;
// - the audit rows are appended to the target's own hash chain with their original content (who,
//   what, when), followed by one `project:import` row naming the bundle; the source's chain stays
//   verifiable where it is;
// - what triggers derive (the project's counts, its usage totals) is not imported but compared: `verifyImport`
//   reads the project back and compares it with the bundle, derived rows included.
import type { Db } from './database.js';
import { engineOf, type Engine } from './handle.js';
import { readTransaction, writeTransaction } from './transactions.js';
import { perEngine } from './dialect.js';
import { rows, scalar, scalars, tuples } from './sql.js';
import { insertRows } from './bulkInsert.js';
import { appendAuditRows, AUDIT_SYSTEM_CLIENT, type AuditEntry, type AuditOutcome } from './audit.js';
import { LATEST_SCHEMA_VERSION } from './migrations/index.js';
import { StoreError } from './errors.js';

export const BUNDLE_FORMAT = 'co-scientist-project';
export const BUNDLE_VERSION = 1;
export const IMPORT_ACTION = 'project:import';
export const EXPORT_ACTION = 'project:export';

/** How a table's rows belong to the project, in the order they are inserted (parents first). */
interface TableRule {
  readonly table: string;
  /** The rows of the project (`?` is the project id, bound as often as it appears). */
  readonly where: string;
  /** The order rows are read and written in (an engine's own insertion order where it matters). */
  readonly orderBy: string | ((engine: Engine) => string);
  /** The database assigns this column (an identity / rowid id nothing in the bundle refers to): not carried. */
  readonly assigned?: string;
  /** Rows shared with other projects (knowledge): linked when already in the target. */
  readonly shared?: boolean;
  /** Derived columns that count history, not content (a cache's version stamp): not compared. */
  readonly history?: readonly string[];
}

const LINKED_COLLECTIONS = 'SELECT collection_id FROM knowledge_collection_projects WHERE project_id = ?';

const TABLES: readonly TableRule[] = [
  { table: 'projects', where: 'id = ?', orderBy: 'id' },
  { table: 'hypotheses', where: 'project_id = ?', orderBy: 'seq' },
  { table: 'hypothesis_title_edits', where: 'hypothesis_id IN (SELECT id FROM hypotheses WHERE project_id = ?)', orderBy: 'at, id', assigned: 'id' },
  { table: 'reviews', where: 'project_id = ?', orderBy: 'created_at, id' },
  { table: 'matches', where: 'project_id = ?', orderBy: 'seq' },
  { table: 'checkpoints', where: 'project_id = ?', orderBy: 'created_at, id' },
  // The queue hands work out in insertion order (store/tasks.ts): SQLite's rowid, PostgreSQL's seq (0014).
  { table: 'tasks', where: 'project_id = ?', orderBy: (engine) => (engine === 'sqlite' ? 'created_at, rowid' : 'created_at, seq') },
  { table: 'reasoning_usage', where: 'project_id = ?', orderBy: 'at, id', assigned: 'id' },
  { table: 'knowledge_collections', where: `id IN (${LINKED_COLLECTIONS})`, orderBy: 'id', shared: true },
  { table: 'knowledge_documents', where: `collection_id IN (${LINKED_COLLECTIONS})`, orderBy: 'id', shared: true },
  { table: 'knowledge_chunks', where: `collection_id IN (${LINKED_COLLECTIONS})`, orderBy: 'document_id, seq', assigned: 'id', shared: true },
  { table: 'knowledge_collection_projects', where: 'project_id = ?', orderBy: 'collection_id' },
  { table: 'project_document_reads', where: 'project_id = ?', orderBy: 'document_id' },
];

/** Kept up by triggers as the rows above arrive: compared after an import, never written. */
const DERIVED: readonly TableRule[] = [
  { table: 'project_counts', where: 'project_id = ?', orderBy: 'project_id', history: ['leaderboard_version'] },
  { table: 'usage_totals', where: 'project_id = ?', orderBy: 'role, reasoner, model' },
];

export interface TableRows {
  columns: string[];
  rows: unknown[][];
}

export interface ProjectBundle {
  format: typeof BUNDLE_FORMAT;
  version: number;
  /** The store schema the rows were read at. */
  schema: number;
  exportedAt: string;
  projectId: string;
  goal: string;
  tables: Record<string, TableRows>;
  derived: Record<string, TableRows>;
  /** The project's audit rows, oldest first, with the source chain's hashes for provenance. */
  audit: Array<AuditEntry & { sourceId: number; sourceHash: string }>;
}

/**
 * The columns a row is written with: the table's own, in the catalog's order — never generated
 * ones, nor (on PostgreSQL) identity columns, which the database assigns as SQLite assigns a rowid.
 */
const BASE_COLUMNS = perEngine((d) =>
  d.engine === 'sqlite'
    ? 'SELECT name FROM pragma_table_xinfo(?) WHERE hidden = 0 ORDER BY cid'
    : "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = CAST(? AS TEXT) AND is_generated = 'NEVER' AND is_identity = 'NO' ORDER BY ordinal_position",
);

async function baseColumns(db: Db, table: string): Promise<string[]> {
  return scalars<string>(db, BASE_COLUMNS, [table]);
}

function placeholdersFor(where: string): number {
  return where.split('?').length - 1;
}

async function readTable(db: Db, rule: TableRule, projectId: string): Promise<TableRows> {
  const columns = (await baseColumns(db, rule.table)).filter((column) => column !== rule.assigned);
  const orderBy = typeof rule.orderBy === 'string' ? rule.orderBy : rule.orderBy(engineOf(db));
  const sql = `SELECT ${columns.join(', ')} FROM ${rule.table} WHERE ${rule.where} ORDER BY ${orderBy}`;
  const values = Array.from({ length: placeholdersFor(rule.where) }, () => projectId);
  return { columns, rows: await tuples<unknown[]>(db, sql, values) };
}

/** Rows of the audit log about the project: its id in the row's target or arguments (ids are random hex). */
async function readAudit(db: Db, projectId: string): Promise<ProjectBundle['audit']> {
  const like = `%${projectId}%`;
  const raw = await rows<{ id: number; at: string; client_id: string; action: string; target: string | null; arguments: string; outcome: AuditOutcome; error_code: string | null; duration_ms: number; hash: string }>(
    db,
    'SELECT id, at, client_id, action, target, arguments, outcome, error_code, duration_ms, hash FROM audit_log WHERE target LIKE ? OR arguments LIKE ? ORDER BY id',
    [like, like],
  );
  return raw.map((r) => ({ at: r.at, clientId: r.client_id, action: r.action, target: r.target, arguments: r.arguments, outcome: r.outcome, errorCode: r.error_code, durationMs: r.duration_ms, sourceId: r.id, sourceHash: r.hash }));
}

/** The project as a bundle, read in one snapshot; undefined when there is no such project. */
export async function exportProject(db: Db, projectId: string, now: Date = new Date()): Promise<ProjectBundle | undefined> {
  return readTransaction(db, async () => {
    const goal = await scalar<string>(db, 'SELECT goal FROM projects WHERE id = ?', [projectId]);
    if (goal === undefined) return undefined;
    const tables: Record<string, TableRows> = {};
    for (const rule of TABLES) tables[rule.table] = await readTable(db, rule, projectId);
    const derived: Record<string, TableRows> = {};
    for (const rule of DERIVED) derived[rule.table] = await readTable(db, rule, projectId);
    return { format: BUNDLE_FORMAT, version: BUNDLE_VERSION, schema: LATEST_SCHEMA_VERSION, exportedAt: now.toISOString(), projectId, goal, tables, derived, audit: await readAudit(db, projectId) };
  });
}

/** Records that the project left this store (the export itself reads, so it is written after the bundle). */
export async function recordExport(db: Db, bundle: ProjectBundle, file: string, now: Date = new Date()): Promise<void> {
  await writeTransaction(db, async () => {
    await appendAuditRows(db, [
      { at: now.toISOString(), clientId: AUDIT_SYSTEM_CLIENT, action: EXPORT_ACTION, target: bundle.projectId, arguments: JSON.stringify({ file, audit_rows: bundle.audit.length }), outcome: 'success', errorCode: null, durationMs: 0 },
    ]);
  });
}

/** A bundle file's content checked for shape; StoreError BUNDLE_INVALID says what is wrong. */
export function parseBundle(text: string): ProjectBundle {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new StoreError('BUNDLE_INVALID', `The file is not JSON (${(error as Error).message}); it is not a Co-Scientist project export.`);
  }
  const bundle = value as Partial<ProjectBundle> | null;
  if (bundle === null || typeof bundle !== 'object' || bundle.format !== BUNDLE_FORMAT) throw new StoreError('BUNDLE_INVALID', `The file is not a Co-Scientist project export (its "format" is not "${BUNDLE_FORMAT}").`);
  if (bundle.version !== BUNDLE_VERSION) throw new StoreError('BUNDLE_INVALID', `The export has format version ${String(bundle.version)}; this Co-Scientist reads version ${BUNDLE_VERSION}.`);
  if (typeof bundle.schema !== 'number' || bundle.schema > LATEST_SCHEMA_VERSION) {
    throw new StoreError('BUNDLE_INVALID', `The export was written at store schema ${String(bundle.schema)}; this Co-Scientist understands up to ${LATEST_SCHEMA_VERSION}. Update Co-Scientist to import it.`);
  }
  if (typeof bundle.projectId !== 'string' || typeof bundle.tables !== 'object' || bundle.tables === null || !Array.isArray(bundle.audit)) {
    throw new StoreError('BUNDLE_INVALID', 'The export lacks its project id, tables or audit rows.');
  }
  for (const rule of TABLES) {
    const table = bundle.tables[rule.table];
    if (table === undefined || !Array.isArray(table.columns) || !Array.isArray(table.rows) || table.rows.some((row) => !Array.isArray(row) || row.length !== table.columns.length)) {
      throw new StoreError('BUNDLE_INVALID', `The export's table "${rule.table}" is missing or malformed.`);
    }
  }
  if ((bundle.tables.projects?.rows.length ?? 0) !== 1) throw new StoreError('BUNDLE_INVALID', 'The export holds no project row.');
  return bundle as ProjectBundle;
}

export interface ImportSummary {
  projectId: string;
  /** Rows written, by table. */
  written: Record<string, number>;
  /** Collections already in the target, linked rather than copied. */
  linkedCollections: string[];
  auditRows: number;
}

function column(table: TableRows, name: string): unknown[] {
  const index = table.columns.indexOf(name);
  return index === -1 ? [] : table.rows.map((row) => row[index]);
}

/**
 * Knowledge collections of the bundle already in the target: linked, if their documents are the
 * same; a different collection under the same name, or the same id with other documents, is refused.
 */
async function collectionsAlreadyThere(db: Db, bundle: ProjectBundle): Promise<Set<string>> {
  const there = new Set<string>();
  const collections = bundle.tables.knowledge_collections as TableRows;
  const ids = column(collections, 'id') as string[];
  const names = column(collections, 'name') as string[];
  const documents = bundle.tables.knowledge_documents as TableRows;
  for (const [index, id] of ids.entries()) {
    const name = names[index] as string;
    const clash = await scalar<string>(db, 'SELECT id FROM knowledge_collections WHERE lower(name) = lower(?) AND id <> ?', [name, id]);
    if (clash !== undefined) throw new StoreError('IMPORT_CONFLICT', `The target already has another knowledge collection named "${name}" (${clash}). Rename one of them first; nothing was imported.`);
    if ((await scalar(db, 'SELECT 1 FROM knowledge_collections WHERE id = ?', [id])) === undefined) continue;
    const hashesHere = new Set(await scalars<string>(db, 'SELECT content_hash FROM knowledge_documents WHERE collection_id = ?', [id]));
    const docCollections = column(documents, 'collection_id');
    const hashesThere = (column(documents, 'content_hash') as string[]).filter((_, i) => docCollections[i] === id);
    if (hashesThere.some((hash) => !hashesHere.has(hash))) {
      throw new StoreError('IMPORT_CONFLICT', `The knowledge collection "${name}" (${id}) is already in the target with other documents. Nothing was imported.`);
    }
    there.add(id);
  }
  return there;
}

/** Imports a bundle in one write transaction; refuses (changing nothing) what would replace or clash. */
export async function importProject(db: Db, bundle: ProjectBundle, file: string, clientId: string = AUDIT_SYSTEM_CLIENT, now: Date = new Date()): Promise<ImportSummary> {
  return writeTransaction(db, async () => {
    if ((await scalar(db, 'SELECT 1 FROM projects WHERE id = ?', [bundle.projectId])) !== undefined) {
      throw new StoreError('IMPORT_CONFLICT', `Project ${bundle.projectId} is already in this store; nothing was imported (an import never replaces a project).`);
    }
    const present = await collectionsAlreadyThere(db, bundle);
    const written: Record<string, number> = {};
    for (const rule of TABLES) {
      const table = bundle.tables[rule.table] as TableRows;
      const targetColumns = new Set(await baseColumns(db, rule.table));
      const unknown = table.columns.filter((name) => !targetColumns.has(name));
      if (unknown.length > 0) throw new StoreError('BUNDLE_INVALID', `The export's table "${rule.table}" has columns this store does not: ${unknown.join(', ')}.`);
      const collectionOf = rule.table === 'knowledge_collections' ? column(table, 'id') : column(table, 'collection_id');
      const carried = rule.shared === true ? table.rows.filter((_, index) => !present.has(collectionOf[index] as string)) : table.rows;
      // Multi-row statements: on PostgreSQL the counting triggers run once per statement (bulkInsert.ts).
      written[rule.table] = await insertRows(db, rule.table, table.columns, carried);
    }
    const audit: AuditEntry[] = bundle.audit.map(({ sourceId: _id, sourceHash: _hash, ...entry }) => entry);
    audit.push({
      at: now.toISOString(),
      clientId,
      action: IMPORT_ACTION,
      target: bundle.projectId,
      arguments: JSON.stringify({ file, exported_at: bundle.exportedAt, audit_rows: bundle.audit.length, source_chain: bundle.audit.length === 0 ? null : [bundle.audit[0]?.sourceHash, bundle.audit[bundle.audit.length - 1]?.sourceHash] }),
      outcome: 'success',
      errorCode: null,
      durationMs: 0,
    });
    await appendAuditRows(db, audit);
    return { projectId: bundle.projectId, written, linkedCollections: [...present], auditRows: bundle.audit.length };
  });
}

export interface Comparison {
  /** Tables (and derived tables) whose rows differ, with a first difference each. */
  differences: string[];
  rowsCompared: number;
}

/** Compares the project as the store now holds it with the bundle: every table, the derived counts and the audit rows' content. */
export async function compareWithBundle(db: Db, bundle: ProjectBundle): Promise<Comparison> {
  const now = await exportProject(db, bundle.projectId);
  if (now === undefined) return { differences: [`project ${bundle.projectId} is not in the store`], rowsCompared: 0 };
  const differences: string[] = [];
  let rowsCompared = 0;
  const compareTables = (what: string, mine: Record<string, TableRows>, theirs: Record<string, TableRows>, rules: readonly TableRule[]): void => {
    for (const [table, expected] of Object.entries(theirs)) {
      const history = new Set(rules.find((rule) => rule.table === table)?.history ?? []);
      const actual = mine[table];
      if (actual === undefined) {
        differences.push(`${what} ${table}: not in the store`);
        continue;
      }
      // Compared column by column by name: one engine may order a table's columns differently.
      const shared = expected.columns.filter((name) => actual.columns.includes(name) && !history.has(name));
      const project = (table: TableRows) => table.rows.map((row) => JSON.stringify(shared.map((name) => row[table.columns.indexOf(name)])));
      const [a, b] = [project(expected), project(actual)];
      rowsCompared += a.length;
      if (a.length !== b.length) differences.push(`${what} ${table}: ${a.length} rows in the export, ${b.length} in the store`);
      else {
        const first = a.findIndex((row, index) => row !== b[index]);
        if (first !== -1) differences.push(`${what} ${table}: row ${first + 1} differs (export ${a[first]}, store ${b[first]})`);
      }
    }
  };
  compareTables('table', now.tables, bundle.tables, TABLES);
  compareTables('derived', now.derived, bundle.derived, DERIVED);
  const content = (entry: AuditEntry) => JSON.stringify([entry.at, entry.clientId, entry.action, entry.target, entry.arguments, entry.outcome, entry.errorCode, entry.durationMs]);
  const carried = now.audit.filter((row) => row.action !== IMPORT_ACTION && row.action !== EXPORT_ACTION).map(content);
  const expectedAudit = bundle.audit.filter((row) => row.action !== IMPORT_ACTION && row.action !== EXPORT_ACTION).map(content);
  rowsCompared += expectedAudit.length;
  const missing = expectedAudit.filter((row) => !carried.includes(row));
  if (missing.length > 0) differences.push(`audit: ${missing.length} of the export's ${expectedAudit.length} rows are not in the store`);
  return { differences, rowsCompared };
}
