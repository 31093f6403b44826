// What each assistant may do, from the Assistants view (issue 18 item 13): the scientist's scopes
// are shown, a change is saved through the server, audited, and enforced on the assistant's own
// server over MCP: a revoked scope is refused, a restored one works again.
import { describeFindings, seriousAxeFindings } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { openSession } from './support/researchRun.js';
import { AuditLogPage } from './support/tournamentPages.js';
import { testId, testIdOf } from './locators.js';

const GOAL = 'Identify repurposable drugs that slow liver fibrosis progression';

test('revoking a scope in the app is audited and refused to the assistant over MCP; granting it back lets the call through', async ({ app, page, webHost, workspace }) => {
  const assistant = await openSession(workspace.dataDir, 'claude-desktop');
  try {
    await assistant.call('list_research_projects', {});

    await app.open(webHost.url);
    await app.openAssistants();
    const card = page.getByTestId(testId.policyClaudeDesktop);
    await expect(card).toContainText('default permissions');
    const startProjects = card.getByTestId(testIdOf.scope('research:write'));
    await expect(startProjects).toBeChecked();
    await expect(card.getByTestId(testId.scopeAdmin)).not.toBeChecked();
    const findings = await seriousAxeFindings(page, 'assistant permissions');
    expect(findings, describeFindings(findings)).toEqual([]);

    await startProjects.uncheck();
    await expect(card.getByTestId(testId.policySaved)).toBeVisible();
    await expect(startProjects).not.toBeChecked();
    await expect(card).not.toContainText('default permissions');

    const refused = await assistant.client.callTool({ name: 'start_research', arguments: { goal: GOAL } });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('insufficient_permissions');

    await startProjects.check();
    await expect(startProjects).toBeChecked();
    await expect(card.getByTestId(testId.policySaved)).toBeVisible();
    const started = await assistant.call('start_research', { goal: GOAL });
    expect(started.research_id).toEqual(expect.stringMatching(/^res_/));
  } finally {
    await assistant.close();
  }

  // Both changes are in the audit log, as the app's own writes (shown with its reads hidden).
  const audit = new AuditLogPage(page);
  await audit.open();
  await page.getByTestId(testId.auditFilterAction).selectOption('policy:update');
  await expect(audit.rows).toHaveCount(2);
  await page.getByTestId(testId.auditFilterAction).selectOption('');
  await page.getByTestId(testId.auditFilterClient).selectOption('claude-desktop');
  await page.getByTestId(testId.auditFilterOutcome).selectOption('denied');
  await expect(audit.rows).toHaveCount(1);
  await expect(audit.rows.first()).toHaveAttribute('data-action', 'tool:start_research');
});
