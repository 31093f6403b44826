// Delete and undo are exact and durable (issue 18, item 10): a deleted project neither comes back
// nor is lost because the window closed or the host exited inside the undo window. The real web
// host is stopped and started again on the same data folder; an assistant's server looks on.
import { expect, test } from './support/fixtures.js';
import { AppPage } from './support/appPage.js';
import { connectResearchAssistant, connectScientistShortcut } from './support/researchAssistant.js';
import { startWebHost, type WebHost } from './support/webHost.js';
import { testId } from './locators.js';
import { UNDO_WINDOW_ENV } from '../../../src-shared/serverEnvironment.js';

const KEPT = 'Explain why perovskite solar cells degrade under humidity';
const DOOMED = 'Identify drug repurposing candidates for acute myeloid leukaemia';

/** Long enough for two host restarts on a loaded machine; short enough to wait out. */
const LONG_WINDOW = { [UNDO_WINDOW_ENV]: '60' };
const SHORT_WINDOW = { [UNDO_WINDOW_ENV]: '3' };

test.describe('with a 60-second undo window', () => {
  // The first deletes must outlast two restarts of the host even on a loaded machine; the last one
  // is made by a host with a short window, which the test then waits out.
  test.use({ hostEnv: LONG_WINDOW });

  test('a delete survives closing the app inside the undo window; undo after a restart restores the project; after the window it is gone for good', async ({ app, page, webHost, workspace, browser }) => {
    test.setTimeout(90_000);
    await app.open(webHost.url);
    const assistant = await connectResearchAssistant(workspace.dataDir);
    const hosts: WebHost[] = [];
    const restartHost = async (current: WebHost, env: Record<string, string>): Promise<{ host: WebHost; app: AppPage }> => {
      await current.stop();
      const host = await startWebHost({ ...workspace, env });
      hosts.push(host);
      const next = new AppPage(await browser.newPage());
      await next.open(host.url);
      return { host, app: next };
    };
    const total = async (): Promise<number> => (await assistant.call('list_research_projects', {})).total as number;
    try {
      await assistant.startResearch(KEPT, 4);
      await assistant.startResearch(DOOMED, 4);
      await expect(page.getByTestId(testId.projectCount)).toHaveText('2');

      await app.projectItem(DOOMED).click();
      await page.getByTestId(testId.deleteProject).click();
      await expect(page.getByTestId(testId.deleteToast)).toContainText(`Deleted “${DOOMED}”`);
      // Gone for the assistants too, at once: it is in the trash, not waiting in this page.
      await expect.poll(total).toBe(1);
      // The host passed the window on to its server: the project can be restored for a minute.
      expect(Date.parse(await purgeTime(workspace.dataDir)) - Date.now()).toBeGreaterThan(30_000);

      // The window closes and the host exits inside the undo window.
      await page.close();
      let current = await restartHost(webHost, LONG_WINDOW);
      await expect(current.app.projectItem(KEPT)).toBeVisible();
      await expect(current.app.projectItem(DOOMED)).toHaveCount(0);
      // The undo offer comes back for the time that is left, and it still works.
      await expect(current.app.page.getByTestId(testId.deleteToast)).toContainText(`Deleted “${DOOMED}”`);
      await current.app.page.getByTestId(testId.deleteToastAction).click();
      await expect(current.app.projectItem(DOOMED)).toBeVisible();
      await expect.poll(total).toBe(2);

      // The undo is as durable as the delete: another restart keeps the project.
      current = await restartHost(current.host, SHORT_WINDOW);
      await expect(current.app.projectItem(DOOMED)).toBeVisible();
      await expect(current.app.page.getByTestId(testId.deleteToast)).toHaveCount(0);

      // Deleted again and the app closed at once: after the window it is gone for good, and the
      // next start neither shows it nor offers an undo.
      await current.app.projectItem(DOOMED).click();
      await current.app.page.getByTestId(testId.deleteProject).click();
      await expect(current.app.page.getByTestId(testId.deleteToast)).toBeVisible();
      const overview = await purgeTime(workspace.dataDir);
      const purgeAfter = Date.parse(overview);
      await current.app.page.close();
      await current.host.stop();
      await expect.poll(() => Date.now() > purgeAfter, { timeout: 15_000 }).toBe(true);
      const host = await startWebHost({ ...workspace, env: SHORT_WINDOW });
      hosts.push(host);
      const last = new AppPage(await browser.newPage());
      await last.open(host.url);
      await expect(last.projectItem(KEPT)).toBeVisible();
      await expect(last.projectItem(DOOMED)).toHaveCount(0);
      await expect(last.page.getByTestId(testId.deleteToast)).toHaveCount(0);
      await expect(last.page.getByTestId(testId.projectCount)).toHaveText('1');
      await expect.poll(total).toBe(1);
    } finally {
      await assistant.close();
      await Promise.all(hosts.map((host) => host.stop()));
    }
  });
});

/** When the trashed project is purged, read by a desktop-client server of its own. */
async function purgeTime(dataDir: string): Promise<string> {
  const scientist = await connectScientistShortcut(dataDir);
  try {
    const overview = await scientist.call('list_project_overview', {});
    const [entry] = overview.trashed as Array<{ purge_after: string }>;
    if (entry === undefined) throw new Error('the deleted project is not in the trash');
    return entry.purge_after;
  } finally {
    await scientist.close();
  }
}

test('undo in another window wins: the first window’s toast running out does not purge a restored project', async ({ app, page, webHost, workspace, browser }) => {
  test.setTimeout(60_000);
  await app.open(webHost.url);
  const assistant = await connectResearchAssistant(workspace.dataDir);
  const other = new AppPage(await browser.newPage());
  try {
    await assistant.startResearch(KEPT, 4);
    await assistant.startResearch(DOOMED, 4);
    await other.open(webHost.url);
    await expect(other.projectItem(DOOMED)).toBeVisible();

    await app.projectItem(DOOMED).click();
    await page.getByTestId(testId.deleteProject).click();
    await expect(page.getByTestId(testId.deleteToast)).toBeVisible();
    // The other window learns of the delete and offers the same undo.
    await expect(other.projectItem(DOOMED)).toHaveCount(0);
    await expect(other.page.getByTestId(testId.deleteToast)).toContainText(`Deleted “${DOOMED}”`);
    await other.page.getByTestId(testId.deleteToastAction).click();
    await expect(other.projectItem(DOOMED)).toBeVisible();

    // The first window's toast runs out; the project stays, in both windows and for the assistant.
    await expect(page.getByTestId(testId.deleteToast)).toBeHidden({ timeout: 15_000 });
    await expect(app.projectItem(DOOMED)).toBeVisible();
    await expect.poll(async () => (await assistant.call('list_research_projects', {})).total).toBe(2);
    await other.page.reload();
    await expect(other.projectItem(DOOMED)).toBeVisible();
  } finally {
    await Promise.all([assistant.close(), other.page.close()]);
  }
});
