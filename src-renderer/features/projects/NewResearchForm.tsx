// Starting a project from the GUI: the same `start_research` an assistant calls. The server
// validates the goal and budget; its message is shown as is, since it says what to fix.
import { useId, useState, type FormEvent } from 'react';
import type { StartResearchResult } from '../../../src-shared/routes/index';
import { useStartResearch } from '../../api/queries';
import { useDesktopSettings } from '../../api/researchQueries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { FormActions } from '../../app/FormActions';
import { PausePolicyFields, type PausableKind } from '../../common/PausePolicyFields';

const DEFAULT_BUDGET = 20;

/** One item per non-empty line: how the plan's lists are typed in the form. */
export function planLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
    .filter((line) => line !== '');
}

const PLAN_FIELDS = [
  { key: 'objectives', label: 'Objectives', placeholder: 'e.g. Rank approved drugs by their effect on stellate-cell activation', hint: 'Specific aims, one per line. Without any, the goal is the objective.' },
  { key: 'constraints', label: 'Constraints', placeholder: 'e.g. Testable in mouse models within 6 months', hint: 'What an acceptable hypothesis must respect, one per line.' },
  { key: 'preferences', label: 'Preferences', placeholder: 'e.g. Favour repurposable approved drugs', hint: 'What to favour among acceptable hypotheses, one per line.' },
] as const;
type PlanKey = (typeof PLAN_FIELDS)[number]['key'];

/** The plan's lists that have items; an empty one is left out (the server's default applies). */
function planInput(plan: Record<PlanKey, string>): Partial<Record<PlanKey, string[]>> {
  const input: Partial<Record<PlanKey, string[]>> = {};
  for (const { key } of PLAN_FIELDS) {
    const items = planLines(plan[key]);
    if (items.length > 0) input[key] = items;
  }
  return input;
}

export function NewResearchForm({
  onStarted,
  onCancel,
}: {
  onStarted: (project: StartResearchResult) => void;
  onCancel: () => void;
}) {
  const ids = useId();
  const [goal, setGoal] = useState('');
  const [domain, setDomain] = useState('');
  const [budget, setBudget] = useState(String(DEFAULT_BUDGET));
  const [plan, setPlan] = useState<Record<PlanKey, string>>({ objectives: '', constraints: '', preferences: '' });
  // Starts from the scientist's default checkpoint policy (Settings) until they change it here.
  const defaults = useDesktopSettings().data?.default_pause_at;
  const [pauses, setPauses] = useState<PausableKind[] | null>(null);
  const pauseAt = pauses ?? defaults ?? null;
  const start = useStartResearch();

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const trimmedDomain = domain.trim();
    start.mutate(
      {
        goal: goal.trim(),
        ...(trimmedDomain ? { domain: trimmedDomain } : {}),
        ...(budget.trim() ? { hypothesis_count: Number(budget) } : {}),
        ...(pauseAt !== null ? { pause_at: pauseAt } : {}),
        ...planInput(plan),
      },
      { onSuccess: onStarted },
    );
  };

  return (
    <form className="card new-research" onSubmit={submit} data-testid="new-research-form" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>New research</h2>
      <div className="field">
        <label htmlFor={`${ids}-goal`}>Research goal</label>
        <textarea
          id={`${ids}-goal`}
          data-testid="new-research-goal"
          value={goal}
          onChange={(e) => setGoal(e.target.value)}
          required
          autoFocus
          rows={3}
          placeholder="e.g. Identify novel therapeutic targets for liver fibrosis"
          aria-describedby={`${ids}-goal-hint`}
        />
        <p id={`${ids}-goal-hint`} className="hint">
          One or two sentences stating the objective.
        </p>
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor={`${ids}-domain`}>Domain (optional)</label>
          <input
            id={`${ids}-domain`}
            data-testid="new-research-domain"
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
            placeholder="Inferred from the goal"
          />
        </div>
        <div className="field field-narrow">
          <label htmlFor={`${ids}-budget`}>Hypothesis budget</label>
          <input
            id={`${ids}-budget`}
            data-testid="new-research-budget"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            value={budget}
            onChange={(e) => setBudget(e.target.value)}
          />
        </div>
      </div>
      <details className="new-research-plan" data-testid="new-research-plan">
        <summary>Objectives, constraints and preferences (optional)</summary>
        {PLAN_FIELDS.map(({ key, label, placeholder, hint }) => (
          <div className="field" key={key}>
            <label htmlFor={`${ids}-${key}`}>{label}</label>
            <textarea
              id={`${ids}-${key}`}
              data-testid={`new-research-${key}`}
              value={plan[key]}
              onChange={(e) => setPlan({ ...plan, [key]: e.target.value })}
              rows={2}
              placeholder={placeholder}
              aria-describedby={`${ids}-${key}-hint`}
            />
            <p id={`${ids}-${key}-hint`} className="hint">
              {hint}
            </p>
          </div>
        ))}
      </details>
      <PausePolicyFields idPrefix={`${ids}-pause`} value={pauseAt} onChange={setPauses} legend="Pause for your decision at" testIdPrefix="new-research-pause" />
      {start.isError ? <ErrorNotice error={start.error} title="The project was not started" testId="new-research-error" /> : null}
      <FormActions onCancel={onCancel} label="Start research" pendingLabel="Starting…" pending={start.isPending} testId="new-research-submit" />
    </form>
  );
}
