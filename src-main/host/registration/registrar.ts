// Registering our server with one assistant, for any ClientAdapter (ARCHITECTURE §9): decide
// what to change from the file, the ledger and the caller's consent, then edit under a lock with
// a backup, an atomic write and a read-back check.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AssistantState, RegistrationOutcome } from '../contract.js';
import type { ClientAdapter, ClientContext, Environment, JsonObject, TargetPlatform } from './clientAdapter.js';
import { chooseConfigLocation, isClientInstalled, SERVER_KEY } from './clientAdapter.js';
import { describeEntryChange, entryFingerprint, sameJson } from './entryDiff.js';
import { RegistrationError } from './errors.js';
import type { ExistingFile, ReplaceOptions } from './fileSafety.js';
import { ensureDirectory, readExistingFile, replaceFileAtomically, withFileLock, writeBackup } from './fileSafety.js';
import { documentValue, parseConfigDocument, readServerEntry, withoutServerEntry, withServerEntry } from './jsonEntryEditor.js';
import type { LaunchCommand } from './launcher.js';
import { launchForClient } from './launcher.js';
import { findLedgerRecord, forgetRegistration, recordRegistration } from './ledger.js';

export interface InspectOptions {
  home: string;
  platform: TargetPlatform;
  env: Environment;
  /** When given, the inspection also says whether the registered entry matches this launch. */
  launch?: LaunchCommand;
}

export interface RegistrationOptions extends InspectOptions {
  /** Co-Scientist's data dir, home of the ledger `registrations.json`. */
  dataDir: string;
  launch: LaunchCommand;
  /** The scientist confirmed replacing (or removing) an entry they changed (CLI: `--yes`). */
  force?: boolean;
}

export type UnregistrationOptions = Omit<RegistrationOptions, 'launch'> & { launch?: LaunchCommand };

export interface UnregistrationOutcome {
  id: RegistrationOutcome['id'];
  /** `removed`: our entry was taken out; `absent`: there was none, nothing was written. */
  action: 'removed' | 'absent';
  config_path: string;
  backup_path: string | null;
  next_step: string;
}

export interface ClientInspection {
  state: AssistantState;
  /** Which install variant's file was inspected (e.g. `msix` or `classic` on Windows). */
  variant: string;
  /** Our entry as found in the file. */
  entry: unknown;
  /** Whether that entry equals what we would write for `launch`; null when unknown. */
  upToDate: boolean | null;
}

/** Seam for tests that need the write itself to misbehave; production uses the real one. */
export interface RegistrarIo {
  writeConfig(file: string, content: string, options: ReplaceOptions): Promise<void>;
}
const realIo: RegistrarIo = { writeConfig: replaceFileAtomically };

function configFileFor(adapter: ClientAdapter, opts: InspectOptions): { path: string; variant: string; ctx: ClientContext } {
  const ctx: ClientContext = { home: opts.home, platform: opts.platform, env: opts.env };
  const location = chooseConfigLocation(adapter.configLocations(ctx));
  return { path: location.path, variant: location.variant, ctx };
}

const desiredEntry = (adapter: ClientAdapter, launch: LaunchCommand): JsonObject =>
  adapter.buildEntry(launchForClient(launch, adapter.id));

export async function inspectClient(adapter: ClientAdapter, opts: InspectOptions): Promise<ClientInspection> {
  const { path: configPath, variant, ctx } = configFileFor(adapter, opts);
  const state: AssistantState = {
    id: adapter.id,
    name: adapter.displayName,
    config_path: configPath,
    installed: isClientInstalled(adapter.configLocations(ctx)),
    registered: false,
    problem: null,
  };
  try {
    const file = await readExistingFile(configPath);
    if (!file) return { state, variant, entry: undefined, upToDate: null };
    const entry = readServerEntry(parseConfigDocument(file.bytes, configPath, adapter.format), adapter.serversKey, SERVER_KEY);
    const upToDate = entry === undefined || !opts.launch ? null : sameJson(entry, desiredEntry(adapter, opts.launch));
    return { state: { ...state, registered: entry !== undefined }, variant, entry, upToDate };
  } catch (e) {
    const problem = e instanceof Error ? e.message : String(e);
    return { state: { ...state, problem }, variant, entry: undefined, upToDate: null };
  }
}

