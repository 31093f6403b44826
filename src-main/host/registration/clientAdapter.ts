// What differs between assistants (architecture.md, *Registration*: "per-client adapters"): where the config
// lives per OS and install variant, its format, where our entry sits in it and its shape, how to
// tell the assistant is installed, and what the scientist must do afterwards. Everything else
// (safe editing, ledger, decisions) is shared.
import fs from 'node:fs';
import path from 'node:path';
import type { AssistantId } from '../../../src-shared/routes/index.js';
import type { RegistrationError } from './errors.js';
import type { LaunchCommand } from './launcher.js';

export type TargetPlatform = 'darwin' | 'win32' | 'linux';
export const TARGET_PLATFORMS: readonly TargetPlatform[] = ['darwin', 'win32', 'linux'];

export type Environment = Readonly<Record<string, string | undefined>>;

/** The machine an assistant is installed on, as far as locating its files goes. */
export interface ClientContext {
  home: string;
  platform: TargetPlatform;
  env: Environment;
  /**
   * Prefix for system-wide places (`/Applications`, `/usr/bin`, `C:\Program Files` when
   * `ProgramFiles` is unset). Default `/`; tests point it at a fixture folder so that the test
   * machine's own apps never leak into a fixture.
   */
  systemRoot?: string;
}

/** One place a config file may live. */
export interface ConfigLocation {
  variant: string;
  /** Shown to the scientist when the variant matters (Cline's host editor, e.g. "Cursor"). */
  label?: string;
  path: string;
  /** Exists when this variant is the one in use (e.g. the MSIX package folder). */
  evidence: string;
  /** Chosen when no variant shows evidence; otherwise the last location is. */
  default?: boolean;
  /** Per-location install evidence, for clients registered once per host (Cline). */
  installProbes?: InstallProbe[];
}

/** Something whose presence shows an assistant is installed: an app bundle or folder, a binary, an editor extension. */
export type InstallProbe =
  | { kind: 'path'; path: string }
  | { kind: 'binary'; names: string[] }
  | { kind: 'extension'; dir: string; prefix: string };

/**
 * `json`: strict (the client uses JSON.parse). `json-comments`: comments allowed, trailing commas
 * not (strip-json-comments + JSON.parse). `jsonc`: comments and trailing commas (VS Code, Zed).
 */
export type ConfigFormat = 'json' | 'json-comments' | 'jsonc' | 'toml' | 'yaml';

