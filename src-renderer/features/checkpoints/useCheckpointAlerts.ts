// Tells the scientist that checkpoints wait for them: the window title carries the count
// ("(3) Co-Scientist"), and in a browser each newly arrived checkpoint raises a notification
// when they allowed it. In Electron the main process shows OS notifications and sets the dock or
// taskbar badge itself (src-main/electron/checkpointAlerts.ts), so the page does not repeat them.
import { useEffect } from 'react';
import { useAppInfo } from '../../api/queries';
import { useCosci } from '../../api/CosciProvider';
import { useProjectOverview } from '../../api/researchQueries';
import { useNavigation } from '../../app/navigation';
import { KIND_LABELS } from './checkpointKinds';

const APP_TITLE = 'Co-Scientist';

export function titleWithCount(pending: number): string {
  return pending > 0 ? `(${pending}) ${APP_TITLE}` : APP_TITLE;
}

export function usePendingCount(): number | undefined {
  return useProjectOverview().data?.pending_total;
}

export function useCheckpointAlerts(): void {
  const pending = usePendingCount();
  const api = useCosci();
  const host = useAppInfo().data?.host;
  const { navigate } = useNavigation();

  useEffect(() => {
    document.title = titleWithCount(pending ?? 0);
  }, [pending]);

  useEffect(() => {
    if (host !== 'web' || typeof Notification === 'undefined') return;
    return api.onEvent((event) => {
      if (event.kind !== 'checkpoints-changed' || event.arrived.length === 0 || Notification.permission !== 'granted') return;
      for (const checkpoint of event.arrived.slice(0, 3)) {
        const notification = new Notification(`${KIND_LABELS[checkpoint.kind]} waits for your decision`, { body: checkpoint.goal, tag: checkpoint.checkpoint_id });
        notification.onclick = () => {
          window.focus();
          navigate({ section: 'inbox', checkpointId: checkpoint.checkpoint_id });
          notification.close();
        };
      }
    });
  }, [api, host, navigate]);
}
