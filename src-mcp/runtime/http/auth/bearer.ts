// The Authorization header and the 401 challenge (RFC 6750 §2.1, §3; RFC 9728 §5.1).

export type BearerHeader = { kind: 'absent' } | { kind: 'malformed' } | { kind: 'token'; token: string };

const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

export function readBearer(authorization: string | null): BearerHeader {
  if (authorization === null || authorization === '') return { kind: 'absent' };
  const match = /^Bearer +(\S+)$/i.exec(authorization.trim());
  if (match === null || !TOKEN68.test(match[1] as string)) return { kind: 'malformed' };
  return { kind: 'token', token: match[1] as string };
}

/**
 * The WWW-Authenticate value of a 401/403. Without a token sent there is no error code (RFC 6750
 * §3.1); a bad one is `invalid_token`, a malformed header `invalid_request`, too few scopes
 * `insufficient_scope` with the scope needed.
 */
export function bearerChallenge(options: { resourceMetadataUrl?: string; error?: 'invalid_token' | 'invalid_request' | 'insufficient_scope'; description?: string; scope?: string }): string {
  const params: string[] = [];
  if (options.resourceMetadataUrl !== undefined) params.push(`resource_metadata="${options.resourceMetadataUrl}"`);
  if (options.error !== undefined) params.push(`error="${options.error}"`);
  if (options.description !== undefined) params.push(`error_description="${options.description.replace(/["\\]/g, '')}"`);
  if (options.scope !== undefined) params.push(`scope="${options.scope}"`);
  return params.length === 0 ? 'Bearer' : `Bearer ${params.join(', ')}`;
}
