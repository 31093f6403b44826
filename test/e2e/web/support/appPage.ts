// The GUI as a test sees it: locators by data-testid, and the few flows tests repeat.
import { expect, type Locator, type Page } from '@playwright/test';
import { appState, testId, testIdOf } from '../locators.js';

export class AppPage {
  constructor(readonly page: Page) {}

  /** Opens the app and waits until the first project list has loaded. */
  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.page.locator(appState('ready'))).toBeVisible();
  }

  get serverState(): Locator {
    return this.page.getByTestId(testId.serverState);
  }

  get emptyState(): Locator {
    return this.page.getByTestId(testId.projectsEmpty);
  }

  projectItem(goal: string): Locator {
    return this.page.getByTestId(testId.projectItem).filter({ hasText: goal });
  }

  get detail(): Locator {
    return this.page.getByTestId(testId.projectDetail);
  }

  detailField(name: string): Locator {
    return this.detail.getByTestId(testIdOf.detailField(name));
  }

  async startResearchFromForm(fields: { goal: string; domain?: string; budget?: number }): Promise<void> {
    await this.page.getByTestId(testId.newResearchButton).click();
    const form = this.page.getByTestId(testId.newResearchForm);
    await form.getByTestId(testId.newResearchGoal).fill(fields.goal);
    if (fields.domain !== undefined) await form.getByTestId(testId.newResearchDomain).fill(fields.domain);
    if (fields.budget !== undefined) await form.getByTestId(testId.newResearchBudget).fill(String(fields.budget));
    await form.getByTestId(testId.newResearchSubmit).click();
  }

  async openAssistants(): Promise<void> {
    await this.page.getByTestId(testId.navAssistants).click();
    // The list has arrived (an assistant not found here is in its closed list, not shown).
    await expect(this.page.getByTestId(testId.assistantsList)).toBeVisible();
  }
}
