// Accessibility checks with axe-core: a view passes when axe finds no serious or critical
// violation. The failure message lists each rule with the first few offending nodes, so a failing
// run says what to fix without opening the trace.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export interface AxeFinding {
  view: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/**
 * The serious and critical findings on the page as it is now, labelled with `view`; only in the
 * elements `include` selects when given (a quick look at a state that lasts seconds).
 */
export async function seriousAxeFindings(page: Page, view: string, include: readonly string[] = []): Promise<AxeFinding[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  for (const selector of include) builder = builder.include(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      view,
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      nodes: violation.nodes.slice(0, 3).map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`.replace(/\s+/g, ' ')),
    }));
}

export function describeFindings(findings: readonly AxeFinding[]): string {
  return findings.map((f) => `[${f.view}] ${f.impact} ${f.rule}: ${f.help}\n    ${f.nodes.join('\n    ')}`).join('\n');
}

/** The serious and critical findings of the page as it is now, in light and dark at 1440 and 800 px wide; the page is left light at 1440 px. */
export async function seriousAxeFindingsEverywhere(page: Page, view: string): Promise<AxeFinding[]> {
  const findings: AxeFinding[] = [];
  const height = page.viewportSize()?.height ?? 800;
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [1440, 800]) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height });
      findings.push(...(await seriousAxeFindings(page, `${view} (${colorScheme}, ${width} px)`)));
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height });
  return findings;
}
