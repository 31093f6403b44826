// WebSocket /api/events: the HTTP form of `window.cosci.onEvent`. Each connected page receives
// every HostEvent as one JSON text message, starting with the server's current state so a page
// that (re)connects never shows a stale indicator.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { HostEvent } from '../../src-shared/routes/index.js';
import type { ServerStatus } from '../host/serverConnection.js';
import type { Logger } from '../host/log.js';
import { EVENTS_PROTOCOL } from './security.js';

export interface EventSource {
  onEvent(listener: (event: HostEvent) => void): () => void;
  serverStatus(): ServerStatus;
}

/** Detects pages that vanished without a close frame (sleeping laptop, killed tab). */
const HEARTBEAT_MS = 30_000;

export class EventSocketServer {
  readonly #source: EventSource;
  readonly #log: Logger;
  readonly #wss: WebSocketServer;
  readonly #alive = new WeakMap<WebSocket, boolean>();
  readonly #heartbeat: NodeJS.Timeout;

  constructor(source: EventSource, log: Logger) {
    this.#source = source;
    this.#log = log;
    this.#wss = new WebSocketServer({
      noServer: true,
      maxPayload: 4096, // pages never send anything but control frames
      handleProtocols: (offered) => (offered.has(EVENTS_PROTOCOL) ? EVENTS_PROTOCOL : false),
    });
    this.#heartbeat = setInterval(() => this.#checkAlive(), HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  /** Completes an upgrade the caller has already authorised. */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.#wss.handleUpgrade(req, socket, head, (ws) => this.#attach(ws));
  }

  get clientCount(): number {
    return this.#wss.clients.size;
  }

  /** Says goodbye to every page and stops the heartbeat. */
  async close(): Promise<void> {
    clearInterval(this.#heartbeat);
    for (const ws of this.#wss.clients) ws.close(1001, 'Co-Scientist is shutting down');
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
    for (const ws of this.#wss.clients) ws.terminate();
  }

  #attach(ws: WebSocket): void {
    this.#alive.set(ws, true);
    const send = (event: HostEvent): void => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(event));
    };
    const status = this.#source.serverStatus();
    send({ kind: 'server-state', state: status.state, message: status.message });
    const unsubscribe = this.#source.onEvent(send);
    ws.on('pong', () => this.#alive.set(ws, true));
    ws.on('close', unsubscribe);
    ws.on('error', (error) => this.#log.warn(`event socket: ${error.message}`));
    // Pages only listen; anything they send is ignored rather than interpreted.
    ws.on('message', () => undefined);
  }

  #checkAlive(): void {
    for (const ws of this.#wss.clients) {
      if (this.#alive.get(ws) === false) {
        ws.terminate();
        continue;
      }
      this.#alive.set(ws, false);
      ws.ping();
    }
  }
}
