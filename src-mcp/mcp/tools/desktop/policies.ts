// What each assistant may do (architecture.md, *Identity, scopes, audit*), edited by the scientist in the desktop app.
// Desktop-only: an assistant can never widen its own permissions.
import { z } from 'zod';
import { writeTransaction } from '../../../store/database.js';
import { appendEvent } from '../../../store/events.js';
import { allPolicies, seenClients, upsertPolicy } from '../../../store/policies.js';
import { DomainError } from '../../../engine/errors.js';
import { recordAudit } from '../../audit/callAudit.js';
import { DESKTOP_CLIENT, parseClientId, resolvePolicy } from '../../access/identity.js';
import { ALL_SCOPES, isScope, SCOPES } from '../../access/scopes.js';
import { defineTool } from '../../toolkit.js';
import { AssistantPoliciesSchema, AssistantPolicySchema } from '../../../../src-shared/schemas/policies.js';


export const getClientPoliciesTool = defineTool({
  name: 'get_client_policies',
  title: 'Get assistant permissions',
  description:
    'Every client that has used Co-Scientist or has a stored policy, plus those named in `also` (the assistants the app registered or found on this machine, with their default permissions before their first call): scopes, rate limit, whether it may decide checkpoints, and when it was last seen. Desktop app only.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['admin'],
  desktopOnly: true,
  input: z.object({
    also: z.array(z.string().min(1).max(64)).max(50).default([]).describe('Client ids to list even if they have never called, e.g. ["claude-desktop", "cursor"].'),
  }),
  output: AssistantPoliciesSchema,
  async run(args, ctx) {
    const seen = new Map((await seenClients(ctx.db)).map((c) => [c.clientId, c]));
    // The desktop app always has full access: it is not an assistant to set permissions for.
    const also = args.also.map((id) => parseClientIdOrThrow(id, 'also')).filter((id) => id !== DESKTOP_CLIENT);
    const ids = [...new Set([...(await allPolicies(ctx.db)).map((p) => p.clientId), ...seen.keys(), ...also])].sort();
    const policies = await Promise.all(ids.map(async (id) => {
      const policy = await resolvePolicy(ctx.db, id);
      return {
        client_id: id,
        scopes: policy.scopes,
        rate_per_minute: policy.ratePerMinute,
        burst: policy.burst,
        may_decide_checkpoints: policy.mayDecideCheckpoints,
        source: policy.source,
        last_seen: seen.get(id)?.lastSeen ?? null,
        calls: seen.get(id)?.calls ?? 0,
      };
    }));
    const implications = Object.fromEntries(ALL_SCOPES.map((scope) => [scope, [...SCOPES[scope].implies]]));
    return { data: { policies, known_scopes: ALL_SCOPES, scope_implications: implications }, markdown: policies.map((p) => `- ${p.client_id}: ${p.scopes.join(', ')}${p.may_decide_checkpoints ? ' · may decide checkpoints' : ''}`).join('\n') || 'No clients yet.' };
  },
});

export const setClientPolicyTool = defineTool({
  name: 'set_client_policy',
  title: 'Set assistant permissions',
  description: 'Sets what one client may do: its scopes, its rate limit for costly tools, and whether it may decide checkpoints in chat. Takes effect on the client\'s next call. Desktop app only; every change is audited.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['admin'],
  desktopOnly: true,
  input: z.object({
    client_id: z.string().min(1).describe('e.g. "claude-desktop"'),
    scopes: z.array(z.string()).max(20),
    rate_per_minute: z.number().int().min(1).max(10_000).default(60),
    burst: z.number().int().min(1).max(1000).default(10),
    may_decide_checkpoints: z.boolean().default(false),
  }),
  output: AssistantPolicySchema,
  async run(args, ctx) {
    const clientId = parseClientIdOrThrow(args.client_id);
    if (clientId === DESKTOP_CLIENT) {
      throw new DomainError('invalid_input', 'The desktop app always has full access; its permissions cannot be changed.', { field: 'client_id' });
    }
    const unknown = args.scopes.filter((scope) => !isScope(scope));
    if (unknown.length > 0) {
      throw new DomainError('invalid_input', `Unknown scope${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Known scopes: ${ALL_SCOPES.join(', ')}.`, { field: 'scopes' });
    }
    const before = await resolvePolicy(ctx.db, clientId);
    const at = ctx.now().toISOString();
    await writeTransaction(ctx.db, async () => {
      await upsertPolicy(ctx.db, { clientId, scopes: args.scopes, ratePerMinute: args.rate_per_minute, burst: args.burst, mayDecideCheckpoints: args.may_decide_checkpoints, updatedAt: at, updatedBy: ctx.clientId });
      // The client's own server hears this on the change feed and refreshes its tools/list.
      await appendEvent(ctx.db, { at, clientId: ctx.clientId, kind: 'policy.updated', subjectUri: `policy://${clientId}`, data: { client_id: clientId } });
    });
    await recordAudit(ctx.db, {
      clientId: ctx.clientId,
      action: 'policy:update',
      target: `policy://${clientId}`,
      args: { before: { scopes: before.scopes, may_decide_checkpoints: before.mayDecideCheckpoints, rate_per_minute: before.ratePerMinute, burst: before.burst }, after: args },
      outcome: 'success',
      errorCode: null,
      startedAt: ctx.now(),
      durationMs: 0,
    });
    const policy = await resolvePolicy(ctx.db, clientId);
    return {
      target: `policy://${clientId}`,
      data: { client_id: clientId, scopes: policy.scopes, rate_per_minute: policy.ratePerMinute, burst: policy.burst, may_decide_checkpoints: policy.mayDecideCheckpoints, source: policy.source, last_seen: null, calls: 0 },
      markdown: `${clientId} may now use: ${policy.scopes.join(', ') || 'nothing'}${policy.mayDecideCheckpoints ? ', and decide checkpoints' : ''}.`,
    };
  },
});

function parseClientIdOrThrow(value: string, field = 'client_id'): string {
  try {
    return parseClientId(value);
  } catch (error) {
    throw new DomainError('invalid_input', (error as Error).message, { field });
  }
}
