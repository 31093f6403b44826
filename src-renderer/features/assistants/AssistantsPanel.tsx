// Connecting AI assistants to Co-Scientist: what each may do first (what the scientist controls),
// then every assistant Co-Scientist knows, those found on this computer first, each with its
// registration state and the actions that state allows (see AssistantCard); those not found are
// one collapsed list, opened on request (issue 33 item 10). The host re-checks registrations at
// start and repairs its own.
import { useState } from 'react';
import type { AssistantState } from '../../../src-shared/routes/index';
import { useAssistants } from '../../api/queries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { AssistantCard } from './AssistantCard';
import { AssistantPermissions, usePolicies } from './AssistantPermissions';
import { Loading } from '../../app/Loading';
import './assistants.css';

export function AssistantsPanel() {
  const assistants = useAssistants();
  const list = assistants.data ?? [];
  // An assistant that has called Co-Scientist is known here, wherever its program is installed.
  const called = new Set((usePolicies().data?.policies ?? []).filter((policy) => policy.calls > 0).map((policy) => policy.client_id));
  /** Found, or holding our entry, or with a file problem, or it called: worth the scientist's attention. */
  const isRelevant = (a: AssistantState) => a.installed || a.registered || a.problem !== null || called.has(a.id);
  // One card per assistant; Cline gets one per host editor, so its cards also carry the variant.
  const testIdOf = (a: AssistantState) =>
    list.filter((other) => other.id === a.id).length > 1 ? `assistant-${a.id}-${a.variant}` : `assistant-${a.id}`;
  const card = (a: AssistantState) => <AssistantCard key={`${a.id}:${a.variant}`} assistant={a} testId={testIdOf(a)} />;
  const found = list.filter(isRelevant);
  const others = list.filter((a) => !isRelevant(a));
  const [showOthers, setShowOthers] = useState(false);
  // One flat keyed array (not nested ones per group): a card moving between the groups, e.g. once
  // it is connected, must keep its component, or the outcome of the action would vanish with it.
  const items = [
    ...(found.length === 0
      ? [
          <p key="none-found" className="muted">
            No assistant was found on this computer, and none has called Co-Scientist yet.
          </p>,
        ]
      : []),
    ...found.map(card),
    ...(others.length > 0
      ? [
          <h2 key="not-found" className="assistants-not-found" data-testid="assistants-not-found">
            <button
              type="button"
              className="disclosure"
              aria-expanded={showOthers}
              data-testid="assistants-not-found-toggle"
              onClick={() => setShowOthers((open) => !open)}
            >
              Not found on this computer ({others.length})
            </button>
          </h2>,
        ]
      : []),
    ...(showOthers ? others.map(card) : []),
  ];
  return (
    <section className="pane assistants-pane" aria-labelledby="assistants-title">
      <div className="pane-header">
        <h1 id="assistants-title">Assistants</h1>
      </div>
      <p className="muted intro">
        Connect an AI assistant so it can start and follow research projects with you. Each assistant runs its own copy of the
        Co-Scientist server on this computer, with the permissions you grant it. Only Co-Scientist&apos;s own entry in each
        assistant&apos;s settings is ever changed, and a backup is kept.
      </p>
      {/* What the scientist controls comes first; the assistants to connect follow. */}
      <AssistantPermissions />
      {assistants.data ? (
        <div data-testid="assistants-list">{items}</div>
      ) : assistants.isError ? (
        <ErrorNotice
          error={assistants.error}
          title="Could not check your assistants"
          onRetry={() => void assistants.refetch()}
          testId="assistants-error"
        />
      ) : (
        <Loading label="Checking assistants" className="card is-loading" shapes={['title', 'line']} />
      )}
    </section>
  );
}
