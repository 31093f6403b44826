// The short title a hypothesis is shown by. The server gives every hypothesis a `title` (newer
// servers); until a row carries one, its summary's first sentence stands in, cut to a title's
// length. One function, so every view names a hypothesis the same way.

const TITLE_CHARS = 90;
/** Full stops that do not end a sentence in scientific prose. */
const ABBREVIATION = /(?:\b(?:e\.g|i\.e|et al|cf|vs|approx|fig|ca|no)|\b[A-Za-z])$/i;

export interface Titled {
  title?: string | null | undefined;
  summary: string;
}

export function hypothesisTitle(h: Titled): string {
  const given = h.title?.trim();
  if (given) return given;
  const firstSentence = firstSentenceOf(h.summary.trim());
  return firstSentence.length > TITLE_CHARS ? `${firstSentence.slice(0, TITLE_CHARS - 1).trimEnd()}…` : firstSentence;
}

function firstSentenceOf(text: string): string {
  for (const end of text.matchAll(/[.!?](?=\s+\S|$)/g)) {
    const before = text.slice(0, end.index);
    if (end[0] === '.' && ABBREVIATION.test(before)) continue;
    return text.slice(0, end.index + 1);
  }
  return text;
}
