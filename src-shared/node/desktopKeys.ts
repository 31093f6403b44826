// Proof that a server process was started by the desktop app (docs/threat-model.md, "The desktop
// role"). `--client desktop` alone proves nothing: any local process can type it. The app issues
// a fresh key for each server it spawns and hands it over in the child's environment; only a
// SHA-256 of the key is written, in the data folder, with the issuing process's pid, so reading
// that folder (or any assistant's config, where the key never appears) gives nothing to present.
// A key is accepted only from a direct child of the process that issued it, within a minute: a key
// read from a running server's environment (/proc/<pid>/environ) is useless to anyone else's
// process. (Not single-use: an MCP client may spawn its server twice while it negotiates.)
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The environment variable that carries the key from the app to the server it spawns. */
export const DESKTOP_KEY_ENV = 'COSCI_DESKTOP_KEY';
/** A key not redeemed within this long after issue is void (a spawn that never started). */
export const DESKTOP_KEY_TTL_MS = 60_000;
const KEYS_DIR = 'desktop-keys';
const HASH_HEX = /^[0-9a-f]{64}$/;

export type DesktopKeyVerdict = 'valid' | 'missing' | 'unknown' | 'expired' | 'not-issuer-child';

function keysDir(dataDir: string): string {
  return path.join(dataDir, KEYS_DIR);
}

function digest(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A fresh one-time key for one server the app is about to spawn; its verifier is in the data folder. */
export function issueDesktopKey(dataDir: string, now: number = Date.now()): string {
  const dir = keysDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  pruneExpired(dir, now);
  const key = randomBytes(32).toString('base64url');
  // `wx`: a verifier is created, never overwritten.
  fs.writeFileSync(path.join(dir, digest(key)), JSON.stringify({ issuedAt: now, issuerPid: process.pid }), { flag: 'wx', mode: 0o600 });
  return key;
}

/**
 * `valid` only for a key issued for this data folder less than DESKTOP_KEY_TTL_MS ago, presented
 * by a direct child (`parentPid`, this process's parent by default) of the process that issued it.
 */
export function redeemDesktopKey(dataDir: string, key: string | undefined, now: number = Date.now(), parentPid: number = process.ppid): DesktopKeyVerdict {
  if (key === undefined || key === '') return 'missing';
  const dir = keysDir(dataDir);
  const wanted = Buffer.from(digest(key), 'utf8');
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return 'unknown';
  }
  // Compared in constant time, every name, so timing says nothing about how close a guess came.
  let match: string | undefined;
  for (const name of names) {
    if (!HASH_HEX.test(name)) continue;
    if (timingSafeEqual(Buffer.from(name, 'utf8'), wanted)) match = name;
  }
  if (match === undefined) return 'unknown';
  let issued: { issuedAt?: unknown; issuerPid?: unknown };
  try {
    issued = JSON.parse(fs.readFileSync(path.join(dir, match), 'utf8')) as typeof issued;
  } catch {
    // Pruned meanwhile (expired), or not a verifier we wrote.
    return 'unknown';
  }
  const { issuedAt, issuerPid } = issued;
  if (typeof issuedAt !== 'number' || now - issuedAt > DESKTOP_KEY_TTL_MS || issuedAt > now + DESKTOP_KEY_TTL_MS) return 'expired';
  return issuerPid === parentPid ? 'valid' : 'not-issuer-child';
}

function pruneExpired(dir: string, now: number): void {
  for (const name of fs.readdirSync(dir)) {
    if (!HASH_HEX.test(name)) continue;
    const file = path.join(dir, name);
    try {
      if (now - fs.statSync(file).mtimeMs > DESKTOP_KEY_TTL_MS) fs.unlinkSync(file);
    } catch {
      // Redeemed or pruned by another process meanwhile.
    }
  }
}
