// Registering our server with one assistant, for any ClientAdapter (architecture.md, *Registration*): decide
// what to change from the file, the ledger and the caller's consent, then edit under a lock with
// a backup, a pre-write check, an atomic write and a read-back check.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { DisconnectOutcome, RegistrationOutcome } from '../../../src-shared/routes/index.js';
import type { ClientAdapter, JsonObject } from './clientAdapter.js';
import { SERVER_KEY } from './clientAdapter.js';
import { editViaCli, usableCli } from './clientCli.js';
import type { ParsedConfig } from './configEditor.js';
import { parseConfig, sameDocument, withEntryValue } from './configEditor.js';
import { emptyConfig } from './configText.js';
import { describeEntryChange, entryFingerprint } from './entryDiff.js';
import { RegistrationError } from './errors.js';
import type { ExistingFile, ReplaceOptions } from './fileSafety.js';
import { assertWritable, ensureDirectory, ownLockPath, readExistingFile, replaceFileAtomically, withFileLock, writeBackup } from './fileSafety.js';
import { isRemote, type ServerTarget } from './remoteServer.js';
import { checkLaunchLocation } from './launcher.js';
import { findLedgerRecord, forgetRegistration, forgetRegistrationIn, recordRegistration } from './ledger.js';
import { textBeforeRegistration } from './pristine.js';
import type { Target, TargetOptions } from './targets.js';
import { desiredEntry, isOurEntry, ledgerFoldersOf, sameEntry, targetFor } from './targets.js';

export type { ClientInspection, InspectOptions, Target, TargetOptions } from './targets.js';

export interface RegistrationOptions extends TargetOptions {
  /** Co-Scientist's data dir, home of the ledger `registrations.json`. */
  dataDir: string;
  /** A local command, or a lab server's URL (`--server`). */
  launch: ServerTarget;
  /** The scientist confirmed replacing (or removing) an entry they changed (CLI: `--yes`). */
  force?: boolean;
  /** Repair: only rewrite an entry that is already there (NOT_REGISTERED otherwise). */
  onlyIfPresent?: boolean;
}

export type UnregistrationOptions = Omit<RegistrationOptions, 'launch' | 'onlyIfPresent'> & { launch?: ServerTarget };

/** What the registrar did; the host adds the test launch to make a RegistrationOutcome. */
export type RegistrationResult = Omit<RegistrationOutcome, 'test_launch'>;
export type UnregistrationOutcome = DisconnectOutcome;

/** Seam for tests that need the write itself to misbehave; production uses the real one. */
export interface RegistrarIo {
  writeConfig(file: string, content: string, options: ReplaceOptions): Promise<void>;
}
const realIo: RegistrarIo = { writeConfig: replaceFileAtomically };

function changedByUser(t: Target, existing: unknown, proposed: unknown): RegistrationError {
  const change = describeEntryChange(existing, proposed);
  const what = proposed === undefined ? 'remove it' : "replace it with Co-Scientist's entry";
  return new RegistrationError(
    'CHANGED_BY_USER',
    `The "${SERVER_KEY}" entry in ${t.adapter.displayName}'s settings (${t.location.path}) was changed outside Co-Scientist ` +
      `since it was last registered. It was left as it is; review the difference and confirm to ${what} (a backup is kept).`,
    { configPath: t.location.path, change },
  );
}

/** Reads and parses the file, applying the client's rule for empty files; a missing file reads as its new-file text. */
async function readConfig(adapter: ClientAdapter, configPath: string): Promise<{ original: ExistingFile | undefined; parsed: ParsedConfig }> {
  const original = await readExistingFile(configPath);
  const bytes = original?.bytes ?? Buffer.from(adapter.newFileText?.('\n') ?? '', 'utf8');
  const parsed = parseConfig(bytes, configPath, adapter.format);
  if (original && parsed.blank && adapter.emptyFile === 'refuse') throw emptyConfig(configPath, adapter.displayName);
  return { original, parsed };
}

interface EditPlan {
  configPath: string;
  original: ExistingFile | undefined;
  newText: string;
  /** The whole document as it must read back afterwards. */
  expected: Record<string, unknown>;
}

