// Named statements for the scientist renaming a hypothesis (engine/hypothesisTitle.ts): only the
// title column changes, never the text the model or the scientist wrote; each rename is kept.
import type { Db } from './database.js';
import { execute, rows } from './sql.js';

// IS NOT DISTINCT FROM: SQLite's `IS` on both engines (a null expected title matches a null title).
const REPLACE_TITLE = 'UPDATE hypotheses SET title = @title, updated_at = @updatedAt WHERE id = @id AND title IS NOT DISTINCT FROM CAST(@expected AS TEXT)';

/** Sets the title only if it is still `expected` (null: none given yet); false when it changed meanwhile. */
export async function replaceHypothesisTitle(db: Db, id: string, expected: string | null, title: string, updatedAt: string): Promise<boolean> {
  return (await execute(db, REPLACE_TITLE, { id, expected, title, updatedAt })) > 0;
}

/** One rename: who made it, when, and the title before (null: none was given) and after. */
export interface TitleEdit {
  at: string;
  clientId: string;
  from: string | null;
  to: string;
}

export async function insertTitleEdit(db: Db, hypothesisId: string, edit: TitleEdit): Promise<void> {
  await execute(db, 'INSERT INTO hypothesis_title_edits (hypothesis_id, at, client_id, from_title, to_title) VALUES (?, ?, ?, ?, ?)', [
    hypothesisId,
    edit.at,
    edit.clientId,
    edit.from,
    edit.to,
  ]);
}

/** The renames of a hypothesis, newest first. */
export async function titleEdits(db: Db, hypothesisId: string): Promise<TitleEdit[]> {
  return rows<TitleEdit>(
    db,
    'SELECT at, client_id AS clientId, from_title AS "from", to_title AS "to" FROM hypothesis_title_edits WHERE hypothesis_id = ? ORDER BY id DESC',
    [hypothesisId],
  );
}
