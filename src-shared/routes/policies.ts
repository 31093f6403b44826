// The policy routes of the host ⇄ renderer contract: what each assistant may do, shown and changed
// in the app (handlers: src-main/host/policies.handlers.ts). The policy shapes are the tools' own.
import { z } from 'zod';
import { AssistantPoliciesSchema, AssistantPolicySchema } from '../schemas/policies.js';

export type { AssistantPolicies, AssistantPolicy } from '../schemas/policies.js';

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