function readsAsExpected(adapter: ClientAdapter, configPath: string, bytes: Uint8Array, expected: Record<string, unknown>): string | null {
  try {
    const value = parseConfig(bytes, configPath, adapter.format).value;
    return sameDocument(value, expected, adapter.site) ? null : 'its content differs from what was intended';
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** Before any byte is written: the new text must parse and mean exactly "the old file, our entry changed". */
function checkPlan(adapter: ClientAdapter, plan: EditPlan): void {
  const problem = readsAsExpected(adapter, plan.configPath, Buffer.from(plan.newText, 'utf8'), plan.expected);
  if (problem === null) return;
  throw new RegistrationError(
    'UNSUPPORTED_LAYOUT',
    `Co-Scientist could not work out a safe edit of ${plan.configPath} (${problem}); nothing was written. ` +
      `Add or remove the "${SERVER_KEY}" entry by hand, or report this file's layout.`,
    { configPath: plan.configPath },
  );
}

/** Backup, atomic write, read-back check; restores the original if the check fails. */
async function commitEdit(adapter: ClientAdapter, plan: EditPlan, lock: { assertHeld(): void }, io: RegistrarIo) {
  checkPlan(adapter, plan);
  const { configPath, original } = plan;
  if (original) await assertWritable(configPath);
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
  const after = await readExistingFile(configPath).catch(() => undefined);
  const problem = after ? readsAsExpected(adapter, configPath, after.bytes, plan.expected) : 'the file is missing';
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

/**
 * The config edit has succeeded by the time the ledger is updated, so a ledger failure must not
 * report the registration as failed. Losing a record errs on the safe side: the next change to
 * the entry is asked about, and the next `register` records it again.
 */
/** An entry we replaced that opened another data folder is no longer remembered there. */
async function forgetReplaced(t: Target, dataDir: string, replaced: unknown): Promise<void> {
  if (replaced === undefined) return;
  const others = ledgerFoldersOf(t, undefined, replaced).filter((folder) => folder !== path.resolve(dataDir));
  await forgetRegistrationIn(others, t.adapter.id, t.location.path);
}

async function rememberQuietly(update: () => Promise<void>): Promise<void> {
  await update().catch(() => undefined);
}

function notInstalled(t: Target): RegistrationError {
  return new RegistrationError(
    'NOT_INSTALLED',
    `${t.adapter.displayName} is not installed in ${t.location.label ?? 'any editor here'}, so it would never read ${t.location.path}. ` +
      `Install ${t.adapter.displayName} there first, then connect again.`,
    { configPath: t.location.path },
  );
}

/**
 * Our lock while we edit `configPath`. When the assistant's own CLI makes the edit, the lock must
 * not be `<file>.lock`: Claude Code takes that one itself and fails while we hold it.
 */
function lockFor<T>(configPath: string, cli: string | undefined, work: (lock: { assertHeld(): void }) => Promise<T>): Promise<T> {
  return withFileLock(configPath, work, cli ? { lockfilePath: ownLockPath(configPath) } : {});
}

export async function registerTarget(t: Target, opts: RegistrationOptions, io: RegistrarIo = realIo): Promise<RegistrationResult> {
  const { adapter, location } = t;
  const configPath = location.path;
  const desired = desiredEntry(adapter, opts.launch);
  const outcome = (action: RegistrationResult['action'], backup: string | null): RegistrationResult => ({
    id: adapter.id,
    variant: location.variant,
    action,
    config_path: configPath,
    backup_path: backup,
    next_step: adapter.nextStep(opts.platform, 'registered', location),
  });
  if (adapter.perLocation && !t.detection.installed && !(await readExistingFile(configPath))) throw notInstalled(t);
  const refusal = (isRemote(opts.launch) ? undefined : checkLaunchLocation(opts.launch, process.platform)) ?? adapter.preflight?.(configPath);
  if (refusal) throw refusal;

  await ensureDirectory(path.dirname(configPath));
  const cli = usableCli(t);
  return lockFor(configPath, cli, async (lock) => {
    const { original, parsed } = await readConfig(adapter, configPath);
    const existing = parsed.readEntry(adapter.site, SERVER_KEY);
    if (existing !== undefined && sameEntry(adapter, existing, desired)) {
      // Already right. Re-record it if the ledger lost track, so later repairs stay silent.
      const fingerprint = entryFingerprint(existing);
      const record = await findLedgerRecord(opts.dataDir, adapter.id, configPath);
      if (record?.entry_sha256 !== fingerprint) await recordRegistration(opts.dataDir, adapter.id, configPath, fingerprint);
      return outcome('unchanged', null);
    }
    if (existing === undefined && opts.onlyIfPresent) {
      throw new RegistrationError('NOT_REGISTERED', `${adapter.displayName} has no Co-Scientist entry in ${configPath} to repair; connect it instead.`, {
        configPath,
      });
    }
    if (existing !== undefined && !opts.force && !(await isOurEntry(t, opts.dataDir, existing))) throw changedByUser(t, existing, desired);

    if (cli) {
      const { backup, written } = await editViaCli(t, cli, { original, existing, desired, lock });
      await rememberQuietly(() => recordRegistration(opts.dataDir, adapter.id, configPath, entryFingerprint(written)));
      await rememberQuietly(() => forgetReplaced(t, opts.dataDir, existing));
      return outcome(!original ? 'created' : existing === undefined ? 'added' : 'updated', backup);
    }
    const plan: EditPlan = {
      configPath,
      original,
      newText: parsed.withEntry(adapter.site, SERVER_KEY, desired),
      expected: withEntryValue(parsed.value, adapter.site, SERVER_KEY, desired),
    };
    const backup = await commitEdit(adapter, plan, lock, io);
    await rememberQuietly(() => recordRegistration(opts.dataDir, adapter.id, configPath, entryFingerprint(desired)));
    await rememberQuietly(() => forgetReplaced(t, opts.dataDir, existing));
    return outcome(!original ? 'created' : existing === undefined ? 'added' : 'updated', backup);
  });
}

export async function unregisterTarget(t: Target, opts: UnregistrationOptions, io: RegistrarIo = realIo): Promise<UnregistrationOutcome> {
  const { adapter, location } = t;
  const configPath = location.path;
  const outcome = (action: UnregistrationOutcome['action'], backup: string | null): UnregistrationOutcome => ({
    id: adapter.id,
    variant: location.variant,
    action,
    config_path: configPath,
    backup_path: backup,
    next_step: adapter.nextStep(opts.platform, 'unregistered', location),
  });
  // Nothing to remove, and no reason to create the assistant's folder just to find that out.
  if (!(await readExistingFile(configPath))) return outcome('absent', null);

  const cli = usableCli(t);
  return lockFor(configPath, cli, async (lock) => {
    const { original, parsed } = await readConfig(adapter, configPath);
    const existing = parsed.readEntry(adapter.site, SERVER_KEY);
    if (!original || existing === undefined) {
      await forgetRegistration(opts.dataDir, adapter.id, configPath);
      return outcome('absent', null);
    }
    const current: JsonObject | undefined = opts.launch ? desiredEntry(adapter, opts.launch) : undefined;
    if (!opts.force && !(await isOurEntry(t, opts.dataDir, existing, current))) throw changedByUser(t, existing, undefined);

    let backup: string | null;
    if (cli) {
      backup = (await editViaCli(t, cli, { original, existing, desired: undefined, lock })).backup;
    } else {
      const pristine = await textBeforeRegistration(adapter, configPath, original.bytes, existing as JsonObject);
      const plan: EditPlan = {
        configPath,
        original,
        newText: pristine ?? parsed.withoutEntry(adapter.site, SERVER_KEY),
        expected: withEntryValue(parsed.value, adapter.site, SERVER_KEY, undefined),
      };
      backup = await commitEdit(adapter, plan, lock, io);
    }
    // Also in the ledger of the folder the entry opened, when that is another one (`--data-dir`).
    await rememberQuietly(() => forgetRegistration(opts.dataDir, adapter.id, configPath));
    await rememberQuietly(() => forgetRegistrationIn(ledgerFoldersOf(t, undefined, existing), adapter.id, configPath));
    return outcome('removed', backup);
  });
}

/** Registers with the adapter's target (the variant in `opts`, else the one in use). */
export function registerClient(adapter: ClientAdapter, opts: RegistrationOptions, io?: RegistrarIo): Promise<RegistrationResult> {
  return registerTarget(targetFor(adapter, opts), opts, io);
}

export function unregisterClient(adapter: ClientAdapter, opts: UnregistrationOptions, io?: RegistrarIo): Promise<UnregistrationOutcome> {
  return unregisterTarget(targetFor(adapter, opts), opts, io);
}
