// Connecting AI assistants to Co-Scientist: shows whether Claude Desktop is installed and
// registered, writes our entry into its config on request, and says exactly what to do next.
// An entry the scientist edited by hand is never replaced silently: the host answers CONFLICT
// with a diff, and only an explicit second click replaces it.
import type { AssistantState, RegistrationOutcome } from '../../../src-main/host/contract';
import { HostError } from '../../api/cosci';
import { useAssistants, useConnectAssistant } from '../../api/queries';
import { ErrorNotice } from '../../app/ErrorNotice';

const ACTION_TEXT: Record<RegistrationOutcome['action'], string> = {
  created: 'Created its configuration file with Co-Scientist in it.',
  added: 'Added Co-Scientist to its configuration file.',
  updated: 'Updated the Co-Scientist entry in its configuration file.',
  unchanged: 'It was already set up correctly; nothing was changed.',
};

export function AssistantsPanel() {
  const assistants = useAssistants();
  return (
    <section className="pane assistants-pane" aria-labelledby="assistants-title">
      <div className="pane-header">
        <h1 id="assistants-title">Assistants</h1>
      </div>
      <p className="muted intro">
        Connect an AI assistant so it can start and follow research projects with you. Each assistant runs its own copy of the
        Co-Scientist server on this computer, with the permissions you grant it.
      </p>
      {assistants.data ? (
        assistants.data.map((assistant) => <AssistantCard key={assistant.id} assistant={assistant} />)
      ) : assistants.isError ? (
        <ErrorNotice
          error={assistants.error}
          title="Could not check your assistants"
          onRetry={() => void assistants.refetch()}
          testId="assistants-error"
        />
      ) : (
        <div className="card is-loading" aria-busy="true" aria-label="Checking assistants">
          <div className="skeleton skeleton-title" />
          <div className="skeleton skeleton-line" />
        </div>
      )}
    </section>
  );
}

function AssistantCard({ assistant }: { assistant: AssistantState }) {
  const connect = useConnectAssistant();
  const conflict = connect.error instanceof HostError && connect.error.code === 'CONFLICT';
  return (
    <article className="card assistant" data-testid={`assistant-${assistant.id}`} aria-labelledby={`assistant-${assistant.id}-name`}>
      <header className="assistant-header">
        <h2 id={`assistant-${assistant.id}-name`}>{assistant.name}</h2>
        <span className={`badge ${assistant.registered ? 'badge-completed' : 'badge-paused'}`} data-testid="assistant-registered">
          {assistant.registered ? 'Connected' : 'Not connected'}
        </span>
        {assistant.installed ? null : (
          <span className="badge badge-initializing" data-testid="assistant-not-installed">
            Not found on this computer
          </span>
        )}
      </header>
      <p className="muted">
        Configuration file: <code data-testid="assistant-config-path">{assistant.config_path}</code>
      </p>
      {assistant.problem ? (
        <p className="notice notice-warning" data-testid="assistant-problem">
          {assistant.problem}
        </p>
      ) : null}
      <div className="form-actions form-actions-start">
        <button
          type="button"
          className="button button-primary"
          data-testid={`connect-${assistant.id}`}
          disabled={connect.isPending}
          onClick={() => connect.mutate({ id: assistant.id })}
        >
          {connect.isPending ? 'Connecting…' : `Connect ${assistant.name}`}
        </button>
      </div>
      {connect.data ? <ConnectResult name={assistant.name} outcome={connect.data} /> : null}
      {connect.isError ? (
        <ErrorNotice
          error={connect.error}
          title={conflict ? 'You changed the Co-Scientist entry by hand' : `${assistant.name} was not connected`}
          testId="connect-error"
        >
          {conflict ? (
            <button
              type="button"
              className="button button-danger"
              data-testid="connect-force"
              onClick={() => connect.mutate({ id: assistant.id, force: true })}
            >
              Replace my edited entry
            </button>
          ) : null}
        </ErrorNotice>
      ) : null}
    </article>
  );
}

function ConnectResult({ name, outcome }: { name: string; outcome: RegistrationOutcome }) {
  return (
    <div className="notice notice-success" role="status" data-testid="connect-result">
      <p className="notice-title">{name} is connected</p>
      <p data-testid="connect-action">{ACTION_TEXT[outcome.action]}</p>
      <dl className="facts facts-compact">
        <div className="fact">
          <dt>Configuration file</dt>
          <dd>
            <code data-testid="connect-config-path">{outcome.config_path}</code>
          </dd>
        </div>
        <div className="fact">
          <dt>Backup of the previous file</dt>
          <dd data-testid="connect-backup-path">{outcome.backup_path ? <code>{outcome.backup_path}</code> : 'None needed'}</dd>
        </div>
      </dl>
      <p className="next-step" data-testid="connect-next-step">
        <strong>Next step:</strong> {outcome.next_step}
      </p>
    </div>
  );
}
