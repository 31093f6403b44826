// Registration of Co-Scientist's MCP server with AI assistants: the API the desktop host, the
// web host and the CLI use. Electron-free.
import type { AssistantState } from '../../../src-shared/routes/index.js';
import { claudeDesktop } from './clients/claudeDesktop.js';
import type { RegistrarIo, RegistrationOptions, RegistrationResult, UnregistrationOptions, UnregistrationOutcome } from './registrar.js';
import { registerClient, unregisterClient } from './registrar.js';
import type { InspectOptions } from './targets.js';
import { inspectTarget, targetFor } from './targets.js';

export type {
  ClientAdapter,
  ClientContext,
  ConfigFormat,
  ConfigLocation,
  EntrySite,
  Environment,
  InstallProbe,
  TargetPlatform,
} from './clientAdapter.js';
export { launchOfEntry, SERVER_KEY, TARGET_PLATFORMS } from './clientAdapter.js';
export { CLIENTS, clientById, requireClient } from './clients/index.js';
export { claudeDesktop, CLAUDE_CONFIG_FILE, CLAUDE_MSIX_PACKAGE } from './clients/claudeDesktop.js';
export type { EntryChange, RegistrationErrorCode } from './errors.js';
export { RegistrationError } from './errors.js';
export type { LaunchCommand, LaunchInputs } from './launcher.js';
export { checkLaunchLocation, launchForClient, resolveLaunchCommand } from './launcher.js';
export type { RecheckOptions, RecheckReport } from './recheck.js';
export { recheckRegistrations } from './recheck.js';
export type { RegistrarIo, RegistrationOptions, RegistrationResult, UnregistrationOptions, UnregistrationOutcome } from './registrar.js';
export { registerClient, registerTarget, unregisterClient, unregisterTarget } from './registrar.js';
export type { ClientInspection, InspectOptions, Target, TargetOptions } from './targets.js';
export { desiredEntry, inspectTarget, targetFor, targetsFor } from './targets.js';
export type { TestLaunchOptions } from './testLaunch.js';
export { describeLaunch, testLaunch } from './testLaunch.js';

/** Where Claude Desktop's config is on this machine and what state our entry is in. Never writes. */
export async function inspectClaudeDesktop(opts: InspectOptions): Promise<AssistantState> {
  return (await inspectTarget(targetFor(claudeDesktop, opts), opts)).state;
}

/**
 * Adds or repairs our entry in Claude Desktop's config. Throws RegistrationError (UNPARSEABLE_CONFIG,
 * NOT_AN_OBJECT, DUPLICATE_KEY, CHANGED_BY_USER with a diff, VERIFY_FAILED, CONCURRENT_EDIT,
 * CONFIG_LOCKED, INVALID_LAUNCH_COMMAND, IO_ERROR, …); the file is unchanged whenever it throws.
 */
export function registerClaudeDesktop(opts: RegistrationOptions, io?: RegistrarIo): Promise<RegistrationResult> {
  return registerClient(claudeDesktop, opts, io);
}

/** Removes only our entry; asks first (CHANGED_BY_USER) if it is not the one we wrote, unless `force`. */
export function unregisterClaudeDesktop(opts: UnregistrationOptions, io?: RegistrarIo): Promise<UnregistrationOutcome> {
  return unregisterClient(claudeDesktop, opts, io);
}