/** Where server entries live: a top-level key holding a map by name, or a list of entries with a `name` (Continue). */
export interface EntrySite {
  key: string;
  shape: 'map' | 'list';
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** A client whose own command-line tool must make the edit, because the client rewrites its file itself. */
export interface ClientCli {
  /** Executable names, most specific first (found like an install probe). */
  names: string[];
  addArgs(name: string, entryJson: string): string[];
  /** Adding a lab server by URL, where the CLI has its own form for it (`claude mcp add --transport http`). */
  addHttpArgs?(name: string, url: string, headers: Record<string, string>): string[];
  removeArgs(name: string): string[];
}

export interface ClientAdapter {
  id: AssistantId;
  displayName: string;
  format: ConfigFormat;
  site: EntrySite;
  /** `empty-config` only where the client itself reads an empty file as an empty config. */
  emptyFile: 'empty-config' | 'refuse';
  /** Candidate locations, most specific first. */
  configLocations(ctx: ClientContext): ConfigLocation[];
  /** Registered once per installed location (Cline in each host editor) instead of in one chosen file. */
  perLocation?: boolean;
  /** What shows the client is installed (a config folder alone never does). */
  installProbes(ctx: ClientContext): InstallProbe[];
  /** Our entry as this client expects it, for a server launched as `launch` (already carrying `--client`). */
  buildEntry(launch: LaunchCommand): JsonObject;
  /** Our entry for a lab server at `url` (remoteServer.ts); absent where the assistant's config cannot name one. */
  buildHttpEntry?(url: string): JsonObject;
  /** Our entry for a lab server at `url` sending the bearer token held in the environment variable `envVar`; absent where unsupported. */
  buildTokenHttpEntry?(url: string, envVar: string): JsonObject;
  /** Whether an entry found in the file counts as the one we want (default: same JSON). */
  sameEntry?(found: unknown, wanted: JsonObject): boolean;
  /** Text of a brand-new config file before our entry is added (clients that need required keys). */
  newFileText?(eol: string): string;
  /** A reason not to write this file at all (e.g. creating it would shadow a legacy config). */
  preflight?(configPath: string): RegistrationError | undefined;
  cli?: ClientCli;
  nextStep(platform: TargetPlatform, change: 'registered' | 'unregistered', location: ConfigLocation): string;
}

/** The key of our entry inside the servers object (or the `name` of our list item). */
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

/** A system-wide path (`/Applications/X.app`), under the context's system root. */
export function systemPath(ctx: ClientContext, ...segments: string[]): string {
  return joinForTarget(ctx.systemRoot ?? path.parse(process.cwd()).root, ...segments);
}

/** Per-OS base folders most assistants derive their config location from. */
export function userDirs(ctx: ClientContext) {
  const { home, env } = ctx;
  return {
    /** Windows %APPDATA%. */
    appData: envDir(env, 'APPDATA') ?? joinForTarget(home, 'AppData', 'Roaming'),
    /** Windows %LOCALAPPDATA%. */
    localAppData: envDir(env, 'LOCALAPPDATA') ?? joinForTarget(home, 'AppData', 'Local'),
    /** Windows %ProgramFiles%. */
    programFiles: envDir(env, 'ProgramFiles') ?? systemPath(ctx, 'Program Files'),
    /** $XDG_CONFIG_HOME, default ~/.config. */
    xdgConfig: envDir(env, 'XDG_CONFIG_HOME') ?? joinForTarget(home, '.config'),
    /** macOS ~/Library/Application Support. */
    appSupport: joinForTarget(home, 'Library', 'Application Support'),
  };
}

/** macOS app bundles in /Applications and ~/Applications. */
export function macApps(ctx: ClientContext, ...bundles: string[]): InstallProbe[] {
  return bundles.flatMap((b) => [
    { kind: 'path' as const, path: systemPath(ctx, 'Applications', b) },
    { kind: 'path' as const, path: joinForTarget(ctx.home, 'Applications', b) },
  ]);
}

/** The first variant with evidence on disk, else the default location, else the last. */
export function chooseConfigLocation(locations: readonly ConfigLocation[]): ConfigLocation {
  const installed = locations.find((l) => fs.existsSync(l.evidence));
  const chosen = installed ?? locations.find((l) => l.default) ?? locations[locations.length - 1];
  if (chosen === undefined) throw new Error('a client adapter returned no config locations');
  return chosen;
}

/** The registered command, whatever the client calls its fields (`cmd`/`envs` for Goose). */
export function launchOfEntry(entry: unknown): LaunchCommand | undefined {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return undefined;
  const e = entry as Record<string, unknown>;
  const command = typeof e.command === 'string' ? e.command : typeof e.cmd === 'string' ? e.cmd : undefined;
  if (command === undefined) return undefined;
  const args = Array.isArray(e.args) ? e.args.filter((a): a is string => typeof a === 'string') : [];
  const rawEnv = e.env ?? e.envs;
  const env =
    rawEnv !== null && typeof rawEnv === 'object' && !Array.isArray(rawEnv)
      ? Object.fromEntries(Object.entries(rawEnv).filter((kv): kv is [string, string] => typeof kv[1] === 'string'))
      : undefined;
  return { command, args, ...(env && Object.keys(env).length > 0 ? { env } : {}) };
}

/** `{ command, args, env? }`: the entry shape most clients share (Claude Desktop's "Cursor notation"). */
export function commandEntry(launch: LaunchCommand, extra: JsonObject = {}, envAlways = false): JsonObject {
  const env = launch.env && Object.keys(launch.env).length > 0 ? { ...launch.env } : undefined;
  return {
    ...extra,
    command: launch.command,
    args: [...launch.args],
    ...(env ? { env } : envAlways ? { env: {} } : {}),
  };
}
