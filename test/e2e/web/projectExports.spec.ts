// Research inputs and outputs in the app (issue 18 item 13): objectives, constraints and
// preferences typed in New research reach the project's plan; the scientist's own hypothesis
// carries its citations; a project's results download in every format the server exports (its
// own export code), and only what can work is offered.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { describeFindings, seriousAxeFindings } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { ControlRoom } from './support/controlRoom.js';
import { openSession, runResearchToCompletion } from './support/researchRun.js';
import { testId } from './locators.js';
import { fileNameDate } from '../../../src-main/host/exportFileName.js';

async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(button).click()]);
  return { name: file.suggestedFilename(), text: fs.readFileSync(await file.path(), 'utf8') };
}

test('New research takes objectives, constraints and preferences, one per line, and the project’s plan shows them', async ({ app, page, webHost }) => {
  await app.open(webHost.url);
  await page.getByTestId(testId.newResearchButton).click();
  const form = page.getByTestId(testId.newResearchForm);
  await form.getByTestId(testId.newResearchGoal).fill('Find repurposable drugs that slow liver fibrosis progression');
  await form.getByTestId(testId.newResearchPlan).locator('summary').click();
  await form.getByTestId(testId.newResearchObjectives).fill('- Rank approved drugs by their effect on stellate-cell activation\n\n2. Name a biomarker for each candidate');
  await form.getByTestId(testId.newResearchConstraints).fill('Testable in mouse models within 6 months');
  await form.getByTestId(testId.newResearchPreferences).fill('Favour oral drugs');
  const findings = await seriousAxeFindings(page, 'new research with its plan');
  expect(findings, describeFindings(findings)).toEqual([]);
  await form.getByTestId(testId.newResearchSubmit).click();

  const plan = page.getByTestId(testId.detailPlan);
  await expect(plan).toContainText('Rank approved drugs by their effect on stellate-cell activation');
  await expect(plan).toContainText('Name a biomarker for each candidate');
  await expect(plan).not.toContainText('2. Name');
  await expect(plan).toContainText('Testable in mouse models within 6 months');
  await expect(plan).toContainText('Favour oral drugs');
});

test('a project’s results download as report, NIH aims, Markdown, JSON and BibTeX; one without hypotheses offers none', async ({ app, page, webHost, workspace }) => {
  const assistant = await openSession(workspace.dataDir, 'claude-desktop');
  const desktop = await openSession(workspace.dataDir, 'desktop');
  const done = 'Identify repurposable drugs that slow liver fibrosis progression';
  const running = 'Explain why perovskite solar cells degrade under humid conditions';
  try {
    await runResearchToCompletion(assistant, desktop, { goal: done, hypotheses: 3 });
    await assistant.call('start_research', { goal: running });
  } finally {
    await Promise.all([assistant.close(), desktop.close()]);
  }

  await app.open(webHost.url);
  const room = new ControlRoom(page);
  // A project without hypotheses has nothing to export, and says so instead of offering buttons that fail.
  await room.openProject(running);
  await page.getByTestId(testId.exportProject).click();
  await expect(page.getByTestId(testId.exportMenu).getByRole('button')).toHaveCount(0);
  await expect(page.getByTestId(testId.exportWhenCompleted)).toContainText('Nothing to export yet');

  await room.openProject(done);
  await page.getByTestId(testId.exportProject).click();
  await expect(page.getByTestId(testId.exportWhenCompleted)).toHaveCount(0);
  const findings = await seriousAxeFindings(page, 'export menu');
  expect(findings, describeFindings(findings)).toEqual([]);
  // Named after the project's goal and the day (issue 33 item 15), not its opaque id.
  const named = `identify-repurposable-drugs-that-slow-liver-fibrosis-${fileNameDate(new Date())}`;
  const report = await download(page, 'export-report');
  expect(report.name).toBe(`${named}-report.md`);
  expect(report.text).toContain(done);
  const aims = await download(page, 'export-nih_aims');
  expect(aims.name).toBe(`${named}-nih-aims.md`);
  expect(aims.text).toMatch(/Specific Aims/i);
  const markdown = await download(page, 'export-markdown');
  expect(markdown.name).toBe(`${named}.md`);
  expect(markdown.text).toContain(done);
  const json = await download(page, 'export-json');
  expect(json.name).toBe(`${named}.json`);
  const document = JSON.parse(json.text) as { hypotheses: unknown[] };
  expect(document.hypotheses.length).toBeGreaterThanOrEqual(3);
  const bibtex = await download(page, 'export-bibtex');
  expect(bibtex.name).toBe(`${named}.bib`);
  await expect(page.getByTestId(testId.exportDone)).toHaveText(`Saved ${named}.bib.`);
});

test('the scientist’s own hypothesis carries the citations typed with it, each identifier in its field', async ({ app, page, webHost, workspace }) => {
  const assistant = await openSession(workspace.dataDir, 'claude-desktop');
  const goal = 'Identify repurposable drugs that slow liver fibrosis progression';
  try {
    await assistant.call('start_research', { goal });
  } finally {
    await assistant.close();
  }
  await app.open(webHost.url);
  const room = new ControlRoom(page);
  const form = await room.openAddHypothesisForm(goal);
  await room.fillOwnHypothesis(form, [
    { title: 'BRD4 bookmarks fibrogenic super-enhancers in stellate cells', source: 'https://doi.org/10.1016/j.cell.2015.04.011', year: '2015' },
    { title: 'JQ1 in liver fibrosis', source: 'PMID: 25959826' },
  ]);
  const findings = await seriousAxeFindings(page, 'add hypothesis with citations');
  expect(findings, describeFindings(findings)).toEqual([]);
  await room.submitHypothesis(form);
  const citations = room.hypothesis.getByTestId(testId.citation);
  await expect(citations).toHaveCount(2);
  await expect(citations.nth(0)).toContainText('BRD4 bookmarks fibrogenic super-enhancers in stellate cells');
  await expect(citations.nth(0)).toContainText('2015');
  await expect(citations.nth(0)).toContainText('10.1016/j.cell.2015.04.011');
  await expect(citations.nth(1)).toContainText('25959826');
  // Nothing in this project's knowledge base backs them: marked unverified, as an assistant's would be.
  await expect(citations.nth(0)).toHaveAttribute('data-verified', 'false');
});
