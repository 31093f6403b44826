// get_results format `nih_aims`: a one-page NIH Specific Aims draft. The prose follows the shape
// study sections expect (background → gap → long-term goal and objective → central hypothesis →
// rationale → aims with working hypothesis and approach → expected outcomes and impact) and is
// filled deterministically from the ranked hypotheses: the same report always gives the same page.
import { DomainError } from '../errors.js';
import { wordCount } from '../schemas.js';
import type { Hypothesis } from '../types.js';
import { partition, provenance, standing, type ResearchReport } from './report.js';
import { bibliography, type Bibliography } from './references.js';
import { referenceLine } from './markdown.js';
import { buildProximityIndex } from '../proximity.js';
import { firstSentences, formatCi, formatScore, lowerFirst, oneLine, sentences, truncateWords, withoutFinalPeriod } from './text.js';

export interface SpecificAim {
  number: number;
  title: string;
  hypothesis_id: string;
  working_hypothesis: string;
  approach: string;
}

export interface NihSpecificAims {
  research_id: string;
  central_hypothesis_id: string;
  aims: SpecificAim[];
  markdown: string;
  word_count: number;
}

/** NIH limits the page, not the words; ~900 words of body text is what fits one page at 11 pt. */
export const NIH_AIMS_MAX_WORDS = 900;

/**
 * The claim itself, without "We hypothesize that" framing, as a sentence of its own. Model text is
 * never lower-cased: a leading gene, eponym or acronym ("Alzheimer", "Sirius Red") would break.
 */
