// The control-room views as tests see them: inbox, project view, hypothesis detail, settings.
import { expect, type Locator, type Page } from '@playwright/test';
import { testId, testIdOf, testIdWith } from '../locators.js';
import { sixtyWordSummary } from './researchAssistant.js';

/** A citation as the scientist types it into the add-hypothesis form. */
export interface CitationInput {
  title: string;
  source: string;
  year?: string;
}

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
    return this.page.locator(testIdWith(testId.inboxItem, { 'data-kind': kind }));
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

  /** Opens the project's hypotheses tab and, in the side panel, the first hypothesis listed. */
  async openFirstHypothesis(goal: string): Promise<void> {
    await this.openProject(goal);
    await this.openDetailTab('hypotheses');
    await this.page.getByTestId(testId.hypothesisItem).first().click();
  }

  /** Opens the project's hypotheses tab and its "add hypothesis" form; returns the form. */
  async openAddHypothesisForm(goal: string): Promise<Locator> {
    await this.openProject(goal);
    await this.openDetailTab('hypotheses');
    await this.page.getByTestId(testId.addHypothesisButton).click();
    return this.page.getByTestId(testId.addHypothesisForm);
  }

  /**
   * Fills the form with the scientist's own hypothesis (BRD4 in liver fibrosis, a valid 60-word
   * summary) and one citation row each of `citations`; does not submit.
   */
  async fillOwnHypothesis(form: Locator, citations: readonly CitationInput[] = []): Promise<void> {
    await form.getByTestId(testId.addHypothesisSummary).fill(sixtyWordSummary('the bromodomain protein BRD4'));
    await form.getByTestId(testId.addHypothesisRationale).fill('BRD4 drives the super-enhancers of the fibrogenic programme of activated hepatic stellate cells.');
    await form.getByTestId(testId.addHypothesisProtocol).fill('Treat CCl4-injured mice with JQ1 or vehicle for six weeks; quantify collagen by hydroxyproline and Sirius red.');
    await form.getByTestId(testId.addHypothesisPredictions).fill('JQ1 lowers hydroxyproline by at least 30%');
    for (const [index, citation] of citations.entries()) {
      await form.getByTestId(testId.addCitation).click();
      const row = form.getByTestId(testId.citationRow).nth(index);
      await row.getByTestId(testId.citationTitle).fill(citation.title);
      await row.getByTestId(testId.citationSource).fill(citation.source);
      if (citation.year !== undefined) await row.getByTestId(testId.citationYear).fill(citation.year);
    }
  }

  /** Submits the form and waits until the dialog has closed (the app then shows the new hypothesis). */
  async submitHypothesis(form: Locator): Promise<void> {
    await form.getByTestId(testId.addHypothesisSubmit).click();
    await expect(this.page.getByTestId(testId.addHypothesisDialog)).toBeHidden();
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
