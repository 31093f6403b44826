// Research projects in the GUI, driven through the real web host, the real research servers and
// a shared SQLite database: what a scientist sees when an assistant or they themselves start research.
import path from 'node:path';
import { connectAssistant } from './support/assistant.js';
import { expect, test } from './support/fixtures.js';
import { REPO_ROOT } from './support/paths.js';

test('a project an assistant starts appears in the open GUI without a reload', async ({ app, page, webHost, workspace }) => {
  await app.open(webHost.url);
  await expect(app.serverState).toHaveAttribute('data-state', 'ready');
  await expect(app.emptyState).toContainText('Ask Claude');
  // The access token is moved out of the address bar as soon as the page has it.
  expect(new URL(page.url()).searchParams.has('token')).toBe(false);

  const assistant = await connectAssistant(workspace.dataDir);
  const goal = 'Identify repurposable drugs that slow liver fibrosis progression';
  let started;
  try {
    started = await assistant.startResearch({ goal, domain: 'Pharmacology', hypothesis_count: 12 });
  } finally {
    await assistant.close();
  }

  // Pushed through the change feed: Claude's server → database → our server → host → page.
  const item = app.projectItem(goal);
  await expect(item).toBeVisible({ timeout: 5_000 });
  await expect(item.getByTestId('project-status')).toHaveText('Initializing');
  await expect(item.getByTestId('project-domain')).toHaveText('pharmacology');
  await expect(item.getByTestId('project-hypotheses')).toHaveText('12 hypotheses');
  await expect(item.getByTestId('project-progress')).toHaveAttribute('aria-valuenow', '0');
  await expect(item.getByTestId('project-created')).toHaveText(/just now|second|minute/);
  await expect(app.emptyState).toBeHidden();

  await item.click();
  await expect(app.detail).toBeVisible();
  await expect(app.detailField('goal')).toHaveText(goal);
  await expect(app.detailField('research-id')).toHaveText(started.research_id);
  await expect(app.detailField('status')).toHaveText('Initializing');
  await expect(app.detailField('domain')).toHaveText('pharmacology');
  await expect(app.detailField('hypothesis-count')).toHaveText('12');
  await expect(app.detailField('generated')).toHaveText('0');
  await expect(app.detailField('reviewed')).toHaveText('0');
  await expect(app.detailField('in-tournament')).toHaveText('0');
  await expect(app.detailField('created-by')).toHaveText('claude-desktop');
  await expect(app.detailField('progress')).toHaveText('0% complete');
  await expect(app.detailField('estimated-completion')).toHaveText(/^about \d+ h( \d+ min)?$|^about \d+ min$/);
  await expect(app.detailField('top-hypothesis')).toContainText('None yet');

  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'projects-live.png') });
});

test('a scientist starts research with the New research form', async ({ app, webHost }) => {
  await app.open(webHost.url);
  const goal = 'Explain why perovskite solar cells degrade under humid conditions';

  await app.startResearchFromForm({ goal, domain: 'Materials science', budget: 5 });

  // The new project opens at once and joins the list.
  await expect(app.detailField('goal')).toHaveText(goal);
  await expect(app.detailField('domain')).toHaveText('materials science');
  await expect(app.detailField('hypothesis-count')).toHaveText('5');
  await expect(app.detailField('created-by')).toHaveText('desktop');
  await expect(app.page.getByTestId('new-research-form')).toBeHidden();
  await expect(app.projectItem(goal)).toHaveAttribute('aria-current', 'true');
  await expect(app.page.getByTestId('project-count')).toHaveText('1');
});

test('the New research form shows the server’s reason when it refuses a goal', async ({ app, webHost }) => {
  await app.open(webHost.url);

  await app.startResearchFromForm({ goal: 'Fibrosis' });

  const error = app.page.getByTestId('new-research-error');
  await expect(error).toBeVisible();
  await expect(error.getByTestId('new-research-error-message')).toContainText('too short');
  await expect(app.page.getByTestId('new-research-form')).toBeVisible();
  await expect(app.emptyState).toBeVisible();
});

test('a page opened without the access token explains how to get in', async ({ page, webHost }) => {
  await page.goto(`${webHost.origin}/`);

  await expect(page.locator('[data-app-state="error"]')).toBeVisible();
  await expect(page.getByTestId('projects-error')).toContainText('not authorised');
});
