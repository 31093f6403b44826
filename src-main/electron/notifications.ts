// OS notifications and the dock/taskbar badge: how the app tells a scientist who is looking at
// another window that something needs them (e.g. a checkpoint waiting for a decision).
//
// Electron's Notification class and `app` are parameters so the notifier runs under test.

export interface NotificationInstance {
  show(): void;
  close(): void;
  on(event: 'click' | 'close' | 'failed', listener: () => void): unknown;
}

/** Electron's `Notification` class. */
export interface NotificationClass {
  new (options: { title: string; body: string; silent?: boolean }): NotificationInstance;
  isSupported(): boolean;
}

/** The part of Electron's `app` that owns the badge (macOS dock, Linux Unity launcher). */
export interface BadgeOwner {
  setBadgeCount(count?: number): boolean;
}

export interface NotificationRequest {
  title: string;
  body: string;
  /** Called after the window has been brought forward, when the scientist clicks the notification. */
  onClick?: () => void;
}

export interface Notifier {
  /** Shows a notification; false when the OS offers none (then the in-app UI is the only signal). */
  notify(request: NotificationRequest): boolean;
  /** Sets the badge to a count of things waiting (0 clears it); false where the platform has no badge. */
  setBadgeCount(count: number): boolean;
  /** Closes notifications still on screen and clears the badge. */
  dispose(): void;
}

export function createNotifier(deps: {
  Notification: NotificationClass;
  app: BadgeOwner;
  /** Brings the main window to the front. */
  focusWindow: () => void;
}): Notifier {
  // Electron drops a notification's click handler once the object is garbage-collected, so each
  // one is held here until it is clicked or closed.
  const live = new Set<NotificationInstance>();

  return {
    notify(request) {
      if (!deps.Notification.isSupported()) return false;
      const notification = new deps.Notification({ title: request.title, body: request.body });
      live.add(notification);
      notification.on('click', () => {
        live.delete(notification);
        deps.focusWindow();
        request.onClick?.();
      });
      notification.on('close', () => live.delete(notification));
      // Since Electron 42 macOS refuses notifications from an unsigned app (a development run) and
      // says so with 'failed'; such a notification will never be clicked or closed.
      notification.on('failed', () => live.delete(notification));
      notification.show();
      return true;
    },
    setBadgeCount(count) {
      return deps.app.setBadgeCount(Math.max(0, Math.floor(count)));
    },
    dispose() {
      for (const notification of live) notification.close();
      live.clear();
      deps.app.setBadgeCount(0);
    },
  };
}
