// The knowledge base in the GUI, through the real web host, research server and SQLite database:
// a scientist allows a folder, ingests it with progress, and searches it.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { AppPage } from './support/appPage.js';
import { describeFindings, seriousAxeFindings } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { REPO_ROOT } from './support/paths.js';
import { makePdf } from '../../unit/src-mcp/knowledge/pdfFixture.js';
import { connectKnowledgeAssistant } from './support/knowledgeAssistant.js';
import { openSession } from './support/researchRun.js';
import { testId } from './locators.js';

const CORPUS = path.join(REPO_ROOT, 'test', 'fixtures', 'knowledge', 'corpus');

/** The knowledge screen as a test sees it: locators by data-testid. */
class KnowledgePage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByTestId(testId.navKnowledge).click();
    await expect(this.page.getByTestId(testId.knowledgeView)).toBeVisible();
  }

  async createCollection(name: string): Promise<void> {
    await this.page.getByTestId(testId.knowledgeNewCollectionName).fill(name);
    await this.page.getByTestId(testId.knowledgeCreateCollection).click();
    await expect(this.page.getByTestId(testId.knowledgeCollectionName)).toHaveText(name);
  }

  get ingestPath(): Locator {
    return this.page.getByTestId(testId.knowledgeIngestPath);
  }

  get ingestStatus(): Locator {
    return this.page.getByTestId(testId.knowledgeIngestStatus);
  }

  async search(query: string): Promise<void> {
    await this.page.getByTestId(testId.knowledgeSearchInput).fill(query);
    await this.page.getByTestId(testId.knowledgeSearchInput).press('Enter');
  }

  get results(): Locator {
    return this.page.getByTestId(testId.knowledgeResult);
  }

  collectionItem(name: string): Locator {
    return this.page.getByTestId(testId.knowledgeCollectionItem).filter({ hasText: name });
  }

  async ingest(): Promise<void> {
    await this.page.getByTestId(testId.knowledgeIngestStart).click();
    await expect(this.page.getByTestId(testId.knowledgeIngestProgress)).toHaveAttribute('data-state', 'complete', { timeout: 20_000 });
  }
}

function writeFolder(folder: string): void {
  fs.cpSync(CORPUS, folder, { recursive: true });
  fs.writeFileSync(
    path.join(folder, 'review.pdf'),
    makePdf([[{ text: 'Senolytic therapy for liver fibrosis', size: 20 }, { text: 'Results', size: 14 }, { text: 'Dasatinib and quercetin lowered hydroxyproline.' }]]),
  );
}

/** A folder of papers written into the test's home (`name` below it), and the app open on the Knowledge section. */
async function openWithPapers(app: AppPage, url: string, home: string, name = 'papers'): Promise<{ folder: string; knowledge: KnowledgePage }> {
  const folder = path.join(home, name);
  writeFolder(folder);
  const knowledge = new KnowledgePage(app.page);
  await app.open(url);
  await knowledge.open();
  return { folder, knowledge };
}

