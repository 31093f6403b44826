// The host: everything the Electron main process and the web host share (architecture.md, *Processes*,
// "Decision: host logic lives in Electron-free modules"). It composes the research server
// connection, the route table and the event fan-out behind one small API:
//
//   const host = createHost({ dataDir, serverCommand, hostKind: 'electron', appVersion, registrationContext });
//   await host.start();                       // spawns the server; resolves when it is ready or known down
//   const off = host.onEvent((e) => send(e));  // HostEvents for the renderer
//   const result = await host.invoke('projects.list', {}); // never throws; a Result
//   off(); await host.stop();                  // releases the child process and timers
//
// `invoke` accepts untrusted input (from IPC or HTTP) and validates it, so glue code can pass
// what it received straight through.
import type { HostEvent, Result, RouteInput, RouteName, RouteOutput } from '../../src-shared/routes/index.js';
import { createAssistants, recheckRegistrations, type RegistrationContext } from './assistants.js';
import { createStderrLogger, describeError, type Logger } from './log.js';
import { createRouter } from './router.js';
import type { FolderPicker } from './knowledge.handlers.js';
import { watchCheckpoints } from './checkpointWatch.js';
import { createSettingsStore } from './settingsStore.js';
import { activateProviders } from './providers.handlers.js';
import { createMemorySecretStore, type SecretStore } from './secrets.js';
import { callFailure, readToolResult, type ToolOutcome } from './toolResult.js';
import { ServerConnection, type RestartPolicy, type ServerCommand, type ServerStatus } from './serverConnection.js';
import { DATABASE_URL_ENV } from '../../src-shared/node/databaseUrl.js';
import { createDatabaseChoiceFile } from './databaseChoice.js';
import { createDatabaseSwitch } from './databaseSwitch.js';
import { DESKTOP_KEY_ENV, issueDesktopKey } from '../../src-shared/node/desktopKeys.js';
import { forwardedServerEnvironment } from '../../src-shared/serverEnvironment.js';
import { LabAccount, type LabStatus } from './lab/labAccount.js';
import { LabConnection } from './lab/labConnection.js';
import type { LabClientIdentity } from './lab/labOAuth.js';
import type { LabSessionStore } from './lab/labSessionStore.js';
import { KNOWLEDGE_COLLECTIONS_URI, PROJECTS_URI, SUBSCRIBED_URIS } from './serverConnection.js';

export type { ServerCommand, ServerStatus } from './serverConnection.js';
export type { RegistrationContext } from './assistants.js';

/** The client id the GUI's own server runs as (architecture.md, *Identity, scopes, audit*): the most trusted client. */
export const DESKTOP_CLIENT_ID = 'desktop';

export interface HostOptions {
  /** The data dir every process shares (see src-shared/node/dataDir.ts). */
  dataDir: string;
  /**
   * How to run the server entry: an absolute executable and `[<dist/mcp/server.js>]`, plus env
   * (in Electron: `{ ELECTRON_RUN_AS_NODE: '1' }`). The host appends `--client desktop --data-dir <dataDir>`.
   */
  serverCommand: ServerCommand;
  hostKind: 'electron' | 'web';
  appVersion: string;
  /** Where assistants' config files live and the command they should launch. */
  registrationContext: RegistrationContext;
  /** Defaults to a stderr logger scoped `host`. */
  log?: Logger;
  /** Overrides the server restart backoff (tests shorten it). */
  restart?: Partial<RestartPolicy>;
  /** Where provider API keys are kept; defaults to memory only (not persistent: the web host and tests). */
  secrets?: SecretStore;
  /** The OS folder chooser (Electron's dialog); the web host has none. */
  pickFolder?: FolderPicker;
  /** Signing in to a lab server and working on it (Settings → Lab server); without it, lab.* is UNAVAILABLE. */
  lab?: { store: LabSessionStore; client: LabClientIdentity; refreshAheadMs?: number };
  /**
   * The PostgreSQL database the app's own server uses (`--database` / COSCI_DATABASE_URL of the web
   * host); absent, the SQLite file in the data folder. Passed in the server's environment, never
   * on its command line, where any process could read the password.
   */
  databaseUrl?: string;
}

