// Where the desktop app keeps reasoning-provider API keys (architecture.md, *Processes*: "keeps settings and
// secrets"). The Electron host stores them encrypted with the OS keychain (src-main/electron/
// secretStore.ts, Electron safeStorage); the web host and tests use the in-memory store below.
// Keys go from here to the app's own research server only, in memory (configure_providers); no
// store ever logs a value.

export interface SecretStore {
  /** Whether keys survive a restart of the app. */
  readonly persistent: boolean;
  /** For the settings page: where keys are kept, or why they are not kept across restarts. */
  readonly description: string;
  get(name: string): Promise<string | null>;
  /** Stores a key; null forgets it. */
  set(name: string, value: string | null): Promise<void>;
  /** Every stored key by name (to hand the research server after it starts). */
  all(): Promise<Record<string, string>>;
}

/**
 * NOT PERSISTENT: keys live as long as this process and are gone after a restart. For the web host
 * (which has no OS keychain to encrypt with) and for tests; the desktop app uses safeStorage.
 */
export function createMemorySecretStore(description = 'Keys are kept in memory only and must be entered again after Co-Scientist restarts.'): SecretStore {
  const keys = new Map<string, string>();
  return {
    persistent: false,
    description,
    get: async (name) => keys.get(name) ?? null,
    set: async (name, value) => {
      if (value === null || value === '') keys.delete(name);
      else keys.set(name, value);
    },
    all: async () => Object.fromEntries(keys),
  };
}
