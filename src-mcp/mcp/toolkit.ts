// Our tool layer over the SDK's low-level `tools/list` and `tools/call` handlers. We own these two
// methods (instead of McpServer.registerTool) because every call, including one with invalid
// arguments or missing scopes, must be audited and answered with a coded, actionable error; and
// because `tools/list` shows each client only the tools its policy lets it call.
import { fileURLToPath } from 'node:url';
import { setTimeout } from 'node:timers/promises';
import type { z } from 'zod';
import type { CallToolResult, McpServer, ServerContext as RequestContext, ToolAnnotations } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { DENIAL_CODES } from '../store/auditOutcomes.js';
import { DomainError, type DomainErrorCode } from '../engine/errors.js';
import { StoreError } from '../store/errors.js';
import { TOOL_ERROR_META_KEY, type ToolErrorEnvelope } from '../../src-shared/toolErrors.js';
import { CallAudit, recordAudit } from './audit/callAudit.js';
import { appendQueuedReads } from './audit/readAudit.js';
import type { ServerContext } from './context.js';
import type { ClientPolicy } from './access/identity.js';
import { hasScopes, missingScopes, type Scope } from './access/scopes.js';
import { DESKTOP_CLIENT } from './access/identity.js';
import { noteReadOnlyTool } from './audit/readActions.js';
import { accessVerdict, startsBeforeAccess, untilGranted, type AccessVerdict } from './access/accessVerdict.js';
import { InputNeeded, askUserVia, inputRequiredFor, type Answer, type Question } from './askUser.js';
import { describeTool, type CatalogEntry, type LabAccess } from './schemas/toolSchemas.js';
import { describeOversize, findOversizeString } from './access/argumentLimits.js';
import { conformingOutput } from './schemas/outputCheck.js';
import { appOnlyRefusal, clientShowsApps, listedFor } from './apps/listing.js';

export interface ToolOutcome<O> {
  data: O;
  /** A concise Markdown rendering of the same facts, for clients that show text only. */
  markdown: string;
  /** The resource the call acted on, for the audit log. */
  target?: string;
  /** Large artifacts are linked as resources instead of being inlined. */
  links?: Array<{ uri: string; name: string; mimeType: string; description?: string }>;
}

/** Facilities of the one request being answered; tools that do not need them ignore the parameter. */
export interface ToolCall {
  /** Aborted when the client cancels the request. */
  signal: AbortSignal;
  /** Sends notifications/progress when the caller asked for it (a progressToken); otherwise does nothing. */
  sendProgress(progress: number, total: number | undefined, message: string): void;
  /** Local paths of the client's MCP roots (2025-era clients that declare the capability); [] otherwise. */
  clientRoots(): Promise<string[]>;
  /** Asks the user in the client's own UI (elicitation), where the client supports it. */
  askUser(question: Question): Promise<Answer>;
  /** The client declared MCP Apps (it shows views; apps/listing.ts): app-only tools run only then. */
  showsApps: boolean;
}

/** For calls made outside a request (tests, the GUI's direct calls): no progress, no roots. */
export const DETACHED_CALL: ToolCall = {
  signal: new AbortController().signal,
  sendProgress: () => undefined,
  clientRoots: async () => [],
  askUser: async () => 'unsupported',
  showsApps: false,
};

export interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  annotations: Required<Pick<ToolAnnotations, 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint'>>;
  scopes: readonly Scope[];
  /** Only the desktop app may see and call it (audit queries, policy edits). */
  desktopOnly?: boolean;
  /**
   * How a lab server opens this desktop-only tool over its network endpoint (LabAccess,
   * schemas/toolSchemas.ts): how the desktop app signed in to a lab draws its views and records the
   * scientist's work. Still listed only to the desktop (an assistant has its own tools for the same
   * data, shaped for a model).
   */
  lab?: LabAccess;
  /**
   * For a tool that acts by `action`: the actions only the desktop app may take (deleting what the
   * scientist may have built); the others stay open to assistants with the scopes.
   */
  desktopOnlyActions?: readonly string[];
  /** Called by the chat views' buttons, never by the model (`_meta.ui.visibility: ["app"]`, apps/listing.ts). */
  appOnly?: boolean;
  /** Costly work (reasoning, ingestion, big exports): counted against the client's rate limit. */
  expensive?: boolean;
  /** Shows rows of the audit log: this process's queued read rows are appended first (readAudit.ts), so the caller sees its own earlier calls. */
  readsAuditLog?: boolean;
  /** Its whole read is one statement: it waits for the access check instead of racing it (access/accessVerdict.ts, startsBeforeAccess). */
  oneStatementRead?: boolean;
  input: I;
  output: O;
  run(args: z.output<I>, ctx: ServerContext, call: ToolCall): ToolOutcome<z.input<O>> | Promise<ToolOutcome<z.input<O>>>;
}

