// What each assistant may do, from the Assistants view (issue 18 item 13): the scientist's scopes
// are shown, a change is saved through the server, audited, and enforced on the assistant's own
// server over MCP: a revoked scope is refused, a restored one works again. Every assistant the app
// connected or found on this computer is listed before its first call, with its default permissions.
import fs from 'node:fs';
import path from 'node:path';
import { describeFindings, seriousAxeFindings, seriousAxeFindingsEverywhere } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { openSession } from './support/researchRun.js';
import { SERVER_ENTRY } from './support/paths.js';
import { testId, testIdOf } from './locators.js';
import { AuditLogPage } from './support/tournamentPages.js';

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

test('every assistant connected or found on this computer is listed with its default permissions before its first call, and can be restricted then', async ({ app, page, webHost, workspace }) => {
  // Claude Desktop found (its command in ~/.local/bin), not connected; Cursor connected (our entry in its config), not found.
  const claude = path.join(workspace.home, '.local', 'bin', 'claude-desktop');
  fs.mkdirSync(path.dirname(claude), { recursive: true });
  fs.writeFileSync(claude, '#!/bin/sh\n');
  fs.chmodSync(claude, 0o755);
  const cursorConfig = path.join(workspace.home, '.cursor', 'mcp.json');
  fs.mkdirSync(path.dirname(cursorConfig), { recursive: true });
  fs.writeFileSync(cursorConfig, `${JSON.stringify({ mcpServers: { 'co-scientist': { command: process.execPath, args: [SERVER_ENTRY, '--data-dir', workspace.dataDir, '--client', 'cursor'] } } }, null, 2)}\n`);

  await app.open(webHost.url);
  await app.openAssistants();
  const claudeCard = page.getByTestId(testIdOf.policy('claude-desktop'));
  const cursorCard = page.getByTestId(testIdOf.policy('cursor'));
  await expect(claudeCard.getByTestId(testId.policyKnownAs)).toHaveText('found on this computer, not connected · no calls yet · default permissions');
  await expect(cursorCard.getByTestId(testId.policyKnownAs)).toHaveText('connected · no calls yet · default permissions');
  await expect(claudeCard.locator('legend strong')).toHaveText('Claude Desktop');
  await expect(cursorCard.getByTestId('scope-research:write')).toBeChecked();
  for (const colorScheme of ['light', 'dark'] as const) {
    // Without motion: a colour transition caught halfway is not what the scientist reads.
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const findings = await seriousAxeFindings(page, `permissions of assistants that never called, ${colorScheme}`);
    expect(findings, describeFindings(findings)).toEqual([]);
  }

  // Restricted before it ever called: Cursor's own server refuses from its first call.
  await cursorCard.getByTestId('scope-research:write').uncheck();
  await expect(cursorCard.getByTestId('policy-saved')).toBeVisible();
  await expect(cursorCard.getByTestId(testId.policyKnownAs)).toHaveText('connected · no calls yet');
  const cursor = await openSession(workspace.dataDir, 'cursor');
  try {
    const refused = await cursor.client.callTool({ name: 'start_research', arguments: { goal: GOAL } });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('insufficient_permissions');
  } finally {
    await cursor.close();
  }
});