test('adding literature is one flow: a folder typed once is allowed, ingested with progress, and the collection is linked to its project', async ({ app, page, webHost, workspace }) => {
  const folder = path.join(workspace.home, 'papers');
  writeFolder(folder);
  const assistant = await openSession(workspace.dataDir, 'claude-desktop');
  let researchId: string;
  try {
    researchId = String((await assistant.call('start_research', { goal: 'Find repurposable drugs that slow liver fibrosis progression' })).research_id);
  } finally {
    await assistant.close();
  }
  const knowledge = new KnowledgePage(page);
  await app.open(webHost.url);
  await knowledge.open();
  await expect(page.getByTestId(testId.knowledgeEmpty)).toContainText('No collections yet');
  await expect(page.getByTestId(testId.knowledgeRootsEmpty)).toContainText('A folder you add documents from is allowed here');

  // A project-specific collection is linked to its project from the form.
  await page.getByTestId(testId.knowledgeNewCollectionType).selectOption('project-specific');
  await page.getByTestId(testId.knowledgeNewCollectionProject).selectOption(researchId);
  const findings = await seriousAxeFindings(page, 'new project-specific collection');
  expect(findings, describeFindings(findings)).toEqual([]);
  await knowledge.createCollection('Liver fibrosis');
  await expect(page.getByTestId(testId.knowledgeCollectionStats)).toContainText('linked to Find repurposable drugs that slow liver fibrosis progression');
  await expect(page.getByTestId(testId.knowledgeDocumentsEmpty)).toContainText('Add a folder of papers above');
  await expect(page.getByTestId(testId.knowledgeDocumentsEmpty)).not.toContainText('augment_knowledge');
  await expect(page.getByTestId(testId.knowledgeAllowFolder)).toHaveCount(0);

  // A path that does not exist: said plainly, nothing allowed.
  await knowledge.ingestPath.fill(path.join(workspace.home, 'no-such-folder'));
  await page.getByTestId(testId.knowledgeIngestStart).click();
  await expect(page.getByTestId(testId.knowledgeIngestError)).toContainText('No documents were added');
  await expect(page.getByTestId(testId.knowledgeIngestError)).toContainText('There is no file or folder at');
  await expect(page.getByTestId(testId.knowledgeRootsEmpty)).toBeVisible();

  // The real folder: allowed by choosing it here, ingested with progress, in one click.
  await knowledge.ingestPath.fill(folder);
  await page.getByTestId(testId.knowledgeIngestStart).click();
  await expect(page.getByTestId(testId.knowledgeIngestProgress)).toHaveAttribute('data-state', 'complete', { timeout: 20_000 });
  await expect(page.getByTestId(testId.knowledgeRoot)).toContainText(fs.realpathSync(folder));
  // The collections and the allowed folders are stacked lists: no bullets, no box drawn around them.
  for (const list of [page.getByTestId(testId.knowledgeCollections), page.getByTestId(testId.knowledgeRoot).locator('xpath=..')]) {
    await expect(list).toHaveCSS('list-style-type', 'none');
    await expect(list).toHaveCSS('border-top-width', '0px');
    await expect(list).toHaveCSS('padding-left', '0px');
    await expect(list).toHaveCSS('row-gap', '8px');
  }
  await expect(knowledge.ingestStatus).toContainText('Done: 6/6 files — 5 added, 0 updated, 0 unchanged, 1 failed');
  await expect(page.getByTestId(testId.knowledgeIngestBar)).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId(testId.knowledgeIngestProblems)).toContainText('broken.txt');
  await expect(page.getByTestId(testId.knowledgeDocument)).toHaveCount(6);
  await expect(page.getByTestId(testId.knowledgeCollectionStats)).toContainText('6 documents');

  await knowledge.search('TGF-beta stellate cell activation');
  const top = knowledge.results.first();
  await expect(top.getByTestId(testId.knowledgeResultTitle)).toHaveText('Hepatic stellate cells in liver fibrosis');
  await expect(top).toContainText('Mechanisms > TGF-beta signalling');
  const marks = await top.getByTestId(testId.knowledgeMatch).allTextContents();
  expect(marks.map((mark) => mark.toLowerCase())).toEqual(expect.arrayContaining(['tgf', 'beta', 'activation', 'stellate']));
  await expect(page.getByTestId(testId.knowledgeRefinement)).toBeHidden();

  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results', 'knowledge.png'), fullPage: true });

  // Re-ingesting is cheap and changes nothing.
  await page.getByTestId(testId.knowledgeIngestStart).click();
  await expect(knowledge.ingestStatus).toContainText('Done: 6/6 files — 0 added, 0 updated, 5 unchanged');
});

test('a search that matches nothing explains why, and deleting a collection asks first', async ({ app, page, webHost, workspace }) => {
  const { folder, knowledge } = await openWithPapers(app, webHost.url, workspace.home);
  await knowledge.createCollection('Scratch');
  await knowledge.ingestPath.fill(folder);
  await page.getByTestId(testId.knowledgeIngestStart).click();
  await expect(page.getByTestId(testId.knowledgeIngestProgress)).toHaveAttribute('data-state', 'complete', { timeout: 20_000 });

  await knowledge.search('fibrossis');
  await expect(page.getByTestId(testId.knowledgeNoResults)).toBeVisible();
  await expect(page.getByTestId(testId.knowledgeRefinement)).toHaveAttribute('data-status', 'clarification_needed');
  await expect(page.getByTestId(testId.knowledgeRefinement)).toContainText('Try: fibrosis');

  await page.getByTestId(testId.knowledgeDelete).click();
  await expect(page.getByRole('alertdialog')).toContainText('Delete “Scratch” and its 6 documents');
  await page.getByTestId(testId.knowledgeDeleteConfirm).click();
  await expect(page.getByTestId(testId.knowledgeEmpty)).toBeVisible();
  await expect(page.getByTestId(testId.knowledgeRoot)).toHaveCount(1);
});

