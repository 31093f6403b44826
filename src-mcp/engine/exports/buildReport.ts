// Assembles one project's records into the report every export format is built from.
import type { Db } from '../../store/database.js';
import { hypothesesOf } from '../hypotheses.js';
import { rankingState } from '../ranking.js';
import { loadResearch } from '../projectRecord.js';
import { matchesOf, reviewsOf } from '../reviews.js';
import type { ResearchReport } from './report.js';
import type { CitationRecord, Hypothesis } from '../types.js';
import { citationAsRead } from '../citationDocuments.js';

export async function buildReport(db: Db, projectId: string, now: Date): Promise<ResearchReport> {
  const project = await loadResearch(db, projectId);
  const state = await rankingState(db, project);
  const rankOf = new Map(state.board.entries.map((entry) => [entry.id, entry.rank]));
  // Ranked hypotheses first in rank order, then the rest (unranked, rejected) by their number.
  const byStanding = (a: Hypothesis, b: Hypothesis): number =>
    (rankOf.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (rankOf.get(b.id) ?? Number.MAX_SAFE_INTEGER) || a.seq - b.seq;
  // Every format shows a cited document as the knowledge base has it (issue 15 item 5).
  const asRead = (citation: CitationRecord): Promise<CitationRecord> => citationAsRead(db, projectId, citation);
  return {
    project,
    hypotheses: await Promise.all((await hypothesesOf(db, projectId)).sort(byStanding).map(async (h) => ({ ...h, citations: await Promise.all(h.citations.map(asRead)) }))),
    reviews: await Promise.all((await reviewsOf(db, projectId)).map(async (r) => ({ ...r, citations: await Promise.all(r.citations.map(asRead)) }))),
    matches: await matchesOf(db, projectId),
    leaderboard: state.board.entries.map((entry) => ({
      hypothesisId: entry.id,
      rank: entry.rank,
      elo: entry.elo,
      btScore: entry.btScore,
      ci95: [entry.ci95[0], entry.ci95[1]],
      pTopK: entry.pTopK,
      matches: entry.matches,
      wins: entry.wins,
      certifiedTopK: entry.certifiedTopK,
    })),
    certified: state.board.certified,
    generatedAt: now.toISOString(),
  };
}
