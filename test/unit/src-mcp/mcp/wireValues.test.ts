// The desktop tools' result shapes (src-shared/schemas) are shared with the desktop host's
// contract, which the renderer type-checks without Node types. So those modules import only zod
// and each other (the engine takes its value lists from them); the store derives the audit
// outcomes on its own, and these tests keep the two equal.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_RESULTS, type AuditResult } from '../../../../src-mcp/store/auditOutcomes.js';
import { AUDIT_OUTCOMES, type AuditOutcome } from '../../../../src-shared/schemas/audit.js';
import { REPO_ROOT } from '../../../support/server.js';

/** true only when A and B are the same union (tsc -p tsconfig.test.json checks it). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const SCHEMA_DIR = path.join(REPO_ROOT, 'src-shared/schemas');

describe('shared tool result schemas', () => {
  it('list the audit outcomes the store derives, in the same order', () => {
    // The documented audit outcomes (issue 15 item 8), derived by the store from what it keeps.
    const sameOutcomes: Same<AuditOutcome, AuditResult> = true;
    expect(sameOutcomes && [...AUDIT_OUTCOMES]).toEqual([...AUDIT_RESULTS]);
  });

  it('import nothing but zod and each other', () => {
    const files = fs.readdirSync(SCHEMA_DIR).filter((name) => name.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      const source = fs.readFileSync(path.join(SCHEMA_DIR, name), 'utf8');
      const specifiers = [...source.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]);
      for (const specifier of specifiers) {
        expect(specifier === 'zod' || /^\.\/[\w-]+\.js$/.test(specifier ?? ''), `${name} imports ${specifier}`).toBe(true);
      }
    }
  });
});
