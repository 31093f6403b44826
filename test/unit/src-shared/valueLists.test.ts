// A value list has one owner in src-shared. The SQL migrations cannot import it, so each CHECK list
// that spells one out is read from the migration file and compared with the owner's const here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROVIDER_KINDS } from '../../../src-shared/schemas/providers.js';
import { DOCUMENT_FORMATS } from '../../../src-shared/schemas/knowledge.js';
import { HYPOTHESIS_GATE_VALUES, HYPOTHESIS_ORIGIN_VALUES, HYPOTHESIS_STATUS_VALUES, REVIEW_TYPE_VALUES } from '../../../src-shared/schemas/hypotheses.js';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../../src-mcp/store/migrations');

/** The quoted values of `CHECK (<column> IN (...))` in one migration. */
function checkList(migration: string, column: string): string[] {
  const sql = fs.readFileSync(path.join(MIGRATIONS, migration), 'utf8');
  const match = new RegExp(`\\b${column}\\b[^,]*CHECK \\(${column} IN \\(([^)]*)\\)\\)`).exec(sql);
  if (match === null) throw new Error(`${migration} has no CHECK list for ${column}`);
  return [...match[1]!.matchAll(/'([^']*)'/g)].map((value) => value[1]!);
}

describe('value lists spelled out in SQL match their src-shared owner', () => {
  it('provider kinds: reasoning_providers.kind (0004)', () => {
    expect(checkList('0004_reasoning_providers.sql', 'kind')).toEqual([...PROVIDER_KINDS]);
  });

  it('the hypothesis record: hypotheses.status, origin and gate (0002)', () => {
    expect(checkList('0002_research_engine.sql', 'status')).toEqual([...HYPOTHESIS_STATUS_VALUES]);
    expect(checkList('0002_research_engine.sql', 'origin')).toEqual([...HYPOTHESIS_ORIGIN_VALUES]);
    expect(checkList('0002_research_engine.sql', 'gate')).toEqual([...HYPOTHESIS_GATE_VALUES]);
  });

  it('review types: reviews.type (0002)', () => {
    expect(checkList('0002_research_engine.sql', 'type')).toEqual([...REVIEW_TYPE_VALUES]);
  });

  it('document formats: knowledge_documents.format (0003)', () => {
    expect(checkList('0003_knowledge.sql', 'format')).toEqual([...DOCUMENT_FORMATS]);
  });
});
