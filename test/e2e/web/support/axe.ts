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

/** The serious and critical findings on the page as it is now, labelled with `view`. */
export async function seriousAxeFindings(page: Page, view: string): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
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
