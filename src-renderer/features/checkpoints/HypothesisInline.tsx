// A hypothesis a checkpoint names, shown where the decision is taken (issue 18 items 1 and 4): its
// number, short title and stored core claim (what the model or the scientist gave, else one
// derived from the summary: get_hypothesis), and on request its full text — the summary,
// rationale, protocol and predictions. A near-duplicate shows beside its twin so the scientist
// can compare the two.
import { useState } from 'react';
import type { HypothesisDetail, HypothesisSummary } from '../../../src-shared/routes/index';
import { useHypothesis } from '../../api/researchQueries';
import { hypothesisTitle } from '../../common/hypothesisTitle';

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
  // One read per card, shared with the panel and the full text below (the same query).
  const detail = useHypothesis(hypothesis.id);
  const stored = detail.data?.hypothesis;
  const number = stored?.number ?? hypothesis.number;
  const label = number === null ? hypothesis.id : `H${number}`;
  const title = stored?.title ?? (hypothesis.summary === null ? null : hypothesisTitle({ title: hypothesis.title, summary: hypothesis.summary }));
  return (
    <div className="named-hypothesis" data-testid={testId} data-hypothesis-id={hypothesis.id}>
      <p className="named-head">
        <strong>{label}</strong> {title === null ? null : <span data-testid="named-title">{title}</span>}
      </p>
      {stored !== undefined ? (
        <p className="named-claim" data-testid="named-claim" data-given={stored.core_claim_given}>
          {stored.core_claim}
        </p>
      ) : detail.isError ? (
        <p className="field-error">Could not load {label}: {detail.error.message}</p>
      ) : (
        <p className="named-claim muted" aria-busy="true">
          Loading the claim of {label}…
        </p>
      )}
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>Full text of {label}</summary>
        {open ? <FullText detail={stored} /> : null}
      </details>
    </div>
  );
}

function FullText({ detail }: { detail: HypothesisDetail['hypothesis'] | undefined }) {
  if (detail === undefined) return <p className="muted" aria-busy="true">Loading the full text…</p>;
  return (
    <div className="named-full" data-testid="named-full-text">
      <h5>Summary</h5>
      <p data-testid="named-summary">{detail.summary}</p>
      <h5>Rationale</h5>
      <p>{detail.rationale}</p>
      <h5>Experimental protocol</h5>
      <p>{detail.experimental_protocol}</p>
      {detail.testable_predictions.length > 0 ? (
        <>
          <h5>Testable predictions</h5>
          <ul>
            {detail.testable_predictions.map((p, i) => (
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
