// A value list has one owner in src-shared. The SQL migrations cannot import it, so each CHECK list
// that spells one out is read from the migration file and compared with the owner's const here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROVIDER_KINDS } from '../../../src-shared/schemas/providers.js';
import { DOCUMENT_FORMATS } from '../../../src-shared/schemas/knowledge.js';
import { HYPOTHESIS_GATE_VALUES, HYPOTHESIS_ORIGIN_VALUES, HYPOTHESIS_STATUS_VALUES, REVIEW_TYPE_VALUES } from '../../../src-shared/schemas/hypotheses.js';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../../src-mcp/store/migrations');

/**
 * The quoted values of `CHECK (<column> IN (...))` in the newest migration that defines
 * `<table>`: a migration widening a list rebuilds the table (SQLite cannot alter a CHECK), so the
 * last CREATE TABLE of it is the one in force, and this test needs no edit when one is added.
 */
function checkList(table: string, column: string): string[] {
  const definitions = fs
    .readdirSync(MIGRATIONS)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .flatMap((file) => [...fs.readFileSync(path.join(MIGRATIONS, file), 'utf8').matchAll(new RegExp(`CREATE TABLE (\\w+) \\(([\\s\\S]*?)\\n\\);`, 'g'))])
    .filter((match) => match[1] === table || match[1] === `${table}_new`);
  const body = definitions.at(-1)?.[2];
  if (body === undefined) throw new Error(`no migration creates ${table}`);
  const list = new RegExp(`\\b${column}\\b[^,]*CHECK \\(${column} IN \\(([^)]*)\\)\\)`).exec(body);
  if (list === null) throw new Error(`${table} has no CHECK list for ${column}`);
  return [...list[1]!.matchAll(/'([^']*)'/g)].map((value) => value[1]!);
}

describe('value lists spelled out in SQL match their src-shared owner', () => {
  it('provider kinds: reasoning_providers.kind', () => {
    expect(checkList('reasoning_providers', 'kind')).toEqual([...PROVIDER_KINDS]);
  });

  it('the hypothesis record: hypotheses.status, origin and gate', () => {
    expect(checkList('hypotheses', 'status')).toEqual([...HYPOTHESIS_STATUS_VALUES]);
    expect(checkList('hypotheses', 'origin')).toEqual([...HYPOTHESIS_ORIGIN_VALUES]);
    expect(checkList('hypotheses', 'gate')).toEqual([...HYPOTHESIS_GATE_VALUES]);
  });

  it('review types: reviews.type', () => {
    expect(checkList('reviews', 'type')).toEqual([...REVIEW_TYPE_VALUES]);
  });

  it('document formats: knowledge_documents.format', () => {
    expect(checkList('knowledge_documents', 'format')).toEqual([...DOCUMENT_FORMATS]);
  });
});
