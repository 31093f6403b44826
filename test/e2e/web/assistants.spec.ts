// Connecting Claude Desktop from the GUI, against a fixture HOME: the host edits the fixture's
// claude_desktop_config.json exactly as it would the scientist's.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures.js';
import { SERVER_ENTRY } from './support/paths.js';

test('Connect Claude Desktop adds our entry, keeps the others and says what to do next', async ({ app, webHost, workspace }) => {
  const configDir = path.join(workspace.home, '.config', 'Claude');
  const configPath = path.join(configDir, 'claude_desktop_config.json');
  fs.mkdirSync(configDir, { recursive: true });
  const existing = { globalShortcut: 'Ctrl+Space', mcpServers: { notes: { command: '/usr/local/bin/notes-mcp', args: ['--stdio'] } } };
  fs.writeFileSync(configPath, `${JSON.stringify(existing, null, 2)}\n`);

  await app.open(webHost.url);
  await app.openAssistants();
  const card = app.page.getByTestId('assistant-claude-desktop');
  await expect(card.getByTestId('assistant-registered')).toHaveText('Not connected');
  await expect(card.getByTestId('assistant-config-path')).toHaveText(configPath);

  await card.getByTestId('connect-claude-desktop').click();

  const result = card.getByTestId('connect-result');
  await expect(result).toBeVisible();
  await expect(result.getByTestId('connect-action')).toContainText('Added Co-Scientist');
  await expect(result.getByTestId('connect-config-path')).toHaveText(configPath);
  await expect(result.getByTestId('connect-next-step')).toContainText(/quit claude desktop/i);
  await expect(result.getByTestId('connect-next-step')).toContainText(/open it again/i);
  await expect(card.getByTestId('assistant-registered')).toHaveText('Connected');

  const backupPath = (await result.getByTestId('connect-backup-path').textContent()) ?? '';
  expect(JSON.parse(fs.readFileSync(backupPath, 'utf8'))).toEqual(existing);

  const written = JSON.parse(fs.readFileSync(configPath, 'utf8')) as {
    globalShortcut: string;
    mcpServers: Record<string, { command: string; args: string[] }>;
  };
  expect(written.globalShortcut).toBe('Ctrl+Space');
  expect(written.mcpServers.notes).toEqual(existing.mcpServers.notes);
  expect(written.mcpServers['co-scientist']).toMatchObject({
    command: process.execPath,
    args: [SERVER_ENTRY, '--client', 'claude-desktop'],
  });
});

test('Connect Claude Desktop refuses a config file it cannot parse and leaves it alone', async ({ app, webHost, workspace }) => {
  const configDir = path.join(workspace.home, '.config', 'Claude');
  const configPath = path.join(configDir, 'claude_desktop_config.json');
  fs.mkdirSync(configDir, { recursive: true });
  const broken = '{ "mcpServers": { "notes": { "command": "x" }, } // hand-edited\n';
  fs.writeFileSync(configPath, broken);

  await app.open(webHost.url);
  await app.openAssistants();
  const card = app.page.getByTestId('assistant-claude-desktop');
  await card.getByTestId('connect-claude-desktop').click();

  const error = card.getByTestId('connect-error');
  await expect(error).toBeVisible();
  await expect(error.getByTestId('connect-error-message')).toContainText(configPath);
  await expect(card.getByTestId('connect-result')).toBeHidden();
  expect(fs.readFileSync(configPath, 'utf8')).toBe(broken);
});
