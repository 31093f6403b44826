// The Leaderboard and Audit log sections as tests see them: locators by data-testid and the few
// reads tests repeat (the rows on screen, in order).
import { expect, type Locator, type Page } from '@playwright/test';
import { testId, testIdOf, testIdWith } from '../locators.js';

export interface ShownRow {
  id: string;
  rank: string;
  elo: number;
  summary: string;
}

export class LeaderboardPage {
  constructor(readonly page: Page) {}

  get section(): Locator {
    return this.page.getByTestId(testId.leaderboardSection);
  }

  get board(): Locator {
    return this.page.getByTestId(testId.projectLeaderboard);
  }

  get rows(): Locator {
    return this.page.getByTestId(testId.leaderboardRow);
  }

  row(id: string): Locator {
    return this.page.locator(testIdWith(testId.leaderboardRow, { 'data-id': id }));
  }

  async open(): Promise<void> {
    await this.page.getByTestId(testId.navLeaderboard).click();
    await expect(this.section).toBeVisible();
  }

  /** Waits until every chunk of the leaderboard has arrived and `rows` hypotheses are listed. */
  async waitForRows(count: number): Promise<void> {
    await expect(this.board).toHaveAttribute('data-state', 'complete');
    await expect(this.board).toHaveAttribute('data-loaded-rows', String(count));
  }

  /** Opens the section and waits until all `count` rows are in. */
  async openWhole(count: number): Promise<void> {
    await this.open();
    await this.waitForRows(count);
  }

  /** The board stopped part-way, with `rows` rows in. */
  async expectPartial(rows: number): Promise<void> {
    await expect(this.board).toHaveAttribute('data-state', 'partial');
    await expect(this.board).toHaveAttribute('data-loaded-rows', String(rows));
  }

  /** Presses "Try again" on the board's error and waits until all `count` rows are in. */
  async tryAgain(count: number): Promise<void> {
    await this.page.getByTestId(testId.leaderboardError).getByRole('button', { name: 'Try again' }).click();
    await this.waitForRows(count);
  }

  async tab(name: 'table' | 'history' | 'lineage' | 'compare' | 'arena' | 'matches'): Promise<void> {
    await this.page.getByTestId(testIdOf.tab(name)).click();
    await expect(this.page.getByTestId(testIdOf.tab(name))).toHaveAttribute('aria-selected', 'true');
  }

  /** The rows in the order shown. */
  async shown(): Promise<ShownRow[]> {
    return this.rows.evaluateAll((elements) =>
      elements
        .map((element) => ({
          top: (element as HTMLElement).getBoundingClientRect().top,
          id: element.getAttribute('data-id') ?? '',
          rank: element.querySelector('[data-testid="row-rank"]')?.firstChild?.textContent?.trim() ?? '',
          elo: Number(element.querySelector('[data-testid="row-elo"]')?.textContent),
          summary: element.querySelector('[data-testid="row-summary"]')?.textContent ?? '',
        }))
        .sort((a, b) => a.top - b.top)
        .map(({ id, rank, elo, summary }) => ({ id, rank, elo, summary })),
    );
  }

  async eloOf(id: string): Promise<number> {
    return Number(await this.row(id).getByTestId(testId.rowElo).textContent());
  }
}

export class AuditLogPage {
  constructor(readonly page: Page) {}

  get view(): Locator {
    return this.page.getByTestId(testId.auditView);
  }

  get rows(): Locator {
    return this.page.getByTestId(testId.auditRow);
  }

  async open(): Promise<void> {
    await this.page.getByTestId(testId.navAudit).click();
    await expect(this.view).toBeVisible();
    await expect(this.page.getByTestId(testId.auditTable)).toBeVisible();
  }

  /** The filtered total the view reports. */
  count(): Locator {
    return this.page.getByTestId(testId.auditCount);
  }
}

/** The top of a project's leaderboard as the project view embeds it (TopHypotheses.tsx). */
export class ProjectTopBoard {
  constructor(readonly page: Page) {}

  get board(): Locator {
    return this.page.getByTestId(testId.projectTopBoard);
  }

  get rows(): Locator {
    return this.board.getByTestId(testId.leaderboardRow);
  }

  row(id: string): Locator {
    return this.board.locator(testIdWith(testId.leaderboardRow, { 'data-id': id }));
  }

  /** The rows in table order, with the Elo each shows. */
  async shown(): Promise<Array<{ id: string; elo: number }>> {
    return this.rows.evaluateAll(
      (elements, eloTestId) =>
        elements.map((element) => ({
          id: element.getAttribute('data-id') ?? '',
          elo: Number(element.querySelector(`[data-testid="${eloTestId}"]`)?.textContent),
        })),
      testId.rowElo,
    );
  }
}
