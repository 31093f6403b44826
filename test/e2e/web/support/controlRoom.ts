// The control-room views as tests see them: inbox, project view, hypothesis detail, settings.
import { expect, type Locator, type Page } from '@playwright/test';

export class ControlRoom {
  constructor(readonly page: Page) {}

  get inboxCount(): Locator {
    return this.page.getByTestId('inbox-count');
  }

  async openInbox(): Promise<void> {
    await this.page.getByTestId('nav-inbox').click();
    await expect(this.page.getByTestId('inbox')).toBeVisible();
  }

  inboxItem(kind: string): Locator {
    return this.page.getByTestId('inbox-item').and(this.page.locator(`[data-kind="${kind}"]`));
  }

  get checkpoint(): Locator {
    return this.page.getByTestId('checkpoint-detail');
  }

  /** The confirmation of the latest decision (earlier ones may still be fading out). */
  get announcement(): Locator {
    return this.page.getByTestId('decision-announcement').last();
  }

  async openSettings(): Promise<void> {
    await this.page.getByTestId('nav-settings').click();
    await expect(this.page.getByTestId('settings')).toBeVisible();
  }

  async openProjects(): Promise<void> {
    await this.page.getByTestId('nav-projects').click();
  }

  async openProject(goal: string): Promise<void> {
    await this.openProjects();
    await this.page.getByTestId('project-item').filter({ hasText: goal }).click();
    await expect(this.page.getByTestId('project-detail')).toBeVisible();
  }

  async openDetailTab(tab: 'overview' | 'timeline' | 'hypotheses'): Promise<void> {
    await this.page.getByTestId(`detail-tab-${tab}`).click();
  }

  timelineEntry(text: string | RegExp): Locator {
    return this.page.getByTestId('timeline-entry').filter({ hasText: text });
  }

  /** Scrolls the (virtualised) timeline to its end, where the latest entries are. */
  async scrollTimelineToEnd(): Promise<void> {
    await this.page.getByTestId('timeline').evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
  }

  hypothesisItem(number: number): Locator {
    return this.page.getByTestId('hypothesis-item').filter({ has: this.page.getByText(`H${number}`, { exact: true }) });
  }

  get hypothesis(): Locator {
    return this.page.getByTestId('hypothesis-detail');
  }
}
