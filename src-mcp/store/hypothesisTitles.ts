// Named statement for the scientist renaming a hypothesis (engine/hypothesisTitle.ts): only the
// title column changes, never the text the model or the scientist wrote.
import type { Db } from './database.js';
import { cached } from './statements.js';

/** Sets the title only if it is still `expected` (null: none given yet); false when it changed meanwhile. */
export function replaceHypothesisTitle(db: Db, id: string, expected: string | null, title: string, updatedAt: string): boolean {
  return (
    cached(db, 'UPDATE hypotheses SET title = @title, updated_at = @updatedAt WHERE id = @id AND title IS @expected').run({ id, expected, title, updatedAt })
      .changes > 0
  );
}
