// Reasoning providers over MCP. configure_providers (desktop app only): the LLM APIs this machine
// may use for background research, a connection test, the activation that hands this process the
// keys the app keeps (in memory only: never written to the database, a file or a log; the audit
// log masks them), and a project's choice of reasoners and provider budgets; the usage of a
// project's automatic reasoners for get_research_status.
import { z } from 'zod';
import { writeTransaction } from '../../../store/database.js';
import { deleteProviderSettings, listProviderSettings, upsertProviderSettings } from '../../../store/providerSettings.js';
import type { UsageSummary, UsageTotals } from '../../../store/usage.js';
import { recordChange } from '../../../engine/changes.js';
import { DomainError } from '../../../engine/errors.js';
import { loadResearch, reasonerOrderOf, REASONER_KINDS, updateResearch } from '../../../engine/projectRecord.js';
import type { ProjectSettings, ResearchProject } from '../../../engine/types.js';
import { servesInBackground } from '../../../reasoners/routing.js';
import { configFromRow, inputFromRow, ProviderInputSchema, reloadProviders, rowFromInput, type ProviderInput } from '../../../reasoners/providers/settings.js';
import type { ProviderRegistry } from '../../../reasoners/providers/registry.js';
import { ProviderError, REASONING_ROLES } from '../../../reasoners/providers/types.js';
import type { ServerContext } from '../../context.js';
import { defineTool } from '../../toolkit.js';
import { beforeWaitingOutside } from '../../../store/writeObserver.js';

/** A connection test answers within a desktop client's patience, whatever the provider's own timeout. */
const TEST_TIMEOUT_MS = 30_000;

const ProviderView = ProviderInputSchema.extend({
  has_key: z.boolean(),
  availability: z.enum(['ready', 'disabled', 'needs_key', 'insecure_url', 'rejected']),
  problem: z.string().nullable(),
});

const ProjectReasoning = z.object({
  research_id: z.string(),
  reasoner_order: z.array(z.enum(REASONER_KINDS)),
  max_tokens: z.number().nullable(),
  max_cost_usd: z.number().nullable(),
});

export const configureProvidersTool = defineTool({
  name: 'configure_providers',
  title: 'Configure reasoning providers',
  description: [
    'Desktop app only. LLM APIs (Anthropic Messages, OpenAI-compatible chat completions incl. Ollama, LM Studio, vLLM) that run research projects in the background.',
    'list: the providers and whether each is ready. set: add or change one (api_key: a new key, null to forget it, omitted to keep it). remove: delete one. test: one tiny call with the given or stored settings. activate: hand this process the keys the app keeps (api_keys by provider name) and let it run background work. project: a project\'s reasoner_order and provider budgets.',
  ].join('\n\n'),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  scopes: ['admin'],
  desktopOnly: true,
  input: z.object({
    action: z.enum(['list', 'set', 'remove', 'test', 'activate', 'project']),
    provider: ProviderInputSchema.optional().describe('set, test: the provider settings (no key).'),
    api_key: z.string().max(500).nullable().optional().describe('set, test: the API key; kept in memory only.'),
    name: z.string().optional().describe('remove, test: a stored provider.'),
    api_keys: z.record(z.string(), z.string().max(500)).optional().describe('activate: every key the app keeps, by provider name.'),
    research_id: z.string().optional().describe('project: the research project.'),
    reasoner_order: z.array(z.enum(REASONER_KINDS)).min(1).max(3).optional().describe('project: who may think, by preference, e.g. ["provider", "delegated"].'),
    max_tokens: z.number().int().positive().nullable().optional().describe('project: provider tokens the project may use (null: no limit).'),
    max_cost_usd: z.number().positive().nullable().optional().describe('project: estimated provider cost in USD the project may use (null: no limit).'),
  }),
  output: z.object({
    active: z.boolean().describe('Whether this process runs background work.'),
    providers: z.array(ProviderView),
    test: z.object({ ok: z.boolean(), latency_ms: z.number(), model: z.string().nullable(), message: z.string() }).nullable(),
    project: ProjectReasoning.nullable(),
  }),
  async run(args, ctx) {
    const registry = ctx.providers;
    if (registry === undefined) throw new DomainError('conflict', 'This server process was started without provider support; restart Co-Scientist.');
    let test: { ok: boolean; latency_ms: number; model: string | null; message: string } | null = null;
    let project: z.input<typeof ProjectReasoning> | null = null;
    switch (args.action) {
      case 'list':
        break;
      case 'set': {
        const provider = required(args.provider, 'provider');
        await writeTransaction(ctx.db, async () => await upsertProviderSettings(ctx.db, rowFromInput(provider, ctx.now().toISOString())));
        await reloadProviders(ctx.db, registry);
        registry.setKey(provider.name, args.api_key);
        break;
      }
      case 'remove': {
        const name = required(args.name, 'name');
        if (!await writeTransaction(ctx.db, async () => await deleteProviderSettings(ctx.db, name))) throw new DomainError('resource_not_found', `There is no provider named "${name}".`);
        await reloadProviders(ctx.db, registry);
        registry.setKey(name, null);
        break;
      }
      case 'test':
        // A provider's answer over the network: no connection held meanwhile.
        await beforeWaitingOutside();
        test = await testProvider(ctx, registry, args.provider, args.name, args.api_key);
        break;
      case 'activate':
        await reloadProviders(ctx.db, registry);
        registry.activate(args.api_keys ?? {});
        break;
      case 'project':
        project = await setProjectReasoning(ctx, required(args.research_id, 'research_id'), args);
        break;
    }
    const { providers, active } = await views(ctx, registry);
    const lines = providers.map((p) => `- **${p.name}** (${p.kind}, ${p.base_url}): ${p.availability}${p.problem === null ? '' : ` — ${p.problem}`}`);
    if (test !== null) lines.push(`Test: ${test.ok ? 'ok' : 'failed'} — ${test.message}`);
    if (project !== null) lines.push(`Project ${project.research_id}: reasoners ${project.reasoner_order.join(' → ')}`);
    return { data: { active, providers, test, project }, markdown: lines.join('\n') || 'No providers configured.' };
  },
});

