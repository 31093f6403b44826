// The assistants routes' side of registration (architecture.md, *Registration*): the registration module edits
// the assistants' config files; this adapter gives it the machine's context, proves a fresh
// registration works with a test launch, and turns RegistrationErrors into Results the renderer
// can show. `recheckRegistrations` is the host's check at every start.
import type {
  AssistantId,
  AssistantState,
  DisconnectOutcome,
  ErrorCode,
  ManualSetup,
  RegistrationOutcome,
  Result,
  RouteError,
  TestLaunch,
} from '../../src-shared/routes/index.js';
import type { RecheckReport, RegistrationResult, TargetOptions, TargetPlatform } from './registration/index.js';
import {
  CLIENTS,
  desiredEntry,
  inspectTarget,
  launchOfEntry,
  recheckRegistrations as recheckLedger,
  registerTarget,
  requireClient,
  SERVER_KEY,
  targetFor,
  targetsFor,
  testLaunch,
  unregisterTarget,
} from './registration/index.js';
import { RegistrationError, type RegistrationErrorCode } from './registration/errors.js';
import { parseConfig } from './registration/configEditor.js';
import { readExistingFile } from './registration/fileSafety.js';
import type { LaunchCommand } from './registration/launcher.js';
import { launchOpening } from './registration/launcher.js';
import { parseServerUrl } from './registration/remoteServer.js';
import { manualSetup } from './registration/manualSetup.js';
import { locateApp } from './registration/cli.js';
import { cliCommand } from '../../src-shared/node/cliCommand.js';
import { describeError, type Logger } from './log.js';
import type { Assistants } from './assistants.handlers.js';

/** The machine the assistants live on, and what they should launch to reach our server. */
export interface RegistrationContext {
  home: string;
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  /** From resolveLaunchCommand(): absolute executable + server entry, without `--client`. */
  launch: LaunchCommand;
  /** Prefix for system-wide app locations; tests point it at a fixture (default `/`). */
  systemRoot?: string;
}

type Context = RegistrationContext & { dataDir: string };

const SUPPORTED_PLATFORMS = ['darwin', 'win32', 'linux'] as const;

// Refusals the scientist can resolve are REGISTRATION_REFUSED; an entry they edited is a
// CONFLICT (the app shows the diff and asks before replacing it); a bad launch command is our bug.
const ERROR_CODES: Partial<Record<RegistrationErrorCode, ErrorCode>> = {
  CHANGED_BY_USER: 'CONFLICT',
  NOT_REGISTERED: 'NOT_FOUND',
  INVALID_LAUNCH_COMMAND: 'INTERNAL',
};

function supportedPlatform(platform: NodeJS.Platform): Result<TargetPlatform> {
  const supported = SUPPORTED_PLATFORMS.find((p) => p === platform);
  if (supported) return { ok: true, data: supported };
  return {
    ok: false,
    error: { code: 'REGISTRATION_REFUSED', message: `Connecting assistants is supported on macOS, Windows and Linux, not on ${platform}.` },
  };
}

function refusal(doing: string, error: unknown, log: Logger): { ok: false; error: RouteError } {
  if (error instanceof RegistrationError) {
    log.warn(`could not ${doing}: ${error.code}: ${error.message}`);
    const diff = error.details.change?.diff;
    return {
      ok: false,
      error: { code: ERROR_CODES[error.code] ?? 'REGISTRATION_REFUSED', message: error.message, ...(diff ? { detail: diff } : {}) },
    };
  }
  log.error(`could not ${doing}`, error);
  return { ok: false, error: { code: 'INTERNAL', message: `Could not ${doing}: ${describeError(error)}` } };
}

/**
 * The context with the launch an assistant must run to reach *this* app's data: its command names
 * the data folder when the app runs with a non-default one (`--data-dir`, COSCI_DATA_DIR).
 */
function openingDataDir(context: Context): Context {
  return { ...context, launch: launchOpening(context.launch, context.dataDir, { home: context.home, platform: context.platform, env: { ...context.env } }) };
}

