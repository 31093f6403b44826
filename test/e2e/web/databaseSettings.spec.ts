// Settings → Research database (issue 30): the scientist moves this computer's research to a
// PostgreSQL database and back in the GUI. A URL Co-Scientist cannot use is refused with its reason
// and changes nothing; a switch shows the other database's projects at once (no answer cached from
// the first survives). Real parts: the web host and its server, the run's PostgreSQL cluster.
import path from 'node:path';
import { expect, test } from './support/fixtures.js';
import { ControlRoom } from './support/controlRoom.js';
import { testId } from './locators.js';
import { createTestDatabase, dropTestDatabase, postgresUnavailableReason } from '../../support/postgresAdmin.js';

const GOAL = 'Does the research in the file stay where it was?';

test('a URL Co-Scientist cannot use is refused with its reason and changes nothing', async ({ app, page, webHost, workspace, servers }) => {
  await (await servers.assistant()).call('start_research', { goal: GOAL });
  const room = new ControlRoom(page);
  await app.open(webHost.url);
  await room.openSettings();
  const current = page.getByTestId(testId.databaseCurrent);
  await expect(current).toContainText(path.join(workspace.dataDir, 'co-scientist.db'));

  await page.getByTestId(testId.databaseUrl).fill('mysql://lab.example/cosci');
  await page.getByTestId(testId.databaseUse).click();
  await expect(page.getByTestId(testId.databaseChangeError)).toContainText('scheme "mysql"');
  await expect(current).toContainText('co-scientist.db');
  await room.openProjects();
  await expect(page.getByTestId(testId.projectItem).filter({ hasText: GOAL })).toBeVisible();
});

const unavailable = postgresUnavailableReason();

test('the research moves to a PostgreSQL database and back, each side showing its own projects', async ({ app, page, webHost, servers }) => {
  test.skip(unavailable !== undefined, unavailable);
  const url = await createTestDatabase('gui_choice');
  try {
    await (await servers.assistant()).call('start_research', { goal: GOAL });
    const room = new ControlRoom(page);
    await app.open(webHost.url);
    await room.openProjects();
    await expect(page.getByTestId(testId.projectItem).filter({ hasText: GOAL })).toBeVisible();

    await room.openSettings();
    await page.getByTestId(testId.databaseUrl).fill(url);
    await page.getByTestId(testId.databaseUse).click();
    await expect(page.getByTestId(testId.databaseCurrent)).toContainText(`PostgreSQL at ${url}`);
    await room.openProjects();
    await expect(page.getByTestId(testId.projectItem)).toHaveCount(0);

    await room.openSettings();
    await page.getByTestId(testId.databaseUseFile).click();
    await expect(page.getByTestId(testId.databaseCurrent)).toContainText('co-scientist.db');
    await room.openProjects();
    await expect(page.getByTestId(testId.projectItem).filter({ hasText: GOAL })).toBeVisible();
  } finally {
    await dropTestDatabase(url);
  }
});
