// The audit log in the GUI: what an assistant did, filtered by client and outcome, with the call's
// arguments redacted, the hash chain verified, and exports that download exactly the rows shown.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { describeFindings, seriousAxeFindings } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { REPO_ROOT } from './support/paths.js';
import { openSession } from './support/researchRun.js';
import { AuditLogPage } from './support/tournamentPages.js';
import { parseCsv } from '../../support/csv.js';
import { testId, testIdWith } from './locators.js';

const shot = (name: string): string => path.join(REPO_ROOT, 'test-results', `${name}.png`);

async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(button).click()]);
  const saved = await file.path();
  return { name: file.suggestedFilename(), text: fs.readFileSync(saved, 'utf8') };
}

test('the audit log lists an assistant’s calls, filters them, shows redacted arguments, verifies the chain and exports JSONL and CSV', async ({ app, page, webHost, workspace }) => {
  const assistant = await openSession(workspace.dataDir, 'claude-desktop');
  try {
    const started = await assistant.call('start_research', { goal: 'Identify repurposable drugs that slow liver fibrosis progression' });
    await assistant.call('get_research_status', { research_id: started.research_id });
    await assistant.call('list_research_projects', {});
    // A wrong argument carrying a secret: refused, and logged with the secret masked.
    const refused = await assistant.client.callTool({ name: 'get_research_status', arguments: { research_id: started.research_id, api_key: 'sk-live-TOPSECRET' } });
    expect(refused.isError).toBe(true);
  } finally {
    await assistant.close();
  }

  await app.open(webHost.url);
  const audit = new AuditLogPage(page);
  await audit.open();
  await expect(page.getByTestId(testId.auditChain)).toHaveAttribute('data-state', 'intact');
  await expect(page.getByTestId(testId.auditChainMessage)).toContainText('intact');

  await page.getByTestId(testId.auditFilterClient).selectOption('claude-desktop');
  await expect(audit.count()).toHaveText('4');
  await expect(audit.rows).toHaveCount(4);
  await expect(page.locator(testIdWith(testId.auditRow, { 'data-client': { not: 'claude-desktop' } }))).toHaveCount(0);
  await expect(page.locator(testIdWith(testId.auditRow, { 'data-action': 'tool:start_research' }))).toHaveCount(1);
  await page.screenshot({ path: shot('audit-log') });

  // An unknown argument is refused as invalid input (docs/audit-outcomes.md), not as a failure.
  await page.getByTestId(testId.auditFilterOutcome).selectOption('invalid_input');
  await expect(audit.rows).toHaveCount(1);
  await audit.rows.first().click();
  const args = page.getByTestId(testId.auditDetailArguments);
  await expect(args).toContainText('"api_key": "[REDACTED]"');
  await expect(args).not.toContainText('TOPSECRET');
  await expect(page.getByTestId(testId.auditDetail)).toContainText('invalid_input');
  await page.screenshot({ path: shot('audit-detail') });

  // A time window with nothing in it says so, and how to widen it.
  await page.getByTestId(testId.auditFilterUntil).fill('2001-01-01T00:00:00');
  await expect(page.getByTestId(testId.auditEmpty)).toContainText('No calls match these filters');
  await page.getByTestId(testId.auditFilterUntil).fill('');

  // Exports carry exactly the filtered rows: here the assistant's four calls, oldest first.
  await page.getByTestId(testId.auditFilterOutcome).selectOption('');
  await expect(audit.rows).toHaveCount(4);
  const jsonl = await download(page, 'audit-export-jsonl');
  expect(jsonl.name).toMatch(/^audit-log-.*\.jsonl$/);
  const lines = jsonl.text.trimEnd().split('\n').map((line) => JSON.parse(line) as { client_id: string; action: string; arguments: Record<string, unknown> });
  expect(lines.map((l) => l.action)).toEqual(['tool:start_research', 'tool:get_research_status', 'tool:list_research_projects', 'tool:get_research_status']);
  expect(lines.every((l) => l.client_id === 'claude-desktop')).toBe(true);
  expect(lines[3]?.arguments.api_key).toBe('[REDACTED]');
  await expect(page.getByTestId(testId.auditExportNote)).toContainText('Exported 4 rows');

  const csv = await download(page, 'audit-export-csv');
  expect(csv.name).toMatch(/^audit-log-.*\.csv$/);
  const table = parseCsv(csv.text);
  expect(table[0]?.slice(0, 4)).toEqual(['id', 'at', 'client_id', 'action']);
  expect(table.slice(1).map((cells) => cells[3])).toEqual(lines.map((l) => l.action));
  expect(JSON.parse(table[4]?.[8] ?? '{}')).toMatchObject({ api_key: '[REDACTED]' });

  // Verification on request: still intact (reading the log never changes it).
  await page.getByTestId(testId.auditVerify).click();
  await expect(page.getByTestId(testId.auditChain)).toHaveAttribute('data-state', 'intact');
});

