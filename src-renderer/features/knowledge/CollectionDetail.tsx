// One collection: what it holds, the projects it is linked to, adding documents to it, and deleting it (asked twice, since
// content added by assistants cannot be re-ingested from disk).
import { useEffect, useRef, useState } from 'react';
import type { KnowledgeCollection } from '../../../src-shared/routes/index';
import { useProjects } from '../../api/queries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useNavigation } from '../../app/navigation';
import { DocumentDetail } from './DocumentDetail';
import { useCollectionDocuments, useDeleteCollection } from './api';
import { CollectionLinks } from './CollectionLinks';
import { baseName, identifierLabel, plural, size } from './format';
import { IngestForm } from './IngestForm';
import { Loading } from '../../app/Loading';
import '../../common/stackList.css';

export function CollectionDetail({ collection, onDeleted }: { collection: KnowledgeCollection; onDeleted: () => void }) {
  // Linked projects by their goals, the scientist's name for them (an id until the list has loaded).
  const projects = useProjects().data?.projects ?? [];
  const linked = collection.linked_projects.map((id) => projects.find((project) => project.id === id)?.goal ?? id);
  return (
    <section className="card knowledge-collection" data-testid="knowledge-collection" aria-labelledby="knowledge-collection-title">
      <header className="split-header">
        <div>
          <h2 id="knowledge-collection-title" data-testid="knowledge-collection-name">
            {collection.name}
          </h2>
          <p className="muted" data-testid="knowledge-collection-stats">
            {collection.collection_type === 'fundamental' ? 'Fundamental' : 'Project-specific'} · {plural(collection.document_count, 'document')} ·{' '}
            {plural(collection.chunk_count, 'passage')} · {size(collection.size_bytes)}
            {linked.length > 0 ? ` · linked to ${linked.join('; ')}` : ''}
          </p>
          {collection.description ? <p>{collection.description}</p> : null}
        </div>
        <DeleteCollection name={collection.name} documents={collection.document_count} onDeleted={onDeleted} />
      </header>
      <CollectionLinks collection={collection} />
      <IngestForm key={collection.name} collection={collection.name} />
      <DocumentList collection={collection.name} />
    </section>
  );
}

/**
 * The collection's documents; a row opens its details beneath it, and the open one (a citation's
 * link names it in the address) is scrolled into view and highlighted.
 */
function DocumentList({ collection }: { collection: string }) {
  const documents = useCollectionDocuments(collection);
  const { location, navigate } = useNavigation();
  const openId = location.documentId ?? null;
  const openRow = useRef<HTMLLIElement>(null);
  const list = documents.data?.documents;
  const openListed = openId !== null && list?.some((document) => document.document_id === openId) === true;
  useEffect(() => {
    if (openId !== null) openRow.current?.scrollIntoView({ block: 'start' });
  }, [openId, openListed]);
  if (documents.isError) return <ErrorNotice error={documents.error} title="Could not load the documents" onRetry={() => void documents.refetch()} />;
  if (!list) return <Loading label="Loading documents" className="skeleton skeleton-block" />;
  if (list.length === 0) {
    return (
      <p className="empty-state" data-testid="knowledge-documents-empty">
        No documents yet. Add a folder of papers above, or ask your assistant to add the papers it finds to this collection.
      </p>
    );
  }
  const toggle = (documentId: string): void => navigate({ section: location.section, ...(openId === documentId ? {} : { documentId }) });
  return (
    <section aria-labelledby="knowledge-documents-title">
      <h3 id="knowledge-documents-title">Documents</h3>
      <ul className="knowledge-documents stack-list" data-testid="knowledge-documents">
        {openId !== null && !openListed ? (
          // Opened by a link but beyond the first page of the list: shown first.
          <li className="knowledge-document is-open" data-testid="knowledge-document" data-document-id={openId} ref={openRow}>
            <DocumentDetail documentId={openId} />
          </li>
        ) : null}
        {list.map((document) => {
          const open = document.document_id === openId;
          return (
            <li
              key={document.document_id}
              className={open ? 'knowledge-document is-open' : 'knowledge-document'}
              data-testid="knowledge-document"
              data-document-id={document.document_id}
              ref={open ? openRow : undefined}
            >
              <button
                type="button"
                className="knowledge-document-open"
                data-testid="knowledge-document-open"
                aria-expanded={open}
                aria-current={open ? 'true' : undefined}
                onClick={() => toggle(document.document_id)}
              >
                <span className="knowledge-document-title">{document.title}</span>
                <span className="muted knowledge-document-meta">
                  <span className="chip">{document.format}</span> {baseName(document.source)} · {plural(document.chunk_count, 'passage')}
                  {identifierLabel(document.identifiers) ? ` · ${identifierLabel(document.identifiers)}` : ''}
                </span>
              </button>
              {open ? <DocumentDetail documentId={document.document_id} /> : null}
            </li>
          );
        })}
      </ul>
      {documents.data?.next_cursor ? <p className="muted">Showing the first {list.length} documents.</p> : null}
    </section>
  );
}

function DeleteCollection({ name, documents, onDeleted }: { name: string; documents: number; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteCollection();
  if (!confirming) {
    return (
      <button type="button" className="button button-secondary" data-testid="knowledge-delete" onClick={() => setConfirming(true)}>
        Delete…
      </button>
    );
  }
  return (
    <div className="notice notice-warning knowledge-confirm" role="alertdialog" aria-label={`Delete ${name}?`}>
      <p>
        Delete “{name}” and its {plural(documents, 'document')} from the knowledge base? Files on disk stay; text added by assistants is lost.
      </p>
      <div className="form-actions form-actions-start">
        <button type="button" className="button button-danger" data-testid="knowledge-delete-confirm" disabled={remove.isPending} onClick={() => remove.mutate(name, { onSuccess: onDeleted })}>
          Delete
        </button>
        <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
          Keep it
        </button>
      </div>
      {remove.isError ? <ErrorNotice error={remove.error} title="The collection was not deleted" /> : null}
    </div>
  );
}