/** Erases the generic parameters so tools of different shapes can live in one list. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(tool: ToolDefinition<I, O>): ToolDefinition {
  if (tool.annotations.readOnlyHint) noteReadOnlyTool(tool.name);
  return tool as unknown as ToolDefinition;
}

/** Where tools/list and tools/call find the tools (toolCatalog.ts: precomputed listing, definitions loaded on first call). */
export interface ToolCatalog {
  /** Every tool's listing, in tools/list order. */
  entries(): Promise<readonly CatalogEntry[]>;
  /** The definition that runs a call, or undefined for a name the server does not have. */
  definition(name: string): Promise<ToolDefinition | undefined>;
}

/** Whether `ctx`'s caller may call the tool: what tools/list shows it, and a lab's desktop tools over the network. */
export async function isCallableBy(tool: Pick<ToolDefinition, 'name' | 'desktopOnly' | 'lab' | 'scopes'>, ctx: ServerContext): Promise<boolean> {
  const policy = await ctx.policy();
  return closedToCaller(tool, ctx, policy) === undefined && hasScopes(policy.scopes, tool.scopes);
}

/**
 * Why the tool is closed to this caller whatever its scopes, or undefined when its scopes alone
 * decide: every tool for the desktop app and assistants' tools for all; over a lab's network
 * endpoint, a desktop tool by its `lab` access (a `principal` one needs the lab's PI role, which
 * is what lets a caller decide checkpoints there).
 */
function closedToCaller(tool: Pick<ToolDefinition, 'name' | 'desktopOnly' | 'lab'>, ctx: ServerContext, policy: Pick<ClientPolicy, 'mayDecideCheckpoints'>): string | undefined {
  if (tool.desktopOnly !== true || ctx.clientId === DESKTOP_CLIENT) return undefined;
  if (ctx.overNetwork !== true || tool.lab === undefined) return `${tool.name} can only be used from the Co-Scientist desktop app.`;
  if (tool.lab === 'principal' && !policy.mayDecideCheckpoints) {
    return `${tool.name} on a lab server is for the lab's principal investigators (the role your lab's sign-in gives): ask your PI to do it.`;
  }
  return undefined;
}

/** The same for a policy already read (one read for a whole list). */
export function isVisibleWith(tool: { desktopOnly?: boolean; scopes: readonly Scope[] }, clientId: string, policy: Pick<ClientPolicy, 'scopes'>): boolean {
  if (tool.desktopOnly === true && clientId !== DESKTOP_CLIENT) return false;
  return hasScopes(policy.scopes, tool.scopes);
}

/** The desktop-only action this call asks for, when the caller is not the desktop app. */
function desktopOnlyActionOf(tool: ToolDefinition, args: unknown, ctx: ServerContext): string | undefined {
  if (tool.desktopOnlyActions === undefined || ctx.clientId === DESKTOP_CLIENT) return undefined;
  const action = (args as { action?: unknown }).action;
  return typeof action === 'string' && tool.desktopOnlyActions.includes(action) ? action : undefined;
}

