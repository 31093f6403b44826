// Which config file(s) of an assistant we act on, and what state our entry is in there.
// Most assistants have one file (the install variant in use decides which); Cline has one per
// host editor it is installed in, and each of those is a separate target.
import fs from 'node:fs';
import path from 'node:path';
import type { AssistantState, RegistrationState } from '../../../src-shared/routes/index.js';
import type { ClientAdapter, ClientContext, ConfigLocation, Environment, JsonObject, TargetPlatform } from './clientAdapter.js';
import { chooseConfigLocation, launchOfEntry, SERVER_KEY } from './clientAdapter.js';
import { parseConfig } from './configEditor.js';
import { emptyConfig } from './configText.js';
import type { Detection } from './detection.js';
import { detect } from './detection.js';
import { entryFingerprint, sameJson } from './entryDiff.js';
import { httpEntryFor, isRemote, labUrlOfEntry, type ServerTarget } from './remoteServer.js';
import { RegistrationError } from './errors.js';
import { readExistingFile } from './fileSafety.js';
import { dataDirOfLaunch, launchForClient } from './launcher.js';
import { findLedgerRecord } from './ledger.js';

export interface TargetOptions {
  home: string;
  platform: TargetPlatform;
  env: Environment;
  /** See ClientContext.systemRoot. */
  systemRoot?: string;
  /** Which install variant; the one in use (or, for Cline, the first installed) when omitted. */
  variant?: string;
}

export interface InspectOptions extends TargetOptions {
  /** Co-Scientist's data dir (the ledger): tells our entry from the scientist's. */
  dataDir?: string;
  /** When given, the inspection also says whether the registered entry matches this launch. */
  launch?: ServerTarget;
}

export interface Target {
  adapter: ClientAdapter;
  ctx: ClientContext;
  location: ConfigLocation;
  detection: Detection;
}

export function contextOf(opts: TargetOptions): ClientContext {
  return { home: opts.home, platform: opts.platform, env: opts.env, ...(opts.systemRoot ? { systemRoot: opts.systemRoot } : {}) };
}

function target(adapter: ClientAdapter, ctx: ClientContext, location: ConfigLocation): Target {
  const probes = adapter.perLocation ? (location.installProbes ?? []) : adapter.installProbes(ctx);
  return { adapter, ctx, location, detection: detect(ctx, probes) };
}

/** Every target of an assistant worth showing: one, or (Cline) one per editor that has it or its file. */
export function targetsFor(adapter: ClientAdapter, opts: TargetOptions): Target[] {
  const ctx = contextOf(opts);
  const locations = adapter.configLocations(ctx);
  if (!adapter.perLocation) return [target(adapter, ctx, chooseConfigLocation(locations))];
  const all = locations.map((l) => target(adapter, ctx, l));
  const present = all.filter((t) => t.detection.installed || fs.existsSync(t.location.path));
  const fallback = all.find((t) => t.location.default) ?? all[0];
  return present.length > 0 ? present : fallback ? [fallback] : [];
}

/** The target whose config file is `configPath` (e.g. from the ledger), even if the variant in use changed since. */
export function targetAtPath(adapter: ClientAdapter, opts: TargetOptions, configPath: string): Target {
  const ctx = contextOf(opts);
  const location = adapter.configLocations(ctx).find((l) => l.path === configPath) ?? { variant: 'recorded', path: configPath, evidence: configPath };
  return target(adapter, ctx, location);
}

/** The one target a command is about: the named variant, or the first of targetsFor. */
export function targetFor(adapter: ClientAdapter, opts: TargetOptions): Target {
  const ctx = contextOf(opts);
  if (opts.variant !== undefined) {
    const location = adapter.configLocations(ctx).find((l) => l.variant === opts.variant);
    if (!location) {
      const known = adapter.configLocations(ctx).map((l) => l.variant);
      throw new RegistrationError('NOT_INSTALLED', `${adapter.displayName} has no "${opts.variant}" variant here; known: ${known.join(', ')}.`);
    }
    return target(adapter, ctx, location);
  }
  const [first] = targetsFor(adapter, opts);
  if (!first) throw new Error(`${adapter.id} has no config locations`);
  return first;
}

/** Our entry as this adapter would write it for `launch` (a local command, or a lab server's URL). */
export function desiredEntry(adapter: ClientAdapter, launch: ServerTarget): JsonObject {
  if (isRemote(launch)) return httpEntryFor(adapter, launch);
  return adapter.buildEntry(launchForClient(launch, adapter.id));
}

