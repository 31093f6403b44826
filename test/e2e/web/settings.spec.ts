// Settings: the theme and the default checkpoint policy, kept by the host in the data folder.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures.js';
import { ControlRoom } from './support/controlRoom.js';
import { REPO_ROOT } from './support/paths.js';
import { appState, testId, testIdOf } from './locators.js';

test('the theme the scientist picks is applied at once and kept across a reload', async ({ app, page, webHost, workspace }) => {
  const room = new ControlRoom(page);
  await app.open(webHost.url);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'system');
  await room.openSettings();
  await expect(page.getByTestId(testId.themeSystem)).toBeChecked();
  await expect(page.getByTestId(testId.settingsDataDir)).toHaveText(workspace.dataDir);

  await page.getByTestId(testId.themeDark).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // Dark means dark whatever the OS says (Chromium here runs light).
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(17, 20, 24)');
  await expect.poll(() => readSettings(workspace.dataDir)?.theme).toBe('dark');
  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'settings-dark.png') });

  await page.reload();
  await expect(page.locator(appState('ready'))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await room.openSettings();
  await expect(page.getByTestId(testId.themeDark)).toBeChecked();

  await page.getByTestId(testId.themeLight).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(245, 246, 248)');
});

test('the default checkpoint policy is what research started in the app pauses at', async ({ app, page, webHost, workspace }) => {
  const room = new ControlRoom(page);
  await app.open(webHost.url);
  await room.openSettings();
  await page.getByTestId(testIdOf.settingsPause('evolution_plan')).uncheck();
  await expect(page.getByTestId(testId.settingsSaved)).toBeVisible();
  await page.getByTestId(testIdOf.settingsPause('final_report')).uncheck();
  await expect.poll(() => readSettings(workspace.dataDir)?.default_pause_at).toEqual(['research_plan', 'hypothesis_batch']);
  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'settings.png') });

  await room.openProjects();
  await page.getByTestId(testId.newResearchButton).click();
  const form = page.getByTestId(testId.newResearchForm);
  await expect(form.getByTestId(testIdOf.newResearchPause('research_plan'))).toBeChecked();
  await expect(form.getByTestId(testIdOf.newResearchPause('evolution_plan'))).not.toBeChecked();
  // This project only: skip the research plan too.
  await form.getByTestId(testIdOf.newResearchPause('research_plan')).uncheck();
  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'new-research-form.png') });
  await form.getByTestId(testId.newResearchGoal).fill('Explain why perovskite solar cells degrade under humidity');
  await form.getByTestId(testId.newResearchSubmit).click();

  await expect(page.getByTestId(testId.detailPauseAt)).toHaveText('Pauses for your decision at: New hypotheses and safety reviews.');
  // The plan was approved by the policy, so the project went straight to generating hypotheses.
  await expect(app.detailField('status')).toHaveText('Active');
  await expect(room.inboxCount).toBeHidden();
});

function readSettings(dataDir: string): { theme?: string; default_pause_at?: string[] } | undefined {
  const file = path.join(dataDir, 'desktop-settings.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { theme?: string; default_pause_at?: string[] }) : undefined;
}
