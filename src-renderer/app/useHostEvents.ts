// Host events drive cache invalidation: the host tells us *that* something changed, the
// queries fetch *what* changed. No polling anywhere.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AppInfo, HostEvent } from '../../src-shared/routes/index';
import { useCosci } from '../api/CosciProvider';
import { queryKeys } from '../api/queries';
import { setConnectionState } from './connectionState';
import { settleLabStatus } from '../api/labQueries';

export function useHostEvents(): void {
  const api = useCosci();
  const queryClient = useQueryClient();

  useEffect(() => {
    const handle = (event: HostEvent): void => {
      switch (event.kind) {
        case 'resources-list-changed':
        case 'resource-updated':
          // The knowledge view refreshes itself on knowledge:// updates (features/knowledge/api.ts).
          if (event.kind === 'resource-updated' && event.uri.startsWith('knowledge://')) return;
          // Any project change may move the list (order, counts) and the open project.
          void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
          return;
        case 'lab-status':
          void settleLabStatus(queryClient, event.status);
          return;
        case 'connection-state':
          setConnectionState(event);
          return;
        case 'server-state': {
          const previous = queryClient.getQueryData<AppInfo>(queryKeys.appInfo);
          queryClient.setQueryData<AppInfo>(queryKeys.appInfo, (info) =>
            info ? { ...info, server: { ...info.server, state: event.state, message: event.message } } : info,
          );
          // Back from starting or down: calls may have failed meanwhile, so refetch what is shown.
          if (event.state === 'ready' && previous !== undefined && previous.server.state !== 'ready') {
            void queryClient.invalidateQueries();
          }
          return;
        }
      }
    };
    return api.onEvent(handle);
  }, [api, queryClient]);
}
