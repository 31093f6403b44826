// Who is calling a lab server, from a verified access token (issue 31, *Authorization*): the
// issuer + subject, a display name, the client that acts for them, the Co-Scientist scopes the
// token grants, and whether the lab made them a principal investigator (a claim the lab
// configures, never the mere holding of a token).
import { createHash } from 'node:crypto';
import { isScope, type Scope } from '../../../mcp/access/scopes.js';

export interface LabIdentity {
  /** Stable key of the person at the client: task leases hang on it (rate limits on personKey). */
  key: string;
  /** The token's issuer; null in token mode (no issuer: the holder of the printed token). */
  issuer: string | null;
  subject: string;
  displayName: string;
  /** The OAuth client acting for the person (`client_id`, else `azp`, else `appid`). */
  clientId: string;
  /**
   * What the caller may do: from the token (its Co-Scientist scopes, other values ignored; the
   * lab's role claim naming the PI role: may decide checkpoints), or in token mode the policy the
   * scientist stored for the `http` client (mcp/identity.ts), re-read per call.
   */
  grant: TokenGrant | 'stored-policy';
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** Which claim carries roles, and which value makes a PI (README, *Run a lab server*). */
export const ROLE_CLAIM_ENV = 'COSCI_ROLE_CLAIM';
export const PI_ROLE_ENV = 'COSCI_PI_ROLE';
export const DEFAULT_ROLE_CLAIM = 'roles';
export const DEFAULT_PI_ROLE = 'cosci-pi';

export interface TokenGrant {
  scopes: Scope[];
  isPrincipalInvestigator: boolean;
}

export interface RoleRule {
  /** A claim name, or a dotted path into nested claims (Keycloak: `realm_access.roles`). */
  claim: string;
  value: string;
}

export function roleRuleFrom(env: NodeJS.ProcessEnv): RoleRule {
  return { claim: nonEmpty(env[ROLE_CLAIM_ENV]) ?? DEFAULT_ROLE_CLAIM, value: nonEmpty(env[PI_ROLE_ENV]) ?? DEFAULT_PI_ROLE };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** The claims of a JWT access token or an RFC 7662 introspection answer, already verified. */
export type VerifiedClaims = Record<string, unknown> & { iss: string; sub: string; exp: number };

export function identityFromClaims(claims: VerifiedClaims, roles: RoleRule): LabIdentity {
  const clientId = firstString(claims.client_id, claims.azp, claims.appid) ?? 'unknown-client';
  return {
    key: identityKey(claims.iss, claims.sub, clientId),
    issuer: claims.iss,
    subject: claims.sub,
    displayName: firstString(claims.name, claims.preferred_username, claims.email, claims.username) ?? claims.sub,
    clientId,
    grant: { scopes: scopesOf(claims), isPrincipalInvestigator: valuesAt(claims, roles.claim).includes(roles.value) },
    expiresAt: claims.exp,
  };
}

export function identityKey(issuer: string | null, subject: string, clientId: string): string {
  return JSON.stringify([issuer, subject, clientId]);
}

/**
 * The person behind a call, whatever client acts for them: issuer + subject. Rate limits hang on
 * it, so a person cannot multiply their share by signing in through several assistants.
 */
export function personKey(identity: LabIdentity): string {
  return JSON.stringify([identity.issuer, identity.subject]);
}

/**
 * The name every audit row and every record of who did what carries for this caller: the person,
 * the client that acted for them, and the issuer + subject that identify them for sure (a display
 * name can change or repeat).
 */
export function actorLabel(identity: LabIdentity): string {
  const who = identity.issuer === null ? identity.subject : `${identity.issuer}#${identity.subject}`;
  return `${identity.displayName} via ${identity.clientId} (${who})`;
}

/** A task-lease owner for this caller: the same on every replica, with no host:pid (workers.ts), so it is never probed as a local process. */
export function leaseOwnerOf(identity: LabIdentity): string {
  return `lab:${createHash('sha256').update(identity.key).digest('hex').slice(0, 24)}`;
}

/** `scope` (RFC 9068, a space-separated string) or `scp` (Microsoft Entra ID: a string or a list). */
function scopesOf(claims: Record<string, unknown>): Scope[] {
  const raw = [claims.scope, claims.scp].flatMap((value) => (typeof value === 'string' ? value.split(' ') : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []));
  return [...new Set(raw.filter(isScope))];
}

function valuesAt(claims: Record<string, unknown>, path: string): string[] {
  let value: unknown = Object.prototype.hasOwnProperty.call(claims, path) ? claims[path] : undefined;
  if (value === undefined) {
    value = path.split('.').reduce<unknown>((node, part) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), claims);
  }
  if (typeof value === 'string') return value.split(' ');
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function firstString(...values: unknown[]): string | undefined {
  return values.find((value): value is string => typeof value === 'string' && value !== '');
}
