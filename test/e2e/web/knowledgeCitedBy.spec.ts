// Knowledge-base search leads to the hypotheses (issue 18 item 1): a passage belongs to no
// hypothesis, so each result names the hypotheses that cite its source, and each opens in the one
// hypothesis side panel beside the search. A source nobody cites says so. Real web host, real
// servers, a real ingested folder.
import fs from 'node:fs';
import path from 'node:path';
import { describeFindings, seriousAxeFindings } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { testId } from './locators.js';
import { hypothesisDraft } from '../../support/fakeAssistant.js';

test('a search result names the hypotheses citing its source, and opens them in the side panel', async ({ app, page, webHost, workspace, servers }) => {
  test.setTimeout(90_000);
  const library = path.join(workspace.home, 'library');
  fs.mkdirSync(library, { recursive: true });
  fs.writeFileSync(path.join(library, 'r900.md'), '# Regulator R900 in hepatic stellate cells\n\nRegulator R900 drives stellate cell activation and collagen deposition in fibrotic liver.\n');
  fs.writeFileSync(path.join(library, 'matrix.md'), '# Matrix stiffness and stellate cells\n\nA stiffer extracellular matrix keeps stellate cells activated and collagen high.\n');
  const desktop = await servers.scientist();
  await desktop.call('manage_knowledge_roots', { action: 'add', path: library });
  await desktop.call('manage_collections', { action: 'create', collection_name: 'Fibrosis', collection_type: 'fundamental' });
  await desktop.call('ingest_documents', { path: library, collection: 'Fibrosis', recursive: true });
  const researchId = (await desktop.call('start_research', { goal: 'Find novel therapeutic targets for liver fibrosis' })).research_id as string;
  // The draft cites "Regulator R900 in hepatic stellate cells" by title.
  const citing = (await desktop.call('add_hypothesis', { research_id: researchId, hypothesis: hypothesisDraft(900) })).hypothesis_id as string;

  await app.open(webHost.url);
  await page.getByTestId('nav-knowledge').click();
  await page.getByTestId(testId.knowledgeSearchInput).fill('stellate collagen');
  await page.getByTestId(testId.knowledgeSearchInput).press('Enter');
  const results = page.getByTestId(testId.knowledgeResult);
  await expect(results).toHaveCount(2);
  const cited = results.filter({ hasText: 'Regulator R900 in hepatic stellate cells' });
  const uncited = results.filter({ hasText: 'Matrix stiffness and stellate cells' });
  await expect(uncited.getByTestId(testId.knowledgeCitedByNone)).toHaveText('No hypothesis cites this source yet.');
  const open = cited.getByTestId(testId.knowledgeCitedHypothesis);
  await expect(open).toHaveCount(1);
  await expect(open).toHaveAttribute('data-hypothesis-id', citing);
  await expect(open).toContainText('H1');

  await open.click();
  const panel = page.getByTestId('hypothesis-panel');
  await expect(panel.getByTestId('hypothesis-summary')).toHaveText(hypothesisDraft(900).summary as string);
  await expect(page).toHaveURL(new RegExp(`#/knowledge\\?.*hypothesis=${citing}`));
  await expect(open).toHaveAttribute('aria-pressed', 'true');
  // The search stays as it was beside the panel.
  await expect(results).toHaveCount(2);
  for (const colorScheme of ['light', 'dark'] as const) {
    // Without motion: a colour transition caught halfway is not what the scientist reads.
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const findings = await seriousAxeFindings(page, `knowledge search with a citing hypothesis open, ${colorScheme}`);
    expect(findings, describeFindings(findings)).toEqual([]);
  }
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(/#\/knowledge$/);
});
