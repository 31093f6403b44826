// The citations part of the Add hypothesis form: one row per reference (title, identifier, year),
// rows added and removed by the scientist. citationInput.ts turns the rows into the server's fields.
import { useId } from 'react';
import { EMPTY_CITATION, type CitationRow } from './citationInput';
import './citationFields.css';

const MAX_CITATIONS = 10;

export function CitationFields({ rows, onChange }: { rows: readonly CitationRow[]; onChange: (rows: CitationRow[]) => void }) {
  const id = useId();
  const set = (index: number, patch: Partial<CitationRow>): void => onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="citation-fields" data-testid="add-hypothesis-citations">
      <legend>Citations (optional)</legend>
      {rows.map((row, index) => (
        <div className="citation-row" key={index} data-testid="citation-row">
          <div className="field">
            <label htmlFor={`${id}-${index}-title`}>Title</label>
            <input id={`${id}-${index}-title`} value={row.title} onChange={(e) => set(index, { title: e.target.value })} data-testid="citation-title" />
          </div>
          <div className="field">
            <label htmlFor={`${id}-${index}-source`}>DOI, PMID, arXiv id or link</label>
            <input id={`${id}-${index}-source`} value={row.source} onChange={(e) => set(index, { source: e.target.value })} placeholder="e.g. 10.1038/nature12345" data-testid="citation-source" />
          </div>
          <div className="field field-narrow">
            <label htmlFor={`${id}-${index}-year`}>Year</label>
            <input id={`${id}-${index}-year`} inputMode="numeric" value={row.year} onChange={(e) => set(index, { year: e.target.value })} data-testid="citation-year" />
          </div>
          <button type="button" className="button button-secondary button-small" onClick={() => onChange(rows.filter((_, at) => at !== index))} aria-label={`Remove citation ${index + 1}`}>
            Remove
          </button>
        </div>
      ))}
      {rows.length < MAX_CITATIONS ? (
        <button type="button" className="button button-secondary button-small" onClick={() => onChange([...rows, EMPTY_CITATION])} data-testid="add-citation">
          Add a citation
        </button>
      ) : null}
      <p className="hint">References in your knowledge base are linked to their documents; others are marked unverified.</p>
    </fieldset>
  );
}
