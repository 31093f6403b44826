// The app's own payload in a package (issue 17: everything but Electron itself ≤ 40 MB unpacked).
// electron-builder cannot package here without Electron's binary, so this measures what the
// package would contain: the `files` patterns of electron-builder.yml applied, in order and with
// minimatch as electron-builder applies them, to dist/, package.json and the production dependency
// closure of package.json (dependencies and their installed dependencies, optional ones included
// when installed; Electron, an optionalDependency of the app, is the runtime and not counted).
// It does not model npmRebuild (the addon is rebuilt for Electron's ABI, about the same size) or
// the asar header. Run after `npm run build`: `node --import tsx bench/payload.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { Minimatch } from 'minimatch';
import { parse } from 'yaml';
import type { BenchResult } from './result.js';
import { REPO_ROOT } from './server.js';

const TARGET_MB = 40;

interface Manifest {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

function readManifest(dir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
}

/** node_modules folders of the production closure (hoisted layout: one level, scoped names included). */
function productionClosure(): string[] {
  const root = readManifest(REPO_ROOT);
  const seen = new Set<string>();
  const queue = Object.keys(root.dependencies ?? {});
  while (queue.length > 0) {
    const name = queue.shift() as string;
    if (seen.has(name)) continue;
    const dir = path.join(REPO_ROOT, 'node_modules', name);
    if (!fs.existsSync(dir)) continue;
    seen.add(name);
    const manifest = readManifest(dir);
    queue.push(...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.optionalDependencies ?? {}));
  }
  return [...seen].map((name) => `node_modules/${name}`);
}

function walk(relative: string, out: string[]): void {
  const full = path.join(REPO_ROOT, relative);
  const stat = fs.statSync(full);
  if (stat.isDirectory()) for (const entry of fs.readdirSync(full)) walk(path.posix.join(relative, entry), out);
  else out.push(relative);
}

/** A target the package is built for: the OS (its electron-builder section) and the architecture. */
export interface PackageTarget {
  platform: 'darwin' | 'win32' | 'linux';
  arch: string;
}

const HOST: PackageTarget = { platform: process.platform === 'darwin' || process.platform === 'win32' ? process.platform : 'linux', arch: process.arch };
const SECTION: Record<PackageTarget['platform'], string> = { darwin: 'mac', win32: 'win', linux: 'linux' };

/**
 * The `files` patterns electron-builder applies for one target: the top-level list, then the
 * target OS section's, with the ${arch} macro expanded as electron-builder does per architecture.
 */
export function filePatterns(target: PackageTarget = HOST): string[] {
  const config = parse(fs.readFileSync(path.join(REPO_ROOT, 'electron-builder.yml'), 'utf8')) as Record<string, { files?: string[] } | string[] | undefined>;
  const top = config.files;
  if (!Array.isArray(top)) throw new Error('electron-builder.yml has no files: list');
  const section = config[SECTION[target.platform]];
  const own = section !== undefined && !Array.isArray(section) ? (section.files ?? []) : [];
  return [...top, ...own].map((pattern) => pattern.replaceAll('${arch}', target.arch));
}

/** electron-builder's rule: a file is included when the last pattern that matches it is not a negation. */
export function included(file: string, patterns: readonly string[]): boolean {
  return compile(patterns)(file);
}

/** The patterns compiled once: a payload is tens of thousands of files against ~30 patterns. */
function compile(patterns: readonly string[]): (file: string) => boolean {
  const matchers = patterns.map((pattern) => {
    const negated = pattern.startsWith('!');
    return { negated, matcher: new Minimatch(negated ? pattern.slice(1) : pattern, { dot: true }) };
  });
  return (file) => {
    let keep = false;
    for (const { negated, matcher } of matchers) if (matcher.match(file)) keep = !negated;
    return keep;
  };
}

/** What the package for `target` would hold of dist/ (when `withDist`), package.json and the production dependencies. */
export function measurePayload(target: PackageTarget = HOST, withDist = true): { totalBytes: number; byPart: Map<string, number>; files: number; kept: string[] } {
  // Production node_modules are added by electron-builder itself, then filtered by the same patterns.
  const patterns = [...filePatterns(target), 'node_modules/**/*'].sort((a, b) => Number(a.startsWith('!')) - Number(b.startsWith('!')));
  const candidates: string[] = [];
  if (withDist) walk('dist', candidates);
  candidates.push('package.json');
  for (const dir of productionClosure()) walk(dir, candidates);
  const byPart = new Map<string, number>();
  const kept: string[] = [];
  let totalBytes = 0;
  let files = 0;
  const keeps = compile(patterns);
  for (const file of candidates) {
    if (!keeps(file)) continue;
    kept.push(file);
    const size = fs.statSync(path.join(REPO_ROOT, file)).size;
    totalBytes += size;
    files += 1;
    const part = file.startsWith('node_modules/') ? file.split('/').slice(0, file.split('/')[1]?.startsWith('@') ? 3 : 2).join('/') : file.split('/').slice(0, 2).join('/');
    byPart.set(part, (byPart.get(part) ?? 0) + size);
  }
  return { totalBytes, byPart, files, kept };
}

export function benchPayload(): { results: BenchResult[]; appendix: string } {
  const { totalBytes, byPart, files } = measurePayload();
  const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);
  const parts = [...byPart].sort((a, b) => b[1] - a[1]).slice(0, 12);
  const appendix = [
    '### Install payload (without Electron)',
    '',
    `What electron-builder.yml's \`files\` patterns keep of dist/, package.json and the production dependencies for ${HOST.platform}-${HOST.arch} (bench/payload.ts; not a real package: no npmRebuild, no asar header): **${mb(totalBytes)} MB** in ${files} files — ${totalBytes / 1e6 <= TARGET_MB ? 'met' : '**missed**'} (target ≤ ${TARGET_MB} MB).`,
    '',
    '| Part | MB |',
    '| --- | ---: |',
    ...parts.map(([part, bytes]) => `| ${part} | ${mb(bytes)} |`),
    '',
  ].join('\n');
  const summary = { count: 1, p50: totalBytes / 1e6, p95: totalBytes / 1e6, p99: totalBytes / 1e6, max: totalBytes / 1e6, mean: totalBytes / 1e6 };
  return { results: [{ name: 'Install payload (MB, not ms)', detail: `files electron-builder.yml keeps, without Electron; target ≤ ${TARGET_MB} MB`, summary, reported: ['p50'] }], appendix };
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${benchPayload().appendix}\n`);
