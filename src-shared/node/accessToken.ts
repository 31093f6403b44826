// The random bearer token a loopback server prints at start, and its check: one implementation for
// the web host (src-main/web/security.ts) and the lab server's token mode
// (src-mcp/runtime/http/auth/staticToken.ts).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: URL-safe and a valid WebSocket subprotocol token. */
export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison; hashing first makes the inputs equal-length without leaking the token's length. */
export function tokenMatches(presented: string | null | undefined, expected: string): boolean {
  if (typeof presented !== 'string' || presented === '') return false;
  const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
