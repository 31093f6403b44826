// What differs between assistants (ARCHITECTURE §9: "per-client adapters"): where the config
// lives per OS and install variant, its format, the shape of a server entry, and what the
// scientist must do afterwards. Everything else (safe editing, ledger) is shared.
import fs from 'node:fs';
import path from 'node:path';
import type { AssistantId } from '../contract.js';
import type { LaunchCommand } from './launcher.js';

export type TargetPlatform = 'darwin' | 'win32' | 'linux';
export const TARGET_PLATFORMS: readonly TargetPlatform[] = ['darwin', 'win32', 'linux'];

export type Environment = Readonly<Record<string, string | undefined>>;

/** The machine an assistant is installed on, as far as locating its files goes. */
export interface ClientContext {
  home: string;
  platform: TargetPlatform;
  env: Environment;
}

/** One place a config file may live; `evidence` exists on disk when this variant is installed. */
export interface ConfigLocation {
  variant: string;
  path: string;
  evidence: string;
}

/** `json`: strict JSON (no comments, no trailing commas). `jsonc` is ready for VS Code-style files. */
export type ConfigFormat = 'json' | 'jsonc';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export interface ClientAdapter {
  id: AssistantId;
  displayName: string;
  format: ConfigFormat;
  /** Candidate locations, most specific first; the last one is the default when none is installed. */
  configLocations(ctx: ClientContext): ConfigLocation[];
  /** The top-level key holding server entries (`mcpServers` for Claude Desktop and Cursor, `servers` for VS Code). */
  serversKey: string;
  /** Our entry as this client expects it, for a server launched as `launch` (already carrying `--client`). */
  buildEntry(launch: LaunchCommand): JsonObject;
  nextStep(platform: TargetPlatform, change: 'registered' | 'unregistered'): string;
}

/** The key of our entry inside the servers object. */
export const SERVER_KEY = 'co-scientist';

/**
 * Joins path segments for a target platform. File operations happen on *this* machine, so we
 * join with the host's own separator: on Windows that is `path.win32`, and on a Linux test
 * machine that simulates Windows we keep the same segments (`<home>/AppData/Roaming/Claude/…`)
 * but join them with `/`, so the result is a real, usable path under the fixture home.
 */
export function joinForTarget(...segments: string[]): string {
  return path.join(...segments);
}

/** An environment variable that names a folder, or undefined when unset, blank or relative. */
export function envDir(env: Environment, name: string): string | undefined {
  const value = env[name];
  if (value === undefined || value.trim() === '') return undefined;
  // A relative value would resolve against whatever the current directory happens to be.
  return path.isAbsolute(value) ? value : undefined;
}

/** The first installed variant, else the default (last) location. */
export function chooseConfigLocation(locations: readonly ConfigLocation[]): ConfigLocation {
  const installed = locations.find((l) => fs.existsSync(l.evidence));
  const chosen = installed ?? locations[locations.length - 1];
  if (chosen === undefined) throw new Error('a client adapter returned no config locations');
  return chosen;
}

/** Whether any variant of the client has left a trace on this machine. */
export function isClientInstalled(locations: readonly ConfigLocation[]): boolean {
  return locations.some((l) => fs.existsSync(l.evidence) || fs.existsSync(l.path));
}
