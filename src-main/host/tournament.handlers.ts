// Handlers of the tournament routes (src-shared/routes/tournament.ts): each is one desktop-only tool
// call on the research server; leaderboard pages are read ahead (leaderboardReadAhead.ts).
import type { tournamentRoutes } from '../../src-shared/routes/tournament.js';
import { leaderboardPageWithReadAhead } from './leaderboardReadAhead.js';
import { dropUndefined, type CallTool, type RouteHandlers } from './routeHandlers.js';

/** `pageTool` reads get_leaderboard's pages; the router passes one that keeps them as the server's bytes (checkedJson.ts). */
export function createTournamentHandlers(tool: CallTool, pageTool: CallTool = tool): RouteHandlers<typeof tournamentRoutes> {
  return {
    'leaderboard.page': leaderboardPageWithReadAhead((input) => pageTool('get_leaderboard', dropUndefined(input))),
    'leaderboard.eloHistory': (input) => tool('get_elo_history', dropUndefined(input)),
    'leaderboard.matches': (input) => tool('list_matches', dropUndefined(input)),
    'leaderboard.compare': (input) => tool('compare_hypotheses', input),
    'arena.nextPair': (input) => tool('next_arena_pair', dropUndefined(input)),
    'arena.vote': (input) => tool('record_judgement', dropUndefined(input)),
  };
}
