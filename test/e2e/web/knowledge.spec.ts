// The knowledge base in the GUI, through the real web host, research server and SQLite database:
// a scientist allows a folder, ingests it with progress, and searches it.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { REPO_ROOT } from './support/paths.js';
import { makePdf } from '../../unit/knowledge/pdfFixture.js';

const CORPUS = path.join(REPO_ROOT, 'test', 'fixtures', 'knowledge', 'corpus');

/** The knowledge screen as a test sees it: locators by data-testid. */
class KnowledgePage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByTestId('nav-knowledge').click();
    await expect(this.page.getByTestId('knowledge-view')).toBeVisible();
  }

  async createCollection(name: string): Promise<void> {
    await this.page.getByTestId('knowledge-new-collection-name').fill(name);
    await this.page.getByTestId('knowledge-create-collection').click();
    await expect(this.page.getByTestId('knowledge-collection-name')).toHaveText(name);
  }

  get ingestPath(): Locator {
    return this.page.getByTestId('knowledge-ingest-path');
  }

  get ingestStatus(): Locator {
    return this.page.getByTestId('knowledge-ingest-status');
  }

  async search(query: string): Promise<void> {
    await this.page.getByTestId('knowledge-search-input').fill(query);
    await this.page.getByTestId('knowledge-search-input').press('Enter');
  }

  get results(): Locator {
    return this.page.getByTestId('knowledge-result');
  }
}

function writeFolder(folder: string): void {
  fs.cpSync(CORPUS, folder, { recursive: true });
  fs.writeFileSync(
    path.join(folder, 'review.pdf'),
    makePdf([[{ text: 'Senolytic therapy for liver fibrosis', size: 20 }, { text: 'Results', size: 14 }, { text: 'Dasatinib and quercetin lowered hydroxyproline.' }]]),
  );
}

test('a scientist allows a folder, ingests it with progress, and finds highlighted passages', async ({ app, page, webHost, workspace }) => {
  const folder = path.join(workspace.home, 'papers');
  writeFolder(folder);
  const knowledge = new KnowledgePage(page);
  await app.open(webHost.url);
  await knowledge.open();
  await expect(page.getByTestId('knowledge-empty')).toContainText('No collections yet');
  await expect(page.getByTestId('knowledge-roots-empty')).toBeVisible();

  await knowledge.createCollection('Liver fibrosis');
  await expect(page.getByTestId('knowledge-documents-empty')).toBeVisible();

  // Not allowed yet: the server refuses, and the GUI says what to do.
  await knowledge.ingestPath.fill(folder);
  await page.getByTestId('knowledge-ingest-start').click();
  await expect(page.getByTestId('knowledge-ingest-error')).toContainText('Co-Scientist may not read this folder yet');

  await page.getByTestId('knowledge-allow-folder').click();
  await expect(page.getByTestId('knowledge-root')).toContainText(fs.realpathSync(folder));
  await page.getByTestId('knowledge-ingest-start').click();
  await expect(page.getByTestId('knowledge-ingest-progress')).toHaveAttribute('data-state', 'complete', { timeout: 20_000 });
  await expect(knowledge.ingestStatus).toContainText('Done: 6/6 files — 5 added, 0 updated, 0 unchanged, 1 failed');
  await expect(page.getByTestId('knowledge-ingest-bar')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('knowledge-ingest-problems')).toContainText('broken.txt');
  await expect(page.getByTestId('knowledge-document')).toHaveCount(6);
  await expect(page.getByTestId('knowledge-collection-stats')).toContainText('6 documents');

  await knowledge.search('TGF-beta stellate cell activation');
  const top = knowledge.results.first();
  await expect(top.getByTestId('knowledge-result-title')).toHaveText('Hepatic stellate cells in liver fibrosis');
  await expect(top).toContainText('Mechanisms > TGF-beta signalling');
  const marks = await top.getByTestId('knowledge-match').allTextContents();
  expect(marks.map((mark) => mark.toLowerCase())).toEqual(expect.arrayContaining(['tgf', 'beta', 'activation', 'stellate']));
  await expect(page.getByTestId('knowledge-refinement')).toBeHidden();

  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'knowledge.png'), fullPage: true });

  // Re-ingesting is cheap and changes nothing.
  await page.getByTestId('knowledge-ingest-start').click();
  await expect(knowledge.ingestStatus).toContainText('Done: 6/6 files — 0 added, 0 updated, 5 unchanged');
});

test('a search that matches nothing explains why, and deleting a collection asks first', async ({ app, page, webHost, workspace }) => {
  const folder = path.join(workspace.home, 'papers');
  writeFolder(folder);
  const knowledge = new KnowledgePage(page);
  await app.open(webHost.url);
  await knowledge.open();
  await knowledge.createCollection('Scratch');
  await knowledge.ingestPath.fill(folder);
  await page.getByTestId('knowledge-allow-folder').click();
  await expect(page.getByTestId('knowledge-allow-status')).toContainText('Allowed');
  await page.getByTestId('knowledge-ingest-start').click();
  await expect(page.getByTestId('knowledge-ingest-progress')).toHaveAttribute('data-state', 'complete', { timeout: 20_000 });

  await knowledge.search('fibrossis');
  await expect(page.getByTestId('knowledge-no-results')).toBeVisible();
  await expect(page.getByTestId('knowledge-refinement')).toHaveAttribute('data-status', 'clarification_needed');
  await expect(page.getByTestId('knowledge-refinement')).toContainText('Try: fibrosis');

  await page.getByTestId('knowledge-delete').click();
  await expect(page.getByRole('alertdialog')).toContainText('Delete “Scratch” and its 6 documents');
  await page.getByTestId('knowledge-delete-confirm').click();
  await expect(page.getByTestId('knowledge-empty')).toBeVisible();
  await expect(page.getByTestId('knowledge-root')).toHaveCount(1);
});
