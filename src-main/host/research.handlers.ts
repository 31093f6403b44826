// Handlers of the research routes (src-shared/routes/research.ts): mostly one call each to a tool of the
// research server as client `desktop`, plus the desktop settings kept by the host itself.
import type { researchRoutes } from '../../src-shared/routes/research.js';
import { dropUndefined, type CallTool, type RouteHandlers } from './routeHandlers.js';
import type { SettingsStore } from './settingsStore.js';
import type { ToolOutcome } from './toolResult.js';

export type ResearchHandlers = RouteHandlers<typeof researchRoutes>;

export interface ResearchRouteDeps {
  tool: CallTool;
  /** Absent in hosts built without a data dir of their own (some tests). */
  settings?: SettingsStore | undefined;
}

/** Pages of the app's lists: large enough that most projects fit in one, small enough to stay fast. */
const HYPOTHESIS_PAGE = 100;
const CHECKPOINT_PAGE = 50;

export function createResearchHandlers(deps: ResearchRouteDeps): ResearchHandlers {
  const { tool } = deps;
  const settings = (): SettingsStore | ToolOutcome => deps.settings ?? { ok: false, error: { code: 'INTERNAL', message: 'This host keeps no settings; restart Co-Scientist.' } };

  return {
    'projects.overview': () => tool('list_project_overview', {}),
    'projects.archive': (input) => tool('archive_research', input),
    'projects.trash': (input) => tool('trash_research', input),
    'projects.delete': async (input) => {
      const outcome = await tool('manage_research', { research_id: input.research_id, action: 'delete' });
      return outcome.ok ? { ok: true, data: { research_id: input.research_id } } : outcome;
    },
    'projects.reopen': async (input) => {
      const outcome = await tool('manage_research', { ...input, action: 'reopen' });
      return outcome.ok ? { ok: true, data: { research_id: input.research_id, status: (outcome.data as { status: string }).status } } : outcome;
    },
    'projects.timeline': (input) => tool('get_project_timeline', dropUndefined(input)),
    'hypotheses.list': (input) => tool('list_hypotheses', { ...dropUndefined(input), limit: HYPOTHESIS_PAGE }),
    'hypotheses.get': (input) => tool('get_hypothesis', input),
    'hypotheses.setTitle': (input) => tool('set_hypothesis_title', input),
    'hypotheses.add': (input) => tool('add_hypothesis', { research_id: input.research_id, hypothesis: dropUndefined(input.hypothesis) }),
    'hypotheses.review': async (input) => queued(await tool('review_hypothesis', input)),
    'hypotheses.evolve': async (input) => queued(await tool('evolve_hypothesis', dropUndefined(input))),
    'reviews.add': (input) => tool('add_review', input),
    'checkpoints.pending': (input) => tool('list_checkpoints', { ...dropUndefined(input), status: 'pending', limit: CHECKPOINT_PAGE }),
    'checkpoints.history': (input) => tool('list_decision_history', { ...dropUndefined(input), limit: CHECKPOINT_PAGE }),
    'checkpoints.decide': (input) => tool('decide', dropUndefined(input)),
    'settings.get': async () => {
      const store = settings();
      return 'get' in store ? store.get() : store;
    },
    'settings.set': async (input) => {
      const store = settings();
      return 'set' in store ? store.set(dropUndefined(input)) : store;
    },
  };
}

/** The work item the tool created, reduced to what the app shows: it is queued for an assistant, not done here. */
function queued(outcome: ToolOutcome): ToolOutcome {
  if (!outcome.ok) return outcome;
  const item = (outcome.data as { work_item?: unknown }).work_item;
  return { ok: true, data: item };
}
