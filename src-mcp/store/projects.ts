// Named statements for research projects: the only place that knows how projects are stored.
import { perEngine } from './dialect.js';
import type { Db } from './database.js';
import { StoreError } from './errors.js';
import { notTrashed } from './projectTrash.js';
import { execute, row, rows, scalar } from './sql.js';
import { readTransaction } from './transactions.js';

export type ProjectStatus = 'initializing' | 'active' | 'paused' | 'completed';

export interface ProjectRow {
  id: string;
  goal: string;
  domain: string;
  domainInferred: boolean;
  status: ProjectStatus;
  hypothesisBudget: number;
  progress: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface RawProject {
  id: string;
  goal: string;
  domain: string;
  domain_inferred: number;
  status: ProjectStatus;
  hypothesis_budget: number;
  progress: number;
  created_by: string;
  created_at: string;
  updated_at: string;
}

// The row's own columns, not the research-engine ones of 0002 (plan, settings, meta-review: JSON
// that projectState.ts reads when needed): a listing must not copy every project's plan out of SQLite.
export const PROJECT_COLUMNS = 'id, goal, domain, domain_inferred, status, hypothesis_budget, progress, created_by, created_at, updated_at';

export function projectOf(raw: RawProject): ProjectRow {
  return {
    id: raw.id,
    goal: raw.goal,
    domain: raw.domain,
    domainInferred: raw.domain_inferred === 1,
    status: raw.status,
    hypothesisBudget: raw.hypothesis_budget,
    progress: raw.progress,
    createdBy: raw.created_by,
    createdAt: raw.created_at,
    updatedAt: raw.updated_at,
  };
}

const INSERT = `INSERT INTO projects (id, goal, domain, domain_inferred, status, hypothesis_budget, progress,
                                       created_by, created_at, updated_at)
                VALUES (@id, @goal, @domain, @domainInferred, @status, @hypothesisBudget, @progress,
                        @createdBy, @createdAt, @updatedAt)`;

export async function insertProject(db: Db, project: ProjectRow): Promise<void> {
  await execute(db, INSERT, { ...project, domainInferred: project.domainInferred ? 1 : 0 });
}

const FIND = perEngine((d) => `SELECT ${PROJECT_COLUMNS} FROM projects WHERE id = ? AND ${notTrashed(d)}`);

/** A project that exists and is not in the trash (a trashed one reads as gone: store/projectTrash.ts). */
export async function findProject(db: Db, id: string): Promise<ProjectRow | undefined> {
  const raw = await row<RawProject>(db, FIND, [id]);
  return raw === undefined ? undefined : projectOf(raw);
}

/** Position in the newest-first listing; opaque to callers (encoded as a cursor string). */
export interface ProjectCursor {
  createdAt: string;
  id: string;
}

export interface ProjectPage {
  projects: ProjectRow[];
  total: number;
  next: ProjectCursor | null;
}

// One statement serves every combination: NULL parameters switch the filters off.
const PAGE = perEngine(
  (d) => `SELECT ${PROJECT_COLUMNS} FROM projects
          WHERE (CAST(@status AS TEXT) IS NULL OR status = @status) AND ${notTrashed(d)}
            AND (CAST(@afterCreated AS TEXT) IS NULL OR created_at < @afterCreated
                 OR (created_at = @afterCreated AND id < @afterId))
          ORDER BY created_at DESC, id DESC
          LIMIT @limit`,
);
const TOTAL = perEngine((d) => `SELECT COUNT(*) AS n FROM projects WHERE (CAST(@status AS TEXT) IS NULL OR status = @status) AND ${notTrashed(d)}`);

export async function listProjects(
  db: Db,
  query: { status?: ProjectStatus | undefined; limit: number; after?: ProjectCursor | undefined },
): Promise<ProjectPage> {
  const status = query.status ?? null;
  const after = query.after ?? null;
  // The page and its total from one snapshot: a project created between them would miscount.
  return readTransaction(db, async () => {
    const raws = await rows<RawProject>(db, PAGE, {
      status,
      afterCreated: after?.createdAt ?? null,
      afterId: after?.id ?? null,
      limit: query.limit + 1,
    });
    const total = (await scalar<number>(db, TOTAL, { status })) ?? 0;
    const page = raws.slice(0, query.limit).map(projectOf);
    const last = page[page.length - 1];
    const next = raws.length > query.limit && last !== undefined ? { createdAt: last.createdAt, id: last.id } : null;
    return { projects: page, total, next };
  });
}

export function encodeProjectCursor(cursor: ProjectCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id]), 'utf8').toString('base64url');
}

export function decodeProjectCursor(text: string): ProjectCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((part) => typeof part === 'string')) {
      return { createdAt: parsed[0] as string, id: parsed[1] as string };
    }
  } catch {
    // fall through to the error below
  }
  throw new StoreError(
    'INVALID_CURSOR',
    'The cursor is not one this server issued. Pass the next_cursor value from a previous result unchanged, or omit it to start from the first page.',
  );
}
