// The few parts of oidc-provider (no bundled types) the team-server tests use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface ProviderClient {
    clientId: string;
    grantTypeAllowed(grant: string): boolean;
  }
  interface Account {
    accountId: string;
    claims(): Record<string, unknown> | Promise<Record<string, unknown>>;
  }
  interface ResourceServerInfo {
    scope: string;
    audience?: string;
    accessTokenTTL?: number;
    accessTokenFormat?: 'jwt' | 'opaque';
    jwt?: { sign?: { alg: string } };
  }
  export interface Configuration {
    clients?: Array<Record<string, unknown>>;
    jwks?: { keys: Array<Record<string, unknown>> };
    cookies?: { keys: string[] };
    scopes?: string[];
    ttl?: Record<string, number>;
    pkce?: { required?: (ctx: unknown, client: ProviderClient) => boolean };
    findAccount?: (ctx: unknown, id: string) => Account | undefined | Promise<Account | undefined>;
    issueRefreshToken?: (ctx: unknown, client: ProviderClient, code: unknown) => boolean | Promise<boolean>;
    extraTokenClaims?: (ctx: unknown, token: unknown) => Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>;
    features?: {
      devInteractions?: { enabled: boolean };
      introspection?: { enabled: boolean };
      revocation?: { enabled: boolean };
      resourceIndicators?: {
        enabled: boolean;
        defaultResource?: (ctx: unknown, client: ProviderClient, oneOf?: string[]) => string | string[] | undefined | Promise<string | string[] | undefined>;
        useGrantedResource?: (ctx: unknown, model: unknown) => boolean | Promise<boolean>;
        getResourceServerInfo?: (ctx: unknown, indicator: string, client: ProviderClient) => ResourceServerInfo | Promise<ResourceServerInfo>;
      };
    };
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
  export const errors: { InvalidTarget: new (description?: string) => Error };
}
