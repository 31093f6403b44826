// The renderer's `window.cosci` in Electron, built on the preload's ipcRenderer.
//
// It lives apart from preload.ts so it can be tested with a fake ipcRenderer, and it imports
// the contract for types only: the sandboxed preload bundle must not carry zod or host code.
import { EVENT_CHANNEL, INVOKE_CHANNEL } from './channels.js';
import type { CosciApi, DroppedFile, HostEvent, Result, RouteName, RouteInput, RouteOutput } from '../../src-shared/routes/index.js';

/** The parts of Electron's `ipcRenderer` the API uses. */
export interface IpcRendererPort {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/** Electron's `webUtils` (preload only): the on-disk path behind a dropped File, '' when there is none. */
export interface WebUtilsPort {
  getPathForFile(file: DroppedFile): string;
}

export function createCosciApi(ipcRenderer: IpcRendererPort, webUtils?: WebUtilsPort): CosciApi {
  return {
    // Only a string crosses into the page, never webUtils itself.
    ...(webUtils === undefined
      ? {}
      : {
          pathForFile(file: DroppedFile): string | null {
            const found = webUtils.getPathForFile(file);
            return found === '' ? null : found;
          },
        }),
    invoke<R extends RouteName>(route: R, input: RouteInput<R>): Promise<Result<RouteOutput<R>>> {
      // Main validates the input against the route's schema and always answers with a Result.
      return ipcRenderer.invoke(INVOKE_CHANNEL, route, input) as Promise<Result<RouteOutput<R>>>;
    },
    onEvent(listener: (event: HostEvent) => void): () => void {
      // The IPC event object is dropped: its `sender` is ipcRenderer itself, which must never
      // reach the page.
      const relay = (_event: unknown, payload: unknown): void => listener(payload as HostEvent);
      ipcRenderer.on(EVENT_CHANNEL, relay);
      // Removing a listener twice is a no-op, so calling the unsubscribe again is harmless.
      return () => {
        ipcRenderer.removeListener(EVENT_CHANNEL, relay);
      };
    },
  };
}
