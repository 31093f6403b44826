// Named statements for reviews.
import type { Db } from './database.js';
import { fromJson, toJson } from './json.js';
import { camelized } from './rowFields.js';
import { rows } from './sql.js';
import { insertRows } from './bulkInsert.js';

export interface ReviewRow {
  id: string;
  projectId: string;
  hypothesisId: string;
  type: string;
  plausibility: number;
  novelty: number;
  testability: number;
  safety: number;
  overall: number;
  strengths: string[];
  weaknesses: string[];
  recommendations: string[];
  citations: Array<Record<string, unknown>>;
  assumptionChecks: Array<Record<string, unknown>>;
  fundamentalFlaw: boolean;
  narrative: string | null;
  reviewer: string;
  judge: 'model' | 'human';
  taskId: string | null;
  createdAt: string;
}

// One mapping for a single review and for many (bulkInsert.ts, as hypotheses.ts).
const INSERT_COLUMNS = [
  'id', 'project_id', 'hypothesis_id', 'type', 'plausibility', 'novelty', 'testability', 'safety', 'overall', 'strengths',
  'weaknesses', 'recommendations', 'citations', 'assumption_checks', 'fundamental_flaw', 'narrative', 'reviewer', 'judge', 'task_id', 'created_at',
] as const;

function insertValues(r: ReviewRow): unknown[] {
  return [
    r.id, r.projectId, r.hypothesisId, r.type, r.plausibility, r.novelty, r.testability, r.safety, r.overall, toJson(r.strengths),
    toJson(r.weaknesses), toJson(r.recommendations), toJson(r.citations), toJson(r.assumptionChecks), r.fundamentalFlaw ? 1 : 0, r.narrative, r.reviewer, r.judge, r.taskId, r.createdAt,
  ];
}

export async function insertReview(db: Db, review: ReviewRow): Promise<void> {
  await insertReviews(db, [review]);
}

/** Many reviews in few statements (seeds, loads). */
export async function insertReviews(db: Db, reviews: readonly ReviewRow[]): Promise<void> {
  await insertRows(db, 'reviews', INSERT_COLUMNS, reviews.map(insertValues));
}

interface Raw {
  id: string; project_id: string; hypothesis_id: string; type: string; plausibility: number; novelty: number; testability: number;
  safety: number; overall: number; strengths: string; weaknesses: string; recommendations: string; citations: string;
  assumption_checks: string; fundamental_flaw: number; narrative: string | null; reviewer: string; judge: 'model' | 'human';
  task_id: string | null; created_at: string;
}

function fromRaw(raw: Raw): ReviewRow {
  return {
    ...camelized(raw),
    strengths: fromJson(raw.strengths, []),
    weaknesses: fromJson(raw.weaknesses, []),
    recommendations: fromJson(raw.recommendations, []),
    citations: fromJson(raw.citations, []),
    assumptionChecks: fromJson(raw.assumption_checks, []),
    fundamentalFlaw: raw.fundamental_flaw === 1,
  };
}

export async function reviewsOfHypothesis(db: Db, hypothesisId: string): Promise<ReviewRow[]> {
  return (await rows<Raw>(db, 'SELECT * FROM reviews WHERE hypothesis_id = ? ORDER BY created_at, id', [hypothesisId])).map(fromRaw);
}

export async function reviewsOfProject(db: Db, projectId: string): Promise<ReviewRow[]> {
  return (await rows<Raw>(db, 'SELECT * FROM reviews WHERE project_id = ? ORDER BY created_at, id', [projectId])).map(fromRaw);
}
