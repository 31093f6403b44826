// The providers this server process may use: their stored settings joined with the API keys the
// desktop app handed over (in memory only), one wire client and one concurrency limit each.
// A process is "credentialed" only once the app activated it (configure_providers); assistants'
// servers never are, so they keep delegating even when loopback providers need no key.
import { anthropicClient } from './anthropic.js';
import { ConcurrencyLimit } from './concurrency.js';
import { openAiCompatibleClient } from './openaiCompatible.js';
import { modelFor, type ChatClient, type ProviderConfig, type ProviderKind, type ReasoningRole } from './types.js';

export interface ProviderHandle {
  config: ProviderConfig;
  client: ChatClient;
  limit: ConcurrencyLimit;
}

export type ProviderAvailability = 'ready' | 'disabled' | 'needs_key' | 'insecure_url' | 'rejected';

export interface ProviderState {
  name: string;
  availability: ProviderAvailability;
  /** Why it is not ready, in words the scientist can act on. */
  problem: string | null;
  hasKey: boolean;
}

type Stored = Omit<ProviderConfig, 'apiKey'>;

export class ProviderRegistry {
  #active = false;
  #stored: Stored[] = [];
  readonly #keys = new Map<string, string>();
  readonly #handles = new Map<string, ProviderHandle>();
  /** Providers whose key was refused, until the scientist changes their settings or key. */
  readonly #rejected = new Map<string, string>();
  readonly #listeners = new Set<() => void>();

  /** Whether the desktop app activated this process for background work. */
  get active(): boolean {
    return this.#active;
  }

  /** Marks this process as the credentialed one and replaces the keys it holds. */
  activate(keys: Record<string, string>): void {
    this.#active = true;
    this.#keys.clear();
    for (const [name, key] of Object.entries(keys)) if (key !== '') this.#keys.set(name, key);
    this.#rejected.clear();
    this.#rebuild();
  }

  /** Sets (or, with null, forgets) one provider's key; undefined leaves it as it is. */
  setKey(name: string, key: string | null | undefined): void {
    if (key === undefined) return;
    if (key === null || key === '') this.#keys.delete(name);
    else this.#keys.set(name, key);
    this.#rejected.delete(name);
    this.#rebuild();
  }

  /** Replaces the stored settings (read from the database after every change). */
  load(stored: Stored[]): void {
    const before = new Map(this.#stored.map((config) => [config.name, JSON.stringify(config)]));
    this.#stored = stored;
    for (const config of stored) if (before.get(config.name) !== JSON.stringify(config)) this.#rejected.delete(config.name);
    this.#rebuild();
  }

  markRejected(name: string, reason: string): void {
    this.#rejected.set(name, reason);
    this.#notify();
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  states(): ProviderState[] {
    return this.#stored.map((config) => ({ name: config.name, hasKey: this.#keys.has(config.name), ...this.#availability(config) }));
  }

  /** A ready provider and its model for the role, in the scientist's order of providers. */
  forRole(role: ReasoningRole): { handle: ProviderHandle; model: string } | undefined {
    if (!this.#active) return undefined;
    const ready = this.#stored.filter((config) => this.#availability(config).availability === 'ready');
    const handles = ready.map((config) => this.#handles.get(config.name)).filter((handle): handle is ProviderHandle => handle !== undefined);
    // The first provider with a free slot; when all are busy, the first one (its queue waits in order).
    const chosen = handles.find((handle) => handle.limit.active + handle.limit.waiting < handle.config.concurrency) ?? handles[0];
    return chosen === undefined ? undefined : { handle: chosen, model: modelFor(chosen.config, role) };
  }

  /** Tasks worth running at once: the requests all ready providers may have in flight. */
  capacity(): number {
    if (!this.#active) return 0;
    return this.#stored.filter((config) => this.#availability(config).availability === 'ready').reduce((sum, config) => sum + config.concurrency, 0);
  }

  /** A handle for one configuration (stored or not), e.g. to test it before saving. */
  handleFor(config: ProviderConfig): ProviderHandle {
    return { config, client: clientFor(config), limit: new ConcurrencyLimit(config.concurrency) };
  }

  keyOf(name: string): string | undefined {
    return this.#keys.get(name);
  }

  /** Masks every key this process holds in text that is about to be stored or logged. */
  scrub(text: string): string {
    let clean = text;
    for (const key of this.#keys.values()) if (key.length >= 8) clean = clean.split(key).join('[REDACTED]');
    return clean;
  }

  #availability(config: Stored): { availability: ProviderAvailability; problem: string | null } {
    if (!config.enabled) return { availability: 'disabled', problem: 'Switched off in Settings → Providers.' };
    const key = this.#keys.has(config.name);
    if (key && !isSecureUrl(config.baseUrl)) {
      return { availability: 'insecure_url', problem: `${config.baseUrl} is plain http on another machine: the API key would travel unencrypted. Use https.` };
    }
    if (!key && !isLoopback(config.baseUrl)) return { availability: 'needs_key', problem: 'No API key is set for it in the Co-Scientist app.' };
    const rejected = this.#rejected.get(config.name);
    if (rejected !== undefined) return { availability: 'rejected', problem: rejected };
    return { availability: 'ready', problem: null };
  }

  #rebuild(): void {
    const existing = new Map(this.#handles);
    this.#handles.clear();
    for (const stored of this.#stored) {
      const config: ProviderConfig = { ...stored, apiKey: this.#keys.get(stored.name) };
      const previous = existing.get(stored.name);
      // Keep the limit (and its queue) when only the size changed, so calls in flight stay counted.
      const limit = previous?.limit ?? new ConcurrencyLimit(config.concurrency);
      limit.resize(config.concurrency);
      this.#handles.set(stored.name, { config, client: clientFor(config), limit });
    }
    this.#notify();
  }

  #notify(): void {
    for (const listener of this.#listeners) listener();
  }
}

/** The wire client of each provider kind: a kind added to PROVIDER_KINDS without one fails the typecheck. */
const WIRES: Record<ProviderKind, typeof anthropicClient> = { anthropic: anthropicClient, openai: openAiCompatibleClient };

function clientFor(config: ProviderConfig): ChatClient {
  return WIRES[config.kind]({ label: config.name, baseUrl: config.baseUrl, apiKey: config.apiKey, timeoutMs: config.timeoutMs });
}

/** Local model servers (Ollama, LM Studio, vLLM on this machine) need no key. */
export function isLoopback(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\./.test(host);
  } catch {
    return false;
  }
}

/** A key may go over https anywhere, and over plain http only to this machine. */
export function isSecureUrl(baseUrl: string): boolean {
  try {
    return new URL(baseUrl).protocol === 'https:' || isLoopback(baseUrl);
  } catch {
    return false;
  }
}
