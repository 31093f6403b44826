// The desktop tools' result shapes (src-mcp/mcp/tools/schemas) are shared with the desktop host's
// contract, which the renderer type-checks without Node types. So those modules import only zod
// and each other, and repeat the engine's value lists instead of importing them: these tests keep
// both promises.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKPOINT_KINDS, DECISION_ACTIONS, HYPOTHESIS_ORIGINS, HYPOTHESIS_STATUSES, REVIEW_TYPES } from '../../../src-mcp/engine/schemas.js';
import { AUDIT_RESULTS, type AuditResult } from '../../../src-mcp/store/auditOutcomes.js';
import { AUDIT_OUTCOMES, type AuditOutcome } from '../../../src-shared/schemas/audit.js';
import { HYPOTHESIS_ORIGIN_VALUES, HYPOTHESIS_STATUS_VALUES, REVIEW_TYPE_VALUES } from '../../../src-shared/schemas/hypotheses.js';
import { CHECKPOINT_KIND_VALUES, DECISION_ACTION_VALUES } from '../../../src-shared/schemas/projects.js';
import { REPO_ROOT } from '../../support/server.js';

/** true only when A and B are the same union (tsc -p tsconfig.test.json checks it). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const SCHEMA_DIR = path.join(REPO_ROOT, 'src-shared/schemas');

describe('shared tool result schemas', () => {
  it('list the same values as the engine, in the same order', () => {
    expect(HYPOTHESIS_STATUS_VALUES).toEqual(HYPOTHESIS_STATUSES);
    expect(HYPOTHESIS_ORIGIN_VALUES).toEqual(HYPOTHESIS_ORIGINS);
    expect(REVIEW_TYPE_VALUES).toEqual(REVIEW_TYPES);
    expect(CHECKPOINT_KIND_VALUES).toEqual(CHECKPOINT_KINDS);
    expect(DECISION_ACTION_VALUES).toEqual(DECISION_ACTIONS);
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
