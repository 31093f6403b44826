// Settings → Lab server through the web host in Chromium: the scientist enters the lab's URL,
// signs in on the lab's real sign-in page (oidc-provider, opened in a new tab), sees who is signed
// in, switches the app to the lab in one click — the projects shown are the lab's, not this
// computer's — and back; then signs out. And step-up: with a lab that grants the app only
// research:read, starting a project is refused in words, Settings offers to sign in again for the
// permission named, and once the lab grants it the same action goes through.
import { SignJWT } from 'jose';
import type { BrowserContext, Locator } from '@playwright/test';
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
const STUDENT_GOAL = 'Student project: do zebrafish fins regrow faster in warm water?';

let issuer: AuthorizationServer;
let lab: { url: string; child: ChildProcess };
let resource = '';
/** The lab's policy for the desktop app (undefined: everything but admin); read each time a token is issued. */
let desktopGrant: string | undefined;

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
  issuer = await startAuthorizationServer({ resource: () => resource, grantedScope: (clientId) => (clientId === DESKTOP_APP_CLIENT ? desktopGrant : undefined) });
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

/** Opens Settings and saves the lab's address there; returns the lab-server section. */
async function saveLabUrl(room: ControlRoom): Promise<Locator> {
  await room.openSettings();
  const section = room.page.getByTestId('lab-server');
  await section.getByTestId('lab-url').fill(lab.url);
  await section.getByTestId('lab-url-save').click();
  return section;
}

/** Clicks `button` in Settings; the lab's sign-in page opens in a new tab: log in (unless the issuer remembers the browser) and consent there, as the scientist would. */
async function signInOnLabPage(context: BrowserContext, button: Locator, login: string): Promise<void> {
  const [signInPage] = await Promise.all([context.waitForEvent('page'), button.click()]);
  await signInPage.waitForLoadState();
  expect(new URL(signInPage.url()).origin).toBe(issuer.issuer);
  // The login page when the browser has no session at the issuer yet; a consent page when more is asked than was consented to.
  const done = signInPage.getByText('You can close this tab');
  const loginField = signInPage.locator('input[name="login"]');
  const submit = signInPage.locator('button[type="submit"]');
  for (let step = 0; step < 4; step++) {
    await expect(done.or(submit).first()).toBeVisible();
    if (await done.isVisible()) break;
    if (await loginField.isVisible()) {
      await loginField.fill(login);
      await signInPage.locator('input[name="password"]').fill('any');
    }
    const at = signInPage.url();
    await submit.click();
    await signInPage.waitForURL((url) => url.href !== at);
  }
  await expect(done).toBeVisible();
  expect(signInPage.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\?/);
  await signInPage.close();
}

test('signs in to the lab on its own sign-in page and switches between this computer\'s projects and the lab\'s in one click', async ({ app, page, webHost, workspace, context }) => {
  const here = await connectAssistant(workspace.dataDir);
  await here.startResearch({ goal: LOCAL_GOAL, hypothesis_count: 4 });
  await here.close();

  const room = new ControlRoom(page);
  await app.open(webHost.url);
  const section = await saveLabUrl(room);
  await expect(section.getByTestId('lab-sign-in')).toBeEnabled();

  await signInOnLabPage(context, section.getByTestId('lab-sign-in'), 'alice');

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

test('a lab that grants too little: starting a project is refused naming the permission, Settings offers to sign in again for it, and then the action goes through', async ({ app, page, webHost, context }) => {
  desktopGrant = 'research:read';
  try {
    const room = new ControlRoom(page);
    await app.open(webHost.url);
    const section = await saveLabUrl(room);
    await signInOnLabPage(context, section.getByTestId('lab-sign-in'), 'alice');
    await expect(section.getByTestId('lab-identity')).toContainText('Signed in as Alice Student');
    await expect(section.getByTestId('lab-step-up')).toHaveCount(0);
    await section.getByTestId('lab-side-lab').click();

    const startOnLab = async (): Promise<void> => {
      await room.openProjects();
      await page.getByTestId(testId.newResearchButton).click();
      const form = page.getByTestId(testId.newResearchForm);
      await form.getByTestId(testId.newResearchGoal).fill(STUDENT_GOAL);
      await form.getByTestId(testId.newResearchSubmit).click();
    };
    await startOnLab();
    const refusal = page.getByTestId(testId.newResearchError);
    await expect(refusal).toContainText(/needs the permission .*research:write/);
    await expect(refusal).toContainText('Sign in again under Settings → Lab server');

    await room.openSettings();
    await expect(section.getByTestId('lab-message')).toContainText('research:write');
    const stepUp = section.getByTestId('lab-step-up');
    await expect(stepUp).toContainText(/Sign in again for .*research:write/);
    const findings = await seriousAxeFindings(page, 'settings: lab server, a permission needed');
    expect(findings, describeFindings(findings)).toEqual([]);

    // The lab's administrator grants the permission; the scientist signs in again for it.
    desktopGrant = undefined;
    await signInOnLabPage(context, stepUp, 'alice');
    await expect(section.getByTestId('lab-step-up')).toHaveCount(0);
    await expect(section.getByTestId('lab-message')).toHaveCount(0);
    await expect(section.getByTestId('lab-side-lab')).toBeChecked();

    await startOnLab();
    await expect(page.getByTestId(testId.newResearchError)).toHaveCount(0);
    await room.openProjects();
    await expect(page.getByTestId(testId.projectItem).filter({ hasText: STUDENT_GOAL })).toBeVisible();
  } finally {
    desktopGrant = undefined;
  }
});
