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
import { minimatch } from 'minimatch';
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

/** The `files:` list of electron-builder.yml (a flat list of quoted or bare strings; comments skipped). */
function filePatterns(): string[] {
  const lines = fs.readFileSync(path.join(REPO_ROOT, 'electron-builder.yml'), 'utf8').split('\n');
  const start = lines.indexOf('files:');
  if (start < 0) throw new Error('electron-builder.yml has no files: list');
  const patterns: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    const item = /^\s+-\s+(.+?)\s*$/.exec(line);
    if (item?.[1] !== undefined) patterns.push(item[1].replace(/^"(.*)"$/, '$1'));
  }
  return patterns;
}

/** electron-builder's rule: a file is included when the last pattern that matches it is not a negation. */
function included(file: string, patterns: readonly string[]): boolean {
  let keep = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith('!');
    if (minimatch(file, negated ? pattern.slice(1) : pattern, { dot: true })) keep = !negated;
  }
  return keep;
}

export function measurePayload(): { totalBytes: number; byPart: Map<string, number>; files: number } {
  // Production node_modules are added by electron-builder itself, then filtered by the same patterns.
  const patterns = [...filePatterns(), 'node_modules/**/*'].sort((a, b) => Number(a.startsWith('!')) - Number(b.startsWith('!')));
  const candidates: string[] = [];
  walk('dist', candidates);
  candidates.push('package.json');
  for (const dir of productionClosure()) walk(dir, candidates);
  const byPart = new Map<string, number>();
  let totalBytes = 0;
  let files = 0;
  for (const file of candidates) {
    if (!included(file, patterns)) continue;
    const size = fs.statSync(path.join(REPO_ROOT, file)).size;
    totalBytes += size;
    files += 1;
    const part = file.startsWith('node_modules/') ? file.split('/').slice(0, file.split('/')[1]?.startsWith('@') ? 3 : 2).join('/') : file.split('/').slice(0, 2).join('/');
    byPart.set(part, (byPart.get(part) ?? 0) + size);
  }
  return { totalBytes, byPart, files };
}

export function benchPayload(): { results: BenchResult[]; appendix: string } {
  const { totalBytes, byPart, files } = measurePayload();
  const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);
  const parts = [...byPart].sort((a, b) => b[1] - a[1]).slice(0, 12);
  const appendix = [
    '### Install payload (without Electron)',
    '',
    `What electron-builder.yml's \`files\` patterns keep of dist/, package.json and the production dependencies (bench/payload.ts; not a real package: no npmRebuild, no asar header): **${mb(totalBytes)} MB** in ${files} files — ${totalBytes / 1e6 <= TARGET_MB ? 'met' : '**missed**'} (target ≤ ${TARGET_MB} MB).`,
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
