// Sent to every client at connect time; hosts put it in the model's context, in every conversation.
// Each sentence names only tools the reader can call (issue 15 item 9): a sentence about tools the
// client's scopes hide is left out. Work-item rules are not here: each item names its rules
// version and continue_research hands them over once per conversation (docs/work-items.md).

/** One sentence of guidance and the tools it tells the reader to call (all of them must be callable). */
interface Guidance {
  text: string;
  tools: readonly string[];
}

const GUIDANCE: readonly Guidance[] = [
  { text: "Co-Scientist runs an AI co-scientist workflow on the scientist's own machine: a research goal becomes a project whose hypotheses are generated, reviewed, ranked in a pairwise tournament (Elo shown, Bradley-Terry ranking) and evolved.", tools: [] },
  { text: 'Start one with start_research.', tools: ['start_research'] },
  {
    text: 'You do the thinking: continue_research hands you one work item at a time (its rules are named by version: ask for them with include_rules=true once per kind in a conversation), and submit_work stores your result and returns the next step.',
    tools: ['continue_research', 'submit_work'],
  },
  { text: 'The scientist stays in charge: the workflow pauses at checkpoints (plan, hypothesis batches, evolution plan, final report, safety reviews) that they approve, edit or reject in the Co-Scientist app — tell them when one is waiting, and never answer for them.', tools: [] },
  { text: 'Find existing work with list_research_projects before starting anything new; get_research_status resumes a project in a new conversation.', tools: ['list_research_projects', 'get_research_status'] },
  { text: 'Read research://projects/{id}, hypothesis://{id} and checkpoint://{id} for details.', tools: [] },
  { text: 'Use get_results and export_results for reports.', tools: ['get_results', 'export_results'] },
  { text: "Use query_knowledge_base to ground hypotheses in the scientist's literature.", tools: ['query_knowledge_base'] },
  { text: 'Errors carry a code (invalid_input, resource_not_found, insufficient_permissions, rate_limit_exceeded, conflict, safety_blocked, budget_exhausted) and a message that says how to fix the call: follow it rather than retrying unchanged.', tools: [] },
];

/** The instructions for a client that can call the tools `canCall` accepts. */
export function serverInstructions(canCall: (tool: string) => boolean): string {
  return GUIDANCE.filter((g) => g.tools.every(canCall))
    .map((g) => g.text)
    .join(' ');
}

/** Every tool visible: the text a client with every scope reads. */
export const SERVER_INSTRUCTIONS = serverInstructions(() => true);
