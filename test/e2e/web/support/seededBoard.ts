// A web host on a data folder seeded with a large tournament (the benchmark's seeder), for the
// tests of how a leaderboard loads page by page; and the way those tests tamper with the pages
// after the first on their way to the browser.
import type { Page, Route } from '@playwright/test';
import { loadSeeder } from '../../../../bench/leaderboard.js';
import type { Workspace } from './fixtures.js';
import { startWebHost, type WebHost } from './webHost.js';

/** Seeds `hypotheses` (two rounds of matches) into the test's data folder, starts the web host on it, runs `body`, stops the host. */
export async function withSeededBoard(workspace: Workspace, hypotheses: number, body: (host: WebHost) => Promise<void>): Promise<void> {
  const { seedTournament } = await loadSeeder();
  await seedTournament(workspace.dataDir, { hypotheses, rounds: 2, seed: 3 });
  const host = await startWebHost(workspace);
  try {
    await body(host);
  } finally {
    await host.stop();
  }
}

/** A call to the web host as the page posts it. */
export type InvokeBody = { route?: string; input?: { cursor?: string } } | null;

/**
 * Hands every board page after the first (one asked for with a cursor) to `tamper` while `active()`
 * holds; every other call, and those pages once `active()` no longer holds, go through unchanged.
 */
export async function tamperWithLaterPages(page: Page, active: () => boolean, tamper: (route: Route, body: NonNullable<InvokeBody>) => Promise<void>): Promise<void> {
  await page.route('**/api/invoke', async (route) => {
    const body = route.request().postDataJSON() as InvokeBody;
    if (active() && body?.route === 'leaderboard.page' && body.input?.cursor !== undefined) await tamper(route, body);
    else await route.continue();
  });
}

/** What a board page is asked for with. */
export interface BoardPageInput {
  limit?: number;
  next_limit?: number;
  cursor?: string;
}

/** Records the input of every board page the page asks for, in the order they are sent. */
export function recordBoardPages(page: Page): BoardPageInput[] {
  const inputs: BoardPageInput[] = [];
  page.on('request', (request) => {
    const body = request.postDataJSON() as { route?: string; input?: BoardPageInput } | null;
    if (body?.route === 'leaderboard.page' && body.input !== undefined) inputs.push(body.input);
  });
  return inputs;
}
