// A citation as the scientist types it in the Add hypothesis form: a title, one identifier field
// that takes a DOI, a PMID, an arXiv id or a web address, and an optional year. This only sorts the
// identifier into the field the server expects; the server checks every field and looks the
// citation up in the knowledge base (unmatched ones are marked unverified, as for an assistant's).

export interface CitationRow {
  title: string;
  source: string;
  year: string;
}

export const EMPTY_CITATION: CitationRow = { title: '', source: '', year: '' };

export interface CitationInput {
  title: string;
  doi?: string;
  pmid?: string;
  arxiv_id?: string;
  url?: string;
  year?: number;
}

const DOI = /\b(10\.\d{4,9}\/\S+)$/i;
const PMID = /^(?:pmid:?\s*)?(\d{1,9})$/i;
const ARXIV = /^(?:arxiv:\s*)?(\d{4}\.\d{4,5}(?:v\d+)?)$/i;

/** The identifier field as the server's citation field: DOI (also as a doi.org link), PMID, arXiv id, else a web address. */
export function citationSource(source: string): Omit<CitationInput, 'title' | 'year'> {
  const text = source.trim();
  if (text === '') return {};
  const doi = DOI.exec(text.replace(/^https?:\/\/(?:dx\.)?doi\.org\//i, '').replace(/^doi:\s*/i, ''));
  if (doi?.[1] !== undefined) return { doi: doi[1] };
  const pmid = PMID.exec(text);
  if (pmid?.[1] !== undefined) return { pmid: pmid[1] };
  const arxiv = ARXIV.exec(text);
  if (arxiv?.[1] !== undefined) return { arxiv_id: arxiv[1] };
  return { url: text };
}

/** Rows with anything typed in them, as citations; a row with only an identifier still needs its title (the server says so). */
export function citationsOf(rows: readonly CitationRow[]): CitationInput[] {
  return rows
    .filter((row) => row.title.trim() !== '' || row.source.trim() !== '' || row.year.trim() !== '')
    .map((row) => {
      const year = Number(row.year.trim());
      return {
        title: row.title.trim(),
        ...citationSource(row.source),
        ...(row.year.trim() !== '' && Number.isInteger(year) ? { year } : {}),
      };
    });
}
