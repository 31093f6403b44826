// Citations with their papers (issue 33 items 8 and 9): a citation that resolves to a knowledge-base
// document reads as that paper — authors, year, title, venue, DOI — as the exports print it, and its
// link lands on the document, scrolled into view, highlighted, its details open. Every hypothesis
// citing a source can be opened, however many; a document row opens its details. Real web host,
// real servers, a real ingested folder.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { describeFindings, seriousAxeFindings } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { testId } from './locators.js';
import { ControlRoom } from './support/controlRoom.js';
import { connectScientistShortcut, type McpSide } from './support/researchAssistant.js';
import { hypothesisDraft } from '../../support/fakeAssistant.js';

const GOAL = 'Find novel therapeutic targets for liver fibrosis';
const PAPER = 'Doe, J.; Roe, R. (2021). Regulator R900 in hepatic stellate cells. Journal of Hepatology.';
const CITING = 12;

let desktop: McpSide | undefined;
test.afterEach(async () => {
  await desktop?.close();
  desktop = undefined;
});

/** A collection holding a .bib paper (with its metadata) and a note; `CITING` hypotheses cite the paper by DOI under a placeholder title. */
async function stage(home: string, dataDir: string): Promise<{ researchId: string; hypothesisIds: string[] }> {
  const library = path.join(home, 'library');
  fs.mkdirSync(library, { recursive: true });
  fs.writeFileSync(
    path.join(library, 'references.bib'),
    '@article{doe2021r900,\n  title = {Regulator R900 in hepatic stellate cells},\n  author = {Doe, Jane and Roe, Richard},\n  year = {2021},\n  journal = {Journal of Hepatology},\n  doi = {10.1000/r900},\n  abstract = {Regulator R900 drives stellate cell activation and collagen deposition in fibrotic liver.}\n}\n',
  );
  fs.writeFileSync(path.join(library, 'matrix.md'), '# Matrix stiffness and stellate cells\n\nA stiffer extracellular matrix keeps stellate cells activated and collagen high.\n');
  desktop = await connectScientistShortcut(dataDir);
  await desktop.call('manage_knowledge_roots', { action: 'add', path: library });
  await desktop.call('manage_collections', { action: 'create', collection_name: 'Fibrosis', collection_type: 'fundamental' });
  await desktop.call('ingest_documents', { path: library, collection: 'Fibrosis', recursive: true });
  const researchId = (await desktop.call('start_research', { goal: GOAL })).research_id as string;
  // The project read the paper, so citing it is verified.
  await desktop.call('query_knowledge_base', { query: 'regulator R900 stellate', collections: 'Fibrosis', research_id: researchId });
  const hypothesisIds: string[] = [];
  for (let variant = 1; variant <= CITING; variant += 1) {
    const draft = { ...hypothesisDraft(900 + variant), citations: [{ title: 'Found in the knowledge base', doi: '10.1000/r900' }] };
    hypothesisIds.push((await desktop.call('add_hypothesis', { research_id: researchId, hypothesis: draft })).hypothesis_id as string);
  }
  return { researchId, hypothesisIds };
}

async function expectNoAxeFindings(page: Page, view: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    // Without motion: a colour transition caught halfway is not what the scientist reads.
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const findings = await seriousAxeFindings(page, `${view}, ${colorScheme}`);
    expect(findings, describeFindings(findings)).toEqual([]);
  }
}

