// One collection: what it holds, the projects it is linked to, adding documents to it, and deleting it (asked twice, since
// content added by assistants cannot be re-ingested from disk).
import { useState } from 'react';
import type { KnowledgeCollection } from '../../../src-shared/routes/index';
import { useProjects } from '../../api/queries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useCollectionDocuments, useDeleteCollection } from './api';
import { CollectionLinks } from './CollectionLinks';
import { baseName, identifierLabel, plural, size } from './format';
import { IngestForm } from './IngestForm';
import { Loading } from '../../app/Loading';

export function CollectionDetail({ collection, onDeleted }: { collection: KnowledgeCollection; onDeleted: () => void }) {
  // Linked projects by their goals, the scientist's name for them (an id until the list has loaded).
  const projects = useProjects().data?.projects ?? [];
  const linked = collection.linked_projects.map((id) => projects.find((project) => project.id === id)?.goal ?? id);
  return (
    <section className="card knowledge-collection" data-testid="knowledge-collection" aria-labelledby="knowledge-collection-title">
      <header className="knowledge-collection-header">
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

function DocumentList({ collection }: { collection: string }) {
  const documents = useCollectionDocuments(collection);
  if (documents.isError) return <ErrorNotice error={documents.error} title="Could not load the documents" onRetry={() => void documents.refetch()} />;
  if (!documents.data) return <Loading label="Loading documents" className="skeleton skeleton-block" />;
  const list = documents.data.documents;
  if (list.length === 0) {
    return (
      <p className="empty-state" data-testid="knowledge-documents-empty">
        No documents yet. Add a folder of papers above, or ask your assistant to add the papers it finds to this collection.
      </p>
    );
  }
  return (
    <section aria-labelledby="knowledge-documents-title">
      <h3 id="knowledge-documents-title">Documents</h3>
      <ul className="knowledge-documents" data-testid="knowledge-documents">
        {list.map((document) => (
          <li key={document.document_id} className="knowledge-document" data-testid="knowledge-document">
            <span className="knowledge-document-title">{document.title}</span>
            <span className="muted knowledge-document-meta">
              <span className="chip">{document.format}</span> {baseName(document.source)} · {plural(document.chunk_count, 'passage')}
              {identifierLabel(document.identifiers) ? ` · ${identifierLabel(document.identifiers)}` : ''}
            </span>
          </li>
        ))}
      </ul>
      {documents.data.next_cursor ? <p className="muted">Showing the first {list.length} documents.</p> : null}
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
