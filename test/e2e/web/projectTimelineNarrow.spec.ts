// Reading a project (issue 33 item 16): in a narrow window, choosing a project brings its details
// into view (they sit below the whole list there), and the timeline stamps a decided checkpoint with
// the moment of the decision, not with the moment the checkpoint began to wait.
import { describeFindings, seriousAxeFindings } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { ControlRoom } from './support/controlRoom.js';

const GOALS = [
  'Find novel therapeutic targets for liver fibrosis',
  'Explain why some tumours resist checkpoint inhibitors',
  'Identify repurposable drugs that slow kidney fibrosis',
  'Explain why perovskite solar cells degrade under humidity',
  'Find biomarkers that predict sepsis within six hours',
  'Explain the seasonal pattern of influenza transmission',
  'Find enzymes that break down polyethylene terephthalate',
  'Explain memory consolidation during slow wave sleep',
];

test('at 800 px, choosing a project scrolls its details into view', async ({ app, page, webHost, servers }) => {
  const desktop = await servers.scientist();
  for (const goal of GOALS) await desktop.call('start_research', { goal });
  await page.setViewportSize({ width: 800, height: 720 });
  await app.open(webHost.url);
  const first = app.projectItem(GOALS[0] as string);
  await first.click();
  await expect(app.detail).toBeVisible();
  await expect(app.detail).toBeInViewport();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const findings = await seriousAxeFindings(page, `project chosen at 800 px, ${colorScheme}`);
    expect(findings, describeFindings(findings)).toEqual([]);
  }
});

test('the timeline stamps an edited research plan with the time of the edit', async ({ app, page, webHost, servers }) => {
  // Two servers and the web host start inside the test: 37 s on a loaded CI run, past the 60 s default on a slower one.
  test.setTimeout(120_000);
  const desktop = await servers.scientist();
  const researchId = (await desktop.call('start_research', { goal: GOALS[0] as string })).research_id as string;
  const overview = await desktop.call('list_project_overview', {});
  const plan = (overview.pending as Array<{ checkpoint_id: string; kind: string }>).find((c) => c.kind === 'research_plan');
  // The decision comes visibly later than the checkpoint (the stamp shows seconds).
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const objectives = ['Rank epigenetic regulators of stellate cell activation'];
  await desktop.call('decide', { checkpoint_id: plan?.checkpoint_id, action: 'edit', data: { goal: GOALS[0], domain: 'hepatology', objectives, hypothesis_budget: 6 } });
  const timeline = await desktop.call('get_project_timeline', { research_id: researchId });
  const entry = (timeline.entries as Array<{ kind: string; at: string; finished_at: string | null }>).find((e) => e.kind === 'research_plan');
  expect(entry?.finished_at).not.toBeNull();
  expect(entry?.finished_at).not.toBe(entry?.at);

  for (const width of [1440, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await app.open(webHost.url);
    const room = new ControlRoom(page);
    await app.projectItem(GOALS[0] as string).click();
    await room.openDetailTab('timeline');
    const edited = room.timelineEntry('Research plan edited');
    await expect(edited.locator('time')).toHaveAttribute('datetime', entry?.finished_at as string);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      const findings = await seriousAxeFindings(page, `timeline at ${width} px, ${colorScheme}`);
      expect(findings, describeFindings(findings)).toEqual([]);
    }
  }
});
