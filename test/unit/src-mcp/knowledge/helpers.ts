// Shared setup for knowledge tests: a real store with the production migrations on the run's engine
// (test/support/storeEngine.ts), a fixed clock, and temporary folders (allowed or not) holding
// copies of the fixture corpus.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../../../src-mcp/store/database.js';
import { startResearch } from '../../../../src-mcp/engine/projects.js';
import { allowRoot } from '../../../../src-mcp/knowledge/roots.js';
import type { Actor } from '../../../../src-mcp/knowledge/events.js';
import { makePdf } from './pdfFixture.js';
import { makeTempDir } from '../../../support/tempDirs.js';
import { openTestStore } from '../../../support/storeEngine.js';
import { engineOf } from '../../../../src-mcp/store/handle.js';
import { execute, scalar } from '../../../../src-mcp/store/sql.js';
import { expect } from 'vitest';

export const CORPUS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../fixtures/knowledge/corpus');

export interface Fixture {
  db: Db;
  actor: Actor;
  /** A temp folder; `library` inside it is allowed, `private` is not. */
  base: string;
  library: string;
  outside: string;
}

export async function fixture(): Promise<Fixture> {
  const base = fs.realpathSync(makeTempDir('cosci-knowledge-'));
  const db = await openTestStore('cosci-knowledge-');
  let tick = Date.UTC(2026, 10, 1);
  const actor: Actor = { clientId: 'claude-desktop', now: () => new Date((tick += 1000)) };
  const library = path.join(base, 'library');
  const outside = path.join(base, 'private');
  fs.mkdirSync(library);
  fs.mkdirSync(outside);
  await allowRoot(db, { clientId: 'desktop', now: actor.now }, library);
  return { db, actor, base, library, outside };
}

/** Copies the committed corpus into `target` and adds a generated PDF with headings. */
export function writeCorpus(target: string): void {
  fs.cpSync(CORPUS, target, { recursive: true });
  fs.writeFileSync(
    path.join(target, 'review.pdf'),
    makePdf(
      [
        [
          { text: 'Senolytic therapy for liver fibrosis', size: 20 },
          { text: 'DOI: 10.5555/senolytic.2024.7', size: 9 },
          { text: 'Introduction', size: 14 },
          { text: 'Senolytic drugs such as dasatinib remove senescent hepatocytes.' },
          { text: 'They reduced collagen deposition in mouse models of fibro-' },
          { text: 'genesis after carbon tetrachloride injury.' },
        ],
        [
          { text: 'Results', size: 14 },
          { text: 'Quercetin combined with dasatinib lowered hydroxyproline by half.' },
        ],
      ],
      {},
    ),
  );
}

export async function project(db: Db, actor: Actor, goal = 'Find novel therapeutic targets for liver fibrosis'): Promise<string> {
  return (await startResearch(db, actor, { goal })).id;
}

export const NO_HOOKS = { clientRoots: [] as string[], timeBudgetMs: 40_000 };

/**
 * Chunks whose index entry holds `word`, asked of the index directly (not through the search
 * code): FTS5 on SQLite, the generated tsvector on PostgreSQL.
 */
export async function indexedMatches(db: Db, word: string): Promise<number> {
  const sql =
    engineOf(db) === 'postgres'
      ? "SELECT COUNT(*) FROM knowledge_chunks WHERE search_vector @@ plainto_tsquery('english', CAST(? AS TEXT))"
      : 'SELECT COUNT(*) FROM knowledge_fts WHERE knowledge_fts MATCH ?';
  return (await scalar<number>(db, sql, [word])) ?? 0;
}

/**
 * The index is in step with the chunks. SQLite: FTS5's own integrity check, and one index row per
 * chunk (its triggers keep them in step). PostgreSQL: every chunk has its generated vector (the
 * column is computed from the row itself, so it cannot drift).
 */
export async function expectIndexInStep(db: Db): Promise<void> {
  if (engineOf(db) === 'postgres') {
    expect(await scalar<number>(db, 'SELECT COUNT(*) FROM knowledge_chunks WHERE search_vector IS NULL')).toBe(0);
    return;
  }
  await execute(db, "INSERT INTO knowledge_fts (knowledge_fts) VALUES ('integrity-check')");
  expect(await scalar<number>(db, 'SELECT COUNT(*) FROM knowledge_fts')).toBe(await scalar<number>(db, 'SELECT COUNT(*) FROM knowledge_chunks'));
}
