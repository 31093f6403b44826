// The assistants routes' side of registration (ARCHITECTURE §9): the registration module edits
// the assistants' config files; this adapter gives it the machine's context and turns its
// RegistrationErrors into Results the renderer can show.
import type { AssistantId, AssistantState, ErrorCode, RegistrationOutcome, Result, RouteError } from './contract.js';
import { inspectClaudeDesktop, registerClaudeDesktop } from './registration/index.js';
import { RegistrationError, type RegistrationErrorCode } from './registration/errors.js';
import type { LaunchCommand } from './registration/launcher.js';
import { describeError, type Logger } from './log.js';
import type { Assistants } from './router.js';

/** The machine the assistants live on, and what they should launch to reach our server. */
export interface RegistrationContext {
  home: string;
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  /** From resolveLaunchCommand(): absolute executable + server entry, without `--client`. */
  launch: LaunchCommand;
}

const SUPPORTED_PLATFORMS = ['darwin', 'win32', 'linux'] as const;
type SupportedPlatform = (typeof SUPPORTED_PLATFORMS)[number];

// Refusals the scientist can resolve are REGISTRATION_REFUSED; an entry they edited is a
// CONFLICT (the app shows the diff and asks before replacing it); a bad launch command is our bug.
const ERROR_CODES: Partial<Record<RegistrationErrorCode, ErrorCode>> = {
  CHANGED_BY_USER: 'CONFLICT',
  INVALID_LAUNCH_COMMAND: 'INTERNAL',
};

export function createAssistants(context: RegistrationContext & { dataDir: string }, log: Logger): Assistants {
  const options = (platform: SupportedPlatform) => ({
    home: context.home,
    platform,
    env: context.env,
    dataDir: context.dataDir,
    launch: context.launch,
  });

  return {
    async list(): Promise<Result<AssistantState[]>> {
      const platform = supportedPlatform(context.platform);
      if (!platform.ok) return platform;
      try {
        return { ok: true, data: [await inspectClaudeDesktop(options(platform.data))] };
      } catch (error) {
        return refusal('inspect Claude Desktop', error, log);
      }
    },

    async connect(id: AssistantId, force = false): Promise<Result<RegistrationOutcome>> {
      const platform = supportedPlatform(context.platform);
      if (!platform.ok) return platform;
      try {
        switch (id) {
          case 'claude-desktop': {
            const outcome = await registerClaudeDesktop({ ...options(platform.data), force });
            log.info(`Claude Desktop registration: ${outcome.action} ${outcome.config_path}`);
            return { ok: true, data: outcome };
          }
        }
      } catch (error) {
        return refusal(`connect ${id}`, error, log);
      }
    },
  };
}

function supportedPlatform(platform: NodeJS.Platform): Result<SupportedPlatform> {
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
