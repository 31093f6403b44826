// Token mode (no --issuer): one random bearer token printed at start, as the web host does
// (src-main/web/security.ts), on loopback only (options.ts refuses anything else). The holder is
// treated as one assistant client, `http`, whose scopes the scientist sets under Assistants like
// any other's (mcp/identity.ts, resolvePolicy).
import { tokenMatches } from '../../../../src-shared/node/accessToken.js';
import type { Authenticator, AuthOutcome } from './authenticator.js';
import { readBearer } from './bearer.js';
import { identityKey } from './labIdentity.js';

/** The client id of token-mode callers in the audit log and the policies table. */
export const TOKEN_MODE_CLIENT = 'http';

export { newAccessToken as newServerToken } from '../../../../src-shared/node/accessToken.js';

export function staticTokenAuthenticator(expected: string): Authenticator {
  return {
    async authenticate(authorization): Promise<AuthOutcome> {
      const bearer = readBearer(authorization);
      if (bearer.kind === 'absent') return { ok: false, problem: 'absent', reason: 'no Authorization header' };
      if (bearer.kind === 'malformed') return { ok: false, problem: 'malformed', reason: 'the Authorization header is not "Bearer <token>"' };
      if (!tokenMatches(bearer.token, expected)) return { ok: false, problem: 'invalid_token', reason: 'not the token this server printed at start' };
      return {
        ok: true,
        identity: {
          key: identityKey(null, 'token-holder', TOKEN_MODE_CLIENT),
          issuer: null,
          subject: 'token-holder',
          displayName: 'the holder of the server token',
          clientId: TOKEN_MODE_CLIENT,
          grant: 'stored-policy',
          expiresAt: Number.MAX_SAFE_INTEGER,
        },
      };
    },
  };
}
