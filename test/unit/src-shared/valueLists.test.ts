// A value list has one owner in src-shared. The SQL migrations cannot import it, so each CHECK list
// that spells one out is read from the migration file and compared with the owner's const here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROVIDER_KINDS } from '../../../src-shared/schemas/providers.js';

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
});
