// What happened after an action on one assistant: the file that changed, its backup, the test
// launch of the registered command, and exactly what to do next in that assistant.
import type { DisconnectOutcome, RegistrationOutcome, TestLaunch } from '../../../src-shared/routes/index';

const ACTION_TEXT: Record<RegistrationOutcome['action'], string> = {
  created: 'Created its configuration file with Co-Scientist in it.',
  added: 'Added Co-Scientist to its configuration file.',
  updated: 'Updated the Co-Scientist entry in its configuration file.',
  unchanged: 'It was already set up correctly; nothing was changed.',
};

export function TestLaunchResult({ test }: { test: TestLaunch }) {
  const who = [test.server_name, test.server_version].filter(Boolean).join(' ') || 'The server';
  return (
    <div className={`notice ${test.ok ? 'notice-success' : 'notice-warning'}`} data-testid="test-launch-result" data-ok={test.ok ? 'true' : 'false'}>
      <p className="notice-title">{test.ok ? 'Test launch succeeded' : 'Test launch failed'}</p>
      <p data-testid="test-launch-summary">
        {test.ok ? `${who} answered the MCP handshake in ${test.duration_ms} ms.` : test.error}
      </p>
      {test.data_dir ? (
        <p className="muted">
          Data folder it opened: <code data-testid="test-launch-data-dir">{test.data_dir}</code>
        </p>
      ) : null}
      <p className="muted">
        Command: <code data-testid="test-launch-command">{test.command}</code>
      </p>
      {test.stderr ? <pre className="notice-detail">{test.stderr}</pre> : null}
    </div>
  );
}

export function ConnectResult({ name, outcome }: { name: string; outcome: RegistrationOutcome }) {
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
      {outcome.test_launch ? <TestLaunchResult test={outcome.test_launch} /> : null}
      <p className="next-step" data-testid="connect-next-step">
        <strong>Next step:</strong> {outcome.next_step}
      </p>
    </div>
  );
}

export function DisconnectResult({ name, outcome }: { name: string; outcome: DisconnectOutcome }) {
  return (
    <div className="notice notice-success" role="status" data-testid="disconnect-result">
      <p className="notice-title">{outcome.action === 'removed' ? `${name} is disconnected` : `${name} was not connected`}</p>
      <p data-testid="disconnect-action">
        {outcome.action === 'removed'
          ? 'Removed only the Co-Scientist entry; everything else in the file is as it was.'
          : 'Its configuration file has no Co-Scientist entry; nothing was changed.'}
      </p>
      {outcome.backup_path ? (
        <p className="muted">
          Backup of the previous file: <code data-testid="disconnect-backup-path">{outcome.backup_path}</code>
        </p>
      ) : null}
      {outcome.action === 'removed' ? (
        <p className="next-step" data-testid="disconnect-next-step">
          <strong>Next step:</strong> {outcome.next_step}
        </p>
      ) : null}
    </div>
  );
}
