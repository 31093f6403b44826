// Connecting assistants from the GUI, against a fixture HOME: the host edits the fixture's config
// files exactly as it would the scientist's, test-launches what it registered, and re-checks its
// registrations when it starts.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { entryFingerprint } from '../../../src-main/host/registration/entryDiff.js';
import { AppPage } from './support/appPage.js';
import { expect, test } from './support/fixtures.js';
import { REPO_ROOT, SERVER_ENTRY } from './support/paths.js';
import { describeFindings, seriousAxeFindingsEverywhere } from './support/axe.js';
import { startWebHost, type WebHost } from './support/webHost.js';
import { testId } from './locators.js';

const claudeConfig = (home: string) => path.join(home, '.config', 'Claude', 'claude_desktop_config.json');
const EXISTING = { globalShortcut: 'Ctrl+Space', mcpServers: { notes: { command: '/usr/local/bin/notes-mcp', args: ['--stdio'] } } };

function writeFile(file: string, text: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

/** What the app (running as the web host with its own data folder) registers for an assistant: the command names that folder. */
const ourEntry = (client: string, dataDir: string) => ({ command: process.execPath, args: [SERVER_ENTRY, '--data-dir', dataDir, '--client', client] });

/** Claude Desktop "found on this computer": its command in ~/.local/bin, which is searched even when PATH does not name it. */
function installClaudeDesktop(home: string): void {
  fs.chmodSync(writeFile(path.join(home, '.local', 'bin', 'claude-desktop'), '#!/bin/sh\n'), 0o755);
}

/** Opens the Assistants view on a host started after the test prepared the files it reads at start. */
async function openOn(page: Page, host: WebHost): Promise<AppPage> {
  const app = new AppPage(page);
  await app.open(host.url);
  await app.openAssistants();
  return app;
}

test('Connect Claude Desktop adds our entry, keeps the others, test-launches it and says what to do next', async ({ app, webHost, workspace }) => {
  const configPath = writeFile(claudeConfig(workspace.home), `${JSON.stringify(EXISTING, null, 2)}\n`);
  installClaudeDesktop(workspace.home);

  await app.open(webHost.url);
  await app.openAssistants();
  const card = app.page.getByTestId(testId.assistantClaudeDesktop);
  await expect(card.getByTestId(testId.assistantRegistered)).toHaveText('Not connected');
  await expect(card.getByTestId(testId.assistantConfigPath)).toHaveText(configPath);

  await card.getByTestId(testId.connectClaudeDesktop).click();

  const result = card.getByTestId(testId.connectResult);
  await expect(result).toBeVisible();
  await expect(result.getByTestId(testId.connectAction)).toContainText('Added Co-Scientist');
  await expect(result.getByTestId(testId.connectConfigPath)).toHaveText(configPath);
  await expect(result.getByTestId(testId.connectNextStep)).toContainText(/quit claude desktop/i);
  await expect(result.getByTestId(testId.connectNextStep)).toContainText(/open it again/i);
  await expect(result.getByTestId(testId.testLaunchResult)).toHaveAttribute('data-ok', 'true');
  await expect(result.getByTestId(testId.testLaunchSummary)).toContainText(/answered the MCP handshake in \d+ ms/);
  await expect(result.getByTestId(testId.testLaunchDataDir)).toHaveText(workspace.dataDir);
  await expect(card.getByTestId(testId.assistantRegistered)).toHaveText('Connected');

  const backupPath = (await result.getByTestId(testId.connectBackupPath).textContent()) ?? '';
  expect(JSON.parse(fs.readFileSync(backupPath, 'utf8'))).toEqual(EXISTING);

  const written = JSON.parse(fs.readFileSync(configPath, 'utf8')) as typeof EXISTING & { mcpServers: Record<string, unknown> };
  expect(written.globalShortcut).toBe('Ctrl+Space');
  expect(written.mcpServers.notes).toEqual(EXISTING.mcpServers.notes);
  expect(written.mcpServers['co-scientist']).toEqual(ourEntry('claude-desktop', workspace.dataDir));

  await card.getByTestId(testId.testClaudeDesktop).click();
  await expect(card.getByTestId(testId.testLaunchResult)).toHaveAttribute('data-ok', 'true');
});

test('An assistant that is not found but holds our entry shows one status, never "Connected" with "Not found"', async ({ app, webHost, workspace }) => {
  writeFile(claudeConfig(workspace.home), '{}\n');
  await app.open(webHost.url);
  await app.openAssistants();
  // Not found here: in the closed list of those not found, opened first.
  const card = app.page.getByTestId(testId.assistantClaudeDesktop);
  await expect(card).toHaveCount(0);
  await app.page.getByTestId(testId.assistantsNotFoundToggle).click();
  await expect(card.getByTestId(testId.assistantRegistered)).toHaveText('Not found on this computer');
  await card.getByTestId(testId.connectClaudeDesktop).click();
  await expect(card.getByTestId(testId.testLaunchResult)).toHaveAttribute('data-ok', 'true');

  await expect(card.getByTestId(testId.assistantRegistered)).toHaveText('Registered, but not found here');
  await expect(card.getByTestId(testId.assistantStatusHint)).toContainText('Claude Desktop itself was not found on this computer');
  await expect(card.locator('.badge')).toHaveCount(1);
  await expect(card.locator('header')).not.toContainText('Connected');
});

test('Connect Claude Desktop refuses a config file it cannot parse and leaves it alone', async ({ app, webHost, workspace }) => {
  const broken = '{ "mcpServers": { "notes": { "command": "x" }, } // hand-edited\n';
  const configPath = writeFile(claudeConfig(workspace.home), broken);

  await app.open(webHost.url);
  await app.openAssistants();
  const card = app.page.getByTestId(testId.assistantClaudeDesktop);
  await expect(card.getByTestId(testId.assistantProblem)).toContainText(configPath);
  await card.getByTestId(testId.connectClaudeDesktop).click();

  const error = card.getByTestId(testId.connectError);
  await expect(error).toBeVisible();
  await expect(error.getByTestId(testId.connectErrorMessage)).toContainText(configPath);
  await expect(card.getByTestId(testId.connectResult)).toBeHidden();
  expect(fs.readFileSync(configPath, 'utf8')).toBe(broken);
});

test('Disconnect asks first, then removes only our entry: the file is byte-for-byte what it was', async ({ app, webHost, workspace }) => {
  installClaudeDesktop(workspace.home);
  const original = `${JSON.stringify(EXISTING, null, 4)}\n`;
  const configPath = writeFile(claudeConfig(workspace.home), original);
  await app.open(webHost.url);
  await app.openAssistants();
  const card = app.page.getByTestId(testId.assistantClaudeDesktop);
  await card.getByTestId(testId.connectClaudeDesktop).click();
  await expect(card.getByTestId(testId.assistantRegistered)).toHaveText('Connected');

  await card.getByTestId(testId.disconnectClaudeDesktop).click();
  await expect(card.getByTestId(testId.disconnectConfirmDialog)).toContainText('Only the co-scientist entry is removed');
  expect(fs.readFileSync(configPath, 'utf8')).not.toBe(original);
  await card.getByTestId(testId.disconnectConfirm).click();

  await expect(card.getByTestId(testId.disconnectResult)).toContainText('Claude Desktop is disconnected');
  await expect(card.getByTestId(testId.assistantRegistered)).toHaveText('Not connected');
  expect(fs.readFileSync(configPath, 'utf8')).toBe(original);
});

test('An entry edited by hand is shown as such; replacing it needs a second, explicit click after the diff', async ({ app, webHost, workspace }) => {
  installClaudeDesktop(workspace.home);
  const handMade = { mcpServers: { 'co-scientist': { command: '/opt/my-node/bin/node', args: ['/src/co-scientist/server.js'] } } };
  const configPath = writeFile(claudeConfig(workspace.home), JSON.stringify(handMade, null, 2));
  await app.open(webHost.url);
  await app.openAssistants();
  const card = app.page.getByTestId(testId.assistantClaudeDesktop);
  await expect(card).toHaveAttribute('data-state', 'changed_by_user');
  await expect(card.getByTestId(testId.assistantRegistered)).toHaveText('Changed outside Co-Scientist');

  await card.getByTestId(testId.connectClaudeDesktop).click();
  const error = card.getByTestId(testId.connectError);
  await expect(error).toContainText('You changed the Co-Scientist entry by hand');
  await expect(error.locator('pre')).toContainText('-   "command": "/opt/my-node/bin/node"');
  expect(JSON.parse(fs.readFileSync(configPath, 'utf8'))).toEqual(handMade);

  await card.getByTestId(testId.connectForce).click();
  await expect(card.getByTestId(testId.connectResult)).toBeVisible();
  await expect(card.getByTestId(testId.assistantRegistered)).toHaveText('Connected');
  expect(JSON.parse(fs.readFileSync(configPath, 'utf8'))).toEqual({ mcpServers: { 'co-scientist': ourEntry('claude-desktop', workspace.dataDir) } });
});

test('An assistant found by its binary is listed first and connects in its own format (Codex, TOML)', async ({ app, webHost, workspace }) => {
  // ~/.local/bin is searched even when PATH does not name it (GUI apps get a minimal PATH).
  const binary = writeFile(path.join(workspace.home, '.local', 'bin', 'codex'), '#!/bin/sh\n');
  fs.chmodSync(binary, 0o755);
  const configPath = writeFile(path.join(workspace.home, '.codex', 'config.toml'), '# mine\nmodel = "o3"\n');

  await app.open(webHost.url);
  await app.openAssistants();
  const card = app.page.getByTestId(testId.assistantCodex);
  await expect(card).toHaveAttribute('data-installed', 'true');
  await expect(card.getByTestId(testId.assistantDetected)).toHaveText(binary);
  // Found assistants come before the "Not found on this computer" group.
  const order = await app.page.getByTestId(testId.assistantsList).evaluate((list) =>
    Array.from(list.children, (child) => child.getAttribute('data-testid')),
  );
  expect(order.indexOf('assistant-codex')).toBeLessThan(order.indexOf('assistants-not-found'));
  await card.getByTestId(testId.connectCodex).click();
  await expect(card.getByTestId(testId.connectNextStep)).toContainText('Start a new Codex session');
  await expect(card.getByTestId(testId.testLaunchResult)).toHaveAttribute('data-ok', 'true');
  const text = fs.readFileSync(configPath, 'utf8');
  expect(text.startsWith('# mine\nmodel = "o3"\n\n[mcp_servers.co-scientist]\n')).toBe(true);
  expect(text).toContain('"--client", "codex"');
});

test('At start, the host repairs a registration it wrote for a copy of the app that is gone', async ({ page, workspace }) => {
  installClaudeDesktop(workspace.home);
  const moved = { command: process.execPath, args: [path.join(workspace.home, 'Old Copy', 'dist', 'mcp', 'server.js'), '--client', 'claude-desktop'] };
  const configPath = writeFile(claudeConfig(workspace.home), JSON.stringify({ mcpServers: { 'co-scientist': moved } }, null, 2));
  const ledger = { version: 1, registrations: [{ client: 'claude-desktop', config_path: configPath, entry_sha256: entryFingerprint(moved), written_at: new Date().toISOString() }] };
  writeFile(path.join(workspace.dataDir, 'registrations.json'), JSON.stringify(ledger));

  const host = await startWebHost(workspace);
  try {
    await expect.poll(() => JSON.parse(fs.readFileSync(configPath, 'utf8')).mcpServers['co-scientist']).toEqual(ourEntry('claude-desktop', workspace.dataDir));
    const app = await openOn(page, host);
    await expect(app.page.getByTestId(testId.assistantClaudeDesktop).getByTestId(testId.assistantRegistered)).toHaveText('Connected');
  } finally {
    await host.stop();
  }
});

test('A working registration of the installed app is left for the scientist to repair from here', async ({ page, workspace }) => {
  installClaudeDesktop(workspace.home);
  // Looks like the packaged app (ELECTRON_RUN_AS_NODE) and still exists: the development host must not take it over silently.
  const installedEntry = writeFile(path.join(workspace.home, 'Applications', 'Co-Scientist', 'server.js'), '');
  const installed = { command: process.execPath, args: [installedEntry, '--client', 'claude-desktop'], env: { ELECTRON_RUN_AS_NODE: '1' } };
  const configPath = writeFile(claudeConfig(workspace.home), JSON.stringify({ mcpServers: { 'co-scientist': installed } }, null, 2));
  const ledger = { version: 1, registrations: [{ client: 'claude-desktop', config_path: configPath, entry_sha256: entryFingerprint(installed), written_at: new Date().toISOString() }] };
  writeFile(path.join(workspace.dataDir, 'registrations.json'), JSON.stringify(ledger));

  const host = await startWebHost(workspace);
  try {
    const app = await openOn(page, host);
    const card = app.page.getByTestId(testId.assistantClaudeDesktop);
    await expect(card.getByTestId(testId.assistantRegistered)).toHaveText('Needs repair');
    await card.getByTestId(testId.repairClaudeDesktop).click();
    await expect(card.getByTestId(testId.connectAction)).toContainText('Updated the Co-Scientist entry');
    await expect(card.getByTestId(testId.assistantRegistered)).toHaveText('Connected');
    expect(JSON.parse(fs.readFileSync(configPath, 'utf8')).mcpServers['co-scientist']).toEqual(ourEntry('claude-desktop', workspace.dataDir));
  } finally {
    await host.stop();
  }
});

test('Claude Desktop and Claude Code can be set up by hand: the entry Connect writes and the one command, each with Copy (issue 33 item 11)', async ({ app, context, webHost, workspace }) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  installClaudeDesktop(workspace.home);
  fs.chmodSync(writeFile(path.join(workspace.home, '.local', 'bin', 'claude'), '#!/bin/sh\n'), 0o755);
  await app.open(webHost.url);
  await app.openAssistants();
  const page = app.page;

  // Claude Desktop, by mouse: the entry is the one our registration writes, and ours is the command.
  const desktop = page.getByTestId(testId.assistantClaudeDesktop);
  await desktop.getByTestId(testId.manualSetupToggle).click();
  const entryText = (await desktop.getByTestId(testId.manualSetupEntry).textContent()) ?? '';
  expect(JSON.parse(entryText)).toEqual({ mcpServers: { 'co-scientist': ourEntry('claude-desktop', workspace.dataDir) } });
  await expect(desktop.getByTestId(testId.manualSetupCommand)).toHaveText(`node ${path.join(REPO_ROOT, 'bin', 'co-scientist.js')} register claude-desktop --data-dir ${workspace.dataDir}`);
  await desktop.getByTestId(testId.manualSetupEntryCopy).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(entryText);
  await desktop.getByTestId(testId.manualSetupCommandCopy).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await desktop.getByTestId(testId.manualSetupCommand).textContent());

  // Claude Code, by keyboard: the `claude mcp add-json` line our adapter runs, with the same entry.
  const code = page.getByTestId(testId.assistantClaudeCode);
  await code.getByTestId(testId.manualSetupToggle).focus();
  await page.keyboard.press('Enter');
  const command = (await code.getByTestId(testId.manualSetupCommand).textContent()) ?? '';
  const quoted = /^claude mcp add-json --scope user co-scientist '(.*)'$/.exec(command);
  expect(quoted, command).not.toBeNull();
  const codeEntry = JSON.parse((await code.getByTestId(testId.manualSetupEntry).textContent()) ?? '') as { mcpServers: Record<string, unknown> };
  expect(JSON.parse(quoted?.[1] ?? '')).toEqual(codeEntry.mcpServers['co-scientist']);
  const findings = await seriousAxeFindingsEverywhere(page, 'assistants set up by hand');
  expect(findings, describeFindings(findings)).toEqual([]);

  // What Connect writes is exactly the entry shown.
  await desktop.getByTestId(testId.connectClaudeDesktop).click();
  await expect(desktop.getByTestId(testId.connectResult)).toBeVisible();
  expect(JSON.parse(fs.readFileSync(claudeConfig(workspace.home), 'utf8'))).toEqual(JSON.parse(entryText));
});

