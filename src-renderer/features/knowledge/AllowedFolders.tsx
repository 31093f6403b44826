// The folders ingestion may read. Only the scientist decides them, here in the app (adding
// documents from a folder allows it): assistants can ingest from these folders but cannot add any.
import type { KnowledgeRoots } from '../../../src-shared/routes/index';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useKnowledgeRoots, useRemoveFolder } from './api';
import '../../common/stackList.css';

export function AllowedFolders() {
  const roots = useKnowledgeRoots();
  const remove = useRemoveFolder();
  return (
    <section className="card knowledge-roots" aria-labelledby="knowledge-roots-title" data-testid="knowledge-roots">
      <h2 id="knowledge-roots-title">Allowed folders</h2>
      <p className="hint">Assistants can ingest documents from these folders only (and from their own workspace roots).</p>
      {roots.data ? <RootList roots={roots.data.roots} onRemove={(path) => remove.mutate(path)} busy={remove.isPending} /> : null}
      {roots.isError ? <ErrorNotice error={roots.error} title="Could not load the allowed folders" onRetry={() => void roots.refetch()} /> : null}
      {remove.isError ? <ErrorNotice error={remove.error} title="The folder was not removed" /> : null}
    </section>
  );
}

function RootList({ roots, onRemove, busy }: { roots: KnowledgeRoots['roots']; onRemove: (path: string) => void; busy: boolean }) {
  if (roots.length === 0) {
    return (
      <p className="muted" data-testid="knowledge-roots-empty">
        None yet. A folder you add documents from is allowed here.
      </p>
    );
  }
  return (
    <ul className="knowledge-root-list stack-list">
      {roots.map((root) => (
        <li key={root.path} data-testid="knowledge-root">
          <code title={`Allowed by ${root.added_by} on ${root.added_at}`}>{root.path}</code>
          <button type="button" className="button button-secondary button-small" disabled={busy} onClick={() => onRemove(root.path)} aria-label={`Remove ${root.path} from the allowed folders`}>
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}
