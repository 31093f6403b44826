// The host's MCP client of a lab server: the official SDK client over Streamable HTTP, each request
// carrying the signed-in person's current access token (refreshed by LabAccount before it
// expires). Connected on first use and closed when the scientist switches back, signs out or
// changes lab, so nothing of one lab's session is reused for another.
// A call the lab refuses with 403 insufficient_scope (the token lacks a scope the call needs: the
// MCP spec's step-up) is not retried here: widening a grant takes the person, in the browser. The
// account is told which scope was asked for (Settings → Lab server offers to sign in again for it)
// and the call fails with LabScopeRefused, which says so in words.
// Changes on the lab (any person's, through any replica) reach the GUI through a
// subscriptions/listen stream (2026-07-28: the server keeps no session, so the client holds the
// stream open), opened by watchChanges() and opened again whenever it ends (the lab bounds each
// stream's life, so that the token is checked again), until close().
import { Client, InsufficientScopeError, SdkError, SdkErrorCode, StreamableHTTPClientTransport, type CallToolResult, type McpSubscription } from '@modelcontextprotocol/client';

export interface LabConnectionOptions {
  url: string;
  accessToken: () => Promise<string>;
  clientInfo: { name: string; version: string };
  /** The lab asked for a scope the current token lacks (the challenge's `scope`, when it names one). */
  onInsufficientScope: (scope: string | undefined) => void;
  /** A change the lab announced (the same events the local server's notifications become). */
  onChange: (event: LabChange) => void;
  /** The resources whose updates are wanted (the project list and the knowledge collections; each covers its members). */
  watchedUris: readonly string[];
}

export type LabChange = { kind: 'resources-list-changed' } | { kind: 'resource-updated'; uri: string };

/** Pause before listening again after a stream ended; after failures it doubles each time, up to the maximum. */
const RELISTEN_DELAY_MS = 500;
const RELISTEN_MAX_DELAY_MS = 30_000;

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
  #closed = false;
  #watching = false;
  #subscription: McpSubscription | null = null;
  #relistenTimer: NodeJS.Timeout | null = null;

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
      // 'auto': the 2026-07-28 revision where the lab offers it (change streams need it), else 2025-11-25.
      const client = new Client(this.#options.clientInfo, { versionNegotiation: { mode: 'auto' } });
      client.setNotificationHandler('notifications/resources/list_changed', () => this.#options.onChange({ kind: 'resources-list-changed' }));
      client.setNotificationHandler('notifications/resources/updated', (notification) => this.#options.onChange({ kind: 'resource-updated', uri: notification.params.uri }));
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

  /** Whether a change stream is open now (the lab acknowledged it). */
  get watching(): boolean {
    return this.#subscription !== null;
  }

  /** Follows the lab's changes until close(): a stream, opened again whenever it ends. */
  watchChanges(): void {
    if (this.#watching || this.#closed) return;
    this.#watching = true;
    void this.#listen(0);
  }

  async #listen(failures: number): Promise<void> {
    let failed = false;
    try {
      const client = await this.#connected();
      const subscription = await client.listen({ resourcesListChanged: true, resourceSubscriptions: [...this.#options.watchedUris] });
      if (this.#closed) {
        await subscription.close();
        return;
      }
      this.#subscription = subscription;
      // Back after failures: what changed meanwhile was not announced, so the GUI refetches.
      if (failures > 0) this.#options.onChange({ kind: 'resources-list-changed' });
      if ((await subscription.closed) === 'local') return;
    } catch (error) {
      // A lab answering only 2025-11-25 has no change streams over stateless HTTP: nothing to follow.
      if (error instanceof SdkError && error.code === SdkErrorCode.MethodNotSupportedByProtocolVersion) return;
      // Not reachable, not signed in any more, or refused: tried again, less and less often.
      failed = true;
    }
    this.#subscription = null;
    if (this.#closed) return;
    const delay = failed ? Math.min(RELISTEN_DELAY_MS * 2 ** (failures + 1), RELISTEN_MAX_DELAY_MS) : RELISTEN_DELAY_MS;
    this.#relistenTimer = setTimeout(() => {
      this.#relistenTimer = null;
      void this.#listen(failed ? failures + 1 : 0);
    }, delay).unref();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#relistenTimer) clearTimeout(this.#relistenTimer);
    this.#relistenTimer = null;
    await this.#subscription?.close().catch(() => undefined);
    this.#subscription = null;
    const client = this.#client;
    this.#client = null;
    await client?.then((c) => c.close()).catch(() => undefined);
  }
}
