// Markdown renderings shared by tool results and resources: concise, the same facts as the JSON.
import type { ProjectRow } from '../../store/projects.js';
import type { ResearchStatusView } from '../../engine/projects.js';

export function percent(progress: number): string {
  return `${Math.round(progress * 100)}%`;
}

export function projectLine(project: ProjectRow): string {
  return `- **${project.id}** — ${project.goal} _(${project.domain}; ${project.status}, ${percent(project.progress)}; created ${project.createdAt})_`;
}

/** `research://projects/{id}` in the format of seed 000 (docs/seed-mapping.md: Goal, Status, Statistics, Top Hypotheses). */
export function projectMarkdown(view: ResearchStatusView): string {
  const { project } = view;
  return [
    `# Research Project: ${project.id}`,
    '',
    '## Goal',
    project.goal,
    '',
    '## Status',
    `${project.status} (${percent(project.progress)} complete)`,
    '',
    '## Statistics',
    `- Domain: ${project.domain}${project.domainInferred ? ' (inferred from the goal)' : ''}`,
    `- Hypothesis budget: ${project.hypothesisBudget}`,
    `- Hypotheses Generated: ${view.hypothesesGenerated}`,
    `- Hypotheses Reviewed: ${view.hypothesesReviewed}`,
    `- Average ELO Score: ${view.averageElo === null ? 'n/a (no tournament matches yet)' : Math.round(view.averageElo)}`,
    `- Created: ${project.createdAt} by ${project.createdBy}`,
    `- Last update: ${project.updatedAt}`,
    '',
    '## Top Hypotheses',
    ...(view.topHypotheses.length === 0
      ? ['_None ranked yet._']
      : view.topHypotheses.map((h, index) => `${index + 1}. **${h.summary.split(/(?<=[.!?])\s/)[0]}** (ELO: ${Math.round(h.elo)})\n   ${h.rationale.slice(0, 160)}${h.rationale.length > 160 ? '…' : ''}`)),
  ]
    .join('\n')
    .trimEnd() + '\n';
}

