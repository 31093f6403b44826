// Which research projects a collection grounds, changed here after it was made (issue 18 items 12
// and 13): each linked project with Unlink, and Link to another. A project searches its linked
// collections by default. The change goes through manage_collections, so it is audited; a failure
// says, in the scientist's words, what is gone and what to do (knowledge.handlers.ts).
import { useId, useState } from 'react';
import type { KnowledgeCollection } from '../../../src-shared/routes/index';
import { useProjects } from '../../api/queries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useLinkCollection } from './api';

export function CollectionLinks({ collection }: { collection: KnowledgeCollection }) {
  const ids = useId();
  const projects = useProjects().data?.projects ?? [];
  const link = useLinkCollection();
  const [choice, setChoice] = useState('');
  const goalOf = (id: string): string => projects.find((project) => project.id === id)?.goal ?? id;
  const linkable = projects.filter((project) => !collection.linked_projects.includes(project.id));
  const change = (researchId: string, linked: boolean): void =>
    link.mutate({ name: collection.name, research_id: researchId, linked }, { onSuccess: () => setChoice('') });
  return (
    <section className="knowledge-links" aria-labelledby={`${ids}-title`} data-testid="knowledge-links">
      <h3 id={`${ids}-title`}>Linked projects</h3>
      {collection.linked_projects.length === 0 ? (
        <p className="muted" data-testid="knowledge-links-none">
          Not linked to a project. A project searches its linked collections, or every collection when it has none linked.
        </p>
      ) : (
        <ul className="knowledge-link-list">
          {collection.linked_projects.map((id) => (
            <li key={id} data-testid="knowledge-link" data-research-id={id}>
              <span>{goalOf(id)}</span>
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={link.isPending}
                onClick={() => change(id, false)}
                aria-label={`Unlink from “${goalOf(id)}”`}
                data-testid="knowledge-unlink"
              >
                Unlink
              </button>
            </li>
          ))}
        </ul>
      )}
      {linkable.length > 0 ? (
        <form
          className="knowledge-link-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (choice !== '') change(choice, true);
          }}
        >
          <label htmlFor={`${ids}-project`}>Link to a project</label>
          <select id={`${ids}-project`} value={choice} onChange={(event) => setChoice(event.target.value)} data-testid="knowledge-link-project">
            <option value="">Choose a project…</option>
            {linkable.map((project) => (
              <option key={project.id} value={project.id}>
                {project.goal}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-secondary" disabled={choice === '' || link.isPending} data-testid="knowledge-link-submit">
            Link
          </button>
        </form>
      ) : null}
      {link.isError ? <ErrorNotice error={link.error} title="The link was not changed" testId="knowledge-link-error" /> : null}
      {link.isSuccess ? (
        <p className="muted" role="status" data-testid="knowledge-link-status">
          {link.variables.linked ? 'Linked to' : 'Unlinked from'} “{goalOf(link.variables.research_id)}”{link.data.changed ? '.' : ' already; nothing changed.'}
        </p>
      ) : null}
    </section>
  );
}
