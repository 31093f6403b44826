// Handlers of the assistants' registration routes (src-shared/routes/assistants.ts): the host does
// this work itself (assistants.ts, registration/), not the research server.
import type {
  AssistantId,
  AssistantState,
  assistantRoutes,
  DisconnectOutcome,
  ManualSetup,
  RegistrationOutcome,
  TestLaunch,
} from '../../src-shared/routes/assistants.js';
import type { Result } from '../../src-shared/routes/index.js';
import type { RouteHandlers } from './routeHandlers.js';

/** What the router needs from the assistants' registration code; failures come back as values. */
export interface Assistants {
  list(): Promise<Result<AssistantState[]>>;
  /** With `server`, the assistant's entry for that lab server (it signs in itself), else for this computer's server. */
  connect(id: AssistantId, force?: boolean, variant?: string, server?: string): Promise<Result<RegistrationOutcome>>;
  disconnect(id: AssistantId, force?: boolean, variant?: string): Promise<Result<DisconnectOutcome>>;
  repair(id: AssistantId, variant?: string): Promise<Result<RegistrationOutcome>>;
  test(id: AssistantId, variant?: string): Promise<Result<TestLaunch>>;
  manualSetup(id: AssistantId, variant?: string): Promise<Result<ManualSetup>>;
}

export function createAssistantHandlers(assistants: Assistants): RouteHandlers<typeof assistantRoutes> {
  return {
    'assistants.list': async () => {
      const listed = await assistants.list();
      return listed.ok ? { ok: true, data: { assistants: listed.data } } : listed;
    },
    'assistants.connect': (input) => assistants.connect(input.id, input.force ?? false, input.variant, input.server),
    'assistants.disconnect': (input) => assistants.disconnect(input.id, input.force ?? false, input.variant),
    'assistants.repair': (input) => assistants.repair(input.id, input.variant),
    'assistants.test': (input) => assistants.test(input.id, input.variant),
    'assistants.manualSetup': (input) => assistants.manualSetup(input.id, input.variant),
  };
}
