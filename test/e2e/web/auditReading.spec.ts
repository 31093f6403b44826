// The audit log as the scientist reads it (issue 33 item 14): who acted, by name ("You (in the
// app)", "Claude Desktop"); the app's own look at Knowledge is among its hidden reads, not shown as
// if it had managed collections; one count, labelled against the log the chain verifies; the detail
// pane closes when the filters hide its row. Real web host and servers.
import { describeFindings, seriousAxeFindings } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { testId, testIdWith } from './locators.js';
import { openSession } from './support/researchRun.js';
import { AuditLogPage } from './support/tournamentPages.js';

test('the audit log names who acted, hides the app’s look at Knowledge, labels its count and closes a hidden row’s details', async ({ app, page, webHost, workspace }) => {
  test.setTimeout(120_000);
  const assistant = await openSession(workspace.dataDir, 'claude-desktop');
  try {
    await assistant.call('start_research', { goal: 'Find novel therapeutic targets for liver fibrosis' });
  } finally {
    await assistant.close();
  }
  await app.open(webHost.url);
  // The scientist only looks at Knowledge.
  await page.getByTestId(testId.navKnowledge).click();
  await expect(page.getByTestId('knowledge-view')).toBeVisible();
  await expect(page.getByTestId('knowledge-empty')).toBeVisible();

  const audit = new AuditLogPage(page);
  await audit.open();
  const clients = audit.rows.getByTestId(testId.auditRowClient);
  await expect(audit.rows.filter({ hasText: 'start_research' }).getByTestId(testId.auditRowClient)).toHaveText('Claude Desktop');
  await expect(page.getByTestId(testId.auditFilterClient).locator('option[value="claude-desktop"]')).toHaveText('Claude Desktop');
  // Looking is not managing: no manage_collections row of the app's among what is shown.
  await expect(page.locator(testIdWith(testId.auditRow, { 'data-client': 'desktop', 'data-action': 'tool:manage_collections' }))).toHaveCount(0);
  await expect(clients.filter({ hasText: /^desktop$/ })).toHaveCount(0);

  // One count, and the log's size it is a part of is the number the verification names.
  await expect(page.getByTestId(testId.auditChain)).toHaveAttribute('data-state', 'intact');
  const verified = /(\d[\d,]*) rows?/.exec((await page.getByTestId(testId.auditChainMessage).textContent()) ?? '')?.[1];
  expect(verified).toBeDefined();
  await expect(page.getByTestId(testId.auditCountLabel)).toHaveText(new RegExp(`^\\d+ rows shown of ${verified} in the log$`));

  // The app's own reads, shown on request, are the scientist's: "You (in the app)". The one opened
  // is its look at Knowledge, a read the filter hides again below (the newest row of the app's could
  // be one of its writes, which no filter hides).
  await page.getByTestId(testId.auditShowAppReads).check();
  const own = page.locator(testIdWith(testId.auditRow, { 'data-client': 'desktop', 'data-action': 'tool:manage_collections' })).first();
  await expect(own).toBeVisible();
  await expect(own.getByTestId(testId.auditRowClient)).toHaveText('You (in the app)');
  await own.click();
  await expect(page.getByTestId(testId.auditDetail)).toContainText('You (in the app)');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const findings = await seriousAxeFindings(page, `audit with a row open, ${colorScheme}`);
    expect(findings, describeFindings(findings)).toEqual([]);
  }
  // Hidden again by the filter, its details close.
  await page.getByTestId(testId.auditShowAppReads).uncheck();
  await expect(page.getByTestId(testId.auditDetail)).toHaveCount(0);
  await expect(page.getByTestId(testId.auditDetailEmpty)).toBeVisible();
  await page.setViewportSize({ width: 800, height: 800 });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const findings = await seriousAxeFindings(page, `audit at 800 px, ${colorScheme}`);
    expect(findings, describeFindings(findings)).toEqual([]);
  }
});
