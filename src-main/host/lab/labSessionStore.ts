// Where the desktop app keeps its lab-server sign-in (the lab's URL, the issuer it signed in with,
// the tokens): one file, `<dataDir>/lab-session.bin`, only ever ciphertext. What encrypts is passed
// in: Electron's safeStorage (the OS keychain) in the desktop app (src-main/electron/labCipher.ts),
// and for the web host and tests a key of this computer's kept beside the data (`lab-session.key`,
// 0600) — the same protection as the desktop keys (src-shared/node/desktopKeys.ts): a copy of the
// session file alone (a backup, a synced folder) gives nothing, a process running as this user
// can read both.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../atomicFile.js';

export interface LabTokens {
  access_token: string;
  refresh_token: string | null;
  /** Epoch ms when the access token expires (from `expires_in` at issue). */
  expires_at: number;
  scope: string | null;
}

/** What survives a restart: the lab chosen and, once signed in, who and with which tokens. */
export interface LabSessionRecord {
  /** The lab server's MCP URL (its --resource). */
  url: string;
  /** Which side the GUI works on: this computer's own server, or the lab. */
  active: 'local' | 'lab';
  signedIn: {
    issuer: string;
    clientId: string;
    /** Display name and subject from the token (shown in Settings). */
    name: string;
    subject: string;
    tokens: LabTokens;
  } | null;
}

/** Encrypts and decrypts the session file's content. */
export interface SessionCipher {
  /** For Settings: where the sign-in is kept. */
  readonly description: string;
  encrypt(plainText: string): Promise<Buffer>;
  decrypt(cipherText: Buffer): Promise<string>;
}

export interface LabSessionStore {
  readonly description: string;
  load(): Promise<LabSessionRecord | null>;
  save(record: LabSessionRecord | null): Promise<void>;
}

export const LAB_SESSION_FILE = 'lab-session.bin';
export const LAB_SESSION_KEY_FILE = 'lab-session.key';

export function createLabSessionStore(dataDir: string, cipher: SessionCipher): LabSessionStore {
  const file = path.join(dataDir, LAB_SESSION_FILE);
  return {
    description: cipher.description,
    async load() {
      let bytes: Buffer;
      try {
        bytes = await fs.readFile(file);
      } catch {
        return null;
      }
      try {
        return JSON.parse(await cipher.decrypt(bytes)) as LabSessionRecord;
      } catch {
        // Encrypted under another key (the keychain was reset, the file copied from elsewhere): start over, signed out.
        return null;
      }
    },
    async save(record) {
      if (record === null) {
        await fs.rm(file, { force: true });
        return;
      }
      await fs.mkdir(dataDir, { recursive: true });
      await writeFileAtomically(file, await cipher.encrypt(JSON.stringify(record)), { mode: 0o600 });
    },
  };
}

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM under a random key of this data folder (created 0600 on first use). */
export function createLocalKeyCipher(dataDir: string): SessionCipher {
  const keyFile = path.join(dataDir, LAB_SESSION_KEY_FILE);
  let key: Promise<Buffer> | undefined;
  const keyOf = (): Promise<Buffer> => {
    key ??= (async () => {
      try {
        const existing = await fs.readFile(keyFile);
        if (existing.length === 32) return existing;
      } catch {
        // None yet.
      }
      await fs.mkdir(dataDir, { recursive: true });
      const fresh = randomBytes(32);
      await writeFileAtomically(keyFile, fresh, { mode: 0o600 });
      return fresh;
    })();
    return key;
  };
  return {
    description: 'Encrypted with a key of this computer kept in the data folder (no OS keychain in this host).',
    async encrypt(plainText) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, await keyOf(), iv);
      const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    async decrypt(cipherText) {
      const decipher = createDecipheriv(ALGORITHM, await keyOf(), cipherText.subarray(0, IV_BYTES));
      decipher.setAuthTag(cipherText.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(cipherText.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
