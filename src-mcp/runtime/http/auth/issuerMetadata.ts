// An issuer's authorization-server metadata, found the two ways an issuer may publish it: RFC 8414
// (`/.well-known/oauth-authorization-server` inserted before the issuer's path) and OpenID
// Connect Discovery (`/.well-known/openid-configuration` appended). Read once per process and
// kept; a failed read is retried after a pause, not on every request.

export interface IssuerMetadata {
  issuer: string;
  jwksUri?: string;
  introspectionEndpoint?: string;
}

const RETRY_AFTER_FAILURE_MS = 10_000;
const FETCH_TIMEOUT_MS = 5_000;

export function metadataUrlsOf(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}

export class IssuerMetadataCache {
  readonly #found = new Map<string, Promise<IssuerMetadata>>();
  readonly #failedAt = new Map<string, { at: number; error: Error }>();

  constructor(private readonly fetchImpl: typeof fetch = fetch) {}

  async of(issuer: string): Promise<IssuerMetadata> {
    const failed = this.#failedAt.get(issuer);
    if (failed !== undefined && performance.now() - failed.at < RETRY_AFTER_FAILURE_MS) throw failed.error;
    let found = this.#found.get(issuer);
    if (found === undefined) {
      found = this.#discover(issuer);
      this.#found.set(issuer, found);
      found.catch((error: unknown) => {
        this.#found.delete(issuer);
        this.#failedAt.set(issuer, { at: performance.now(), error: error instanceof Error ? error : new Error(String(error)) });
      });
    }
    return found;
  }

  async #discover(issuer: string): Promise<IssuerMetadata> {
    const problems: string[] = [];
    for (const url of metadataUrlsOf(issuer)) {
      try {
        const response = await this.fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
        if (!response.ok) {
          problems.push(`${url}: HTTP ${response.status}`);
          continue;
        }
        const body = (await response.json()) as Record<string, unknown>;
        // RFC 8414 §3.3: the metadata must name the issuer it was fetched for, or it is not its.
        if (body.issuer !== issuer) {
          problems.push(`${url}: names issuer ${JSON.stringify(body.issuer)}`);
          continue;
        }
        return {
          issuer,
          jwksUri: typeof body.jwks_uri === 'string' ? body.jwks_uri : undefined,
          introspectionEndpoint: typeof body.introspection_endpoint === 'string' ? body.introspection_endpoint : undefined,
        };
      } catch (error) {
        problems.push(`${url}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    throw new Error(`no authorization-server metadata for issuer ${issuer} (${problems.join('; ')})`);
  }
}
