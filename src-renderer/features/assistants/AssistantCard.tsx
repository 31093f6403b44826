// One assistant (or, for Cline, one host editor): its status (assistantStatus), the actions its
// registration state allows, and the outcome of the last one. An entry the scientist edited is never replaced or
// removed silently: the host answers CONFLICT with a diff, and only a second, explicit click
// (force) goes ahead. Where Settings names a lab server, an assistant that can name a remote MCP
// server can be connected to the lab instead (it then signs in to the lab itself), and back.
import { useState } from 'react';
import type { AssistantState, TestLaunch } from '../../../src-shared/routes/index';
import { HostError } from '../../api/cosci';
import { ErrorNotice } from '../../app/ErrorNotice';
import { assistantStatus } from './assistantStatus';
import { ConnectResult, DisconnectResult, TestLaunchResult } from './AssistantResults';
import { useAssistantActions } from './useAssistantActions';
import { ManualSetup } from './ManualSetup';
import { useLabStatus } from '../../api/labQueries';

type Action = 'connect' | 'disconnect' | 'repair' | 'test';

const isConflict = (error: unknown) => error instanceof HostError && error.code === 'CONFLICT';

export function AssistantCard({ assistant, testId }: { assistant: AssistantState; testId: string }) {
  const actions = useAssistantActions();
  const labUrl = useLabStatus().data?.url ?? null;
  const [last, setLast] = useState<Action | null>(null);
  const [confirmingDisconnect, setConfirmingDisconnect] = useState(false);
  const busy = Object.values(actions).some((m) => m.isPending);
  const target = { id: assistant.id, variant: assistant.variant };
  const run = (action: Action, force = false, server?: string) => {
    setLast(action);
    setConfirmingDisconnect(false);
    for (const [name, mutation] of Object.entries(actions)) if (name !== action) mutation.reset();
    actions[action].mutate({ target, force, ...(server === undefined ? {} : { server }) });
  };
  const onLab = assistant.lab_server !== null;
  const lastTest: TestLaunch | null =
    last === 'test' ? (actions.test.data ?? null) : last === 'connect' || last === 'repair' ? (actions[last].data?.test_launch ?? null) : null;
  const status = assistantStatus(assistant, lastTest);
  const { id, state } = assistant;

  return (
    <article className="card assistant" data-testid={testId} data-state={state} data-installed={assistant.installed ? 'true' : 'false'} aria-labelledby={`${testId}-name`}>
      <header className="assistant-header">
        <h2 id={`${testId}-name`}>{assistant.name}</h2>
        <span className={`badge ${status.className}`} data-testid="assistant-registered">
          {status.text}
        </span>
      </header>
      {onLab ? (
        <p data-testid="assistant-lab-server">
          Works on the lab server <code>{assistant.lab_server}</code>; {assistant.name} signs in to it itself.
        </p>
      ) : null}
      <p className="muted">
        Configuration file: <code data-testid="assistant-config-path">{assistant.config_path}</code>
        {assistant.detected ? (
          <>
            {' '}
            · found <code data-testid="assistant-detected">{assistant.detected}</code>
          </>
        ) : null}
      </p>
      {assistant.problem ? (
        <p className="notice notice-warning" data-testid="assistant-problem">
          {assistant.problem}
        </p>
      ) : status.hint ? (
        <p className="muted" data-testid="assistant-status-hint">
          {status.hint}
        </p>
      ) : assistant.next_step && state !== 'registered' ? (
        <p className="muted" data-testid="assistant-next-step">
          {assistant.next_step}
        </p>
      ) : null}

      <div className="form-actions form-actions-start">
        {state === 'installed' || state === 'not_installed' || state === 'changed_by_user' ? (
          <button
            type="button"
            className={`button ${state === 'not_installed' ? 'button-secondary' : 'button-primary'}`}
            data-testid={`connect-${id}`}
            disabled={busy}
            onClick={() => run('connect')}
          >
            {actions.connect.isPending
              ? 'Connecting…'
              : state === 'changed_by_user'
                ? "Replace with Co-Scientist's entry"
                : state === 'not_installed'
                  ? 'Connect anyway'
                  : `Connect ${assistant.name}`}
          </button>
        ) : null}
        {state === 'needs_repair' ? (
          <button type="button" className="button button-primary" data-testid={`repair-${id}`} disabled={busy} onClick={() => run('repair')}>
            {actions.repair.isPending ? 'Repairing…' : 'Repair'}
          </button>
        ) : null}
        {assistant.can_use_lab && labUrl !== null && assistant.lab_server !== labUrl && state !== 'changed_by_user' ? (
          <button type="button" className="button button-secondary" data-testid={`connect-lab-${id}`} disabled={busy} onClick={() => run('connect', false, labUrl)}>
            {actions.connect.isPending ? 'Connecting…' : 'Connect to the lab server'}
          </button>
        ) : null}
        {onLab && state === 'registered' ? (
          <button type="button" className="button button-secondary" data-testid={`connect-local-${id}`} disabled={busy} onClick={() => run('connect')}>
            Connect to this computer
          </button>
        ) : null}
        {state === 'registered' && !onLab ? (
          <button type="button" className="button button-secondary" data-testid={`test-${id}`} disabled={busy} onClick={() => run('test')}>
            {actions.test.isPending ? 'Testing…' : 'Test connection'}
          </button>
        ) : null}
        {assistant.registered ? (
          <button
            type="button"
            className="button button-secondary"
            data-testid={`disconnect-${id}`}
            disabled={busy}
            onClick={() => setConfirmingDisconnect(true)}
          >
            {actions.disconnect.isPending ? 'Disconnecting…' : 'Disconnect'}
          </button>
        ) : null}
      </div>

      {state !== 'registered' ? <ManualSetup assistant={assistant} /> : null}

      {confirmingDisconnect ? (
        <div className="notice notice-warning" role="alertdialog" data-testid="disconnect-confirm-dialog">
          <p>
            Remove Co-Scientist from {assistant.name}? Only the co-scientist entry is removed, and a backup of the file is kept.
          </p>
          <div className="form-actions form-actions-start">
            <button type="button" className="button button-danger" data-testid="disconnect-confirm" onClick={() => run('disconnect')}>
              Remove
            </button>
            <button type="button" className="button button-secondary" onClick={() => setConfirmingDisconnect(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}

      {last === 'connect' || last === 'repair' ? <RegistrationFeedback name={assistant.name} mutation={actions[last]} onForce={() => run('connect', true)} /> : null}
      {last === 'disconnect' && actions.disconnect.data ? <DisconnectResult name={assistant.name} outcome={actions.disconnect.data} /> : null}
      {last === 'disconnect' && actions.disconnect.isError ? (
        <ErrorNotice
          error={actions.disconnect.error}
          title={isConflict(actions.disconnect.error) ? 'The Co-Scientist entry was changed by hand' : `${assistant.name} was not disconnected`}
          testId="disconnect-error"
        >
          {isConflict(actions.disconnect.error) ? (
            <button type="button" className="button button-danger" data-testid="disconnect-force" onClick={() => run('disconnect', true)}>
              Remove the edited entry anyway
            </button>
          ) : null}
        </ErrorNotice>
      ) : null}
      {last === 'test' && actions.test.data ? <TestLaunchResult test={actions.test.data} /> : null}
      {last === 'test' && actions.test.isError ? <ErrorNotice error={actions.test.error} title="Could not test the connection" testId="test-error" /> : null}
    </article>
  );
}

type RegistrationMutation = ReturnType<typeof useAssistantActions>['connect'];

function RegistrationFeedback({ name, mutation, onForce }: { name: string; mutation: RegistrationMutation; onForce: () => void }) {
  if (mutation.data) return <ConnectResult name={name} outcome={mutation.data} />;
  if (!mutation.isError) return null;
  const conflict = isConflict(mutation.error);
  return (
    <ErrorNotice error={mutation.error} title={conflict ? 'You changed the Co-Scientist entry by hand' : `${name} was not connected`} testId="connect-error">
      {conflict ? (
        <button type="button" className="button button-danger" data-testid="connect-force" onClick={onForce}>
          Replace my edited entry
        </button>
      ) : null}
    </ErrorNotice>
  );
}
