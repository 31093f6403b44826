// Shared setup for knowledge tests: a real database with the production migrations, a fixed
// clock, and temporary folders (allowed or not) holding copies of the fixture corpus.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Db } from '../../../../src-mcp/store/database.js';
import { startResearch } from '../../../../src-mcp/engine/projects.js';
import { allowRoot } from '../../../../src-mcp/knowledge/roots.js';
import type { Actor } from '../../../../src-mcp/knowledge/events.js';
import { makePdf } from './pdfFixture.js';
import { makeTempDir } from '../../../support/tempDirs.js';

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
  const db = await openDatabase(path.join(base, 'data'));
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
