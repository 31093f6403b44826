// Reviews and matches as domain records.
import type { Db } from '../store/database.js';
import { reviewsOfProject, type ReviewRow } from '../store/reviews.js';
import { projectMatches, type MatchRow } from '../store/matches.js';
import type { ReviewType } from './schemas.js';
import type { AssumptionCheck, CitationRecord, MatchRecord, Review } from './types.js';

export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    hypothesisId: row.hypothesisId,
    projectId: row.projectId,
    type: row.type as ReviewType,
    scores: { plausibility: row.plausibility, novelty: row.novelty, testability: row.testability, safety: row.safety, overall: row.overall },
    strengths: row.strengths,
    weaknesses: row.weaknesses,
    recommendations: row.recommendations,
    citations: row.citations as CitationRecord[],
    assumptionChecks: row.assumptionChecks as unknown as AssumptionCheck[],
    fundamentalFlaw: row.fundamentalFlaw,
    narrative: row.narrative,
    reviewer: row.reviewer,
    judge: row.judge,
    createdAt: row.createdAt,
  };
}

export function toMatchRecord(row: MatchRow): MatchRecord {
  return {
    id: row.id,
    projectId: row.projectId,
    firstId: row.firstId,
    secondId: row.secondId,
    winnerId: row.winnerId,
    judge: row.judge,
    confidence: row.confidence,
    rationale: row.rationale,
    debate: row.debate,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
  };
}

export async function reviewsOf(db: Db, projectId: string): Promise<Review[]> {
  return (await reviewsOfProject(db, projectId)).map(toReview);
}

export async function matchesOf(db: Db, projectId: string): Promise<MatchRecord[]> {
  return (await projectMatches(db, projectId)).map(toMatchRecord);
}
