// Small text helpers for the report formats: every export trims model-written prose to a budget
// the same way, so a one-page format stays one page however long the hypotheses are.
import { wordCount } from '../schemas.js';

/** Collapses runs of whitespace (including newlines) so a field fits one Markdown/BibTeX line. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Splits prose into sentences; abbreviations may split early, which only shortens an excerpt. */
export function sentences(text: string): string[] {
  return oneLine(text)
    .split(/(?<=[.!?])\s+(?=[A-Z0-9("“'[])/)
    .filter((sentence) => sentence.length > 0);
}

export function truncateWords(text: string, maxWords: number): string {
  const words = oneLine(text).split(' ').filter((word) => word.length > 0);
  if (words.length <= maxWords) return words.join(' ');
  return `${words.slice(0, maxWords).join(' ').replace(/[,;:.]+$/, '')}…`;
}

/** Whole sentences up to `maxWords`; a first sentence longer than the budget is cut with an ellipsis. */
export function firstSentences(text: string, maxWords: number): string {
  const picked: string[] = [];
  let used = 0;
  for (const sentence of sentences(text)) {
    const words = wordCount(sentence);
    if (used + words > maxWords) break;
    picked.push(sentence);
    used += words;
  }
  return picked.length > 0 ? picked.join(' ') : truncateWords(text, maxWords);
}

/** "Increases X" → "increases X", for splicing a sentence into a template; acronyms stay as written. */
export function lowerFirst(text: string): string {
  const trimmed = text.trim();
  if (/^[A-Z][a-z]/.test(trimmed)) return trimmed.charAt(0).toLowerCase() + trimmed.slice(1);
  return trimmed;
}

export function withoutFinalPeriod(text: string): string {
  return text.trim().replace(/[.\s]+$/, '');
}

export function formatElo(elo: number): string {
  return String(Math.round(elo));
}

/** Bradley–Terry strengths are compared by ratio, so three significant digits is enough and stable. */
export function formatScore(value: number): string {
  return Number(value.toPrecision(3)).toString();
}

export function formatCi(ci: [number, number] | null): string {
  return ci === null ? 'n/a' : `${formatScore(ci[0])}–${formatScore(ci[1])}`;
}

/** "1 match", "2 matches": counts in reports read as prose. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
