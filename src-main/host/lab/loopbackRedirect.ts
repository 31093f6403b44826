// The desktop app's redirect URI for a lab sign-in (RFC 8252, OAuth for native apps): a listener
// on the loopback interface at an ephemeral port, `http://127.0.0.1:<port>/callback`, opened for
// one sign-in and closed after it. The authorization server sends the browser back here with the
// code; the `state` must be the one this sign-in sent (CSRF, a code injected from another
// sign-in), else the sign-in fails. Nothing but a loopback address is ever used as a redirect.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]']);

/** Throws unless `uri` is a loopback http redirect (RFC 8252 §7.3): the code must never leave this computer. */
export function assertLoopbackRedirect(uri: string): URL {
  const url = new URL(uri);
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname) || url.port === '') {
    throw new Error(`Refusing the redirect URI ${uri}: a desktop sign-in comes back only to http://127.0.0.1:<port> (RFC 8252).`);
  }
  return url;
}

export interface CallbackParams {
  code: string;
  /** RFC 9207: the issuer that answered, when it says. */
  iss: string | undefined;
}

export interface LoopbackRedirect {
  redirectUri: string;
  /** Resolves with the code of the callback carrying `state`; rejects on a mismatched state, an error answer, or close(). */
  callback: Promise<CallbackParams>;
  close(): Promise<void>;
}

const PAGE = (title: string, text: string): string =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><body style="font-family:system-ui;margin:3rem"><h1>${title}</h1><p>${text}</p></body>`;

export async function openLoopbackRedirect(state: string, host = '127.0.0.1'): Promise<LoopbackRedirect> {
  const bracketed = host.includes(':') ? `[${host}]` : host;
  // Checked before anything listens: a listener off loopback would take the code from the network.
  assertLoopbackRedirect(`http://${bracketed}:1/callback`);
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const redirectUri = assertLoopbackRedirect(`http://${bracketed}:${port}/callback`).href;
  let settle!: { resolve: (params: CallbackParams) => void; reject: (error: Error) => void };
  const callback = new Promise<CallbackParams>((resolve, reject) => (settle = { resolve, reject }));
  // A failure nobody awaited yet must not be an unhandled rejection.
  callback.catch(() => undefined);
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', redirectUri);
    if (url.pathname !== '/callback') {
      res.writeHead(404).end();
      return;
    }
    const answer = (status: number, title: string, text: string): void => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(PAGE(title, text));
    };
    if (url.searchParams.get('state') !== state) {
      answer(400, 'Sign-in refused', 'This answer does not belong to the sign-in Co-Scientist started. Start again from Settings.');
      settle.reject(new Error('The sign-in came back with another state than the one sent: refused (it may have been started elsewhere). Sign in again.'));
      return;
    }
    const error = url.searchParams.get('error');
    const code = url.searchParams.get('code');
    if (error !== null || code === null) {
      answer(400, 'Sign-in failed', 'The lab\'s sign-in service did not grant access. You can close this tab.');
      settle.reject(new Error(`The lab's sign-in service answered ${error ?? 'without a code'}${url.searchParams.get('error_description') ? `: ${url.searchParams.get('error_description')}` : ''}.`));
      return;
    }
    answer(200, 'Signed in', 'You can close this tab and return to Co-Scientist.');
    settle.resolve({ code, iss: url.searchParams.get('iss') ?? undefined });
  });
  return {
    redirectUri,
    callback,
    close: () =>
      new Promise<void>((resolve) => {
        settle.reject(new Error('The sign-in was cancelled.'));
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
