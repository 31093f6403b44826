// Turns a queued task into a work item: the instructions (our domain expertise), the context read
// from the project, and the exact output schema. Every reasoner gets the same work item — the
// calling assistant (delegated), the client's model (sampling) or an LLM API (provider).
import { z } from 'zod';
import type { Db } from '../store/database.js';
import { projectMatches } from '../store/matches.js';
import { reviewsOfHypothesis, reviewsOfProject } from '../store/reviews.js';
import { getHypothesis, hypothesesOf } from '../engine/hypotheses.js';
import { loadResearch } from '../engine/projectRecord.js';
import { RESULT_SCHEMAS } from '../engine/workflow/submissions.js';
import type { EvolutionStrategy, GenerationMethod, ReviewType } from '../engine/schemas.js';
import type { Hypothesis, ResearchProject, Task } from '../engine/types.js';
import { digestOf } from '../engine/hypothesisDigest.js';
import type { ComparisonSetPayload } from '../engine/comparisonSets.js';
import { rulesFor, type WorkRules } from './prompts/rules.js';
import { toExistingHypothesis, toPromptHypothesis, toPromptReview, type GroundingSnippet, type PromptHypothesis, type PromptProject, type TournamentRecord } from './prompts/context.js';
import { generationInstructions } from './prompts/generation.js';
import { reviewInstructions } from './prompts/review.js';
import { comparisonInstructions } from './prompts/comparison.js';
import { evolutionInstructions } from './prompts/evolution.js';
import { metaReviewInstructions } from './prompts/metaReview.js';
import { toReview as toReviewRecord } from '../engine/reviews.js';
import { hypothesesEditedByScientist, latestMetaReviewReasoner } from '../store/authorship.js';
import type { FeedbackForItem } from './prompts/shared.js';

export interface WorkItem {
  task_id: string;
  kind: Task['kind'];
  research_id: string;
  title: string;
  /** What this item asks, with its data and the result's compact shape; the kind's rules are in `rules`. */
  instructions: string;
  /** The rules of this kind of work, stated once and named by version in every item. */
  rules: WorkRules;
  /** The task's parameters as data (ids to echo back, counts, pairs in slot order). */
  context: Record<string, unknown>;
  output_schema: Record<string, unknown>;
  lease_expires_at: string | null;
}

/** Finds literature snippets for a project (the knowledge base answers; none when it is empty). */
export type GroundingSource = (projectId: string, query: string, limit: number) => Promise<GroundingSnippet[]>;

export const NO_GROUNDING: GroundingSource = () => Promise.resolve([]);

/** The reasoner a delegated assistant's results are stored under: its hypotheses carry it. */
export function delegatedReasoner(clientId: string): string {
  return `delegated:${clientId}`;
}

const SNIPPETS_PER_ITEM = 6;
/** Leaders a meta-review item lists (by title; the rest is summarised in the digests). */
const LEADERBOARD_SHOWN = 10;

/**
 * `reader` is the reasoner the item is for (`delegated:<client>`): a hypothesis it wrote itself is
 * named, not re-sent, in a review item (docs/work-items.md, "Say each hypothesis once"). Without a
 * reader (providers, sampling, include_text=true) every hypothesis comes in full.
 */
export async function buildWorkItem(db: Db, task: Task, grounding: GroundingSource, reader?: string): Promise<WorkItem> {
  const project = await loadResearch(db, task.projectId);
  const promptProject: PromptProject = { goal: project.goal, domain: project.domain, plan: project.plan };
  const { title, instructions } = await instructionsFor(db, project, promptProject, task, grounding, reader);
  return {
    task_id: task.id,
    kind: task.kind,
    research_id: project.id,
    title,
    instructions,
    rules: rulesFor(task.kind),
    context: task.payload,
    output_schema: z.toJSONSchema(RESULT_SCHEMAS[task.kind], { io: 'input' }) as Record<string, unknown>,
    lease_expires_at: task.leaseExpiresAt,
  };
}

/** Marks the hypotheses `reader` wrote and the scientist did not edit since: the item names them instead of re-sending them. */
async function shownTo(db: Db, projectId: string, reader: string | undefined): Promise<(h: Hypothesis, prompt: PromptHypothesis) => PromptHypothesis> {
  if (reader === undefined) return (_h, prompt) => prompt;
  const edited = await hypothesesEditedByScientist(db, projectId);
  return (h, prompt) => (h.reasoner === reader && !edited.has(h.id) ? { ...prompt, written_by_reader: digestOf(h) } : prompt);
}

