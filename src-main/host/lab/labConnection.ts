// The host's MCP client of a lab server: the official SDK client over Streamable HTTP, each request
// carrying the signed-in person's current access token (refreshed by LabAccount before it
// expires). Connected on first use and closed when the scientist switches back, signs out or
// changes lab, so nothing of one lab's session is reused for another.
// A call the lab refuses with 403 insufficient_scope (the token lacks a scope the call needs: the
// MCP spec's step-up) is not retried here: widening a grant takes the person, in the browser. The
// account is told which scope was asked for (Settings → Lab server offers to sign in again for it)
// and the call fails with LabScopeRefused, which says so in words.
import { Client, InsufficientScopeError, StreamableHTTPClientTransport, type CallToolResult } from '@modelcontextprotocol/client';

export interface LabConnectionOptions {
  url: string;
  accessToken: () => Promise<string>;
  clientInfo: { name: string; version: string };
  /** The lab asked for a scope the current token lacks (the challenge's `scope`, when it names one). */
  onInsufficientScope: (scope: string | undefined) => void;
}

/** A lab server refused a call for a scope the sign-in does not grant. */
export class LabScopeRefused extends Error {
  constructor(
    readonly what: string,
    readonly scope: string | undefined,
  ) {
    super(
      `The lab server refused ${what}: it needs ${scope === undefined ? 'a wider permission' : `the permission ${scope.split(' ').join(', ')}`}, which your lab sign-in does not grant. Sign in again under Settings → Lab server to ask for it.`,
    );
  }
}

export class LabConnection {
  readonly #options: LabConnectionOptions;
  #client: Promise<Client> | null = null;

  constructor(options: LabConnectionOptions) {
    this.#options = options;
  }

  get url(): string {
    return this.#options.url;
  }

  #connected(): Promise<Client> {
    this.#client ??= (async () => {
      const authorized: typeof fetch = async (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set('authorization', `Bearer ${await this.#options.accessToken()}`);
        return fetch(input, { ...init, headers });
      };
      const client = new Client(this.#options.clientInfo);
      await client.connect(new StreamableHTTPClientTransport(new URL(this.#options.url), { fetch: authorized }));
      return client;
    })().catch((error: unknown) => {
      this.#client = null;
      throw error;
    });
    return this.#client;
  }

  async callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    return (await this.#request(name, (client) => client.callTool({ name, arguments: args }))) as CallToolResult;
  }

  async readResourceText(uri: string): Promise<string> {
    const { contents } = await this.#request(uri, (client) => client.readResource({ uri }));
    return contents.map((content) => ('text' in content ? content.text : '')).join('');
  }

  async #request<T>(what: string, request: (client: Client) => Promise<T>): Promise<T> {
    try {
      return await request(await this.#connected());
    } catch (error) {
      if (!(error instanceof InsufficientScopeError)) throw error;
      this.#options.onInsufficientScope(error.requiredScope);
      throw new LabScopeRefused(what, error.requiredScope);
    }
  }

  async close(): Promise<void> {
    const client = this.#client;
    this.#client = null;
    await client?.then((c) => c.close()).catch(() => undefined);
  }
}
