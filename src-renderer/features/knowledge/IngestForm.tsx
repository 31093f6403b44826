// Adding documents to a collection from a folder (or one file). The path is typed, chosen with the
// native folder picker or dropped on the form (both only in the desktop app: a browser cannot
// reveal paths); "Allow this folder" records the scientist's permission, then the ingest runs in
// short slices with a live progress bar.
import { useId, useState, type FormEvent } from 'react';
import { HostError } from '../../api/cosci';
import { ErrorNotice } from '../../app/ErrorNotice';
import { ProgressBar } from '../../app/ProgressBar';
import { useAllowFolder, useIngest } from './api';
import { useFolderDrop, useFolderPicker } from './folderSource';
import { plural } from './format';

export function IngestForm({ collection }: { collection: string }) {
  const ids = useId();
  const [path, setPath] = useState('');
  const [recursive, setRecursive] = useState(true);
  const allow = useAllowFolder();
  const ingest = useIngest();
  const progress = ingest.progress;
  const denied = ingest.error instanceof HostError && ingest.error.code === 'PERMISSION_DENIED';
  const picker = useFolderPicker();
  const drop = useFolderDrop(setPath);
  const canPick = picker.info.data?.available === true;
  const choose = (): void => {
    picker.pick.mutate(undefined, {
      onSuccess: (picked) => {
        if (picked.path !== null) setPath(picked.path);
      },
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (path.trim() !== '') void ingest.start({ path: path.trim(), collection, recursive });
  };

  return (
    <form
      className="knowledge-ingest"
      onSubmit={submit}
      data-testid="knowledge-ingest"
      data-drop-active={drop.active ? 'true' : undefined}
      aria-labelledby={`${ids}-title`}
      {...drop.handlers}
    >
      <h3 id={`${ids}-title`}>Add documents</h3>
      <div className="field">
        <label htmlFor={`${ids}-path`}>Folder or file</label>
        <div className="knowledge-path-row">
          <input
            id={`${ids}-path`}
            data-testid="knowledge-ingest-path"
            value={path}
            onChange={(e) => setPath(e.target.value)}
            placeholder="/Users/you/papers"
            spellCheck={false}
            aria-describedby={`${ids}-hint`}
          />
          {canPick ? (
            <button type="button" className="button button-secondary" data-testid="knowledge-pick-folder" disabled={picker.pick.isPending} onClick={choose}>
              Choose folder…
            </button>
          ) : null}
        </div>
        <p id={`${ids}-hint`} className="hint">
          {canPick ? 'Choose a folder or drop one here. ' : ''}Markdown, text, PDF (with a text layer), HTML and BibTeX. Files already ingested are skipped unless they changed;
          files deleted from the folder leave the collection.
        </p>
        {picker.info.data?.available === false ? (
          <p className="hint" data-testid="knowledge-picker-unavailable">
            {picker.info.data.reason}
          </p>
        ) : null}
        {drop.problem !== null ? (
          <p className="hint knowledge-drop-problem" role="status" data-testid="knowledge-drop-problem">
            {drop.problem}
          </p>
        ) : null}
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
      {picker.pick.isError ? <ErrorNotice error={picker.pick.error} title="The folder picker did not open" testId="knowledge-pick-error" /> : null}
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
