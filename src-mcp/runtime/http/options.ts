// The command line of `co-scientist serve --http` (README, *Run a lab server*; issue 31):
//   serve --http [--host 127.0.0.1] [--port 8787] [--issuer <URL>]... [--resource <public URL of /mcp>] [--data-dir DIR]
import { parseArgs } from 'node:util';
import { resolveDataDir } from '../../../src-shared/node/dataDir.js';
import { resolveDatabaseLocation, type DatabaseLocation } from '../../../src-shared/node/databaseUrl.js';

export const HTTP_SERVE_USAGE =
  'Usage: co-scientist serve --http [--host 127.0.0.1] [--port 8787] [--issuer <URL>]... [--resource <public URL of /mcp>] [--data-dir <dir>] [--database <postgres URL>]';

export const DEFAULT_HTTP_HOST = '127.0.0.1';
export const DEFAULT_HTTP_PORT = 8787;
/** The path the MCP endpoint is served at when --resource does not say otherwise. */
export const DEFAULT_MCP_PATH = '/mcp';

export interface HttpServeOptions {
  host: string;
  /** 0 picks a free port (tests); the URL printed at start names the real one. */
  port: number;
  /** The lab's authorization servers; empty: token mode (loopback only, a printed random token). */
  issuers: string[];
  /** The public URL of the MCP endpoint (the token audience); undefined: http://<host>:<port>/mcp once the port is known. */
  resource: URL | undefined;
  dataDir: string;
  /** `--database` / COSCI_DATABASE_URL; absent: the SQLite file in the data folder. */
  database?: DatabaseLocation;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(host);
}

/** `argv` without the leading `--http`'s meaning lost: it must be there. */
export function parseHttpServeArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): HttpServeOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      http: { type: 'boolean' },
      host: { type: 'string' },
      port: { type: 'string' },
      issuer: { type: 'string', multiple: true },
      resource: { type: 'string' },
      'data-dir': { type: 'string' },
      database: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.http !== true) throw new Error('serve over HTTP needs --http.');
  const host = values.host ?? DEFAULT_HTTP_HOST;
  if (host === '' || /[\s/]/.test(host)) throw new Error(`Invalid --host "${host}": give an IP address or a host name, e.g. 127.0.0.1 or 0.0.0.0.`);
  const port = parsePort(values.port);
  const issuers = (values.issuer ?? []).map(parseIssuer);
  if (issuers.length === 0 && !isLoopbackHost(host)) {
    throw new Error(
      `Refusing to listen on ${host} without --issuer: without a lab authorization server the only protection is a token printed on this computer, which is safe on loopback (127.0.0.1) only. Give --issuer <URL of your identity provider>, or listen on 127.0.0.1.`,
    );
  }
  const dataDir = resolveDataDir({ flag: values['data-dir'], env });
  return {
    host,
    port,
    issuers: [...new Set(issuers)],
    resource: values.resource === undefined ? undefined : parseResource(values.resource),
    dataDir,
    database: resolveDatabaseLocation({ flag: values.database, env, dataDir }),
  };
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_HTTP_PORT;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65_535) throw new Error(`Invalid --port "${raw}": give a whole number from 0 to 65535 (0 picks a free port).`);
  return port;
}

function parseIssuer(raw: string): string {
  const url = parseUrl(raw, '--issuer');
  // RFC 8414 §2 / OpenID Discovery: an issuer has no query or fragment.
  if (url.search !== '' || url.hash !== '') throw new Error(`Invalid --issuer "${raw}": an issuer URL has no query or fragment.`);
  requireHttpsOutsideLoopback(url, '--issuer');
  // Kept as typed: the token's `iss` must equal it exactly (RFC 9068 §4), trailing slash and all.
  return raw;
}

function parseResource(raw: string): URL {
  const url = parseUrl(raw, '--resource');
  if (url.hash !== '') throw new Error(`Invalid --resource "${raw}": a resource indicator has no fragment (RFC 8707 §2).`);
  requireHttpsOutsideLoopback(url, '--resource');
  return url;
}

function parseUrl(raw: string, flag: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`Invalid ${flag} "${raw}": give an absolute URL such as https://login.lab.example/realms/lab.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`Invalid ${flag} "${raw}": use an https:// URL.`);
  return url;
}

function requireHttpsOutsideLoopback(url: URL, flag: string): void {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol === 'http:' && !isLoopbackHost(hostname)) {
    throw new Error(`Invalid ${flag} "${url.href}": tokens must not cross the network in clear text; use https:// (http:// is accepted for loopback addresses only).`);
  }
}

/** http://<host>:<port>/mcp, with an IPv6 host in brackets. */
export function defaultResource(host: string, port: number): URL {
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return new URL(`http://${hostPart}:${port}${DEFAULT_MCP_PATH}`);
}
