// Hypotheses: created from reasoner drafts (or by the scientist), never deleted by the workflow.
import type { Db } from '../store/database.js';
import {
  findHypothesis,
  insertHypothesis,
  nextHypothesisSeq,
  projectHypotheses,
  type HypothesisRow,
} from '../store/hypotheses.js';
import { queryHypotheses, type HypothesisListRow } from '../store/hypothesisList.js';
import type { HypothesisCounts } from '../store/projectCounts.js';
import { DomainError, notFound } from './errors.js';
import { newId } from './recordIds.js';
import { buildProximityIndex, NEAR_DUPLICATE_THRESHOLD } from './proximity.js';
import { screenHypothesis } from './safety.js';
import type { Citation, HypothesisDraft, HypothesisOrigin, HypothesisStatus } from './schemas.js';
import type { CitationRecord, Hypothesis } from './types.js';
import type { Actor } from './changes.js';

/** Decides whether a citation resolves to a document the run actually read (the knowledge base answers). */
export type CitationVerifier = (citation: Citation) => Promise<boolean>;

export const NOTHING_VERIFIED: CitationVerifier = () => Promise.resolve(false);

export function toHypothesis(row: HypothesisRow): Hypothesis {
  // A stored row has every field a list row has: the shared ones are mapped in one place.
  return {
    ...listedFields(row),
    citations: row.citations as CitationRecord[],
    title: row.title ?? null,
    coreClaim: row.coreClaim ?? null,
    projectId: row.projectId,
    rationale: row.rationale,
    experimentalProtocol: row.experimentalProtocol,
    testablePredictions: row.testablePredictions,
    assumptions: row.assumptions,
    iteration: row.iteration,
    wins: row.wins,
    createdBy: row.createdBy,
    reasoner: row.reasoner,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** What a hypothesis and a list row both show. */
type ListedFields = Pick<
  Hypothesis,
  'id' | 'seq' | 'summary' | 'method' | 'origin' | 'status' | 'gate' | 'parents' | 'elo' | 'btScore' | 'ci95' | 'pTopK' | 'rank' | 'matchesPlayed' | 'nearDuplicateOf' | 'safetyFlag'
>;

/** A hypothesis as a list page shows it (list_hypotheses): no long texts, no bookkeeping, citations only counted. */
export type HypothesisListItem = ListedFields & { unverifiedCitations: number };

export function toHypothesisListItem(row: HypothesisListRow): HypothesisListItem {
  return { ...listedFields(row), unverifiedCitations: row.unverifiedCitations };
}

// The shared fields of a stored row and a list row, mapped in one place.
function listedFields(row: Omit<HypothesisListRow, 'unverifiedCitations'>): ListedFields {
  return {
    id: row.id,
    seq: row.seq,
    summary: row.summary,
    method: row.method as Hypothesis['method'],
    origin: row.origin as HypothesisOrigin,
    status: row.status as HypothesisStatus,
    gate: row.gate,
    parents: row.parents,
    elo: row.elo,
    btScore: row.btScore,
    ci95: row.ciLow !== null && row.ciHigh !== null ? [row.ciLow, row.ciHigh] : null,
    pTopK: row.pTopK,
    rank: row.rank,
    matchesPlayed: row.matchesPlayed,
    nearDuplicateOf: row.nearDuplicateOf,
    safetyFlag: row.safetyFlag,
  };
}

export async function getHypothesis(db: Db, id: string, projectId?: string): Promise<Hypothesis> {
  const row = await findHypothesis(db, id);
  if (row === undefined || (projectId !== undefined && row.projectId !== projectId)) {
    throw notFound(
      'Hypothesis',
      projectId === undefined ? id : `${id} in project ${projectId}`,
      'Call list_hypotheses(research_id) to see the hypotheses of a project.',
    );
  }
  return toHypothesis(row);
}

export async function hypothesesOf(db: Db, projectId: string): Promise<Hypothesis[]> {
  return (await projectHypotheses(db, projectId)).map(toHypothesis);
}

export async function verifyCitations(citations: readonly Citation[], verify: CitationVerifier): Promise<CitationRecord[]> {
  const records: CitationRecord[] = [];
  for (const citation of citations) records.push({ ...citation, verified: await verify(citation) });
  return records;
}

export interface NewHypothesis {
  draft: HypothesisDraft;
  method: Hypothesis['method'];
  origin: HypothesisOrigin;
  parents: string[];
  /** `approved` when the scientist already approved it (an approved evolution plan); else `new`. */
  gate: 'new' | 'approved';
}

export interface CreatedHypothesis {
  hypothesis: Hypothesis;
  safety: { flagged: boolean; reasons: string[] };
  /** Discarded by the proximity check: stored `rejected` with `nearDuplicateOf`, out of the run. */
  discarded: boolean;
}

/**
 * Stores new hypotheses of one project (inside the caller's write transaction), screening each for
 * safety. A generated or evolved hypothesis that nearly duplicates one still in the run is
 * discarded (docs/workflow-rules.md, *Near-duplicates*): stored, so that it stays visible with
 * what it duplicates, but `rejected` — never approved, reviewed, paired or ranked, and not counted
 * toward the budget. The scientist's own hypothesis is kept as written, flagged.
 */
export async function createHypotheses(
  db: Db,
  actor: Actor,
  input: { projectId: string; iteration: number; batchTaskId: string | null; reasoner: string | null; verify: CitationVerifier; items: NewHypothesis[] },
): Promise<CreatedHypothesis[]> {
  const existing = (await projectHypotheses(db, input.projectId)).filter((h) => h.status !== 'rejected');
  const created: CreatedHypothesis[] = [];
  const at = actor.now().toISOString();
  let seq = await nextHypothesisSeq(db, input.projectId);
  for (const item of input.items) {
    const id = newId('hyp');
    const texts = new Map(existing.map((h) => [h.id, `${h.summary} ${h.rationale}`]));
    texts.set(id, `${item.draft.summary} ${item.draft.rationale}`);
    const duplicate = buildProximityIndex(texts).neighbours(id, NEAR_DUPLICATE_THRESHOLD)[0];
    const discarded = duplicate !== undefined && item.origin !== 'human';
    const safety = screenHypothesis({ summary: item.draft.summary, rationale: item.draft.rationale, experimentalProtocol: item.draft.experimental_protocol, testablePredictions: item.draft.testable_predictions, assumptions: item.draft.assumptions });
    const row: HypothesisRow = {
      id,
      projectId: input.projectId,
      seq: seq++,
      title: item.draft.title ?? null,
      coreClaim: item.draft.core_claim ?? null,
      summary: item.draft.summary,
      rationale: item.draft.rationale,
      experimentalProtocol: item.draft.experimental_protocol,
      testablePredictions: item.draft.testable_predictions,
      citations: await verifyCitations(item.draft.citations, input.verify),
      assumptions: item.draft.assumptions,
      method: item.method,
      origin: item.origin,
      status: discarded ? 'rejected' : 'pending',
      // A flagged hypothesis always goes through the desktop-only safety review, whatever approved it.
      gate: safety.flagged ? 'new' : item.gate,
      parents: item.parents,
      iteration: input.iteration,
      elo: 1000,
      btScore: null,
      ciLow: null,
      ciHigh: null,
      pTopK: null,
      rank: null,
      matchesPlayed: 0,
      wins: 0,
      nearDuplicateOf: duplicate?.id ?? null,
      safetyFlag: safety.flagged ? safety.reasons.join('; ') : null,
      batchTaskId: input.batchTaskId,
      createdBy: actor.clientId,
      reasoner: input.reasoner,
      createdAt: at,
      updatedAt: at,
    };
    await insertHypothesis(db, row);
    if (!discarded) existing.push(row);
    created.push({ hypothesis: toHypothesis(row), safety, discarded });
  }
  return created;
}

export interface HypothesisPage {
  hypotheses: HypothesisListItem[];
  total: number;
  nextCursor: string | null;
}

export async function listHypotheses(
  db: Db,
  query: { projectId: string; status?: HypothesisStatus | undefined; origin?: HypothesisOrigin | undefined; minElo?: number | undefined; limit: number; cursor?: string | undefined; counts?: HypothesisCounts | Promise<HypothesisCounts> | undefined },
): Promise<HypothesisPage> {
  let after: { sortKey: number; seq: number } | undefined;
  if (query.cursor !== undefined) {
    try {
      const parsed = JSON.parse(Buffer.from(query.cursor, 'base64url').toString('utf8')) as unknown;
      if (!Array.isArray(parsed) || parsed.length !== 2 || !parsed.every((v) => typeof v === 'number')) throw new Error('shape');
      after = { sortKey: parsed[0] as number, seq: parsed[1] as number };
    } catch {
      throw new DomainError('invalid_input', 'The cursor is not one this server issued. Pass next_cursor from the previous list_hypotheses result unchanged.', { field: 'cursor' });
    }
  }
  const page = await queryHypotheses(db, { projectId: query.projectId, status: query.status, origin: query.origin, minElo: query.minElo, limit: query.limit, after, counts: query.counts });
  return {
    hypotheses: page.rows.map(toHypothesisListItem),
    total: page.total,
    nextCursor: page.next === null ? null : Buffer.from(JSON.stringify([page.next.sortKey, page.next.seq])).toString('base64url'),
  };
}
