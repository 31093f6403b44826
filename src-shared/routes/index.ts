// The host ⇄ renderer contract: one route table, routes named `domain.action`, each with a zod
// input and output. Every domain has its routes in a file of this folder (src-shared/routes/<domain>.ts)
// and its handlers in the host (src-main/host/<domain>.handlers.ts). Both hosts (Electron preload, web
// host) serve exactly these routes; the renderer imports this folder for its *types* only, so zod
// never enters the renderer bundle.
import type { z } from 'zod';
import { appRoutes, type AppInfo } from './app.js';
import { assistantRoutes } from './assistants.js';
import { auditRoutes } from './audit.js';
import { databaseRoutes } from './database.js';
import { exportRoutes } from './exports.js';
import { knowledgeRoutes } from './knowledge.js';
import { labRoutes, type LabStatusView } from './lab.js';
import { policyRoutes } from './policies.js';
import { projectRoutes } from './projects.js';
import { providerRoutes } from './providers.js';
import { researchRoutes, type ArrivedCheckpoint } from './research.js';
import { tournamentRoutes } from './tournament.js';

export * from './app.js';
export * from './assistants.js';
export * from './audit.js';
export * from './database.js';
export * from './exports.js';
export * from './knowledge.js';
export * from './lab.js';
export * from './policies.js';
export * from './projects.js';
export * from './providers.js';
export * from './research.js';
export * from './tournament.js';

/** The route table: every call the renderer can make. */
export const routes = {
  ...appRoutes,
  ...projectRoutes,
  ...assistantRoutes,
  ...knowledgeRoutes,
  ...researchRoutes,
  ...tournamentRoutes,
  ...auditRoutes,
  ...providerRoutes,
  ...policyRoutes,
  ...exportRoutes,
  ...labRoutes,
  ...databaseRoutes,
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type RouteInput<R extends RouteName> = z.input<Routes[R]['input']>;
export type RouteOutput<R extends RouteName> = z.output<Routes[R]['output']>;

/** Codes a scientist-facing message can be keyed on. */
export type ErrorCode =
  | 'INVALID_INPUT'
  | 'NOT_FOUND'
  | 'PERMISSION_DENIED'
  | 'CONFLICT'
  /** The client's rate limit refused the call; it may be retried later. */
  | 'RATE_LIMITED'
  /** The project is held for the scientist's safety review. */
  | 'SAFETY_BLOCKED'
  /** The project has used its reasoning budget; only the scientist can raise it. */
  | 'BUDGET_EXHAUSTED'
  | 'SERVER_UNAVAILABLE'
  | 'REGISTRATION_REFUSED'
  /** This host cannot do what was asked (e.g. a native folder picker in the web host). */
  | 'UNAVAILABLE'
  | 'UNKNOWN_ROUTE'
  | 'INTERNAL';

export interface RouteError {
  code: ErrorCode;
  message: string;
  /** Preformatted supporting text shown under the message, e.g. the diff behind a CONFLICT. */
  detail?: string;
}

/** Handlers never throw across the host boundary; they return one of these. */
export type Result<T> = { ok: true; data: T } | { ok: false; error: RouteError };

/** Pushed from host to renderer when data may have changed or the server's state moved. */
export type HostEvent =
  | { kind: 'resources-list-changed' }
  | { kind: 'resource-updated'; uri: string }
  | { kind: 'server-state'; state: AppInfo['server']['state']; message: string | null }
  /** The pending checkpoints changed: how many wait now, and which appeared since the last count (for a notification). */
  | { kind: 'checkpoints-changed'; pending: number; arrived: ArrivedCheckpoint[] }
  /** The lab sign-in or side changed (signed in, refused for a scope, renewed, signed out): Settings and the header show it. */
  | { kind: 'lab-status'; status: LabStatusView }
  /** The browser's own link to the web host (src-renderer/api/webClient.ts); no host sends it. */
  | ConnectionStateEvent;

/** connected; reconnecting (why, and when the next attempt is); unauthorised (a new address is needed). */
export interface ConnectionStateEvent {
  kind: 'connection-state';
  state: 'connected' | 'reconnecting' | 'unauthorised';
  message: string | null;
  /** When the next automatic attempt is made (epoch ms), while reconnecting. */
  retryAt: number | null;
  /** Failed attempts in a row. */
  attempts: number;
}

/** The one API object the renderer sees as `window.cosci` (preload in Electron, web client in a browser). */
export interface CosciApi {
  invoke<R extends RouteName>(route: R, input: RouteInput<R>): Promise<Result<RouteOutput<R>>>;
  /** Returns a function that removes the listener. */
  onEvent(listener: (event: HostEvent) => void): () => void;
  /**
   * Electron only: where a file or folder dropped on the window lies on disk (null when it is not
   * on disk). A browser never reveals that, so the web host leaves this out.
   */
  pathForFile?(file: DroppedFile): string | null;
  /** Browser only: try the link to the web host again now instead of at the next automatic attempt. */
  reconnect?(): void;
}

/** A dropped File as the contract sees it (the host side has no DOM types). */
export interface DroppedFile {
  readonly name: string;
}
