// The MCP Apps views shown in the chat (issue 34): one owner for their names, their ui:// addresses
// and the file each is built into. The server serves them (src-mcp/mcp/apps/), the build writes
// them (scripts/build-apps.mjs imports this file), the views and their tests import the names.

export const CHAT_VIEW_NAMES = ['leaderboard', 'checkpoint', 'status', 'hypothesis'] as const;
export type ChatViewName = (typeof CHAT_VIEW_NAMES)[number];

/** Each view's page title; the build writes it into the one page template (src-renderer/chat-views/view.html). */
export const CHAT_VIEW_TITLES: Readonly<Record<ChatViewName, string>> = {
  leaderboard: 'Leaderboard',
  checkpoint: 'Checkpoint',
  status: 'Project status',
  hypothesis: 'Hypothesis card',
};

/** The ui:// resource of a view: `ui://co-scientist/<name>.html`. */
export function chatViewUri(name: ChatViewName): string {
  return `ui://co-scientist/${name}.html`;
}

/** The built file of a view, relative to dist/. */
export function chatViewFile(name: ChatViewName): string {
  return `apps/${name}.html`;
}

/** The tools whose results a view shows (tools/list links each with `_meta.ui.resourceUri`). */
export const VIEW_OF_TOOL: Readonly<Record<string, ChatViewName>> = {
  list_hypotheses: 'leaderboard',
  rank_hypotheses: 'leaderboard',
  list_checkpoints: 'checkpoint',
  continue_research: 'checkpoint',
  get_research_status: 'status',
  show_hypothesis_card: 'hypothesis',
};

/** App-only tools (`_meta.ui.visibility: ["app"]`): the views' buttons call them, the model never sees them. */
export const DECIDE_IN_CHAT_TOOL = 'decide_in_chat';
export const HYPOTHESIS_CARD_TOOL = 'show_hypothesis_card';