test('a permission another one includes shows as included, and deciding checkpoints in chat is one control (issue 33 item 10)', async ({ app, page, webHost, workspace }) => {
  const assistant = await openSession(workspace.dataDir, 'claude-desktop');
  const desktop = await openSession(workspace.dataDir, 'desktop');
  try {
    await assistant.call('list_research_projects', {});
    await app.open(webHost.url);
    await app.openAssistants();
    const card = page.getByTestId(testId.policyClaudeDesktop);
    await expect(card.getByTestId(testIdOf.scope('research:write'))).toBeChecked();
    // research:write includes research:read (the server's rule): ticked, not to be unticked alone, and says why.
    const read = card.getByTestId(testIdOf.scope('research:read'));
    await expect(read).toBeChecked();
    await expect(read).toBeDisabled();
    await expect(card.locator('label').filter({ has: page.getByTestId(testIdOf.scope('research:read')) })).toContainText('(included in “Start, pause and change projects”)');
    // One control for deciding in chat, not a scope box and a switch.
    await expect(card.getByTestId(testIdOf.scope('checkpoints:decide'))).toHaveCount(0);
    for (const width of [1440, 800]) {
      await page.setViewportSize({ width, height: 900 });
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        const findings = await seriousAxeFindings(page, `implied permissions at ${width} px, ${colorScheme}`);
        expect(findings, describeFindings(findings)).toEqual([]);
      }
    }

    const decide = card.getByTestId(testId.scopeMayDecide);
    await decide.check();
    await expect(card.getByTestId(testId.policySaved)).toBeVisible();
    await expect(decide).toBeChecked();
    const stored = ((await desktop.call('get_client_policies', {})).policies as Array<{ client_id: string; scopes: string[]; may_decide_checkpoints: boolean }>).find(
      (policy) => policy.client_id === 'claude-desktop',
    );
    expect(stored?.may_decide_checkpoints).toBe(true);
    expect(stored?.scopes).toContain('checkpoints:decide');
  } finally {
    await Promise.all([assistant.close(), desktop.close()]);
  }
});

test('an assistant that called is known on the Assistants page, whose permissions come first (issue 33 items 10, 11)', async ({ app, page, webHost, workspace }) => {
  test.setTimeout(150_000);
  // Claude Desktop is not installed in this HOME, but it called.
  const assistant = await openSession(workspace.dataDir, 'claude-desktop');
  try {
    await assistant.call('list_research_projects', {});
  } finally {
    await assistant.close();
  }
  await app.open(webHost.url);
  await app.openAssistants();
  const list = page.getByTestId('assistants-list');
  await expect(page.getByTestId(testId.policyClaudeDesktop)).toContainText('1 calls');
  await expect(list).not.toContainText('No assistant was found on this computer');
  // Known, so listed before the assistants not found here.
  const order = await list.evaluate((element) => {
    const cards = [...element.querySelectorAll('[data-testid]')].map((node) => node.getAttribute('data-testid'));
    return { claude: cards.indexOf('assistant-claude-desktop'), notFound: cards.indexOf('assistants-not-found') };
  });
  expect(order.claude).toBeGreaterThanOrEqual(0);
  expect(order.claude).toBeLessThan(order.notFound);
  // What the scientist controls comes before the list of assistants to connect.
  const permissionsFirst = await page.getByTestId('assistant-permissions').evaluate((section) => {
    const listed = document.querySelector('[data-testid="assistants-list"]');
    return listed !== null && (section.compareDocumentPosition(listed) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  });
  expect(permissionsFirst).toBe(true);
  // The assistants not found here are one closed list with its count, opened by keyboard or mouse.
  const toggle = page.getByTestId(testId.assistantsNotFoundToggle);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toHaveText(/^Not found on this computer \(\d+\)$/);
  const notFound = Number(/\((\d+)\)/.exec((await toggle.textContent()) ?? '')?.[1]);
  expect(notFound).toBeGreaterThan(5);
  await expect(page.getByTestId(testId.assistantCodex)).toHaveCount(0);
  const findings = await seriousAxeFindingsEverywhere(page, 'assistants, the not-found list closed');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId(testId.assistantCodex)).toBeVisible();
  await expect(list.locator('article[data-installed="false"]:not([data-testid="assistant-claude-desktop"])')).toHaveCount(notFound);
  findings.push(...(await seriousAxeFindingsEverywhere(page, 'assistants, the not-found list open')));
  await toggle.click();
  await expect(page.getByTestId(testId.assistantCodex)).toHaveCount(0);
  expect(findings, describeFindings(findings)).toEqual([]);
});
