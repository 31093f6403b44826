// One chat view's link to its host (MCP Apps, @modelcontextprotocol/ext-apps): the host's theme and
// style variables applied, the tool results that feed the view checked before they are shown, and
// tool calls that come back as data or as the server's own refusal. A result the view cannot read
// (a hostile or broken host) is refused with a notice; what the view showed stays.
import { useCallback, useEffect, useRef, useState } from 'react';
import { App, applyDocumentTheme, applyHostStyleVariables, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import type { ChatViewName } from '../../../src-shared/chatViews';

export type Parsed<T> = { ok: true; data: T } | { ok: false; problem: string };

/** What a tool call from the view came back with: the data, or the server's message (a refusal says why). */
export type CallOutcome = { ok: true; data: Record<string, unknown>; text: string } | { ok: false; message: string };

export interface ViewApp<T> {
  data: T | null;
  /** Why the last result was not shown (or the failure the tool reported); null when all is well. */
  problem: string | null;
  connected: boolean;
  call(name: string, args: Record<string, unknown>): Promise<CallOutcome>;
  /** Shows data the view fetched itself (e.g. after a decision), checked as a tool result is. */
  show(structured: unknown): void;
}

interface ToolResultLike {
  isError?: boolean;
  content?: unknown;
  structuredContent?: unknown;
}

function textOf(result: ToolResultLike): string {
  const blocks = Array.isArray(result.content) ? result.content : [];
  return blocks
    .filter((block): block is { type: 'text'; text: string } => typeof block === 'object' && block !== null && (block as { type?: unknown }).type === 'text' && typeof (block as { text?: unknown }).text === 'string')
    .map((block) => block.text)
    .join('\n');
}

function applyHostContext(context: McpUiHostContext | undefined): void {
  if (context === undefined) return;
  if (context.theme === 'light' || context.theme === 'dark') applyDocumentTheme(context.theme);
  const variables = context.styles?.variables;
  if (variables !== undefined && typeof variables === 'object') applyHostStyleVariables(variables);
}

/** For the paint benchmark and the tests: when the view last finished painting what it was sent. */
function notePainted(): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      document.documentElement.dataset.paintedAt = String(performance.timeOrigin + performance.now());
      document.documentElement.dataset.viewState = 'shown';
    }, 0),
  );
}

/**
 * The SDK's PostMessageTransport logs every message it sends or receives, whole, at debug level
 * ("Parsed message", "Sending message"). Wherever a console is attached (devtools, a host's
 * inspector, Playwright) each log copies the message's object again for the console, on the view's
 * main thread between a tool result arriving and its paint: ~12 ms of the view's CPU for a 50-row
 * leaderboard (82 against 94 ms, bench/chat-views-trace.ts). The views themselves log nothing at
 * debug level, so the view's page drops that level.
 */
function silenceTransportDebugLog(): void {
  console.debug = () => undefined;
}

export function useViewApp<T>(name: ChatViewName, parse: (structured: unknown) => Parsed<T>): ViewApp<T> {
  const [data, setData] = useState<T | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const appRef = useRef<App | null>(null);
  // `parse` is a module-level function of the view: stable, so `show` is too.
  const show = useCallback(
    (structured: unknown) => {
      const parsed = parse(structured);
      if (parsed.ok) {
        setData(parsed.data);
        setProblem(null);
      } else {
        setProblem(`This result could not be shown: ${parsed.problem}`);
      }
    },
    [parse],
  );

  useEffect(() => {
    silenceTransportDebugLog();
    const app = new App({ name: `co-scientist-${name}-view`, version: '1.0.0' }, {}, { autoResize: true });
    appRef.current = app;
    app.ontoolresult = (result: ToolResultLike) => {
      if (result.isError === true) setProblem(textOf(result) || 'The tool reported an error.');
      else show(result.structuredContent);
    };
    app.onhostcontextchanged = (context) => applyHostContext(context);
    let closed = false;
    app
      .connect()
      .then(() => {
        if (closed) return;
        applyHostContext(app.getHostContext());
        setConnected(true);
        document.documentElement.dataset.viewState ??= 'connected';
      })
      .catch((error: unknown) => setProblem(`Could not reach the host: ${error instanceof Error ? error.message : String(error)}`));
    return () => {
      closed = true;
      void app.close();
    };
  }, [name, show]);

  useEffect(() => {
    if (data !== null || problem !== null) notePainted();
  }, [data, problem]);

  // Stable across renders: views pass it to effects and to memoised callbacks.
  const call = useCallback<ViewApp<T>['call']>(async (toolName, args) => {
    const app = appRef.current;
    if (app === null) return { ok: false, message: 'The view is not connected to its host yet.' };
    try {
      const result = (await app.callServerTool({ name: toolName, arguments: args })) as ToolResultLike;
      if (result.isError === true) return { ok: false, message: textOf(result).replace(/^Error \([a-z_]+\): /, '').replace(/\nDetails: .*$/s, '') || `${toolName} failed.` };
      const structured = result.structuredContent;
      if (typeof structured !== 'object' || structured === null) return { ok: false, message: `${toolName} returned no data.` };
      return { ok: true, data: structured as Record<string, unknown>, text: textOf(result) };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  }, []);

  return { data, problem, connected, show, call };
}
