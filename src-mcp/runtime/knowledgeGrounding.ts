// Connects the research workflow to the knowledge base: work items carry the most relevant passages
// of the project's literature, and a citation counts as verified only when it resolves to a
// document this project was actually given to read.
import type { Db } from '../store/database.js';
import type { Citation } from '../engine/schemas.js';
import type { CitationVerifier } from '../engine/hypotheses.js';
import { groundingSnippets, resolveCitation } from '../knowledge/grounding.js';
import type { GroundingSource } from '../reasoners/workItems.js';

export function knowledgeGrounding(db: Db): GroundingSource {
  return async (projectId, query, limit) => {
    let snippets;
    try {
      snippets = await groundingSnippets(db, { researchId: projectId, query, limit });
    } catch (error) {
      // Literature makes a work item better, but its absence must never block the work itself.
      console.error('[co-scientist] knowledge search for grounding failed:', (error as Error).message);
      return [];
    }
    return snippets.map((snippet) => {
      const identifier = snippet.identifiers.doi ? `doi:${snippet.identifiers.doi}` : snippet.identifiers.pmid ? `PMID:${snippet.identifiers.pmid}` : snippet.identifiers.arxivId ? `arXiv:${snippet.identifiers.arxivId}` : (snippet.identifiers.url ?? undefined);
      return {
        document_id: snippet.documentId,
        title: snippet.title,
        ...(identifier === undefined ? {} : { identifier }),
        ...(snippet.headerPath === '' ? {} : { header_path: snippet.headerPath }),
        content: snippet.content,
      };
    });
  };
}

export function knowledgeVerifier(db: Db): (projectId: string) => CitationVerifier {
  return (projectId) => async (citation: Citation) =>
    (await resolveCitation(db, { document_id: citation.document_id, doi: citation.doi, pmid: citation.pmid, arxiv_id: citation.arxiv_id, url: citation.url, title: citation.title }, { researchId: projectId })).verified;
}
