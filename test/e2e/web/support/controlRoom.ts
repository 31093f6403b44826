// The control-room views as tests see them: inbox, project view, hypothesis detail, settings.
import { expect, type Locator, type Page } from '@playwright/test';
import { testId, testIdOf } from '../locators.js';

export class ControlRoom {
  constructor(readonly page: Page) {}

  get inboxCount(): Locator {
    return this.page.getByTestId(testId.inboxCount);
  }

  async openInbox(): Promise<void> {
    await this.page.getByTestId(testId.navInbox).click();
    await expect(this.page.getByTestId(testId.inbox)).toBeVisible();
  }

  inboxItem(kind: string): Locator {
    return this.page.getByTestId(testId.inboxItem).and(this.page.locator(`[data-kind="${kind}"]`));
  }

  get checkpoint(): Locator {
    return this.page.getByTestId(testId.checkpointDetail);
  }

  /** The confirmation of the latest decision (earlier ones may still be fading out). */
  get announcement(): Locator {
    return this.page.getByTestId(testId.decisionAnnouncement).last();
  }

  async openSettings(): Promise<void> {
    await this.page.getByTestId(testId.navSettings).click();
    await expect(this.page.getByTestId(testId.settings)).toBeVisible();
  }

  async openProjects(): Promise<void> {
    await this.page.getByTestId(testId.navProjects).click();
  }

  async openProject(goal: string): Promise<void> {
    await this.openProjects();
    await this.page.getByTestId(testId.projectItem).filter({ hasText: goal }).click();
    await expect(this.page.getByTestId(testId.projectDetail)).toBeVisible();
  }

  async openDetailTab(tab: 'overview' | 'timeline' | 'hypotheses'): Promise<void> {
    await this.page.getByTestId(testIdOf.detailTab(tab)).click();
  }

  timelineEntry(text: string | RegExp): Locator {
    return this.page.getByTestId(testId.timelineEntry).filter({ hasText: text });
  }

  /** Scrolls the (virtualised) timeline to its end, where the latest entries are. */
  async scrollTimelineToEnd(): Promise<void> {
    await this.page.getByTestId(testId.timeline).evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
  }

  hypothesisItem(number: number): Locator {
    return this.page.getByTestId(testId.hypothesisItem).filter({ has: this.page.getByText(`H${number}`, { exact: true }) });
  }

  get hypothesis(): Locator {
    return this.page.getByTestId(testId.hypothesisDetail);
  }
}
