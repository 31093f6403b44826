// Asking the browser for permission to notify: browsers only ask in answer to a click, so this is
// a button, shown where notifications are discussed. The desktop app needs none of it.
import { useState } from 'react';
import { useAppInfo } from '../api/queries';

export function NotificationSwitch() {
  const host = useAppInfo().data?.host;
  const supported = typeof Notification !== 'undefined';
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(supported ? Notification.permission : 'unsupported');
  if (host === 'electron') return <p className="muted">The app shows a system notification and a badge on its icon when a checkpoint arrives.</p>;
  if (permission === 'unsupported') return <p className="muted">This browser cannot show notifications; the tab title shows how many checkpoints wait.</p>;
  if (permission === 'granted') return <p className="muted" data-testid="notifications-on">Notifications are on: each new checkpoint raises one.</p>;
  if (permission === 'denied') {
    return <p className="muted">Notifications are blocked for this page. Allow them in the browser&apos;s site settings to hear about new checkpoints.</p>;
  }
  return (
    <button type="button" className="button button-secondary" data-testid="notifications-enable" onClick={() => void Notification.requestPermission().then(setPermission)}>
      Notify me when a checkpoint arrives
    </button>
  );
}
