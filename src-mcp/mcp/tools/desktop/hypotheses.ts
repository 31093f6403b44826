// Desktop-only hypothesis tools: the full record behind the hypothesis detail view, and the
// scientist's own contributions — a hypothesis they wrote, a review they wrote, a new title.
import { z } from 'zod';
import { resolveCitation } from '../../../knowledge/grounding.js';
import { withDocumentMetadata } from '../../../engine/citationDocuments.js';
import { bibliographicFields } from '../../../engine/bibliographicFields.js';
import { findDocumentById } from '../../../store/knowledgeDocuments.js';
import { projectUri } from '../../../engine/changes.js';
import { hypothesisDossier, type HypothesisRef } from '../../../engine/views/hypothesisDossier.js';
import { digestOf } from '../../../engine/hypothesisDigest.js';
import { addHumanHypothesis, addHumanReview } from '../../../engine/humanInput.js';
import { hypothesisWorkRefusal } from '../../../engine/workflow/requests.js';
import { REVIEW_TYPES, ReviewScoresSchema, ScientistHypothesisSchema, ScientistReviewPointsSchema } from '../../../engine/schemas.js';
import type { CitationRecord } from '../../../engine/types.js';
import type { ServerContext } from '../../context.js';
import { defineTool } from '../../toolkit.js';
import { ratingFields } from '../ratingFields.js';
import { AddedHypothesisSchema, AddedReviewSchema, HypothesisDetailSchema, RetitledSchema, type CitationViewSchema, type HypothesisRefSchema } from '../../../../src-shared/schemas/hypotheses.js';
import { retitleHypothesis } from '../../../engine/hypothesisTitle.js';
import { titleEdits } from '../../../store/hypothesisTitles.js';

const HypothesisId = z.string().min(1).describe('Hypothesis id, e.g. "hyp_0a1b2c3d4e5f".');

/** A citation as the exports show it: resolved to a knowledge-base document, the paper's own metadata. */
async function citationOut(ctx: ServerContext, projectId: string, citation: CitationRecord): Promise<z.input<typeof CitationViewSchema>> {
  const resolved = await resolveCitation(ctx.db, citation, { researchId: projectId });
  const document = resolved.documentId === undefined ? undefined : await findDocumentById(ctx.db, resolved.documentId);
  const shown = document === undefined ? citation : withDocumentMetadata(citation, document);
  return {
    ...bibliographicFields(shown),
    verified: citation.verified || resolved.verified,
    document_id: document?.id ?? null,
    document_title: document?.title ?? null,
  };
}

function refOut(ref: HypothesisRef): z.input<typeof HypothesisRefSchema> {
  return { id: ref.id, number: ref.seq, summary: ref.summary, status: ref.status };
}

export const getHypothesisTool = defineTool({
  name: 'get_hypothesis',
  title: 'Get a hypothesis in full',
  description:
    'For the Co-Scientist desktop app: one hypothesis with every field, its citations resolved against the knowledge base (unverified ones marked), all its reviews with scores, the tournament matches it played with their rationales, its lineage and its renames. Desktop app only.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['hypotheses:read', 'reviews:read'],
  desktopOnly: true,
  lab: 'view',
  input: z.object({ hypothesis_id: HypothesisId }),
  output: HypothesisDetailSchema,
  async run(args, ctx) {
    const dossier = await hypothesisDossier(ctx.db, args.hypothesis_id);
    const h = dossier.hypothesis;
    const cite = (c: CitationRecord) => citationOut(ctx, h.projectId, c);
    const digest = digestOf(h);
    return {
      target: `hypothesis://${h.id}`,
      data: {
        hypothesis: {
          id: h.id,
          number: h.seq,
          research_id: h.projectId,
          title: digest.title,
          title_given: (h.title ?? null) !== null,
          core_claim: digest.core_claim,
          core_claim_given: (h.coreClaim ?? null) !== null,
          summary: h.summary,
          rationale: h.rationale,
          experimental_protocol: h.experimentalProtocol,
          testable_predictions: h.testablePredictions,
          assumptions: h.assumptions,
          citations: await Promise.all(h.citations.map(cite)),
          method: h.method,
          origin: h.origin,
          status: h.status,
          gate: h.gate,
          iteration: h.iteration,
          ...ratingFields(h),
          wins: h.wins,
          near_duplicate_of: h.nearDuplicateOf,
          safety_flag: h.safetyFlag,
          created_by: h.createdBy,
          reasoner: h.reasoner,
          created_at: h.createdAt,
          updated_at: h.updatedAt,
        },
        work_refused: await hypothesisWorkRefusal(ctx.db, h),
        reviews: await Promise.all(dossier.reviews.map(async (r) => ({
          id: r.id,
          type: r.type,
          scores: r.scores,
          strengths: r.strengths,
          weaknesses: r.weaknesses,
          recommendations: r.recommendations,
          citations: await Promise.all(r.citations.map(cite)),
          assumption_checks: r.assumptionChecks,
          fundamental_flaw: r.fundamentalFlaw,
          narrative: r.narrative,
          reviewer: r.reviewer,
          judge: r.judge,
          created_at: r.createdAt,
        }))),
        matches: dossier.matches.map((m) => ({
          id: m.id,
          opponent: m.opponent === null ? null : refOut(m.opponent),
          slot: m.slot,
          won: m.won,
          judge: m.judge,
          confidence: m.confidence,
          rationale: m.rationale,
          debate: m.debate,
          created_by: m.createdBy,
          created_at: m.createdAt,
        })),
        parents: dossier.parents.map(refOut),
        children: dossier.children.map(refOut),
        title_history: (await titleEdits(ctx.db, h.id)).map((edit) => ({ at: edit.at, by: edit.clientId, from: edit.from, to: edit.to })),
      },
      markdown: [
        `**H${h.seq}** ${h.id} [${h.status}] Elo ${Math.round(h.elo)} — ${h.summary}`,
        `${dossier.reviews.length} review(s), ${dossier.matches.length} match(es), ${h.citations.length} citation(s).`,
      ].join('\n'),
    };
  },
});

