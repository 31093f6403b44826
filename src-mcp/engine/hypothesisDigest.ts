// The compact face of a hypothesis: a short title and a one- or two-sentence core claim. Work items
// that show many hypotheses at once (comparisons, generation context, meta-review) use these; the
// full text stays one read away (hypothesis://{id}). Hypotheses written before the
// fields existed (or whose summary the scientist reworded) get both derived from their summary.

export const TITLE_MAX_CHARS = 80;
/** A title the scientist gives (add_hypothesis, Rename in the app) keeps the room it always had. */
export const SCIENTIST_TITLE_MAX_CHARS = 100;
/** One sentence (two short ones at most): it is shown in every comparison set the hypothesis sits in. */
export const CORE_CLAIM_MAX_CHARS = 150;
/** A derived title keeps the summary's first words: enough to tell hypotheses apart in a list. */
const TITLE_WORDS = 12;

export interface HypothesisDigest {
  id: string;
  /** "H7": what the scientist and every work item call it. */
  label: string;
  title: string;
  core_claim: string;
}

/** What a digest is made from (a Hypothesis has it; spelled out here because schemas.ts reads this module's limits). */
export interface DigestSource {
  id: string;
  seq: number;
  summary: string;
  title?: string | null;
  coreClaim?: string | null;
}

export function digestOf(h: DigestSource): HypothesisDigest {
  return { id: h.id, label: `H${h.seq}`, title: h.title ?? derivedTitle(h.summary), core_claim: h.coreClaim ?? derivedCoreClaim(h.summary) };
}

function sentencesOf(text: string): string[] {
  return text.replace(/\s+/g, ' ').trim().split(/(?<=[.!?])\s+(?=[A-Z0-9])/);
}

/** The summary's first words, cut at a word boundary. */
export function derivedTitle(summary: string): string {
  const words = (sentencesOf(summary)[0] ?? summary).replace(/[.!?]$/, '').split(' ');
  const title = words.length > TITLE_WORDS ? `${words.slice(0, TITLE_WORDS).join(' ').replace(/[\s,;:]+$/, '')}…` : words.join(' ');
  return cutAtWord(title, TITLE_MAX_CHARS);
}

/** The summary's first sentences that fit the core-claim limit (at least the first, cut). */
export function derivedCoreClaim(summary: string): string {
  let claim = '';
  for (const sentence of sentencesOf(summary)) {
    if (claim.length > 0 && claim.length + sentence.length + 1 > CORE_CLAIM_MAX_CHARS) break;
    claim = claim.length === 0 ? sentence : `${claim} ${sentence}`;
    if (claim.length >= CORE_CLAIM_MAX_CHARS / 2) break;
  }
  return cutAtWord(claim, CORE_CLAIM_MAX_CHARS);
}

function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}
