// Safety screen of research goals and hypotheses (issue "Research engine": anything flagged opens
// a safety_review checkpoint that only the desktop app can decide). A readable rule model, not a
// list of remembered sentences (issue 32): a category of concern is an action pattern
// (safetyCategories.ts: the experiments of concern, reconstituting or stabilising agents, chemical
// weapons, intent to harm at scale) crossed with the agents it needs (safetyLists.ts: select agents
// and toxins, CWC schedule chemicals, other pathogens). A hit is cleared by negation in its clause
// or by a benign framing of its sentence the category allows (safetyCues.ts: defence, diagnosis,
// clinical care, explanation, history, ethics, policy). It flags for a human to look; it never edits
// or drops what an assistant wrote, and every flag says which category, which agent and which words.
// Measured on a development and a held-out set (test/fixtures/safety/, docs/benchmarks.md).
import { describeAgent, findAgents, type AgentMention } from './safetyAgents.js';
import { SAFETY_CATEGORIES, type SafetyCategory } from './safetyCategories.js';
import { framingsOf, isNegated } from './safetyCues.js';

/** Characters of context shown on each side of the matched words. */
const CONTEXT_CHARS = 70;

export interface SafetyMatch {
  /** The category's id (`increase_transmissibility`, `chemical_weapon`, …). */
  rule: string;
  /** What the text proposes, and the agent it proposes it for. */
  reason: string;
  /** The published category it falls under. */
  category: string;
  /** The agent the category needed, as written and with its list ("H5N1 (highly pathogenic avian influenza virus, select agent)"); absent for categories that need none. */
  agent?: string;
  /** Which part of the screened text it is in (summary, rationale, …; "text" for a single text). */
  field: string;
  /** The words that matched. */
  match: string;
  /** The matched words with their surrounding sentence, «marked». */
  passage: string;
}

export interface SafetyVerdict {
  flagged: boolean;
  reasons: string[];
  ruleIds: string[];
  /** Every hit, with the passage that triggered it. */
  matches: SafetyMatch[];
}

/** Screens one text. */
export function screenText(text: string): SafetyVerdict {
  return screenFields({ text });
}

/** Screens several named parts of one piece of work (a hypothesis's summary, rationale, protocol, …) as a whole. */
export function screenFields(fields: Readonly<Record<string, string | readonly string[] | undefined>>): SafetyVerdict {
  const parts = Object.entries(fields).flatMap(([field, value]) => (value === undefined ? [] : typeof value === 'string' ? [value] : value).map((text) => ({ field, text })));
  // An agent named anywhere in the work counts for a sentence that says only "it" or "the strain".
  const workAgents = findAgents(parts.map((p) => p.text).join('\n'));
  const matches = parts.flatMap(({ field, text }) => screenOne(field, text, workAgents));
  return {
    flagged: matches.length > 0,
    reasons: [...new Set(matches.map((m) => m.reason))],
    ruleIds: [...new Set(matches.map((m) => m.rule))],
    matches,
  };
}

/** What a flagged hypothesis is screened on: everything it says, not only its summary. */
export function screenHypothesis(h: { summary: string; rationale: string; experimentalProtocol: string; testablePredictions?: readonly string[]; assumptions?: readonly string[] }): SafetyVerdict {
  return screenFields({
    summary: h.summary,
    rationale: h.rationale,
    experimental_protocol: h.experimentalProtocol,
    testable_predictions: h.testablePredictions,
    assumptions: h.assumptions,
  });
}

function screenOne(field: string, text: string, workAgents: readonly AgentMention[]): SafetyMatch[] {
  const found: SafetyMatch[] = [];
  for (const { start, sentence } of sentencesOf(text)) {
    const agents = findAgents(sentence);
    const framings = framingsOf(sentence);
    for (const category of SAFETY_CATEGORIES) {
      if (category.excusedBy.some((excuse) => framings.has(excuse))) continue;
      const agent = agentFor(category, agents, workAgents);
      if (agent === null) continue;
      const hit = firstUnnegatedHit(category, text, start, sentence);
      if (hit === null) continue;
      const agentLabel = agent === undefined ? undefined : describeAgent(agent);
      found.push({
        rule: category.id,
        // The published category, what the text proposes, and for what agent: "increase transmissibility (…): … — H5N1 (…)".
        reason: `${category.title}: ${category.reason}${agentLabel === undefined ? '' : ` — ${agentLabel}`}`,
        category: category.title,
        ...(agentLabel === undefined ? {} : { agent: agentLabel }),
        field,
        match: hit.match,
        passage: passageAround(text, hit.start, hit.start + hit.match.length),
      });
    }
  }
  return found;
}

/** The agent a category needs, from the sentence first, then from the whole work; undefined when it needs none, null when none is named. */
function agentFor(category: SafetyCategory, sentenceAgents: readonly AgentMention[], workAgents: readonly AgentMention[]): AgentMention | undefined | null {
  if (category.agents.length === 0) return undefined;
  const fits = (a: AgentMention) => category.agents.includes(a.agentClass) && (a.named || category.namedAgentOnly !== true);
  return sentenceAgents.find(fits) ?? workAgents.find(fits) ?? null;
}

/** The earliest hit of the category in the sentence that its clause does not negate, with its position in the whole text. */
function firstUnnegatedHit(category: SafetyCategory, text: string, sentenceStart: number, sentence: string): { start: number; match: string } | null {
  const hits = category.patterns
    .flatMap((pattern) => [...sentence.matchAll(new RegExp(pattern.source, 'gi'))])
    .map((hit) => ({ start: sentenceStart + hit.index, match: hit[0].trim() === hit[0] ? hit[0] : hit[0].trim() }))
    .map((hit) => ({ ...hit, start: text.indexOf(hit.match, hit.start) }))
    .sort((a, b) => a.start - b.start);
  return hits.find((hit) => !isNegated(text, hit.start, category.negatedWithin === true ? hit.match : '')) ?? null;
}

/** Sentences with their offsets: split after . ? ! ; or a line break, not inside "B. anthracis" or "E. coli". */
function sentencesOf(text: string): Array<{ start: number; sentence: string }> {
  const sentences: Array<{ start: number; sentence: string }> = [];
  const boundary = /(?<=[.?!;])\s+(?=[^a-z])|\n+/g;
  let start = 0;
  for (const cut of text.matchAll(boundary)) {
    sentences.push({ start, sentence: text.slice(start, cut.index) });
    start = cut.index + cut[0].length;
  }
  sentences.push({ start, sentence: text.slice(start) });
  return sentences.filter((s) => s.sentence.trim() !== '');
}

function passageAround(text: string, start: number, end: number): string {
  const from = Math.max(0, start - CONTEXT_CHARS);
  const to = Math.min(text.length, end + CONTEXT_CHARS);
  const squash = (s: string) => s.replace(/\s+/g, ' ');
  return `${from > 0 ? '…' : ''}${squash(text.slice(from, start))}«${squash(text.slice(start, end))}»${squash(text.slice(end, to))}${to < text.length ? '…' : ''}`;
}
