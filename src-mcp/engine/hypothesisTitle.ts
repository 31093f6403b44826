// The scientist gives a hypothesis its short title (issue 18, item 1). Every hypothesis shows one:
// the model's, or one derived from the summary when it gave none (hypothesisDigest.ts). Renaming
// changes the title alone, never the hypothesis text, and only if the title is still the one the
// scientist saw: a rename made meanwhile elsewhere is reported, not silently overwritten.
import type { Db } from '../store/database.js';
import { writeTransaction } from '../store/database.js';
import { insertTitleEdit, replaceHypothesisTitle } from '../store/hypothesisTitles.js';
import { recordChange, type Actor } from './changes.js';
import { DomainError } from './errors.js';
import { getHypothesis } from './hypotheses.js';
import { SCIENTIST_TITLE_MAX_CHARS } from './hypothesisDigest.js';
import { loadResearch } from './projectRecord.js';

export interface Retitled {
  hypothesisId: string;
  projectId: string;
  number: number;
  title: string;
  previous: string | null;
}

/** A title the scientist typed, tidied (outer spaces), or a specific error saying what to change. */
export function validTitle(raw: string): string {
  const title = raw.trim();
  if (title === '') throw new DomainError('invalid_input', 'A title cannot be empty: write a few words that tell this hypothesis apart.', { field: 'title' });
  if (/[\r\n]/.test(title)) throw new DomainError('invalid_input', 'A title is one line: remove the line breaks.', { field: 'title' });
  // Control characters would break every list that shows the title.
  if (/\p{Cc}/u.test(title)) throw new DomainError('invalid_input', 'A title cannot contain control characters (tabs, escapes).', { field: 'title' });
  const length = [...title].length;
  if (length > SCIENTIST_TITLE_MAX_CHARS) {
    throw new DomainError('invalid_input', `A title is at most ${SCIENTIST_TITLE_MAX_CHARS} characters; this one has ${length}. The full text stays in the summary.`, { field: 'title', max: SCIENTIST_TITLE_MAX_CHARS, length });
  }
  return title;
}

/**
 * Renames a hypothesis. `expected` is the title the scientist saw (null: none was given, a derived
 * one was shown); if it changed since, nothing is written and a conflict names the current title.
 */
export async function retitleHypothesis(db: Db, actor: Actor, hypothesisId: string, rawTitle: string, expected: string | null): Promise<Retitled> {
  const title = validTitle(rawTitle);
  return await writeTransaction(db, async () => {
    const hypothesis = await getHypothesis(db, hypothesisId);
    await loadResearch(db, hypothesis.projectId);
    const current = hypothesis.title ?? null;
    const result = { hypothesisId: hypothesis.id, projectId: hypothesis.projectId, number: hypothesis.seq, title, previous: current };
    if (current === title) return result;
    const at = actor.now().toISOString();
    if (!await replaceHypothesisTitle(db, hypothesis.id, expected, title, at)) {
      throw new DomainError(
        'conflict',
        `H${hypothesis.seq} was renamed meanwhile to “${current ?? '(no title)'}”; nothing was changed. Look at the new title and rename it again if you still want to.`,
        { field: 'expected_title', current_title: current },
      );
    }
    await insertTitleEdit(db, hypothesis.id, { at, clientId: actor.clientId, from: current, to: title });
    await recordChange(db, actor, 'hypothesis.retitled', hypothesis.projectId, { hypothesis_id: hypothesis.id, from: current, to: title });
    return result;
  });
}

