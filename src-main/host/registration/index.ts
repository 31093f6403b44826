// Registration of Co-Scientist's MCP server with AI assistants: the API the desktop host, the
// web host and the CLI use. Electron-free; Claude Desktop is the first client.
import type { AssistantState, RegistrationOutcome } from '../contract.js';
import { claudeDesktop } from './claudeDesktop.js';
import type { InspectOptions, RegistrarIo, RegistrationOptions, UnregistrationOptions, UnregistrationOutcome } from './registrar.js';
import { inspectClient, registerClient, unregisterClient } from './registrar.js';

export type { ClientAdapter, ClientContext, ConfigLocation, Environment, TargetPlatform } from './clientAdapter.js';
export { TARGET_PLATFORMS, SERVER_KEY } from './clientAdapter.js';
export { claudeDesktop, CLAUDE_CONFIG_FILE, CLAUDE_MSIX_PACKAGE } from './claudeDesktop.js';
export type { EntryChange, RegistrationErrorCode } from './errors.js';
export { RegistrationError } from './errors.js';
export type { LaunchCommand, LaunchInputs } from './launcher.js';
export { launchForClient, resolveLaunchCommand } from './launcher.js';
export type { ClientInspection, InspectOptions, RegistrationOptions, UnregistrationOptions, UnregistrationOutcome } from './registrar.js';
export { inspectClient, registerClient, unregisterClient } from './registrar.js';

/** Where Claude Desktop's config is on this machine and whether our entry is in it. Never writes. */
export async function inspectClaudeDesktop(opts: InspectOptions): Promise<AssistantState> {
  return (await inspectClient(claudeDesktop, opts)).state;
}

/**
 * Adds or repairs our entry in Claude Desktop's config. Throws RegistrationError (UNPARSEABLE_CONFIG,
 * NOT_AN_OBJECT, DUPLICATE_KEY, CHANGED_BY_USER with a diff, VERIFY_FAILED, CONCURRENT_EDIT,
 * CONFIG_LOCKED, INVALID_LAUNCH_COMMAND, IO_ERROR); the file is unchanged whenever it throws.
 */
export function registerClaudeDesktop(opts: RegistrationOptions, io?: RegistrarIo): Promise<RegistrationOutcome> {
  return registerClient(claudeDesktop, opts, io);
}

/** Removes only our entry; asks first (CHANGED_BY_USER) if it is not the one we wrote, unless `force`. */
export function unregisterClaudeDesktop(opts: UnregistrationOptions, io?: RegistrarIo): Promise<UnregistrationOutcome> {
  return unregisterClient(claudeDesktop, opts, io);
}
