// The route table's implementation, shared by both hosts. Every call arrives untrusted (from IPC
// or HTTP), so the router validates input against the route's zod schema, does the work
// (mostly one tool call on the research server), validates the answer against the route's
// output schema (unless the server just checked that very schema: CHECKED_BY_THE_SERVER; a
// leaderboard page then passes through as the server's own bytes, checkedJson.ts), and always
// returns a Result: it never throws across the host boundary.
import { z } from 'zod';
import type { CallToolResult } from '@modelcontextprotocol/client';
import {
  routes,
  type AppInfo,
  type AssistantId,
  type AssistantState,
  type DisconnectOutcome,
  type ErrorCode,
  type RegistrationOutcome,
  type Result,
  type RouteName,
  type RouteError,
  type Routes,
  type TestLaunch,
} from './contract.js';
import { callFailure, readToolResult, type ToolOutcome } from './toolResult.js';
import { CheckedJson, readUnparsedToolAnswer, requiredMembers } from './checkedJson.js';
import type { UnparsedAnswer } from './desktopStdioTransport.js';
import { tournamentAuditHandlers } from './tournamentAudit.handlers.js';
import { describeError, type Logger } from './log.js';
import { createResearchHandlers } from './research.handlers.js';
import { createKnowledgeHandlers, type FolderPicker } from './knowledge.handlers.js';
import type { SettingsStore } from './settingsStore.js';
import { createProviderHandlers } from './providers.js';
import { createPolicyHandlers } from './assistantPolicies.js';
import { createExportHandlers } from './resultExports.js';
import { createMemorySecretStore, type SecretStore } from './secrets.js';

/** What the router needs from the assistants' registration code; failures come back as values. */
export interface Assistants {
  list(): Promise<Result<AssistantState[]>>;
  connect(id: AssistantId, force?: boolean, variant?: string): Promise<Result<RegistrationOutcome>>;
  disconnect(id: AssistantId, force?: boolean, variant?: string): Promise<Result<DisconnectOutcome>>;
  repair(id: AssistantId, variant?: string): Promise<Result<RegistrationOutcome>>;
  test(id: AssistantId, variant?: string): Promise<Result<TestLaunch>>;
}

export interface RouterDeps {
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** A tool call answered as its line's bytes, unparsed (serverConnection.ts); without it, pages are parsed as every other answer. */
  callToolUnparsed?(name: string, args: Record<string, unknown>): Promise<UnparsedAnswer>;
  /** A resource's text from the research server (large exports come as a link); hosts without one cannot export them. */
  readResource?(uri: string): Promise<string>;
  appInfo(): AppInfo;
  assistants: Assistants;
  log: Logger;
  /** The desktop app's own settings (settings.get/set); hosts without one answer those routes with an error. */
  settings?: SettingsStore;
  /** Where provider API keys are kept (providers.*); defaults to memory only, which does not survive a restart. */
  secrets?: SecretStore;
  /** The native folder picker (Electron); hosts without one answer knowledge.folders.pick with UNAVAILABLE. */
  pickFolder?: FolderPicker;
}

export interface Router {
  /** A route's Result with plain values. */
  invoke(route: string, input: unknown): Promise<Result<unknown>>;
  /**
   * The same, except that a leaderboard page may be a CheckedJson: the JSON bytes the server
   * checked and wrote, for a host that sends them on (the web host's HTTP answer), so the renderer
   * parses the page once and nothing in between parses or re-serialises it.
   */
  invokeWire(route: string, input: unknown): Promise<Result<unknown>>;
}

type Handlers = { [R in RouteName]: (input: z.output<Routes[R]['input']>) => Promise<ToolOutcome> };

/**
 * Routes whose answer is the structuredContent of a tool whose output schema is the route's own
 * (one schema in src-shared), which the app's own server checked just before answering
 * (src-mcp/mcp/toolkit.ts). Checking it again here walked and copied every value of a 1,000-row
 * leaderboard page: 1–17 ms of the host's CPU per page, 10 pages per board (docs/benchmarks-history.md,
 * the GUI notes of 2026-11-26). Other routes are small or reshape what the tool said, and are checked.
 */
const CHECKED_BY_THE_SERVER: ReadonlySet<RouteName> = new Set(['leaderboard.page']);
/** What the host's envelope check of a page passed on unparsed insists on (checkedJson.ts). */
const PAGE_MEMBERS = requiredMembers(routes['leaderboard.page'].output);

/** Guards against a server whose cursors never end; 50 pages is far beyond any real project list. */
const MAX_LIST_PAGES = 50;

// Only what pagination needs; each project is checked against the contract's schema afterwards.
const ProjectPageSchema = z.object({
  projects: z.array(z.looseObject({ id: z.string() })),
  total: z.number().int(),
  next_cursor: z.string().nullable(),
});

