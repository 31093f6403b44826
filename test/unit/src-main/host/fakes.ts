// Small fakes for the host's boundaries: the tool-call function and the registration adapter.
// They stand in for the research server only where a test is about our mapping logic.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { TOOL_ERROR_META_KEY } from '../../../../src-shared/toolErrors.js';
import type { AppInfo, AssistantState, DisconnectOutcome, ManualSetup, RegistrationOutcome, Result, TestLaunch } from '../../../../src-shared/routes/index.js';
import type { Logger } from '../../../../src-main/host/log.js';
import type { Assistants, RouterDeps } from '../../../../src-main/host/router.js';

export const silentLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => silentLogger,
};

export function toolSuccess(structuredContent: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: 'ok' }], structuredContent };
}

/** A failure shaped as the server sends it: the text block and the coded error in `_meta`. */
export function toolFailure(code: string, message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `Error (${code}): ${message}` }], _meta: { [TOOL_ERROR_META_KEY]: { code, message, details: {} } } };
}

export interface ToolCall {
  name: string;
  args: Record<string, unknown>;
}

/** A callTool that answers from a script and records what it was asked. */
export function scriptedTools(answer: (call: ToolCall) => CallToolResult | Promise<CallToolResult>) {
  const calls: ToolCall[] = [];
  return {
    calls,
    callTool: async (name: string, args: Record<string, unknown>) => {
      const call = { name, args };
      calls.push(call);
      return answer(call);
    },
  };
}

export const APP_INFO: AppInfo = {
  version: '1.2.3',
  data_dir: '/data',
  host: 'web',
  server: { state: 'ready', protocol_version: '2025-11-25', message: null },
};

export function fakeAssistants(overrides: Partial<Assistants> = {}): Assistants {
  const state: AssistantState = {
    id: 'claude-desktop',
    name: 'Claude Desktop',
    variant: 'standard',
    config_path: '/home/x/.config/Claude/claude_desktop_config.json',
    installed: true,
    detected: '/usr/bin/claude-desktop',
    registered: false,
    state: 'installed',
    problem: null,
    next_step: null, lab_server: null, can_use_lab: false,
  };
  const test: TestLaunch = {
    ok: true,
    command: '/usr/bin/node /srv/dist/mcp/server.js --client claude-desktop',
    duration_ms: 120,
    server_name: 'co-scientist',
    server_version: '1.2.3',
    protocol_version: '2025-11-25',
    data_dir: '/home/ada/.local/share/co-scientist',
    error: null,
    stderr: null,
  };
  const removed: DisconnectOutcome = {
    id: 'claude-desktop',
    variant: 'standard',
    action: 'removed',
    config_path: state.config_path,
    backup_path: `${state.config_path}.bak`,
    next_step: 'Quit Claude Desktop and open it again.',
  };
  // Connecting answers as disconnecting does, plus the test launch of the server it just registered.
  const outcome: RegistrationOutcome = { ...removed, action: 'added', test_launch: test };
  return {
    list: async (): Promise<Result<AssistantState[]>> => ({ ok: true, data: [state] }),
    connect: async (): Promise<Result<RegistrationOutcome>> => ({ ok: true, data: outcome }),
    disconnect: async (): Promise<Result<DisconnectOutcome>> => ({ ok: true, data: removed }),
    repair: async (): Promise<Result<RegistrationOutcome>> => ({ ok: true, data: { ...outcome, action: 'updated' } }),
    test: async (): Promise<Result<TestLaunch>> => ({ ok: true, data: test }),
    manualSetup: async (): Promise<Result<ManualSetup>> => ({
      ok: true,
      data: { config_path: state.config_path, entry_json: '{ "mcpServers": { "co-scientist": {} } }', command: 'co-scientist register claude-desktop' },
    }),
    ...overrides,
  };
}

export function routerDeps(callTool: RouterDeps['callTool'], assistants: Assistants = fakeAssistants()): RouterDeps {
  return { callTool, appInfo: () => APP_INFO, assistants, log: silentLogger };
}

export function project(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    goal: `Goal of ${id}`,
    domain: 'biology',
    status: 'active',
    progress: 0.25,
    hypothesis_count: 20,
    created_at: '2026-01-01T00:00:00.000Z',
    last_updated: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
