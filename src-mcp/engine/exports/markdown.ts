// The report a scientist reads: what was asked, how the run got there (provenance), the ranked
// hypotheses with the evidence behind each rank, what was dropped and why, and the references,
// with every citation the run could not verify visibly marked.
import type { CitationRecord, Hypothesis, Review } from '../types.js';
import { listedStatus } from '../schemas.js';
import {
  certificationText,
  label,
  lineage,
  partition,
  provenance,
  rejectionReason,
  reviewsOf,
  standing,
  type ResearchReport,
} from './report.js';
import { bibliography, type Bibliography, type Reference } from './references.js';
import { formatCi, formatElo, formatScore, oneLine, plural, truncateWords } from './text.js';

export const UNVERIFIED_MARK = '⚠ unverified';

/** Model-written prose must not open headings of its own inside our structure. */
function prose(text: string): string {
  return text.trim().replace(/^(\s*)#/gm, '$1\\#');
}

export function referenceLine(reference: Pick<Reference, 'title' | 'authors' | 'year' | 'doi' | 'pmid' | 'arxivId' | 'url' | 'verified'> & { venue?: string | undefined }): string {
  const parts = [`${reference.authors ? `${oneLine(reference.authors)} ` : ''}${reference.year !== undefined ? `(${reference.year}). ` : ''}${oneLine(reference.title)}.${reference.venue ? ` *${oneLine(reference.venue)}*.` : ''}`];
  if (reference.doi) parts.push(`doi:${reference.doi}`);
  if (reference.pmid) parts.push(`PMID ${reference.pmid}`);
  if (reference.arxivId) parts.push(`arXiv:${reference.arxivId}`);
  if (reference.url && !reference.doi) parts.push(`<${reference.url}>`);
  parts.push(reference.verified ? '✓ verified' : `**${UNVERIFIED_MARK}** (not found in the knowledge base read by this run)`);
  return parts.join(' · ');
}

/** Shows the merged reference: one title and one verdict per work, however each hypothesis cited it. */
function citationLine(citation: CitationRecord, bib: Bibliography): string {
  const reference = bib.referenceOf(citation);
  return `- [${bib.keyOf(citation)}] ${referenceLine(reference ?? { ...citation, arxivId: citation.arxiv_id })}`;
}

function reviewTable(reviews: Review[]): string[] {
  if (reviews.length === 0) return ['_Not reviewed yet._'];
  const rows = reviews.map((r) => {
    const s = r.scores;
    const flags = [r.judge === 'human' ? 'human' : 'model', ...(r.fundamentalFlaw ? ['fundamental flaw'] : [])].join(', ');
    return `| ${r.type} | ${s.plausibility.toFixed(2)} | ${s.novelty.toFixed(2)} | ${s.testability.toFixed(2)} | ${s.safety.toFixed(2)} | **${s.overall.toFixed(2)}** | ${flags} |`;
  });
  return ['| Review | Plausibility | Novelty | Testability | Safety | Overall | By |', '|---|---|---|---|---|---|---|', ...rows];
}

function hypothesisSection(report: ResearchReport, h: Hypothesis, bib: Bibliography): string[] {
  const s = standing(report, h);
  const reviews = reviewsOf(report, h.id);
  const weaknesses = [...new Set(reviews.flatMap((r) => r.weaknesses.map(oneLine)))].slice(0, 3);
  const heading = `### ${s.rank ?? '–'}. ${label(h)} — Elo ${formatElo(s.elo)} · BT ${s.btScore === null ? 'n/a' : formatScore(s.btScore)} (95% CI ${formatCi(s.ci95)})${s.certifiedTopK ? ' · certified top-k' : ''}`;
  return [
    heading,
    '',
    `_${h.id} · ${listedStatus(h.status)} · ${lineage(report, h)} · ${plural(s.matches, 'match', 'matches')}, ${plural(s.wins, 'win')}_`,
    ...(h.safetyFlag !== null ? ['', `> **Safety flag:** ${oneLine(h.safetyFlag)}`] : []),
    '',
    `**Summary.** ${prose(h.summary)}`,
    '',
    `**Rationale.** ${prose(h.rationale)}`,
    '',
    `**Experimental protocol.** ${prose(h.experimentalProtocol)}`,
    '',
    '**Testable predictions.**',
    ...h.testablePredictions.map((p, i) => `${i + 1}. ${oneLine(p)}`),
    ...(h.assumptions.length > 0 ? ['', '**Assumptions.**', ...h.assumptions.map((a) => `- ${oneLine(a)}`)] : []),
    '',
    '**Reviews.**',
    '',
    ...reviewTable(reviews),
    ...(weaknesses.length > 0 ? ['', 'Main weaknesses raised:', ...weaknesses.map((w) => `- ${oneLine(w)}`)] : []),
    '',
    '**Citations.**',
    ...(h.citations.length > 0 ? h.citations.map((c) => citationLine(c, bib)) : ['_None given._']),
    '',
  ];
}

function briefLine(h: Hypothesis, why: string): string {
  return `- **${label(h)}** (${h.id}, ${listedStatus(h.status)}) — ${truncateWords(h.summary, 40)} _${why}_`;
}

function unrankedReason(report: ResearchReport, h: Hypothesis): string {
  const kids = report.hypotheses.filter((other) => other.parents.includes(h.id));
  if (kids.length > 0) return `Superseded: ${lineage(report, h)}.`;
  if (h.gate !== 'approved') return 'Awaiting the scientist\'s approval in a hypothesis batch.';
  return h.status === 'pending' ? 'Not reviewed or ranked yet.' : 'Not ranked yet (too few tournament matches).';
}

export interface MarkdownOptions {
  /**
   * Only these hypotheses, in this order and in full (get_results `detailed`), with the references
   * they cite; every count stays the project's, and what is left out is counted.
   */
  shown?: readonly Hypothesis[];
}

export function exportMarkdown(report: ResearchReport, options: MarkdownOptions = {}): string {
  const { project } = report;
  const plan = project.plan;
  const bib = bibliography(report);
  const counts = provenance(report);
  const { ranked, unranked, rejected } = partition(report);
  const unverified = bib.references.filter((r) => !r.verified).length;
  const lines = [
    `# Research report: ${truncateWords(project.goal, 16)}`,
    '',
    `_Project ${project.id} · generated ${report.generatedAt} by Co-Scientist · ${report.certified ? 'ranking certified' : 'ranking not certified'}_`,
    '',
    '## Goal and plan',
    '',
    prose(project.goal),
    '',
    `- **Domain:** ${project.domain}${project.domainInferred ? ' (inferred from the goal)' : ''}`,
    `- **Objectives:** ${plan.objectives.map(oneLine).join('; ')}`,
    ...(plan.constraints.length > 0 ? [`- **Constraints:** ${plan.constraints.map(oneLine).join('; ')}`] : []),
    ...(plan.preferences.length > 0 ? [`- **Preferences:** ${plan.preferences.map(oneLine).join('; ')}`] : []),
    `- **Hypothesis budget:** ${plan.hypothesis_budget}`,
    '',
    '## Status and provenance',
    '',
    `- **Status:** ${project.status}, stage ${project.stage}, iteration ${project.iteration} of at most ${project.settings.maxIterations}${project.stopReason ? ` (stopped: ${oneLine(project.stopReason)})` : ''}`,
    `- **Hypotheses:** ${counts.hypotheses} (${counts.generated} generated, ${counts.evolved} evolved, ${counts.byScientist} by the scientist); ${counts.reviewed} reviewed in ${plural(counts.reviews, 'review')}; ${counts.rejected} rejected`,
    `- **Tournament:** ${plural(counts.matches, 'match', 'matches')} (${plural(counts.humanVotes, 'human vote')}, ${plural(counts.modelJudgements, 'model judgement')}); ranking ${certificationText(report)}`,
    `- **Reasoning calls:** ${project.reasoningCallsUsed} of ${project.settings.maxReasoningCalls}`,
    `- **References:** ${bib.references.length} unique, ${unverified} ${UNVERIFIED_MARK}`,
    '',
    'Ranks come from a Bradley–Terry fit over the whole match log with bootstrap 95% confidence intervals; Elo is shown for familiarity.',
    '',
  ];
  const meta = project.metaReview;
  if (meta !== null) {
    lines.push('## Meta-review', '', prose(meta.research_overview), '');
    if (meta.recurring_critiques.length > 0) lines.push('Recurring critiques:', ...meta.recurring_critiques.map((c) => `- ${oneLine(c)}`), '');
  }
  let references = bib.references;
  if (options.shown === undefined) {
    lines.push('## Ranked hypotheses', '');
    if (ranked.length === 0) lines.push('_No hypothesis has been ranked yet._', '');
    for (const h of ranked) lines.push(...hypothesisSection(report, h, bib));
    if (unranked.length > 0) {
      lines.push('## Not ranked', '', ...unranked.map((h) => briefLine(h, unrankedReason(report, h))), '');
    }
    if (rejected.length > 0) {
      lines.push('## Rejected hypotheses', '', ...rejected.map((h) => briefLine(h, `Rejected: ${rejectionReason(report, h)}.`)), '');
    }
  } else {
    const shown = new Set(options.shown);
    lines.push('## Top hypotheses', '');
    if (shown.size === 0) lines.push('_None shown._', '');
    for (const h of options.shown) lines.push(...hypothesisSection(report, h, bib));
    const left = [
      [ranked.filter((h) => !shown.has(h)).length, 'ranked'],
      [unranked.filter((h) => !shown.has(h)).length, 'not yet ranked'],
      [rejected.filter((h) => !shown.has(h)).length, 'rejected'],
    ] as const;
    const notShown = left.filter(([count]) => count > 0).map(([count, what]) => `${count} ${what}`);
    if (notShown.length > 0) lines.push(`_Not shown here: ${notShown.join(', ')}._`, '');
    const cited = new Set(options.shown.flatMap((h) => h.citations.map((c) => bib.keyOf(c))));
    references = bib.references.filter((r) => cited.has(r.key));
  }
  lines.push('## References', '');
  if (references.length === 0) lines.push('_No citations._');
  lines.push(...references.map((r) => `- [${r.key}] ${referenceLine(r)}`));
  return lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
}