export function createRouter(deps: RouterDeps): Router {
  const tool = async (name: string, args: Record<string, unknown>): Promise<ToolOutcome> => {
    let result: CallToolResult;
    try {
      result = await deps.callTool(name, args);
    } catch (error) {
      return { ok: false, error: callFailure(name, error) };
    }
    return readToolResult(name, result);
  };
  // get_leaderboard's pages pass through as the server's bytes where the connection can give them.
  const callToolUnparsed = deps.callToolUnparsed;
  const pageTool =
    callToolUnparsed === undefined
      ? tool
      : async (name: string, args: Record<string, unknown>): Promise<ToolOutcome> => {
          try {
            return readUnparsedToolAnswer(name, await callToolUnparsed(name, args), PAGE_MEMBERS);
          } catch (error) {
            return { ok: false, error: callFailure(name, error) };
          }
        };

  const handlers: Handlers = {
    ...createResearchHandlers({ tool, settings: deps.settings }),
    'app.info': async () => ({ ok: true, data: deps.appInfo() }),
    'projects.list': async (input) => {
      // The GUI shows the whole list; the tool pages it, so follow the cursors.
      const seen = new Map<string, unknown>();
      let total = 0;
      let cursor: string | null = null;
      for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
        const outcome = await tool('list_research_projects', {
          ...(input.status ? { status: input.status } : {}),
          ...(cursor ? { cursor } : {}),
        });
        if (!outcome.ok) return outcome;
        const parsed = ProjectPageSchema.safeParse(outcome.data);
        if (!parsed.success) return unexpectedAnswer('list_research_projects', parsed.error);
        // A project created between two pages can shift later pages by one; ids keep the list unique.
        for (const project of parsed.data.projects) seen.set(project.id, project);
        if (page === 0) total = parsed.data.total;
        cursor = parsed.data.next_cursor;
        if (cursor === null) break;
      }
      return { ok: true, data: { projects: [...seen.values()], total } };
    },
    'projects.status': (input) => tool('get_research_status', { research_id: input.research_id }),
    'projects.start': (input) => tool('start_research', dropUndefined(input)),
    'assistants.list': async () => {
      const listed = await deps.assistants.list();
      return listed.ok ? { ok: true, data: { assistants: listed.data } } : listed;
    },
    'assistants.connect': (input) => deps.assistants.connect(input.id, input.force ?? false, input.variant),
    'assistants.disconnect': (input) => deps.assistants.disconnect(input.id, input.force ?? false, input.variant),
    'assistants.repair': (input) => deps.assistants.repair(input.id, input.variant),
    'assistants.test': (input) => deps.assistants.test(input.id, input.variant),
    ...createKnowledgeHandlers({ tool, pickFolder: deps.pickFolder }),
    ...tournamentAuditHandlers(tool, pageTool),
    ...createProviderHandlers(tool, deps.secrets ?? createMemorySecretStore()),
    ...createPolicyHandlers(tool, async () => {
      // Where the machine's assistants cannot be inspected (an unsupported platform), only those that called are listed.
      const listed = await deps.assistants.list();
      return listed.ok ? [...new Set(listed.data.filter((a) => a.installed || a.registered).map((a) => a.id))] : [];
    }),
    ...createExportHandlers(tool, deps.readResource),
  };

  const invokeWire = async (route: string, input: unknown): Promise<Result<unknown>> => {
    if (!isRouteName(route)) {
      return failure('UNKNOWN_ROUTE', `There is no route "${String(route)}". Known routes: ${Object.keys(routes).join(', ')}.`);
    }
    const spec = routes[route];
    // Routes without parameters may be called with no input at all.
    const parsedInput = spec.input.safeParse(input === undefined || input === null ? {} : input);
    if (!parsedInput.success) {
      return failure('INVALID_INPUT', `Invalid input for ${route}: ${describeIssues(parsedInput.error)}.`);
    }
    let outcome: ToolOutcome;
    try {
      outcome = await (handlers[route] as (input: unknown) => Promise<ToolOutcome>)(parsedInput.data);
    } catch (error) {
      deps.log.error(`route ${route} failed unexpectedly`, error);
      return failure('INTERNAL', `${route} failed unexpectedly: ${describeError(error)}`);
    }
    if (!outcome.ok) return outcome;
    if (CHECKED_BY_THE_SERVER.has(route)) return outcome;
    const parsedOutput = spec.output.safeParse(outcome.data);
    if (!parsedOutput.success) {
      deps.log.error(`route ${route} produced an answer outside the contract: ${describeIssues(parsedOutput.error)}`);
      return unexpectedAnswer(route, parsedOutput.error);
    }
    return { ok: true, data: parsedOutput.data };
  };

  return {
    invokeWire,
    async invoke(route, input) {
      const result = await invokeWire(route, input);
      if (!result.ok || !(result.data instanceof CheckedJson)) return result;
      try {
        return { ok: true, data: result.data.parse() };
      } catch (error) {
        return failure('INTERNAL', `The research server's answer to ${route} is not valid JSON (${describeError(error)}).`);
      }
    },
  };
}

export function isRouteName(route: unknown): route is RouteName {
  return typeof route === 'string' && Object.hasOwn(routes, route);
}

function failure(code: ErrorCode, message: string): { ok: false; error: RouteError } {
  return { ok: false, error: { code, message } };
}

function unexpectedAnswer(source: string, error: z.ZodError): ToolOutcome {
  return failure(
    'INTERNAL',
    `The research server's answer to ${source} is not what this app expects (${describeIssues(error)}). ` +
      'The app and its server may be from different versions; reinstalling the app fixes that.',
  );
}

/** "goal: Invalid input: expected string, received number; hypothesis_count: …" — names the fields to fix. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** Optional fields the renderer left undefined must not reach the tool as explicit nulls. */
function dropUndefined(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}
