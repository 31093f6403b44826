// Searching the knowledge base as an assistant does (query_knowledge_base), with the matched
// terms highlighted, the server's advice when the query is too broad or unclear, and under each
// result the hypotheses citing its source, which open in the hypothesis panel.
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { KnowledgeCollection } from '../../../src-shared/routes/index';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useCitingHypotheses, useKnowledgeSearch } from './api';
import { CitedBy } from './CitedBy';
import { identifierLabel } from './format';
import { Highlighted } from './Highlighted';
import '../../common/stackList.css';

const ALL = '';
/** The two best relevance labels in the colours of the app's badges; the others stay plain. */
const RELEVANCE_BADGES: Readonly<Record<string, string>> = { 'Highly Relevant': 'badge-completed', Relevant: 'badge-active' };

export function SearchPanel({ collections }: { collections: KnowledgeCollection[] }) {
  const ids = useId();
  const [query, setQuery] = useState('');
  const [scope, setScope] = useState(ALL);
  const search = useKnowledgeSearch();

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (query.trim() === '') return;
    search.mutate({ query: query.trim(), top_k: 10, ...(scope === ALL ? {} : { collections: [scope] }) });
  };
  const refinement = search.data?.query_refinement;
  const documentIds = useMemo(() => [...new Set((search.data?.results ?? []).map((result) => result.metadata.document_id))].slice(0, 20), [search.data]);
  const citedBy = useCitingHypotheses(documentIds);

  return (
    <section className="card knowledge-search" aria-labelledby={`${ids}-title`} data-testid="knowledge-search">
      <h2 id={`${ids}-title`}>Search</h2>
      <form className="knowledge-search-form" role="search" onSubmit={submit}>
        <label className="visually-hidden" htmlFor={`${ids}-query`}>
          Search the knowledge base
        </label>
        <input
          id={`${ids}-query`}
          type="search"
          data-testid="knowledge-search-input"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Key concepts, e.g. TGF-beta stellate cell activation"
        />
        <label className="visually-hidden" htmlFor={`${ids}-scope`}>
          Collections to search
        </label>
        <select id={`${ids}-scope`} data-testid="knowledge-search-scope" value={scope} onChange={(e) => setScope(e.target.value)}>
          <option value={ALL}>All collections</option>
          {collections.map((collection) => (
            <option key={collection.id} value={collection.name}>
              {collection.name}
            </option>
          ))}
        </select>
        <button type="submit" className="button button-primary" data-testid="knowledge-search-submit" disabled={search.isPending}>
          {search.isPending ? 'Searching…' : 'Search'}
        </button>
      </form>
      {search.isError ? <ErrorNotice error={search.error} title="The search failed" testId="knowledge-search-error" /> : null}
      {refinement && refinement.status !== 'optimal' ? (
        <div className="notice notice-warning" data-testid="knowledge-refinement" data-status={refinement.status}>
          <p>{refinement.message}</p>
          {refinement.suggestions.length > 0 ? <p className="muted">Try: {refinement.suggestions.join(', ')}</p> : null}
        </div>
      ) : null}
      {search.data ? (
        search.data.results.length === 0 ? (
          <p className="muted" data-testid="knowledge-no-results">
            No passages found.
          </p>
        ) : (
          <ol className="knowledge-results stack-list" data-testid="knowledge-results">
            {search.data.results.map((result, index) => (
              <li key={`${result.metadata.document_id}-${index}`} className="knowledge-result" data-testid="knowledge-result">
                <div className="knowledge-result-head">
                  <strong data-testid="knowledge-result-title">{result.metadata.document_title}</strong>
                  {result.header_path ? <span className="muted"> › {result.header_path}</span> : null}
                  <span className={`chip relevance ${RELEVANCE_BADGES[result.relevance_label] ?? ''}`} title={`Relevance score ${result.relevance_score.toFixed(2)}`}>
                    {result.relevance_label}
                  </span>
                </div>
                <p className={result.metadata.content_type === 'prose' ? 'knowledge-passage' : 'knowledge-passage knowledge-passage-pre'} data-testid="knowledge-result-content">
                  <Highlighted text={result.content} ranges={result.highlights} />
                </p>
                <p className="muted knowledge-result-source">
                  {result.source_document} · {result.metadata.collection}
                  {identifierLabel(result.metadata.identifiers) ? ` · ${identifierLabel(result.metadata.identifiers)}` : ''}
                </p>
                <CitedBy cited={citedBy.data?.get(result.metadata.document_id)} loading={citedBy.isPending} />
              </li>
            ))}
          </ol>
        )
      ) : null}
    </section>
  );
}
