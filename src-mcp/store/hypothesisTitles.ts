// Named statements for the scientist renaming a hypothesis (engine/hypothesisTitle.ts): only the
// title column changes, never the text the model or the scientist wrote; each rename is kept.
import type { Db } from './database.js';
import { cached } from './statements.js';
import { onConnection } from './unitOfWork.js';

/** Sets the title only if it is still `expected` (null: none given yet); false when it changed meanwhile. */
export function replaceHypothesisTitle(db: Db, id: string, expected: string | null, title: string, updatedAt: string): Promise<boolean> {
  return onConnection(db, () => {
    return (
      cached(db, 'UPDATE hypotheses SET title = @title, updated_at = @updatedAt WHERE id = @id AND title IS @expected').run({ id, expected, title, updatedAt })
        .changes > 0
    );
  }, 'writes');
}

/** One rename: who made it, when, and the title before (null: none was given) and after. */
export interface TitleEdit {
  at: string;
  clientId: string;
  from: string | null;
  to: string;
}

export function insertTitleEdit(db: Db, hypothesisId: string, edit: TitleEdit): Promise<void> {
  return onConnection(db, () => {
    cached(db, 'INSERT INTO hypothesis_title_edits (hypothesis_id, at, client_id, from_title, to_title) VALUES (?, ?, ?, ?, ?)').run(hypothesisId, edit.at, edit.clientId, edit.from, edit.to);
  }, 'writes');
}

/** The renames of a hypothesis, newest first. */
export function titleEdits(db: Db, hypothesisId: string): Promise<TitleEdit[]> {
  return onConnection(db, () => {
    const rows = cached(db, 'SELECT at, client_id, from_title, to_title FROM hypothesis_title_edits WHERE hypothesis_id = ? ORDER BY id DESC').all(hypothesisId) as Array<{
      at: string;
      client_id: string;
      from_title: string | null;
      to_title: string;
    }>;
    return rows.map((row) => ({ at: row.at, clientId: row.client_id, from: row.from_title, to: row.to_title }));
  });
}
