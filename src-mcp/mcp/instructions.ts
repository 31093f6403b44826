// Sent to every client at connect time; hosts put it in the model's context.
export const SERVER_INSTRUCTIONS = [
  'Co-Scientist runs an AI co-scientist workflow on the scientist\'s own machine: a research goal becomes a project (start_research), whose hypotheses are generated, reviewed, ranked in an Elo tournament and evolved. The scientist stays in charge and approves each stage in the Co-Scientist desktop app; report what you start and what is waiting for their approval.',
  'Find existing work with list_research_projects before starting something new, follow a project with get_research_status, and read research://projects/{research_id} for a Markdown overview. Errors carry a code (invalid_input, resource_not_found, insufficient_permissions, ...) and a message that says how to fix the call; follow it rather than retrying unchanged.',
].join('\n\n');
