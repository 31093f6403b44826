// What each assistant may do, shown and changed in the app (issue 18 item 13): the handlers of the
// policy routes (src-shared/routes/policies.ts) read and write the client policies through the
// desktop-only get_client_policies / set_client_policy tools, so the server enforces every change on
// the assistant's next call and audits it (architecture.md, *Identity, scopes, audit*). Nothing here
// decides a permission; it only carries the scientist's.
import type { policyRoutes } from '../../src-shared/routes/policies.js';
import { AssistantPoliciesSchema } from '../../src-shared/schemas/policies.js';
import type { CallTool, RouteHandlers } from './routeHandlers.js';


/**
 * The assistants the host knows of without their having called: registered by the app or found on
 * this machine (registration/detection.ts). Their permissions are listed with the defaults they
 * would get, so the scientist can set them before the first call.
 */
export type KnownAssistants = () => Promise<string[]>;

export function createPolicyHandlers(tool: CallTool, knownAssistants: KnownAssistants = async () => []): RouteHandlers<typeof policyRoutes> {
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
