// What each assistant may do, shown and changed in the app (issue 18 item 13): the routes read and
// write the client policies through the desktop-only get_client_policies / set_client_policy tools,
// so the server enforces every change on the assistant's next call and audits it (architecture.md,
// *Identity, scopes, audit*). Nothing here decides a permission; it only carries the scientist's.
import { z } from 'zod';
import { AssistantPoliciesSchema, AssistantPolicySchema, type AssistantPolicies, type AssistantPolicy } from '../../src-shared/schemas/policies.js';

export type { AssistantPolicies, AssistantPolicy };

export const policyRoutes = {
  'assistants.policies': { input: z.object({}).strict(), output: AssistantPoliciesSchema },
  /** Replaces one assistant's scopes and checkpoint permission; its rate limit stays as it was. */
  'assistants.setPolicy': {
    input: z
      .object({
        client_id: z.string().min(1).max(64),
        scopes: z.array(z.string().min(1)).max(20),
        may_decide_checkpoints: z.boolean(),
      })
      .strict(),
    output: AssistantPolicySchema,
  },
} as const;

/** A tool call's result as the router sees it; `C` is the contract's error codes (generic, so this file need not import contract.ts). */
type Outcome<C extends string> = { ok: true; data: unknown } | { ok: false; error: { code: C; message: string } };
type CallTool<C extends string> = (name: string, args: Record<string, unknown>) => Promise<Outcome<C>>;
type Handlers<C extends string> = {
  [R in keyof typeof policyRoutes]: (input: z.output<(typeof policyRoutes)[R]['input']>) => Promise<Outcome<C>>;
};

/**
 * The assistants the host knows of without their having called: registered by the app or found on
 * this machine (registration/detection.ts). Their permissions are listed with the defaults they
 * would get, so the scientist can set them before the first call.
 */
export type KnownAssistants = () => Promise<string[]>;

export function createPolicyHandlers<C extends string>(tool: CallTool<C>, knownAssistants: KnownAssistants = async () => []): Handlers<C> {
  return {
    'assistants.policies': async () => tool('get_client_policies', { also: await knownAssistants() }),
    'assistants.setPolicy': async (input) => {
      // set_client_policy replaces the whole policy: carry the current rate limit over unchanged.
      const current = await tool('get_client_policies', {});
      if (!current.ok) return current;
      const known = AssistantPoliciesSchema.parse(current.data).policies.find((policy) => policy.client_id === input.client_id);
      return tool('set_client_policy', {
        client_id: input.client_id,
        scopes: input.scopes,
        may_decide_checkpoints: input.may_decide_checkpoints,
        ...(known === undefined ? {} : { rate_per_minute: known.rate_per_minute, burst: known.burst }),
      });
    },
  };
}
