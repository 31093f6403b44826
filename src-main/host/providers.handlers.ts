// Reasoning providers in the app (architecture.md, *Reasoners*): the handlers of the provider routes
// (src-shared/routes/providers.ts), and the hand-over of keys to the app's own research server. Keys
// are written once by the scientist, kept in the SecretStore, and sent to the server only in memory
// (the desktop-only configure_providers tool, which the audit log masks); routes never return them.
import type { providerRoutes } from '../../src-shared/routes/providers.js';
import { dropUndefined, type CallTool, type RouteHandlers } from './routeHandlers.js';
import type { SecretStore } from './secrets.js';
import type { ToolOutcome } from './toolResult.js';

export type ProviderRouteHandlers = RouteHandlers<typeof providerRoutes>;

const TOOL = 'configure_providers';

export function createProviderHandlers(tool: CallTool, secrets: SecretStore): ProviderRouteHandlers {
  const state = async (outcome: ToolOutcome): Promise<ToolOutcome> => {
    if (!outcome.ok) return outcome;
    const data = outcome.data as { providers: unknown; active: boolean };
    return { ok: true, data: { providers: data.providers, active: data.active, keys_persist: secrets.persistent, key_storage: secrets.description } };
  };
  return {
    'providers.get': async () => state(await tool(TOOL, { action: 'list' })),
    'providers.set': async (input) => {
      if (input.api_key !== undefined) await secrets.set(input.provider.name, input.api_key);
      const saved = await tool(TOOL, { action: 'set', provider: input.provider, ...(input.api_key === undefined ? {} : { api_key: input.api_key }) });
      if (!saved.ok) return saved;
      // Activation hands over every key again: harmless when already active, and it starts a server that was not.
      return state(await tool(TOOL, { action: 'activate', api_keys: await secrets.all() }));
    },
    'providers.remove': async (input) => {
      await secrets.set(input.name, null);
      return state(await tool(TOOL, { action: 'remove', name: input.name }));
    },
    'providers.project': async (input) => {
      const outcome = await tool(TOOL, { action: 'project', ...dropUndefined(input) });
      return outcome.ok ? { ok: true, data: (outcome.data as { project: unknown }).project } : outcome;
    },
    'providers.test': async (input) => {
      const key = input.api_key ?? (await secrets.get(input.provider.name)) ?? undefined;
      const outcome = await tool(TOOL, { action: 'test', provider: input.provider, ...(key === undefined ? {} : { api_key: key }) });
      return outcome.ok ? { ok: true, data: (outcome.data as { test: unknown }).test } : outcome;
    },
  };
}

/**
 * Hands the stored keys to the app's research server and lets it run background work. Called each
 * time the server becomes ready (after a start or a restart): its keys live in its memory only.
 */
export async function activateProviders(tool: CallTool, secrets: SecretStore, warn: (message: string) => void): Promise<void> {
  let keys: Record<string, string>;
  try {
    keys = await secrets.all();
  } catch (error) {
    warn(`could not read the stored provider keys: ${(error as Error).message}`);
    keys = {};
  }
  const outcome = await tool(TOOL, { action: 'activate', api_keys: keys });
  if (!outcome.ok) warn(`the research server did not accept the provider settings: ${outcome.error.message}`);
}
