// The route table's implementation, shared by both hosts. Every call arrives untrusted (from IPC
// or HTTP), so the router validates input against the route's zod schema, does the work
// (mostly one tool call on the research server), validates the answer against the route's
// output schema (unless the server just checked that very schema: CHECKED_BY_THE_SERVER; a
// leaderboard page then passes through as the server's own bytes, checkedJson.ts), and always
// returns a Result: it never throws across the host boundary.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { routes, type AppInfo, type ErrorCode, type Result, type RouteError, type RouteName, type Routes } from '../../src-shared/routes/index.js';
import { callFailure, describeIssues, readToolResult, unexpectedAnswer, type ToolOutcome } from './toolResult.js';
import { CheckedJson, readUnparsedToolAnswer, requiredMembers } from './checkedJson.js';
import type { UnparsedAnswer } from './desktopStdioTransport.js';
import { describeError, type Logger } from './log.js';
import { createAppHandlers } from './app.handlers.js';
import { createProjectHandlers } from './projects.handlers.js';
import { createAssistantHandlers, type Assistants } from './assistants.handlers.js';
import { createResearchHandlers } from './research.handlers.js';
import { createKnowledgeHandlers, type FolderPicker } from './knowledge.handlers.js';
import { createTournamentHandlers } from './tournament.handlers.js';
import { createAuditHandlers } from './audit.handlers.js';
import { createProviderHandlers } from './providers.handlers.js';
import { createPolicyHandlers } from './policies.handlers.js';
import { createExportHandlers } from './exports.handlers.js';
import { createLabHandlers, type LabControl } from './lab.handlers.js';
import { createDatabaseHandlers, type DatabaseControl } from './database.handlers.js';
import type { CallTool, RouteHandlers } from './routeHandlers.js';
import type { SettingsStore } from './settingsStore.js';
import { createMemorySecretStore, type SecretStore } from './secrets.js';

export type { Assistants } from './assistants.handlers.js';

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
  /** The lab-server account and switch (lab.*); hosts without one answer those routes with UNAVAILABLE. */
  lab?: LabControl;
  /** Which database this computer's server uses (database.*); hosts without one answer those routes with UNAVAILABLE. */
  database?: DatabaseControl;
  /** False while calls go where pages cannot pass through as bytes (a lab server): pages are parsed then. */
  passThroughPages?: () => boolean;
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

type Handlers = RouteHandlers<Routes>;

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

export function createRouter(deps: RouterDeps): Router {
  const tool: CallTool = async (name, args) => {
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
          if (deps.passThroughPages?.() === false) return tool(name, args);
          try {
            return readUnparsedToolAnswer(name, await callToolUnparsed(name, args), PAGE_MEMBERS);
          } catch (error) {
            return { ok: false, error: callFailure(name, error) };
          }
        };

  const handlers: Handlers = {
    ...createAppHandlers(deps.appInfo),
    ...createProjectHandlers(tool),
    ...createAssistantHandlers(deps.assistants),
    ...createResearchHandlers({ tool, settings: deps.settings }),
    ...createKnowledgeHandlers({ tool, pickFolder: deps.pickFolder }),
    ...createTournamentHandlers(tool, pageTool),
    ...createAuditHandlers(tool),
    ...createProviderHandlers(tool, deps.secrets ?? createMemorySecretStore()),
    ...createPolicyHandlers(tool, async () => {
      // Where the machine's assistants cannot be inspected (an unsupported platform), only those that called are listed.
      const listed = await deps.assistants.list();
      return listed.ok ? [...new Set(listed.data.filter((a) => a.installed || a.registered).map((a) => a.id))] : [];
    }),
    ...createExportHandlers(tool, deps.readResource),
    ...createLabHandlers(deps.lab),
    ...createDatabaseHandlers(deps.database),
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
