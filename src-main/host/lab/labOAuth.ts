// The OAuth pieces of the desktop app's lab sign-in, on the official SDK client's helpers: the lab
// server's RFC 9728 metadata names its authorization server, whose RFC 8414 / OpenID metadata the
// SDK reads (discoverOAuthServerInfo); the authorization URL with PKCE S256 (startAuthorization),
// the code exchange and the refresh (exchangeAuthorization, refreshAuthorization), each bound to
// the lab's resource (RFC 8707). Revocation (RFC 7009), which the SDK does not offer, is here.
import {
  computeScopeUnion,
  discoverOAuthServerInfo,
  exchangeAuthorization,
  refreshAuthorization,
  startAuthorization,
  type AuthorizationServerMetadata,
  type OAuthTokens,
} from '@modelcontextprotocol/client';
import type { LabTokens } from './labSessionStore.js';

/** How the desktop app identifies itself to a lab's authorization server. */
export interface LabClientIdentity {
  /**
   * The URL of the app's Client ID Metadata Document (the 2026-07-28 default): used as the
   * client_id where the issuer advertises `client_id_metadata_document_supported`.
   */
  metadataDocumentUrl?: string;
  /** A client id the lab registered for the app, for issuers without metadata documents. */
  clientId?: string;
}

export const LAB_CLIENT_ID_ENV = 'COSCI_LAB_CLIENT_ID';
export const LAB_CLIENT_METADATA_URL_ENV = 'COSCI_LAB_CLIENT_METADATA_URL';

export function labClientIdentityFrom(env: NodeJS.ProcessEnv): LabClientIdentity {
  const clientId = env[LAB_CLIENT_ID_ENV]?.trim();
  const metadataDocumentUrl = env[LAB_CLIENT_METADATA_URL_ENV]?.trim();
  return { ...(clientId ? { clientId } : {}), ...(metadataDocumentUrl ? { metadataDocumentUrl } : {}) };
}

export interface LabIssuer {
  /** The lab server's resource (token audience). */
  resource: string;
  issuer: string;
  metadata: AuthorizationServerMetadata;
  /** What to ask for: the lab server's scopes, and a refresh token where the issuer offers one. */
  scope: string | undefined;
}

export async function discoverLabIssuer(labUrl: string): Promise<LabIssuer> {
  const info = await discoverOAuthServerInfo(labUrl);
  if (info.authorizationServerMetadata === undefined) throw new Error(`The lab server at ${labUrl} names the sign-in service ${info.authorizationServerUrl}, which publishes no OAuth metadata.`);
  const metadata = info.authorizationServerMetadata;
  const scopes = [...(info.resourceMetadata?.scopes_supported ?? [])];
  if (metadata.scopes_supported?.includes('offline_access') === true) scopes.push('offline_access');
  return { resource: info.resourceMetadata?.resource ?? labUrl, issuer: info.authorizationServerUrl, metadata, scope: scopes.length > 0 ? scopes.join(' ') : undefined };
}

/** The client_id to present: the metadata document's URL where supported, else the pre-registered id. */
export function chooseClientId(metadata: AuthorizationServerMetadata, identity: LabClientIdentity): string {
  const supportsDocuments = (metadata as { client_id_metadata_document_supported?: unknown }).client_id_metadata_document_supported === true;
  if (supportsDocuments && identity.metadataDocumentUrl !== undefined) return identity.metadataDocumentUrl;
  if (identity.clientId !== undefined) return identity.clientId;
  throw new Error(
    supportsDocuments
      ? `The lab's sign-in service accepts client metadata documents, but this app has no document URL: set ${LAB_CLIENT_METADATA_URL_ENV}, or ${LAB_CLIENT_ID_ENV} to a client id the lab registered.`
      : `The lab's sign-in service needs a registered client: ask the lab's administrator for Co-Scientist's client id and set ${LAB_CLIENT_ID_ENV}.`,
  );
}

/**
 * Asks for the lab's scopes, plus what a step-up needs (a scope a 403 insufficient_scope named) and
 * what the current sign-in holds, so signing in again never narrows the grant (the SDK's union).
 */
