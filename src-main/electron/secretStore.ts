// Provider API keys kept by the desktop app, encrypted with Electron's safeStorage (the OS
// keychain: Keychain on macOS, DPAPI on Windows, libsecret/kwallet on Linux) in
// `<dataDir>/provider-keys.json`. Only ciphertext touches the disk. Where safeStorage cannot
// encrypt for real — no keychain, or Linux's "basic_text" fallback, which is obfuscation — keys
// are kept in memory only and the settings page says so. safeStorage is passed in (architecture.md,
// *Testing*), so tests give a fake.
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../host/atomicFile.js';
import { createMemorySecretStore, type SecretStore } from '../host/secrets.js';

/** The part of Electron's safeStorage we use. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: which backend encrypts ('basic_text' means none worth the name). */
  getSelectedStorageBackend?(): string;
}

export const SECRETS_FILE = 'provider-keys.json';

interface SecretsFile {
  version: 1;
  /** Provider name → base64 ciphertext. */
  keys: Record<string, string>;
}

/**
 * Electron's safeStorage, read structurally: a missing one (a test's fake Electron) simply means
 * "no keychain".
 */
export function safeStorageOf(electron: object): SafeStorageLike | undefined {
  return Reflect.has(electron, 'safeStorage') ? (Reflect.get(electron, 'safeStorage') as SafeStorageLike) : undefined;
}

const NO_KEYCHAIN = 'No OS keychain is available to encrypt keys on this computer, so they are kept in memory only and must be entered again after Co-Scientist restarts.';

export function createSafeStorageSecretStore(options: { safeStorage: SafeStorageLike | undefined; dataDir: string; platform: NodeJS.Platform; warn: (message: string) => void }): SecretStore {
  // Decided on first use, not at construction: on Linux safeStorage can only tell once the app is ready.
  let chosen: SecretStore | undefined;
  const store = (): SecretStore => {
    chosen ??= chooseStore(options);
    return chosen;
  };
  return {
    get persistent() {
      return store().persistent;
    },
    get description() {
      return store().description;
    },
    get: (name) => store().get(name),
    set: (name, value) => store().set(name, value),
    all: () => store().all(),
  };
}

function chooseStore(options: { safeStorage: SafeStorageLike | undefined; dataDir: string; platform: NodeJS.Platform; warn: (message: string) => void }): SecretStore {
  const { safeStorage } = options;
  const backend = options.platform === 'linux' ? safeStorage?.getSelectedStorageBackend?.() : undefined;
  if (safeStorage === undefined || !safeStorage.isEncryptionAvailable() || backend === 'basic_text') {
    options.warn('no OS keychain is available to encrypt provider keys; they are kept in memory only');
    return createMemorySecretStore(NO_KEYCHAIN);
  }
  return encryptedStore(safeStorage, path.join(options.dataDir, SECRETS_FILE), options.warn);
}

function encryptedStore(safeStorage: SafeStorageLike, file: string, warn: (message: string) => void): SecretStore {
  // Read-modify-write runs one at a time, so two quick changes never lose each other.
  let queue: Promise<unknown> = Promise.resolve();
  const serialised = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  const decrypt = (cipher: string, name: string): string | null => {
    try {
      return safeStorage.decryptString(Buffer.from(cipher, 'base64'));
    } catch {
      // Encrypted for another OS user or an old keychain: unusable, never fatal.
      warn(`the stored key of provider "${name}" cannot be decrypted; enter it again in Settings → Providers`);
      return null;
    }
  };

  return {
    persistent: true,
    description: 'Keys are encrypted with your operating system\'s keychain and stored in the data folder; only the app and its own research server ever see them.',
    get: (name) =>
      serialised(async () => {
        const cipher = (await readKeys(file, warn))[name];
        return cipher === undefined ? null : decrypt(cipher, name);
      }),
    set: (name, value) =>
      serialised(async () => {
        const keys = await readKeys(file, warn);
        if (value === null || value === '') delete keys[name];
        else keys[name] = safeStorage.encryptString(value).toString('base64');
        await writeKeys(file, keys);
      }),
    all: () =>
      serialised(async () => {
        const plain: Record<string, string> = {};
        for (const [name, cipher] of Object.entries(await readKeys(file, warn))) {
          const value = decrypt(cipher, name);
          if (value !== null) plain[name] = value;
        }
        return plain;
      }),
  };
}

async function readKeys(file: string, warn: (message: string) => void): Promise<Record<string, string>> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') warn(`could not read ${file}: ${(error as Error).message}`);
    return {};
  }
  try {
    const parsed = JSON.parse(text) as Partial<SecretsFile>;
    if (parsed.version === 1 && typeof parsed.keys === 'object' && parsed.keys !== null) {
      return Object.fromEntries(Object.entries(parsed.keys).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    }
  } catch {
    // fall through: an unreadable file is set aside below
  }
  const aside = `${file}.unreadable-${Date.now()}`;
  warn(`${file} is not a key file this app wrote; moved it to ${aside}`);
  await fs.rename(file, aside).catch(() => undefined);
  return {};
}

/** Atomic and private (../host/atomicFile.ts): readable by this user only. */
async function writeKeys(file: string, keys: Record<string, string>): Promise<void> {
  const body: SecretsFile = { version: 1, keys };
  await writeFileAtomically(file, `${JSON.stringify(body, null, 2)}\n`, { createDirectory: true });
}
