// `window.cosci` for a browser talking to the web host (src-main/web): invoke is a POST to
// /api/invoke, events arrive over the WebSocket /api/events. The access token comes in the
// first page's URL; it is moved into sessionStorage (so a reload keeps working in this tab)
// and removed from the address bar, so it does not end up in history, bookmarks or screenshots.
import type { CosciApi, HostEvent, Result, RouteOutput } from '../../src-shared/routes/index';

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

/** Why the event socket closed, learnt by asking the web host over plain HTTP. */
type LinkProbe = 'reachable' | 'unreachable' | 'unauthorised';

export function createWebClient(win: Window): CosciApi {
  const token = takeAccessToken(win);
  const listeners = new Set<(event: HostEvent) => void>();
  let socket: WebSocket | null = null;
  let reconnectDelay = RECONNECT_MIN_MS;
  let reconnectTimer: number | null = null;
  let everConnected = false;
  let attempts = 0;

  const dispatch = (event: HostEvent): void => {
    for (const listener of listeners) listener(event);
  };

  const probe = async (): Promise<LinkProbe> => {
    try {
      const response = await fetch(new URL('api/invoke', win.location.origin), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token ?? ''}` },
        body: JSON.stringify({ route: 'app.info', input: {} }),
      });
      return response.status === 401 || response.status === 403 ? 'unauthorised' : 'reachable';
    } catch {
      return 'unreachable';
    }
  };

  /** Says why the link is down and when it is tried again; a refused token is not retried by itself. */
  const explainAndRetry = async (wasOpen: boolean): Promise<void> => {
    const why = await probe();
    if (socket !== null || listeners.size === 0) return;
    attempts += 1;
    if (why === 'unauthorised') {
      dispatch({ kind: 'connection-state', state: 'unauthorised', message: NOT_AUTHORISED, retryAt: null, attempts });
      return;
    }
    const delay = reconnectDelay;
    reconnectDelay = Math.min(reconnectDelay * 2, RECONNECT_MAX_MS);
    const what =
      why === 'unreachable'
        ? 'Cannot reach the Co-Scientist web host: it may have stopped. If it did, start it again (`npm run web`) and open the new address it prints.'
        : wasOpen
          ? 'Lost the live connection to the Co-Scientist web host; the page may show stale data until it is back.'
          : 'The Co-Scientist web host answers but did not accept the live connection; the page may show stale data until it does.';
    dispatch({ kind: 'connection-state', state: 'reconnecting', message: what, retryAt: Date.now() + delay, attempts });
    reconnectTimer = win.setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, delay);
  };

  const connect = (): void => {
    if (token === null || socket !== null) return;
    const url = `${win.location.protocol === 'https:' ? 'wss' : 'ws'}://${win.location.host}/api/events`;
    const ws = new WebSocket(url, [EVENTS_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`]);
    socket = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      reconnectDelay = RECONNECT_MIN_MS;
      attempts = 0;
      dispatch({ kind: 'connection-state', state: 'connected', message: null, retryAt: null, attempts: 0 });
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
      void explainAndRetry(opened);
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
      let body: string;
      try {
        body = await response.text();
      } catch {
        return { ok: false, error: { code: 'SERVER_UNAVAILABLE', message: `The answer to ${route} was cut off on its way from the web host. Try again.` } };
      }
      try {
        // The host checked the answer against the route's output schema before sending it, or (a
        // leaderboard page) passed on the JSON its research server checked (src-main/host/checkedJson.ts).
        // It is parsed whole or not at all: a broken answer shows as an error, never as part of a page.
        return JSON.parse(body) as Result<RouteOutput<typeof route>>;
      } catch (error) {
        const why = error instanceof Error ? ` (${error.message})` : '';
        const message = response.ok
          ? `The web host's answer to ${route} is not valid JSON${why}; nothing of it is shown.`
          : `The web host answered ${route} with HTTP ${response.status}.`;
        return { ok: false, error: { code: 'INTERNAL', message } };
      }
    },

    onEvent(listener) {
      listeners.add(listener);
      if (token === null) listener({ kind: 'connection-state', state: 'unauthorised', message: NOT_AUTHORISED, retryAt: null, attempts: 0 });
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

    reconnect() {
      if (socket !== null) return;
      if (reconnectTimer !== null) win.clearTimeout(reconnectTimer);
      reconnectTimer = null;
      // The backoff is kept: a host that is still away is not asked faster because of one click.
      connect();
    },
  };
}
