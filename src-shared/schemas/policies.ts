// Result shapes of the desktop's permission tools (get_client_policies, set_client_policy), defined
// once for the tools and the desktop host's contract. Imports zod only.
import { z } from 'zod';

/** One assistant's permissions as the scientist sees and edits them. */
export const AssistantPolicySchema = z.object({
  client_id: z.string(),
  scopes: z.array(z.string()),
  rate_per_minute: z.number().int(),
  burst: z.number().int(),
  may_decide_checkpoints: z.boolean(),
  source: z.enum(['stored', 'default']),
  last_seen: z.string().nullable(),
  calls: z.number().int(),
});
export type AssistantPolicy = z.infer<typeof AssistantPolicySchema>;

/** get_client_policies. */
export const AssistantPoliciesSchema = z.object({
  policies: z.array(AssistantPolicySchema),
  known_scopes: z.array(z.string()),
  /** Each scope and the scopes it confers (the server's one definition, mcp/scopes.ts), so the app shows what a grant implies. */
  scope_implications: z.record(z.string(), z.array(z.string())),
});
export type AssistantPolicies = z.infer<typeof AssistantPoliciesSchema>;
