// The web host's HTTP server over real loopback sockets, with a fake host behind it: every API
// request and socket must pass the Host, Origin and token checks; static files stay in their folder.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostEvent, Result } from '../../../../src-shared/routes/index.js';
import type { ServerStatus } from '../../../../src-main/host/serverConnection.js';
import { createWebServer, type WebServer } from '../../../../src-main/web/webServer.js';
import { silentLogger } from '../host/fakes.js';
import { removeTempDirs, tempDir } from '../../../support/realServer.js';

const TOKEN = 'test-token_0123456789abcdefghijklmnopqrstuvw';

/** A host that echoes calls and lets the test push events. */
function fakeHost() {
  const listeners = new Set<(event: HostEvent) => void>();
  const calls: Array<{ route: string; input: unknown }> = [];
  return {
    calls,
    invoke: async (route: string, input: unknown): Promise<Result<unknown>> => {
      calls.push({ route, input });
      return { ok: true, data: { echoed: route } };
    },
    onEvent: (listener: (event: HostEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    serverStatus: (): ServerStatus => ({ state: 'ready', protocolVersion: '2025-11-25', message: null, pid: 1 }),
    emit: (event: HostEvent) => listeners.forEach((listener) => listener(event)),
    listenerCount: () => listeners.size,
  };
}

let rendererDir: string;
let host: ReturnType<typeof fakeHost>;
let web: WebServer;
let port: number;
let origin: string;

beforeAll(() => {
  const root = tempDir('web');
  rendererDir = path.join(root, 'renderer');
  fs.mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Co-Scientist</title>');
  fs.writeFileSync(path.join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  // Neighbours of the renderer folder that must never be served.
  fs.writeFileSync(path.join(root, 'secret.txt'), 'TOP SECRET');
  fs.symlinkSync(path.join(root, 'secret.txt'), path.join(rendererDir, 'assets', 'link.txt'));
});
afterAll(removeTempDirs);

async function startWeb(): Promise<void> {
  host = fakeHost();
  web = createWebServer({ host, rendererDir, token: TOKEN, log: silentLogger });
  const listening = await web.listen(0);
  port = listening.port;
  origin = `http://127.0.0.1:${port}`;
  expect(listening.url).toBe(`${origin}/?token=${TOKEN}`);
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(options: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: { host: `127.0.0.1:${port}`, ...options.headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const invoke = (headers: Record<string, string>, body = JSON.stringify({ route: 'projects.list', input: {} })) =>
  request({ method: 'POST', path: '/api/invoke', headers, body });

const goodHeaders = () => ({ origin, authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' });

describe('POST /api/invoke', () => {
  beforeAll(startWeb);
  afterAll(async () => web.close());

  it('passes an authorised call to the host and returns its Result', async () => {
    const reply = await invoke(goodHeaders());
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ ok: true, data: { echoed: 'projects.list' } });
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(host.calls.at(-1)).toEqual({ route: 'projects.list', input: {} });
  });

  it.each([
    ['a missing token', { authorization: '' }, 401],
    ['a wrong token', { authorization: `Bearer ${TOKEN}x` }, 401],
    ['the token in the wrong scheme', { authorization: `Basic ${TOKEN}` }, 401],
    ['a foreign Origin', { origin: 'http://evil.example' }, 403],
    ['a missing Origin', { origin: '' }, 403],
    ['a localhost Origin', { origin: `http://localhost:${0}` }, 403],
    ['a rebound Host name', { host: `evil.example:${0}` }, 403],
  ])('refuses %s', async (_what, override, status) => {
    const headers: Record<string, string> = { ...goodHeaders(), ...override };
    for (const [key, value] of Object.entries(headers)) {
      if (value === '') delete headers[key];
      else headers[key] = value.replace(':0', `:${port}`);
    }
    const before = host.calls.length;
    const reply = await invoke(headers);
    expect(reply.status).toBe(status);
    expect(host.calls.length).toBe(before);
  });

  it('refuses non-JSON bodies, malformed JSON and oversized bodies before reaching the host', async () => {
    const before = host.calls.length;
    expect((await invoke({ ...goodHeaders(), 'content-type': 'text/plain' })).status).toBe(415);
    expect((await invoke(goodHeaders(), '{"route":')).status).toBe(400);
    expect((await invoke(goodHeaders(), '{"input":{}}')).status).toBe(400);
    const big = await invoke(goodHeaders(), JSON.stringify({ route: 'projects.list', input: { pad: 'x'.repeat(1024 * 1024) } }));
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(host.calls.length).toBe(before);
  });

  it('answers other methods and API paths with 405 and 404', async () => {
    expect((await request({ path: '/api/invoke', headers: goodHeaders() })).status).toBe(405);
    expect((await request({ path: '/api/other', headers: goodHeaders() })).status).toBe(404);
  });
});

describe('static files', () => {
  beforeAll(startWeb);
  afterAll(async () => web.close());

  it('serves the renderer with its content type, CSP and nosniff', async () => {
    const index = await request({ path: '/?token=abc' });
    expect(index.status).toBe(200);
    expect(index.body).toContain('<title>Co-Scientist</title>');
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.headers['content-security-policy']).toContain(`connect-src 'self' ws://127.0.0.1:${port}`);
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    expect(index.headers['referrer-policy']).toBe('no-referrer');
    const script = await request({ path: '/assets/app.js' });
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it.each(['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/assets/link.txt', '/assets', '/missing.js'])(
    'never serves %s',
    async (url) => {
      const reply = await request({ path: url });
      expect(reply.status).toBe(404);
      expect(reply.body).not.toContain('TOP SECRET');
    },
  );

  it('refuses a page request for a rebound Host name', async () => {
    const reply = await request({ path: '/', headers: { host: 'evil.example' } });
    expect(reply.status).toBe(403);
    expect(reply.body).not.toContain('<title>');
  });
});

describe('WebSocket /api/events', () => {
  beforeAll(startWeb);
  afterAll(async () => web.close());

  function openSocket(options: { origin?: string; token?: string; path?: string }) {
    const protocols = ['cosci.events', ...(options.token === undefined ? [] : [`cosci.token.${options.token}`])];
    return new WebSocket(`ws://127.0.0.1:${port}${options.path ?? '/api/events'}`, protocols, {
      ...(options.origin === undefined ? {} : { origin: options.origin }),
    });
  }

  function rejection(ws: WebSocket): Promise<number> {
    return new Promise((resolve, reject) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => reject(new Error('the socket was accepted')));
      // A refused upgrade also emits an error after the response; a transport error is a real failure.
      ws.on('error', (error) => (error.message.startsWith('Unexpected server response') ? undefined : reject(error)));
    });
  }

  it('greets an authorised page with the server state, then relays host events', async () => {
    const ws = openSocket({ origin, token: TOKEN });
    const received: HostEvent[] = [];
    ws.on('message', (data) => received.push(JSON.parse(String(data)) as HostEvent));
    await new Promise((resolve) => ws.once('open', resolve));
    expect(ws.protocol).toBe('cosci.events');
    await expect.poll(() => received.length).toBe(1);

    host.emit({ kind: 'resource-updated', uri: 'research://projects' });

    await expect.poll(() => received).toEqual([
      { kind: 'server-state', state: 'ready', message: null },
      { kind: 'resource-updated', uri: 'research://projects' },
    ]);
    ws.close();
    await expect.poll(() => host.listenerCount()).toBe(0);
  });

  it.each([
    ['no token', { token: undefined }, 401],
    ['a wrong token', { token: 'nope' }, 401],
    ['a foreign Origin', { origin: 'http://evil.example' }, 403],
    ['no Origin', { origin: undefined }, 403],
    ['another path', { path: '/api/other' }, 404],
  ])('refuses a socket with %s', async (_what, override, status) => {
    const ws = openSocket({ origin, token: TOKEN, ...override });
    expect(await rejection(ws)).toBe(status);
    expect(host.listenerCount()).toBe(0);
  });
});
