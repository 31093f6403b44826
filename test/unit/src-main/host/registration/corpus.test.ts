// The awkward-file corpus: for every file, either a correct edit (the result parses in the
// client's format, means "the same file plus our entry", and disconnect takes exactly our entry
// out again) or a clear refusal that leaves the file byte-for-byte alone. Never a corrupted file.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../../../../fixtures/registration/corpus.js';
import { parseConfig, sameDocument, withEntryValue } from '../../../../../src-main/host/registration/configEditor.js';
import { CLIENTS, desiredEntry, RegistrationError, registerClient, SERVER_KEY, targetFor, unregisterClient } from '../../../../../src-main/host/registration/index.js';
import { backupsOf, fixture, LAUNCH, listDir } from './helpers.js';

const adapterOf = (id: string) => {
  const adapter = CLIENTS.find((c) => c.id === id);
  if (!adapter) throw new Error(`corpus names unknown client ${id}`);
  return adapter;
};
// An administrator ignores permission bits, but a missing write bit is still the scientist's "hands off".
const skipReadOnly = process.platform === 'win32';

describe('corpus of awkward config files', () => {
  it('has at least 50 files across JSON, JSONC, TOML and YAML', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(50);
    expect(new Set(CORPUS.map((c) => adapterOf(c.client).format))).toEqual(new Set(['json', 'jsonc', 'json-comments', 'toml', 'yaml']));
  });

  it.each(CORPUS.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    if (c.setup === 'read-only' && skipReadOnly) return;
    const adapter = adapterOf(c.client);
    const { home, opts } = fixture('linux', 'cosci corpus ');
    if (adapter.id === 'cline') fs.mkdirSync(path.join(home, '.vscode', 'extensions', 'saoudrizwan.claude-dev-3.0.0'), { recursive: true });
    const file = targetFor(adapter, opts()).location.path;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const bytes = Buffer.isBuffer(c.content) ? c.content : Buffer.from(c.content, 'utf8');
    let written = file;
    if (c.setup === 'symlink') {
      written = path.join(home, 'dotfiles', path.basename(file));
      fs.mkdirSync(path.dirname(written), { recursive: true });
      fs.symlinkSync(written, file);
    }
    if (c.setup === 'legacy-json') written = path.join(path.dirname(file), 'config.json');
    fs.writeFileSync(written, bytes);
    if (c.setup === 'read-only') fs.chmodSync(written, 0o444);
    const listing = listDir(path.dirname(file));

    let error: unknown;
    try {
      await registerClient(adapter, opts());
    } catch (e) {
      error = e;
    }

    if (c.outcome === 'refuse') {
      expect(error).toBeInstanceOf(RegistrationError);
      const err = error as RegistrationError;
      expect(err.code).toBe(c.code);
      expect(err.message).toContain(c.setup === 'legacy-json' ? 'config.json' : file);
      expect(fs.readFileSync(written).equals(bytes)).toBe(true);
      expect(listDir(path.dirname(file))).toEqual(listing);
      return;
    }
    if (error) throw error;
    const after = fs.readFileSync(file);
    const parsed = parseConfig(after, file, adapter.format);
    const before = parseConfig(bytes, file, adapter.format).value;
    expect(parsed.readEntry(adapter.site, SERVER_KEY)).toEqual(desiredEntry(adapter, LAUNCH));
    expect(sameDocument(parsed.value, withEntryValue(before, adapter.site, SERVER_KEY, desiredEntry(adapter, LAUNCH)), adapter.site)).toBe(true);
    if (c.setup === 'symlink') expect(fs.lstatSync(file).isSymbolicLink()).toBe(true);
    expect(backupsOf(file).length).toBe(1);

    await unregisterClient(adapter, opts());
    const removed = parseConfig(fs.readFileSync(file), file, adapter.format);
    expect(removed.readEntry(adapter.site, SERVER_KEY)).toBeUndefined();
    expect(sameDocument(removed.value, before, adapter.site)).toBe(true);
    // Byte for byte: register + unregister leaves the scientist's file exactly as it was.
    expect(fs.readFileSync(written).toString('utf8')).toBe(bytes.toString('utf8'));
  });
});
