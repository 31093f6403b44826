// hypothesis://{hypothesis_id} and checkpoint://{checkpoint_id}: one record as Markdown, in the
// format of seed 000 (docs/seed-mapping.md), with id completion.
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/server';
import { hypothesisIdsStartingWith } from '../../store/hypotheses.js';
import { checkpointIdsStartingWith } from '../../store/checkpoints.js';
import { getCheckpoint, queryCheckpoints } from '../../engine/workflow/checkpoints.js';
import { getHypothesis } from '../../engine/hypotheses.js';
import { toReview } from '../../engine/reviews.js';
import { reviewsOfHypothesis } from '../../store/reviews.js';
import type { Checkpoint, Hypothesis, Review } from '../../engine/types.js';
import type { ServerContext } from '../context.js';
import { audited, canRead, markdown } from '../access/resourceAccess.js';

const COMPLETIONS = 20;

export function installDetailResources(mcp: McpServer, ctx: ServerContext): void {
  mcp.registerResource(
    'hypothesis',
    new ResourceTemplate('hypothesis://{hypothesis_id}', {
      // Projects hold thousands of hypotheses: they are reached by id (completion), not listed.
      list: undefined,
      complete: { hypothesis_id: async (value) => (await canRead(ctx, ['hypotheses:read']) ? await hypothesisIdsStartingWith(ctx.db, value, COMPLETIONS) : []) },
    }),
    { title: 'Hypothesis', description: 'One hypothesis in full: rationale, protocol, predictions, citations, reviews and tournament standing.', mimeType: 'text/markdown' },
    async (uri, variables) =>
      await audited(ctx, 'resource:read', uri.href, ['hypotheses:read'], async () => {
        const hypothesis = await getHypothesis(ctx.db, String(variables.hypothesis_id));
        return markdown(uri.href, hypothesisMarkdown(hypothesis, (await reviewsOfHypothesis(ctx.db, hypothesis.id)).map(toReview)));
      }),
  );

  mcp.registerResource(
    'checkpoint',
    new ResourceTemplate('checkpoint://{checkpoint_id}', {
      list: async () => {
        if (!await canRead(ctx, ['research:read'])) return { resources: [] };
        // As list_checkpoints lists them by default: archived projects' are put away.
        const pending = (await queryCheckpoints(ctx.db, { status: 'pending', limit: 50, excludeArchived: true })).checkpoints;
        return { resources: pending.map((c) => ({ uri: `checkpoint://${c.id}`, name: c.id, title: `${c.kind} of ${c.projectId} (pending)`, mimeType: 'text/markdown' })) };
      },
      complete: { checkpoint_id: async (value) => (await canRead(ctx, ['research:read']) ? await checkpointIdsStartingWith(ctx.db, value, COMPLETIONS) : []) },
    }),
    { title: 'Checkpoint', description: 'A point where the workflow waits for the scientist: what is proposed, and the decision once made.', mimeType: 'text/markdown' },
    async (uri, variables) =>
      await audited(ctx, 'resource:read', uri.href, ['research:read'], async () => markdown(uri.href, checkpointMarkdown(await getCheckpoint(ctx.db, String(variables.checkpoint_id))))),
  );
}

function citationLine(citation: Hypothesis['citations'][number]): string {
  const ids = [citation.doi && `doi:${citation.doi}`, citation.pmid && `PMID ${citation.pmid}`, citation.arxiv_id && `arXiv:${citation.arxiv_id}`].filter(Boolean).join(', ');
  return `- ${citation.title}${citation.year === undefined ? '' : ` (${citation.year})`}${ids === '' ? '' : ` — ${ids}`}${citation.verified ? '' : ' ⚠ unverified: not in the knowledge base this run read'}`;
}

export function hypothesisMarkdown(h: Hypothesis, reviews: Review[]): string {
  const lines = [
    `# Hypothesis: ${h.summary}`,
    '',
    `**ID**: ${h.id} (H${h.seq} of ${h.projectId})`,
    `**ELO Score**: ${Math.round(h.elo)}${h.btScore === null ? '' : ` · Bradley-Terry ${Math.round(h.btScore)}${h.ci95 === null ? '' : ` [${Math.round(h.ci95[0])}, ${Math.round(h.ci95[1])}]`}`}${h.rank === null ? '' : ` · rank ${h.rank}`}`,
    `**Status**: ${h.status}${h.gate === 'approved' ? '' : ' (awaiting the scientist\'s approval)'} · origin ${h.origin} (${h.method})${h.parents.length > 0 ? ` · evolved from ${h.parents.join(', ')}` : ''}`,
    ...(h.safetyFlag === null ? [] : [`**Safety flag**: ${h.safetyFlag}`]),
    ...(h.nearDuplicateOf === null ? [] : [`**Near-duplicate of**: ${h.nearDuplicateOf}`]),
    '',
    '## Rationale',
    h.rationale,
    '',
    '## Experimental Protocol',
    h.experimentalProtocol,
    '',
    '## Predictions',
    ...h.testablePredictions.map((p, i) => `${i + 1}. ${p}`),
    '',
    '## Literature Grounding',
    ...(h.citations.length === 0 ? ['_No citations._'] : h.citations.map(citationLine)),
  ];
  if (reviews.length > 0) {
    lines.push('', '## Reviews');
    for (const r of reviews) {
      lines.push(`- **${r.type}** (${r.judge}, ${r.createdAt}): overall ${r.scores.overall.toFixed(2)} — plausibility ${r.scores.plausibility.toFixed(2)}, novelty ${r.scores.novelty.toFixed(2)}, testability ${r.scores.testability.toFixed(2)}, safety ${r.scores.safety.toFixed(2)}${r.fundamentalFlaw ? ' · fundamental flaw' : ''}`);
      lines.push(`  - Weaknesses: ${r.weaknesses.join('; ')}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export function checkpointMarkdown(c: Checkpoint): string {
  const lines = [
    `# Checkpoint ${c.id}: ${c.kind.replace('_', ' ')}`,
    '',
    `**Project**: ${c.projectId} · iteration ${c.iteration} · created ${c.createdAt}`,
    `**Status**: ${c.decision === null ? 'pending — the scientist approves, edits or rejects it in the Co-Scientist app' : `${c.decision.action} by ${c.decision.decidedBy} at ${c.decision.decidedAt}`}`,
    ...(c.decision?.note ? [`**Note**: ${c.decision.note}`] : []),
    '',
    '## Proposal',
    '```json',
    JSON.stringify(c.payload, null, 2).slice(0, 6000),
    '```',
  ];
  if (c.decision?.data) lines.push('', '## Edited version', '```json', JSON.stringify(c.decision.data, null, 2).slice(0, 6000), '```');
  return `${lines.join('\n')}\n`;
}
