// The leaderboard version of migration 0009 and the board pages of migration 0010
// (engine/leaderboardView): on a real store (a SQLite file, or a PostgreSQL database) with two
// handles, as two server processes would have, an unchanged board reads the same and every kind of change — by either connection —
// is seen by the next page; a rolled-back write changes nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, type Db, writeTransaction } from '../../../../src-mcp/store/database.js';
import { leaderboardVersion } from '../../../../src-mcp/store/leaderboardQueries.js';
import { setSafetyFlag, updateHypothesisText } from '../../../../src-mcp/store/hypotheses.js';
import { insertMatch } from '../../../../src-mcp/store/matches.js';
import { leaderboardPage } from '../../../../src-mcp/engine/views/leaderboardView.js';
import { seedTournamentInto } from '../../../../bench/leaderboard-seed.js';
import { openTestStore } from '../../../support/storeEngine.js';
import { openSecondHandle } from '../../../support/secondStoreHandle.js';

const AT = '2026-11-26T00:00:00.000Z';
let projectId: string;
let reader: Db;
let writer: Db;

beforeEach(async () => {
  reader = await openTestStore('cosci-lbversion-');
  writer = await openSecondHandle(reader);
  projectId = (await seedTournamentInto(reader, { hypotheses: 40, rounds: 3, seed: 7 })).projectId;
});

afterEach(async () => {
  await closeDatabase(writer);
  await closeDatabase(reader);
});

const page = async (limit = 100) => await leaderboardPage(reader, projectId, { limit });

describe('leaderboard version and board pages', () => {
  it('reads an unchanged board the same, page after page', async () => {
    const first = await page();
    expect(await page()).toEqual(first);
  });

  it('sees a text edit, a safety flag and a new match made through another connection', async () => {
    const before = await page();
    const top = before.rows[0]?.line.id as string;
    const versionBefore = await leaderboardVersion(reader, projectId);

    await writeTransaction(writer, async () => await updateHypothesisText(writer, top, { summary: 'Edited by the scientist.' }, AT));
    expect(await leaderboardVersion(reader, projectId)).toBeGreaterThan(versionBefore);
    expect((await page()).rows.find((r) => r.line.id === top)?.line.summary).toBe('Edited by the scientist.');

    await writeTransaction(writer, async () => await setSafetyFlag(writer, top, 'dual_use', AT));
    const flagged = await page();
    expect(flagged.rows.find((r) => r.line.id === top)).toMatchObject({ competing: false, rank: null });

    const [a, b] = before.rows.slice(1, 3).map((r) => r.line.id) as [string, string];
    await writeTransaction(writer, async () =>
      await insertMatch(writer, { id: 'mat_vote', projectId, firstId: a, secondId: b, winnerId: b, judge: 'human', confidence: null, rationale: 'Scientist vote.', debate: [], taskId: null, pairId: null, createdBy: 'desktop', createdAt: AT }),
    );
    const after = await page();
    // Among competitors only: the flagged hypothesis's matches left the count with it.
    expect(after.matchCount).toBe(flagged.matchCount + 1);
    expect(after.movementWindow).toEqual({ matches: 1, judge: 'human' });
  });

  it('a rolled-back write leaves the version and the served board as they were', async () => {
    const before = await page();
    const version = await leaderboardVersion(reader, projectId);
    const top = before.rows[0]?.line.id as string;
    await expect(
      writeTransaction(writer, async () => {
        await updateHypothesisText(writer, top, { summary: 'Never committed.' }, AT);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await leaderboardVersion(reader, projectId)).toBe(version);
    expect(await page()).toEqual(before);
  });
});
