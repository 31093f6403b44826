// Route handlers for the tournament and audit views: each is one desktop-only tool call on the
// research server. Kept beside router.ts (which spreads them in) so that file stays small.
import type { z } from 'zod';
import type { Routes } from './contract.js';
import type { auditRoutes } from './audit.contract.js';
import type { tournamentRoutes } from './tournament.contract.js';
import type { ToolOutcome } from './toolResult.js';
import { leaderboardPageWithReadAhead } from './leaderboardReadAhead.js';

type Route = keyof typeof tournamentRoutes | keyof typeof auditRoutes;
type RouteHandlers = { [R in Route]: (input: z.output<Routes[R]['input']>) => Promise<ToolOutcome> };
type CallTool = (name: string, args: Record<string, unknown>) => Promise<ToolOutcome>;

/** Optional fields the renderer left undefined must not reach the tool as explicit nulls. */
function defined(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

/** `pageTool` reads get_leaderboard's pages; the router passes one that keeps them as the server's bytes (checkedJson.ts). */
export function tournamentAuditHandlers(tool: CallTool, pageTool: CallTool = tool): RouteHandlers {
  return {
    'leaderboard.page': leaderboardPageWithReadAhead((input) => pageTool('get_leaderboard', defined(input))),
    'leaderboard.eloHistory': (input) => tool('get_elo_history', defined(input)),
    'leaderboard.matches': (input) => tool('list_matches', defined(input)),
    'leaderboard.compare': (input) => tool('compare_hypotheses', input),
    'arena.nextPair': (input) => tool('next_arena_pair', defined(input)),
    'arena.vote': (input) => tool('record_judgement', defined(input)),
    'audit.query': (input) => tool('query_audit_log', defined(input)),
    'audit.verify': () => tool('verify_audit_log', {}),
    'audit.export': (input) => tool('export_audit_log', defined(input)),
  };
}
