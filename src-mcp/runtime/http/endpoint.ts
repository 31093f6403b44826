// The HTTP request handler of a lab server: /healthz, the RFC 9728 metadata, and /mcp behind the
// Host/Origin checks, authentication, the caller's rate limit, the body limit and the scope
// challenge (a tool the token's scopes do not cover: 403 insufficient_scope), answered by the
// official SDK's handler (createMcpHandler: 2026-07-28 per request, 2025-11-25 through its
// stateless fallback) with one McpServer per request from the stdio server's own factory, built
// with only the part of the surface the request's method needs (mcp/requestSurface.ts). Change
// notifications: the process's change feed (which tails the shared database, so it sees every
// replica's writes) is published on the handler's bus, which the SDK serves to 2026-07-28 clients'
// subscriptions/listen streams (each bounded by the exchange timeout, so a listener
// re-authenticates at least that often). 2025-era clients over stateless HTTP get none.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { createMcpHandler, type AuthInfo, type McpHttpHandler } from '@modelcontextprotocol/server';
import { createMcpServer } from '../createServer.js';
import { announcementsOf } from '../../mcp/notifications/notifier.js';
import { toolCatalog } from '../../mcp/toolCatalog.js';
import type { Authenticator } from './auth/authenticator.js';
import { bearerChallenge } from './auth/bearer.js';
import { personKey, type LabIdentity } from './auth/labIdentity.js';
import { resourceMetadataDocument, resourceMetadataPaths } from './auth/resourceMetadata.js';
import { callerContext, callerName, type SharedParts } from './callerContext.js';
import type { CallerBuckets } from './callerBuckets.js';
import { anonymousCaller, refuse } from './refusals.js';
import { discardRest, messagesOf, readBody } from './requestBody.js';
import { requestSurfaceOf, type RequestSurface } from '../../mcp/requestSurface.js';
import { scopeShortfallOf } from './scopeChallenge.js';
import { hostAllowed, originAllowed, type AllowedPlaces } from './requestGuards.js';

export interface EndpointOptions {
  shared: SharedParts;
  version: string;
  resource: URL;
  issuers: readonly string[];
  authenticator: Authenticator;
  buckets: CallerBuckets;
  places: AllowedPlaces;
  maxBodyBytes: number;
  /** How long one MCP exchange may take before it is cancelled. */
  exchangeTimeoutMs: number;
}

// What the endpoint hands the server factory through the SDK's authInfo.extra, its one per-request channel.
const IDENTITY_KEY = 'cosciIdentity';
const SURFACE_KEY = 'cosciSurface';

