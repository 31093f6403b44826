// The browser's link to the web host as the last `connection-state` event described it (see
// api/webClient.ts). Kept outside React so the top bar and the banner read one value. The
// Electron app never sends these events: its link is IPC and cannot drop.
import { useSyncExternalStore } from 'react';
import type { ConnectionStateEvent } from '../../src-shared/routes/index';

export type ConnectionState = Omit<ConnectionStateEvent, 'kind'>;

const CONNECTED: ConnectionState = { state: 'connected', message: null, retryAt: null, attempts: 0 };
let current: ConnectionState = CONNECTED;
const listeners = new Set<() => void>();

export function setConnectionState(event: ConnectionStateEvent): void {
  current = { state: event.state, message: event.message, retryAt: event.retryAt, attempts: event.attempts };
  for (const listener of listeners) listener();
}

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
