// What Co-Scientist last wrote into each assistant's config, so that we can tell our own entry
// (safe to repair after the app moved) from one the scientist edited (ask first). It lives in
// the data dir as `registrations.json` and stores fingerprints, not the entries themselves.
import path from 'node:path';
import { z } from 'zod';
import { ensureDirectory, readExistingFile, replaceFileAtomically, withFileLock } from './fileSafety.js';

export const LEDGER_FILE = 'registrations.json';

const LedgerRecordSchema = z.object({
  client: z.string(),
  config_path: z.string(),
  /** sha256 of the canonical JSON of the entry we wrote (see entryFingerprint). */
  entry_sha256: z.string(),
  written_at: z.string(),
});
export type LedgerRecord = z.infer<typeof LedgerRecordSchema>;

const LedgerSchema = z.object({ version: z.literal(1), registrations: z.array(LedgerRecordSchema) });
type Ledger = z.infer<typeof LedgerSchema>;

export function ledgerPath(dataDir: string): string {
  return path.join(dataDir, LEDGER_FILE);
}

/**
 * A missing or unreadable ledger counts as empty. That is the safe direction: without a record,
 * any existing entry that differs from ours is treated as the scientist's and we ask first.
 */
async function readLedger(file: string): Promise<Ledger> {
  const existing = await readExistingFile(file);
  if (!existing) return { version: 1, registrations: [] };
  try {
    const parsed = LedgerSchema.safeParse(JSON.parse(existing.bytes.toString('utf8')));
    return parsed.success ? parsed.data : { version: 1, registrations: [] };
  } catch {
    return { version: 1, registrations: [] };
  }
}

const sameTarget = (r: LedgerRecord, client: string, configPath: string) =>
  r.client === client && r.config_path === configPath;

export async function findLedgerRecord(dataDir: string, client: string, configPath: string): Promise<LedgerRecord | undefined> {
  const ledger = await readLedger(ledgerPath(dataDir));
  return ledger.registrations.find((r) => sameTarget(r, client, configPath));
}

/** Every registration we remember, for the check at start-up. */
export async function listLedgerRecords(dataDir: string): Promise<LedgerRecord[]> {
  return (await readLedger(ledgerPath(dataDir))).registrations;
}

async function updateLedger(dataDir: string, change: (records: LedgerRecord[]) => LedgerRecord[]): Promise<void> {
  await ensureDirectory(dataDir);
  const file = ledgerPath(dataDir);
  await withFileLock(file, async (lock) => {
    const ledger = await readLedger(file);
    const next: Ledger = { version: 1, registrations: change(ledger.registrations) };
    await replaceFileAtomically(file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600, beforeCommit: lock.assertHeld });
  });
}

/** Remembers that we wrote the entry with this fingerprint into `configPath` for `client`. */
export async function recordRegistration(
  dataDir: string,
  client: string,
  configPath: string,
  entrySha256: string,
  at: Date = new Date(),
): Promise<void> {
  const record: LedgerRecord = { client, config_path: configPath, entry_sha256: entrySha256, written_at: at.toISOString() };
  await updateLedger(dataDir, (records) => [...records.filter((r) => !sameTarget(r, client, configPath)), record]);
}

export async function forgetRegistration(dataDir: string, client: string, configPath: string): Promise<void> {
  await updateLedger(dataDir, (records) => records.filter((r) => !sameTarget(r, client, configPath)));
}

/**
 * Forgets the registration in each of these data folders' ledgers that remembers it, creating
 * nothing: a registration made with `--data-dir` is remembered in that folder, which need not be
 * the one the command at hand was given.
 */
export async function forgetRegistrationIn(dataDirs: readonly string[], client: string, configPath: string): Promise<void> {
  for (const dataDir of dataDirs) {
    if ((await findLedgerRecord(dataDir, client, configPath)) !== undefined) await forgetRegistration(dataDir, client, configPath);
  }
}
