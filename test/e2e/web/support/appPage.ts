// The GUI as a test sees it: locators by data-testid, and the few flows tests repeat.
import { expect, type Locator, type Page } from '@playwright/test';

export class AppPage {
  constructor(readonly page: Page) {}

  /** Opens the app and waits until the first project list has loaded. */
  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.page.locator('[data-app-state="ready"]')).toBeVisible();
  }

  get serverState(): Locator {
    return this.page.getByTestId('server-state');
  }

  get emptyState(): Locator {
    return this.page.getByTestId('projects-empty');
  }

  projectItem(goal: string): Locator {
    return this.page.getByTestId('project-item').filter({ hasText: goal });
  }

  get detail(): Locator {
    return this.page.getByTestId('project-detail');
  }

  detailField(name: string): Locator {
    return this.detail.getByTestId(`detail-${name}`);
  }

  async startResearchFromForm(fields: { goal: string; domain?: string; budget?: number }): Promise<void> {
    await this.page.getByTestId('new-research-button').click();
    const form = this.page.getByTestId('new-research-form');
    await form.getByTestId('new-research-goal').fill(fields.goal);
    if (fields.domain !== undefined) await form.getByTestId('new-research-domain').fill(fields.domain);
    if (fields.budget !== undefined) await form.getByTestId('new-research-budget').fill(String(fields.budget));
    await form.getByTestId('new-research-submit').click();
  }

  async openAssistants(): Promise<void> {
    await this.page.getByTestId('nav-assistants').click();
    await expect(this.page.getByTestId('assistant-claude-desktop')).toBeVisible();
  }
}