function changedByUser(adapter: ClientAdapter, configPath: string, existing: unknown, proposed: unknown): RegistrationError {
  const change = describeEntryChange(existing, proposed);
  const what = proposed === undefined ? 'remove it' : "replace it with Co-Scientist's entry";
  return new RegistrationError(
    'CHANGED_BY_USER',
    `The "${SERVER_KEY}" entry in ${adapter.displayName}'s settings (${configPath}) was changed outside Co-Scientist ` +
      `since it was last registered. It was left as it is; review the difference and confirm to ${what} (a backup is kept).`,
    { configPath, change },
  );
}

/** True when `existing` is what we last wrote there (per the ledger), or what we would write now. */
async function isOurEntry(adapter: ClientAdapter, dataDir: string, configPath: string, existing: unknown, current?: JsonObject) {
  if (current !== undefined && sameJson(existing, current)) return true;
  const record = await findLedgerRecord(dataDir, adapter.id, configPath);
  return record !== undefined && record.entry_sha256 === entryFingerprint(existing);
}

interface EditPlan {
  configPath: string;
  original: ExistingFile | undefined;
  newText: string;
  /** The whole document as it must read back afterwards. */
  expected: Record<string, unknown>;
}

/** Backup, atomic write, read-back check; restores the original if the check fails. */
async function commitEdit(adapter: ClientAdapter, plan: EditPlan, lock: { assertHeld(): void }, io: RegistrarIo) {
  const { configPath, original } = plan;
  const backup = original ? await writeBackup(configPath, original) : null;
  try {
    await io.writeConfig(configPath, plan.newText, {
      // A new file gets 0o600: assistants' configs often carry API keys in other servers' env blocks.
      mode: original?.mode ?? 0o600,
      expected: original?.bytes ?? null,
      beforeCommit: () => lock.assertHeld(),
    });
  } catch (e) {
    if (backup) await fs.rm(backup, { force: true }).catch(() => undefined); // nothing changed: no backup to keep
    throw e;
  }
  const problem = await readBackProblem(adapter, configPath, plan.expected);
  if (problem !== null) {
    await restore(configPath, original, backup);
    throw new RegistrationError(
      'VERIFY_FAILED',
      `After writing ${configPath}, it did not read back as intended (${problem}). The previous file was put back` +
        `${backup ? ` (a copy is also at ${backup})` : ''}; nothing changed. Please try again or report this.`,
      { configPath },
    );
  }
  return backup;
}