function required<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw new DomainError('invalid_input', `This action needs \`${field}\`.`, { field });
  return value;
}

/**
 * The stored providers with the registry's view of each, and whether the process is active — the
 * registry read in one go after the database answered, so an activation running meanwhile (the
 * app handing over keys after a restart) is seen whole or not at all, never active without its keys.
 */
async function views(ctx: ServerContext, registry: ProviderRegistry): Promise<{ providers: Array<z.input<typeof ProviderView>>; active: boolean }> {
  const rows = await listProviderSettings(ctx.db);
  const states = new Map(registry.states().map((state) => [state.name, state]));
  const providers = rows.map((row) => {
    const state = states.get(row.name);
    return { ...inputFromRow(row), has_key: state?.hasKey ?? false, availability: state?.availability ?? 'disabled', problem: state?.problem ?? null };
  });
  return { providers, active: registry.active };
}

async function testProvider(ctx: ServerContext, registry: ProviderRegistry, input: ProviderInput | undefined, name: string | undefined, apiKey: string | null | undefined) {
  const stored = input ?? (name === undefined ? undefined : (await listProviderSettings(ctx.db)).map(inputFromRow).find((p) => p.name === name));
  if (stored === undefined) throw new DomainError('invalid_input', 'Pass the provider settings to test, or the name of a stored provider.', { field: 'provider' });
  const config = { ...configFromRow(rowFromInput(stored, '')), apiKey: apiKey ?? registry.keyOf(stored.name) };
  config.timeoutMs = Math.min(config.timeoutMs, TEST_TIMEOUT_MS);
  const handle = registry.handleFor(config);
  const started = performance.now();
  try {
    const answer = await handle.client.chat(
      {
        model: config.models.generation,
        system: 'You check that an API connection works. Answer with JSON only.',
        messages: [{ role: 'user', content: 'Reply with {"ok": true}.' }],
        schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
        maxOutputTokens: 32,
      },
      AbortSignal.timeout(TEST_TIMEOUT_MS),
    );
    return { ok: true, latency_ms: Math.round(performance.now() - started), model: answer.model, message: `${stored.name} answered with ${answer.model} in ${Math.round(performance.now() - started)} ms.` };
  } catch (error) {
    const message = error instanceof ProviderError ? error.message : `The test failed: ${(error as Error).message}`;
    const scrubbed = config.apiKey !== undefined && config.apiKey.length >= 8 ? message.split(config.apiKey).join('[REDACTED]') : message;
    return { ok: false, latency_ms: Math.round(performance.now() - started), model: null, message: scrubbed };
  }
}

