// One knowledge-base document opened (issue 33 items 8 and 9): the paper as the exports cite it,
// where it came from, its first passages, and every hypothesis citing it, each opening in the
// hypothesis panel beside the knowledge base. A citation's link and a document row land here.
import type { KnowledgeDocumentDetail } from '../../../src-shared/routes/index';
import { ErrorNotice } from '../../app/ErrorNotice';
import { Loading } from '../../app/Loading';
import { useKnowledgeDocument } from './api';
import { baseName, identifierLabel, plural, size } from './format';
import { paperLine } from '../../common/format';
import { CitingHypothesisButton } from './CitedBy';

export function DocumentDetail({ documentId }: { documentId: string }) {
  const detail = useKnowledgeDocument(documentId);
  if (detail.isError) return <ErrorNotice error={detail.error} title="Could not open this document" onRetry={() => void detail.refetch()} testId="knowledge-document-error" />;
  if (detail.data === undefined) return <Loading label="Loading the document" className="skeleton skeleton-block" />;
  return <DocumentFacts document={detail.data} />;
}

function DocumentFacts({ document: d }: { document: KnowledgeDocumentDetail }) {
  const identifiers = identifierLabel({ doi: d.doi, pmid: d.pmid, arxiv_id: d.arxiv_id, url: d.url });
  return (
    <div className="knowledge-document-detail" data-testid="knowledge-document-detail" data-document-id={d.document_id}>
      <p className="knowledge-paper" data-testid="knowledge-document-paper">
        {paperLine({ title: d.title, authors: d.authors, year: d.year, venue: d.venue })}
        {identifiers ? <span className="muted"> · {identifiers}</span> : null}
      </p>
      <p className="muted">
        <span className="chip">{d.format}</span> {baseName(d.source)} · {d.collection} · {size(d.size_bytes)}
      </p>
      <CitingList document={d} />
      <h4>Passages</h4>
      {d.passages.length === 0 ? (
        <p className="muted">This document has no passages.</p>
      ) : (
        <ol className="knowledge-document-passages" data-testid="knowledge-document-passages">
          {d.passages.map((passage) => (
            <li key={passage.seq}>
              {passage.header_path ? <p className="muted knowledge-passage-path">{passage.header_path}</p> : null}
              <p className={passage.content_type === 'prose' ? 'knowledge-passage' : 'knowledge-passage knowledge-passage-pre'}>{passage.content}</p>
            </li>
          ))}
        </ol>
      )}
      {d.passage_total > d.passages.length ? <p className="muted">The first {d.passages.length} of {plural(d.passage_total, 'passage')}; search to find the others.</p> : null}
    </div>
  );
}

function CitingList({ document: d }: { document: KnowledgeDocumentDetail }) {
  const { total, hypotheses } = d.cited_by;
  if (total === 0) {
    return (
      <p className="muted" data-testid="knowledge-document-cited-none">
        No hypothesis cites this document yet.
      </p>
    );
  }
  return (
    <div className="knowledge-cited-by" data-testid="knowledge-document-cited-by">
      <span className="muted">Cited by {plural(total, 'hypothesis', 'hypotheses')}</span>
      <ul>
        {hypotheses.map((h) => (
          <li key={h.id}>
            <CitingHypothesisButton hypothesis={h} documentId={d.document_id} />
          </li>
        ))}
      </ul>
      {total > hypotheses.length ? <span className="muted">and {total - hypotheses.length} more (the first {hypotheses.length} are listed)</span> : null}
    </div>
  );
}