test('the audit log hides the app’s own reads by default (with a count and a toggle), filters by project, and its count stays put as the view reads the log', async ({ app, page, webHost, workspace }) => {
  const assistant = await openSession(workspace.dataDir, 'claude-desktop');
  let liver: string;
  try {
    liver = String((await assistant.call('start_research', { goal: 'Identify repurposable drugs that slow liver fibrosis progression' })).research_id);
    const solar = String((await assistant.call('start_research', { goal: 'Explain why perovskite solar cells degrade under humid conditions' })).research_id);
    await assistant.call('get_research_status', { research_id: liver });
    await assistant.call('get_research_status', { research_id: solar });
  } finally {
    await assistant.close();
  }

  await app.open(webHost.url);
  const audit = new AuditLogPage(page);
  await audit.open();
  // What the assistant did (4 calls) plus the app's own writes (its identity claim); the app's reads are hidden and counted.
  const shown = await audit.rows.count();
  await expect(audit.count()).toHaveText(String(shown));
  await expect(page.locator(testIdWith(testId.auditRow, { 'data-client': 'claude-desktop' }))).toHaveCount(4);
  await expect(page.locator(testIdWith(testId.auditRow, { 'data-client': 'desktop', 'data-action': { prefix: 'tool:list' } }))).toHaveCount(0);
  await expect(page.getByTestId(testId.auditHiddenReads)).toContainText(/\(\d+ hidden\)/);

  // Refreshing and verifying read the log again: the count of what the view shows does not move.
  await page.getByTestId(testId.auditRefresh).click();
  await page.getByTestId(testId.auditVerify).click();
  await expect(page.getByTestId(testId.auditChain)).toHaveAttribute('data-state', 'intact');
  await page.getByTestId(testId.auditRefresh).click();
  await expect(audit.count()).toHaveText(String(shown));
  await expect(audit.rows).toHaveCount(shown);

  // The toggle shows them: rows of the app's reads appear, among them the view's own queries.
  await page.getByTestId(testId.auditShowAppReads).check();
  await expect(page.locator(testIdWith(testId.auditRow, { 'data-action': 'tool:query_audit_log' })).first()).toBeVisible();
  await expect(page.getByTestId(testId.auditHiddenReads)).toHaveCount(0);
  await page.getByTestId(testId.auditShowAppReads).uncheck();
  await expect(audit.rows).toHaveCount(shown);

  // One project: its start and its status read, nothing of the other project.
  await page.getByTestId(testId.auditFilterProject).selectOption(liver);
  await expect(audit.count()).toHaveText('2');
  await expect(audit.rows).toHaveCount(2);
  await expect(page.locator(testIdWith(testId.auditRow, { 'data-action': 'tool:start_research' }))).toHaveCount(1);
  await page.screenshot({ path: shot('audit-project-filter') });
  const findings = await seriousAxeFindings(page, 'audit with project filter');
  expect(findings, describeFindings(findings)).toEqual([]);
  await page.getByTestId(testId.auditFiltersClear).click();
  await expect(audit.rows).toHaveCount(shown);
});
