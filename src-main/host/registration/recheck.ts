// The check at every start (architecture.md, *Registration*): for each registration the ledger says we wrote,
// see whether it still starts this app. Our own, unchanged entries that point at a command or
// server file that is gone, or at another copy of the app, are rewritten; anything the scientist
// changed or removed is only reported.
import fs from 'node:fs';
import { launchOfEntry, SERVER_KEY } from './clientAdapter.js';
import { clientById } from './clients/index.js';
import { parseConfig } from './configEditor.js';
import { entryFingerprint } from './entryDiff.js';
import { readExistingFile } from './fileSafety.js';
import type { LaunchCommand } from './launcher.js';
import { forgetRegistration, listLedgerRecords } from './ledger.js';
import type { RegistrarIo } from './registrar.js';
import { labUrlOfEntry } from './remoteServer.js';
import { registerTarget } from './registrar.js';
import type { TargetOptions } from './targets.js';
import { desiredEntry, sameEntry, targetAtPath } from './targets.js';

export interface RecheckOptions extends Omit<TargetOptions, 'variant'> {
  dataDir: string;
  /** What this copy of the app registers now. */
  launch: LaunchCommand;
}

export interface RecheckReport {
  client: string;
  config_path: string;
  /**
   * `ok`: still right. `repaired`: our entry was rewritten for this launch. `kept`: ours, still
   * working, left alone (see below). `changed_by_user` / `removed_by_user`: reported, not touched.
   * `failed`: the check or repair hit an error (in `message`). An entry for a lab server is `kept`.
   */
  outcome: 'ok' | 'repaired' | 'kept' | 'changed_by_user' | 'removed_by_user' | 'failed';
  message: string;
}

const isPackaged = (launch: LaunchCommand | undefined) => launch?.env?.ELECTRON_RUN_AS_NODE === '1';

/** The registered command or its server file no longer exists (the app was moved, updated or removed). */
function isStale(launch: LaunchCommand | undefined): boolean {
  if (!launch) return true;
  const entry = launch.args.find((a) => /\.(c|m)?js$/.test(a));
  return !fs.existsSync(launch.command) || (entry !== undefined && !fs.existsSync(entry));
}

export async function recheckRegistrations(opts: RecheckOptions, io?: RegistrarIo): Promise<RecheckReport[]> {
  const reports: RecheckReport[] = [];
  for (const record of await listLedgerRecords(opts.dataDir)) {
    const adapter = clientById(record.client);
    if (!adapter) continue;
    const t = targetAtPath(adapter, opts, record.config_path);
    const report = (outcome: RecheckReport['outcome'], message: string) =>
      reports.push({ client: adapter.id, config_path: record.config_path, outcome, message });
    try {
      const file = await readExistingFile(record.config_path);
      const entry = file ? parseConfig(file.bytes, record.config_path, adapter.format).readEntry(adapter.site, SERVER_KEY) : undefined;
      if (entry === undefined) {
        // Taken out by the scientist (or the assistant's own UI): respect that, and stop tracking it.
        await forgetRegistration(opts.dataDir, adapter.id, record.config_path);
        report('removed_by_user', `${adapter.displayName}: the Co-Scientist entry was removed from ${record.config_path}; it was not added back.`);
        continue;
      }
      if (sameEntry(adapter, entry, desiredEntry(adapter, opts.launch))) {
        report('ok', `${adapter.displayName}: up to date.`);
        continue;
      }
      if (entryFingerprint(entry) !== record.entry_sha256) {
        report('changed_by_user', `${adapter.displayName}: the Co-Scientist entry in ${record.config_path} was edited outside Co-Scientist; left as it is.`);
        continue;
      }
      // Pointed at a lab server by the scientist (register --server): where they want it, not stale.
      const lab = labUrlOfEntry(adapter, entry);
      if (lab !== undefined) {
        report('kept', `${adapter.displayName}: connected to the lab server ${lab}; left as it is.`);
        continue;
      }
      const registered = launchOfEntry(entry);
      // A development build must not take over the installed app's working registrations.
      if (!isStale(registered) && isPackaged(registered) && !isPackaged(opts.launch)) {
        report('kept', `${adapter.displayName}: registered to the installed app (${registered?.command}); a development build leaves it alone.`);
        continue;
      }
      await registerTarget(t, { ...opts, force: false, onlyIfPresent: true }, io);
      report('repaired', `${adapter.displayName}: the entry in ${record.config_path} now starts this copy of Co-Scientist.`);
    } catch (e) {
      report('failed', `${adapter.displayName}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return reports;
}
