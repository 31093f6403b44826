// Short-lived messages at the bottom of the window, optionally with one action (e.g. "Undo").
// A toast that runs out calls its onExpire: that is how a delete becomes final only once the
// scientist's chance to undo it has passed (see features/projects/useDelayedDelete).
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

interface ToastApi {
  show(toast: ToastRequest): number;
  dismiss(id: number): void;
}

const DEFAULT_DURATION_MS = 5000;
const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<number, number>());
  const nextId = useRef(1);

  const remove = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) window.clearTimeout(timer);
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (request: ToastRequest) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { ...request, id }]);
      timers.current.set(
        id,
        window.setTimeout(() => {
          remove(id);
          request.onExpire?.();
        }, request.durationMs ?? DEFAULT_DURATION_MS),
      );
      return id;
    },
    [remove],
  );

  // Leaving the app (or a test tearing it down) clears the timers; an unexpired action never runs.
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) window.clearTimeout(timer);
    };
  }, []);

  const api = useMemo(() => ({ show, dismiss: remove }), [show, remove]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className="toast" data-testid={toast.testId ?? 'toast'}>
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
