// Connecting an assistant by hand (issue 33 item 11): the entry Co-Scientist's registration would
// write, to paste into the assistant's file, and the one command line that registers it, each
// with Copy. Both come from the host's registration code (route assistants.manualSetup), so what
// is shown is exactly what "Connect" would write.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AssistantState } from '../../../src-shared/routes/index';
import { call } from '../../api/cosci';
import { useCosci } from '../../api/CosciProvider';
import { CopyButton } from '../../app/CopyButton';
import { ErrorNotice } from '../../app/ErrorNotice';
import { Loading } from '../../app/Loading';

export function ManualSetup({ assistant }: { assistant: AssistantState }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="manual-setup">
      <button type="button" className="disclosure" aria-expanded={open} aria-controls={id} data-testid="manual-setup-toggle" onClick={() => setOpen((now) => !now)}>
        Set it up yourself
      </button>
      {open ? (
        <div id={id}>
          <ManualSetupText assistant={assistant} />
        </div>
      ) : null}
    </div>
  );
}

function ManualSetupText({ assistant }: { assistant: AssistantState }) {
  const api = useCosci();
  const setup = useQuery({
    queryKey: ['assistants', 'manualSetup', assistant.id, assistant.variant],
    queryFn: () => call(api, 'assistants.manualSetup', { id: assistant.id, variant: assistant.variant }),
  });
  if (setup.isError) return <ErrorNotice error={setup.error} title="Could not prepare the setup" testId="manual-setup-error" />;
  if (!setup.data) return <Loading label="Preparing the setup" className="manual-setup-loading" shapes={['line', 'line']} />;
  const { command, entry_json: entry, config_path: configPath } = setup.data;
  return (
    <div className="manual-setup-body" data-testid="manual-setup">
      {command !== null ? (
        <section>
          <h3>In a terminal</h3>
          <CopyableText text={command} what="The command" testId="manual-setup-command" />
        </section>
      ) : null}
      {entry !== null ? (
        <section>
          <h3>Or in its configuration file</h3>
          <p className="muted">
            Add this entry to <code>{configPath}</code> (keep the other servers there), then restart {assistant.name}.
          </p>
          <CopyableText text={entry} what="The entry" testId="manual-setup-entry" />
        </section>
      ) : null}
    </div>
  );
}

/** Text to paste elsewhere, as written, with its copy button (test id `<testId>-copy`). */
function CopyableText({ text, what, testId }: { text: string; what: string; testId: string }) {
  return (
    <div className="manual-setup-text">
      <pre data-testid={testId}>{text}</pre>
      <CopyButton text={text} what={what} testId={`${testId}-copy`} />
    </div>
  );
}
