// RFC 9728 protected-resource metadata: where clients learn which authorization servers issue
// tokens for this server and which scopes it knows (the MCP authorization spec's discovery step).
import { ALL_SCOPES } from '../../../mcp/access/scopes.js';

export const WELL_KNOWN_RESOURCE = '/.well-known/oauth-protected-resource';

/** RFC 9728 §3.1: the well-known path inserted before the resource's path (`/.well-known/oauth-protected-resource/mcp`). */
export function resourceMetadataUrl(resource: URL): string {
  const path = resource.pathname === '/' ? '' : resource.pathname.replace(/\/$/, '');
  return `${resource.origin}${WELL_KNOWN_RESOURCE}${path}`;
}

/** The paths this server answers the metadata on: the suffixed form and the bare one. */
export function resourceMetadataPaths(resource: URL): string[] {
  const path = resource.pathname === '/' ? '' : resource.pathname.replace(/\/$/, '');
  return [...new Set([`${WELL_KNOWN_RESOURCE}${path}`, WELL_KNOWN_RESOURCE])];
}

export function resourceMetadataDocument(resource: URL, issuers: readonly string[]): Record<string, unknown> {
  return {
    resource: resource.href,
    authorization_servers: [...issuers],
    // From the scopes' one owner (mcp/scopes.ts).
    scopes_supported: [...ALL_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Co-Scientist',
  };
}
