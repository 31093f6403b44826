// The host's MCP client of a lab server: the official SDK client over Streamable HTTP, each request
// carrying the signed-in person's current access token (refreshed by LabAccount before it
// expires). Connected on first use and closed when the scientist switches back, signs out or
// changes lab, so nothing of one lab's session is reused for another.
import { Client, StreamableHTTPClientTransport, type CallToolResult } from '@modelcontextprotocol/client';

export interface LabConnectionOptions {
  url: string;
  accessToken: () => Promise<string>;
  clientInfo: { name: string; version: string };
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
    return (await (await this.#connected()).callTool({ name, arguments: args })) as CallToolResult;
  }

  async readResourceText(uri: string): Promise<string> {
    const { contents } = await (await this.#connected()).readResource({ uri });
    return contents.map((content) => ('text' in content ? content.text : '')).join('');
  }

  async close(): Promise<void> {
    const client = this.#client;
    this.#client = null;
    await client?.then((c) => c.close()).catch(() => undefined);
  }
}
