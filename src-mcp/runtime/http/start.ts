// Starts a lab server: the stdio server's tools, scopes and audit behind MCP Streamable HTTP
// (`co-scientist serve --http`, README *Run a lab server*). State lives in the database; the
// process keeps only caches, so replicas on one data folder answer any request alike.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeDatabase, openStore } from '../../store/database.js';
import { ChangeFeed } from '../../mcp/notifications/changeFeed.js';
import { knowledgeGrounding, knowledgeVerifier } from '../knowledgeGrounding.js';
import { isWorkerAlive } from '../workerIdentity.js';
import { drainReadAudit } from '../../mcp/audit/readAudit.js';
import { WalCheckpointer } from '../../store/walCheckpointer.js';
import { reportAuditTail } from '../start.js';
import type { Authenticator } from './auth/authenticator.js';
import { issuerAuthenticator } from './auth/issuerAuthenticator.js';
import { introspectionCredentialsFrom } from './auth/introspection.js';
import { roleRuleFrom } from './auth/labIdentity.js';
import { resourceMetadataUrl } from './auth/resourceMetadata.js';
import { newServerToken, staticTokenAuthenticator } from './auth/staticToken.js';
import { CallerBuckets, requestsPerMinuteFrom } from './callerBuckets.js';
import { createEndpoint } from './endpoint.js';
import { defaultResource, HTTP_SERVE_USAGE, parseHttpServeArgs, type HttpServeOptions } from './options.js';
import { MAX_BODY_BYTES } from './requestBody.js';
import { allowedPlaces } from './requestGuards.js';
import { closeOnSignals, startFromArgs } from '../processEntry.js';

/** Receiving a whole request (headers and body) may take this long (slowloris). */
const REQUEST_RECEIVE_TIMEOUT_MS = 30_000;
const HEADERS_TIMEOUT_MS = 10_000;
/** One MCP exchange (a tool call) may take this long before it is cancelled. */
const EXCHANGE_TIMEOUT_MS = 120_000;

export interface RunningHttpServer {
  /** The MCP endpoint this process listens on. */
  url: string;
  resource: URL;
  /** Token mode: the bearer token clients must send. */
  token: string | undefined;
  close(): Promise<void>;
}

export async function startHttpServer(options: HttpServeOptions, version: string, env: NodeJS.ProcessEnv = process.env): Promise<RunningHttpServer> {
  const requestsPerMinute = requestsPerMinuteFrom(env);
  // The change feed below tails the store from the start: PostgreSQL's listener connects meanwhile.
  const db = await openStore(options.dataDir, options.database, { watchChanges: true });
  await reportAuditTail(db);
  const checkpointer = new WalCheckpointer(db, { delayMs: 300 }).start();
  const feed = await ChangeFeed.open(db);
  feed.start();
  const server = http.createServer();
  server.requestTimeout = REQUEST_RECEIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve((server.address() as AddressInfo).port));
  }).catch(async (error: unknown) => {
    feed.stop();
    await checkpointer.stop();
    await closeDatabase(db);
    throw error;
  });
  const resource = options.resource ?? defaultResource(options.host, port);
  const token = options.issuers.length === 0 ? newServerToken() : undefined;
  const authenticator: Authenticator =
    token !== undefined
      ? staticTokenAuthenticator(token)
      : issuerAuthenticator({ issuers: options.issuers, resource: resource.href, resourceMetadataUrl: resourceMetadataUrl(resource), roles: roleRuleFrom(env), introspection: introspectionCredentialsFrom(env) });
  const endpoint = createEndpoint({
    shared: { db, dataDir: options.dataDir, feed, now: () => new Date(), grounding: knowledgeGrounding(db), verifyCitation: knowledgeVerifier(db), ownerAlive: (owner) => isWorkerAlive(owner) },
    version,
    resource,
    issuers: options.issuers,
    authenticator,
    buckets: new CallerBuckets(requestsPerMinute),
    places: allowedPlaces(resource, options.host, port),
    maxBodyBytes: MAX_BODY_BYTES,
    exchangeTimeoutMs: EXCHANGE_TIMEOUT_MS,
  });
  server.on('request', (req, res) => {
    endpoint.handle(req, res).catch((error: unknown) => {
      console.error('[co-scientist] http: request failed:', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"server_error"}');
      else res.destroy();
    });
  });
  const hostPart = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${hostPart}:${port}${resource.pathname}`;
  let closing: Promise<void> | undefined;
  const closeOnce = async (): Promise<void> => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await endpoint.close().catch(() => undefined);
    feed.stop();
    await checkpointer.stop();
    const left = await drainReadAudit(db).catch(() => -1);
    if (left !== 0) console.error(`[co-scientist] audit: queued read rows could not all be appended at exit`);
    await closeDatabase(db);
  };
  return { url, resource, token, close: async () => (closing ??= closeOnce()) };
}

/** The process entry of `co-scientist serve --http`. */
export async function runHttpServerProcess(argv: readonly string[], version: string): Promise<void> {
  const started = await startFromArgs(argv, parseHttpServeArgs, HTTP_SERVE_USAGE, (options) => startHttpServer(options, version));
  if (started === null) return;
  const { options, running } = started;
  // stdout is ours here (this is not the stdio server): the address, and in token mode the token.
  process.stdout.write(`Co-Scientist lab server listening on ${running.url}\n`);
  if (running.resource.href !== running.url) process.stdout.write(`Public resource (token audience): ${running.resource.href}\n`);
  if (running.token !== undefined) process.stdout.write(`Bearer token: ${running.token}\n`);
  else process.stdout.write(`Issuers: ${options.issuers.join(', ')}\n`);
  console.error(`[co-scientist] data in ${options.dataDir}`);
  closeOnSignals(() => running.close());
}
