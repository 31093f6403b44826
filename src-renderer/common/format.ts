// How project facts read in the GUI. Pure functions, so every view says the same thing.
import type { ProjectStatus } from '../../src-shared/routes/index';

const STATUS_LABELS: Record<ProjectStatus, string> = {
  initializing: 'Initializing',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
};

export function statusLabel(status: ProjectStatus): string {
  return STATUS_LABELS[status];
}

/** `progress` is a 0..1 fraction; shown as a whole percentage. */
export function percent(progress: number): number {
  return Math.round(Math.min(1, Math.max(0, progress)) * 100);
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday"; "just now" under a minute. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const seconds = Math.round((at - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** Full local date and time, for tooltips and detail views. */
export function dateTime(iso: string): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function duration(minutes: number | null): string {
  if (minutes === null) return 'Not estimated yet';
  if (minutes <= 0) return 'Done';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `about ${m} min`;
  return m === 0 ? `about ${h} h` : `about ${h} h ${m} min`;
}

/**
 * A paper as the exports cite it (engine/exports/markdown.ts referenceLine): "Authors (Year). Title.
 * Venue." — the parts the knowledge base knows, the rest left out.
 */
export function paperLine(paper: { title: string; authors: string | null; year: number | string | null; venue: string | null }): string {
  const authors = paper.authors?.trim() ? `${paper.authors.trim()} ` : '';
  const year = paper.year !== null && String(paper.year).trim() !== '' ? `(${String(paper.year).trim()}). ` : '';
  const title = paper.title.trim().replace(/\.$/, '');
  const venue = paper.venue?.trim() ? ` ${paper.venue.trim().replace(/\.$/, '')}.` : '';
  return `${authors}${year}${title}.${venue}`;
}

/** The text as it is, or cut to `maxChars` with its last character an ellipsis: a goal that fits a menu. */
export function clipped(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}