type ProjectArgs = { reasoner_order?: ProjectSettings['reasonerOrder']; max_tokens?: number | null; max_cost_usd?: number | null };

/** Sets who may do a project's thinking (start_research's reasoner_order). */
export async function setReasonerOrder(ctx: ServerContext, researchId: string, order: NonNullable<ProjectSettings['reasonerOrder']>): Promise<void> {
  await setProjectReasoning(ctx, researchId, { reasoner_order: order });
}

async function setProjectReasoning(ctx: ServerContext, researchId: string, args: ProjectArgs): Promise<z.input<typeof ProjectReasoning>> {
  const actor = { clientId: ctx.clientId, now: () => ctx.now() };
  const settings = await writeTransaction(ctx.db, async () => {
    const current = (await loadResearch(ctx.db, researchId)).settings;
    const next: ProjectSettings = { ...current };
    if (args.reasoner_order !== undefined) next.reasonerOrder = [...new Set(args.reasoner_order)];
    if (args.max_tokens !== undefined) next.maxTokens = args.max_tokens ?? undefined;
    if (args.max_cost_usd !== undefined) next.maxCostUsd = args.max_cost_usd ?? undefined;
    await updateResearch(ctx.db, researchId, { settings: next as unknown as Record<string, unknown> }, actor.now());
    await recordChange(ctx.db, actor, 'project.updated', researchId, { reasoner_order: reasonerOrderOf(next) });
    return next;
  });
  ctx.feed.poke();
  return { research_id: researchId, reasoner_order: [...reasonerOrderOf(settings)], max_tokens: settings.maxTokens ?? null, max_cost_usd: settings.maxCostUsd ?? null };
}

// ---- Usage, for get_research_status ----------------------------------------------------------

const UsageNumbers = {
  calls: z.number().int(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  cost_usd: z.number().nullable().describe('Estimated from the configured price table; null without prices.'),
};

export const ReasoningUsageSchema = z.object({
  reasoner_order: z.array(z.enum(REASONER_KINDS)),
  in_background: z.boolean().describe('An LLM provider works on this project in the background now.'),
  ...UsageNumbers,
  by_role: z.array(z.object({ role: z.enum(REASONING_ROLES), ...UsageNumbers })),
  by_reasoner: z.array(z.object({ reasoner: z.string(), model: z.string(), calls: z.number().int() })),
  max_tokens: z.number().nullable(),
  max_cost_usd: z.number().nullable(),
});

type ReasoningUsage = z.input<typeof ReasoningUsageSchema>;

const usageNumbers = (totals: UsageTotals) => ({
  calls: totals.calls,
  input_tokens: totals.inputTokens,
  output_tokens: totals.outputTokens,
  cost_usd: totals.costUsd === null ? null : Math.round(totals.costUsd * 10_000) / 10_000,
});

/**
 * Calls, tokens and estimated cost of the project's automatic reasoners (providers, sampling), per
 * role, and whether a provider works on it in the background: from its usage summary and the live
 * background workers, which get_research_status reads in its one statement with the project.
 */
export function reasoningUsage(project: ResearchProject, usage: UsageSummary, liveWorkers: number): ReasoningUsage {
  return {
    reasoner_order: [...reasonerOrderOf(project.settings)],
    in_background: project.status !== 'completed' && project.status !== 'paused' && servesInBackground(project, liveWorkers),
    ...usageNumbers(usage.totals),
    by_role: usage.byRole.map((row) => ({ role: row.role, ...usageNumbers(row) })),
    by_reasoner: usage.byReasoner,
    max_tokens: project.settings.maxTokens ?? null,
    max_cost_usd: project.settings.maxCostUsd ?? null,
  };
}

export function reasoningMarkdown(usage: ReasoningUsage): string {
  const cost = (value: number | null | undefined): string => (value === null || value === undefined ? '' : `, ≈ $${value.toFixed(4)}`);
  const roles = usage.by_role.map((r) => `${r.role} ${r.calls} calls, ${r.input_tokens}+${r.output_tokens} tokens${cost(r.cost_usd)}`);
  return `- Reasoners: ${usage.reasoner_order.join(' → ')}${usage.in_background ? ' (a provider works in the background now)' : ''}${roles.length > 0 ? `; ${roles.join('; ')}` : ''}`;
}
