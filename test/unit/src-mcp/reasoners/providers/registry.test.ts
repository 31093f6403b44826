// Which providers a server process may use: only after the desktop app activated it, only with a
// key (except on this machine), never sending a key over plain http to another machine, and never
// again after the key was refused — until the scientist changes it.
import { describe, expect, it } from 'vitest';
import { isLoopback, ProviderRegistry } from '../../../../../src-mcp/reasoners/providers/registry.js';
import type { ProviderConfig } from '../../../../../src-mcp/reasoners/providers/types.js';
import { redactArguments } from '../../../../../src-mcp/mcp/audit/callAudit.js';

function stored(name: string, baseUrl: string, extra: Partial<ProviderConfig> = {}): Omit<ProviderConfig, 'apiKey'> {
  return { name, kind: 'openai', baseUrl, models: { generation: 'g', judging: 'j' }, concurrency: 2, timeoutMs: 1000, maxRetries: 0, prices: {}, enabled: true, ...extra };
}

describe('ProviderRegistry', () => {
  it('offers nothing until the desktop app activates the process', () => {
    const registry = new ProviderRegistry();
    registry.load([stored('ollama', 'http://127.0.0.1:11434/v1')]);
    expect(registry.capacity()).toBe(0);
    expect(registry.forRole('generation')).toBeUndefined();
    registry.activate({});
    expect(registry.capacity()).toBe(2);
    expect(registry.forRole('judging')?.model).toBe('j');
    expect(registry.forRole('review')?.model).toBe('g');
  });

  it('knows why each provider is or is not ready', () => {
    const registry = new ProviderRegistry();
    registry.load([
      stored('remote-no-key', 'https://api.example.com/v1'),
      stored('remote', 'https://api.example.com/v1'),
      stored('plain-http', 'http://models.example.com/v1'),
      stored('local', 'http://localhost:1234/v1'),
      stored('off', 'http://127.0.0.1:1/v1', { enabled: false }),
    ]);
    registry.activate({ remote: 'sk-remote-key', 'plain-http': 'sk-plain-key' });
    registry.markRejected('remote', 'remote rejected the API key (HTTP 401).');
    expect(Object.fromEntries(registry.states().map((s) => [s.name, s.availability]))).toEqual({
      'remote-no-key': 'needs_key',
      remote: 'rejected',
      'plain-http': 'insecure_url',
      local: 'ready',
      off: 'disabled',
    });
    expect(registry.capacity()).toBe(2);
    // A new key clears the refusal.
    registry.setKey('remote', 'sk-remote-key-2');
    expect(registry.states().find((s) => s.name === 'remote')?.availability).toBe('ready');
  });

  it('spreads work over providers with free slots, in the scientist\'s order', async () => {
    const registry = new ProviderRegistry();
    registry.load([stored('a', 'http://127.0.0.1:1/v1', { concurrency: 1 }), stored('b', 'http://127.0.0.1:2/v1', { concurrency: 1 })]);
    registry.activate({});
    const first = registry.forRole('generation');
    expect(first?.handle.config.name).toBe('a');
    let release!: () => void;
    const busy = first?.handle.limit.run(() => new Promise<void>((resolve) => (release = resolve)), new AbortController().signal);
    expect(registry.forRole('generation')?.handle.config.name).toBe('b');
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await busy;
    expect(registry.forRole('generation')?.handle.config.name).toBe('a');
  });

  it('masks every key it holds in text', () => {
    const registry = new ProviderRegistry();
    registry.activate({ a: 'sk-abcdefgh12345', b: 'short' });
    expect(registry.scrub('refused sk-abcdefgh12345 twice: sk-abcdefgh12345; short')).toBe('refused [REDACTED] twice: [REDACTED]; short');
  });

  it('treats only this machine as loopback', () => {
    expect(['http://localhost:1', 'http://127.0.0.1/v1', 'http://[::1]:8000'].every(isLoopback)).toBe(true);
    expect(['https://api.openai.com/v1', 'http://10.0.0.2', 'http://localhost.example.com', 'not a url'].some(isLoopback)).toBe(false);
  });
});

describe('audit of configure_providers', () => {
  it('masks the keys in the arguments it records', () => {
    const recorded = redactArguments({ action: 'set', provider: { name: 'anthropic', base_url: 'https://api.anthropic.com' }, api_key: 'sk-1' }) as Record<string, unknown>;
    expect(recorded).toEqual({ action: 'set', provider: { name: 'anthropic', base_url: 'https://api.anthropic.com' }, api_key: '[REDACTED]' });
    expect(redactArguments({ action: 'activate', api_keys: { anthropic: 'sk-1', openai: 'sk-2' } })).toEqual({ action: 'activate', api_keys: '[REDACTED]' });
  });
});
