// The renderer's only door to the host: `window.cosci` (architecture.md, *Processes*). Electron's preload
// provides it; in a browser the web client does. Everything here is typed by the contract,
// which the renderer imports for its types only.
import type { CosciApi, ErrorCode, RouteError, RouteInput, RouteName, RouteOutput } from '../../src-shared/routes/index';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in a plain browser. */
    cosci?: CosciApi;
  }
}

/** A route's failure, thrown into TanStack Query so loading/error states come for free. */
export class HostError extends Error {
  override readonly name = 'HostError';
  readonly code: ErrorCode;
  readonly detail: string | undefined;

  constructor(error: RouteError) {
    super(error.message);
    this.code = error.code;
    this.detail = error.detail;
  }
}

/** Calls a route and returns its data, or throws its error as a HostError. */
export async function call<R extends RouteName>(api: CosciApi, route: R, input: RouteInput<R>): Promise<RouteOutput<R>> {
  const result = await api.invoke(route, input);
  if (!result.ok) throw new HostError(result.error);
  return result.data;
}

/** What to tell a scientist about any failure a query or mutation produced. */
export function errorMessage(error: unknown): string {
  if (error instanceof HostError) return error.message;
  if (error instanceof Error) return `Unexpected problem: ${error.message}`;
  return 'Unexpected problem.';
}