function claim(summary: string, maxWords: number): string {
  const first = sentences(summary)[0] ?? summary;
  const stripped = first
    .replace(/^(?:we\s+(?:hypothesi[sz]e|propose|predict)|this\s+hypothesis\s+(?:proposes|states)|it\s+is\s+hypothesi[sz]ed)\s+that\s+/i, '')
    .replace(/^hypothesis(?:\s+\d+)?:\s*/i, '');
  const text = withoutFinalPeriod(truncateWords(stripped, maxWords));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Scientist-written goals and objectives usually open with one of these verbs, which are safe to lower-case. */
const VERBS = /^(?:find|identify|discover|develop|determine|understand|elucidate|explain|design|test|establish|characteri[sz]e|improve|predict|reduce|prevent|treat|model|map|quantify|measure|uncover|investigate|explore|assess|evaluate|validate|create|engineer|optimi[sz]e|enable|generate|reveal|define|learn|build|increase|decrease|restore|control|detect|prioriti[sz]e|compare|link|demonstrate|examine|study|screen|repurpose|select|rank|propose)\b/i;

/** The text as it can follow "to …", or null when it does not open with a verb we recognise. */
export function asInfinitive(text: string): string | null {
  const bare = withoutFinalPeriod(oneLine(text).replace(/^to\s+/i, ''));
  return VERBS.test(bare) ? lowerFirst(bare) : null;
}

/** The goal as it can follow "to …": goals are usually imperatives, sometimes questions or noun phrases. */
export function goalAsInfinitive(goal: string): string {
  const text = oneLine(goal);
  if (text.endsWith('?')) return `answer the question "${text}"`;
  return asInfinitive(text) ?? `advance this goal: ${withoutFinalPeriod(text)}`;
}

function objectivesSentence(objectives: string[]): string {
  const picked = objectives.slice(0, 3);
  const verbs = picked.map(asInfinitive);
  if (verbs.every((verb): verb is string => verb !== null)) return `The objective of this application is to ${verbs.join(', and to ')}.`;
  return `This application pursues ${picked.length === 1 ? 'one objective' : 'these objectives'}: ${picked.map((o, i) => `(${i + 1}) ${withoutFinalPeriod(oneLine(o))}`).join('; ')}.`;
}

interface Budget {
  background: number;
  claim: number;
  rationale: number;
  approach: number;
  prediction: number;
}

/** Above this (TF-IDF cosine of summary and rationale), two hypotheses are one idea for an aim. */
const SAME_IDEA = 0.6;

/**
 * The best-ranked contenders that each bring a different idea (issue 15 item 6): a hypothesis is
 * skipped when it is a near-duplicate of, or says much the same as, one already chosen. Lineage
 * alone does not count: an evolved hypothesis may well state a different mechanism.
 */
export function distinctContenders(contenders: readonly Hypothesis[], count: number): Hypothesis[] {
  const index = buildProximityIndex(new Map(contenders.map((h) => [h.id, `${h.summary} ${h.rationale}`])));
  const related = (a: Hypothesis, b: Hypothesis): boolean =>
    a.nearDuplicateOf === b.id || b.nearDuplicateOf === a.id || index.similarity(a.id, b.id) >= SAME_IDEA;
  const chosen: Hypothesis[] = [];
  for (const h of contenders) {
    if (chosen.length >= count) break;
    if (!chosen.some((c) => related(c, h))) chosen.push(h);
  }
  return chosen;
}

function aimsFor(top: Hypothesis[], budget: Budget): SpecificAim[] {
  const [lead] = top;
  if (lead === undefined) return [];
  const aims: SpecificAim[] = [];
  // Aim 1 tests the central hypothesis; aims 2–3 take the next distinct hypotheses, or more of
  // the central hypothesis's predictions when the tournament produced fewer distinct ideas.
  const sources: Array<{ h: Hypothesis; prediction: number }> = [{ h: lead, prediction: 0 }];
  for (const h of top.slice(1, 3)) sources.push({ h, prediction: 0 });
  for (let p = 1; sources.length < 3 && p < lead.testablePredictions.length; p += 1) sources.push({ h: lead, prediction: p });
  sources.forEach(({ h, prediction }, index) => {
    const sameAsLead = h === lead && index > 0;
    const predictionText = h.testablePredictions[prediction] ?? h.summary;
    aims.push({
      number: index + 1,
      title: sameAsLead
        ? `Test prediction ${prediction + 1} of the central hypothesis`
        : `${index === 0 ? 'Test the central hypothesis' : 'Test a complementary mechanism'}: ${claim(h.summary, budget.claim / 3)}`,
      hypothesis_id: h.id,
      working_hypothesis: withoutFinalPeriod(truncateWords(oneLine(predictionText), budget.prediction)),
      approach: sameAsLead
        ? 'Using the experimental system, controls and readouts established in Aim 1, we will measure the outcome this prediction specifies and compare it against the pre-registered expectation.'
        : firstSentences(h.experimentalProtocol, budget.approach),
    });
  });
  return aims;
}

function draft(report: ResearchReport, budget: Budget): NihSpecificAims {
  const { project } = report;
  const { ranked, unranked } = partition(report);
  const contenders = ranked.length > 0 ? ranked : unranked;
  const lead = contenders[0];
  if (lead === undefined) {
    throw new DomainError(
      'conflict',
      `Project ${project.id} has no hypotheses to build Specific Aims from (all are missing or rejected). Continue the research until at least one hypothesis is reviewed and ranked, then ask again.`,
    );
  }
  const s = standing(report, lead);
  const counts = provenance(report);
  const bib = bibliography(report);
  const unverified = bib.references.filter((r) => !r.verified).length;
  const aims = aimsFor(distinctContenders(contenders, 3), budget).map((aim) => ({
    ...aim,
    title: inProse(aim.title, bib, report),
    working_hypothesis: inProse(aim.working_hypothesis, bib, report),
    approach: inProse(aim.approach, bib, report),
  }));
  const goal = goalAsInfinitive(project.goal);
  const overview = project.metaReview?.research_overview;
  const rationaleSentences = sentences(lead.rationale);
  const background = overview !== undefined ? firstSentences(overview, budget.background) : firstSentences(lead.rationale, budget.background);
  const rationaleRest = overview === undefined ? rationaleSentences.slice(sentences(background).length).join(' ') : lead.rationale;
  const rationale = firstSentences(rationaleRest.length > 0 ? rationaleRest : lead.rationale, budget.rationale);
  const keyAssumption = lead.assumptions[0];
  const rankNote = ranked.length > 0
    ? `It ranked first of ${counts.hypotheses - counts.rejected} candidates in a pairwise tournament of ${counts.matches} matches (Bradley–Terry score ${s.btScore === null ? 'n/a' : formatScore(s.btScore)}, 95% CI ${formatCi(s.ci95)})${report.certified ? ', a ranking the tournament certified' : ''}.`
    : 'It has not yet been ranked against the other candidates.';

  const notice = [
    `> **Draft for the scientist to edit.** Generated by Co-Scientist from project ${project.id} on ${report.generatedAt.slice(0, 10)} and filled in from the run's top-ranked hypotheses.`,
    `> Add preliminary data, your team's expertise and citations, and rewrite in your own voice.`,
    ...(unverified > 0 ? [`> ⚠ ${unverified} of ${bib.references.length} references behind these hypotheses are unverified: check them before citing.`] : []),
    ...(report.certified ? [] : ['> The ranking is not certified yet: the order of close contenders may still change.']),
    ...(aims.length < 2 ? ['> Only one aim could be drawn from the data: add a second aim before submission.'] : []),
  ];
  const body = [
    `**Background.** Research in ${project.domain} seeks to ${goal}. ${background}`,
    '',
    `**Gap.** Despite this progress, one critical claim remains untested: ${claim(lead.summary, budget.claim)}.` +
      (keyAssumption !== undefined ? ` Until it is tested, work toward this goal rests on an assumption nobody has checked: ${withoutFinalPeriod(oneLine(keyAssumption))}.` : ''),
    '',
    `**Long-term goal and objective.** Our long-term goal is to ${goal}. ${objectivesSentence(project.plan.objectives)}`,
    '',
    `**Central hypothesis.** The central hypothesis of this application is: ${claim(lead.summary, budget.claim)}. ${rankNote}`,
    '',
    `**Rationale.** ${rationale} Testing this hypothesis will replace an assumption with evidence, whichever way the result falls.`,
    '',
    `We will test the central hypothesis with the following specific aims:`,
    '',
    ...aims.flatMap((aim) => [
      `**Specific Aim ${aim.number}. ${aim.title}.** *Working hypothesis:* ${aim.working_hypothesis}. *Approach:* ${aim.approach}`,
      '',
    ]),
    `**Expected outcomes and impact.** At the completion of these aims we expect to know whether the central hypothesis holds. ` +
      aims.map((aim) => `Aim ${aim.number} will test the prediction: ${withoutFinalPeriod(truncateWords(aim.working_hypothesis, budget.prediction / 2))}.`).join(' ') +
      ` Because every aim tests a falsifiable prediction with a defined readout, positive and negative results alike will move us closer to our goal: to ${goal}.`,
  ];
  // The references behind the aims, as references: the prose cites them by key, never by internal id.
  const aimIds = new Set(aims.map((aim) => aim.hypothesis_id));
  const cited = bib.references.filter((r) => r.citedBy.some((id) => aimIds.has(id)));
  const references = cited.length === 0 ? [] : ['', '## References', '', ...cited.map((r) => `- [${r.key}] ${referenceLine(r)}`)];
  const prose = body.map((line) => inProse(line, bib, report));
  const markdown = [...notice, '', '# Specific Aims', '', ...prose, ...references].join('\n').trimEnd() + '\n';
  return {
    research_id: project.id,
    central_hypothesis_id: lead.id,
    aims,
    markdown,
    word_count: wordCount(prose.join(' ')),
  };
}

/** Drafts the page, tightening the excerpts until the body fits on one page. */
export function nihSpecificAims(report: ResearchReport): NihSpecificAims {
  const full: Budget = { background: 60, claim: 45, rationale: 70, approach: 60, prediction: 35 };
  for (const scale of [1, 0.75, 0.55, 0.4]) {
    const budget: Budget = {
      background: Math.floor(full.background * scale),
      claim: Math.floor(full.claim * scale),
      rationale: Math.floor(full.rationale * scale),
      approach: Math.floor(full.approach * scale),
      prediction: Math.floor(full.prediction * scale),
    };
    const page = draft(report, budget);
    if (page.word_count <= NIH_AIMS_MAX_WORDS - 100) return page;
  }
  return draft(report, { background: 20, claim: 15, rationale: 20, approach: 20, prediction: 12 });
}

/**
 * Model prose names knowledge-base documents and hypotheses by internal id ("doc_3f…", "hyp_9a…");
 * a grant page shows the reference key ("[smith2016fibrosis]") and the hypothesis number ("H4").
 */
function inProse(text: string, bib: Bibliography, report: ResearchReport): string {
  return text
    .replace(/\bdoc_[0-9a-z]+\b/gi, (id) => {
      const reference = bib.references.find((r) => r.documentIds.includes(id));
      return reference === undefined ? 'an unlisted source' : `[${reference.key}]`;
    })
    .replace(/\bhyp_[0-9a-z]+\b/gi, (id) => {
      const h = report.hypotheses.find((x) => x.id === id);
      return h === undefined ? 'another hypothesis' : `H${h.seq}`;
    });
}
