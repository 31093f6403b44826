// The lab sign-in in the desktop app: encrypted with safeStorage (the OS keychain) where it
// encrypts for real, else with the data folder's own key — never plaintext either way.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLabCipher } from '../../../../src-main/electron/labCipher.js';
import type { SafeStorageLike } from '../../../../src-main/electron/secretStore.js';
import { createLabSessionStore, LAB_SESSION_FILE, LAB_SESSION_KEY_FILE } from '../../../../src-main/host/lab/labSessionStore.js';
import { makeTempDir, removeTempDirs } from '../../../support/tempDirs.js';

afterAll(removeTempDirs);

/** A keychain that marks what it encrypted, so the test can tell who encrypted the file. */
function fakeKeychain(overrides: Partial<SafeStorageLike> = {}): SafeStorageLike & { used: number } {
  const keychain = {
    used: 0,
    isEncryptionAvailable: () => true,
    encryptString: (plain: string) => {
      keychain.used += 1;
      return Buffer.from(`KEYCHAIN:${Buffer.from(plain).toString('base64').split('').reverse().join('')}`);
    },
    decryptString: (cipher: Buffer) => Buffer.from(cipher.toString().slice('KEYCHAIN:'.length).split('').reverse().join(''), 'base64').toString(),
    getSelectedStorageBackend: () => 'gnome_libsecret',
    ...overrides,
  };
  return keychain;
}

const RECORD = { url: 'https://cosci.lab.example/mcp', active: 'local' as const, signedIn: { issuer: 'https://id.example', clientId: 'c', name: 'Ada', subject: 'ada', tokens: { access_token: 'secret-access', refresh_token: 'secret-refresh', expires_at: 1, scope: null } } };

describe('the desktop app\'s lab cipher', () => {
  it('encrypts with the OS keychain where there is one, and reads it back', async () => {
    const dir = makeTempDir('cosci-lab-cipher-');
    const keychain = fakeKeychain();
    const cipher = createLabCipher({ safeStorage: keychain, dataDir: dir, platform: 'linux' });
    expect(cipher.description).toContain('keychain');
    await createLabSessionStore(dir, cipher).save(RECORD);
    expect(keychain.used).toBe(1);
    expect(fs.readFileSync(path.join(dir, LAB_SESSION_FILE)).toString()).toMatch(/^KEYCHAIN:/);
    expect(fs.existsSync(path.join(dir, LAB_SESSION_KEY_FILE))).toBe(false);
    expect(await createLabSessionStore(dir, cipher).load()).toEqual(RECORD);
  });

  it.each([
    ['no keychain', fakeKeychain({ isEncryptionAvailable: () => false })],
    ['Linux basic_text (obfuscation, not encryption)', fakeKeychain({ getSelectedStorageBackend: () => 'basic_text' })],
    ['no safeStorage at all', undefined],
  ])('with %s, falls back to the data folder\'s key and says so: still no plaintext', async (_label, keychain) => {
    const dir = makeTempDir('cosci-lab-cipher-');
    const cipher = createLabCipher({ safeStorage: keychain, dataDir: dir, platform: 'linux' });
    expect(cipher.description).toMatch(/^No OS keychain is available/);
    await createLabSessionStore(dir, cipher).save(RECORD);
    const bytes = fs.readFileSync(path.join(dir, LAB_SESSION_FILE));
    for (const plain of ['secret-access', 'secret-refresh', 'KEYCHAIN:']) expect(bytes.includes(Buffer.from(plain))).toBe(false);
    expect(fs.existsSync(path.join(dir, LAB_SESSION_KEY_FILE))).toBe(true);
    expect(await createLabSessionStore(dir, cipher).load()).toEqual(RECORD);
  });
});
