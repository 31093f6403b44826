// The two rows of a definition list the detail views share: a Stat (a figure in a `stats` strip,
// with an optional line under it) and a Fact (a labelled value in a `facts` list).
import type { ReactNode } from 'react';

export function Stat({ label, value, sub, testId }: { label: string; value: ReactNode; sub?: string | undefined; testId: string }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd data-testid={testId}>
        {value}
        {sub ? <span className="stat-sub">{sub}</span> : null}
      </dd>
    </div>
  );
}

export function Fact({ label, testId, children }: { label: string; testId?: string | undefined; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
