// Adding documents to a collection from a folder (or one file). The web host cannot open a native
// folder picker, so the path is typed; "Allow this folder" records the scientist's permission,
// then the ingest runs in short slices with a live progress bar.
import { useId, useState, type FormEvent } from 'react';
import { HostError } from '../../api/cosci';
import { ErrorNotice } from '../../app/ErrorNotice';
import { ProgressBar } from '../../app/ProgressBar';
import { useAllowFolder, useIngest } from './api';
import { plural } from './format';

export function IngestForm({ collection }: { collection: string }) {
  const ids = useId();
  const [path, setPath] = useState('');
  const [recursive, setRecursive] = useState(true);
  const allow = useAllowFolder();
  const ingest = useIngest();
  const progress = ingest.progress;
  const denied = ingest.error instanceof HostError && ingest.error.code === 'PERMISSION_DENIED';

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (path.trim() !== '') void ingest.start({ path: path.trim(), collection, recursive });
  };

  return (
    <form className="knowledge-ingest" onSubmit={submit} data-testid="knowledge-ingest" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>Add documents</h3>
      <div className="field">
        <label htmlFor={`${ids}-path`}>Folder or file</label>
        <input
          id={`${ids}-path`}
          data-testid="knowledge-ingest-path"
          value={path}
          onChange={(e) => setPath(e.target.value)}
          placeholder="/Users/you/papers"
          spellCheck={false}
          aria-describedby={`${ids}-hint`}
        />
        <p id={`${ids}-hint`} className="hint">
          Markdown, text, PDF (with a text layer), HTML and BibTeX. Files already ingested are skipped unless they changed.
        </p>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={recursive} onChange={(e) => setRecursive(e.target.checked)} data-testid="knowledge-ingest-recursive" />
        Include subfolders
      </label>
      <div className="form-actions form-actions-start">
        <button type="button" className="button button-secondary" data-testid="knowledge-allow-folder" disabled={path.trim() === '' || allow.isPending} onClick={() => allow.mutate(path.trim())}>
          Allow this folder
        </button>
        <button type="submit" className="button button-primary" data-testid="knowledge-ingest-start" disabled={path.trim() === '' || ingest.running}>
          {ingest.running ? 'Ingesting…' : 'Ingest'}
        </button>
        {ingest.running ? (
          <button type="button" className="button button-secondary" onClick={ingest.stop} data-testid="knowledge-ingest-stop">
            Stop
          </button>
        ) : null}
      </div>
      {allow.isSuccess ? (
        <p className="muted" role="status" data-testid="knowledge-allow-status">
          {allow.data.message}
        </p>
      ) : null}
      {allow.isError ? <ErrorNotice error={allow.error} title="The folder was not allowed" testId="knowledge-allow-error" /> : null}
      {ingest.error ? (
        <ErrorNotice error={ingest.error} title={denied ? 'Co-Scientist may not read this folder yet' : 'The ingest stopped'} testId="knowledge-ingest-error">
          {denied ? <p>Choose “Allow this folder” first, then ingest.</p> : null}
        </ErrorNotice>
      ) : null}
      {progress ? (
        <div className="knowledge-ingest-progress" data-testid="knowledge-ingest-progress" data-state={ingest.running ? 'running' : progress.status}>
          <ProgressBar value={progress.files_total === 0 ? 1 : progress.files_done / progress.files_total} label="Ingest progress" testId="knowledge-ingest-bar" />
          <p role="status" data-testid="knowledge-ingest-status">
            {ingest.running ? 'Ingesting' : progress.status === 'complete' ? 'Done' : 'Stopped'}: {progress.files_done}/{progress.files_total} files — {progress.added} added, {progress.updated} updated,{' '}
            {progress.unchanged} unchanged{progress.failed > 0 ? `, ${progress.failed} failed` : ''}
            {progress.removed > 0 ? `, ${progress.removed} removed (files no longer in the folder)` : ''}
            {progress.unsupported > 0 ? ` (${plural(progress.unsupported, 'file')} of other formats skipped)` : ''}.
          </p>
          {progress.problems.length > 0 ? (
            <ul className="knowledge-problems" data-testid="knowledge-ingest-problems">
              {progress.problems.map((problem) => (
                <li key={`${problem.path}:${problem.code}`}>
                  <code>{problem.path}</code> {problem.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
