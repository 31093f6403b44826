// Linking an existing collection to a project, and unlinking it, from the app (issue 18 items 12 and
// 13): the collection's panel lists its linked projects by their goals, links another from a list
// and unlinks one; the server records each change (the audit log has it) and the link is what the
// project's searches use. Real web host, real servers.
import { describeFindings, seriousAxeFindings } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { testId, testIdWith } from './locators.js';

const FIBROSIS = 'Find repurposable drugs that slow liver fibrosis progression';
const SOLAR = 'Explain why perovskite solar cells degrade under humid conditions';

test('an existing collection is linked to a project and unlinked from the app, and the server keeps what the app shows', async ({ app, page, webHost, servers }) => {
  const desktop = await servers.scientist();
  const fibrosis = (await desktop.call('start_research', { goal: FIBROSIS })).research_id as string;
  const solar = (await desktop.call('start_research', { goal: SOLAR })).research_id as string;
  await desktop.call('manage_collections', { action: 'create', collection_name: 'Background reading', collection_type: 'fundamental' });
  const linkedOnServer = async (): Promise<string[]> =>
    ((await desktop.call('manage_collections', { action: 'info', collection_name: 'Background reading' })).collection as { linked_projects: string[] }).linked_projects;

  await app.open(webHost.url);
  await page.getByTestId('nav-knowledge').click();
  const links = page.getByTestId(testId.knowledgeLinks);
  await expect(links.getByTestId(testId.knowledgeLinksNone)).toBeVisible();

  await links.getByTestId(testId.knowledgeLinkProject).selectOption({ label: FIBROSIS });
  await links.getByTestId(testId.knowledgeLinkSubmit).click();
  await expect(links.getByTestId(testId.knowledgeLink)).toHaveText([`${FIBROSIS}Unlink`]);
  await expect(links.getByTestId(testId.knowledgeLinkStatus)).toHaveText(`Linked to “${FIBROSIS}”.`);
  await links.getByTestId(testId.knowledgeLinkProject).selectOption({ label: SOLAR });
  await links.getByTestId(testId.knowledgeLinkSubmit).click();
  await expect(links.getByTestId(testId.knowledgeLink)).toHaveCount(2);
  // A linked project is no longer offered for linking: with both linked, nothing is.
  await expect(links.getByTestId(testId.knowledgeLinkProject)).toHaveCount(0);
  expect((await linkedOnServer()).sort()).toEqual([fibrosis, solar].sort());
  for (const colorScheme of ['light', 'dark'] as const) {
    // Without motion: a colour transition caught halfway is not what the scientist reads.
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const findings = await seriousAxeFindings(page, `collection with linked projects, ${colorScheme}`);
    expect(findings, describeFindings(findings)).toEqual([]);
  }

  await links.locator(testIdWith(testId.knowledgeLink, { 'data-research-id': fibrosis })).getByTestId(testId.knowledgeUnlink).click();
  await expect(links.getByTestId(testId.knowledgeLink)).toHaveCount(1);
  await expect(links.getByTestId(testId.knowledgeLink)).toHaveAttribute('data-research-id', solar);
  await expect(links.getByTestId(testId.knowledgeLinkStatus)).toHaveText(`Unlinked from “${FIBROSIS}”.`);
  expect(await linkedOnServer()).toEqual([solar]);
  await expect(links.getByTestId(testId.knowledgeLinkProject).locator('option')).toHaveText(['Choose a project…', FIBROSIS]);

  // Each change is the app's audited call.
  const audit = (await desktop.call('query_audit_log', { action: 'tool:manage_collections', client: 'desktop' })).rows as Array<{ arguments: string }>;
  const changes = audit.map((row) => (JSON.parse(row.arguments) as { action: string; research_id?: string })).filter((args) => args.action === 'link' || args.action === 'unlink');
  expect(changes.map((args) => `${args.action} ${args.research_id}`)).toEqual([`unlink ${fibrosis}`, `link ${solar}`, `link ${fibrosis}`]);
});
