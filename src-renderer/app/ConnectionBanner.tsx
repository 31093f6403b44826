// What the page says while its link to the web host is down: what happened, when it tries again
// (the delay doubles up to 10 s, so it never hammers a stopped host), and a button to try now.
// A refused access token is not retried by itself: only a new address from the host can fix it.
import { useEffect, useState } from 'react';
import { useCosci } from '../api/CosciProvider';
import { useConnectionState } from './connectionState';

export function ConnectionBanner() {
  const api = useCosci();
  const link = useConnectionState();
  const seconds = useSecondsUntil(link.retryAt);
  if (link.state === 'connected' || link.message === null) return null;
  const unauthorised = link.state === 'unauthorised';
  return (
    <div className="server-banner connection-banner" role="alert" data-testid="connection-banner" data-state={link.state}>
      <p className="connection-banner-title">{unauthorised ? 'This page is not authorised' : 'Not connected to Co-Scientist'}</p>
      <p data-testid="connection-banner-message">{link.message}</p>
      {unauthorised ? null : (
        <p className="connection-banner-retry">
          <span data-testid="connection-banner-next">
            {seconds === null || seconds <= 0 ? 'Trying again now…' : `Trying again in ${seconds} s`} (attempt {link.attempts + 1}).
          </span>{' '}
          {api.reconnect ? (
            <button type="button" className="button button-secondary" data-testid="connection-retry" onClick={() => api.reconnect?.()}>
              Retry now
            </button>
          ) : null}
        </p>
      )}
    </div>
  );
}

/** Whole seconds until `at` (epoch ms), ticking once a second; null without a time. */
function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return undefined;
    const tick = (): void => setNow(Date.now());
    // At once (the clock may have stood still while connected), then every second.
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
