// A hypothesis a checkpoint names, shown where the decision is taken (issue 18 item 4): its number
// and short title, its summary (the claim), and on request its full text, fetched only then.
// A near-duplicate shows beside its twin so the scientist can compare the two.
import { useState } from 'react';
import type { HypothesisSummary } from '../../../src-main/host/contract';
import { useHypothesis } from '../../api/researchQueries';
import { hypothesisTitle } from '../hypotheses/hypothesisTitle';

export interface Named {
  id: string;
  /** From the project's hypothesis list, or the checkpoint's own payload when the list has not got it. */
  number: number | null;
  summary: string | null;
  title?: string | null;
}

export function namedFrom(id: string, listed: HypothesisSummary | undefined, payload?: { seq?: unknown; summary?: unknown; title?: unknown }): Named {
  const summary = typeof payload?.summary === 'string' ? payload.summary : (listed?.summary ?? null);
  const number = typeof payload?.seq === 'number' ? payload.seq : (listed?.number ?? null);
  const title = typeof payload?.title === 'string' ? payload.title : ((listed as { title?: string | null } | undefined)?.title ?? null);
  return { id, number, summary, title };
}

export function HypothesisInline({ hypothesis, testId = 'payload-named-hypothesis' }: { hypothesis: Named; testId?: string }) {
  const [open, setOpen] = useState(false);
  const label = hypothesis.number === null ? hypothesis.id : `H${hypothesis.number}`;
  return (
    <div className="named-hypothesis" data-testid={testId} data-hypothesis-id={hypothesis.id}>
      <p className="named-head">
        <strong>{label}</strong> {hypothesis.summary === null ? null : <span data-testid="named-title">{hypothesisTitle({ title: hypothesis.title, summary: hypothesis.summary })}</span>}
      </p>
      {hypothesis.summary === null ? null : (
        <p className="named-claim" data-testid="named-claim">
          {hypothesis.summary}
        </p>
      )}
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>Full text of {label}</summary>
        {open ? <FullText id={hypothesis.id} /> : null}
      </details>
    </div>
  );
}

function FullText({ id }: { id: string }) {
  const detail = useHypothesis(id);
  if (detail.isError) return <p className="field-error">Could not load the full text: {detail.error.message}</p>;
  const h = detail.data?.hypothesis;
  if (h === undefined) return <p className="muted" aria-busy="true">Loading the full text…</p>;
  return (
    <div className="named-full" data-testid="named-full-text">
      <h5>Rationale</h5>
      <p>{h.rationale}</p>
      <h5>Experimental protocol</h5>
      <p>{h.experimental_protocol}</p>
      {h.testable_predictions.length > 0 ? (
        <>
          <h5>Testable predictions</h5>
          <ul>
            {h.testable_predictions.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** A new hypothesis beside the one it nearly duplicates. */
export function TwinPair({ fresh, twin }: { fresh: Named; twin: Named }) {
  return (
    <div className="twin-pair" data-testid="payload-twins" role="group" aria-label={`${fresh.number === null ? 'New hypothesis' : `H${fresh.number}`} and the hypothesis it nearly duplicates`}>
      <div>
        <p className="eyebrow">New</p>
        <HypothesisInline hypothesis={fresh} testId="twin-new" />
      </div>
      <div>
        <p className="eyebrow">Nearly duplicates</p>
        <HypothesisInline hypothesis={twin} testId="twin-existing" />
      </div>
    </div>
  );
}
