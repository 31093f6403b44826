// The web host's gatekeeping (architecture.md, *Processes*: random token, Origin check, 127.0.0.1 only).
// Any web page the scientist visits can send requests to 127.0.0.1, and a rebound DNS name can
// even make them same-origin, so every API call must prove three things: it names our Host
// (defeats DNS rebinding), it comes from our Origin (defeats cross-site requests and sockets),
// and it carries the token printed at start (defeats other local users and processes' guesses).
import type { IncomingHttpHeaders } from 'node:http';

export const LOOPBACK = '127.0.0.1';

/** The WebSocket subprotocol we select; a browser cannot set headers on a socket, so the token rides next to it. */
export const EVENTS_PROTOCOL = 'cosci.events';
export const TOKEN_PROTOCOL_PREFIX = 'cosci.token.';

export { newAccessToken, tokenMatches } from '../../src-shared/node/accessToken.js';

export function originFor(port: number): string {
  return `http://${LOOPBACK}:${port}`;
}

/** The Host header must name exactly our address; a rebound DNS name (evil.example:port) fails here. */
export function hostAllowed(headers: IncomingHttpHeaders, port: number): boolean {
  return headers.host === `${LOOPBACK}:${port}`;
}

/** API calls must come from our own page: browsers always send Origin on POST and on WebSocket upgrades. */
export function originAllowed(headers: IncomingHttpHeaders, port: number): boolean {
  return headers.origin === originFor(port);
}

export function bearerToken(headers: IncomingHttpHeaders): string | null {
  const match = /^Bearer ([A-Za-z0-9_-]+)$/.exec(headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The token offered as a `cosci.token.<token>` subprotocol on a WebSocket upgrade. */
export function socketToken(headers: IncomingHttpHeaders): string | null {
  const offered = (headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
  const carrier = offered.find((p) => p.startsWith(TOKEN_PROTOCOL_PREFIX));
  return carrier ? carrier.slice(TOKEN_PROTOCOL_PREFIX.length) : null;
}

/**
 * Scripts, styles and connections only from ourselves; no inline script, no framing, no plugins.
 * The renderer's own <meta> CSP is the same policy for Electron; the browser enforces both.
 */
export function contentSecurityPolicy(port: number): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ws://${LOOPBACK}:${port}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers on every response, static or API. */
export function securityHeaders(port: number): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(port),
    'X-Content-Type-Options': 'nosniff',
    // The first page URL carries the token: never send it to anyone as a Referer.
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}
