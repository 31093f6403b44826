// Tells a scientist who is looking at another window that a checkpoint waits for them: the dock
// or taskbar badge follows the host's pending count, and each checkpoint that arrives gets an OS
// notification (clicking it brings the window forward). The host does the counting
// (src-main/host/checkpointWatch.ts); this is the Electron end of its `checkpoints-changed` event.
import type { HostEvent } from '../../src-shared/routes/index.js';
import { createNotifier, type BadgeOwner, type NotificationClass } from './notifications.js';

const KIND_LABELS: Record<string, string> = {
  research_plan: 'Research plan',
  hypothesis_batch: 'New hypotheses',
  evolution_plan: 'Evolution plan',
  final_report: 'Final report',
  safety_review: 'Safety review',
};

/** Beyond this many arrivals at once, one summary notification instead of a stack of them. */
const MAX_SEPARATE_NOTIFICATIONS = 3;

export function startCheckpointAlerts(deps: {
  host: { onEvent(listener: (event: HostEvent) => void): () => void };
  Notification: NotificationClass;
  app: BadgeOwner;
  focusWindow: () => void;
}): () => void {
  const notifier = createNotifier({ Notification: deps.Notification, app: deps.app, focusWindow: deps.focusWindow });
  const unsubscribe = deps.host.onEvent((event) => {
    if (event.kind !== 'checkpoints-changed') return;
    notifier.setBadgeCount(event.pending);
    if (event.arrived.length > MAX_SEPARATE_NOTIFICATIONS) {
      notifier.notify({ title: `${event.arrived.length} checkpoints wait for you`, body: 'Open Co-Scientist to approve, edit or reject them.' });
      return;
    }
    for (const checkpoint of event.arrived) {
      notifier.notify({ title: `${KIND_LABELS[checkpoint.kind] ?? checkpoint.kind} waits for your decision`, body: checkpoint.goal });
    }
  });
  return () => {
    unsubscribe();
    notifier.dispose();
  };
}
