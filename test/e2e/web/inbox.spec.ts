// The inbox as a scientist with several projects uses it: checkpoints grouped by project, narrowed
// by project and kind, like items approved together after one confirmation, the decision buttons
// in reach however long the proposal, and — once nothing waits — what each project waits for.
import { expect, test } from './support/fixtures.js';
import { ControlRoom } from './support/controlRoom.js';
import { testId } from './locators.js';

const AML = 'Identify drug repurposing candidates for acute myeloid leukaemia';
const PEROVSKITE = 'Explain why perovskite solar cells degrade under humidity';

test('group, filter and bulk-approve like checkpoints; then say what each project waits for', async ({ app, page, webHost, servers }) => {
  const room = new ControlRoom(page);
  await app.open(webHost.url);
  const assistant = await servers.assistant();
  const aml = await assistant.startResearch(AML, 4);
  await assistant.startResearch(PEROVSKITE, 4);
  await expect(room.inboxCount).toHaveText('2');
  await room.openInbox();

  // One group per project, oldest first.
  await expect(page.getByTestId(testId.inboxGroup)).toHaveText([AML, PEROVSKITE]);

  // The decision buttons stay in view at the bottom of a long proposal.
  await page.setViewportSize({ width: 1280, height: 520 });
  await expect(page.getByTestId(testId.approveButton)).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Filter by project: only its checkpoint shows, and the address does not change the list.
  await page.getByTestId(testId.inboxFilterProject).selectOption(aml);
  await expect(page.getByTestId(testId.inboxItem)).toHaveCount(1);
  await expect(page.getByTestId(testId.bulkApprove)).toHaveCount(0);
  await page.getByTestId(testId.inboxFilterProject).selectOption('');
  await page.getByTestId(testId.inboxFilterKind).selectOption('research_plan');
  await expect(page.getByTestId(testId.inboxItem)).toHaveCount(2);

  // Two research plans are alike: one confirmation approves both.
  await page.getByTestId(testId.bulkApproveButton).click();
  await expect(page.getByTestId(testId.bulkApprove)).toContainText('Approve 2 × Research plan in 2 projects?');
  await page.getByTestId(testId.bulkApproveConfirm).click();
  await expect(room.announcement).toContainText('Approved 2 × Research plan');
  await expect(room.inboxCount).toBeHidden();
  await expect(page.getByTestId(testId.inboxEmpty)).toBeVisible();

  // Both were really approved: the history shows them, decided by the scientist in the app.
  await page.getByTestId(testId.inboxTabHistory).click();
  await expect(page.getByTestId(testId.historyItem)).toHaveCount(2);
  for (const row of await page.getByTestId(testId.historyItem).all()) await expect(row.getByTestId(testId.historyDecidedBy)).toHaveText('You (in the app)');

  // Nothing waits for the scientist: each project says it waits for the assistant, and how to ask.
  await page.getByTestId(testId.inboxTabWaiting).click();
  const waiting = page.getByTestId(testId.inboxStateWaitingAssistant);
  await expect(waiting).toHaveCount(2);
  await expect(waiting.filter({ hasText: AML })).toContainText('Continue the Co-Scientist research on');
  // …and what it has to do: the generation the approved plan queued.
  await expect(waiting.filter({ hasText: AML }).getByTestId(testId.inboxStateWork)).toContainText('has 1 generation item to do — ask it to continue');
});

test('a long goal collapses to two lines with a way to read it all, and never widens the page at 800 px', async ({ app, page, webHost, servers }) => {
  const chemical = '(2S,3R,4S,5S,6R)-2-[4-chloro-3-[(4-ethoxyphenyl)methyl]phenyl]-6-(hydroxymethyl)oxane-3,4,5-triol';
  const goal = `Determine whether ${chemical} slows kidney fibrosis in diabetic patients through a mechanism independent of glucose lowering, ${'considering tubular metabolism, inflammation, haemodynamics and the interplay with existing therapies, '.repeat(4)}and propose testable mechanisms.`;
  await page.setViewportSize({ width: 800, height: 900 });
  await app.open(webHost.url);
  const assistant = await servers.assistant();
  await assistant.startResearch(goal, 3);
  const room = new ControlRoom(page);
  await expect(room.inboxCount).toHaveText('1');
  await room.openInbox();

  const title = room.checkpoint.getByTestId(testId.checkpointGoal);
  await expect(title).toHaveText(goal);
  const lineHeight = await title.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  const collapsed = (await title.boundingBox())?.height ?? 0;
  expect(collapsed).toBeLessThanOrEqual(lineHeight * 2 + 2);
  await room.checkpoint.getByTestId(testId.longTextToggle).click();
  await expect(room.checkpoint.getByTestId(testId.longTextToggle)).toHaveText('Show less');
  expect((await title.boundingBox())?.height ?? 0).toBeGreaterThan(collapsed * 2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  await room.openProject(chemical);
  await expect(page.getByTestId(testId.detailGoal)).toHaveText(goal);
  await expect(page.getByTestId(testId.projectDetail).getByTestId(testId.longTextToggle)).toHaveText('Show all');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
