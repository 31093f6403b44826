// The knowledge screen: collections (with the allowed folders) on the left; search and the
// selected collection on the right; a hypothesis citing a search result opens beside them.
import { useCallback, useState } from 'react';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useNavigation } from '../../app/navigation';
import { HypothesisSidePanel } from '../../common/hypotheses/HypothesisSidePanel';
import { AllowedFolders } from './AllowedFolders';
import { useKnowledgeCollections, useKnowledgeDocument, useKnowledgeEvents } from './api';
import { CollectionDetail } from './CollectionDetail';
import { plural } from './format';
import { NewCollectionForm } from './NewCollectionForm';
import { SearchPanel } from './SearchPanel';
import { Loading } from '../../app/Loading';
import '../../common/selectCard.css';
import '../../common/stackList.css';
import './knowledge.css';

export function KnowledgeView() {
  useKnowledgeEvents();
  const collections = useKnowledgeCollections();
  const [selected, setSelected] = useState<string | null>(null);
  const { location, navigate } = useNavigation();
  const openHypothesisId = location.hypothesisId ?? null;
  const documentId = location.documentId;
  // A document named in the address (a citation's link) opens in its own collection; choosing
  // another collection closes the document (below), so the choice then shows.
  const documentCollection = useKnowledgeDocument(documentId ?? null).data?.collection;
  const list = collections.data ?? [];
  const current = list.find((collection) => collection.name === (documentCollection ?? selected)) ?? list[0] ?? null;
  const closeHypothesis = useCallback((): void => navigate({ section: location.section, documentId }), [navigate, location.section, documentId]);

  return (
    <div className={`pane-layout knowledge-layout${openHypothesisId === null ? '' : ' has-side'}`} data-testid="knowledge-view">
      <section className="pane list-pane" aria-labelledby="knowledge-title">
        <div className="pane-header">
          <h1 id="knowledge-title">
            Knowledge base
            {collections.data ? (
              <span className="count" data-testid="knowledge-collection-count">
                {list.length}
              </span>
            ) : null}
          </h1>
        </div>
        <NewCollectionForm onCreated={setSelected} />
        {collections.isError ? (
          <ErrorNotice error={collections.error} title="Could not load the collections" onRetry={() => void collections.refetch()} testId="knowledge-error" />
        ) : collections.data === undefined ? (
          <Loading label="Loading collections" className="list-loading" shapes={['row']} />
        ) : list.length === 0 ? (
          <div className="empty-state" data-testid="knowledge-empty">
            <h2>No collections yet</h2>
            <p>
              A collection holds the papers, notes and references that ground your hypotheses. Name one above (project-specific literature can be linked to its
              project there), then add a folder of documents to it.
            </p>
          </div>
        ) : (
          <ul className="knowledge-collections stack-list" aria-label="Collections" data-testid="knowledge-collections">
            {list.map((collection) => (
              <li key={collection.id}>
                <button
                  type="button"
                  className="select-card project-item"
                  data-testid="knowledge-collection-item"
                  aria-current={collection.id === current?.id ? 'true' : undefined}
                  onClick={() => {
                    setSelected(collection.name);
                    // An open document belongs to the collection it was in.
                    if (documentId !== undefined) navigate({ section: location.section });
                  }}
                >
                  <span className="select-card-title">{collection.name}</span>
                  <span className="project-item-meta">
                    <span className="chip">{collection.collection_type}</span>
                    <span>{plural(collection.document_count, 'document')}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <AllowedFolders />
      </section>
      <div className="pane knowledge-main">
        <SearchPanel collections={list} />
        {current ? <CollectionDetail key={current.id} collection={current} onDeleted={() => setSelected(null)} /> : null}
      </div>
      {openHypothesisId !== null ? <HypothesisSidePanel hypothesisId={openHypothesisId} onClose={closeHypothesis} /> : null}
    </div>
  );
}
