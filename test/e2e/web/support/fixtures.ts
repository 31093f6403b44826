// Per-test isolation: every test gets a fresh data dir and HOME, its own web host on a random
// port, and the app page object. Nothing is shared between tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { AppPage } from './appPage.js';
import { startWebHost, type WebHost } from './webHost.js';
import { connectResearchAssistant, connectScientistShortcut, type McpSide, type ResearchAssistant } from './researchAssistant.js';

export interface Workspace {
  dataDir: string;
  home: string;
}

/** MCP servers on the test's data folder, each closed after the test (before its folder goes). */
export interface Servers {
  /** The research assistant's own server (client `claude-desktop`): it does the project's work items. */
  assistant(): Promise<ResearchAssistant>;
  /** A desktop-client server for setup the test is not about. */
  scientist(): Promise<McpSide>;
}

export const test = base.extend<{ workspace: Workspace; webHost: WebHost; app: AppPage; hostEnv: Record<string, string>; servers: Servers }>({
  /** Variables for the web host and its server; `test.use({ hostEnv })` sets them for a file. */
  hostEnv: [{}, { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
  workspace: async ({}, use) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cosci-e2e-'));
    const workspace = { dataDir: path.join(root, 'data'), home: path.join(root, 'home') };
    fs.mkdirSync(workspace.home, { recursive: true });
    await use(workspace);
    fs.rmSync(root, { recursive: true, force: true });
  },
  webHost: async ({ workspace, hostEnv }, use, testInfo) => {
    const host = await startWebHost({ ...workspace, env: hostEnv });
    await use(host);
    await host.stop();
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('web-host-stderr', { body: host.stderr(), contentType: 'text/plain' });
    }
  },
  app: async ({ page }, use) => {
    await use(new AppPage(page));
  },
  servers: async ({ workspace }, use) => {
    const opened: McpSide[] = [];
    const track = async <Side extends McpSide>(connecting: Promise<Side>): Promise<Side> => {
      const side = await connecting;
      opened.push(side);
      return side;
    };
    await use({
      assistant: () => track(connectResearchAssistant(workspace.dataDir)),
      scientist: () => track(connectScientistShortcut(workspace.dataDir)),
    });
    await Promise.all(opened.map((side) => side.close()));
  },
});

export { expect } from '@playwright/test';