export function sameEntry(adapter: ClientAdapter, found: unknown, wanted: JsonObject): boolean {
  return adapter.sameEntry ? adapter.sameEntry(found, wanted) : sameJson(found, wanted);
}

/** The data folder an entry's command opens, on this machine (see dataDirOfLaunch); undefined for an entry without a command. */
export function dataDirOfEntry(t: Target, entry: unknown): string | undefined {
  const launch = launchOfEntry(entry);
  return launch && dataDirOfLaunch(launch, { home: t.ctx.home, platform: process.platform, env: { ...t.ctx.env } });
}

/**
 * The ledgers that may remember an entry: the given data folder's, and that of the folder the
 * entry itself opens — a registration made with `--data-dir X` is remembered in X, and a later
 * `status`, `register` or `unregister` without it must still know the entry for ours.
 */
export function ledgerFoldersOf(t: Target, dataDir: string | undefined, entry: unknown): string[] {
  const folders = [dataDir, dataDirOfEntry(t, entry)].filter((d): d is string => d !== undefined);
  return [...new Set(folders.map((d) => path.resolve(d)))];
}

/** True when `existing` is what we last wrote there (per the ledgers that may know it), or what we would write now. */
export async function isOurEntry(t: Target, dataDir: string | undefined, existing: unknown, current?: JsonObject): Promise<boolean> {
  if (current !== undefined && sameEntry(t.adapter, existing, current)) return true;
  const fingerprint = entryFingerprint(existing);
  for (const folder of ledgerFoldersOf(t, dataDir, existing)) {
    if ((await findLedgerRecord(folder, t.adapter.id, t.location.path))?.entry_sha256 === fingerprint) return true;
  }
  return false;
}

export interface ClientInspection {
  state: AssistantState;
  target: Target;
  /** Our entry as found in the file. */
  entry: unknown;
  /** Whether that entry equals what we would write for `launch`; null when unknown. */
  upToDate: boolean | null;
}

function nextStepFor(t: Target, state: RegistrationState): string | null {
  const name = t.location.label ? `${t.adapter.displayName} in ${t.location.label}` : t.adapter.displayName;
  switch (state) {
    case 'not_installed':
      return `${name} was not found on this computer. Install it first (or connect anyway if it is installed somewhere unusual).`;
    case 'installed':
      return null;
    case 'registered':
      return t.adapter.nextStep(t.ctx.platform, 'registered', t.location);
    case 'needs_repair':
      return 'The entry Co-Scientist wrote no longer starts this app with its data folder (the app was moved or updated, or runs with another data folder). Repair points it at this one.';
    case 'changed_by_user':
      return 'The co-scientist entry was written or edited outside Co-Scientist. Review the difference before letting Co-Scientist replace it.';
  }
}

export async function inspectTarget(t: Target, opts: InspectOptions): Promise<ClientInspection> {
  const configPath = t.location.path;
  const base = { installed: t.detection.installed, registered: false, problem: null as string | null };
  let entry: unknown;
  let upToDate: boolean | null = null;
  let state: RegistrationState = t.detection.installed ? 'installed' : 'not_installed';
  let labServer: string | null = null;
  try {
    const file = await readExistingFile(configPath);
    const parsed = file ? parseConfig(file.bytes, configPath, t.adapter.format) : undefined;
    if (parsed?.blank && t.adapter.emptyFile === 'refuse') throw emptyConfig(configPath, t.adapter.displayName);
    entry = parsed?.readEntry(t.adapter.site, SERVER_KEY);
    if (entry !== undefined) {
      const desired = opts.launch ? desiredEntry(t.adapter, opts.launch) : undefined;
      upToDate = desired ? sameEntry(t.adapter, entry, desired) : null;
      base.registered = true;
      labServer = labUrlOfEntry(t.adapter, entry) ?? null;
      if (upToDate !== false) state = 'registered';
      else if (!(await isOurEntry(t, opts.dataDir, entry))) state = 'changed_by_user';
      // Ours, pointing at a lab server: connected there as the scientist chose (recheck.ts keeps it).
      else state = labServer !== null ? 'registered' : 'needs_repair';
    }
  } catch (e) {
    base.problem = e instanceof Error ? e.message : String(e);
  }
  return {
    target: t,
    entry,
    upToDate,
    state: {
      id: t.adapter.id,
      name: t.location.label ? `${t.adapter.displayName} (${t.location.label})` : t.adapter.displayName,
      variant: t.location.variant,
      config_path: configPath,
      detected: t.detection.evidence,
      ...base,
      state,
      next_step: base.problem ? null : nextStepFor(t, state),
      lab_server: labServer,
      can_use_lab: t.adapter.buildHttpEntry !== undefined,
    },
  };
}