test('what an assistant adds to or removes from the knowledge base appears in the open GUI without a reload', async ({ app, page, webHost, workspace }) => {
  const { folder, knowledge } = await openWithPapers(app, webHost.url, workspace.home, 'project');
  await expect(page.getByTestId(testId.knowledgeEmpty)).toBeVisible();
  // Marks this page load: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));

  const assistant = await connectKnowledgeAssistant(workspace.dataDir, folder);
  try {
    // Pushed through the change feed: Claude's server → database → our server → host → page.
    await assistant.call('manage_collections', { action: 'create', collection_name: 'Assistant reading', collection_type: 'project-specific' });
    await expect(knowledge.collectionItem('Assistant reading')).toContainText('0 documents', { timeout: 5_000 });
    await expect(page.getByTestId(testId.knowledgeDocument)).toHaveCount(0);

    await assistant.call('ingest_documents', { path: folder, collection: 'Assistant reading', recursive: true });
    await expect(knowledge.collectionItem('Assistant reading')).toContainText('6 documents', { timeout: 5_000 });
    await expect(page.getByTestId(testId.knowledgeDocument)).toHaveCount(6);

    await assistant.call('augment_knowledge', {
      content: 'Galectin-3 inhibition reduced portal pressure in a phase 2 trial.',
      source: 'PMID:31234567',
      collection: 'Assistant reading',
      title: 'Galectin-3 inhibitor trial',
    });
    await expect(knowledge.collectionItem('Assistant reading')).toContainText('7 documents', { timeout: 5_000 });
    await expect(page.getByTestId(testId.knowledgeDocument).filter({ hasText: 'Galectin-3 inhibitor trial' })).toBeVisible();

    // Deleting the scientist's literature is theirs alone: the assistant is refused, nothing is lost.
    await expect(assistant.call('manage_collections', { action: 'delete', collection_name: 'Assistant reading' })).rejects.toThrow(/desktop app/);
    await expect(knowledge.collectionItem('Assistant reading')).toContainText('7 documents');
  } finally {
    await assistant.close();
  }
  expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
});

test('files deleted from a folder leave the collection when it is ingested again, and the summary says so', async ({ app, page, webHost, workspace }) => {
  const { folder, knowledge } = await openWithPapers(app, webHost.url, workspace.home);
  await knowledge.createCollection('Synced');
  await knowledge.ingestPath.fill(folder);
  await knowledge.ingest();
  await expect(page.getByTestId(testId.knowledgeDocument)).toHaveCount(6);

  fs.rmSync(path.join(folder, 'protocols'), { recursive: true });
  fs.rmSync(path.join(folder, 'references.bib'));
  fs.appendFileSync(path.join(folder, 'lab-notes.txt'), '\nDay 9: galectin-3 staining confirmed the activated phenotype.\n');
  await knowledge.ingest();

  await expect(knowledge.ingestStatus).toContainText('Done: 4/4 files — 0 added, 1 updated, 2 unchanged, 1 failed, 3 removed (files no longer in the folder)');
  await expect(page.getByTestId(testId.knowledgeDocument)).toHaveCount(3);
  await expect(page.getByTestId(testId.knowledgeCollectionStats)).toContainText('3 documents');
  await knowledge.search('organoid');
  await expect(page.getByTestId(testId.knowledgeNoResults)).toBeVisible();
});

test('in a browser there is no dead folder-picker button: the path is typed, and a dropped folder is explained', async ({ app, page, webHost }) => {
  const knowledge = new KnowledgePage(page);
  await app.open(webHost.url);
  await knowledge.open();
  await knowledge.createCollection('Typed');

  await expect(page.getByTestId(testId.knowledgePickerUnavailable)).toContainText('Type (or paste) the folder path');
  await expect(page.getByTestId(testId.knowledgePickFolder)).toHaveCount(0);
  await expect(knowledge.ingestPath).toBeEditable();

  // A browser never reveals where a dropped folder is; the form says so and keeps what was typed.
  await knowledge.ingestPath.fill('/typed/by/hand');
  await page.getByTestId(testId.knowledgeIngest).evaluate((form) => {
    const data = new DataTransfer();
    data.items.add(new File(['# Notes'], 'notes.md', { type: 'text/markdown' }));
    form.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    form.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await expect(page.getByTestId(testId.knowledgeDropProblem)).toContainText('A web browser does not tell Co-Scientist where a dropped folder is');
  await expect(knowledge.ingestPath).toHaveValue('/typed/by/hand');
});
