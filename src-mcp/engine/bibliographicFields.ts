// A paper as every output names it — the JSON export's citations and references, the app's
// hypothesis view — so that a field added or renamed changes in one place.

/** What a citation or a merged reference says about its paper (snake_case, as the tools write it). */
export interface BibliographicSource {
  title: string;
  authors?: string | undefined;
  year?: number | undefined;
  venue?: string | undefined;
  doi?: string | undefined;
  pmid?: string | undefined;
  arxiv_id?: string | undefined;
  url?: string | undefined;
}

export interface BibliographicFields {
  title: string;
  authors: string | null;
  year: number | null;
  /** Journal, proceedings or publisher of the cited document (null when unknown). */
  venue: string | null;
  doi: string | null;
  pmid: string | null;
  arxiv_id: string | null;
  url: string | null;
}

/** Every field present, null where the source does not say: readers of the output never meet a missing key. */
export function bibliographicFields(source: BibliographicSource): BibliographicFields {
  return {
    title: source.title,
    authors: source.authors ?? null,
    year: source.year ?? null,
    venue: source.venue ?? null,
    doi: source.doi ?? null,
    pmid: source.pmid ?? null,
    arxiv_id: source.arxiv_id ?? null,
    url: source.url ?? null,
  };
}
