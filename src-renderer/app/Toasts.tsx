// Short-lived messages at the bottom of the window, optionally with one action (e.g. "Undo").
// A toast that runs out calls its onExpire: that is how a delete becomes final only once the
// scientist's chance to undo it has passed (see features/projects/useDelayedDelete). A toast
// stands still while the focus is in it (WCAG 2.2.1, timing adjustable): tabbing to Undo never
// loses the race.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import './toasts.css';

export interface ToastRequest {
  message: string;
  /** e.g. { label: 'Undo', run: … }: dismisses the toast without calling onExpire. */
  action?: { label: string; run: () => void };
  durationMs?: number;
  /** Called when the toast runs out (not when its action is used). */
  onExpire?: () => void;
  testId?: string;
}

interface Toast extends ToastRequest {
  id: number;
}

type Hold = 'focus';

interface Countdown {
  /** Set while the countdown runs. */
  timer: number | undefined;
  endsAt: number;
  leftMs: number;
  holds: Set<Hold>;
  expire: () => void;
}

interface ToastApi {
  show(toast: ToastRequest): number;
  dismiss(id: number): void;
}

const DEFAULT_DURATION_MS = 5000;
const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  // Each toast's countdown: its timer while running, the time it has left, and what holds it still.
  const timers = useRef(new Map<number, Countdown>());
  const nextId = useRef(1);

  const remove = useCallback((id: number) => {
    const countdown = timers.current.get(id);
    if (countdown?.timer !== undefined) window.clearTimeout(countdown.timer);
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const run = useCallback(
    (id: number) => {
      const countdown = timers.current.get(id);
      if (countdown === undefined || countdown.timer !== undefined || countdown.holds.size > 0) return;
      countdown.endsAt = Date.now() + countdown.leftMs;
      countdown.timer = window.setTimeout(() => {
        remove(id);
        countdown.expire();
      }, countdown.leftMs);
    },
    [remove],
  );

  const hold = useCallback(
    (id: number, by: Hold, held: boolean) => {
      const countdown = timers.current.get(id);
      if (countdown === undefined) return;
      if (held) {
        countdown.holds.add(by);
        if (countdown.timer === undefined) return;
        window.clearTimeout(countdown.timer);
        countdown.timer = undefined;
        countdown.leftMs = Math.max(0, countdown.endsAt - Date.now());
      } else {
        countdown.holds.delete(by);
        run(id);
      }
    },
    [run],
  );

  const show = useCallback(
    (request: ToastRequest) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { ...request, id }]);
      const leftMs = request.durationMs ?? DEFAULT_DURATION_MS;
      timers.current.set(id, { timer: undefined, endsAt: 0, leftMs, holds: new Set(), expire: () => request.onExpire?.() });
      run(id);
      return id;
    },
    [run],
  );

  // Leaving the app (or a test tearing it down) clears the timers; an unexpired action never runs.
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const countdown of pending.values()) if (countdown.timer !== undefined) window.clearTimeout(countdown.timer);
    };
  }, []);

  const api = useMemo(() => ({ show, dismiss: remove }), [show, remove]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className="toast"
            data-testid={toast.testId ?? 'toast'}
            onFocus={() => hold(toast.id, 'focus', true)}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget)) hold(toast.id, 'focus', false);
            }}
          >
            <span className="toast-message">{toast.message}</span>
            {toast.action ? (
              <button
                type="button"
                className="button button-secondary toast-action"
                data-testid={`${toast.testId ?? 'toast'}-action`}
                onClick={() => {
                  remove(toast.id);
                  toast.action?.run();
                }}
              >
                {toast.action.label}
              </button>
            ) : null}
            {/* Dismissing accepts what the toast announced, as letting it run out would. */}
            <button
              type="button"
              className="toast-close"
              aria-label="Dismiss"
              onClick={() => {
                remove(toast.id);
                toast.onExpire?.();
              }}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToasts(): ToastApi {
  const api = useContext(ToastContext);
  if (api === null) throw new Error('useToasts() used outside <ToastProvider>');
  return api;
}
