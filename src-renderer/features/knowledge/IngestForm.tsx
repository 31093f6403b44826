// Adding documents to a collection from a folder (or one file), as one flow (issue 18 item 12): the
// path is typed, chosen with the native folder picker or dropped on the form (both only in the
// desktop app: a browser cannot reveal paths); "Add documents" allows the folder (choosing it here
// is the scientist's permission; assistants may then read it too) and ingests it in short slices
// with a live progress bar.
import { useId, useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../app/ErrorNotice';
import { ProgressBar } from '../../app/ProgressBar';
import { useIngest } from './api';
import { useFolderDrop, useFolderPicker } from './folderSource';
import { plural } from './format';
import '../../common/stackList.css';

export function IngestForm({ collection }: { collection: string }) {
  const ids = useId();
  const [path, setPath] = useState('');
  const [recursive, setRecursive] = useState(true);
  const ingest = useIngest();
  const progress = ingest.progress;
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
          {canPick ? 'Choose a folder or drop one here. ' : ''}Markdown, text, PDF (with a text layer), HTML and BibTeX. Adding a folder also lets your assistants
          read it (see Allowed folders). Files already added are skipped unless they changed; files deleted from the folder leave the collection.
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
        <button type="submit" className="button button-primary" data-testid="knowledge-ingest-start" disabled={path.trim() === '' || ingest.running}>
          {ingest.running ? 'Adding…' : 'Add documents'}
        </button>
        {ingest.running ? (
          <button type="button" className="button button-secondary" onClick={ingest.stop} data-testid="knowledge-ingest-stop">
            Stop
          </button>
        ) : null}
      </div>
      {picker.pick.isError ? <ErrorNotice error={picker.pick.error} title="The folder picker did not open" testId="knowledge-pick-error" /> : null}
      {ingest.error ? (
        <ErrorNotice error={ingest.error} title={progress === null ? 'No documents were added' : 'Adding documents stopped'} testId="knowledge-ingest-error">
          {progress === null ? <p>Check the folder or file path above, then choose “Add documents” again.</p> : <p>What was added so far stays; “Add documents” again continues where it stopped.</p>}
        </ErrorNotice>
      ) : null}
      {progress ? (
        <div className="knowledge-ingest-progress" data-testid="knowledge-ingest-progress" data-state={ingest.running ? 'running' : progress.status}>
          <ProgressBar value={progress.files_total === 0 ? 1 : progress.files_done / progress.files_total} label="Ingest progress" testId="knowledge-ingest-bar" />
          <p role="status" data-testid="knowledge-ingest-status">
            {ingest.running ? 'Adding' : progress.status === 'complete' ? 'Done' : 'Stopped'}: {progress.files_done}/{progress.files_total} files — {progress.added} added, {progress.updated} updated,{' '}
            {progress.unchanged} unchanged{progress.failed > 0 ? `, ${progress.failed} failed` : ''}
            {progress.removed > 0 ? `, ${progress.removed} removed (files no longer in the folder)` : ''}
            {progress.unsupported > 0 ? ` (${plural(progress.unsupported, 'file')} of other formats skipped)` : ''}.
          </p>
          {progress.problems.length > 0 ? (
            <ul className="knowledge-problems stack-list" data-testid="knowledge-ingest-problems">
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
