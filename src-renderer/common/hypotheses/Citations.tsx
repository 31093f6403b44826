// A hypothesis's or review's citations, each linked to its source: the knowledge-base document it
// resolves to (when the scientist ingested it) and its DOI, PubMed or arXiv page. Citations not
// backed by a document this project read are marked unverified: the assistant may have cited
// from memory. A citation of a knowledge-base document reads as that paper (authors, year, title,
// venue), as the exports print it.
import type { CitationView } from '../../../src-shared/routes/index';
import { useNavigation } from '../../app/navigation';
import { paperLine } from '../format';
import '../stackList.css';

function safeUrl(url: string | null): string | null {
  if (url === null) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  );
}

export function Citations({ citations }: { citations: readonly CitationView[] }) {
  const { navigate } = useNavigation();
  if (citations.length === 0) return <p className="muted">No citations.</p>;
  return (
    <ul className="citations stack-list" data-testid="citations">
      {citations.map((citation, index) => {
        const url = safeUrl(citation.url);
        return (
          <li key={index} className="citation" data-testid="citation" data-verified={citation.verified}>
            {/* The paper as the exports cite it: the knowledge base's own metadata when it has the document. */}
            <p className="citation-paper" data-testid="citation-paper">
              {paperLine(citation)}
            </p>
            <p className="citation-links">
              {citation.verified ? (
                <span className="badge badge-completed" title="Resolves to a knowledge-base document this project read">
                  verified
                </span>
              ) : (
                <span className="badge badge-initializing" data-testid="citation-unverified" title="Not found among the knowledge-base documents this project read">
                  unverified
                </span>
              )}
              {citation.document_id !== null ? (
                <button type="button" className="link-button" data-testid="citation-document" onClick={() => navigate({ section: 'knowledge', documentId: citation.document_id ?? undefined })}>
                  In your knowledge base: {citation.document_title ?? citation.document_id}
                </button>
              ) : null}
              {citation.doi ? <ExternalLink href={`https://doi.org/${encodeURI(citation.doi)}`}>{`doi:${citation.doi}`}</ExternalLink> : null}
              {citation.pmid ? <ExternalLink href={`https://pubmed.ncbi.nlm.nih.gov/${encodeURIComponent(citation.pmid)}/`}>{`PMID ${citation.pmid}`}</ExternalLink> : null}
              {citation.arxiv_id ? <ExternalLink href={`https://arxiv.org/abs/${encodeURIComponent(citation.arxiv_id)}`}>{`arXiv:${citation.arxiv_id}`}</ExternalLink> : null}
              {url ? <ExternalLink href={url}>link</ExternalLink> : null}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