export interface Host {
  /** Calls a route. Never throws: bad input, unknown routes and failures come back as `{ ok: false }`. */
  invoke<R extends RouteName>(route: R, input: RouteInput<R>): Promise<Result<RouteOutput<R>>>;
  invoke(route: string, input: unknown): Promise<Result<unknown>>;
  /**
   * As invoke, except that a leaderboard page may come back as the JSON bytes its server checked
   * and wrote (a CheckedJson, checkedJson.ts), for glue that sends them on as they are: the web
   * host's HTTP answer. Electron's IPC uses invoke (it carries objects).
   */
  invokeWire(route: string, input: unknown): Promise<Result<unknown>>;
  /** Subscribes to HostEvents (data changed, server state moved). Returns the unsubscribe function. */
  onEvent(listener: (event: HostEvent) => void): () => void;
  /** The server's current state, e.g. to greet a newly connected renderer. */
  serverStatus(): ServerStatus;
  /** Starts the research server; resolves once it is ready or has failed its first start (it keeps retrying). */
  start(): Promise<void>;
  /** Stops the server and its restarts; listeners are kept so a restarted host can reuse them. */
  stop(): Promise<void>;
}

export function createHost(options: HostOptions): Host {
  const log = options.log ?? createStderrLogger('host');
  const listeners = new Set<(event: HostEvent) => void>();

  const emit = (event: HostEvent): void => {
    for (const listener of listeners) {
      // One broken listener (e.g. a closed socket) must not starve the others.
      try {
        listener(event);
      } catch (error) {
        log.warn(`a host event listener failed: ${describeError(error)}`);
      }
    }
  };

  const secrets = options.secrets ?? createMemorySecretStore();
  // A tool call as a Result, for handing provider keys to the server when it becomes ready.
  const callTool = async (name: string, args: Record<string, unknown>): Promise<ToolOutcome> => {
    try {
      return readToolResult(name, await connection.callTool(name, args));
    } catch (error) {
      return { ok: false, error: callFailure(name, error) };
    }
  };

  // This computer's database: the one the app was started with (passed to its server), else the one
  // chosen in Settings for the data folder (which its server reads itself), else the SQLite file;
  // a new choice restarts the server on it (databaseSwitch.ts).
  const database = createDatabaseSwitch({
    dataDir: options.dataDir,
    startupUrl: options.databaseUrl,
    file: createDatabaseChoiceFile(options.dataDir, log.child('database')),
    restartServer: async () => {
      await connection.stop();
      await connection.start();
      return connection.status().state === 'ready' ? null : (connection.lastFailure() ?? connection.status().message ?? 'it did not start');
    },
    warn: (message) => log.warn(message),
  });

  const connection = new ServerConnection({
    command: {
      ...options.serverCommand,
      args: [...options.serverCommand.args, '--client', DESKTOP_CLIENT_ID, '--data-dir', options.dataDir],
      // Proof that this server is the app's own: a fresh one-time key per spawn, never in any config.
      spawnEnv: () => ({
        ...forwardedServerEnvironment(process.env),
        ...(options.databaseUrl === undefined ? {} : { [DATABASE_URL_ENV]: options.databaseUrl }),
        [DESKTOP_KEY_ENV]: issueDesktopKey(options.dataDir),
      }),
    },
    clientInfo: { name: 'co-scientist-desktop', version: options.appVersion },
    log: log.child('server'),
    onEvent: (event) => {
      emit(event);
      // Each (re)started server gets the provider keys again: it keeps them in memory only.
      if (event.kind === 'server-state' && event.state === 'ready') void activateProviders(callTool, secrets, (message) => log.warn(message));
      // Knowledge-base changes (knowledge://) cannot add or decide checkpoints: no recount for them.
      if (!(event.kind === 'resource-updated' && event.uri.startsWith('knowledge://'))) checkpoints.onHostEvent(event);
    },
    ...(options.restart ? { restart: options.restart } : {}),
  });

  // The lab side (lab/): while the scientist works on a signed-in lab, every route's tool call goes
  // to the lab server instead of this computer's; one connection per lab sign-in, closed on a
  // switch back, a sign-out or another lab, so the two sides never share a session or an answer.
  let labConnection: LabConnection | null = null;
  let labSide: LabStatus['active'] = 'local';
  const clientInfo = { name: 'co-scientist-desktop', version: options.appVersion };
  const lab = options.lab === undefined
    ? undefined
    : new LabAccount({
        store: options.lab.store,
        client: options.lab.client,
        log: log.child('lab'),
        ...(options.lab.refreshAheadMs !== undefined ? { refreshAheadMs: options.lab.refreshAheadMs } : {}),
        onChange: (status) => {
          const wanted = status.active === 'lab' && status.identity !== null && status.url !== null ? status.url : null;
          if (labConnection !== null && labConnection.url !== wanted) {
            void labConnection.close();
            labConnection = null;
          }
          if (wanted !== null && labConnection === null) {
            labConnection = new LabConnection({
              url: wanted,
              accessToken: () => (lab as LabAccount).accessToken(),
              clientInfo,
              onInsufficientScope: (scope) => (lab as LabAccount).scopeRefused(scope),
              // The lab's changes refresh the GUI and the inbox count as the local server's do.
              onChange: (event) => {
                emit(event);
                if (!(event.kind === 'resource-updated' && event.uri.startsWith('knowledge://'))) checkpoints.onHostEvent(event);
              },
              watchedUris: SUBSCRIBED_URIS,
            });
            labConnection.watchChanges();
          }
          emit({ kind: 'lab-status', status });
          if (status.active !== labSide) {
            labSide = status.active;
            // Everything the GUI shows comes from the other side now: it refetches all of it.
            emit({ kind: 'resources-list-changed' });
            for (const uri of [PROJECTS_URI, KNOWLEDGE_COLLECTIONS_URI]) emit({ kind: 'resource-updated', uri });
          }
        },
      });

  const router = createRouter({
    callTool: (name, args) => (labConnection ?? connection).callTool(name, args),
    callToolUnparsed: (name, args) => connection.callToolUnparsed(name, args),
    passThroughPages: () => labConnection === null,
    readResource: (uri) => (labConnection ?? connection).readResourceText(uri),
    appInfo: () => {
      const status = connection.status();
      return {
        version: options.appVersion,
        data_dir: options.dataDir,
        host: options.hostKind,
        server: { state: status.state, protocol_version: status.protocolVersion, message: status.message },
      };
    },
    assistants: createAssistants({ ...options.registrationContext, dataDir: options.dataDir }, log.child('assistants')),
    log: log.child('router'),
    settings: createSettingsStore(options.dataDir, log.child('settings')),
    secrets,
    ...(options.pickFolder ? { pickFolder: options.pickFolder } : {}),
    database,
    ...(lab ? { lab: { status: () => lab.status(), setUrl: (url: string) => lab.setUrl(url), signIn: () => lab.beginSignIn(), signOut: () => lab.signOut(), switchTo: (side: LabStatus['active']) => lab.switchTo(side) } } : {}),
  });

  // The inbox badge and notifications: counts pending checkpoints after every change the server announces.
  const checkpoints = watchCheckpoints({ overview: () => router.invoke('projects.overview', {}), emit, log: log.child('checkpoints') });

  function invoke<R extends RouteName>(route: R, input: RouteInput<R>): Promise<Result<RouteOutput<R>>>;
  function invoke(route: string, input: unknown): Promise<Result<unknown>>;
  function invoke(route: string, input: unknown): Promise<Result<unknown>> {
    return router.invoke(route, input);
  }

  return {
    invoke,
    invokeWire: (route, input) => router.invokeWire(route, input),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    serverStatus: () => connection.status(),
    start: async () => {
      // Repairs our registrations after the app moved or updated; runs alongside the server start, never fails it.
      void recheckRegistrations({ ...options.registrationContext, dataDir: options.dataDir }, log.child('registrations'));
      if (lab) {
        await lab.load();
        // Back on the side the scientist left the app on.
        await lab.switchTo(lab.status().active === 'lab' && lab.status().identity !== null ? 'lab' : 'local');
      }
      await database.load();
      return connection.start();
    },
    stop: async () => {
      checkpoints.cancel();
      await lab?.close();
      await labConnection?.close();
      labConnection = null;
      return connection.stop();
    },
  };
}
