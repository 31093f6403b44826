// Whether the research server behind the GUI is up. Fed by app.info once, then by
// `server-state` host events (see useHostEvents).
import { useAppInfo } from '../api/queries';

const LABELS = { starting: 'Server starting…', ready: 'Server ready', down: 'Server unavailable' } as const;

export function ServerIndicator() {
  const info = useAppInfo();
  const state = info.data?.server.state ?? (info.isError ? 'down' : 'starting');
  const message = info.data?.server.message ?? (info.isError ? 'The host did not answer.' : null);
  return (
    <div className={`server-state server-state-${state}`} role="status" data-testid="server-state" data-state={state} title={message ?? undefined}>
      <span className="server-dot" aria-hidden="true" />
      <span className="server-state-label">{LABELS[state]}</span>
      {state === 'down' && message ? <span className="visually-hidden">: {message}</span> : null}
    </div>
  );
}
