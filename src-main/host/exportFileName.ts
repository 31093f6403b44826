// The name an exported file is saved under (issue 33 item 15): the project's goal and the day of
// the export, which a scientist recognises in their Downloads folder, rather than its opaque id.
// Only ASCII letters, digits and hyphens: safe on every file system and in every shell.

/** A goal cut to this many characters (at a word) keeps names readable in a file dialog. */
const MAX_TITLE_CHARS = 60;

/** "Find novel targets for liver fibrosis" → "find-novel-targets-for-liver-fibrosis"; "" when nothing safe is left. */
export function fileNameTitle(goal: string): string {
  const words = goal
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
  let title = '';
  for (const word of words) {
    const next = title === '' ? word : `${title}-${word}`;
    if (next.length > MAX_TITLE_CHARS) return title === '' ? word.slice(0, MAX_TITLE_CHARS) : title;
    title = next;
  }
  return title;
}

/** The local calendar day, YYYY-MM-DD (the day the scientist saved the file). */
export function fileNameDate(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/**
 * `<goal>-<YYYY-MM-DD><suffix>`, e.g. "find-novel-targets-for-liver-fibrosis-2026-11-28.bib"; a goal
 * with nothing safe to show (all punctuation or another script) falls back to the project's id.
 */
export function exportFileName(project: { researchId: string; goal: string | null }, at: Date, suffix: string): string {
  const title = project.goal === null ? '' : fileNameTitle(project.goal);
  return `${title === '' ? project.researchId : title}-${fileNameDate(at)}${suffix}`;
}