export async function authorizationRequest(issuer: LabIssuer, clientId: string, redirectUri: string, state: string, extraScope?: string): Promise<{ authorizationUrl: URL; codeVerifier: string; scope: string | undefined }> {
  const scope = computeScopeUnion(issuer.scope, extraScope);
  const started = await startAuthorization(issuer.issuer, { metadata: issuer.metadata, clientInformation: { client_id: clientId }, redirectUrl: redirectUri, scope, state, resource: issuer.resource });
  return { ...started, scope };
}

/** The scopes of `wanted` a grant lacks; an issuer that answers no `scope` granted what was asked (RFC 6749 §5.1). */
export function scopesMissing(wanted: string | null, granted: string | null): string | null {
  if (wanted === null || granted === null) return null;
  const held = new Set(granted.split(' '));
  const missing = wanted.split(' ').filter((scope) => scope !== '' && !held.has(scope));
  return missing.length === 0 ? null : missing.join(' ');
}

export async function exchangeCode(issuer: LabIssuer, clientId: string, code: string, codeVerifier: string, redirectUri: string, iss: string | undefined): Promise<LabTokens> {
  const tokens = await exchangeAuthorization(issuer.issuer, { metadata: issuer.metadata, clientInformation: { client_id: clientId }, authorizationCode: code, codeVerifier, redirectUri, resource: issuer.resource, ...(iss !== undefined ? { iss } : {}) });
  return labTokensOf(tokens, null);
}

export async function refreshTokens(issuer: LabIssuer, clientId: string, current: LabTokens): Promise<LabTokens> {
  if (current.refresh_token === null) throw new Error('This sign-in has no refresh token: sign in again.');
  const tokens = await refreshAuthorization(issuer.issuer, { metadata: issuer.metadata, clientInformation: { client_id: clientId }, refreshToken: current.refresh_token, resource: issuer.resource });
  return labTokensOf(tokens, current.refresh_token);
}

/**
 * RFC 7009 at the issuer's revocation endpoint; false where the issuer offers none. The refresh
 * token first: revoking it ends the grant, so no new access token can be had. An issuer may
 * decline to revoke a self-contained (JWT) access token (`unsupported_token_type`, §2.2.1): that
 * token then lives out its short lifetime, which is accepted here.
 */
export async function revokeTokens(issuer: LabIssuer, clientId: string, tokens: LabTokens): Promise<boolean> {
  // RFC 8414 names it; the OpenID form of the SDK's metadata type does not, so it is read as what it is.
  const endpoint = (issuer.metadata as { revocation_endpoint?: unknown }).revocation_endpoint;
  if (typeof endpoint !== 'string') return false;
  const revoke = async (token: string, hint: 'refresh_token' | 'access_token'): Promise<void> => {
    const response = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token, token_type_hint: hint, client_id: clientId }) });
    if (response.ok) return;
    const error = ((await response.json().catch(() => ({}))) as { error?: unknown }).error;
    if (hint === 'access_token' && error === 'unsupported_token_type') return;
    throw new Error(`The lab's sign-in service refused to revoke the ${hint.replace('_', ' ')} (HTTP ${response.status}${typeof error === 'string' ? `, ${error}` : ''}).`);
  };
  if (tokens.refresh_token !== null) await revoke(tokens.refresh_token, 'refresh_token');
  await revoke(tokens.access_token, 'access_token');
  return true;
}

function labTokensOf(tokens: OAuthTokens, previousRefresh: string | null): LabTokens {
  const lifetimeSeconds = typeof tokens.expires_in === 'number' ? tokens.expires_in : 300;
  return {
    access_token: tokens.access_token,
    // A refresh answer without a new refresh token keeps the old one (RFC 6749 §6).
    refresh_token: tokens.refresh_token ?? previousRefresh,
    expires_at: Date.now() + lifetimeSeconds * 1000,
    scope: tokens.scope ?? null,
  };
}

/** Who the token names, for Settings (read from a JWT's payload; the lab server verifies it, not us). */
export function tokenIdentity(accessToken: string): { name: string; subject: string } {
  const payload = accessToken.split('.')[1];
  if (payload !== undefined) {
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      const subject = typeof claims.sub === 'string' ? claims.sub : 'unknown';
      const name = [claims.name, claims.preferred_username, claims.email].find((value): value is string => typeof value === 'string' && value !== '') ?? subject;
      return { name, subject };
    } catch {
      // Not a JWT: an opaque token.
    }
  }
  return { name: 'Signed in', subject: 'unknown' };
}
