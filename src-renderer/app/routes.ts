// Every place in the app has an address: the URL's hash, `#/<section>?project=…&hypothesis=…`.
// A hash (not a path) because the web host serves one page with its token in the query string,
// and Electron loads a file; both keep the page and change only what follows `#`.
export interface AppLocation {
  /** A section id of the top bar, e.g. "projects", "inbox", "settings". */
  section: string;
  projectId?: string | undefined;
  hypothesisId?: string | undefined;
  checkpointId?: string | undefined;
  /** A knowledge-base document to show (a citation's source). */
  documentId?: string | undefined;
}

const FIELDS = [
  ['projectId', 'project'],
  ['hypothesisId', 'hypothesis'],
  ['checkpointId', 'checkpoint'],
  ['documentId', 'document'],
] as const satisfies ReadonlyArray<readonly [keyof AppLocation, string]>;

export function locationToHash(location: AppLocation): string {
  const params = new URLSearchParams();
  for (const [field, name] of FIELDS) {
    const value = location[field];
    if (value !== undefined && value !== '') params.set(name, value);
  }
  const query = params.toString();
  return `#/${encodeURIComponent(location.section)}${query === '' ? '' : `?${query}`}`;
}

/** The location a hash names, or null when it names none of `sections` (then the app starts at its home). */
export function hashToLocation(hash: string, sections: readonly string[]): AppLocation | null {
  const match = /^#\/([^?]*)(?:\?(.*))?$/.exec(hash);
  if (match === null) return null;
  const section = decodeURIComponent(match[1] ?? '');
  if (!sections.includes(section)) return null;
  const params = new URLSearchParams(match[2] ?? '');
  const location: AppLocation = { section };
  for (const [field, name] of FIELDS) {
    const value = params.get(name);
    if (value !== null && value !== '') location[field] = value;
  }
  return location;
}

export function sameLocation(a: AppLocation, b: AppLocation): boolean {
  return locationToHash(a) === locationToHash(b);
}
