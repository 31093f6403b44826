// What the HTTP endpoint asks of authentication: an identity, or why not (answered 401).
import type { LabIdentity } from './labIdentity.js';

export type AuthOutcome =
  | { ok: true; identity: LabIdentity }
  | {
      ok: false;
      /** absent: no credentials (no error code in the challenge); malformed header; invalid token. */
      problem: 'absent' | 'malformed' | 'invalid_token';
      /** Why, for the audit row and the error_description: never the token itself. */
      reason: string;
    };

export interface Authenticator {
  authenticate(authorization: string | null): Promise<AuthOutcome>;
  /** RFC 9728 metadata URL named in challenges; absent in token mode. */
  readonly resourceMetadataUrl?: string;
}
