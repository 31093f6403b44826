// The four things a scientist can do to one assistant's registration, as TanStack mutations.
// Each refreshes the assistants list when it settles: the main process is the source of truth.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssistantState, RouteInput, RouteName } from '../../../src-shared/routes/index';
import { call } from '../../api/cosci';
import { useCosci } from '../../api/CosciProvider';
import { queryKeys } from '../../api/queries';

type Target = Pick<AssistantState, 'id' | 'variant'>;

function useAssistantMutation<R extends RouteName>(route: R, input: (target: Target, force: boolean, server: string | undefined) => RouteInput<R>) {
  const api = useCosci();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, force = false, server }: { target: Target; force?: boolean; server?: string }) => call(api, route, input(target, force, server)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.assistants }),
  });
}

export function useAssistantActions() {
  return {
    // With `server`, to the lab server (Settings → Lab server); without, to this computer's server.
    connect: useAssistantMutation('assistants.connect', (t, force, server) => ({ id: t.id, variant: t.variant, ...(force ? { force } : {}), ...(server === undefined ? {} : { server }) })),
    disconnect: useAssistantMutation('assistants.disconnect', (t, force) => ({ id: t.id, variant: t.variant, ...(force ? { force } : {}) })),
    repair: useAssistantMutation('assistants.repair', (t) => ({ id: t.id, variant: t.variant })),
    test: useAssistantMutation('assistants.test', (t) => ({ id: t.id, variant: t.variant })),
  };
}
