// Everything known about one hypothesis, for the scientist's detail view: the record itself, its
// reviews, the tournament matches it played (with the opponent and who won), and its lineage.
import type { Db } from '../../store/database.js';
import { reviewsOfHypothesis } from '../../store/reviews.js';
import { getHypothesis, hypothesesOf } from '../hypotheses.js';
import { matchesOf, toReview } from '../reviews.js';
import type { Hypothesis, MatchRecord, Review } from '../types.js';

export interface HypothesisRef {
  id: string;
  seq: number;
  summary: string;
  status: Hypothesis['status'];
}

export interface MatchView extends MatchRecord {
  /** Which slot this hypothesis was shown in. */
  slot: 'first' | 'second';
  won: boolean;
  opponent: HypothesisRef | null;
}

export interface HypothesisDossier {
  hypothesis: Hypothesis;
  reviews: Review[];
  /** Newest first: the latest judgements matter most when reading a record. */
  matches: MatchView[];
  parents: HypothesisRef[];
  children: HypothesisRef[];
}

export async function hypothesisDossier(db: Db, hypothesisId: string): Promise<HypothesisDossier> {
  const hypothesis = await getHypothesis(db, hypothesisId);
  const all = new Map((await hypothesesOf(db, hypothesis.projectId)).map((h) => [h.id, h]));
  const ref = (id: string): HypothesisRef | null => {
    const h = all.get(id);
    return h === undefined ? null : { id: h.id, seq: h.seq, summary: h.summary, status: h.status };
  };
  const matches = (await matchesOf(db, hypothesis.projectId))
    .filter((m) => m.firstId === hypothesis.id || m.secondId === hypothesis.id)
    .reverse()
    .map((m): MatchView => {
      const slot = m.firstId === hypothesis.id ? 'first' : 'second';
      return { ...m, slot, won: m.winnerId === hypothesis.id, opponent: ref(slot === 'first' ? m.secondId : m.firstId) };
    });
  return {
    hypothesis,
    reviews: (await reviewsOfHypothesis(db, hypothesis.id)).map(toReview),
    matches,
    parents: hypothesis.parents.map(ref).filter((r): r is HypothesisRef => r !== null),
    children: [...all.values()].filter((h) => h.parents.includes(hypothesis.id)).map((h) => ref(h.id) as HypothesisRef),
  };
}
