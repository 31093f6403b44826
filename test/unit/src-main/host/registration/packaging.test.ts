// What the registered command depends on once packaged: electron-builder.yml unpacks the server
// and its native module, keeps the runAsNode fuse, installs to a stable path; the notarisation
// hook skips cleanly without credentials; auto-update is a logged no-op without electron-updater.
import fs from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { isSeq, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { startAutoUpdates } from '../../../../../src-main/electron/updates.js';
import type { Logger } from '../../../../../src-main/host/log.js';
import { SERVER_ENTRY_SEGMENTS } from '../../../../../src-main/host/registration/launcher.js';
import { measurePayload } from '../../../../../bench/payload.js';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const require = createRequire(import.meta.url);
const yml = fs.readFileSync(`${ROOT}electron-builder.yml`, 'utf8');
/** The parts of electron-builder.yml these tests read. */
interface BuilderConfig {
  electronVersion: string;
  asarUnpack: string[];
  npmRebuild: boolean;
  electronFuses: Record<string, boolean>;
  afterSign: string;
  publish: unknown;
  mac: { target: string[]; hardenedRuntime: boolean; notarize: boolean };
  win: { target: string[] };
  nsis: { perMachine: boolean; allowToChangeInstallationDirectory: boolean; guid: string };
  linux: { target: string[]; maintainer: string };
}
const config = parseDocument(yml).toJS() as BuilderConfig;

describe('electron-builder.yml', () => {
  it('is valid for the installed electron-builder', () => {
    const schema = JSON.parse(fs.readFileSync(`${ROOT}node_modules/app-builder-lib/scheme.json`, 'utf8')) as object;
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
  });

  it('packages the Electron that package.json installs', () => {
    const manifest = JSON.parse(fs.readFileSync(`${ROOT}package.json`, 'utf8')) as { optionalDependencies: Record<string, string> };
    expect(config.electronVersion).toBe(manifest.optionalDependencies.electron);
  });

  it('unpacks the server entry the launcher registers, better-sqlite3 and what it loads at run time — each with its reason', () => {
    const unpack = config.asarUnpack;
    expect(unpack).toContain(`${SERVER_ENTRY_SEGMENTS.slice(0, 2).join('/')}/**`);
    const runtime = ['better-sqlite3', ...packagesRequiredAtRunTime('better-sqlite3')];
    for (const name of runtime) expect(unpack).toContain(`node_modules/${name}/**`);
    // Every line has a comment above it, or is named in the comment it shares with the line before.
    const list = parseDocument(yml).get('asarUnpack', true);
    if (!isSeq(list)) throw new Error('asarUnpack is not a list');
    let reason: string | undefined;
    for (const [i, item] of list.items.entries()) {
      const own = (item as { commentBefore?: string | null }).commentBefore ?? (i === 0 ? list.commentBefore : undefined);
      const value = String((item as { value?: unknown }).value);
      if (own) reason = own;
      else expect(reason ?? '', `asarUnpack ${value} has no reason`).toContain(value.replace(/^node_modules\/|\/\*\*$/g, ''));
    }
    expect(yml).toMatch(/asarUnpack:\n {2}# better-sqlite3 loads a native \.node addon/);
  });

  it('packages better-sqlite3\'s prebuilt Node-API binaries without a rebuild for every packaged platform', () => {
    expect(config.npmRebuild).toBe(false);
    const manifest = require('better-sqlite3/package.json') as { gypfile?: boolean; scripts?: Record<string, string>; dependencies?: object };
    // No install step compiles it (npm would otherwise run `node-gyp rebuild` for its binding.gyp).
    expect(manifest.gypfile).toBe(false);
    expect(manifest.scripts?.install).toBeUndefined();
    const prebuilds = path.join(path.dirname(require.resolve('better-sqlite3/package.json')), 'prebuilds');
    for (const target of ['darwin-x64', 'darwin-arm64', 'win32-x64', 'linux-x64']) {
      expect(fs.existsSync(path.join(prebuilds, `${target}.node`)), `no prebuilt better-sqlite3 for ${target}`).toBe(true);
    }
  });

  it('keeps only the target platform\'s better-sqlite3 addon, and the dependencies it keeps stay within the 40 MB payload', () => {
    // The ${platform}/${arch} macros of the files patterns, expanded per target as electron-builder does.
    for (const target of [{ platform: 'darwin', arch: 'x64' }, { platform: 'darwin', arch: 'arm64' }, { platform: 'win32', arch: 'x64' }, { platform: 'linux', arch: 'x64' }] as const) {
      const { kept, totalBytes } = measurePayload(target, false);
      const addons = kept.filter((file) => file.endsWith('.node'));
      expect(addons, `${target.platform}-${target.arch}`).toEqual([`node_modules/better-sqlite3/prebuilds/${target.platform}-${target.arch}.node`]);
      // The loader that picks it at run time is packaged with it.
      expect(kept).toContain('node_modules/better-sqlite3/lib/binding.js');
      // Without dist/ (the build's own output, ~9 MB, measured by bench/payload.ts): room for it under 40 MB.
      expect(totalBytes / 1e6).toBeLessThan(25);
    }
  });

  it('keeps runAsNode on while tightening the other fuses', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it('targets: mac dmg+zip hardened with the notarisation hook, Windows per-user NSIS at a stable path, Linux AppImage+deb with a maintainer', () => {
    expect(config.mac).toMatchObject({ target: ['dmg', 'zip'], hardenedRuntime: true, notarize: false });
    expect(config.afterSign).toBe('scripts/notarize.cjs');
    expect(fs.existsSync(`${ROOT}${config.afterSign}`)).toBe(true);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.nsis).toMatchObject({ perMachine: false, allowToChangeInstallationDirectory: false });
    expect(config.nsis.guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.linux.maintainer).toMatch(/^.+ <[^@\s]+@[^@\s]+>$/);
    expect(config.publish).toEqual([{ provider: 'generic', url: '${env.COSCI_UPDATE_URL}' }]);
  });
});

describe('scripts/notarize.cjs', () => {
  const hook = require(`${ROOT}scripts/notarize.cjs`) as {
    default: (context: object) => Promise<void>;
    credentials: (env: Record<string, string>) => object | null;
  };

  it('prefers an App Store Connect API key, accepts an Apple ID, and needs a complete set', () => {
    expect(hook.credentials({ APPLE_API_KEY: '/k.p8', APPLE_API_KEY_ID: 'K', APPLE_API_ISSUER: 'I', APPLE_ID: 'a@b.c' })).toEqual({
      appleApiKey: '/k.p8',
      appleApiKeyId: 'K',
      appleApiIssuer: 'I',
    });
    expect(hook.credentials({ APPLE_ID: 'a@b.c', APPLE_APP_SPECIFIC_PASSWORD: 'p', APPLE_TEAM_ID: 'T' })).toEqual({
      appleId: 'a@b.c',
      appleIdPassword: 'p',
      teamId: 'T',
    });
    expect(hook.credentials({ APPLE_ID: 'a@b.c' })).toBeNull();
  });

  it('skips other platforms, and macOS without credentials, without failing the build', async () => {
    await expect(hook.default({ electronPlatformName: 'win32' })).resolves.toBeUndefined();
    const saved = { ...process.env };
    for (const k of ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER', 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID']) delete process.env[k];
    try {
      await expect(hook.default({ electronPlatformName: 'darwin' })).resolves.toBeUndefined();
    } finally {
      Object.assign(process.env, saved);
    }
  });
});

describe('startAutoUpdates', () => {
  const logger = () => {
    const lines: string[] = [];
    const log: Logger = { info: (m) => lines.push(`info ${m}`), warn: (m) => lines.push(`warn ${m}`), error: (m) => lines.push(`error ${m}`), child: () => log };
    return { log, lines };
  };

  it('does nothing in development', async () => {
    const { log, lines } = logger();
    expect(await startAutoUpdates({ isPackaged: false, log, load: () => Promise.reject(new Error('not called')) })).toBe('development');
    expect(lines).toEqual([]);
  });

  it('without electron-updater: one log line, no failure', async () => {
    const { log, lines } = logger();
    expect(await startAutoUpdates({ isPackaged: true, log, load: () => import('electron-updater-that-is-not-installed' as string) })).toBe('unavailable');
    expect(lines).toEqual(['info automatic updates are off: electron-updater is not installed in this build']);
  });

  it('with electron-updater (ESM or CommonJS shape): checks once; a failed check is logged', async () => {
    let checks = 0;
    const updater = { checkForUpdatesAndNotify: async () => void (checks += 1) };
    const { log } = logger();
    expect(await startAutoUpdates({ isPackaged: true, log, load: async () => ({ autoUpdater: updater }) })).toBe('checked');
    expect(await startAutoUpdates({ isPackaged: true, log, load: async () => ({ default: { autoUpdater: updater } }) })).toBe('checked');
    expect(checks).toBe(2);
    const failing = logger();
    const broken = { checkForUpdatesAndNotify: () => Promise.reject(new Error('offline')) };
    expect(await startAutoUpdates({ isPackaged: true, log: failing.log, load: async () => ({ autoUpdater: broken }) })).toBe('failed');
    expect(failing.lines).toEqual(['warn checking for updates failed: offline']);
  });
});

/**
 * The packages a module's run-time code requires (builtins and its own files aside), read from
 * the `require('…')` calls of its lib folder.
 */
function packagesRequiredAtRunTime(name: string): string[] {
  const lib = path.join(path.dirname(require.resolve(`${name}/package.json`)), 'lib');
  const found = new Set<string>();
  for (const entry of fs.readdirSync(lib, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const source = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const [, specifier] of source.matchAll(/require\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      if (specifier === undefined || specifier.startsWith('.') || specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
      found.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
    }
  }
  return [...found].sort();
}
