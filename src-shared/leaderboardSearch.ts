// What get_leaderboard's `search` matches and how `summary_chars` cuts a board row's summary. The
// app's search over loaded rows (src-renderer/features/leaderboard/leaderboardModel.ts) matches the
// same way; the dependency rules keep the renderer from importing this module, so it has its own
// few lines, and test/e2e/web/leaderboardSearch.spec.ts checks the two give the same rows.

export interface Searchable {
  number: number;
  id: string;
  summary: string;
}

/** Lower-cased text a search matches against: "h12", the id and the summary. */
export function searchText(row: Searchable): string {
  return `h${row.number} ${row.id} ${row.summary}`.toLowerCase();
}

/** A search's terms: whitespace-separated, lower-cased; every one must occur ("h12", "stellate collagen"). */
export function searchTerms(search: string): string[] {
  return search.toLowerCase().split(/\s+/).filter((term) => term !== '');
}

export function matchesTerms(text: string, terms: readonly string[]): boolean {
  return terms.every((term) => text.includes(term));
}

/**
 * Marks a summary cut by summaryPrefix; the full text is one get_hypothesis away. Three ASCII dots,
 * not "…": a board page of ASCII summaries then stays ASCII end to end, which keeps the server's
 * frame on its narrow path (src-mcp/runtime/frameEncoding.ts) and the browser's decode of a page on
 * its ASCII fast path (issue 17: 0.64 ms instead of 1.49 ms per 1,000-row page). The app shows the
 * mark as "…" (src-renderer/features/leaderboard/leaderboardModel.ts, rowsOf).
 */
export const CUT_MARK = '...';

/**
 * The summary's first `chars` characters or fewer, ending at a word boundary and marked with
 * CUT_MARK when anything was left out; a summary that fits is returned unchanged.
 */
export function summaryPrefix(summary: string, chars: number): string {
  if (summary.length <= chars) return summary;
  const cut = summary.slice(0, Math.max(1, chars - CUT_MARK.length));
  const lastSpace = cut.lastIndexOf(' ');
  // A single long word is cut inside it rather than dropped.
  const words = lastSpace > cut.length / 2 ? cut.slice(0, lastSpace) : cut;
  return `${words.trimEnd()}${CUT_MARK}`;
}
