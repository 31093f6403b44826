// Whether the research server behind the GUI is up. Fed by app.info once, then by `server-state`
// host events (see useHostEvents); the browser's own link to the host comes first, since nothing
// behind it can be reached while it is down (connectionState.ts).
import { errorMessage, HostError } from '../api/cosci';
import { useAppInfo } from '../api/queries';
import { useConnectionState } from './connectionState';

const LABELS = { starting: 'Server starting…', ready: 'Server ready', down: 'Server unavailable' } as const;

export function ServerIndicator() {
  const info = useAppInfo();
  const link = useConnectionState();
  const refused = link.state === 'unauthorised' || (info.error instanceof HostError && info.error.code === 'PERMISSION_DENIED');
  const state = link.state !== 'connected' || refused ? 'down' : (info.data?.server.state ?? (info.isError ? 'down' : 'starting'));
  const label = refused ? 'Not authorised' : link.state === 'reconnecting' ? 'Reconnecting…' : LABELS[state];
  const message = link.message ?? info.data?.server.message ?? (info.isError ? errorMessage(info.error) : null);
  return (
    <div className={`server-state server-state-${state}`} role="status" data-testid="server-state" data-state={state} title={message ?? undefined}>
      <span className="server-dot" aria-hidden="true" />
      <span className="server-state-label">{label}</span>
      {state === 'down' && message ? <span className="visually-hidden">: {message}</span> : null}
    </div>
  );
}
