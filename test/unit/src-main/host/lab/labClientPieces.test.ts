// The lab sign-in's small rules: a redirect only to loopback, the client id chosen by what the
// issuer supports, and a session file that is ciphertext under this data folder's key only.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuthorizationServerMetadata } from '@modelcontextprotocol/client';
import { assertLoopbackRedirect, openLoopbackRedirect } from '../../../../../src-main/host/lab/loopbackRedirect.js';
import { chooseClientId } from '../../../../../src-main/host/lab/labOAuth.js';
import { createLabSessionStore, createLocalKeyCipher, LAB_SESSION_FILE, LAB_SESSION_KEY_FILE } from '../../../../../src-main/host/lab/labSessionStore.js';
import { makeTempDir, removeTempDirs } from '../../../../support/tempDirs.js';

afterAll(removeTempDirs);

describe('assertLoopbackRedirect', () => {
  it.each(['http://127.0.0.1:53682/callback', 'http://[::1]:8123/callback'])('accepts %s', (uri) => {
    expect(assertLoopbackRedirect(uri).href).toBe(uri);
  });
  it.each([
    ['another host', 'http://evil.example:8080/callback'],
    ['localhost (a name DNS or hosts can point elsewhere)', 'http://localhost:8080/callback'],
    ['https on loopback (no certificate for it)', 'https://127.0.0.1:8080/callback'],
    ['no port (not the listener)', 'http://127.0.0.1/callback'],
    ['a custom scheme', 'cosci://callback'],
  ])('refuses %s', (_label, uri) => {
    expect(() => assertLoopbackRedirect(uri)).toThrow(/only to http:\/\/127\.0\.0\.1/);
  });
  it('opens its listener on loopback only, at an ephemeral port, and refuses a mismatched state', async () => {
    const redirect = await openLoopbackRedirect('expected-state');
    expect(redirect.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const refused = await fetch(`${redirect.redirectUri}?code=c&state=other`);
    expect(refused.status).toBe(400);
    await expect(redirect.callback).rejects.toThrow(/another state/);
    await redirect.close();
  });
  it('refuses to listen anywhere but loopback', async () => {
    await expect(openLoopbackRedirect('s', '0.0.0.0')).rejects.toThrow(/only to http:\/\/127\.0\.0\.1/);
  });
});

describe('chooseClientId', () => {
  const base = { issuer: 'https://id.example', authorization_endpoint: 'https://id.example/auth', token_endpoint: 'https://id.example/token', response_types_supported: ['code'] } as unknown as AuthorizationServerMetadata;
  const identity = { metadataDocumentUrl: 'https://co-scientist.example/oauth/client.json', clientId: 'registered-id' };
  it('presents the metadata document URL where the issuer advertises client_id_metadata_document_supported', () => {
    expect(chooseClientId({ ...base, client_id_metadata_document_supported: true } as AuthorizationServerMetadata, identity)).toBe(identity.metadataDocumentUrl);
  });
  it('falls back to the pre-registered client id elsewhere', () => {
    expect(chooseClientId(base, identity)).toBe('registered-id');
  });
  it('says what to configure when it has neither', () => {
    expect(() => chooseClientId(base, {})).toThrow(/COSCI_LAB_CLIENT_ID/);
  });
});

describe('the lab session store with this folder\'s key', () => {
  it('writes only ciphertext (0600), reads it back, and reads nothing under another key', async () => {
    const dir = makeTempDir('cosci-lab-store-');
    const store = createLabSessionStore(dir, createLocalKeyCipher(dir));
    const record = { url: 'https://cosci.lab.example/mcp', active: 'lab' as const, signedIn: { issuer: 'https://id.example', clientId: 'c', name: 'Ada Lovelace', subject: 'ada', tokens: { access_token: 'eyJhbGciOi.secret-access', refresh_token: 'secret-refresh', expires_at: 1, scope: null } } };
    await store.save(record);
    const bytes = fs.readFileSync(path.join(dir, LAB_SESSION_FILE));
    for (const plain of ['secret-access', 'secret-refresh', 'Ada Lovelace', 'cosci.lab.example']) expect(bytes.includes(Buffer.from(plain))).toBe(false);
    expect(fs.statSync(path.join(dir, LAB_SESSION_FILE)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dir, LAB_SESSION_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(await createLabSessionStore(dir, createLocalKeyCipher(dir)).load()).toEqual(record);

    fs.writeFileSync(path.join(dir, LAB_SESSION_KEY_FILE), Buffer.alloc(32, 7));
    expect(await createLabSessionStore(dir, createLocalKeyCipher(dir)).load()).toBeNull();
    await store.save(null);
    expect(fs.existsSync(path.join(dir, LAB_SESSION_FILE))).toBe(false);
  });
});