export const addHypothesisTool = defineTool({
  name: 'add_hypothesis',
  title: 'Add the scientist\'s own hypothesis',
  description:
    'Stores a hypothesis the scientist wrote in the Co-Scientist desktop app (origin human). It is approved as written, then reviewed by the workflow and entered into the tournament; a safety flag still sends it to a safety review. Desktop app only.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scopes: ['hypotheses:generate'],
  desktopOnly: true,
  lab: 'contribution',
  input: z.object({ research_id: z.string().min(1), hypothesis: ScientistHypothesisSchema }),
  output: AddedHypothesisSchema,
  async run(args, ctx) {
    const { hypothesis, safety } = await addHumanHypothesis(ctx.db, { clientId: ctx.clientId, now: () => ctx.now() }, args.research_id, args.hypothesis, ctx.verifyCitation(args.research_id));
    return {
      target: projectUri(args.research_id),
      data: {
        hypothesis_id: hypothesis.id,
        number: hypothesis.seq,
        research_id: hypothesis.projectId,
        status: hypothesis.status,
        awaiting_approval: hypothesis.gate !== 'approved',
        safety_flag: hypothesis.safetyFlag,
        near_duplicate_of: hypothesis.nearDuplicateOf,
      },
      markdown: `Added H${hypothesis.seq} (${hypothesis.id}) written by the scientist${safety.flagged ? `; flagged for a safety review: ${safety.reasons.join('; ')}` : ''}.`,
    };
  },
});

export const addReviewTool = defineTool({
  name: 'add_review',
  title: 'Add the scientist\'s own review',
  description:
    'Stores a review the scientist wrote in the Co-Scientist desktop app (judge human): scores from 0 to 1 for plausibility, novelty, testability, safety and overall, with strengths, weaknesses and recommendations. Desktop app only.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  scopes: ['reviews:write'],
  desktopOnly: true,
  lab: 'contribution',
  input: z.object({
    hypothesis_id: HypothesisId,
    review_type: z.enum(REVIEW_TYPES).default('full'),
    scores: ReviewScoresSchema,
    ...ScientistReviewPointsSchema.shape,
  }),
  output: AddedReviewSchema,
  async run(args, ctx) {
    const { reviewId, projectId } = await addHumanReview(ctx.db, { clientId: ctx.clientId, now: () => ctx.now() }, {
      hypothesisId: args.hypothesis_id,
      reviewType: args.review_type,
      scores: args.scores,
      strengths: args.strengths,
      weaknesses: args.weaknesses,
      recommendations: args.recommendations,
    });
    return {
      target: projectUri(projectId),
      data: { review_id: reviewId, hypothesis_id: args.hypothesis_id, research_id: projectId, judge: 'human' as const },
      markdown: `Stored the scientist's review ${reviewId} of ${args.hypothesis_id}.`,
    };
  },
});

export const DESKTOP_HYPOTHESIS_TOOLS = [getHypothesisTool, addHypothesisTool, addReviewTool];

// The scientist renames a hypothesis in the app's hypothesis panel (engine/hypothesisTitle.ts says
// what may change and what is refused).
export const setHypothesisTitleTool = defineTool({
  name: 'set_hypothesis_title',
  title: 'Rename a hypothesis',
  description:
    'Gives a hypothesis the short title the scientist typed in the Co-Scientist desktop app (one line, at most 100 characters). Only the title changes, never the hypothesis text. expected_title is the title the scientist saw (null when none was given and a derived one was shown): if it changed meanwhile, nothing is written and a conflict names the current title. Desktop app only.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['hypotheses:generate'],
  desktopOnly: true,
  lab: 'contribution',
  input: z.object({
    hypothesis_id: z.string().min(1).describe('Hypothesis id, e.g. "hyp_0a1b2c3d4e5f".'),
    title: z.string().max(1000).describe('The new title; spaces around it are dropped.'),
    expected_title: z.string().max(1000).nullable().describe('The title the scientist saw, or null when none was given.'),
  }),
  output: RetitledSchema,
  async run(args, ctx) {
    const done = await retitleHypothesis(ctx.db, { clientId: ctx.clientId, now: () => ctx.now() }, args.hypothesis_id, args.title, args.expected_title);
    return {
      target: projectUri(done.projectId),
      data: { hypothesis_id: done.hypothesisId, number: done.number, title: done.title, previous_title: done.previous },
      markdown: `H${done.number} is now titled “${done.title}”.`,
    };
  },
});
