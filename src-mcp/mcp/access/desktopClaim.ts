// A server process asked to serve `desktop` must prove the desktop app started it (the one-time
// key of src-shared/node/desktopKeys.ts); otherwise it does not start. The refusal is audited as client
// `unknown` (an unproven claim confers no identity: the row must not read as the scientist's),
// with action `identity:claim-desktop`, so the scientist sees who tried (pid, parent pid).
import type { Db } from '../../store/database.js';
import { DESKTOP_KEY_ENV, redeemDesktopKey, type DesktopKeyVerdict } from '../../../src-shared/node/desktopKeys.js';
import { recordAudit } from '../audit/callAudit.js';
import { DESKTOP_CLIENT, UNKNOWN_CLIENT } from './identity.js';

export class DesktopClaimRefused extends Error {
  override readonly name = 'DesktopClaimRefused';
}

const REASONS: Record<Exclude<DesktopKeyVerdict, 'valid'>, string> = {
  missing: 'no desktop key was passed',
  unknown: 'the desktop key is not one the app issued for this data folder',
  expired: 'the desktop key expired before the server started',
  'not-issuer-child': 'the desktop key was issued to another process than the one that started this server',
};

/**
 * Redeems the key in `env` when `clientId` is `desktop`, and removes it from this process's
 * environment either way (nothing this process starts inherits it). Throws DesktopClaimRefused,
 * after auditing, when the claim is not proven.
 */
export async function checkDesktopClaim(db: Db, clientId: string, dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const key = env[DESKTOP_KEY_ENV];
  delete env[DESKTOP_KEY_ENV];
  if (clientId !== DESKTOP_CLIENT) return;
  const verdict = redeemDesktopKey(dataDir, key);
  if (verdict === 'valid') return;
  await recordAudit(db, {
    clientId: UNKNOWN_CLIENT,
    action: 'identity:claim-desktop',
    target: DESKTOP_CLIENT,
    args: { reason: REASONS[verdict], pid: process.pid, parent_pid: process.ppid },
    outcome: 'denied',
    errorCode: `desktop_key_${verdict}`,
    startedAt: new Date(),
    durationMs: 0,
  });
  throw new DesktopClaimRefused(
    `--client desktop is reserved for the Co-Scientist app's own server: ${REASONS[verdict]}. Assistants are registered under their own name (e.g. --client claude-desktop); the scientist grants them more in the app under Assistants. This attempt was recorded in the audit log.`,
  );
}
