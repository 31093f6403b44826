// Every adapter on fixture homes laid out like macOS, Windows and Linux: fresh install, an
// existing file with other servers and comments, an unparseable file, an entry the scientist
// changed, disconnect, and repair after the app moved.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { existingConfig, handMadeEntryConfig, KEEP_MARKERS, unparseableConfig } from '../../../../fixtures/registration/existing.js';
import { parseConfig } from '../../../../../src-main/host/registration/configEditor.js';
import type { ClientAdapter, TargetPlatform } from '../../../../../src-main/host/registration/index.js';
import {
  CLIENTS,
  desiredEntry,
  inspectTarget,
  registerClient,
  SERVER_KEY,
  targetFor,
  unregisterClient,
} from '../../../../../src-main/host/registration/index.js';
import { backupsOf, fixture, LAUNCH, MOVED_LAUNCH, refusal, splice, writeConfig } from './helpers.js';

const PLATFORMS: TargetPlatform[] = ['darwin', 'win32', 'linux'];

/** A fixture home with the assistant installed where it needs to be (Cline: inside VS Code). */
function setUp(adapter: ClientAdapter, platform: TargetPlatform) {
  const f = fixture(platform, `cosci ${adapter.id} ${platform} `);
  if (adapter.id === 'cline') fs.mkdirSync(path.join(f.home, '.vscode', 'extensions', 'saoudrizwan.claude-dev-3.17.0'), { recursive: true });
  const file = targetFor(adapter, f.opts()).location.path;
  const entryOf = () => parseConfig(fs.readFileSync(file), file, adapter.format).readEntry(adapter.site, SERVER_KEY);
  const valueOf = () => parseConfig(fs.readFileSync(file), file, adapter.format).value;
  return { ...f, file, entryOf, valueOf };
}

describe.each(CLIENTS.map((c) => [c.id, c] as const))('%s', (_id, adapter) => {
  describe.each(PLATFORMS)('on a %s layout', (platform) => {
    it('fresh install: creates the file under the home with our entry, which the client’s format reads back', async () => {
      const { file, home, opts, entryOf } = setUp(adapter, platform);
      const outcome = await registerClient(adapter, opts());
      expect(outcome).toMatchObject({ id: adapter.id, action: 'created', config_path: file, backup_path: null });
      expect(file.startsWith(home)).toBe(true);
      expect(entryOf()).toEqual(desiredEntry(adapter, LAUNCH));
      expect(outcome.next_step.length).toBeGreaterThan(20);
    });

    it('existing file with other servers and comments: our entry is inserted, every other byte stays', async () => {
      const { file, opts, entryOf } = setUp(adapter, platform);
      const original = existingConfig(adapter);
      writeConfig(file, original);
      const outcome = await registerClient(adapter, opts());
      expect(outcome.action).toBe('added');
      const after = fs.readFileSync(file, 'utf8');
      const { removed, inserted } = splice(original, after);
      expect(removed).toBe('');
      expect(inserted).toContain(SERVER_KEY);
      for (const marker of KEEP_MARKERS) expect(inserted).not.toContain(marker);
      expect(entryOf()).toEqual(desiredEntry(adapter, LAUNCH));
      expect(fs.readFileSync(outcome.backup_path!, 'utf8')).toBe(original);
    });

    it('unparseable file: refused with the file and position named; untouched, no backup', async () => {
      const { file, opts } = setUp(adapter, platform);
      const { text, position } = unparseableConfig(adapter);
      writeConfig(file, text);
      const err = await refusal(registerClient(adapter, opts()));
      expect(err.code).toBe('UNPARSEABLE_CONFIG');
      expect(err.message).toContain(file);
      expect(err.message).toMatch(position);
      expect(fs.readFileSync(file, 'utf8')).toBe(text);
      expect(backupsOf(file)).toEqual([]);
    });

    it('an entry the scientist wrote is not overwritten without consent; with it, only that entry changes', async () => {
      const { file, opts, entryOf, valueOf } = setUp(adapter, platform);
      const original = handMadeEntryConfig(adapter);
      writeConfig(file, original);
      const err = await refusal(registerClient(adapter, opts()));
      expect(err.code).toBe('CHANGED_BY_USER');
      expect(err.details.change?.diff).toContain('/opt/hand-made/node');
      expect(fs.readFileSync(file, 'utf8')).toBe(original);
      expect((await inspectTarget(targetFor(adapter, opts()), opts())).state.state).toBe('changed_by_user');
      expect((await refusal(unregisterClient(adapter, opts()))).code).toBe('CHANGED_BY_USER');

      const forced = await registerClient(adapter, opts({ force: true }));
      expect(forced.action).toBe('updated');
      expect(entryOf()).toEqual(desiredEntry(adapter, LAUNCH));
      const { removed } = splice(original, fs.readFileSync(file, 'utf8'));
      expect(removed).toContain('hand-made/node');
      expect(removed).not.toContain('notes-mcp');
      expect(JSON.stringify(valueOf())).toContain('notes-mcp');
    });

    it('disconnect removes only our entry and gives back the original bytes', async () => {
      const { file, opts } = setUp(adapter, platform);
      const original = existingConfig(adapter);
      writeConfig(file, original);
      await registerClient(adapter, opts());
      const removed = await unregisterClient(adapter, opts());
      expect(removed).toMatchObject({ action: 'removed', config_path: file });
      expect(fs.readFileSync(file, 'utf8')).toBe(original);
      expect(await unregisterClient(adapter, opts())).toMatchObject({ action: 'absent', backup_path: null });
    });

    it('a named pipe at the config path is refused at once by register and unregister, and left in place', async (ctx) => {
      if (process.platform === 'win32') return ctx.skip('no mkfifo on Windows');
      const { file, opts } = setUp(adapter, platform);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      execFileSync('mkfifo', [file]);
      // Before: reading the pipe blocked until a writer came, and the test was killed at 20 s.
      expect((await refusal(registerClient(adapter, opts()))).code).toBe('NOT_A_REGULAR_FILE');
      expect((await refusal(unregisterClient(adapter, opts()))).code).toBe('NOT_A_REGULAR_FILE');
      expect(fs.statSync(file).isFIFO()).toBe(true);
    });

    it('after the app moved: our own entry is repaired without asking', async () => {
      const { file, opts, entryOf } = setUp(adapter, platform);
      writeConfig(file, existingConfig(adapter));
      await registerClient(adapter, opts({ launch: MOVED_LAUNCH }));
      expect((await inspectTarget(targetFor(adapter, opts()), opts())).state.state).toBe('needs_repair');
      const repaired = await registerClient(adapter, opts({ onlyIfPresent: true }));
      expect(repaired.action).toBe('updated');
      expect(entryOf()).toEqual(desiredEntry(adapter, LAUNCH));
      expect((await inspectTarget(targetFor(adapter, opts()), opts())).state.state).toBe('registered');
    });
  });
});
