// The web host's HTTP server on 127.0.0.1: the built renderer as static files, the API as
// POST /api/invoke and WebSocket /api/events. Every request must name our Host; API requests
// must also come from our Origin and carry the token (see security.ts for why each check).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from '../host/log.js';
import { describeError } from '../host/log.js';
import { EventSocketServer, type EventSource } from './eventSocket.js';
import { handleInvoke, type Invoke } from './invokeEndpoint.js';
import {
  LOOPBACK,
  bearerToken,
  hostAllowed,
  originAllowed,
  originFor,
  securityHeaders,
  socketToken,
  tokenMatches,
} from './security.js';
import { serveStatic } from './staticFiles.js';

export interface WebServerOptions {
  /** invokeWire, where given, answers a leaderboard page as the server's JSON text, written on as it is. */
  host: EventSource & { invoke: Invoke; invokeWire?: Invoke };
  /** The built renderer (dist/renderer). */
  rendererDir: string;
  token: string;
  log: Logger;
}

export interface WebServer {
  /** Listens on 127.0.0.1 (`port` 0 picks a free one) and returns the page URL including the token. */
  listen(port: number): Promise<{ port: number; url: string }>;
  close(): Promise<void>;
}

export const INVOKE_PATH = '/api/invoke';
export const EVENTS_PATH = '/api/events';

export function createWebServer(options: WebServerOptions): WebServer {
  const { host, rendererDir, token, log } = options;
  const events = new EventSocketServer(host, log.child('events'));
  let port = 0;
  let server: Server | null = null;

  const plain = (res: ServerResponse, status: number, message: string, extra: Record<string, string> = {}): void => {
    res.writeHead(status, { ...securityHeaders(port), 'Content-Type': 'text/plain; charset=utf-8', ...extra }).end(`${message}\n`);
  };

  const handleRequest = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!hostAllowed(req.headers, port)) return plain(res, 403, `Forbidden: use ${originFor(port)}.`);
    const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
    if (!pathname.startsWith('/api/')) return serveStatic(req, res, rendererDir, securityHeaders(port));

    if (!originAllowed(req.headers, port)) return plain(res, 403, 'Forbidden: cross-origin API request.');
    if (!tokenMatches(bearerToken(req.headers), token)) {
      return plain(res, 401, 'Unauthorized: missing or wrong access token.', { 'WWW-Authenticate': 'Bearer' });
    }
    if (pathname === INVOKE_PATH) {
      if (req.method !== 'POST') return plain(res, 405, 'Method not allowed.', { Allow: 'POST' });
      return handleInvoke(req, res, host.invokeWire ?? host.invoke, securityHeaders(port));
    }
    if (pathname === EVENTS_PATH) return plain(res, 426, 'Upgrade required: open this path as a WebSocket.', { Upgrade: 'websocket' });
    return plain(res, 404, 'Not found.');
  };

  const handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const refuse = (status: string): void => {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    const pathname = (req.url ?? '/').split('?', 1)[0];
    if (pathname !== EVENTS_PATH) return refuse('404 Not Found');
    if (!hostAllowed(req.headers, port) || !originAllowed(req.headers, port)) return refuse('403 Forbidden');
    if (!tokenMatches(socketToken(req.headers), token)) return refuse('401 Unauthorized');
    events.accept(req, socket, head);
  };

  return {
    listen(requestedPort) {
      return new Promise((resolve, reject) => {
        const created = createServer((req, res) => {
          handleRequest(req, res).catch((error: unknown) => {
            log.error(`${req.method ?? '?'} ${pathnameForLog(req)} failed`, error);
            if (!res.headersSent) plain(res, 500, 'Internal error.');
            else res.destroy();
          });
        });
        created.on('upgrade', handleUpgrade);
        created.on('clientError', (error, socket) => {
          log.warn(`bad HTTP request: ${describeError(error)}`);
          socket.destroy();
        });
        created.once('error', reject);
        // Loopback only: the API must never be reachable from another machine.
        created.listen(requestedPort, LOOPBACK, () => {
          created.off('error', reject);
          server = created;
          port = (created.address() as AddressInfo).port;
          resolve({ port, url: `${originFor(port)}/?token=${token}` });
        });
      });
    },
    async close() {
      await events.close();
      const current = server;
      server = null;
      if (!current) return;
      await new Promise<void>((resolve) => {
        current.close(() => resolve());
        current.closeAllConnections();
      });
    },
  };
}

/** The path without its query string: the first page's query carries the token. */
function pathnameForLog(req: IncomingMessage): string {
  return (req.url ?? '/').split('?', 1)[0] ?? '/';
}
