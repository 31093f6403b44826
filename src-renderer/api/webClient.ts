// `window.cosci` for a browser talking to the web host (src-main/web): invoke is a POST to
// /api/invoke, events arrive over the WebSocket /api/events. The access token comes in the
// first page's URL; it is moved into sessionStorage (so a reload keeps working in this tab)
// and removed from the address bar, so it does not end up in history, bookmarks or screenshots.
import type { CosciApi, HostEvent, Result, RouteOutput } from '../../src-main/host/contract';

const TOKEN_KEY = 'cosci.token';
const EVENTS_PROTOCOL = 'cosci.events';
const TOKEN_PROTOCOL_PREFIX = 'cosci.token.';
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

const NOT_AUTHORISED =
  'This page is not authorised to reach Co-Scientist. Open the address printed by `npm run web` again; it changes each time the web host starts.';

export function takeAccessToken(win: Window): string | null {
  const url = new URL(win.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    win.sessionStorage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete('token');
    win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    return fromUrl;
  }
  return win.sessionStorage.getItem(TOKEN_KEY);
}

export function createWebClient(win: Window): CosciApi {
  const token = takeAccessToken(win);
  const listeners = new Set<(event: HostEvent) => void>();
  let socket: WebSocket | null = null;
  let reconnectDelay = RECONNECT_MIN_MS;
  let reconnectTimer: number | null = null;
  let everConnected = false;

  const dispatch = (event: HostEvent): void => {
    for (const listener of listeners) listener(event);
  };

  const connect = (): void => {
    if (token === null || socket !== null) return;
    const url = `${win.location.protocol === 'https:' ? 'wss' : 'ws'}://${win.location.host}/api/events`;
    const ws = new WebSocket(url, [EVENTS_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`]);
    socket = ws;
    ws.onopen = () => {
      reconnectDelay = RECONNECT_MIN_MS;
      // Changes made while we were away were not pushed to us: refetch everything shown.
      if (everConnected) dispatch({ kind: 'resources-list-changed' });
      everConnected = true;
    };
    ws.onmessage = (message) => {
      if (typeof message.data !== 'string') return;
      try {
        dispatch(JSON.parse(message.data) as HostEvent);
      } catch {
        // A malformed frame is dropped; the next change event refreshes the view anyway.
      }
    };
    ws.onclose = () => {
      // A socket we already replaced or closed on purpose has nothing more to say.
      if (socket !== ws) return;
      socket = null;
      if (listeners.size === 0) return;
      dispatch({ kind: 'server-state', state: 'down', message: 'Lost the connection to the Co-Scientist web host; reconnecting…' });
      reconnectTimer = win.setTimeout(() => {
        reconnectTimer = null;
        connect();
      }, reconnectDelay);
      reconnectDelay = Math.min(reconnectDelay * 2, RECONNECT_MAX_MS);
    };
  };

  return {
    async invoke(route, input) {
      if (token === null) return { ok: false, error: { code: 'PERMISSION_DENIED', message: NOT_AUTHORISED } };
      let response: Response;
      try {
        response = await fetch(new URL('api/invoke', win.location.origin), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({ route, input }),
        });
      } catch {
        return {
          ok: false,
          error: { code: 'SERVER_UNAVAILABLE', message: 'Cannot reach the Co-Scientist web host. Is `npm run web` still running?' },
        };
      }
      if (response.status === 401 || response.status === 403) {
        return { ok: false, error: { code: 'PERMISSION_DENIED', message: NOT_AUTHORISED } };
      }
      try {
        // The host validated the answer against the route's output schema before sending it.
        return (await response.json()) as Result<RouteOutput<typeof route>>;
      } catch {
        return { ok: false, error: { code: 'INTERNAL', message: `The web host answered ${route} with HTTP ${response.status}.` } };
      }
    },

    onEvent(listener) {
      listeners.add(listener);
      connect();
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        if (reconnectTimer !== null) win.clearTimeout(reconnectTimer);
        reconnectTimer = null;
        const closing = socket;
        socket = null;
        closing?.close();
      };
    },
  };
}
