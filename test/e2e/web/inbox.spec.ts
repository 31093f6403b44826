// The inbox as a scientist with several projects uses it: checkpoints grouped by project, narrowed
// by project and kind, like items approved together after one confirmation, the decision buttons
// in reach however long the proposal, and — once nothing waits — what each project waits for.
import { expect, test } from './support/fixtures.js';
import { ControlRoom } from './support/controlRoom.js';
import { connectResearchAssistant, type ResearchAssistant } from './support/researchAssistant.js';

const AML = 'Identify drug repurposing candidates for acute myeloid leukaemia';
const PEROVSKITE = 'Explain why perovskite solar cells degrade under humidity';

let assistant: ResearchAssistant | undefined;
test.afterEach(async () => {
  await assistant?.close();
  assistant = undefined;
});

test('group, filter and bulk-approve like checkpoints; then say what each project waits for', async ({ app, page, webHost, workspace }) => {
  const room = new ControlRoom(page);
  await app.open(webHost.url);
  assistant = await connectResearchAssistant(workspace.dataDir);
  const aml = await assistant.startResearch(AML, 4);
  await assistant.startResearch(PEROVSKITE, 4);
  await expect(room.inboxCount).toHaveText('2');
  await room.openInbox();

  // One group per project, oldest first.
  await expect(page.getByTestId('inbox-group')).toHaveText([AML, PEROVSKITE]);

  // The decision buttons stay in view at the bottom of a long proposal.
  await page.setViewportSize({ width: 1280, height: 520 });
  await expect(page.getByTestId('approve-button')).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Filter by project: only its checkpoint shows, and the address does not change the list.
  await page.getByTestId('inbox-filter-project').selectOption(aml);
  await expect(page.getByTestId('inbox-item')).toHaveCount(1);
  await expect(page.getByTestId('bulk-approve')).toHaveCount(0);
  await page.getByTestId('inbox-filter-project').selectOption('');
  await page.getByTestId('inbox-filter-kind').selectOption('research_plan');
  await expect(page.getByTestId('inbox-item')).toHaveCount(2);

  // Two research plans are alike: one confirmation approves both.
  await page.getByTestId('bulk-approve-button').click();
  await expect(page.getByTestId('bulk-approve')).toContainText('Approve 2 × Research plan in 2 projects?');
  await page.getByTestId('bulk-approve-confirm').click();
  await expect(room.announcement).toContainText('Approved 2 × Research plan');
  await expect(room.inboxCount).toBeHidden();
  await expect(page.getByTestId('inbox-empty')).toBeVisible();

  // Both were really approved: the history shows them, decided by the scientist in the app.
  await page.getByTestId('inbox-tab-history').click();
  await expect(page.getByTestId('history-item')).toHaveCount(2);
  for (const row of await page.getByTestId('history-item').all()) await expect(row.getByTestId('history-decided-by')).toHaveText('You (in the app)');

  // Nothing waits for the scientist: each project says it waits for the assistant, and how to ask.
  await page.getByTestId('inbox-tab-waiting').click();
  const waiting = page.getByTestId('inbox-state-waiting-assistant');
  await expect(waiting).toHaveCount(2);
  await expect(waiting.filter({ hasText: AML })).toContainText('Continue the Co-Scientist research on');
});
