// The desktop app's lab sign-in encrypted with Electron's safeStorage (the OS keychain), the
// cipher the host's LabSessionStore is given (src-main/host/lab/labSessionStore.ts). Where
// safeStorage cannot encrypt for real (no keychain, Linux's "basic_text"), the data folder's own
// key is used instead and Settings says so: never plaintext on disk.
import { createLocalKeyCipher, type SessionCipher } from '../host/lab/labSessionStore.js';
import type { SafeStorageLike } from './secretStore.js';

export function createLabCipher(options: { safeStorage: SafeStorageLike | undefined; dataDir: string; platform: NodeJS.Platform }): SessionCipher {
  const fallback = createLocalKeyCipher(options.dataDir);
  // Decided on first use: on Linux safeStorage can only tell once the app is ready.
  const keychain = (): SafeStorageLike | undefined => {
    const { safeStorage } = options;
    const backend = options.platform === 'linux' ? safeStorage?.getSelectedStorageBackend?.() : undefined;
    return safeStorage !== undefined && safeStorage.isEncryptionAvailable() && backend !== 'basic_text' ? safeStorage : undefined;
  };
  return {
    get description() {
      return keychain() !== undefined ? 'Encrypted with your operating system\'s keychain.' : `No OS keychain is available: ${fallback.description}`;
    },
    async encrypt(plainText) {
      const safeStorage = keychain();
      return safeStorage !== undefined ? safeStorage.encryptString(plainText) : fallback.encrypt(plainText);
    },
    async decrypt(cipherText) {
      const safeStorage = keychain();
      return safeStorage !== undefined ? safeStorage.decryptString(cipherText) : fallback.decrypt(cipherText);
    },
  };
}