export function createAssistants(appContext: Context, log: Logger): Assistants {
  const context = openingDataDir(appContext);
  const options = (platform: TargetPlatform, variant?: string): TargetOptions & { dataDir: string; launch: LaunchCommand } => ({
    home: context.home,
    platform,
    env: context.env,
    dataDir: context.dataDir,
    launch: context.launch,
    ...(context.systemRoot ? { systemRoot: context.systemRoot } : {}),
    ...(variant !== undefined ? { variant } : {}),
  });

  /** Runs `work` for a supported platform, mapping refusals to Results. */
  async function attempt<T>(doing: string, work: (platform: TargetPlatform) => Promise<T>): Promise<Result<T>> {
    const platform = supportedPlatform(context.platform);
    if (!platform.ok) return platform;
    try {
      return { ok: true, data: await work(platform.data) };
    } catch (error) {
      return refusal(doing, error, log);
    }
  }

  const withTestLaunch = async (result: RegistrationResult, launch: LaunchCommand): Promise<RegistrationOutcome> => {
    const test = await testLaunch(launch, { dataDir: context.dataDir, home: context.home });
    log.info(`${result.id} registration ${result.action} ${result.config_path}; test launch ${test.ok ? `ok in ${test.duration_ms} ms` : `failed: ${test.error}`}`);
    return { ...result, test_launch: test };
  };

  return {
    list: () =>
      attempt('inspect the assistants', async (platform): Promise<AssistantState[]> => {
        const opts = options(platform);
        const inspections = CLIENTS.flatMap((adapter) => targetsFor(adapter, opts).map((t) => inspectTarget(t, opts)));
        return (await Promise.all(inspections)).map((i) => i.state);
      }),

    connect: async (id: AssistantId, force = false, variant?: string, server?: string) => {
      let lab: ReturnType<typeof parseServerUrl> | undefined;
      try {
        lab = server === undefined ? undefined : parseServerUrl(server, 'lab server URL');
      } catch (error) {
        return { ok: false, error: { code: 'INVALID_INPUT', message: describeError(error) } };
      }
      return attempt(`connect ${id}`, async (platform) => {
        const opts = options(platform, variant);
        const t = targetFor(requireClient(id), opts);
        // A lab server's entry is a URL: nothing to test-launch here; the assistant signs in to the lab itself.
        if (lab !== undefined) return { ...(await registerTarget(t, { ...opts, launch: lab, force })), test_launch: null };
        const result = await registerTarget(t, { ...opts, force });
        return withTestLaunch(result, launchOfEntry(desiredEntry(t.adapter, context.launch)) ?? context.launch);
      });
    },

    disconnect: (id: AssistantId, force = false, variant?: string) =>
      attempt(`disconnect ${id}`, async (platform): Promise<DisconnectOutcome> => {
        const opts = options(platform, variant);
        const outcome = await unregisterTarget(targetFor(requireClient(id), opts), { ...opts, force });
        log.info(`${id} disconnect: ${outcome.action} ${outcome.config_path}`);
        return outcome;
      }),

    repair: (id: AssistantId, variant?: string) =>
      attempt(`repair ${id}`, async (platform) => {
        const opts = options(platform, variant);
        const t = targetFor(requireClient(id), opts);
        const result = await registerTarget(t, { ...opts, onlyIfPresent: true });
        return withTestLaunch(result, launchOfEntry(desiredEntry(t.adapter, context.launch)) ?? context.launch);
      }),

    test: (id: AssistantId, variant?: string) =>
      attempt(`test ${id}`, async (platform): Promise<TestLaunch> => {
        const t = targetFor(requireClient(id), options(platform, variant));
        const file = await readExistingFile(t.location.path);
        const entry = file ? parseConfig(file.bytes, t.location.path, t.adapter.format).readEntry(t.adapter.site, SERVER_KEY) : undefined;
        const launch = launchOfEntry(entry);
        if (!launch) {
          throw new RegistrationError('NOT_REGISTERED', `${t.adapter.displayName} has no Co-Scientist entry with a command in ${t.location.path}; connect it first.`);
        }
        return testLaunch(launch, { dataDir: context.dataDir, home: context.home });
      }),

    manualSetup: (id: AssistantId, variant?: string) =>
      attempt(`describe ${id}'s setup`, async (platform): Promise<ManualSetup> => {
        const t = targetFor(requireClient(id), options(platform, variant));
        // Typed in the scientist's terminal, which opens in their home folder.
        const entry = context.launch.args[0];
        const cli = entry === undefined ? undefined : cliCommand({ appRoot: locateApp(entry).appRoot, argv1: undefined, cwd: context.home });
        return manualSetup(t, context.launch, cli);
      }),
  };
}

/**
 * The check at every host start: repairs our own registrations that no longer start this app
 * (moved, updated) and logs the rest. Never throws and never blocks the start.
 */
export async function recheckRegistrations(appContext: Context, log: Logger): Promise<RecheckReport[]> {
  const context = openingDataDir(appContext);
  const platform = supportedPlatform(context.platform);
  if (!platform.ok) return [];
  try {
    const reports = await recheckLedger({
      home: context.home,
      platform: platform.data,
      env: context.env,
      dataDir: context.dataDir,
      launch: context.launch,
      ...(context.systemRoot ? { systemRoot: context.systemRoot } : {}),
    });
    for (const r of reports) {
      if (r.outcome === 'ok') continue;
      if (r.outcome === 'failed') log.warn(r.message);
      else log.info(r.message);
    }
    return reports;
  } catch (error) {
    log.warn(`could not re-check the assistants' registrations: ${describeError(error)}`);
    return [];
  }
}
