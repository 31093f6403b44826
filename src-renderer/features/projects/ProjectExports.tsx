// A project's results as files (issue 18 item 13): the server's exports, fetched through the host
// and offered as downloads (the browser saves them where the scientist says; Electron asks with a
// save dialog). The complete exports exist for completed projects only, and every report needs
// hypotheses, so only what can work is offered.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ProjectStatus, ResultExportFormat } from '../../../src-shared/routes/index';
import { call } from '../../api/cosci';
import { useCosci } from '../../api/CosciProvider';
import { ErrorNotice } from '../../app/ErrorNotice';
import { downloadText } from '../../common/download';
import './exports.css';

const FORMATS: ReadonlyArray<{ format: ResultExportFormat; label: string; completedOnly: boolean }> = [
  { format: 'report', label: 'Report of the top hypotheses (Markdown)', completedOnly: false },
  { format: 'nih_aims', label: 'NIH Specific Aims draft (Markdown)', completedOnly: false },
  { format: 'markdown', label: 'Full report (Markdown)', completedOnly: true },
  { format: 'json', label: 'Everything as JSON', completedOnly: true },
  { format: 'bibtex', label: 'References (BibTeX)', completedOnly: true },
];

export function ProjectExports({ researchId, status, hypotheses }: { researchId: string; status: ProjectStatus; hypotheses: number }) {
  const api = useCosci();
  const [open, setOpen] = useState(false);
  const exporter = useMutation({
    mutationFn: (format: ResultExportFormat) => call(api, 'projects.export', { research_id: researchId, format }),
    onSuccess: (file) => downloadText(file.file_name, file.content, `${file.media_type};charset=utf-8`),
  });
  const completed = status === 'completed';
  // Reports are built from hypotheses: before the first one there is nothing to export.
  const offered = hypotheses === 0 ? [] : FORMATS.filter((entry) => completed || !entry.completedOnly);
  return (
    <div className="project-exports">
      <button type="button" className="button button-secondary button-small" aria-expanded={open} aria-controls={`exports-${researchId}`} onClick={() => setOpen(!open)} data-testid="export-project">
        Export…
      </button>
      {open ? (
        <div id={`exports-${researchId}`} className="card project-exports-menu" role="group" aria-label="Export this project" data-testid="export-menu">
          {offered.map(({ format, label }) => (
            <button key={format} type="button" className="button button-secondary button-small" disabled={exporter.isPending} onClick={() => exporter.mutate(format)} data-testid={`export-${format}`}>
              {label}
            </button>
          ))}
          {hypotheses === 0 ? (
            <p className="muted" data-testid="export-when-completed">
              Nothing to export yet: reports are built from the project’s hypotheses, and it has none so far.
            </p>
          ) : completed ? null : (
            <p className="muted" data-testid="export-when-completed">
              The full report, JSON and BibTeX exports are available once the project completes.
            </p>
          )}
          {exporter.isError ? <ErrorNotice error={exporter.error} title="The export failed" testId="export-error" /> : null}
          {exporter.data ? (
            <p className="muted" role="status" data-testid="export-done">
              Saved {exporter.data.file_name}.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
