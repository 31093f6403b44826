// The repository stands alone: no tracked document or source file points at the reference designs
// or the starting design kept outside it (the folder beside the checkout, the repository that
// steers it, its ARCHITECTURE.md). What we take from them is stated in our own words (docs/seed-mapping.md).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/server.js';

const THIS_FILE = 'test/integration/repository-stands-alone.test.ts';
// Written in pieces so that this file does not match its own patterns (a grep for them stays clean).
const SIBLING = 'shared';
const OUTSIDE = [new RegExp(`\\.\\./${SIBLING}/`), new RegExp(`steer${'ing'} repo`, 'i'), new RegExp(`${SIBLING}/(ARCHITECTURE|seeds)`), /ARCHITECTURE §/];

function trackedTextFiles(): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: REPO_ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  return files.filter((file) => file !== THIS_FILE && file !== 'package-lock.json' && !/\.(png|jpe?g|gif|ico|icns|pdf|woff2?|zip|gz|db)$/i.test(file));
}

describe('the repository stands alone', () => {
  it('no tracked document or source file points outside it', () => {
    const files = trackedTextFiles();
    expect(files).toContain('docs/seed-mapping.md');
    const pointers: string[] = [];
    for (const file of files) {
      const full = path.join(REPO_ROOT, file);
      if (!fs.existsSync(full)) continue;
      fs.readFileSync(full, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (OUTSIDE.some((pattern) => pattern.test(line))) pointers.push(`${file}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(pointers).toEqual([]);
  });

  it('the seed mapping states each reference contract in its own words', () => {
    const mapping = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'seed-mapping.md'), 'utf8');
    for (const seed of ['000', '004', '002']) {
      expect(mapping).toMatch(new RegExp(`## Seeds? [0-9 and]*${seed}[^\\n]*\\n\\nThe reference contract: `));
    }
  });
});
