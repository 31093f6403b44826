// Settings → Lab server through the web host in Chromium: the scientist enters the lab's URL,
// signs in on the lab's real sign-in page (oidc-provider, opened in a new tab), sees who is signed
// in, switches the app to the lab in one click — the projects shown are the lab's, not this
// computer's — and back; then signs out.
import { SignJWT } from 'jose';
import { expect, test } from './support/fixtures.js';
import { ControlRoom } from './support/controlRoom.js';
import { connectAssistant } from './support/assistant.js';
import { testId } from './locators.js';
import { describeFindings, seriousAxeFindings } from './support/axe.js';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { REPO_ROOT } from './support/paths.js';
import { DESKTOP_APP_CLIENT, SIGNING_KID, startAuthorizationServer, type AuthorizationServer } from '../../support/authorizationServer.js';
import { makeTempDir, removeTempDirs } from '../../support/tempDirs.js';

const LAB_GOAL = 'Lab project: why do zebrafish hearts regenerate?';
const LOCAL_GOAL = 'Local project: how do planarians regrow heads?';

let issuer: AuthorizationServer;
let lab: { url: string; child: ChildProcess };
let resource = '';

/** `co-scientist serve --http --issuer …` from the build (test/support/labServer.ts reads SQLite, which this runner cannot load). */
async function startLab(issuerUrl: string, dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin', 'co-scientist.js'), 'serve', '--http', '--port', '0', '--issuer', issuerUrl, '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      const found = /listening on (\S+)/.exec(printed)?.[1];
      if (found !== undefined && /^Issuers/m.test(printed)) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`the lab server exited with ${code}`)));
  });
  return { url, child };
}

test.use({ hostEnv: { COSCI_LAB_CLIENT_ID: DESKTOP_APP_CLIENT } });

test.beforeAll(async () => {
  issuer = await startAuthorizationServer({ resource: () => resource });
  lab = await startLab(issuer.issuer, makeTempDir('cosci-e2e-lab-'));
  resource = lab.url;
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ iss: issuer.issuer, sub: 'pat', aud: resource, exp: now + 300, iat: now, scope: 'research:write research:read', client_id: 'lab-assistant', name: 'Pat Principal' })
    .setProtectedHeader({ alg: 'RS256', kid: SIGNING_KID, typ: 'at+jwt' })
    .sign(issuer.privateKey);
  const assistant = new Client({ name: 'e2e-lab-assistant', version: '1.0.0' });
  await assistant.connect(new StreamableHTTPClientTransport(new URL(lab.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  await assistant.callTool({ name: 'start_research', arguments: { goal: LAB_GOAL } });
  await assistant.close();
});
test.afterAll(async () => {
  if (lab?.child.exitCode === null) {
    const exited = new Promise((resolve) => lab.child.once('exit', resolve));
    lab.child.kill('SIGTERM');
    await exited;
  }
  await issuer?.close();
  removeTempDirs();
});

test('signs in to the lab on its own sign-in page and switches between this computer\'s projects and the lab\'s in one click', async ({ app, page, webHost, workspace, context }) => {
  const here = await connectAssistant(workspace.dataDir);
  await here.startResearch({ goal: LOCAL_GOAL, hypothesis_count: 4 });
  await here.close();

  const room = new ControlRoom(page);
  await app.open(webHost.url);
  await room.openSettings();
  const section = page.getByTestId('lab-server');
  await section.getByTestId('lab-url').fill(lab.url);
  await section.getByTestId('lab-url-save').click();
  await expect(section.getByTestId('lab-sign-in')).toBeEnabled();

  // The lab's sign-in page opens in a new tab: log in and consent there, as the scientist would.
  const [signInPage] = await Promise.all([context.waitForEvent('page'), section.getByTestId('lab-sign-in').click()]);
  await signInPage.waitForLoadState();
  expect(new URL(signInPage.url()).origin).toBe(issuer.issuer);
  await signInPage.locator('input[name="login"]').fill('alice');
  await signInPage.locator('input[name="password"]').fill('any');
  await signInPage.locator('button[type="submit"]').click();
  await signInPage.locator('button[type="submit"]').click();
  await expect(signInPage.getByText('You can close this tab')).toBeVisible();
  expect(signInPage.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\?/);
  await signInPage.close();

  await expect(section.getByTestId('lab-identity')).toContainText('Signed in as Alice Student');
  const findings = await seriousAxeFindings(page, 'settings: lab server, signed in');
  expect(findings, describeFindings(findings)).toEqual([]);
  await section.getByTestId('lab-side-lab').click();
  await expect(section.getByTestId('lab-side-lab')).toBeChecked();
  await room.openProjects();
  const projects = page.getByTestId(testId.projectItem);
  await expect(projects.filter({ hasText: LAB_GOAL })).toBeVisible();
  await expect(projects.filter({ hasText: LOCAL_GOAL })).toHaveCount(0);

  // Back with the header's switch, from the projects view itself.
  await page.getByTestId('header-lab-side-local').click();
  await expect(page.getByTestId('header-lab-side-local')).toHaveAttribute('aria-pressed', 'true');
  await expect(projects.filter({ hasText: LOCAL_GOAL })).toBeVisible();
  await expect(projects.filter({ hasText: LAB_GOAL })).toHaveCount(0);

  await room.openSettings();
  await section.getByTestId('lab-sign-out').click();
  await expect(section.getByTestId('lab-sign-in')).toBeVisible();
  await expect(section.getByTestId('lab-side-lab')).toBeDisabled();
});