export function installTools(mcp: McpServer, catalog: ToolCatalog, ctx: ServerContext): void {
  // From the catalog: a build answers without loading the tool modules (toolCatalog.ts).
  mcp.server.setRequestHandler('tools/list', async (_request, requestCtx) => {
    const policy = await ctx.policy();
    const showsApps = clientShowsApps(mcp, requestCtx);
    return { tools: (await catalog.entries()).filter((entry) => isVisibleWith(entry, ctx.clientId, policy)).flatMap((entry) => listedFor(entry, showsApps)) };
  });

  mcp.server.setRequestHandler('tools/call', async (request, requestCtx) => {
    const tool = await catalog.definition(request.params.name);
    if (tool === undefined) {
      // Unknown names are a protocol error (the client asked for a method that does not exist).
      // The name is echoed only when it could be one of ours (names are at most 64 characters).
      const name = request.params.name.length <= 64 ? `"${request.params.name}"` : `(a name of ${request.params.name.length} characters)`;
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool ${name}. Call tools/list to see the tools available to this client.`);
    }
    const call = toolCallOf(mcp, requestCtx);
    try {
      const result = await callTool(tool, request.params.arguments ?? {}, ctx, call);
      // A client stops listening for a request's progress once it has the result: every
      // notification must be out before it (the SDK sends them asynchronously).
      await call.progressSent();
      return result;
    } catch (error) {
      // A 2026-era call that needs the user's answer first: the client asks and retries the call.
      if (error instanceof InputNeeded) return inputRequiredFor(error.question);
      throw error;
    }
  });
}

/** A request's ToolCall, plus a way to wait until every progress notification it sent is out. */
interface RequestToolCall extends ToolCall {
  /** Resolves once all progress notifications so far are handed to the transport. */
  progressSent(): Promise<void>;
}

function toolCallOf(mcp: McpServer, request: RequestContext): RequestToolCall {
  const token = request.mcpReq._meta?.progressToken;
  let sent: Promise<unknown> = Promise.resolve();
  let reported = false;
  return {
    signal: request.mcpReq.signal,
    sendProgress(progress, total, message) {
      if (token === undefined) return;
      // Progress is advisory: a client that went away must not fail the work it asked for.
      const notified = request.mcpReq
        .notify({ method: 'notifications/progress', params: { progressToken: token, progress, ...(total === undefined ? {} : { total }), message } })
        .catch(() => undefined);
      sent = Promise.all([sent, notified]);
      reported = true;
    },
    progressSent: async () => {
      await sent;
      // The v2 SDK client runs a progress notification's handler a microtask later but a response's
      // at once, and the response drops the request's progress handler: notifications that reach
      // the client in the same read as the result are lost. A call that reported progress (a long
      // one: ingesting, waiting) gives the client a moment to read them before its result follows.
      if (reported) await setTimeout(PROGRESS_SETTLE_MS);
    },
    clientRoots: () => clientRoots(mcp),
    askUser: askUserVia(mcp, request),
    showsApps: clientShowsApps(mcp, request),
  };
}

const ROOTS_TIMEOUT_MS = 3000;
/** How long a result waits after the call's last progress notification (see progressSent). */
const PROGRESS_SETTLE_MS = 25;

/** roots/list exists only on 2025-era connections whose client declared `roots`; anything else means none. */
async function clientRoots(mcp: McpServer): Promise<string[]> {
  try {
    if (mcp.server.getClientCapabilities()?.roots === undefined) return [];
    const { roots } = await mcp.server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS });
    return roots.filter((root) => root.uri.startsWith('file://')).map((root) => fileURLToPath(root.uri));
  } catch {
    return [];
  }
}

export async function callTool(tool: ToolDefinition, rawArgs: unknown, ctx: ServerContext, call: ToolCall = DETACHED_CALL): Promise<CallToolResult> {
  try {
    return await checkedCall(tool, rawArgs, ctx, call);
  } catch (error) {
    // The database stopped answering before the call's own audit began (reading the client's
    // policy, a refusal's row): the same coded answer as inside the call, said on stderr since no
    // row can be written.
    if (!(error instanceof StoreError && error.code === 'DATABASE_UNAVAILABLE')) throw error;
    console.error(`[co-scientist] ${tool.name}: ${error.message}`);
    return errorResult('database_unavailable', error.message, { retryable: true });
  }
}

/** The request's facilities for an early run: whatever reaches the client waits for the verdict. */
function afterAccess(call: ToolCall, access: AccessVerdict, action: string): ToolCall {
  return {
    ...call,
    // Progress is advice: what an early run reports before the verdict is dropped, not held back.
    sendProgress: (progress, total, message) => {
      if (access.known === true) call.sendProgress(progress, total, message);
    },
    clientRoots: async () => {
      await untilGranted(access.granted, action);
      return await call.clientRoots();
    },
    askUser: async (question) => {
      await untilGranted(access.granted, action);
      return await call.askUser(question);
    },
  };
}

/** A call refused before it runs: its audit outcome and code, and its answer. */
interface Refusal {
  outcome: 'denied' | 'error';
  code: DomainErrorCode;
  result: CallToolResult;
}

async function checkedCall(tool: ToolDefinition, rawArgs: unknown, ctx: ServerContext, call: ToolCall): Promise<CallToolResult> {
  const startedAt = ctx.now();
  const started = performance.now();
  const action = `tool:${tool.name}`;
  const audit = async (outcome: 'success' | 'error' | 'denied', errorCode: string | null, target: string | null): Promise<void> =>
    await recordAudit(ctx.db, {
      clientId: ctx.clientId,
      action,
      target,
      args: rawArgs,
      outcome,
      errorCode,
      startedAt,
      durationMs: performance.now() - started,
    });

  // The policy's read and the call's own reads overlap where the call only reads (access/accessVerdict.ts).
  const policyRead = ctx.policy();
  // Sizes first, before zod or any error message sees the value (argumentLimits.ts); reported after the access check, as before.
  const oversize = findOversizeString(rawArgs, describeTool(tool).inputSchema);
  // Unknown arguments are refused, not ignored: a misspelt `hypotheses_count` must not silently fall back to a default.
  const parsed = oversize === undefined ? strictInput(tool).safeParse(rawArgs) : undefined;
  const reservedAction = parsed?.success === true ? desktopOnlyActionOf(tool, parsed.data, ctx) : undefined;
  const access = accessVerdict();
  const callAudit = new CallAudit(ctx.db, { clientId: ctx.clientId, action, intentAction: `tool-write:${tool.name}`, args: rawArgs, startedAt, started }, () =>
    untilGranted(access.granted, action),
  );
  const runTool = async (args: Record<string, unknown>, toolCall: ToolCall): Promise<ToolOutcome<unknown>> => await callAudit.run(() => tool.run(args, ctx, toolCall));
  const early = parsed?.success === true && reservedAction === undefined && startsBeforeAccess(tool) ? runTool(parsed.data, afterAccess(call, access, action)) : undefined;
  // An early run refused below (or ended by a failed policy read) must be no unhandled rejection.
  early?.catch(() => undefined);
  /**
   * The access check, then the input's (and a costly call's charge): the refusal to answer and audit,
   * or the arguments to run with. Decided without waiting on anything, so that an early run waiting
   * for the verdict never holds up the refusal's own row.
   */
  const checkCall = (callerPolicy: ClientPolicy): { refused: Refusal } | { args: Record<string, unknown> } => {
    const refused = (outcome: Refusal['outcome'], code: DomainErrorCode, message: string, details: Record<string, unknown>): { refused: Refusal } => ({
      refused: { outcome, code, result: errorResult(code, message, details) },
    });
    // An app-only tool is the views' (apps/listing.ts): from a client that shows none, the model would be calling it.
    const closed = closedToCaller(tool, ctx, callerPolicy);
    const missing = closed === undefined ? missingScopes(callerPolicy.scopes, tool.scopes) : [];
    if (closed !== undefined || missing.length > 0 || (tool.appOnly === true && !call.showsApps)) {
      const message =
        closed ??
        (missing.length > 0
          ? `${ctx.clientId} lacks the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')} needed for ${tool.name}. The scientist can grant it in the Co-Scientist app under Assistants.`
          : appOnlyRefusal(tool.name));
      return refused('denied', 'insufficient_permissions', message, { required: tool.scopes, missing });
    }
    if (oversize !== undefined) {
      const message = describeOversize(oversize);
      return refused('error', 'invalid_input', `Invalid arguments for ${tool.name}: ${message}.`, { issues: [{ path: oversize.path, message }] });
    }
    if (parsed?.success !== true) {
      const issues = parsed?.error.issues ?? [];
      const message = `Invalid arguments for ${tool.name}: ${parsed === undefined ? '' : describeIssues(parsed.error)}`;
      return refused('error', 'invalid_input', message, { issues: issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) });
    }
    if (reservedAction !== undefined) {
      const message = `${tool.name} action "${reservedAction}" can only be used from the Co-Scientist desktop app: ask the scientist to do it there.`;
      return refused('denied', 'insufficient_permissions', message, { required: tool.scopes, missing: [], desktop_only_action: reservedAction });
    }
    // Charged only for a call that will run: a malformed call must not cost the client its budget.
    if (tool.expensive === true) {
      // The policy the access check read a moment ago: one read of it per call.
      ctx.rateLimit.configure(callerPolicy.ratePerMinute, callerPolicy.burst);
      const decision = ctx.rateLimit.take();
      if (!decision.allowed) {
        const message = `Rate limit exceeded: ${ctx.clientId} may make ${callerPolicy.ratePerMinute} costly calls per minute (bursts of ${callerPolicy.burst}). Retry after ${decision.retryAfterSeconds} seconds.`;
        return refused('denied', 'rate_limit_exceeded', message, { retry_after: decision.retryAfterSeconds });
      }
    }
    return { args: parsed.data };
  };

  let checked: ReturnType<typeof checkCall>;
  try {
    checked = checkCall(await policyRead);
    access.decide('args' in checked);
  } finally {
    // Undecided here only when the policy could not be read: the early run stops at its first write or wait.
    access.decide(false);
  }
  if ('refused' in checked) {
    const { outcome, code, result } = checked.refused;
    await audit(outcome, code, null);
    return result;
  }

  if (tool.readsAuditLog === true) await appendQueuedReads(ctx.db);
  // The call's row commits in the same transaction as its writes (see CallAudit).
  try {
    // The call's writes are held until its row joins them, unless it waits outside the database
    // first (CallAudit); other calls' statements wait for the connection meanwhile (unitOfWork.ts).
    const outcome = await (early ?? runTool(checked.args, call));
    // As zod's parse would make it, without its copy when the result already conforms (outputCheck.ts).
    const data = conformingOutput(tool.output, outcome.data);
    await callAudit.finish('success', null, outcome.target ?? null);
    // Any write may have appended change events: let this process's listeners hear them now.
    if (!tool.annotations.readOnlyHint) ctx.feed.poke();
    const links = (outcome.links ?? []).map((link) => ({ type: 'resource_link' as const, ...link }));
    return { content: [{ type: 'text', text: outcome.markdown }, ...links], structuredContent: data as Record<string, unknown> };
  } catch (error) {
    // Not a failure: the call resumes when the client retries with the user's answer (audited then).
    if (error instanceof InputNeeded) {
      await callAudit.suspend();
      throw error;
    }
    if (error instanceof DomainError) {
      // Invalid after all (a rule the schema cannot state, e.g. a goal too vague): no charge.
      if (error.code === 'invalid_input' && tool.expensive === true) ctx.rateLimit.refund();
      // A refusal by policy (a safety approval from chat, a desktop-only decision) is a denial, not a failure.
      await callAudit.finish(DENIAL_CODES.includes(error.code) ? 'denied' : 'error', error.code, null);
      return errorResult(error.code, error.message, error.details);
    }
    if (error instanceof StoreError && error.code === 'DATABASE_UNAVAILABLE') {
      // The database is not answering: the call's row cannot be written either (said on stderr instead).
      console.error(`[co-scientist] ${tool.name}: ${error.message}`);
      await callAudit.finish('error', 'database_unavailable', null, { rollback: true }).catch((auditError: unknown) => {
        console.error(`[co-scientist] audit: the row of ${tool.name} could not be written: ${auditError instanceof Error ? auditError.message : String(auditError)}`);
      });
      if (tool.expensive === true) ctx.rateLimit.refund();
      return errorResult('database_unavailable', error.message, { retryable: true });
    }
    console.error(`[co-scientist] ${tool.name} failed:`, error);
    await callAudit.finish('error', 'internal_error', null, { rollback: true });
    return errorResult(
      'internal_error',
      `${tool.name} failed unexpectedly. Nothing was changed. Details are in the Co-Scientist server log; retry, and if it persists run "co-scientist doctor".`,
      {},
    );
  }
}

// .strict() builds a new schema (and zod compiles it again on first use): once per tool, not per call.
const strictInputs = new WeakMap<object, z.ZodObject>();
function strictInput(tool: { input: z.ZodObject }): z.ZodObject {
  let strict = strictInputs.get(tool);
  if (strict === undefined) {
    strict = tool.input.strict();
    strictInputs.set(tool, strict);
  }
  return strict;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * A failed call: no structuredContent (it would have to conform to the tool's outputSchema, and
 * an error does not), the coded error in `_meta` for programs, and everything in the text for
 * models, which see the text only: the details too (retry_after, missing scopes, the field at fault).
 */
export function errorResult(code: DomainErrorCode, message: string, details: Record<string, unknown>): CallToolResult {
  const envelope: ToolErrorEnvelope = { code, message, details };
  const detailLine = Object.keys(details).length > 0 ? `\nDetails: ${JSON.stringify(details)}` : '';
  return {
    isError: true,
    content: [{ type: 'text', text: `Error (${code}): ${message}${detailLine}` }],
    _meta: { [TOOL_ERROR_META_KEY]: envelope },
  };
}
