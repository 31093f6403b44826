// The IPC bridge between the renderer and the host: one invoke channel, one event channel.
//
// Every call is checked against its sender before it reaches the host, and every outcome,
// including a refused sender or a host that threw, comes back as a `Result`: an exception thrown
// across `ipcMain.handle` would reach the renderer as an opaque "Error invoking remote method".
import { EVENT_CHANNEL, INVOKE_CHANNEL } from './channels.js';
import type { SenderFrame } from './security.js';
import type { HostEvent, Result } from '../../src-shared/routes/index.js';
import { describeError } from '../host/log.js';

/** What the bridge needs of the host (see src-main/host/hostCore.ts). */
export interface BridgedHost {
  invoke(route: string, input: unknown): Promise<Result<unknown>>;
  onEvent(listener: (event: HostEvent) => void): () => void;
}

export interface InvokeEvent {
  readonly senderFrame: SenderFrame | null;
}

/** The parts of Electron's `ipcMain` the bridge uses. */
export interface IpcMainPort {
  handle(channel: string, listener: (event: InvokeEvent, ...args: unknown[]) => Promise<Result<unknown>>): void;
  removeHandler(channel: string): void;
}

/** A renderer the host's events are pushed to (Electron's WebContents). */
export interface EventRecipient {
  isDestroyed(): boolean;
  send(channel: string, payload: HostEvent): void;
}

export interface BridgeOptions {
  ipcMain: IpcMainPort;
  host: BridgedHost;
  isTrustedSender: (frame: SenderFrame | null) => boolean;
  /** The renderers currently open; asked afresh for every event. */
  eventTargets: () => Iterable<EventRecipient>;
  warn: (message: string) => void;
}

/** Connects the host to the renderer; returns a function that disconnects it again. */
export function bridgeHost(options: BridgeOptions): () => void {
  const { ipcMain, host, warn } = options;

  ipcMain.handle(INVOKE_CHANNEL, async (event, route, input) => {
    if (!options.isTrustedSender(event.senderFrame)) {
      const from = event.senderFrame?.url ?? '(a frame that no longer exists)';
      warn(`Refused a host call from a page that is not the Co-Scientist window: ${from}`);
      return failure('PERMISSION_DENIED', 'Only the Co-Scientist window may call the app host.');
    }
    if (typeof route !== 'string') {
      return failure('INVALID_INPUT', 'A host call needs a route name such as "projects.list".');
    }
    try {
      return await host.invoke(route, input);
    } catch (cause) {
      // The host is meant to return errors as values; this is the last line of defence.
      warn(`Host route ${route} threw: ${describeError(cause)}`);
      return failure('INTERNAL', `The app host failed while handling ${route}: ${describeError(cause)}`);
    }
  });

  const unsubscribe = host.onEvent((event) => {
    for (const target of options.eventTargets()) {
      if (!target.isDestroyed()) target.send(EVENT_CHANNEL, event);
    }
  });

  return () => {
    unsubscribe();
    ipcMain.removeHandler(INVOKE_CHANNEL);
  };
}

function failure(code: 'PERMISSION_DENIED' | 'INVALID_INPUT' | 'INTERNAL', message: string): Result<never> {
  return { ok: false, error: { code, message } };
}