test('With a lab server set in Settings, Connect to the lab server writes the assistant\'s lab entry, and Connect to this computer brings it back', async ({ app, page, webHost, workspace }) => {
  const lab = 'https://cosci.lab.example/mcp';
  const cursorConfig = path.join(workspace.home, '.cursor', 'mcp.json');
  fs.chmodSync(writeFile(path.join(workspace.home, '.local', 'bin', 'cursor'), '#!/bin/sh\n'), 0o755);
  await app.open(webHost.url);
  await page.getByTestId(testId.navSettings).click();
  const section = page.getByTestId('lab-server');
  await section.getByTestId('lab-url').fill(lab);
  await section.getByTestId('lab-url-save').click();
  await expect(section.getByTestId('lab-sign-in')).toBeEnabled();

  await app.openAssistants();
  const card = page.getByTestId('assistant-cursor');
  await card.getByTestId('connect-lab-cursor').click();
  await expect(card.getByTestId('assistant-lab-server')).toContainText(lab);
  await expect(card.getByTestId(testId.assistantRegistered)).toHaveText('Connected');
  expect(JSON.parse(fs.readFileSync(cursorConfig, 'utf8')).mcpServers['co-scientist']).toEqual({ url: lab });
  await expect(card.getByTestId('connect-lab-cursor')).toHaveCount(0);
  expect(describeFindings(await seriousAxeFindingsEverywhere(page, 'assistants, cursor on the lab'))).toBe('');

  await card.getByTestId('connect-local-cursor').click();
  await expect(card.getByTestId('assistant-lab-server')).toHaveCount(0);
  expect(JSON.parse(fs.readFileSync(cursorConfig, 'utf8')).mcpServers['co-scientist']).toEqual(ourEntry('cursor', workspace.dataDir));
  await expect(card.getByTestId('connect-lab-cursor')).toBeVisible();
});
