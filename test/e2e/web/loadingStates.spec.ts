// Loading states are checked by axe-core too. accessibility.spec.ts sees a skeleton only when a
// request happens to be slow (that is how an aria-label on a role-less skeleton reached CI); here each
// view's data request is held until axe has checked the skeleton it shows meanwhile.
import { loadSeeder } from '../../../bench/leaderboard.js';
import { describeFindings, seriousAxeFindings, type AxeFinding } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { testId } from './locators.js';
import { LeaderboardPage } from './support/tournamentPages.js';
import { startWebHost } from './support/webHost.js';

test.setTimeout(120_000);

test('the leaderboard, matches and audit log skeletons have no serious accessibility finding', async ({ app, page, workspace }) => {
  const { seedTournament } = await loadSeeder();
  await seedTournament(workspace.dataDir, { hypotheses: 60, rounds: 2, seed: 5 });
  const host = await startWebHost(workspace);
  // The host routes whose answers wait; releasing one lets its waiting requests through.
  const held = new Map<string, Array<() => Promise<void>>>([['leaderboard.page', []], ['leaderboard.matches', []], ['audit.query', []]]);
  const release = async (name: string): Promise<void> => {
    const waiting = held.get(name) ?? [];
    held.delete(name);
    await Promise.all(waiting.map((go) => go()));
  };
  const findings: AxeFinding[] = [];
  try {
    await page.route('**/api/invoke', async (route) => {
      const body = route.request().postDataJSON() as { route?: string } | null;
      const waiting = body?.route === undefined ? undefined : held.get(body.route);
      if (waiting === undefined) await route.continue();
      else waiting.push(() => route.continue().catch(() => undefined));
    });
    await app.open(host.url);

    const board = new LeaderboardPage(page);
    await board.open();
    await expect(page.getByTestId('leaderboard-loading')).toBeVisible();
    findings.push(...(await seriousAxeFindings(page, 'leaderboard loading')));
    await release('leaderboard.page');
    await board.waitForRows(60);

    await board.tab('matches');
    const matchesLoading = page.getByRole('status', { name: 'Loading matches' });
    await expect(matchesLoading).toBeVisible();
    findings.push(...(await seriousAxeFindings(page, 'matches loading')));
    await release('leaderboard.matches');
    await expect(matchesLoading).toHaveCount(0);

    await page.getByTestId(testId.navAudit).click();
    await expect(page.getByTestId('audit-loading')).toBeVisible();
    findings.push(...(await seriousAxeFindings(page, 'audit log loading')));
    await release('audit.query');
    await expect(page.getByTestId('audit-loading')).toHaveCount(0);

    expect(findings, describeFindings(findings)).toEqual([]);
  } finally {
    for (const name of [...held.keys()]) await release(name);
    await host.stop();
  }
});