export interface Endpoint {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

export function createEndpoint(options: EndpointOptions): Endpoint {
  const { shared, version, resource, authenticator, buckets, places } = options;
  const metadataPaths = new Set(resourceMetadataPaths(resource));
  const mcp: McpHttpHandler = createMcpHandler(
    ({ era, authInfo }) => {
      const identity = authInfo?.extra?.[IDENTITY_KEY] as LabIdentity | undefined;
      // The endpoint passes every request through authentication first: no identity is a bug here.
      if (identity === undefined) throw new Error('an MCP request reached the server without an authenticated caller');
      const surface = (authInfo?.extra?.[SURFACE_KEY] as RequestSurface | undefined) ?? 'whole';
      return createMcpServer(callerContext(shared, identity, buckets.of(personKey(identity)).costlyCalls), era, version, surface);
    },
    { onerror: (error) => console.error(`[co-scientist] http: ${error.message}`), maxRequestBodySize: options.maxBodyBytes },
  );

  const stopAnnouncing = shared.feed.subscribe((events) => {
    const { listChanged, updated } = announcementsOf(events);
    if (listChanged) mcp.notify.resourcesChanged();
    for (const uri of updated) mcp.notify.resourceUpdated(uri);
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://placeholder').pathname;
    const anonymous = anonymousCaller(req.socket.remoteAddress);
    if (path === '/healthz') return answerJson(res, 200, { status: 'ok', version });

    if (!hostAllowed(req.headers.host, places)) {
      return refuse(shared.db, res, { status: 403, code: 'foreign_host', reason: `Host ${JSON.stringify(req.headers.host ?? '')} is neither this server's public address nor the one it listens on.`, who: anonymous, method, path });
    }
    const origin = req.headers.origin;
    if (!originAllowed(origin, places)) {
      return refuse(shared.db, res, { status: 403, code: 'foreign_origin', reason: `Origin ${JSON.stringify(origin)} may not call this server.`, who: anonymous, method, path, details: { origin } });
    }
    if (metadataPaths.has(path) && options.issuers.length > 0) {
      if (method !== 'GET' && method !== 'HEAD') return answerJson(res, 405, { error: 'method_not_allowed' }, { allow: 'GET' });
      return answerJson(res, 200, resourceMetadataDocument(resource, options.issuers), { 'access-control-allow-origin': '*' });
    }
    if (path !== resource.pathname) return answerJson(res, 404, { error: 'not_found', error_description: `Nothing here; the MCP endpoint is ${resource.pathname}.` });

    const auth = await authenticator.authenticate(req.headers.authorization ?? null);
    if (!auth.ok) {
      const error = auth.problem === 'absent' ? undefined : auth.problem === 'malformed' ? ('invalid_request' as const) : ('invalid_token' as const);
      const challenge = bearerChallenge({ resourceMetadataUrl: authenticator.resourceMetadataUrl, error, description: error === undefined ? undefined : auth.reason });
      return refuse(shared.db, res, {
        status: auth.problem === 'malformed' ? 400 : 401,
        code: error ?? 'invalid_token',
        reason: auth.problem === 'absent' ? 'This server needs a bearer token.' : `The bearer token was refused: ${auth.reason}.`,
        who: anonymous,
        method,
        path,
        headers: { 'www-authenticate': challenge },
      });
    }
    const identity = auth.identity;
    const who = callerName(identity);
    const rate = buckets.of(personKey(identity)).requests.take();
    if (!rate.allowed) {
      return refuse(shared.db, res, { status: 429, code: 'rate_limit_exceeded', reason: `Too many requests from ${who}; retry after ${rate.retryAfterSeconds} s.`, who, method, path, headers: { 'retry-after': String(rate.retryAfterSeconds) } });
    }
    const body = method === 'POST' ? await readBody(req, options.maxBodyBytes) : { ok: true as const, body: undefined };
    if (!body.ok) {
      refuse(shared.db, res, { status: 413, code: 'payload_too_large', reason: `The request body is over ${options.maxBodyBytes} bytes.`, who, method, path, details: { declared_bytes: body.declared ?? null, received_bytes: body.received } });
      discardRest(req, body.received);
      return;
    }
    const messages = messagesOf(body.body);
    const shortfall = await scopeShortfallOf(messages, identity, toolCatalog);
    if (shortfall !== undefined) {
      const scope = shortfall.required.join(' ');
      const reason = `${shortfall.tool} needs the scope${shortfall.required.length > 1 ? 's' : ''} ${scope}; this token lacks ${shortfall.missing.join(', ')}.`;
      const challenge = bearerChallenge({ resourceMetadataUrl: authenticator.resourceMetadataUrl, error: 'insufficient_scope', description: reason, scope });
      return refuse(shared.db, res, { status: 403, code: 'insufficient_scope', reason, who, method, path, headers: { 'www-authenticate': challenge }, details: { tool: shortfall.tool, required: shortfall.required, missing: shortfall.missing } });
    }
    await serveMcp(req, res, body.body, identity, requestSurfaceOf(messages));
  }

  async function serveMcp(req: IncomingMessage, res: ServerResponse, body: Buffer | undefined, identity: LabIdentity, surface: RequestSurface): Promise<void> {
    // Cancelled when the client goes away or the exchange runs over its time (the SDK aborts the call).
    const exchange = new AbortController();
    const timer = setTimeout(() => exchange.abort(new Error('exchange timed out')), options.exchangeTimeoutMs).unref();
    res.once('close', () => exchange.abort());
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const request = new Request(new URL(req.url ?? '/', resource.origin), { method: req.method, headers, body: body === undefined ? undefined : new Uint8Array(body), signal: exchange.signal });
    const authInfo: AuthInfo = {
      token: 'verified',
      clientId: identity.clientId,
      scopes: identity.grant === 'stored-policy' ? [] : identity.grant.scopes,
      expiresAt: identity.expiresAt,
      resource,
      extra: { [IDENTITY_KEY]: identity, [SURFACE_KEY]: surface },
    };
    try {
      const response = await mcp.fetch(request, { authInfo });
      await writeResponse(res, response);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    handle,
    close: () => {
      stopAnnouncing();
      return mcp.close();
    },
  };
}

function answerJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/** Writes a web Response to Node's response, streaming an SSE body with backpressure. */
async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (response.body === null) {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>);
  await new Promise<void>((resolve) => {
    body.once('error', () => {
      res.destroy();
      resolve();
    });
    res.once('close', () => {
      body.destroy();
      resolve();
    });
    body.pipe(res);
  });
}