async function instructionsFor(db: Db, project: ResearchProject, promptProject: PromptProject, task: Task, grounding: GroundingSource, reader: string | undefined): Promise<{ title: string; instructions: string }> {
  // The meta-review's feedback, named rather than re-sent when this item's reader wrote it.
  const ownFeedback = reader !== undefined && project.metaReview !== null && await latestMetaReviewReasoner(db, project.id) === reader;
  const feedbackOf = (text: string | undefined): { metaReviewFeedback?: FeedbackForItem } => (text !== undefined ? { metaReviewFeedback: { text, own: ownFeedback } } : {});
  const metaReviewFeedback = project.metaReview?.feedback_for_generation;
  switch (task.kind) {
    case 'generate': {
      const method = task.payload.method as GenerationMethod;
      const count = Number(task.payload.count);
      const scientistFeedback = typeof task.payload.scientist_feedback === 'string' ? task.payload.scientist_feedback : undefined;
      return {
        title: `Generate ${count} hypotheses (${method.replace('_', ' ')})`,
        instructions: generationInstructions({
          project: promptProject,
          method,
          count,
          existingHypotheses: (await hypothesesOf(db, project.id)).filter((h) => h.status !== 'rejected').map(toExistingHypothesis),
          ...feedbackOf(metaReviewFeedback),
          researchId: project.id,
          ...(scientistFeedback !== undefined && scientistFeedback !== null ? { scientistFeedback } : {}),
          groundingSnippets: await grounding(project.id, project.goal, SNIPPETS_PER_ITEM),
        }),
      };
    }
    case 'review': {
      const ids = task.payload.hypothesis_ids as string[];
      const hypotheses = await Promise.all(ids.map((id) => getHypothesis(db, id, project.id)));
      const shown = await shownTo(db, project.id, reader);
      const reviewType = task.payload.review_type as ReviewType;
      const feedback = project.metaReview?.feedback_for_review;
      return {
        title: `Review ${hypotheses.length} hypothes${hypotheses.length === 1 ? 'is' : 'es'} (${reviewType.replace('_', ' ')})`,
        instructions: reviewInstructions({
          project: promptProject,
          reviewType,
          hypotheses: await Promise.all(hypotheses.map(async (h) => shown(h, toPromptHypothesis(h, reviewType === 'tournament' ? await tournamentRecord(db, h) : undefined)))),
          researchId: project.id,
          ...feedbackOf(feedback),
          groundingSnippets: await grounding(project.id, hypotheses.map((h) => h.summary).join(' '), SNIPPETS_PER_ITEM),
        }),
      };
    }
    case 'compare': {
      const { members, pairs } = comparisonSetOf(task.payload);
      const slotOf = new Map(members.map((m) => [m.id, m.slot]));
      return {
        title: `Judge ${pairs.length} pair${pairs.length === 1 ? '' : 's'} among ${members.length} hypotheses`,
        instructions: comparisonInstructions({
          project: promptProject,
          topK: project.settings.topK,
          members: await Promise.all(members.map(async (m) => ({ ...digestOf(await getHypothesis(db, m.id, project.id)), slot: m.slot }))),
          pairs: pairs.map((pair) => ({ pair_id: pair.pair_id, debate: pair.debate, first: slotOf.get(pair.first) as string, second: slotOf.get(pair.second) as string })),
        }),
      };
    }
    case 'evolve': {
      const strategy = task.payload.strategy as EvolutionStrategy;
      const hypothesis = await getHypothesis(db, String(task.payload.hypothesis_id), project.id);
      const partner = typeof task.payload.partner_id === 'string' ? await getHypothesis(db, task.payload.partner_id, project.id) : undefined;
      const shown = await shownTo(db, project.id, reader);
      return {
        title: `Evolve H${hypothesis.seq} (${strategy.replace('_', ' ')})`,
        instructions: evolutionInstructions({
          project: promptProject,
          strategy,
          hypothesis: shown(hypothesis, toPromptHypothesis(hypothesis)),
          ...(partner !== undefined ? { partner: shown(partner, toPromptHypothesis(partner)) } : {}),
          researchId: project.id,
          reviews: [...await reviewsOfHypothesis(db, hypothesis.id), ...(partner !== undefined ? await reviewsOfHypothesis(db, partner.id) : [])].map((row) => {
            const review = toReviewRecord(row);
            return { ...toPromptReview(review), ...(reader !== undefined && review.reviewer === reader ? { written_by_reader: true } : {}) };
          }),
          ...feedbackOf(metaReviewFeedback),
        }),
      };
    }
    case 'meta_review': {
      const all = await hypothesesOf(db, project.id);
      const labels = new Map(all.map((h) => [h.id, `H${h.seq}`]));
      const label = (id: string) => labels.get(id) ?? id;
      const ranked = all.filter((h) => h.rank !== null).sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
      return {
        title: `Meta-review of iteration ${typeof task.payload.iteration === 'number' ? task.payload.iteration : project.iteration}`,
        instructions: metaReviewInstructions({
          project: promptProject,
          labels,
          reviews: (await reviewsOfProject(db, project.id)).map((r) => toPromptReview(toReviewRecord(r))),
          matchRationales: (await projectMatches(db, project.id)).map((m) => ({
            winner: label(m.winnerId),
            loser: label(m.winnerId === m.firstId ? m.secondId : m.firstId),
            rationale: m.rationale,
            judge: m.judge,
            confidence: m.confidence,
          })),
          leaderboard: ranked.slice(0, LEADERBOARD_SHOWN).map((h) => ({ id: h.id, seq: h.seq, rank: h.rank ?? 0, elo: h.elo, wins: h.wins, matches: h.matchesPlayed, ci95: h.ci95, title: digestOf(h).title })),
        }),
      };
    }
  }
}

/** The set and pairs of a comparison task; tasks queued before sets existed list pairs only. */
function comparisonSetOf(payload: Record<string, unknown>): ComparisonSetPayload {
  const pairs = (payload.pairs as ComparisonSetPayload['pairs'] | undefined) ?? [];
  const listed = payload.members as ComparisonSetPayload['members'] | undefined;
  if (listed !== undefined) return { members: listed, pairs };
  const ids = [...new Set(pairs.flatMap((pair) => [pair.first, pair.second]))];
  return { members: ids.map((id, index) => ({ slot: String.fromCharCode(65 + index), id })), pairs };
}

async function tournamentRecord(db: Db, h: Hypothesis): Promise<TournamentRecord> {
  const notes = (await projectMatches(db, h.projectId))
    .filter((m) => m.firstId === h.id || m.secondId === h.id)
    .slice(-6)
    .reverse()
    .map((m) => ({ won: m.winnerId === h.id, rationale: m.rationale }));
  return { elo: h.elo, rank: h.rank, matches_played: h.matchesPlayed, wins: h.wins, match_notes: notes };
}