test('a verified citation reads as its paper, and its link lands on the document with its details open', async ({ app, page, webHost, workspace }) => {
  test.setTimeout(240_000);
  await stage(workspace.home, workspace.dataDir);
  for (const width of [1440, 800]) {
    await page.setViewportSize({ width, height: 800 });
    await app.open(webHost.url);
    const room = new ControlRoom(page);
    await room.openFirstHypothesis(GOAL);
    const citation = page.getByTestId(testId.citation).first();
    await expect(citation.getByTestId(testId.citationPaper)).toHaveText(PAPER);
    await expect(citation).toHaveAttribute('data-verified', 'true');
    await expect(citation.getByRole('link', { name: 'doi:10.1000/r900' })).toBeVisible();
    await expectNoAxeFindings(page, `verified citation at ${width} px`);

    await citation.getByTestId(testId.citationDocument).click();
    await expect(page).toHaveURL(/#\/knowledge\?document=doc_/);
    const landed = page.getByTestId(testId.knowledgeDocument).filter({ has: page.getByTestId(testId.knowledgeDocumentDetail) });
    await expect(landed).toHaveCount(1);
    await expect(landed).toBeInViewport();
    await expect(landed).toHaveClass(/is-open/);
    await expect(landed.getByTestId(testId.knowledgeDocumentOpen)).toHaveAttribute('aria-expanded', 'true');
    await expect(landed.getByTestId(testId.knowledgeDocumentPaper)).toContainText(PAPER);
    await expect(landed.getByTestId(testId.knowledgeDocumentPaper)).toContainText('doi:10.1000/r900');
    await expect(landed.getByTestId(testId.knowledgeDocumentCitedBy)).toContainText(`Cited by ${CITING} hypotheses`);
    await expectNoAxeFindings(page, `document landed on at ${width} px`);
  }
});

test('every hypothesis citing a source can be opened, and a document row opens its details', async ({ app, page, webHost, workspace }) => {
  test.setTimeout(240_000);
  const { hypothesisIds } = await stage(workspace.home, workspace.dataDir);
  await app.open(webHost.url);
  await page.getByTestId(testId.navKnowledge).click();
  await page.getByTestId(testId.knowledgeSearchInput).fill('regulator R900 stellate');
  await page.getByTestId(testId.knowledgeSearchInput).press('Enter');
  const result = page.getByTestId(testId.knowledgeResult).filter({ hasText: 'Regulator R900 in hepatic stellate cells' }).first();
  // Ten are listed under the result; the rest are one click away.
  await expect(result.getByTestId(testId.knowledgeCitedHypothesis)).toHaveCount(10);
  await result.getByTestId(testId.knowledgeCitedMore).click();
  const detail = page.getByTestId(testId.knowledgeDocumentDetail);
  await expect(detail).toBeInViewport();
  const citing = detail.getByTestId(testId.knowledgeCitedHypothesis);
  await expect(citing).toHaveCount(CITING);
  const last = hypothesisIds[CITING - 1] as string;
  await detail.locator(`[data-hypothesis-id="${last}"]`).click();
  await expect(page.getByTestId(testId.hypothesisPanel)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`hypothesis=${last}`));
  await expectNoAxeFindings(page, 'all citing hypotheses, one open');
  await page.keyboard.press('Escape');
  // Closing the hypothesis keeps the document open.
  await expect(page.getByTestId(testId.hypothesisPanel)).toHaveCount(0);
  await expect(detail).toBeVisible();

  // A row of the collection's list opens its details: metadata, passages, who cites it.
  const note = page.getByTestId(testId.knowledgeDocument).filter({ hasText: 'Matrix stiffness and stellate cells' });
  await note.getByTestId(testId.knowledgeDocumentOpen).click();
  await expect(note.getByTestId(testId.knowledgeDocumentPassages)).toContainText('A stiffer extracellular matrix');
  await expect(note.getByTestId(testId.knowledgeDocumentCitedNone)).toHaveText('No hypothesis cites this document yet.');
  await expect(note).toBeInViewport();
  await page.setViewportSize({ width: 800, height: 800 });
  await expectNoAxeFindings(page, 'document row opened at 800 px');
  // Clicked again, it closes.
  await note.getByTestId(testId.knowledgeDocumentOpen).click();
  await expect(note.getByTestId(testId.knowledgeDocumentDetail)).toHaveCount(0);
});