async function readBackProblem(adapter: ClientAdapter, configPath: string, expected: Record<string, unknown>) {
  try {
    const after = await readExistingFile(configPath);
    if (!after) return 'the file is missing';
    const value = documentValue(parseConfigDocument(after.bytes, configPath, adapter.format));
    return sameJson(value, expected) ? null : 'its content differs from what was written';
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

async function restore(configPath: string, original: ExistingFile | undefined, backup: string | null) {
  try {
    if (original) await replaceFileAtomically(configPath, original.bytes, { mode: original.mode });
    else await fs.rm(configPath, { force: true });
  } catch (e) {
    throw new RegistrationError(
      'VERIFY_FAILED',
      `Writing ${configPath} went wrong and putting the previous version back failed too` +
        `${backup ? `; copy ${backup} over it by hand` : '; delete it by hand'}.`,
      { configPath, cause: e },
    );
  }
}

async function readDocument(adapter: ClientAdapter, configPath: string) {
  const original = await readExistingFile(configPath);
  // A missing file is edited as a blank document, which becomes a fresh one.
  const before = parseConfigDocument(original?.bytes ?? new Uint8Array(), configPath, adapter.format);
  return { original, before };
}

function withEntryValue(value: Record<string, unknown>, serversKey: string, entry: JsonObject | undefined) {
  const servers = { ...((value[serversKey] as Record<string, unknown> | undefined) ?? {}) };
  if (entry === undefined) delete servers[SERVER_KEY];
  else servers[SERVER_KEY] = entry;
  return { ...value, [serversKey]: servers };
}

/**
 * The config edit has succeeded by the time the ledger is updated, so a ledger failure must not
 * report the registration as failed. Losing a record errs on the safe side: the next change to
 * the entry is asked about, and the next `register` records it again.
 */
async function rememberQuietly(update: () => Promise<void>): Promise<void> {
  await update().catch(() => undefined);
}

export async function registerClient(adapter: ClientAdapter, opts: RegistrationOptions, io: RegistrarIo = realIo): Promise<RegistrationOutcome> {
  const { path: configPath } = configFileFor(adapter, opts);
  const desired = desiredEntry(adapter, opts.launch);
  const fingerprint = entryFingerprint(desired);
  const outcome = (action: RegistrationOutcome['action'], backup: string | null): RegistrationOutcome => ({
    id: adapter.id,
    action,
    config_path: configPath,
    backup_path: backup,
    next_step: adapter.nextStep(opts.platform, 'registered'),
  });

  await ensureDirectory(path.dirname(configPath));
  return withFileLock(configPath, async (lock) => {
    const { original, before } = await readDocument(adapter, configPath);
    const existing = readServerEntry(before, adapter.serversKey, SERVER_KEY);
    if (existing !== undefined && sameJson(existing, desired)) {
      // Already right. Re-record it if the ledger lost track, so later repairs stay silent.
      const record = await findLedgerRecord(opts.dataDir, adapter.id, configPath);
      if (record?.entry_sha256 !== fingerprint) await recordRegistration(opts.dataDir, adapter.id, configPath, fingerprint);
      return outcome('unchanged', null);
    }
    if (existing !== undefined && !opts.force && !(await isOurEntry(adapter, opts.dataDir, configPath, existing))) {
      throw changedByUser(adapter, configPath, existing, desired);
    }
    const plan: EditPlan = {
      configPath,
      original,
      newText: withServerEntry(before, adapter.serversKey, SERVER_KEY, desired),
      expected: withEntryValue(documentValue(before), adapter.serversKey, desired),
    };
    const backup = await commitEdit(adapter, plan, lock, io);
    await rememberQuietly(() => recordRegistration(opts.dataDir, adapter.id, configPath, fingerprint));
    return outcome(!original ? 'created' : existing === undefined ? 'added' : 'updated', backup);
  });
}

export async function unregisterClient(
  adapter: ClientAdapter,
  opts: UnregistrationOptions,
  io: RegistrarIo = realIo,
): Promise<UnregistrationOutcome> {
  const { path: configPath } = configFileFor(adapter, opts);
  const outcome = (action: UnregistrationOutcome['action'], backup: string | null): UnregistrationOutcome => ({
    id: adapter.id,
    action,
    config_path: configPath,
    backup_path: backup,
    next_step: adapter.nextStep(opts.platform, 'unregistered'),
  });
  // Nothing to remove, and no reason to create the assistant's folder just to find that out.
  if (!(await readExistingFile(configPath))) return outcome('absent', null);

  return withFileLock(configPath, async (lock) => {
    const { original, before } = await readDocument(adapter, configPath);
    const existing = readServerEntry(before, adapter.serversKey, SERVER_KEY);
    if (!original || existing === undefined) {
      await forgetRegistration(opts.dataDir, adapter.id, configPath);
      return outcome('absent', null);
    }
    const current = opts.launch ? desiredEntry(adapter, opts.launch) : undefined;
    if (!opts.force && !(await isOurEntry(adapter, opts.dataDir, configPath, existing, current))) {
      throw changedByUser(adapter, configPath, existing, undefined);
    }
    const plan: EditPlan = {
      configPath,
      original,
      newText: withoutServerEntry(before, adapter.serversKey, SERVER_KEY),
      expected: withEntryValue(documentValue(before), adapter.serversKey, undefined),
    };
    const backup = await commitEdit(adapter, plan, lock, io);
    await rememberQuietly(() => forgetRegistration(opts.dataDir, adapter.id, configPath));
    return outcome('removed', backup);
  });
}
